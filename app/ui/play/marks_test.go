package play

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/uitest"
	"github.com/echiquier/echiquier/app/ui/words"
)

// rightDrag draws on the board with the secondary button, from one
// square to another (the same for a circle), the modifiers held.
func (h *harness) rightDrag(from, to string, mod fyne.KeyModifier) {
	b := h.p.v.board
	at := func(name string) *desktop.MouseEvent {
		return &desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: b.SquareCenter(uitest.Square(name))},
			Button: desktop.MouseButtonSecondary, Modifier: mod}
	}
	b.MouseDown(at(from))
	b.MouseMoved(at(to))
	b.MouseUp(at(to))
}

// press presses and lets go the primary button on a square of the board.
func (h *harness) press(name string) {
	b := h.p.v.board
	ev := &desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: b.SquareCenter(uitest.Square(name))}, Button: desktop.MouseButtonPrimary}
	b.MouseDown(ev)
	b.MouseUp(ev)
}

func markList(ms []game.Mark) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.String())
	}
	return out
}

// wantMarks checks the marks of the position shown, in the game and on
// the board.
func (h *harness) wantMarks(want ...string) {
	h.t.Helper()
	if got := markList(h.s.Shown().Marks()); !slices.Equal(got, want) {
		h.t.Errorf("the position's marks are %q, want %q", got, want)
	}
	if got := markList(h.p.v.board.Marks); !slices.Equal(got, want) {
		h.t.Errorf("the board shows %q, want %q", got, want)
	}
}

func TestMarksDrawnOnTheBoardAreTheGames(t *testing.T) {
	h := newHarness(t)
	h.play("d2d4 d7d5")
	h.rightDrag("c2", "c4", 0)
	h.rightDrag("e5", "e5", fyne.KeyModifierShift)
	h.wantMarks("Re5", "Gc2c4")
	if !h.s.Dirty() {
		t.Error("the marks left the game saved")
	}
	// On a past position, its own.
	h.s.Show(h.s.Game().MainLine()[0])
	h.wantMarks()
	h.rightDrag("d7", "d5", fyne.KeyModifierAlt)
	h.wantMarks("Bd7d5")
	h.s.ShowLive()
	h.wantMarks("Re5", "Gc2c4")
	// The same again takes it away.
	h.rightDrag("c2", "c4", 0)
	h.wantMarks("Re5")
}

func TestAClickClearsTheMarksAndTheyComeBack(t *testing.T) {
	uitest.InLanguages(t, func(language words.Language) {
		h := newHarness(t)
		h.play("e2e4")
		if why := h.Env.Commands.Refused(kit.RestoreMarks); why == "" {
			t.Errorf("%s: the marks can be brought back before any was cleared", language)
		}
		h.rightDrag("e7", "e5", 0)
		h.rightDrag("d5", "d5", 0)
		// The click that picks up a piece clears them, and says how to
		// bring them back.
		h.press("g8")
		h.tapSquare("g8")
		h.wantMarks()
		if h.p.v.board.Selected() != uitest.Square("g8") {
			t.Errorf("%s: the click did not pick up the knight", language)
		}
		want := map[words.Language]string{
			words.English: "Arrows and circles cleared (Play ▸ Bring back the arrows and circles).",
			words.French:  "Flèches et cercles effacés (Jeu ▸ Remettre les flèches et les cercles).",
		}[language]
		if got := h.statusText(); got != want {
			t.Errorf("%s: the status line says %q, want %q", language, got, want)
		}
		// The knight moves: the marks of the position before come back,
		// and it is shown.
		h.tapSquare("f6")
		if h.History() != "e4 Nf6" {
			t.Fatalf("%s: history %q", language, h.History())
		}
		h.Env.Commands.Run(kit.RestoreMarks)
		if h.s.Shown() != h.s.Game().MainLine()[0] {
			t.Errorf("%s: the position of the marks is not shown", language)
		}
		h.wantMarks("Gd5", "Ge7e5")
		if got := h.statusText(); strings.Contains(got, "▸") {
			t.Errorf("%s: brought back, the status line still says %q", language, got)
		}
		// Escape, the keyboard nowhere, clears them too.
		h.Press(fyne.KeyEscape)
		h.wantMarks()
		h.Env.Commands.Run(kit.RestoreMarks)
		h.wantMarks("Gd5", "Ge7e5")
		h.Env.Commands.Run(kit.RestoreMarks)
		want = map[words.Language]string{
			words.English: "No arrows or circles were cleared.",
			words.French:  "Aucune flèche ni aucun cercle n’a été effacé.",
		}[language]
		if got := h.statusText(); got != want {
			t.Errorf("%s: nothing to bring back, the status line says %q, want %q", language, got, want)
		}
	})
}
