package newgame

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/pgn"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/uitest"
	"github.com/echiquier/echiquier/app/ui/words"
)

func TestNewGameDialogStartsATimedGame(t *testing.T) {
	h := newHarness(t)
	h.Env.Commands.Run(kit.NewGame)
	h.WantDialog("New game")
	entries, selects := h.DialogFields()
	entries[0].SetText("Alice")
	entries[1].SetText("Bob")
	selects[preset].SetSelectedIndex(1) // 3 + 2
	h.TapButton("Start")
	g := h.Env.Session.Game()
	if g.Tag("White") != "Alice" || g.Tag("Black") != "Bob" {
		t.Errorf("names = %q, %q", g.Tag("White"), g.Tag("Black"))
	}
	if got := g.TimeControl().String(); got != "180+2" {
		t.Errorf("time control = %s", got)
	}
	h.Clock.Advance(time.Minute)
	if g.Remaining(game.White) != 3*time.Minute || !h.Env.Session.Waiting() {
		t.Errorf("White's clock a minute after Start: %v, waiting for the first move %v", g.Remaining(game.White), h.Env.Session.Waiting())
	}
	if w, b := h.Env.Settings.PlayerNames(); w != "Alice" || b != "Bob" {
		t.Errorf("names not remembered: %q %q", w, b)
	}
	if h.leave.asked != 1 {
		t.Errorf("the game on screen was asked about %d times", h.leave.asked)
	}
}

