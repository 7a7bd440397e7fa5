package analysis

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"

	"github.com/echiquier/echiquier/app/engine"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/session"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/uitest"
	"github.com/echiquier/echiquier/app/ui/words"
	"github.com/echiquier/echiquier/settings"
)

func (h *harness) wholeGameShortcut() { h.Shortcut(kit.AnalyseGame) }

func (h *harness) f2() { h.Shortcut(kit.Analyse) }

func TestAnalysisRefusedDuringAGame(t *testing.T) {
	h := newHarness(t)
	h.withEngine(uitest.FakeEngine(t, uitest.SteadyEngine))
	an := h.an
	h.Play("e2e4")
	if !(h.Env.Commands.Refused(kit.Analyse) != "") || !(h.Env.Commands.Refused(kit.AnalyseGame) != "") {
		t.Fatal("the analysis items are enabled during a game")
	}
	if got := h.Env.Commands.Refused(kit.Analyse); !strings.Contains(got, "No engine during a game") {
		t.Errorf("the Analysis menu says %q, want the reason", got)
	}
	h.f2()
	h.wholeGameShortcut()
	if an.on || an.live != nil || h.DialogText() != "" || an.v.panel.Visible() {
		t.Fatal("F2 or Ctrl+Shift+A did something during a game")
	}
	// Scholar's mate ends it: the engine may look at it now.
	h.Play("e7e5 f1c4 b8c6 d1h5 g8f6 h5f7")
	if (h.Env.Commands.Refused(kit.Analyse) != "") || (h.Env.Commands.Refused(kit.AnalyseGame) != "") || strings.Contains(h.Env.Commands.Refused(kit.Analyse), "No engine") {
		t.Errorf("a game over: items disabled %v %v, menu %q", (h.Env.Commands.Refused(kit.Analyse) != ""), (h.Env.Commands.Refused(kit.AnalyseGame) != ""), h.Env.Commands.Refused(kit.Analyse))
	}
}

func TestLiveAnalysisFollowsTheBoard(t *testing.T) {
	h := newHarness(t)
	h.withEngine(uitest.FakeEngine(t, uitest.SteadyEngine))
	h.openGame("[White \"Ann\"]\n[Black \"Bob\"]\n\n1. e4 e5 *\n")
	an := h.an
	h.f2()
	if !an.v.panel.Visible() || an.live == nil {
		t.Fatal("F2 did not start the analysis of a game read from a file")
	}
	h.runUntilAnalysis("three lines", func() bool { return an.v.lines[2].Text != "" })
	// After 1... e5 White is to move: +0.20 for White.
	if an.v.eval.Text != "+0.20" || an.v.depth.Text != "depth 7" || an.v.lines[0].Text != "+0.20  2. Nf3" || an.v.lines[2].Text != "-0.05  2. a3" {
		t.Errorf("panel %q", h.panelText())
	}
	b := h.board
	if !b.hasBest || b.best.UCI() != "g1f3" || !an.v.bar.Visible() || an.v.bar.Chances <= 0 {
		t.Errorf("arrow %v %v, bar shown %v at %v", b.hasBest, b.best, an.v.bar.Visible(), an.v.bar.Chances)
	}
	// One step back: Black to move after 1. e4, so +0.20 for Black is
	// -0.20; in French notation.
	h.Env.Settings.SetNotation(game.FrenchSAN)
	h.s.Step(-1)
	if b.hasBest {
		t.Error("the arrow of the position before stays on the board")
	}
	h.runUntilAnalysis("the position after 1. e4", func() bool { return an.v.eval.Text == "-0.20" })
	if an.v.lines[0].Text != "-0.20  1… Cf6" || b.best.UCI() != "g8f6" {
		t.Errorf("best line after 1. e4 %q", an.v.lines[0].Text)
	}
	h.f2()
	if an.v.panel.Visible() || an.v.bar.Visible() || an.live != nil || b.hasBest {
		t.Error("F2 again did not close the analysis")
	}
}

