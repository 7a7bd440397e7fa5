package app

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/engine"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/session"
	"github.com/echiquier/echiquier/app/ui/words"
	"github.com/echiquier/echiquier/settings"
)

// fakeUCI writes a shell-script engine and returns its path. It answers
// the handshake; body is the rest of the loop over the commands read,
// with $line the command. g1f3 is legal at the start and after 1. e4
// e5, the positions these tests analyse live.
func fakeUCI(t *testing.T, body string) string {
	t.Helper()
	script := `#!/bin/sh
while IFS= read -r line; do
	case "$line" in
	uci) echo "id name Fake"; echo uciok; continue ;;
	isready) echo readyok; continue ;;
	quit) exit 0 ;;
	esac
` + body + `
done
`
	path := filepath.Join(t.TempDir(), "engine")
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// steadyEngine finds +0.20 for the side to move, three lines, and stops
// when told; a search with a time answers at once. Its best move is
// g1f3 with White to move, g8f6 with Black (by the position's side to
// move and the number of moves given), legal in the first positions of the games analysed here.
const steadyEngine = `
	case "$line" in
	position*)
		set -- $line; k=0; [ "$2" = fen ] && [ "$4" = b ] && k=1
		case "$line" in *" moves "*) set -- ${line#* moves }; k=$((k + $#)) ;; esac
		best=g1f3; [ $((k % 2)) -eq 1 ] && best=g8f6 ;;
	"go infinite")
		echo "info depth 7 multipv 1 score cp 20 pv $best"
		echo "info depth 7 multipv 2 score cp 10 pv b1c3"
		echo "info depth 7 multipv 3 score cp -5 pv a2a3" ;;
	go*) echo "info depth 3 score cp 20 pv $best"; echo "bestmove $best" ;;
	stop) echo "bestmove $best" ;;
	esac`

// withEngine makes the harness use the engine at path, and stops every
// engine when the test ends.
func (h *harness) withEngine(path string) {
	h.app.settings.SetEnginePath(path)
	h.t.Cleanup(h.app.stopAnalysis)
}

// runUntilAnalysis runs what the engines hand to the UI goroutine until
// done holds.
func (h *harness) runUntilAnalysis(what string, done func() bool) {
	h.t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !done() {
		if time.Now().After(deadline) {
			h.t.Fatalf("still waiting for %s; the panel says %q", what, h.panelText())
		}
		select {
		case f := <-h.queue:
			f()
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// panelText is what the analysis panel shows, line by line.
func (h *harness) panelText() string {
	an := h.app.analysis
	parts := []string{an.eval.Text, an.depth.Text, an.status.Text}
	for _, l := range an.lines {
		parts = append(parts, l.Text)
	}
	return strings.Join(parts, " | ")
}

// openGame opens a file holding text.
func (h *harness) openGame(text string) string {
	h.t.Helper()
	path := filepath.Join(h.t.TempDir(), "game.pgn")
	writeFile(h.t, path, text)
	h.open(path)
	return path
}

func (h *harness) wholeGameShortcut() {
	h.app.win.Canvas().(fyne.Shortcutable).TypedShortcut(&desktop.CustomShortcut{
		KeyName: fyne.KeyA, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift})
}

func (h *harness) f2() { h.app.typedKey(&fyne.KeyEvent{Name: fyne.KeyF2}) }

func TestAnalysisRefusedDuringAGame(t *testing.T) {
	h := newHarness(t)
	h.withEngine(fakeUCI(t, steadyEngine))
	an := h.app.analysis
	h.play("e2e4")
	if !an.position.Disabled || !an.whole.Disabled {
		t.Fatal("the analysis items are enabled during a game")
	}
	if got := menuLabels(an.menu); !strings.Contains(got, "No engine during a game") {
		t.Errorf("the Analysis menu says %q, want the reason", got)
	}
	h.f2()
	h.wholeGameShortcut()
	if an.on || an.live != nil || h.dialogText() != "" || an.panel.Visible() {
		t.Fatal("F2 or Ctrl+Shift+A did something during a game")
	}
	// Scholar's mate ends it: the engine may look at it now.
	h.play("e7e5 f1c4 b8c6 d1h5 g8f6 h5f7")
	if an.position.Disabled || an.whole.Disabled || strings.Contains(menuLabels(an.menu), "No engine") {
		t.Errorf("a game over: items disabled %v %v, menu %q", an.position.Disabled, an.whole.Disabled, menuLabels(an.menu))
	}
}

func TestLiveAnalysisFollowsTheBoard(t *testing.T) {
	h := newHarness(t)
	h.withEngine(fakeUCI(t, steadyEngine))
	h.openGame("[White \"Ann\"]\n[Black \"Bob\"]\n\n1. e4 e5 *\n")
	an := h.app.analysis
	h.f2()
	if !an.panel.Visible() || an.live == nil {
		t.Fatal("F2 did not start the analysis of a game read from a file")
	}
	h.runUntilAnalysis("three lines", func() bool { return an.lines[2].Text != "" })
	// After 1... e5 White is to move: +0.20 for White.
	if an.eval.Text != "+0.20" || an.depth.Text != "depth 7" || an.lines[0].Text != "+0.20  2. Nf3" || an.lines[2].Text != "-0.05  2. a3" {
		t.Errorf("panel %q", h.panelText())
	}
	b := h.app.ui.board
	if !b.HasBestMove || b.BestMove.UCI() != "g1f3" || !an.bar.Visible() || an.bar.Chances <= 0 {
		t.Errorf("arrow %v %v, bar shown %v at %v", b.HasBestMove, b.BestMove, an.bar.Visible(), an.bar.Chances)
	}
	// One step back: Black to move after 1. e4, so +0.20 for Black is
	// -0.20; in French notation.
	h.app.settings.SetNotation(game.FrenchSAN)
	h.app.step(-1)
	if b.HasBestMove {
		t.Error("the arrow of the position before stays on the board")
	}
	h.runUntilAnalysis("the position after 1. e4", func() bool { return an.eval.Text == "-0.20" })
	if an.lines[0].Text != "-0.20  1… Cf6" || b.BestMove.UCI() != "g8f6" {
		t.Errorf("best line after 1. e4 %q", an.lines[0].Text)
	}
	h.f2()
	if an.panel.Visible() || an.bar.Visible() || an.live != nil || b.HasBestMove {
		t.Error("F2 again did not close the analysis")
	}
}

func TestLiveAnalysisStopsWhenPlayersPlayOn(t *testing.T) {
	h := newHarness(t)
	h.withEngine(fakeUCI(t, steadyEngine))
	h.openGame("1. e4 e5 *\n")
	an := h.app.analysis
	h.f2()
	h.runUntilAnalysis("a line", func() bool { return an.lines[0].Text != "" })
	// A move played at the live position goes on with the game.
	h.play("g1f3")
	if an.live != nil || h.app.ui.board.HasBestMove || !strings.Contains(an.status.Text, "No engine during a game") {
		t.Errorf("the game goes on: engine %v, panel %q", an.live != nil, h.panelText())
	}
}

func TestOpeningAnotherGameStopsTheEngine(t *testing.T) {
	h := newHarness(t)
	h.withEngine(fakeUCI(t, steadyEngine))
	h.openGame("1. e4 e5 *\n")
	an := h.app.analysis
	h.f2()
	h.runUntilAnalysis("a line", func() bool { return an.lines[0].Text != "" })
	h.app.sess.NewGame(h.app.newDefaultGame())
	if an.live != nil {
		t.Error("a new game in progress: the engine still runs")
	}
	h.app.stopAnalysis()
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
	h.app.settings.SetEnginePath("")
	h.app.detectEngine = func() (string, error) { return "", engine.ErrNoEngine }
	h.openGame("1. e4 e5 1-0\n")
	an := h.app.analysis
	if !an.position.Disabled || !an.whole.Disabled || !strings.Contains(menuLabels(an.menu), "sudo apt install stockfish") {
		t.Errorf("no engine: items disabled %v %v, menu %q", an.position.Disabled, an.whole.Disabled, menuLabels(an.menu))
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
	h.wantDialog("Analyse the whole game")
	h.app.typedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if h.dialogText() != "" {
		h.t.Fatalf("Enter left the dialog: %s", h.dialogText())
	}
	an := h.app.analysis
	if an.job == nil || !an.running.Visible() {
		h.t.Fatal("no analysis runs")
	}
	h.runUntilAnalysis("the end of the whole-game analysis", func() bool { return an.job == nil })
}

func TestWholeGameAnalysisIsWrittenIntoTheGame(t *testing.T) {
	h := newHarness(t)
	h.withEngine(fakeUCI(t, steadyEngine))
	h.app.settings.SetEngineMoveTime(settings.MinEngineMoveTime)
	h.openGame("1. e4 e5 2. Nf3 Nc6 1-0\n")
	an := h.app.analysis
	if an.graph.Visible() {
		t.Error("a graph for a game without evaluations")
	}
	h.wholeGame()
	if h.dialogText() != "" {
		t.Fatalf("the analysis ended with %s", h.dialogText())
	}
	for _, n := range h.app.sess.Game().MainLine() {
		if _, ok := engine.NodeEval(n); !ok {
			t.Errorf("%s has no [%%eval]", n.SAN())
		}
	}
	if !h.app.sess.Dirty() || !strings.HasPrefix(h.app.win.Title(), "•") {
		t.Error("the analysed game is not marked unsaved")
	}
	if !an.graph.Visible() || len(an.graph.Points) != 4 || an.running.Visible() {
		t.Errorf("graph shown %v with %d points, progress shown %v", an.graph.Visible(), len(an.graph.Points), an.running.Visible())
	}
	// A click on the graph's second point shows 1... e5.
	an.graph.OnSelect(1)
	if h.app.sess.Shown() != h.app.sess.Game().MainLine()[1] {
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
			path := fakeUCI(t, c.body)
			if c.body == "" {
				path = filepath.Join(t.TempDir(), "ls")
				writeFile(t, path, "#!/bin/sh\necho 'usage: engine FILE'\nexit 2\n")
				if err := os.Chmod(path, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			h.withEngine(path)
			h.app.settings.SetEngineMoveTime(settings.MinEngineMoveTime)
			h.openGame("1. e4 e5 2. Nf3 Nc6 1-0\n")
			h.wholeGame()
			h.wantDialog(c.says)
			h.wantDialog("the game is unchanged")
			for _, n := range h.app.sess.Game().MainLine() {
				if _, ok := engine.NodeEval(n); ok || len(n.Children()) > 1 {
					t.Errorf("%s was changed", n.SAN())
				}
			}
			if h.app.sess.Dirty() {
				t.Error("a failed analysis marked the game unsaved")
			}
		})
	}
}

func TestLiveEngineCrashIsShown(t *testing.T) {
	h := newHarness(t)
	h.withEngine(fakeUCI(t, `
	case "$line" in
	go*) kill -SEGV $$ ;;
	esac`))
	h.openGame("1. e4 e5 *\n")
	an := h.app.analysis
	h.f2()
	h.runUntilAnalysis("the crash", func() bool { return an.live == nil })
	if !strings.Contains(an.status.Text, "segmentation fault") || h.app.ui.board.HasBestMove {
		t.Errorf("panel %q", h.panelText())
	}
	// Browsing does not start the crashed engine again and again.
	h.app.step(-1)
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
	h.app.settings.SetEngineThreads(1)
	// Long enough for a loaded machine to see the mate after 3... Nf6.
	h.app.settings.SetEngineMoveTime(300 * time.Millisecond)
	path := h.openGame("[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n")
	an := h.app.analysis
	h.f2()
	h.app.showNode(h.app.sess.Game().MainLine()[5]) // after 3... Nf6??
	h.runUntilAnalysis("mate in 1", func() bool { return an.eval.Text == "White mates in 1" })
	if b := h.app.ui.board; !b.HasBestMove || b.BestMove.UCI() != "h5f7" {
		t.Errorf("best move %v (shown %v), want Qxf7#", b.BestMove, b.HasBestMove)
	}
	h.wholeGame()
	if h.dialogText() != "" {
		t.Fatal(h.dialogText())
	}
	h.app.save()
	text := readFile(t, path)
	// The writer may break a line inside a comment: "[%eval\n#1]".
	if len(regexp.MustCompile(`\[%eval\s`).FindAllString(text, -1)) < 7 || !regexp.MustCompile(`Nf6\s+\$4`).MatchString(text) {
		t.Errorf("saved game:\n%s", text)
	}
}

func TestQuittingStopsTheEngines(t *testing.T) {
	h := newHarness(t)
	// Each search takes long: the whole-game analysis is still running
	// at the quit.
	h.withEngine(fakeUCI(t, steadyEngine+`
	case "$line" in
	"go movetime"*) sleep 30 ;;
	esac`))
	h.openGame("1. e4 e5 2. Nf3 Nc6 1-0\n")
	h.f2()
	h.app.startWholeGame(time.Second)
	if h.app.analysis.job == nil {
		t.Fatal("no whole-game analysis runs")
	}
	h.app.quit()
	if kids := childProcesses(t); len(kids) != 0 {
		t.Errorf("engine processes left after quitting: %v", kids)
	}
}

func TestEngineSettingsTab(t *testing.T) {
	h := newHarness(t)
	detected := fakeUCI(t, steadyEngine)
	h.app.detectEngine = func() (string, error) { return detected, nil }
	content := h.settingsContent()
	findIn(t, content, "Detect button", func(b *widget.Button) bool { return b.Text == "Detect" }).OnTapped()
	if got := h.app.settings.EnginePath(); got != detected {
		t.Errorf("Detect set the engine path to %q, want %q", got, detected)
	}
	threads := findIn(t, content, "threads field", func(e *widget.Entry) bool {
		return e.Text == fmt.Sprint(engine.DefaultThreads())
	})
	threads.SetText("0")
	if h.app.settings.EngineThreads() != engine.DefaultThreads() {
		t.Error("0 threads was kept")
	}
	threads.SetText("3")
	if h.app.settings.EngineThreads() != 3 {
		t.Errorf("threads = %d, want 3", h.app.settings.EngineThreads())
	}
	moveTime := findIn(t, content, "time per move field", func(e *widget.Entry) bool { return e.Text == "0.5" })
	moveTime.SetText("0,2")
	if got := h.app.settings.EngineMoveTime(); got != 200*time.Millisecond {
		t.Errorf("time per move = %v, want 0.2 s from \"0,2\"", got)
	}
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
	inLanguages(t, func(language string) {
		for _, err := range failures {
			text := analysisErrorText(err)
			if text == err.Error() || texts[text] != "" {
				t.Errorf("%s: %v is worded %q, as %s", language, err, text, texts[text])
			}
			texts[text] = err.Error()
			if language == "fr" && strings.Count(text, ":") != strings.Count(text, "\u00a0:") {
				t.Errorf("French without its no-break space before the colon: %q", text)
			}
		}
		mate := words.Score(engine.Score{Kind: engine.BlackMates, Moves: 3})
		if want := map[string]string{"en": "Black mates in 3", "fr": "Les Noirs matent en 3"}[language]; mate != want {
			t.Errorf("%s: mate in 3 for Black is %q, want %q", language, mate, want)
		}
	})
}

// TestTheAnalysisTakesOnlyTheRoomItNeeds: until the engine's lines come,
// the panel under the move list is one line ("Analysing…"), not five
// empty ones that squeezed the move list to a row.
func TestTheAnalysisTakesOnlyTheRoomItNeeds(t *testing.T) {
	h := newHarness(t)
	h.withEngine(fakeUCI(t, steadyEngine))
	h.openGame("[White \"Ann\"]\n[Black \"Bob\"]\n\n1. e4 e5 *\n")
	an := h.app.analysis
	h.app.win.Content().Refresh()
	listHeight := h.app.ui.moves.Size().Height
	h.f2()
	h.app.win.Content().Refresh()
	if waiting := h.app.ui.moves.Size().Height; listHeight-waiting > 2*an.status.MinSize().Height {
		t.Errorf("waiting for the engine, the move list went from %v to %v high", listHeight, waiting)
	}
	h.runUntilAnalysis("three lines", func() bool { return an.lines[2].Text != "" })
	if !an.lines[2].Visible() {
		t.Error("the engine's lines came but do not show")
	}
}
