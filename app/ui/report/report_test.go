package report

import (
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/engine"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/uitest"
	"github.com/echiquier/echiquier/app/ui/words"
)

// harness is the report room in Fyne's test driver, its panel in the
// window.
type harness struct {
	*uitest.Harness
	t *testing.T
	r *Report
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	u := uitest.New(t)
	h := &harness{Harness: u, t: t, r: New(u.Env)}
	u.Follow(h.r.Follow)
	u.Show(h.r.Build())
	return h
}

// open opens a file holding text.
func (h *harness) open(text string) {
	h.t.Helper()
	path := filepath.Join(h.t.TempDir(), "game.pgn")
	uitest.WriteFile(h.t, path, text)
	h.Open(path)
}

// shortGame is analysed by hand in app/engine's TestGameReportOfAShortGame:
// White 87%, average loss 25, 3. Qh5 an inaccuracy; Black 19%, 348, 3...
// Nf6 a blunder. The better lines are the engine's at both.
const shortGame = `[White "Ann"]
[Black "Bob"]
[Result "1-0"]

1. e4 {[%eval 0.35]} e5 {[%eval 0.30]} 2. Bc4 {[%eval 0.20]} Nc6 {[%eval 0.25]}
3. Qh5?! {[%eval -0.40]} (3. Nf3 Nf6 4. d3) 3... Nf6?? {[%eval #1]} (3... g6 4. Qf3 Nf6) 4. Qxf7# 1-0
`

// texts is what the panel shows, cell by cell and row by row.
func (h *harness) texts() string {
	v := h.r.v
	var cells []string
	for c := range 2 {
		cells = append(cells, v.names[c].Text, v.accuracy[c].Text, v.loss[c].Text)
		for k := range 3 {
			if v.counts[c][k].Visible() {
				cells = append(cells, "["+v.counts[c][k].Text+"]")
			} else {
				cells = append(cells, v.none[c][k].Text)
			}
		}
	}
	for i := range v.moves {
		if v.moves[i].Visible() {
			cells = append(cells, v.moves[i].Text+" | "+v.lines[i].Text)
		}
	}
	return strings.Join(cells, " ; ")
}

// TestTheReportShowsEachPlayer: the players' figures, their errors as
// links, the turning points with the engine's better lines, in English
// and in French.
func TestTheReportShowsEachPlayer(t *testing.T) {
	uitest.InLanguages(t, func(l words.Language) {
		h := newHarness(t)
		h.Env.Language = l
		h.open(shortGame)
		if !h.r.v.panel.Visible() {
			t.Fatalf("%s: no report for an analysed game", l)
		}
		want := "Ann ; 87% ; 25 ; [1] ; 0 ; 0 ; Bob ; 19% ; 348 ; 0 ; 0 ; [1] ; " +
			"3. Qh5?!  52% → 46% | 3. Nf3 Nf6 4. d3 ; 3... Nf6??  54% → 2% | 3... g6 4. Qf3 Nf6"
		if l == words.French {
			want = "Ann ; 87\u00a0% ; 25 ; [1] ; 0 ; 0 ; Bob ; 19\u00a0% ; 348 ; 0 ; 0 ; [1] ; " +
				"3. Dh5?!  52\u00a0% → 46\u00a0% | 3. Cf3 Cf6 4. d3 ; 3... Cf6??  54\u00a0% → 2\u00a0% | 3... g6 4. Df3 Cf6"
		}
		if got := h.texts(); got != want {
			t.Errorf("%s: the report shows\n%s\nwant\n%s", l, got, want)
		}
	})
}

// TestTheErrorsAndTurningPointsShowTheirMoves: a click on a count shows
// that player's next error of that kind, then the next, then the first
// again; a click on a turning point shows its move, on its better line
// the line's first move.
func TestTheErrorsAndTurningPointsShowTheirMoves(t *testing.T) {
	uitest.InEnglish(t)
	h := newHarness(t)
	h.open(`[White "Ann"]
[Black "Bob"]
[Result "*"]

1. e4 {[%eval 0.3]} e5 {[%eval 0.3]} 2. Qh5 {[%eval -0.4]} Nc6 {[%eval -0.4]} 3. Bc4 {[%eval -0.4]} g6 {[%eval -0.4]}
4. Qf3 {[%eval -1.2]} (4. Qe2 Nf6) 4... Nf6 {[%eval -1.2]} *
`)
	line := h.Env.Session.Game().MainLine()
	qh5, qf3 := line[2], line[6]
	if n := h.r.report.White.Inaccuracies; n != 2 {
		t.Fatalf("White has %d inaccuracies, want 2. Qh5 and 4. Qf3", n)
	}
	// A link takes a click on its words only.
	tap := func(l *widget.Hyperlink) {
		at := fyne.NewPos(8, l.Size().Height/2)
		if l.Alignment == fyne.TextAlignCenter {
			at.X = l.Size().Width / 2
		}
		test.TapAt(l, at)
	}
	inaccuracies := h.r.v.counts[game.White][0]
	for i, want := range []*game.Node{qh5, qf3, qh5} {
		tap(inaccuracies)
		if got := h.Env.Session.Shown(); got != want {
			t.Errorf("click %d on White's inaccuracies shows %s, want %s", i+1, got.SAN(), want.SAN())
		}
	}
	if got := h.Env.Status.Text(); !strings.Contains(got, "Inaccuracy 1 of 2 by Ann: 2. Qh5") {
		t.Errorf("the status line says %q", got)
	}
	var at int
	for i, m := range h.r.report.TurningPoints() {
		if m.Node == qf3 {
			at = i
		}
	}
	h.Env.Session.ShowLive()
	tap(h.r.v.moves[at])
	if h.Env.Session.Shown() != qf3 {
		t.Errorf("a click on the turning point 4. Qf3 shows %s", h.Env.Session.Shown().SAN())
	}
	tap(h.r.v.lines[at])
	if got := h.Env.Session.Shown(); got.SAN() != "Qe2" || got.Parent() != line[5] {
		t.Errorf("a click on the better line shows %s", got.SAN())
	}
}