func TestLiveAnalysisStopsWhenPlayersPlayOn(t *testing.T) {
	h := newHarness(t)
	h.withEngine(uitest.FakeEngine(t, uitest.SteadyEngine))
	h.openGame("1. e4 e5 *\n")
	an := h.an
	h.f2()
	h.runUntilAnalysis("a line", func() bool { return an.v.lines[0].Text != "" })
	// A move added to the game read from a file is an edit: the engine
	// looks on.
	h.Play("g1f3")
	if an.live == nil {
		t.Fatal("a move added to a game read from a file stopped the engine")
	}
	// Its players taking it up again go on with the game.
	h.s.PlayOn()
	if an.live != nil || h.board.hasBest || !strings.Contains(an.v.status.Text, "No engine during a game") {
		t.Errorf("the game goes on: engine %v, panel %q", an.live != nil, h.panelText())
	}
}

func TestOpeningAnotherGameStopsTheEngine(t *testing.T) {
	h := newHarness(t)
	h.withEngine(uitest.FakeEngine(t, uitest.SteadyEngine))
	h.openGame("1. e4 e5 *\n")
	an := h.an
	h.f2()
	h.runUntilAnalysis("a line", func() bool { return an.v.lines[0].Text != "" })
	g, _ := game.New(game.Options{Now: h.Clock.Now})
	h.s.NewGame(g)
	if an.live != nil {
		t.Error("a new game in progress: the engine still runs")
	}
	h.an.Stop()
	if kids := childProcesses(t); len(kids) != 0 {
		t.Errorf("engine processes left: %v", kids)
	}
}

// childProcesses lists this process's children, zombies included.
func childProcesses(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("/proc/self/task/*/children")
	if err != nil || len(files) == 0 {
		t.Fatalf("cannot list the children of the test: %v", err)
	}
	var pids []string
	for _, f := range files {
		data, _ := os.ReadFile(f)
		pids = append(pids, strings.Fields(string(data))...)
	}
	return pids
}

func TestNoEngineInstalled(t *testing.T) {
	h := newHarness(t)
	h.Env.Settings.SetEnginePath("")
	h.detect = func() (string, error) { return "", engine.ErrNoEngine }
	h.openGame("1. e4 e5 1-0\n")
	an := h.an
	if !(h.Env.Commands.Refused(kit.Analyse) != "") || !(h.Env.Commands.Refused(kit.AnalyseGame) != "") || !strings.Contains(h.Env.Commands.Refused(kit.Analyse), "sudo apt install stockfish") {
		t.Errorf("no engine: items disabled %v %v, menu %q", (h.Env.Commands.Refused(kit.Analyse) != ""), (h.Env.Commands.Refused(kit.AnalyseGame) != ""), h.Env.Commands.Refused(kit.Analyse))
	}
	h.f2()
	if an.on || an.live != nil {
		t.Error("F2 started an analysis without an engine")
	}
}

// wholeGame runs Ctrl+Shift+A and Enter, and waits for the analysis to
// end.
func (h *harness) wholeGame() {
	h.t.Helper()
	h.wholeGameShortcut()
	h.WantDialog("Analyse the whole game")
	h.Press(fyne.KeyReturn)
	if h.DialogText() != "" {
		h.t.Fatalf("Enter left the dialog: %s", h.DialogText())
	}
	an := h.an
	if an.job == nil || !an.v.running.Visible() {
		h.t.Fatal("no analysis runs")
	}
	h.runUntilAnalysis("the end of the whole-game analysis", func() bool { return an.job == nil })
}

