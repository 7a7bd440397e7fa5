package app

import (
	"strings"
	"testing"
	"time"

	"github.com/echiquier/echiquier/app/engine"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/uitest"
)

// scriptedGame is the game the scripted engine plays, by ply: it answers
// the move of the game at the ply of the position it is given.
const scriptedGame = "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 d2d3 f8c5"

// scriptedEngine is a fake engine's loop that plays scriptedGame, its
// move at each ply, and then onGo; ply is counted from the FEN's move
// number and side to move, and the moves given after it.
const scriptedEngine = `
	case "$line" in
	position*)
		set -- $line
		ply=$(( ($8 - 1) * 2 )); [ "$4" = b ] && ply=$((ply + 1))
		case "$line" in *" moves "*) set -- ${line#* moves }; ply=$((ply + $#)) ;; esac
		set -- ` + scriptedGame + `; i=0; best=
		for m; do [ $i -eq $ply ] && best=$m; i=$((i + 1)); done ;;
	go*)
		ON_GO
		echo "info depth 1 score cp 0 pv $best"; echo "bestmove $best" ;;
	esac`

// computerEngine writes the scripted engine, with onGo run at each "go"
// before it answers.
func computerEngine(t *testing.T, onGo string) string {
	return uitest.FakeEngine(t, strings.Replace(scriptedEngine, "ON_GO", ": ; "+onGo, 1))
}

// waitFor runs the window's updates until cond holds.
func (h *harness) waitFor(what string, cond func() bool) {
	h.t.Helper()
	for !cond() {
		select {
		case f := <-h.queue:
			f()
		case <-time.After(time.Minute):
			h.t.Fatalf("no %s in a minute", what)
		}
	}
}

// againstComputer starts a game in which the computer plays side, through
// the New game dialog as chosen last.
func (h *harness) againstComputer(side game.Color, enginePath string) {
	h.t.Helper()
	s := h.app.env.Settings
	s.SetEnginePath(enginePath)
	sides := [2]bool{}
	sides[side] = true
	s.SetComputerSides(sides)
	s.SetComputerLevel(engine.MinLevel)
	h.app.env.Commands.Run(kit.NewGame)
	h.queue.RunOne(h.t) // the engine's answer to the dialog
	h.tapButton("Start")
}

func TestPlayingTheComputerInTheWindow(t *testing.T) {
	uitest.InEnglish(t)
	h := newHarness(t)
	h.againstComputer(game.Black, computerEngine(t, ""))
	sess := h.app.env.Session
	if !sess.ComputerPlays(game.Black) || h.app.env.Settings.Flipped() {
		t.Fatalf("the computer plays Black %v; the board turned %v", sess.ComputerPlays(game.Black), h.app.env.Settings.Flipped())
	}
	h.sounds.take()
	h.play("e2e4")
	h.waitFor("the computer's answer", func() bool { return h.history() == "e4 e5" })
	if got := h.sounds.take(); !strings.Contains(got, "move") || strings.Count(got, ".") < 2 {
		t.Errorf("sounds of the person's move and the computer's: %q", got)
	}
	if !strings.Contains(h.status(), "White") {
		t.Errorf("status after the computer's answer: %q", h.status())
	}
	h.play("g1f3")
	if !strings.Contains(h.status(), "Fake is thinking") {
		t.Errorf("status while the computer thinks: %q", h.status())
	}
	h.waitFor("the second answer", func() bool { return h.history() == "e4 e5 Nf3 Nc6" })
	if err := h.app.env.Commands.Refused(kit.Analyse); err == "" {
		t.Error("analysis may run during the game against the computer")
	}
	h.app.env.Commands.Run(kit.TakeBack)
	if h.history() != "e4 e5" || h.app.env.Dialogs.Shown() {
		t.Errorf("take-back: %q, a question shown %v", h.history(), h.app.env.Dialogs.Shown())
	}
	g := sess.Game()
	if g.Tag("Black") != "Fake" || g.Tag("BlackLevel") != "10" || g.Tag("BlackType") != "program" {
		t.Errorf("tags: Black %q, level %q, type %q", g.Tag("Black"), g.Tag("BlackLevel"), g.Tag("BlackType"))
	}
}

func TestTheBoardFacesThePersonPlayingBlack(t *testing.T) {
	uitest.InEnglish(t)
	h := newHarness(t)
	h.againstComputer(game.White, computerEngine(t, ""))
	if !h.app.env.Settings.Flipped() {
		t.Error("the board does not face the person playing Black")
	}
	h.waitFor("the computer's first move", func() bool { return h.history() == "e4" })
	h.play("e7e5")
	h.waitFor("its second", func() bool { return h.history() == "e4 e5 Nf3" })
	if !h.app.env.Settings.Flipped() {
		t.Error("the board turned away from the person")
	}
}

func TestTheComputerCrashingKeepsTheGame(t *testing.T) {
	uitest.InEnglish(t)
	h := newHarness(t)
	// It crashes at its second move.
	h.againstComputer(game.Black, computerEngine(t, `[ "$best" = b8c6 ] && exit 3`))
	h.play("e2e4")
	h.waitFor("the computer's answer", func() bool { return h.history() == "e4 e5" })
	h.play("g1f3")
	sess := h.app.env.Session
	h.waitFor("the crash", func() bool { return sess.ComputerFault() != nil })
	if h.history() != "e4 e5 Nf3" || !strings.Contains(h.dialogText(), "The chess engine stopped during the game") {
		t.Fatalf("after the crash: %q, dialog %q", h.history(), h.dialogText())
	}
	if !strings.Contains(h.status(), "The computer stopped playing") {
		t.Errorf("status: %q", h.status())
	}
	h.tapButton("Go on as two players")
	h.play("b8c6")
	if h.history() != "e4 e5 Nf3 Nc6" || sess.AgainstComputer() {
		t.Errorf("as two players: %q", h.history())
	}
}

func TestTheComputerRestartedAfterAnIllegalMove(t *testing.T) {
	uitest.InEnglish(t)
	h := newHarness(t)
	// Its first answer is not legal; once restarted (the file marks it),
	// it plays.
	mark := t.TempDir() + "/once"
	h.againstComputer(game.Black, computerEngine(t, `[ -e `+mark+` ] || { : > `+mark+`; best=e7e4; }`))
	h.play("e2e4")
	sess := h.app.env.Session
	h.waitFor("the illegal move", func() bool { return sess.ComputerFault() != nil })
	if !strings.Contains(h.dialogText(), "not legal") || h.history() != "e4" {
		t.Fatalf("dialog %q, history %q", h.dialogText(), h.history())
	}
	h.tapButton("Restart the computer")
	h.waitFor("the restarted computer's answer", func() bool { return h.history() == "e4 e5" })
}

func TestNoEngineForTheComputer(t *testing.T) {
	uitest.InEnglish(t)
	h := newHarness(t)
	h.againstComputer(game.Black, "/nonexistent/engine")
	if h.app.env.Session.AgainstComputer() {
		t.Error("a game against a computer that cannot start began")
	}
	if !strings.Contains(h.dialogText(), "cannot be started") {
		t.Errorf("dialog %q", h.dialogText())
	}
}
