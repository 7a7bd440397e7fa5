package autosave

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/pgn"
)

const head = "[Event \"?\"]\n[White \"Ann\"]\n[Black \"Ben\"]\n[Result \"*\"]\n\n"

func TestRecoverDamagedAutosaves(t *testing.T) {
	tests := []struct {
		name        string
		text        string
		moves, lost int
		history     string // the moves recovered
		problem     string // in the message of Problem
	}{
		{"truncated mid-move", head + "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-",
			8, 1, "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6", `"O-" is not a move`},
		{"cut between two moves", head + "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6",
			8, 0, "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6", "cut off"},
		{"one bad move in the middle", head + "1. e4 e5 2. Nf3 Nc6 3. Bb4 a6 4. Ba4 Nf6 5. O-O Be7 *\n",
			4, 6, "e4 e5 Nf3 Nc6", `illegal move "Bb4"`},
		{"NUL bytes in the middle", head + "1. e4 e5 2. Nf3 Nc6 3. Bb5 \x00\x00\x00\x00 a6 4. Ba4 Nf6 5. O-O Be7 *\n",
			5, 5, "e4 e5 Nf3 Nc6 Bb5", "control character"},
		{"NUL bytes only", "\x00\x00\x00\x00\x00\x00\x00\x00", 0, 0, "", "control character"},
		{"garbage", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR garbage ### \xff", 0, 2, "", "not a move"},
		{"a bad variation", head + "1. e4 (1. Ke2) e5 2. Nf3 *\n", 3, 0, "e4 e5 Nf3", `illegal move "Ke2"`},
		{"a second game after it", head + "1. e4 e5 *\n\n" + head + "1. d4 *\n", 2, 0, "e4 e5", "after the end of the game"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := recoverPGN([]byte(tt.text), maxFileBytes, nil)
			if !rec.Damaged || rec.Problem == nil || !strings.Contains(rec.Problem.Error(), tt.problem) {
				t.Errorf("damaged %v, problem %v; want one about %s", rec.Damaged, rec.Problem, tt.problem)
			}
			if rec.Game == nil {
				t.Fatal("no game recovered")
			}
			if got := strings.Join(rec.Game.History(), " "); rec.Moves != tt.moves || rec.Lost != tt.lost || got != tt.history {
				t.Errorf("recovered %d moves (%s), lost %d; want %d (%s), lost %d", rec.Moves, got, rec.Lost, tt.moves, tt.history, tt.lost)
			}
			if tt.moves > 0 && rec.Game.Tag("White") != "Ann" {
				t.Errorf("the tags were lost: White %q", rec.Game.Tag("White"))
			}
			if rec.Game.Status().Over() {
				t.Errorf("a damaged game is over: %v", rec.Game.Status())
			}
		})
	}
}

func TestRecoverKeepsClocksAndDropsTheResult(t *testing.T) {
	text := "[White \"Ann\"]\n[TimeControl \"300\"]\n[Result \"1-0\"]\n[Termination \"White won by resignation\"]\n\n" +
		"1. e4 {[%clk 0:04:50]} e5 {[%clk 0:04:40]} 2. Nf3 {[%clk 0:04:30]} Nc6 {[%clk 0:04:20]} 3. Bb4 1-0\n"
	rec := recoverPGN([]byte(text), maxFileBytes, nil)
	if rec.Moves != 4 || rec.Lost != 1 {
		t.Fatalf("recovered %d moves, lost %d", rec.Moves, rec.Lost)
	}
	if w, b := rec.Game.Remaining(game.White), rec.Game.Remaining(game.Black); w != 270*time.Second || b != 260*time.Second {
		t.Errorf("clocks %v and %v, want 4:30 and 4:20 from the last moves recovered", w, b)
	}
	if st := rec.Game.Status(); st.Over() || !rec.Game.Paused() {
		t.Errorf("the recovered game is %v, paused %v: the result of moves now lost does not apply", st, rec.Game.Paused())
	}
}

func TestRecoverNothing(t *testing.T) {
	for name, text := range map[string]string{
		"empty":       "",
		"blank":       " \n\n",
		"a bad start": "[FEN \"garbage\"]\n[SetUp \"1\"]\n\n1. e4 *\n",
	} {
		rec := recoverPGN([]byte(text), maxFileBytes, nil)
		if !rec.Damaged || rec.Problem == nil || rec.Game != nil || rec.Moves != 0 {
			t.Errorf("%s: %+v", name, rec)
		}
	}
}