func TestWholeGameAnalysisIsWrittenIntoTheGame(t *testing.T) {
	h := newHarness(t)
	h.withEngine(uitest.FakeEngine(t, uitest.SteadyEngine))
	h.Env.Settings.SetEngineMoveTime(settings.MinEngineMoveTime)
	h.openGame("1. e4 e5 2. Nf3 Nc6 1-0\n")
	an := h.an
	if an.v.graph.Visible() {
		t.Error("a graph for a game without evaluations")
	}
	h.wholeGame()
	if h.DialogText() != "" {
		t.Fatalf("the analysis ended with %s", h.DialogText())
	}
	for _, n := range h.s.Game().MainLine() {
		if _, ok := engine.NodeEval(n); !ok {
			t.Errorf("%s has no [%%eval]", n.SAN())
		}
	}
	if !h.s.Dirty() {
		t.Error("the analysed game is not marked unsaved")
	}
	if !an.v.graph.Visible() || len(an.v.graph.Points) != 4 || an.v.running.Visible() {
		t.Errorf("graph shown %v with %d points, progress shown %v", an.v.graph.Visible(), len(an.v.graph.Points), an.v.running.Visible())
	}
	// A click on the graph's second point shows 1... e5.
	an.v.graph.OnSelect(1)
	if h.s.Shown() != h.s.Game().MainLine()[1] {
		t.Error("the graph's point did not show its move")
	}
}

func TestWholeGameEngineFailures(t *testing.T) {
	for _, c := range []struct {
		name, body, says string
	}{
		{"crash", `
	case "$line" in
	go*) echo "info depth 1 score cp 20 pv g1f3"; kill -SEGV $$ ;;
	esac`, "stopped during the analysis (signal: segmentation fault)"},
		{"not an engine", "", "is not a chess engine"},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t)
			path := uitest.FakeEngine(t, c.body)
			if c.body == "" {
				path = filepath.Join(t.TempDir(), "ls")
				uitest.WriteFile(t, path, "#!/bin/sh\necho 'usage: engine FILE'\nexit 2\n")
				if err := os.Chmod(path, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			h.withEngine(path)
			h.Env.Settings.SetEngineMoveTime(settings.MinEngineMoveTime)
			h.openGame("1. e4 e5 2. Nf3 Nc6 1-0\n")
			h.wholeGame()
			h.WantDialog(c.says)
			h.WantDialog("the game is unchanged")
			for _, n := range h.s.Game().MainLine() {
				if _, ok := engine.NodeEval(n); ok || len(n.Children()) > 1 {
					t.Errorf("%s was changed", n.SAN())
				}
			}
			if h.s.Dirty() {
				t.Error("a failed analysis marked the game unsaved")
			}
		})
	}
}

func TestLiveEngineCrashIsShown(t *testing.T) {
	h := newHarness(t)
	h.withEngine(uitest.FakeEngine(t, `
	case "$line" in
	go*) kill -SEGV $$ ;;
	esac`))
	h.openGame("1. e4 e5 *\n")
	an := h.an
	h.f2()
	h.runUntilAnalysis("the crash", func() bool { return an.live == nil })
	if !strings.Contains(an.v.status.Text, "segmentation fault") || h.board.hasBest {
		t.Errorf("panel %q", h.panelText())
	}
	// Browsing does not start the crashed engine again and again.
	h.s.Step(-1)
	if an.live != nil {
		t.Error("the crashed engine was started again by browsing")
	}
}

func TestWholeGameWithStockfish(t *testing.T) {
	const stockfish = "/usr/games/stockfish"
	if _, err := os.Stat(stockfish); err != nil {
		t.Skip("Stockfish is not installed (Debian: apt install stockfish):", err)
	}
	h := newHarness(t)
	h.withEngine(stockfish)
	h.Env.Settings.SetEngineThreads(1)
	// Long enough for a loaded machine to see the mate after 3... Nf6.
	h.Env.Settings.SetEngineMoveTime(300 * time.Millisecond)
	path := h.openGame("[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n")
	an := h.an
	h.f2()
	h.s.Show(h.s.Game().MainLine()[5]) // after 3... Nf6??
	h.runUntilAnalysis("mate in 1", func() bool { return an.v.eval.Text == "White mates in 1" })
	if b := h.board; !b.hasBest || b.best.UCI() != "h5f7" {
		t.Errorf("best move %v (shown %v), want Qxf7#", b.best, b.hasBest)
	}
	h.wholeGame()
	if h.DialogText() != "" {
		t.Fatal(h.DialogText())
	}
	h.s.Save()
	text := uitest.ReadFile(t, path)
	// The writer may break a line inside a comment: "[%eval\n#1]".
	if len(regexp.MustCompile(`\[%eval\s`).FindAllString(text, -1)) < 7 || !regexp.MustCompile(`Nf6\s+\$4`).MatchString(text) {
		t.Errorf("saved game:\n%s", text)
	}
}

