package engine

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/game"
)

// The opponent's tests play against fake engines (see scripted): each
// checks what the engine is told and what the opponent answers, and that
// neither a process nor a goroutine is left behind.

// think asks o for its answer in g and returns it.
func think(t *testing.T, o *Opponent, r *replies, g *game.Game) Reply {
	t.Helper()
	if err := o.Think(g); err != nil {
		t.Fatal(err)
	}
	return r.next(t)
}

// closeOpponent closes o and waits for its engine to be gone.
func closeOpponent(t *testing.T, o *Opponent) {
	t.Helper()
	o.Close()
	select {
	case <-o.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("the engine is not gone 5 s after Close")
	}
}

// waitLogged waits, a little, for the engine to have read a command
// that starts with prefix.
func waitLogged(t *testing.T, e *scripted, prefix string) {
	t.Helper()
	for range 1000 {
		for _, cmd := range e.log() {
			if strings.HasPrefix(cmd, prefix) {
				return
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("the engine never read %q: %q", prefix, e.log())
}

func TestOpponentPlays(t *testing.T) {
	clean(t)
	e := newScripted(t, stockfishOptions)
	r := newReplies()
	o := NewOpponent(Settings{Path: e.path, Threads: 1, Hash: 16}, Play{Level: 5}, r.add)
	defer o.Close()
	g := newGame(t, "e4")
	e.answer(25, "e7e5")
	x := think(t, o, r, g)
	if x.Err != nil {
		t.Fatal(x.Err)
	}
	// Black's +0.25 is White's -0.25.
	if x.Answer != PlayMove || x.SAN != "e5" || x.Move.UCI() != "e7e5" || x.FEN != g.FEN() ||
		!x.HasScore || x.Score.String() != "-0.25" || x.Depth != 7 || x.Engine != "Scripted 1.0" {
		t.Fatalf("reply %+v", x)
	}
	if st := x.Strength; st.Level != 5 || !st.ByElo || st.Elo != 1700 {
		t.Errorf("strength %+v", st)
	}
	if err := g.PlayMove(x.Move); err != nil {
		t.Fatal(err)
	}
	if err := g.Move("Nf3"); err != nil {
		t.Fatal(err)
	}
	e.answer(-10, "b8c6")
	if x := think(t, o, r, g); x.Err != nil || x.SAN != "Nc6" || x.Score.String() != "+0.10" {
		t.Fatalf("second reply %+v", x)
	}
	closeOpponent(t, o)
	// What the engine was told: the level's options after the settings,
	// a new game, then each position since the last pawn move, and the
	// level's time.
	want := []string{
		"uci",
		"setoption name Threads value 1", "setoption name Hash value 16", "setoption name MultiPV value 1", "isready",
		"setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 1700",
		"ucinewgame", "isready",
		"position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "go movetime 400",
		"position fen rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2 moves g1f3", "go movetime 400",
		"quit",
	}
	if got := e.log(); !slices.Equal(got, want) {
		t.Errorf("the engine read\n%q\nwant\n%q", got, want)
	}
}

func TestOpponentLevels(t *testing.T) {
	clean(t)
	// Each level's options reach the engine.
	for _, st := range strengths(optionsOf(stockfishOptions)) {
		e := newScripted(t, stockfishOptions)
		e.answer(0, "e2e4")
		r := newReplies()
		o := NewOpponent(Settings{Path: e.path}, Play{Level: st.Level}, r.add)
		if x := think(t, o, r, newGame(t, "")); x.Err != nil || x.Strength.Level != st.Level {
			t.Fatalf("level %d: %+v", st.Level, x)
		}
		closeOpponent(t, o)
		log := e.log()
		var sent []string
		for _, cmd := range log[slices.Index(log, "isready")+1:] {
			if cmd == "ucinewgame" {
				break
			}
			sent = append(sent, cmd)
		}
		var want []string
		for _, opt := range st.Options {
			want = append(want, "setoption name "+opt.Name+" value "+opt.Value)
		}
		if !slices.Equal(sent, want) {
			t.Errorf("level %d: the engine was sent %q, want %q", st.Level, sent, want)
		}
	}

	// An engine that cannot play weaker plays at full strength, and
	// says so; a level that does not exist is full strength too.
	for _, level := range []Level{3, 0, 99} {
		e := newScripted(t, "option name Threads type spin default 1 min 1 max 8\n")
		e.answer(0, "e2e4")
		r := newReplies()
		o := NewOpponent(Settings{Path: e.path}, Play{Level: level}, r.add)
		x := think(t, o, r, newGame(t, ""))
		closeOpponent(t, o)
		if x.Err != nil || x.Strength.Level != FullStrength || x.Strength.Limited() || slices.ContainsFunc(e.log(), func(cmd string) bool {
			return strings.Contains(cmd, "Skill") || strings.Contains(cmd, "UCI_")
		}) {
			t.Errorf("level %d asked of an engine without levels: %+v, it read %q", level, x, e.log())
		}
	}
}

func TestOpponentClocks(t *testing.T) {
	clean(t)
	// On the clocks: the engine gets both, as they read when it is asked.
	e := newScripted(t, stockfishOptions)
	e.answer(0, "e7e5")
	r := newReplies()
	o := NewOpponent(Settings{Path: e.path}, Play{Level: FullStrength}, r.add)
	defer o.Close()
	now := time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)
	g := clockGame(t, "180+2", &now)
	now = now.Add(3 * time.Second)
	if err := g.Move("e4"); err != nil {
		t.Fatal(err)
	}
	now = now.Add(500 * time.Millisecond)
	if x := think(t, o, r, g); x.Err != nil || x.SAN != "e5" {
		t.Fatalf("reply %+v", x)
	}
	closeOpponent(t, o)
	if log := e.log(); !slices.Contains(log, "go wtime 179000 btime 179500 winc 2000 binc 2000") {
		t.Errorf("the engine read %q", log)
	}
}

func TestOpponentStops(t *testing.T) {
	clean(t)
	// An engine that thinks until told to stop.
	e := newScripted(t, stockfishOptions)
	e.write("onstop", "info depth 3 score cp 0 pv e7e5\nbestmove e7e5\n")
	r := newReplies()
	o := NewOpponent(Settings{Path: e.path}, Play{Level: 4}, r.add)
	defer o.Close()
	g := newGame(t, "e4")
	if err := o.Think(g); err != nil {
		t.Fatal(err)
	}
	waitLogged(t, e, "go")
	// Stopped (the move taken back): its move never comes; the next
	// position is thought of. The first reply is to it.
	o.Stop()
	waitLogged(t, e, "stop")
	if err := g.TakeBack(); err != nil {
		t.Fatal(err)
	}
	if err := g.Move("d4"); err != nil {
		t.Fatal(err)
	}
	e.answer(0, "d7d5")
	x := think(t, o, r, g)
	if x.Err != nil || x.SAN != "d5" || x.FEN != g.FEN() {
		t.Fatalf("reply %+v", x)
	}
	if err := g.PlayMove(x.Move); err != nil {
		t.Fatal(err)
	}

	// Asked again while it thinks: the search under way is given up, and
	// its move never comes.
	e.write("answer", "")
	e.write("log", "")
	if err := g.Move("c4"); err != nil {
		t.Fatal(err)
	}
	if err := o.Think(newGame(t, "e4")); err != nil {
		t.Fatal(err)
	}
	waitLogged(t, e, "go")
	e.answer(0, "e7e6")
	if x := think(t, o, r, g); x.Err != nil || x.SAN != "e6" || x.FEN != g.FEN() {
		t.Fatalf("reply %+v", x)
	}
	closeOpponent(t, o)
	if log := e.log(); !slices.Contains(log, "stop") {
		t.Errorf("no stop sent: %q", log)
	}
}

// opponentError has the computer at level 4 (300 ms a move) answer in g
// with the engine at path, and returns the error its play ends with,
// checking that g was not touched; timeout is the engine's (short or
// patient).
func opponentError(t *testing.T, path string, g *game.Game, timeout time.Duration) error {
	t.Helper()
	fen, moves := g.FEN(), len(g.History())
	r := newReplies()
	o := NewOpponent(Settings{Path: path, Timeout: timeout}, Play{Level: 4}, r.add)
	defer closeOpponent(t, o)
	var x Reply
	for x.Err == nil {
		if err := o.Think(g); err != nil {
			t.Fatal(err)
		}
		if x = r.next(t); x.Err == nil {
			// A first move, then the failure: the game stays as it was.
			if err := g.PlayMove(x.Move); err != nil {
				t.Fatal(err)
			}
			if err := g.TakeBack(); err != nil {
				t.Fatal(err)
			}
		}
	}
	if g.FEN() != fen || len(g.History()) != moves {
		t.Errorf("the game changed: %s after %d moves", g.FEN(), len(g.History()))
	}
	var e *Error
	if errors.As(x.Err, &e) && !e.Playing {
		t.Errorf("error %v not said to end a game", x.Err)
	}
	return x.Err
}

func TestOpponentFaults(t *testing.T) {
	clean(t)
	missing := t.TempDir() + "/no-engine"
	err := opponentError(t, missing, newGame(t, ""), patient)
	wantError(t, err, CannotStart, missing, "cannot be started", "no such file")

	err = opponentError(t, writeScript(t, "#!/bin/sh\nexec sleep 600\n"), newGame(t, ""), short)
	wantError(t, err, NotAnEngine, `did not answer "uciok"`)

	crash := fakeEngine(t, `
	case "$line" in
	go*) echo "info depth 1 score cp 20 pv e7e5"; kill -SEGV $$ ;;
	esac`)
	err = opponentError(t, crash, newGame(t, "e4"), patient)
	wantError(t, err, Crashed, "stopped during the game", "segmentation fault", "the game is unchanged")

	// It plays a move, then crashes at the next.
	later := fakeEngine(t, `
	case "$line" in
	go*)
		n=$((n+1))
		if [ $n -gt 1 ]; then exit 3; fi
		echo "bestmove e7e5" ;;
	esac`)
	err = opponentError(t, later, newGame(t, "e4"), patient)
	wantError(t, err, Crashed, "exit status 3")

	// It plays its move and exits, while the other side thinks.
	idle := fakeEngine(t, `
	case "$line" in
	go*) echo "bestmove e7e5"; exit 4 ;;
	esac`)
	err = opponentError(t, idle, newGame(t, "e4"), patient)
	wantError(t, err, Crashed, "exit status 4")

	// It sends a move that is not legal, or no move.
	for answer, kind := range map[string]ErrorKind{
		"bestmove e2e5":          IllegalMove, // not legal in the position
		"bestmove e7e5":          IllegalMove, // Black's, and White is to move
		"bestmove e1g1":          IllegalMove, // castling through pieces
		"bestmove a7a8q":         IllegalMove, // no pawn there
		"bestmove":               Garbled,
		"bestmove (none)":        Garbled,
		"bestmove e2e4x ponder":  Garbled,
		"bestmove \x01\xff junk": Garbled,
	} {
		e := newScripted(t, stockfishOptions)
		e.write("answer", "info depth 1 score cp 0\n"+answer+"\n")
		err = opponentError(t, e.path, newGame(t, ""), patient)
		switch kind {
		case IllegalMove:
			move := strings.Fields(answer)[1]
			wantError(t, err, IllegalMove, "not legal", move, game.StartFEN, "the game is unchanged")
		default:
			wantError(t, err, Garbled, "make no sense", "the game is unchanged")
		}
	}
}

func TestOpponentHangs(t *testing.T) {
	clean(t)
	// An engine that never answers "go", nor "stop".
	e := newScripted(t, stockfishOptions)

	// Without clocks: after the level's time (300 ms) and the time an
	// engine is given to answer.
	start := time.Now()
	err := opponentError(t, e.path, newGame(t, ""), short)
	wantError(t, err, Hung, `no answer to "go" in 600ms`, "the game is unchanged")
	if took := time.Since(start); took < 600*time.Millisecond {
		t.Errorf("hung after %v, before its time was over", took)
	}

	// On the clocks, at full strength: once its flag has fallen.
	now := time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)
	g := clockGame(t, "1", &now)
	r := newReplies()
	o := NewOpponent(Settings{Path: e.path, Timeout: short}, Play{Level: FullStrength}, r.add)
	if x := think(t, o, r, g); x.Err == nil {
		t.Fatalf("reply %+v", x)
	} else {
		wantError(t, x.Err, Hung, `no answer to "go" in 1.3s`)
	}
	closeOpponent(t, o)

	// Stopped, and no answer to "stop".
	r = newReplies()
	o = NewOpponent(Settings{Path: e.path, Timeout: short}, Play{Level: 4}, r.add)
	defer o.Close()
	e.write("log", "")
	if err := o.Think(newGame(t, "")); err != nil {
		t.Fatal(err)
	}
	waitLogged(t, e, "go")
	o.Stop()
	if x := r.next(t); x.Err == nil {
		t.Fatalf("reply %+v", x)
	} else {
		wantError(t, x.Err, Hung, `no answer to "stop" in 300ms`)
	}
	closeOpponent(t, o)
}

func TestOpponentRestart(t *testing.T) {
	clean(t)
	// After a crash, another opponent plays the same game on.
	crash := fakeEngine(t, `
	case "$line" in
	go*) kill -KILL $$ ;;
	esac`)
	g := newGame(t, "e4")
	wantError(t, opponentError(t, crash, g, patient), Crashed, "signal: killed")
	e := newScripted(t, stockfishOptions)
	e.answer(0, "c7c5")
	r := newReplies()
	o := NewOpponent(Settings{Path: e.path}, Play{Level: 4}, r.add)
	if x := think(t, o, r, g); x.Err != nil || x.SAN != "c5" {
		t.Fatalf("reply %+v", x)
	}
	closeOpponent(t, o)
}

func TestOpponentProcesses(t *testing.T) {
	clean(t)
	// One engine while the computer plays, none once it is closed:
	// started and closed at once, closed while it thinks, closed after
	// its move.
	e := newScripted(t, stockfishOptions)
	o := NewOpponent(Settings{Path: e.path}, Play{Level: 4}, func(Reply) {})
	closeOpponent(t, o)
	noChildren(t)

	r := newReplies()
	o = NewOpponent(Settings{Path: e.path}, Play{Level: 4}, r.add)
	if err := o.Think(newGame(t, "")); err != nil {
		t.Fatal(err)
	}
	waitLogged(t, e, "go")
	if n := len(children(t)); n != 1 {
		t.Errorf("%d processes while the computer thinks, want its engine", n)
	}
	closeOpponent(t, o)
	noChildren(t)

	e.answer(0, "e2e4")
	o = NewOpponent(Settings{Path: e.path}, Play{Level: 4}, r.add)
	if x := think(t, o, r, newGame(t, "")); x.Err != nil {
		t.Fatal(x.Err)
	}
	closeOpponent(t, o)
	noChildren(t)
	if err := o.Think(newGame(t, "")); err != nil {
		t.Fatal(err)
	}
	noChildren(t)
}

func TestProbe(t *testing.T) {
	clean(t)
	e := newScripted(t, stockfishOptions)
	info, err := Probe(context.Background(), Settings{Path: e.path})
	if err != nil || info.Name != "Scripted 1.0" || !info.Limited() || len(info.Levels) != int(FullStrength) {
		t.Fatalf("Probe: %+v, %v", info, err)
	}
	// It only asks: no option set, no hash table made.
	if log := e.log(); !slices.Equal(log, []string{"uci", "quit"}) {
		t.Errorf("the engine read %q", log)
	}
	info, err = Probe(context.Background(), Settings{Path: fakeEngine(t, "")})
	if err != nil || info.Name != "Fake" || info.Limited() || len(info.Levels) != 1 || info.Levels[0].Level != FullStrength {
		t.Errorf("Probe of an engine without levels: %+v, %v", info, err)
	}
	_, err = Probe(context.Background(), Settings{Path: t.TempDir() + "/none"})
	wantError(t, err, CannotStart, "no such file")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Probe(ctx, Settings{Path: writeScript(t, "#!/bin/sh\nexec sleep 600\n")}); !errors.Is(err, context.Canceled) {
		t.Errorf("Probe cancelled: %v", err)
	}
}

// fortyPlies are the first 20 moves of a game: after them, the computer
// may accept a draw.
const fortyPlies = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 " +
	"c4 c6 cxb5 axb5 Nc3 Bb7 Bg5 b4 Nb1 h6 Bh4 c5 dxe5 Nxe4 Bxe7 Qxe7 exd6 Qf6 Nbd2 Nxd6"

func TestOpponentDraws(t *testing.T) {
	clean(t)
	e := newScripted(t, stockfishOptions)
	for _, c := range []struct {
		name   string
		fen    string
		moves  string
		offer  bool // the opponent offers a draw with its last move
		level  Level
		eval   int // the engine's, from its side
		move   string
		answer Answer
		san    string
		claim  game.Reason
		result game.Status
	}{
		// A draw offered, at level 2: from a quarter of a pawn worse.
		{name: "offer accepted", moves: fortyPlies, offer: true, level: 2, eval: -25, move: "d2e4",
			answer: AcceptDraw, result: game.Status{Result: game.Draw, Reason: game.Agreement}},
		{name: "offer declined", moves: fortyPlies, offer: true, level: 2, eval: -24, move: "d2e4",
			answer: PlayMove, san: "Ne4"},
		{name: "offer in the first 20 moves", moves: strings.TrimSuffix(fortyPlies, " Nxd6"), offer: true, level: 2, eval: -500, move: "e4d6",
			answer: PlayMove, san: "Nxd6"},
		// A third occurrence, made by its move: claimed with it when it
		// is not better.
		{name: "threefold with the move", moves: "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1", level: 9, eval: 30, move: "f6g8",
			answer: ClaimDraw, san: "Ng8", claim: game.ThreefoldRepetition, result: game.Status{Result: game.Draw, Reason: game.ThreefoldRepetition}},
		{name: "threefold with the move, better", moves: "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1", level: 9, eval: 31, move: "f6g8",
			answer: PlayMove, san: "Ng8"},
		// On the board.
		{name: "threefold on the board", moves: "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1", level: 4, eval: -50, move: "f6g8",
			answer: ClaimDraw, claim: game.ThreefoldRepetition, result: game.Status{Result: game.Draw, Reason: game.ThreefoldRepetition}},
		{name: "fifty moves, lost", fen: "8/8/8/4k3/8/8/8/R3K3 b - - 100 80", level: FullStrength, eval: -900, move: "e5d5",
			answer: ClaimDraw, claim: game.FiftyMoveRule, result: game.Status{Result: game.Draw, Reason: game.FiftyMoveRule}},
		{name: "fifty moves, won", fen: "8/8/8/4k3/8/8/8/R3K3 w - - 100 80", level: FullStrength, eval: 900, move: "a1a5",
			answer: PlayMove, san: "Ra5+"},
		// No evaluation, no claim.
		{name: "fifty moves, no evaluation", fen: "8/8/8/4k3/8/8/8/R3K3 b - - 100 80", level: FullStrength, move: "e5d5",
			answer: PlayMove, san: "Kd5"},
	} {
		g, err := game.New(game.Options{FEN: c.fen})
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range strings.Fields(c.moves) {
			if err := g.Move(m); err != nil {
				t.Fatal(err)
			}
		}
		me := g.Turn()
		if c.offer {
			if err := g.OfferDraw(me.Other()); err != nil {
				t.Fatal(err)
			}
		}
		if c.name == "fifty moves, no evaluation" {
			e.write("answer", "bestmove "+c.move+"\n")
		} else {
			e.answer(c.eval, c.move)
		}
		r := newReplies()
		o := NewOpponent(Settings{Path: e.path}, Play{Level: c.level}, r.add)
		x := think(t, o, r, g)
		closeOpponent(t, o)
		if x.Err != nil || x.Answer != c.answer || x.SAN != c.san || x.Claim != c.claim {
			t.Errorf("%s: reply %+v", c.name, x)
			continue
		}
		// The window does as the computer says.
		switch x.Answer {
		case AcceptDraw:
			err = g.AcceptDraw(me)
		case ClaimDraw:
			if x.SAN != "" {
				err = g.ClaimDrawWithMove(x.Move.UCI(), x.Claim)
			} else {
				err = g.ClaimDraw(x.Claim)
			}
		}
		if err != nil || (c.result != game.Status{} && g.Status() != c.result) {
			t.Errorf("%s: %v, the game %v", c.name, err, g.Status())
		}
	}
}

func TestOpponentResigns(t *testing.T) {
	clean(t)
	e := newScripted(t, stockfishOptions)
	// Black, lost at each of its moves: it resigns at the third, if it
	// may.
	for _, may := range []bool{false, true} {
		g := newGame(t, "")
		r := newReplies()
		o := NewOpponent(Settings{Path: e.path}, Play{Level: 3, MayResign: may}, r.add)
		var x Reply
		for i, m := range strings.Fields("Nf3 f6g8 Ng1 g8f6 Nf3") {
			if i%2 == 0 {
				if err := g.Move(m); err != nil {
					t.Fatal(err)
				}
				continue
			}
			if i == 1 {
				e.answer(-1500, "g8f6")
			} else {
				e.answer(-2000, "f6g8")
			}
			if x = think(t, o, r, g); x.Err != nil || x.Answer != PlayMove {
				t.Fatalf("reply %+v", x)
			}
			if err := g.PlayMove(x.Move); err != nil {
				t.Fatal(err)
			}
		}
		e.write("answer", "info depth 9 score mate -4 pv g8f6\nbestmove g8f6\n")
		x = think(t, o, r, g)
		closeOpponent(t, o)
		want := PlayMove
		if may {
			want = Resign
		}
		if x.Err != nil || x.Answer != want || x.Score.String() != "#4" {
			t.Errorf("may resign %v: reply %+v", may, x)
		}
	}

	// Its evaluations of moves taken back do not count: better, then
	// taken back and lost, it resigns.
	g := newGame(t, "")
	r := newReplies()
	o := NewOpponent(Settings{Path: e.path}, Play{Level: 3, MayResign: true}, r.add)
	defer closeOpponent(t, o)
	reply := func(eval int, move string) Reply {
		t.Helper()
		e.answer(eval, move)
		x := think(t, o, r, g)
		if x.Err != nil {
			t.Fatal(x.Err)
		}
		return x
	}
	for _, step := range []struct {
		human, engine string
		eval          int
	}{{"Nf3", "g8f6", -1200}, {"Ng1", "f6g8", -1200}, {"Nf3", "g8f6", 50}} {
		if err := g.Move(step.human); err != nil {
			t.Fatal(err)
		}
		if x := reply(step.eval, step.engine); x.Answer != PlayMove {
			t.Fatalf("reply %+v", x)
		}
		if err := g.Move(step.engine); err != nil {
			t.Fatal(err)
		}
	}
	// Its last move taken back: its move at the same ply is thought
	// again.
	if err := g.TakeBack(); err != nil {
		t.Fatal(err)
	}
	if x := reply(-1200, "g8f6"); x.Answer != Resign {
		t.Errorf("after the take-back: reply %+v", x)
	}
}