func TestRecoverWholeGame(t *testing.T) {
	snaps := snapshots(t, 30)
	rec := recoverPGN(snaps[29], maxFileBytes, nil)
	if rec.Damaged || rec.Problem != nil || rec.Moves != 30 || rec.Lost != 0 || len(rec.Game.History()) != 30 {
		t.Errorf("a whole autosave: %+v", rec)
	}
}

func TestRecoverBoundsTheInput(t *testing.T) {
	// The bound is small here: under the race detector, reading 8 MiB
	// takes seconds.
	const limit = 4 << 10
	text := head + "1. e4 e5 2. Nf3 {" + strings.Repeat("a comment that never ends ", limit/8) + "} Nc6 *\n"
	rec := recoverPGN([]byte(text), limit, nil)
	if !rec.Damaged || rec.Moves != 3 || rec.Lost != 0 {
		t.Errorf("a file beyond %d bytes: %d moves, lost %d, damaged %v (%v)", limit, rec.Moves, rec.Lost, rec.Damaged, rec.Problem)
	}
	whole := head + "1. e4 e5 2. Nf3 Nc6 *\n" + strings.Repeat(" ", limit)
	if rec := recoverPGN([]byte(whole), limit, nil); !errors.Is(rec.Problem, errTooBig) || rec.Moves != 4 {
		t.Errorf("a game followed by too much: %d moves, %v", rec.Moves, rec.Problem)
	}
}

// writeOrphan leaves in dir the autosave of a gone instance, holding
// text.
func writeOrphan(t *testing.T, dir, name, text string) Orphan {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, o := range mustOrphans(t, dir) {
		if o.Path == path {
			return o
		}
	}
	t.Fatalf("%s is not listed as an orphan", name)
	return Orphan{}
}

func TestDiscardKeepsADamagedFile(t *testing.T) {
	dir := t.TempDir()
	bad := head + "1. e4 e5 2. Nf3 Nc6 3. Bb4 a6 *\n"
	for _, name := range []string{"autosave-1-00000001.pgn", legacyPGN} {
		o := writeOrphan(t, dir, name, bad)
		rec, err := o.Load(nil)
		if err != nil || !rec.Damaged || rec.Moves != 4 {
			t.Fatalf("%s: %+v, %v", name, rec, err)
		}
		kept, err := o.Discard()
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(kept, ".damaged") || filepath.Dir(kept) != dir || readFile(t, kept) != bad {
			t.Errorf("%s: the damaged file was not kept aside whole, but at %q", name, kept)
		}
		if exists(t, o.Path) {
			t.Errorf("%s is still there", name)
		}
	}
	if list := mustOrphans(t, dir); len(list) != 0 {
		t.Errorf("kept files are offered again: %v", list)
	}
	if _, err := os.Stat(filepath.Join(dir, "autosave-1-00000001.pgn.damaged")); err != nil {
		t.Error(err)
	}
}

func TestDiscardMovesAWholeGameToTheTrash(t *testing.T) {
	dir := t.TempDir()
	text := snapshots(t, 6)[5]
	o := orphanOf(t, dir, text)
	kept, err := o.Discard()
	if err != nil || kept != "" {
		t.Fatalf("kept at %q: %v", kept, err)
	}
	if got := files(t, dir); len(got) != 0 {
		t.Errorf("the discarded instance left %v", got)
	}
	if got, ok := trashed(t, name(o.Path)); !ok || got != string(text) {
		t.Errorf("the Trash holds %q (%v), not the game given up", got, ok)
	}
	if _, err := o.Discard(); !errors.Is(err, ErrClaimed) {
		t.Errorf("discarding twice: %v, want ErrClaimed", err)
	}
	if _, err := o.Load(nil); !errors.Is(err, ErrClaimed) {
		t.Errorf("loading a discarded orphan: %v, want ErrClaimed", err)
	}
}