func TestQuittingStopsTheEngines(t *testing.T) {
	h := newHarness(t)
	// Each search takes long: the whole-game analysis is still running
	// at the quit.
	h.withEngine(uitest.FakeEngine(t, uitest.SteadyEngine+`
	case "$line" in
	"go movetime"*) sleep 30 ;;
	esac`))
	h.openGame("1. e4 e5 2. Nf3 Nc6 1-0\n")
	h.f2()
	h.an.startWholeGame(time.Second)
	if h.an.job == nil {
		t.Fatal("no whole-game analysis runs")
	}
	h.an.Stop()
	if kids := childProcesses(t); len(kids) != 0 {
		t.Errorf("engine processes left after quitting: %v", kids)
	}
}

func TestEngineSettingsTab(t *testing.T) {
	h := newHarness(t)
	detected := uitest.FakeEngine(t, uitest.SteadyEngine)
	h.detect = func() (string, error) { return detected, nil }
	content := h.an.SettingsTab(&kit.Scope{})
	uitest.MustFind(t, content, "Detect button", func(b *kit.Button) bool { return b.Text == "Detect" }).OnTapped()
	if got := h.Env.Settings.EnginePath(); got != detected {
		t.Errorf("Detect set the engine path to %q, want %q", got, detected)
	}
	threads := uitest.MustFind(t, content, "threads field", func(e *kit.Entry) bool {
		return e.Text == fmt.Sprint(engine.DefaultThreads())
	})
	threads.SetText("0")
	if h.Env.Settings.EngineThreads() != engine.DefaultThreads() {
		t.Error("0 threads was kept")
	}
	threads.SetText("3")
	if h.Env.Settings.EngineThreads() != 3 {
		t.Errorf("threads = %d, want 3", h.Env.Settings.EngineThreads())
	}
	moveTime := uitest.MustFind(t, content, "time per move field", func(e *kit.Entry) bool { return e.Text == "0.5" })
	moveTime.SetText("0,2")
	if got := h.Env.Settings.EngineMoveTime(); got != 200*time.Millisecond {
		t.Errorf("time per move = %v, want 0.2 s from \"0,2\"", got)
	}
	path := uitest.MustFind(t, content, "engine's program field", func(e *kit.Entry) bool { return e.Text == detected })
	path.SetText("")
	h.Paste(path, strings.Repeat("/a", 1<<19))
	uitest.WantFull(t, "the engine's program", path, engine.MaxPath)
}

func TestAnalysisWordedInEnglishAndFrench(t *testing.T) {
	failures := []error{
		session.ErrGameInProgress, engine.ErrNoEngine, engine.ErrGameChanged, engine.ErrNoMoves,
		&engine.Error{Kind: engine.CannotStart, Path: "/opt/e", Detail: "no such file"},
		&engine.Error{Kind: engine.NotAnEngine, Path: "/opt/e"},
		&engine.Error{Kind: engine.Crashed, Path: "/opt/e", Detail: "exit status 3"},
		&engine.Error{Kind: engine.Hung, Path: "/opt/e"},
		&engine.Error{Kind: engine.Garbled, Path: "/opt/e"},
	}
	texts := map[string]string{}
	uitest.InLanguages(t, func(language words.Language) {
		for _, err := range failures {
			text := analysisErrorText(err)
			if text == err.Error() || texts[text] != "" {
				t.Errorf("%s: %v is worded %q, as %s", language, err, text, texts[text])
			}
			texts[text] = err.Error()
			if language == words.French && strings.Count(text, ":") != strings.Count(text, "\u00a0:") {
				t.Errorf("French without its no-break space before the colon: %q", text)
			}
		}
		mate := words.Score(engine.Score{Kind: engine.BlackMates, Moves: 3})
		if want := map[words.Language]string{words.English: "Black mates in 3", words.French: "Les Noirs matent en 3"}[language]; mate != want {
			t.Errorf("%s: mate in 3 for Black is %q, want %q", language, mate, want)
		}
	})
}