func TestNewGameDialogRefusesABadFEN(t *testing.T) {
	h := newHarness(t)
	h.Env.Commands.Run(kit.NewGame)
	fen, ok := uitest.Find(h.Top(), func(e *kit.Entry) bool { return e.PlaceHolder == game.StartFEN })
	if !ok {
		t.Fatal("no FEN field")
	}
	test.Type(fen, "8/8/8/8/8/8/8/8 w - - 0 1")
	if err := fen.Validate(); err == nil || !strings.Contains(err.Error(), "king") {
		t.Errorf("a FEN without kings validates: %v", err)
	}
	fen.SetText("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
	if err := fen.Validate(); err != nil {
		t.Errorf("a good FEN is refused: %v", err)
	}
	h.TapButton("Start")
	if got := h.Env.Session.Game().FEN(); got != "4k3/8/8/8/8/8/8/4K2R w K - 0 1" {
		t.Errorf("game starts from %s", got)
	}
}

func TestNewGameRemembersTheCustomTimeControl(t *testing.T) {
	h := newHarness(t)
	h.Env.Commands.Run(kit.NewGame)
	_, selects := h.DialogFields()
	selects[preset].SetSelectedIndex(len(selects[preset].Options) - 1) // custom
	selects[presetKind].SetSelectedIndex(words.KindHourglass)
	entries, _ := h.DialogFields()
	entries[2].SetText("3") // minutes
	h.TapButton("Start")
	if got := h.Env.Session.Game().TimeControl().String(); got != "*180" {
		t.Fatalf("hourglass of 3 minutes: %q", got)
	}
	h.Env.Commands.Run(kit.NewGame)
	entries, selects = h.DialogFields()
	if selects[preset].SelectedIndex() != len(selects[preset].Options)-1 || selects[presetKind].SelectedIndex() != words.KindHourglass || entries[2].Text != "3" {
		t.Errorf("the dialog does not offer the custom control again: preset %d, kind %d, minutes %q",
			selects[preset].SelectedIndex(), selects[presetKind].SelectedIndex(), entries[2].Text)
	}
}

// TestNewGameDialogRefusesATimeControlWithoutTime: 0 + 0, and every
// custom control the game refuses, marks its field and says why as it is
// typed; Start and Enter leave the dialog with what was typed. The
// dialog closed on 0 + 0, then said so, and what was typed was lost.
func TestNewGameDialogRefusesATimeControlWithoutTime(t *testing.T) {
	uitest.InEnglish(t)
	h := newHarness(t)
	h.Play("e2e4")
	h.Env.Commands.Run(kit.NewGame)
	entries, selects := h.DialogFields()
	entries[0].SetText("Alice")
	selects[preset].SetSelectedIndex(len(selects[preset].Options) - 1) // custom
	base, bonus, moves, then := entries[2], entries[3], entries[4], entries[5]
	noTime := "A timed game needs some time: give the minutes, or an increment"
	for _, tt := range []struct {
		name                     string
		kind                     int
		base, bonus, moves, then string
		wrong                    *widget.Entry
		why                      string
	}{
		{"0 + 0", words.KindIncrement, "0", "0", "0", "0", base, noTime},
		{"a delay without time", words.KindSimpleDelay, "0", "5", "0", "0", base, noTime},
		{"an hourglass of 0", words.KindHourglass, "0", "5", "0", "0", base, noTime},
		{"20,000 minutes", words.KindIncrement, "20000", "0", "0", "0", base, "A period gives at most 16666 minutes"},
		{"then 20,000 minutes", words.KindIncrement, "90", "30", "40", "20000", then, "A period gives at most 16666 minutes"},
		{"an increment of 12 days", words.KindBronstein, "10", "1036800", "0", "0", bonus, "An increment or a delay is 1000000 seconds at most"},
		{"2.5 moves", words.KindIncrement, "10", "0", "2.5", "5", moves, "Enter a whole number"},
		{"NaN minutes", words.KindIncrement, "NaN", "0", "0", "0", base, "Enter a number"},
	} {
		selects[presetKind].SetSelectedIndex(tt.kind)
		base.SetText(tt.base)
		bonus.SetText(tt.bonus)
		moves.SetText(tt.moves)
		then.SetText(tt.then)
		for _, e := range []*widget.Entry{base, bonus, moves, then} {
			err := e.Validate()
			if e == tt.wrong && (err == nil || err.Error() != tt.why) || e != tt.wrong && err != nil {
				t.Errorf("%s: field %q marked %v", tt.name, e.Text, err)
			}
		}
		h.TapButton("Start")
		h.Press(fyne.KeyReturn)
		h.WantDialog(tt.why)
		if h.History() != "e4" || entries[0].Text != "Alice" || base.Text != tt.base || bonus.Text != tt.bonus || moves.Text != tt.moves || then.Text != tt.then {
			t.Errorf("%s: Start left the dialog or what was typed: game %q, White %q", tt.name, h.History(), entries[0].Text)
		}
	}
	selects[presetKind].SetSelectedIndex(words.KindIncrement)
	base.SetText("3")
	bonus.SetText("0")
	moves.SetText("0")
	h.TapButton("Start")
	if g := h.Env.Session.Game(); h.DialogText() != "" || g.TimeControl().String() != "180" || g.Tag("White") != "Alice" {
		t.Errorf("3 + 0: dialog %q, time control %s, White %q", h.DialogText(), g.TimeControl(), g.Tag("White"))
	}
}

// TestEnterInANameStartsTheGame: Enter in a text field of the dialog is
// its default button, Start; Escape in any of its controls closes it.
// Enter did nothing.
func TestEnterInANameStartsTheGame(t *testing.T) {
	h := newHarness(t)
	h.Env.Commands.Run(kit.NewGame)
	entries, _ := h.DialogFields()
	entries[0].SetText("Alice")
	h.Env.Window.Canvas().Focus(h.focusable(entries[0]))
	h.Press(fyne.KeyReturn)
	if h.DialogText() != "" || h.Env.Session.Game().Tag("White") != "Alice" {
		t.Fatalf("Enter in White's name: dialog %q, White %q", h.DialogText(), h.Env.Session.Game().Tag("White"))
	}
	h.Env.Commands.Run(kit.NewGame)
	_, selects := h.DialogFields()
	list, _ := uitest.Find(h.Top(), func(s *kit.Select) bool { return &s.Select == selects[preset] })
	test.Tap(list)          // the list opens, and takes the keyboard
	h.Press(fyne.KeyEscape) // closes the list
	h.Env.Window.Canvas().Focus(list)
	h.Press(fyne.KeyEscape) // closes the dialog
	if h.DialogText() != "" {
		t.Errorf("Escape on the time control's list left the dialog: %s", h.DialogText())
	}
}

// focusable is the kit field that embeds e.
func (h *harness) focusable(e fyne.CanvasObject) fyne.Focusable {
	f, _ := uitest.Find(h.Top(), func(k *kit.Entry) bool { return fyne.CanvasObject(&k.Entry) == e })
	return f
}

// TestTheNewGameFormSaysWhatIsWrongWithAFEN: the FEN field of the New
// game dialog refuses a position with the words of the error.
func TestTheNewGameFormSaysWhatIsWrongWithAFEN(t *testing.T) {
	uitest.InEnglish(t)
	for _, fen := range []string{"8/8 w", "4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1"} {
		_, err := game.ParseFEN(fen)
		if got := validateFEN(fen); got == nil || got.Error() != words.Error(err) || !strings.HasPrefix(got.Error(), "Invalid FEN: ") {
			t.Errorf("%s: the new game form says %v", fen, got)
		}
	}
}

// TestTheSetUpBoardSpeaksOfThePosition: the set-up board says what is
// wrong with the position, not with a FEN the user never typed.
func TestTheSetUpBoardSpeaksOfThePosition(t *testing.T) {
	uitest.InEnglish(t)
	h := newHarness(t)
	e := h.r.showSetup(position(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"))
	e.selectBrush(game.NewPiece(game.White, game.Pawn))
	e.tap(uitest.Square("a1"))
	if got := e.reason.Text; got != "A pawn stands on a1; pawns never stand on rank 1 or 8" {
		t.Errorf("the set-up board says %q", got)
	}
}

// TestNewGameFieldsTakeWhatTheyHold: a megabyte pasted into a player's
// name leaves as much as a tag's value holds, into the FEN as much as a
// FEN holds, into a number the default; each field says why.
func TestNewGameFieldsTakeWhatTheyHold(t *testing.T) {
	h := newHarness(t)
	h.Env.Commands.Run(kit.NewGame)
	entries, selects := h.DialogFields()
	selects[preset].SetSelectedIndex(len(selects[preset].Options) - 1) // custom
	entries[4].SetText("40")                                           // moves: then minutes after them
	// The moves stay a number: the field after them stays open.
	fields := h.PasteIntoEach(strings.Repeat("1", 1<<20), func(f *kit.Entry) (string, int) {
		switch f.PlaceHolder {
		case "White", "Black":
			return f.PlaceHolder, pgn.MaxString
		case game.StartFEN:
			return "the FEN", game.MaxFEN
		}
		return "a number", kit.DefaultLimit
	})
	if fields != 7 {
		t.Errorf("%d fields pasted into", fields)
	}
}

// TestNewGameFieldsShowThePresetChosen: the custom fields show the
// control that will be used, greyed while a preset is chosen; they
// showed 10 and 5 under "3 + 2 (blitz)". Custom starts from what they
// show, or after Untimed (no numbers) from the custom control of last
// time.
func TestNewGameFieldsShowThePresetChosen(t *testing.T) {
	uitest.InEnglish(t)
	h := newHarness(t)
	h.Env.Settings.SetTimeControl(uitest.TimeControl(t, "180+2"))
	h.Env.Commands.Run(kit.NewGame)
	entries, selects := h.DialogFields()
	presetSel, kind := selects[preset], selects[presetKind]
	shown := func() string {
		var out []string
		for _, e := range entries[2:6] {
			state := ""
			if e.Disabled() {
				state = " (greyed)"
			}
			out = append(out, e.Text+state)
		}
		return strings.Join(out, ", ") + " " + kind.Selected
	}
	custom := len(presetSel.Options) - 1
	for _, tt := range []struct {
		preset int
		want   string
	}{
		{1, "3 (greyed), 2 (greyed), 0 (greyed), 0 (greyed) Increment (Fischer)"}, // 3 + 2, as the settings say
		{6, "90 (greyed), 30 (greyed), 40 (greyed), 30 (greyed) Increment (Fischer)"},
		{3, "10 (greyed), 5 (greyed), 0 (greyed), 0 (greyed) Increment (Fischer)"},
		{custom, "10, 5, 0, 0 (greyed) Increment (Fischer)"},
		{7, " (greyed),  (greyed),  (greyed),  (greyed) Increment (Fischer)"}, // untimed
		{custom, "10, 5, 0, 0 (greyed) Increment (Fischer)"},
	} {
		if tt.preset != presetSel.SelectedIndex() {
			presetSel.SetSelectedIndex(tt.preset)
		}
		if got := shown(); got != tt.want {
			t.Errorf("%s: the fields show %q, want %q", presetSel.Selected, got, tt.want)
		}
	}

	h.Press(fyne.KeyEscape)
	h.Env.Settings.SetTimeControl(uitest.TimeControl(t, "420b3"))
	h.Env.Commands.Run(kit.NewGame)
	entries, selects = h.DialogFields()
	presetSel, kind = selects[preset], selects[presetKind]
	want := "7, 3, 0, 0 (greyed) Bronstein delay"
	if got := shown(); got != want {
		t.Errorf("the custom control of last time: %q, want %q", got, want)
	}
	presetSel.SetSelectedIndex(7) // untimed
	presetSel.SetSelectedIndex(custom)
	if got := shown(); got != want {
		t.Errorf("Custom after Untimed: %q, want %q", got, want)
	}
}