func TestAdoptADamagedFile(t *testing.T) {
	dir := t.TempDir()
	bad := head + "1. e4 e5 2. Nf3 Nc6 3. Bb5 \x00\x00 a6 *\n"
	o := writeOrphan(t, dir, "autosave-1-00000001.pgn", bad)
	s := openStore(t, dir, Options{})
	rec, err := s.Adopt(o)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Moves != 5 || rec.KeptAt == "" || readFile(t, rec.KeptAt) != bad {
		t.Errorf("adopted %d moves, the damaged file kept at %q", rec.Moves, rec.KeptAt)
	}
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(s.Path())
	if err != nil {
		t.Fatal(err)
	}
	if n := pliesIn(t, data); n != 5 || !bytes.Contains(data, []byte(`[White "Ann"]`)) {
		t.Errorf("the store holds %d moves of the recovered game:\n%s", n, data)
	}
}

func TestLegacyAutosaveIsAnOrphan(t *testing.T) {
	dir := t.TempDir()
	text := string(snapshots(t, 4)[3])
	o := writeOrphan(t, dir, legacyPGN, text)
	s := openStore(t, dir, Options{})
	rec, err := s.Adopt(o)
	if err != nil || rec.Damaged || rec.Moves != 4 {
		t.Fatalf("%+v, %v", rec, err)
	}
	if readFile(t, s.Path()) != text || exists(t, filepath.Join(dir, legacyPGN)) {
		t.Error("the old autosave did not become the store's")
	}
}

func TestOrphansOldestFirst(t *testing.T) {
	dir := t.TempDir()
	base := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	names := []string{"autosave-3-0000000a.pgn", legacyPGN, "autosave-1-0000000c.pgn"}
	for i, n := range names {
		path := filepath.Join(dir, n)
		if err := os.WriteFile(path, []byte(head+"1. e4 *\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, base, base.Add(-time.Duration(i)*time.Hour)); err != nil {
			t.Fatal(err)
		}
	}
	// Neither a kept file, nor the temporary file of a write, nor
	// another program's file is an orphan.
	for _, n := range []string{"autosave-1-0000000c.pgn.damaged", "autosave-1-0000000c.pgn.tmp", "autosave-x.y.pgn", "notes.pgn"} {
		if err := os.WriteFile(filepath.Join(dir, n), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	for _, o := range mustOrphans(t, dir) {
		got = append(got, name(o.Path))
	}
	if want := []string{names[2], names[1], names[0]}; !slices.Equal(got, want) {
		t.Errorf("orphans %v, want %v", got, want)
	}
}

func TestOrphansSweepsGoneInstancesOnly(t *testing.T) {
	dir := t.TempDir()
	live := openStore(t, dir, Options{})
	gone, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// An instance killed before its first save leaves its lock file,
	// free, and may leave a half-written temporary file.
	gone.lock.Close()
	if err := os.WriteFile(gone.tmp, []byte("1. e4"), 0o644); err != nil {
		t.Fatal(err)
	}
	if list := mustOrphans(t, dir); len(list) != 0 {
		t.Fatalf("orphans %v", list)
	}
	if got := files(t, dir); !slices.Equal(got, []string{name(live.lockPath)}) {
		t.Errorf("after the sweep the folder holds %v, want only the running instance's lock", got)
	}
	live.Save([]byte("1. e4 *"))
	if err := live.Flush(); err != nil {
		t.Fatal(err)
	}
}

// The reader of autosaves is fed anything a damaged file can hold: it
// must neither panic nor claim more moves than the file has.
func FuzzRecover(f *testing.F) {
	f.Add([]byte(head + "1. e4 e5 2. Nf3 Nc6 3. Bb4 *\n"))
	f.Add([]byte("1. e4 (1. d4 {x} d5) e5 $1 2. Nf3!? *"))
	f.Add([]byte("\x00\xff[White \"A"))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec := recoverPGN(data, maxFileBytes, nil)
		if rec.Game != nil && len(rec.Game.History()) != rec.Moves {
			t.Errorf("%d moves claimed, %d in the game", rec.Moves, len(rec.Game.History()))
		}
		if rec.Damaged != (rec.Problem != nil) || rec.Moves < 0 || rec.Lost < 0 {
			t.Errorf("%+v", rec)
		}
		if !rec.Damaged {
			if _, err := pgn.ParseGame(data, 1, 0); err != nil {
				t.Errorf("undamaged, but %v", err)
			}
		}
	})
}