// TestF2DuringAGameSaysWhy: F2 during a game did nothing and said
// nothing; the status line now says why, and the menu says it too.
func TestF2DuringAGameSaysWhy(t *testing.T) {
	h := newHarness(t)
	h.withEngine(uitest.FakeEngine(t, uitest.SteadyEngine))
	h.Play("e2e4")
	h.f2()
	if got := h.Env.Status.Text(); !strings.Contains(got, "No engine during a game") {
		t.Errorf("F2 during a game: the status line says %q", got)
	}
	if h.an.on || h.DialogText() != "" {
		t.Error("F2 did something during a game")
	}
}

func TestAnEnginePathTypedWithoutEnterIsTakenWhenTheSettingsClose(t *testing.T) {
	// The path typed was dropped when Settings closed; the hash typed
	// next to it was kept.
	h := newHarness(t)
	first := uitest.FakeEngine(t, uitest.SteadyEngine)
	content := h.an.SettingsTab(&kit.Scope{})
	path := uitest.MustFind(t, content, "program field", func(e *kit.Entry) bool { return e.PlaceHolder == "Stockfish, found on the system" })
	path.SetText(first)
	path.OnSubmitted(first)
	h.t.Cleanup(h.an.Stop)
	h.openGame("[White \"Ann\"]\n[Black \"Bob\"]\n\n1. e4 e5 *\n")
	h.f2()
	live := h.an.live
	if live == nil {
		t.Fatal("no live analysis with the first engine")
	}
	second := uitest.FakeEngine(t, uitest.SteadyEngine)
	path.SetText(second) // and the window closed, no Enter
	h.an.SettingsClosed()
	if got := h.Env.Settings.EnginePath(); got != second {
		t.Fatalf("the program typed was not kept: %q", got)
	}
	if h.an.live == live || h.an.live == nil {
		t.Error("the live analysis goes on with the program before")
	}
	again := h.an.live
	h.an.SettingsClosed() // nothing typed since: nothing restarts
	if h.an.live != again {
		t.Error("closing the settings again restarted the engine")
	}
}

func TestQuittingWaitsForALiveEngineThatIsBusy(t *testing.T) {
	// Closing the live analysis no longer waits on the UI goroutine: the
	// window's Stop waits for the engine to be gone instead.
	h := newHarness(t)
	h.withEngine(uitest.FakeEngine(t, uitest.SteadyEngine+`
	case "$line" in
	"go infinite") sleep 30 ;;
	esac`))
	h.openGame("1. e4 e5 2. Nf3 Nc6 1-0\n")
	h.f2()
	h.runUntilAnalysis("the engine's lines", func() bool { return h.an.v.lines[0].Text != "" })
	h.an.Stop()
	if kids := childProcesses(t); len(kids) != 0 {
		t.Errorf("engine processes left after quitting: %v", kids)
	}
}

func TestTheComputerMayResignIsASetting(t *testing.T) {
	uitest.InEnglish(t)
	h := newHarness(t)
	content := h.an.SettingsTab(&kit.Scope{})
	c := uitest.MustFind(t, content, "resign check", func(c *kit.Check) bool { return c.Text == "The computer may resign a lost game" })
	if c.Checked {
		t.Fatal("the computer may resign by default")
	}
	c.SetChecked(true)
	if !h.Env.Settings.ComputerMayResign() {
		t.Error("the check was not kept")
	}
}