// TestTheReportFollowsTheGame: no evaluation, no report (it takes no
// room); a move without one, a message saying which; an analysis
// written, the report; the report hidden from the menu stays hidden.
func TestTheReportFollowsTheGame(t *testing.T) {
	uitest.InEnglish(t)
	h := newHarness(t)
	if h.r.v.panel.Visible() {
		t.Error("a new game has a report")
	}
	h.open("[White \"Ann\"]\n\n1. e4 {[%eval 0.3]} e5 2. Nf3 {[%eval 0.3]} *\n")
	if !h.r.v.panel.Visible() || h.r.v.figures.Visible() || !strings.Contains(h.r.v.message.Text, "1... e5 has none") {
		t.Errorf("a move without an evaluation: the panel says %q", h.r.v.message.Text)
	}
	if why := h.Env.Commands.Refused(kit.CopyReport); !strings.Contains(why, "1... e5") {
		t.Errorf("copying is refused with %q", why)
	}
	g := h.Env.Session.Game()
	r := engine.Result{StartFEN: game.StartFEN}
	for _, n := range g.MainLine() {
		r.Moves = append(r.Moves, engine.MoveResult{Move: n.Move(), SAN: n.SAN(), Eval: engine.Score{Centipawns: 20}})
	}
	if err := h.Env.Session.ApplyAnalysis(r); err != nil {
		t.Fatal(err)
	}
	if !h.r.v.figures.Visible() || h.r.v.message.Visible() || h.r.v.accuracy[game.White].Text != "100%" {
		t.Errorf("after the analysis the panel shows %q", h.texts())
	}
	h.Env.Commands.Run(kit.GameReport)
	if h.r.v.panel.Visible() {
		t.Error("Game report turned off, the panel shows")
	}
	h.open(shortGame)
	if h.r.v.panel.Visible() {
		t.Error("another game shows the report turned off")
	}
	h.Env.Commands.Run(kit.GameReport)
	if !h.r.v.panel.Visible() || h.r.report.White.Inaccuracies != 1 {
		t.Errorf("Game report turned on again: %q", h.texts())
	}
}

// TestARefusedEvaluationIsSaidRefused: a move whose [%eval] cannot be
// read (a mate in 999,999 moves) is named with it, in both languages,
// not said to have none; a game whose only evaluation is refused shows
// the panel that says so.
func TestARefusedEvaluationIsSaidRefused(t *testing.T) {
	uitest.InLanguages(t, func(l words.Language) {
		h := newHarness(t)
		h.Env.Language = l
		h.open("[White \"Ann\"]\n\n1. e4 {[%eval #999999]} e5 {[%eval 0.3]} *\n")
		want := "The report needs an evaluation after every move; that of 1. e4, [%eval #999999], cannot be read: analyse the whole game."
		if l == words.French {
			want = "Le bilan demande une évaluation après chaque coup\u00a0; celle de 1. e4, [%eval #999999], est illisible\u00a0: analysez toute la partie."
		}
		if !h.r.v.panel.Visible() || h.r.v.message.Text != want {
			t.Errorf("%s: the panel (shown %v) says %q, want %q", l, h.r.v.panel.Visible(), h.r.v.message.Text, want)
		}
		h.open("[White \"Ann\"]\n\n1. e4 {[%eval #999999]} *\n")
		if !h.r.v.panel.Visible() || !strings.Contains(h.r.v.message.Text, "#999999") {
			t.Errorf("%s: the only evaluation refused: the panel (shown %v) says %q", l, h.r.v.panel.Visible(), h.r.v.message.Text)
		}
	})
}

// TestCopyTheReport: the report goes to the clipboard as text a teacher
// pastes into a message, in the user's language.
func TestCopyTheReport(t *testing.T) {
	uitest.InLanguages(t, func(l words.Language) {
		h := newHarness(t)
		h.Env.Language = l
		if why := h.Env.Commands.Refused(kit.CopyReport); why == "" {
			t.Errorf("%s: a game without evaluations has a report to copy", l)
		}
		h.open(shortGame)
		h.Env.Commands.Run(kit.CopyReport)
		got := h.Env.App.Clipboard().Content()
		want := []string{"Game report: Ann – Bob, 1-0", "Accuracy      87%  19%", "Average loss  25   348",
			"Inaccuracies  1    0", "Blunders      0    1", "3. Qh5?! (52% → 46%), better 3. Nf3 Nf6 4. d3", "lichess"}
		if l == words.French {
			want = []string{"Bilan de la partie\u00a0: Ann – Bob, 1-0", "Précision      87\u00a0%  19\u00a0%",
				"3. Dh5?! (52\u00a0% → 46\u00a0%), mieux\u00a0: 3. Cf3 Cf6 4. d3", "lichess"}
		}
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: the text copied lacks %q:\n%s", l, w, got)
			}
		}
		if status := h.Env.Status.Text(); status == "" {
			t.Errorf("%s: the status line does not say the report was copied", l)
		}
	})
}
