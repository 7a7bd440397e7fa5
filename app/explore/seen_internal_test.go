package explore

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/internal/shared"
	"github.com/echiquier/echiquier/app/pgn"
)

// TestRepeatedGames: in a file that holds a corpus file three times over,
// the games of the second and third copies are recognised as repeats,
// exactly those that can be, and the tree is that of the file once with
// every count tripled and every game list holding the three copies'
// numbers; the same when only a few games can be kept.
func TestRepeatedGames(t *testing.T) {
	data, err := os.ReadFile(shared.Path(t, "pgn", "corpus", "Fischer.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	once, thrice := filepath.Join(dir, "once.pgn"), filepath.Join(dir, "thrice.pgn")
	if err := os.WriteFile(once, data, 0o644); err != nil {
		t.Fatal(err)
	}
	data = append(data, '\n')
	if err := os.WriteFile(thrice, bytes.Repeat(data, 3), 0o644); err != nil {
		t.Fatal(err)
	}

	// The repeats, counted apart: readable games with a key met before.
	rd := pgn.NewReader(bytes.NewReader(bytes.Repeat(data, 3)))
	seen := map[uint64]bool{}
	wantRepeats := 0
	for {
		pg, err := rd.Next()
		if err == io.EOF || pg == nil {
			break
		}
		if err != nil {
			continue
		}
		if _, err := game.FromPGN(pg, nil); err != nil {
			continue
		}
		if k := gameKey(pg); k != 0 {
			if seen[k] {
				wantRepeats++
			}
			seen[k] = true
		}
	}

	base, err := Build(context.Background(), once, nil)
	if err != nil {
		t.Fatal(err)
	}
	n := base.Len()
	for _, maxSeen := range []int{0, 100} {
		tree, err := build(context.Background(), thrice, nil, options{maxSeen: maxSeen})
		if err != nil {
			t.Fatal(err)
		}
		if maxSeen == 0 && (tree.repeats != wantRepeats || wantRepeats < 2*(n-base.Skipped())) {
			t.Errorf("%d repeats recognised, want %d (of %d games)", tree.repeats, wantRepeats, 3*n)
		}
		if maxSeen != 0 && (tree.repeats == 0 || tree.repeats >= wantRepeats) {
			t.Errorf("keeping %d games: %d repeats recognised, want some of %d", maxSeen, tree.repeats, wantRepeats)
		}
		if tree.Len() != 3*n || tree.Skipped() != 3*base.Skipped() || tree.Positions() != base.Positions() {
			t.Fatalf("%d games, %d skipped, %d positions; want %d, %d, %d", tree.Len(), tree.Skipped(), tree.Positions(), 3*n, 3*base.Skipped(), base.Positions())
		}
		for _, h := range positionsOf(t, once) {
			pb, err := base.lookup(h)
			if err != nil || !pb.found {
				t.Fatalf("position %x: %v, %v", h, pb.found, err)
			}
			pt, err := tree.lookup(h)
			if err != nil || !pt.found {
				t.Fatalf("position %x missing: %v", h, err)
			}
			want := sortedMoves(pb.moves)
			for i := range want {
				e := &want[i]
				e.games, e.white, e.draws, e.black, e.eloN, e.eloSum = 3*e.games, 3*e.white, 3*e.draws, 3*e.black, 3*e.eloN, 3*e.eloSum
			}
			if got := sortedMoves(pt.moves); !slices.Equal(got, want) {
				t.Fatalf("position %x: moves %v, want %v", h, got, want)
			}
			games, err := base.gamesOf(&pb)
			if err != nil {
				t.Fatal(err)
			}
			var wantGames []int
			for c := range 3 {
				for _, g := range games {
					wantGames = append(wantGames, g+c*n)
				}
			}
			got, err := tree.gamesOf(&pt)
			if err != nil || !slices.Equal(got, wantGames) {
				t.Fatalf("position %x: games %v (%v), want %v", h, head(got), err, head(wantGames))
			}
		}
		tree.Close()
	}
}
