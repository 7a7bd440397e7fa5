package game_test

import (
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/pgn"
)

// shuffle is four plies that bring the start position back: knights out
// and home again.
var shuffle = [4]string{"Nf3", "Nf6", "Ng1", "Ng8"}

// shuffleGame writes a game of plies knight moves; with sides, each move
// has three alternatives as side lines.
func shuffleGame(plies int, sides bool) string {
	var b strings.Builder
	b.WriteString("[Event \"Shuffle\"]\n[White \"A\"]\n[Black \"B\"]\n\n")
	for i := range plies {
		b.WriteString(shuffle[i%4])
		if sides {
			if i%2 == 0 {
				b.WriteString(" (a3) (h3) (Nc3)")
			} else {
				b.WriteString(" (a6) (h6) (Nc6)")
			}
		}
		b.WriteByte(' ')
	}
	b.WriteString("1/2-1/2\n")
	return b.String()
}

// allocated returns how many bytes read allocates in all, and the heap it
// leaves live.
func allocated(read func()) (total, live uint64) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	read()
	runtime.ReadMemStats(&after)
	total = after.TotalAlloc - before.TotalAlloc
	runtime.GC()
	runtime.ReadMemStats(&after)
	return total, after.HeapAlloc - min(before.HeapAlloc, after.HeapAlloc)
}

func TestLongestGameIsRead(t *testing.T) {
	for _, sides := range []bool{false, true} {
		var games []*game.Game
		var err error
		total, live := allocated(func() { games, err = game.ReadPGN(strings.NewReader(shuffleGame(game.MaxPlies, sides))) })
		if err != nil || len(games) != 1 {
			t.Fatalf("a game of %d plies: %v", game.MaxPlies, err)
		}
		g := games[0]
		t.Logf("%d plies, side lines %v: %d MB allocated, %d MB live", game.MaxPlies, sides, total>>20, live>>20)
		if total > 200<<20 {
			t.Errorf("reading the longest game allocated %d MB", total>>20)
		}
		if n := len(g.MainLine()); n != game.MaxPlies {
			t.Errorf("%d plies read", n)
		}
		// The file goes on after the fivefold repetition, as old games
		// do: the game is read as written, the Laws' end is known.
		n, s, ok := g.LawEnd()
		if !ok || n.Ply() != 16 || s != (game.Status{Result: game.Draw, Reason: game.FivefoldRepetition}) {
			t.Errorf("LawEnd = ply %v, %v, %v; want ply 16, fivefold repetition", n.Ply(), s, ok)
		}
		runtime.KeepAlive(games)
	}
}

func TestTooLongGameRefused(t *testing.T) {
	_, errs := game.ReadPGNWith(strings.NewReader("1. e4 *\n\n"+shuffleGame(game.MaxPlies+1, false)), nil)
	var pe *game.PGNError
	if len(errs) != 1 || !errors.As(errs[0], &pe) || !errors.Is(errs[0], game.ErrGameTooLong) {
		t.Fatalf("errors %v, want one ErrGameTooLong", errs)
	}
	if pe.Game != 2 || pe.Line != 7 || pe.Text != shuffle[game.MaxPlies%4] || pe.White != "A" {
		t.Errorf("error %+v does not name game 2, line 7 and its first move too many", pe)
	}
	if n, errs := game.CheckPGN(strings.NewReader(shuffleGame(game.MaxPlies+1, false)), 1); n != 1 || len(errs) != 1 || !errors.Is(errs[0], game.ErrGameTooLong) {
		t.Errorf("CheckPGN: %d games, %v", n, errs)
	}
}

// knightStream makes up a game of size bytes of knight moves as it is
// read.
type knightStream struct{ off, size int64 }

func (s *knightStream) Read(p []byte) (int, error) {
	const body = "Nf3 Nf6 Ng1 Ng8 "
	if s.off >= s.size {
		return 0, io.EOF
	}
	n := 0
	for n < len(p) && s.off < s.size {
		c := copy(p[n:], body[s.off%int64(len(body)):])
		n += c
		s.off += int64(c)
	}
	return n, nil
}

// TestHugeGameBounded reads one game of 100 MB (16 MB under -race, which
// makes reading some fifty times slower: past pgn.MaxMoves all the same).
func TestHugeGameBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 100 MB")
	}
	size := int64(100 << 20)
	if game.RaceEnabled {
		size = 16 << 20
	}
	in := io.MultiReader(strings.NewReader("[White \"Huge\"]\n\n"), &knightStream{size: size}, strings.NewReader("*\n"))
	var errs []error
	total, _ := allocated(func() { _, errs = game.ReadPGNWith(in, nil) })
	t.Logf("a game of %d MB: %d MB allocated", size>>20, total>>20)
	var se *pgn.SyntaxError
	var pe *game.PGNError
	if len(errs) != 1 || !errors.As(errs[0], &pe) || !errors.As(errs[0], &se) || se.Kind != pgn.SyntaxTooManyMoves || pe.Game != 1 || pe.White != "Huge" {
		t.Fatalf("errors %v, want too many moves in game 1", errs)
	}
	if total > 200<<20 {
		t.Errorf("reading a game of %d MB allocated %d MB", size>>20, total>>20)
	}
}

func TestLawEnd(t *testing.T) {
	for _, tt := range []struct {
		name, pgn string
		ply       int
		want      game.Status
	}{
		{"none", "1. e4 e5 2. Nf3 *", 0, game.Status{}},
		{"game ends there", "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 1/2-1/2", 0, game.Status{}},
		{"fivefold, then on", "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. e4 1/2-1/2", 16,
			game.Status{Result: game.Draw, Reason: game.FivefoldRepetition}},
		{"75 moves, then on", "[FEN \"4k3/8/8/8/8/8/4P3/R3K3 w - - 149 80\"]\n\n80. Ra2 Kd8 81. Ra1 *", 1,
			game.Status{Result: game.Draw, Reason: game.SeventyFiveMoveRule}},
		{"dead, then on", "[FEN \"4k3/8/8/8/8/8/8/3NK3 w - - 0 1\"]\n\n1. Nc3 Kd8 *", 0,
			game.Status{Result: game.Draw, Reason: game.InsufficientMaterial}},
	} {
		g := readOne(t, tt.pgn)
		n, s, ok := g.LawEnd()
		if ok != tt.want.Over() || s != tt.want || ok && n.Ply() != tt.ply {
			t.Errorf("%s: LawEnd = %v, %v, %v; want ply %d, %v", tt.name, n, s, ok, tt.ply, tt.want)
		}
	}
}
