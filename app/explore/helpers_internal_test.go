package explore

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"testing"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/internal/shared"
	"github.com/echiquier/echiquier/app/pgn"
)

// corpusFiles returns the files of the corpus of games.
func corpusFiles(tb testing.TB) []string {
	return shared.Glob(tb, "pgn", "corpus", "*.pgn")
}

// positionsOf returns the hashes of the positions along the main lines
// of the readable games of the file at path, each once, in the order
// they come.
func positionsOf(tb testing.TB, path string) []uint64 {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	rd := pgn.NewReader(f)
	var w game.Walker
	seen := map[uint64]bool{}
	var out []uint64
	add := func(h uint64) {
		if !seen[h] {
			seen[h] = true
			out = append(out, h)
		}
	}
	for {
		pg, err := rd.Next()
		if pg == nil {
			if err != io.EOF {
				tb.Fatal(err)
			}
			return out
		}
		if err != nil {
			continue
		}
		var hashes []uint64
		end, err := w.Walk(pg, func(p *game.Position, _ game.Move) { hashes = append(hashes, hashOf(p)) })
		if err != nil {
			continue
		}
		for _, h := range append(hashes, hashOf(&end)) {
			add(h)
		}
	}
}

// sameTree reports how tree a differs from tree b on the positions of
// the file at path (and on a position of none of its games), or "".
// Trees whose files are the same, byte for byte, are the same.
func sameTree(tb testing.TB, a, b *Tree, path string) string {
	tb.Helper()
	if fa, fb := treeBytes(tb, a), treeBytes(tb, b); bytes.Equal(fa, fb) {
		return ""
	}
	switch {
	case a.games != b.games || a.skipped != b.skipped:
		return fmt.Sprintf("the games read or skipped differ: %d/%d and %d/%d", a.games, a.skipped, b.games, b.skipped)
	case a.positions != b.positions:
		return fmt.Sprintf("the positions differ: %d and %d", a.positions, b.positions)
	}
	for _, h := range append(positionsOf(tb, path), 0x5eed) {
		if d := samePosition(a, b, h); d != "" {
			return fmt.Sprintf("position %x: %s", h, d)
		}
	}
	return ""
}

// samePosition reports how trees a and b differ on the position of hash
// h, or "".
func samePosition(a, b *Tree, h uint64) string {
	pa, err := a.lookup(h)
	if err != nil {
		return err.Error()
	}
	pb, err := b.lookup(h)
	if err != nil {
		return err.Error()
	}
	if pa.found != pb.found || pa.count != pb.count {
		return fmt.Sprintf("found %v with %d games, and %v with %d", pa.found, pa.count, pb.found, pb.count)
	}
	if !pa.found {
		return ""
	}
	if ma, mb := sortedMoves(pa.moves), sortedMoves(pb.moves); !slices.Equal(ma, mb) {
		return fmt.Sprintf("moves %v and %v", ma, mb)
	}
	ga, err := a.gamesOf(&pa)
	if err != nil {
		return err.Error()
	}
	gb, err := b.gamesOf(&pb)
	if err != nil {
		return err.Error()
	}
	if !slices.Equal(ga, gb) {
		return fmt.Sprintf("games %v and %v", head(ga), head(gb))
	}
	return ""
}

// treeBytes returns the bytes of the file of t.
func treeBytes(tb testing.TB, t *Tree) []byte {
	tb.Helper()
	var size int64
	switch f := t.file.(type) {
	case *os.File:
		st, err := f.Stat()
		if err != nil {
			tb.Fatal(err)
		}
		size = st.Size()
	case *bytes.Reader:
		size = f.Size()
	default:
		tb.Fatalf("a tree's file of type %T", f)
	}
	data := make([]byte, size)
	if _, err := t.file.ReadAt(data, 0); err != nil && err != io.EOF {
		tb.Fatal(err)
	}
	return data
}

func head(games []int) []int {
	return games[:min(len(games), 10)]
}

// isDamaged reports whether err says that the tree's file is damaged.
func isDamaged(err error) bool { return errors.Is(err, ErrDamagedCache) }
