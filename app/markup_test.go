package app

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	fynetheme "fyne.io/fyne/v2/theme"

	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/uitest"
)

// navButton is the button under the move list that shows icon.
func (h *harness) navButton(icon fyne.Resource) *kit.Button {
	h.t.Helper()
	return uitest.MustFind(h.t, h.object(objNav), "button "+icon.Name(), func(b *kit.Button) bool {
		return b.Icon != nil && b.Icon.Name() == icon.Name()
	})
}

// TestTheButtonsUnderTheMoveListStepThroughTheGame: start, previous,
// next, end and flip do what the keys do, and are disabled where they
// cannot act.
func TestTheButtonsUnderTheMoveListStepThroughTheGame(t *testing.T) {
	h := newHarness(t)
	start, prev := h.navButton(fynetheme.MediaSkipPreviousIcon()), h.navButton(fynetheme.NavigateBackIcon())
	next, end := h.navButton(fynetheme.NavigateNextIcon()), h.navButton(fynetheme.MediaSkipNextIcon())
	flip := h.navButton(fynetheme.ViewRefreshIcon())
	enabled := func(want string) {
		t.Helper()
		got := ""
		for i, b := range []*kit.Button{start, prev, next, end} {
			if !b.Disabled() {
				got += string("SPNE"[i])
			}
		}
		if got != want {
			t.Errorf("enabled: %q, want %q", got, want)
		}
	}
	enabled("")
	h.play("e2e4 e7e5 g1f3")
	s := h.app.env.Session
	enabled("SP")
	test.Tap(prev)
	if s.Shown() != s.Game().MainLine()[1] {
		t.Fatalf("< shows %s", s.Shown().SAN())
	}
	enabled("SPNE")
	test.Tap(start)
	if s.Shown() != s.Game().Root() {
		t.Fatal("|< does not show the start")
	}
	enabled("NE")
	test.Tap(next)
	if s.Shown() != s.Game().MainLine()[0] {
		t.Fatalf("> shows %s", s.Shown().SAN())
	}
	test.Tap(end)
	if s.Browsing() {
		t.Fatal(">| does not show the game as it stands")
	}
	flipped := h.board().Flipped
	test.Tap(flip)
	if h.board().Flipped == flipped {
		t.Error("the flip button did not turn the board")
	}
}

// TestTheEditMenuSetsSymbols: Edit ▸ Move symbol and Edit ▸ Evaluation
// set the symbols of the move shown, ticked in the menu.
func TestTheEditMenuSetsSymbols(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4 e7e5")
	h.menuItem(kit.BrilliantMove).Action()
	h.menuItem(kit.UnclearPosition).Action()
	if got := h.app.env.Session.Game().Live().NAGs(); len(got) != 2 || got[0] != 3 || got[1] != 13 {
		t.Fatalf("1… e5 has %v", got)
	}
	if !h.menuItem(kit.BrilliantMove).Checked || h.menuItem(kit.GoodMove).Checked {
		t.Error("the menu does not tick the move's symbol")
	}
	h.menuItem(kit.ClearSymbols).Action()
	if got := h.app.env.Session.Game().Live().NAGs(); len(got) != 0 {
		t.Errorf("cleared, 1… e5 has %v", got)
	}
}

// TestTheOpeningKeepsItsLineWhereThereIsHeight: in a window with height
// to spare, the opening's name has a row of its own, the whole width,
// under the buttons that step through the game beside the board, or
// under the move list under the board; in a smaller window it shares
// their line, or (under the board, the window short) has no room. Beside
// the buttons, in a narrow panel, the name showed as "…".
func TestTheOpeningKeepsItsLineWhereThereIsHeight(t *testing.T) {
	h := newHarness(t)
	h.play("e2e4 e7e5")
	opening, nav := h.object(objOpening), h.object(objNav)
	for _, c := range []struct {
		size          fyne.Size
		shown, wholly bool
	}{{fyne.NewSize(1400, 1000), true, true}, {fyne.NewSize(683, 1100), true, true}, {laptop, true, false}, {small, true, false}, {halfScreen, false, false}} {
		h.resize(c.size.Width, c.size.Height)
		op, os := h.place(opening)
		np, _ := h.place(nav)
		if onScreen(opening) != c.shown {
			t.Errorf("%v: the opening shown: %v, want %v", c.size, onScreen(opening), c.shown)
		}
		if c.shown && c.wholly && (os.Width+0.5 < h.moves().Size().Width || np.Y >= op.Y && !h.layout().tall) {
			t.Errorf("%v: the opening at %v is %v wide, under the buttons at %v", c.size, op, os.Width, np)
		}
		if c.shown && !c.wholly && (op.Y != np.Y || os.Width+0.5 >= h.moves().Size().Width) {
			t.Errorf("%v: the opening at %v (%v wide) is not beside the buttons at %v", c.size, op, os.Width, np)
		}
	}
}
