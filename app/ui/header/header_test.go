package header

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/echiquier/echiquier/app/game/gametest"
	"github.com/echiquier/echiquier/app/pgn"
	"github.com/echiquier/echiquier/app/session"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/uitest"
	"github.com/echiquier/echiquier/app/ui/words"
	"github.com/echiquier/echiquier/widgets"
)

// harness is the header room in Fyne's test driver.
type harness struct {
	*uitest.Harness
	h *Header
}

func newHarness(t *testing.T) *harness {
	u := uitest.New(t)
	h := &harness{Harness: u, h: New(u.Env)}
	u.Env.Commands.Add(
		kit.Command{ID: kit.PreviousGame, Label: "Previous game in the file", Run: func() {}},
		kit.Command{ID: kit.NextGame, Label: "Next game in the file", Run: func() {}},
	)
	u.Show(h.h.Build())
	u.Follow(h.h.Follow)
	u.Env.Window.Canvas().SetOnTypedKey(func(ev *fyne.KeyEvent) { u.Env.Dialogs.Key(ev) })
	return h
}

// header is the header widget shown.
func (h *harness) header() *widgets.GameHeader { return h.h.v.header }

const tata = `[Event "Tata Steel"]
[Site "Wijk aan Zee"]
[Date "2024.01.??"]
[Round "3"]
[White "Carlsen, Magnus"]
[Black "Nakamura, Hikaru"]
[Result "1-0"]
[WhiteElo "2830"]
[BlackElo "?"]
[WhiteTitle "GM"]

1. e4 e5 1-0

`

func TestTheHeaderSaysWhoWhereWhenAndThePlaceInTheFile(t *testing.T) {
	uitest.InLanguages(t, func(l words.Language) {
		h := newHarness(t)
		if got := h.header().Players; got != "White – Black" && got != "Blancs – Noirs" {
			t.Errorf("%s: a new game without names: %q", l, got)
		}
		path := t.TempDir() + "/games.pgn"
		uitest.WriteFile(t, path, tata+gametest.PGNGame("White=Ann Black=Bob Result=*", 2)+gametest.PGNGame("White=Cy", 2))
		c := h.Open(path)
		if err := h.Env.Session.OpenGame(c, 0); err != nil {
			t.Fatal(err)
		}
		hd := h.header()
		want := map[string][4]string{
			"en": {"GM Carlsen, Magnus (2830) – Nakamura, Hikaru", "1-0", "Tata Steel · Wijk aan Zee · 2024.01 · round 3", "game 1 of 3"},
			"fr": {"GM Carlsen, Magnus (2830) – Nakamura, Hikaru", "1-0", "Tata Steel · Wijk aan Zee · 2024.01 · ronde 3", "partie 1 sur 3"},
		}[string(l)]
		if got := [4]string{hd.Players, hd.Result, hd.Details, hd.Place}; got != want {
			t.Errorf("%s: header %q, want %q", l, got, want)
		}
		if hd.ShortPlace != "1/3" {
			t.Errorf("%s: compact, the place is %q", l, hd.ShortPlace)
		}
		if !h.h.v.steps.Visible() {
			t.Errorf("%s: no buttons to the other games", l)
		}
		if err := h.Env.Session.OpenGame(c, 1); err != nil {
			t.Fatal(err)
		}
		if hd.Players != "Ann – Bob" || hd.Result != "" || !strings.HasPrefix(hd.Place, map[string]string{"en": "game 2 of", "fr": "partie 2 sur"}[string(l)]) {
			t.Errorf("%s: game 2: %q %q %q", l, hd.Players, hd.Result, hd.Place)
		}
	})
}

// TestTheTagEditorCancelsWithEscapeAndSavesWithEnter: a double click on
// the header opens the editor; Escape leaves the game as it was, Enter
// saves what was typed, and a wrong date keeps the dialog open with
// what was typed, saying why.
func TestTheTagEditorCancelsWithEscapeAndSavesWithEnter(t *testing.T) {
	uitest.InEnglish(t)
	h := newHarness(t)
	h.Play("e2e4 e7e5")
	before := h.Autosaved()
	test.DoubleTap(h.header())
	h.WantDialog("Game details")
	entries, selects := h.DialogFields()
	if len(entries) != 8 || len(selects) != 1 {
		t.Fatalf("%d fields, %d lists", len(entries), len(selects))
	}
	entries[4].SetText("Club night") // Event
	h.Press(fyne.KeyEscape)
	if h.DialogText() != "" || h.Env.Session.Game().Tag("Event") != "" || h.Autosaved() != before {
		t.Fatalf("Escape: dialog %q, event %q", h.DialogText(), h.Env.Session.Game().Tag("Event"))
	}

	h.Shortcut(kit.EditTags)
	entries, selects = h.DialogFields()
	entries[4].SetText("Club night")
	entries[6].SetText("2024.13.01") // Date
	h.Env.Window.Canvas().Focus(entries[4])
	h.Press(fyne.KeyReturn)
	if !strings.Contains(h.DialogText(), "Date: A month goes from 01 to 12") || entries[4].Text != "Club night" {
		t.Fatalf("a wrong date: %q", h.DialogText())
	}
	entries[6].SetText("2024.05.??")
	selects[0].SetSelectedIndex(2) // ½-½
	h.Press(fyne.KeyReturn)
	if h.DialogText() != "" {
		t.Fatalf("Enter left the dialog: %q", h.DialogText())
	}
	saved := h.Autosaved()
	for _, want := range []string{`[Event "Club night"]`, `[Date "2024.05.??"]`, `[Result "1/2-1/2"]`, "1. e4 e5 1/2-1/2"} {
		if !strings.Contains(saved, want) {
			t.Errorf("autosaved without %s:\n%s", want, saved)
		}
	}
	if got := h.header().Details; !strings.HasPrefix(got, "Club night · 2024.05") {
		t.Errorf("the header says %q", got)
	}
	if !h.Env.Session.Dirty() {
		t.Error("the game is not marked unsaved")
	}
}

// TestTheTagEditorsOtherTags: the game's other tags are listed, removed,
// added; a bad name, a field's own tag or a tag twice keep the dialog
// open with what was typed.
func TestTheTagEditorsOtherTags(t *testing.T) {
	uitest.InEnglish(t)
	h := newHarness(t)
	path := t.TempDir() + "/one.pgn"
	uitest.WriteFile(t, path, tata)
	if err := h.Env.Session.OpenGame(h.Open(path), 0); err != nil {
		t.Fatal(err)
	}
	h.Shortcut(kit.EditTags)
	entries, selects := h.DialogFields()
	if len(entries) != 8+2 || entries[8].Text != "WhiteTitle" || entries[9].Text != "GM" {
		t.Fatalf("fields: %d", len(entries))
	}
	if selects[0].Disabled() {
		t.Error("the result of a game read, untimed, cannot be changed")
	}
	h.TapButton("Add a tag")
	entries, _ = h.DialogFields()
	for _, bad := range []struct{ name, why string }{
		{"Black Title", "letters without accents"},
		{"Event", "has its own field above"},
		{"WhiteTitle", "in the list twice"},
		{"FEN", "follows the game"},
	} {
		entries[10].SetText(bad.name)
		entries[11].SetText("x")
		h.TapButton("Save")
		if !strings.Contains(h.DialogText(), bad.why) {
			t.Errorf("%q: the dialog says %q", bad.name, h.DialogText())
		}
	}
	entries[10].SetText("Annotator")
	entries[11].SetText("Me")
	remove, ok := uitest.Find(h.Top(), func(b *kit.Button) bool { return b.Text == "" && b.Icon != nil })
	if !ok {
		t.Fatal("no button to remove a tag")
	}
	test.Tap(remove) // WhiteTitle
	h.TapButton("Save")
	g := h.Env.Session.Game()
	if h.DialogText() != "" || g.Tag("WhiteTitle") != "" || g.Tag("Annotator") != "Me" || g.Tag("BlackElo") != "?" {
		t.Errorf("saved: dialog %q, title %q, annotator %q, black's Elo %q", h.DialogText(), g.Tag("WhiteTitle"), g.Tag("Annotator"), g.Tag("BlackElo"))
	}
}

// TestTheResultOfAGameOnTheClocksIsNotEdited: the list of results is
// disabled and says why.
func TestTheResultOfAGameOnTheClocksIsNotEdited(t *testing.T) {
	uitest.InEnglish(t)
	h := newHarness(t)
	if err := h.Env.Session.Start(h.Env.NewGame("", uitest.TimeControl(t, "300+0")), session.Computer{}); err != nil {
		t.Fatal(err)
	}
	h.Shortcut(kit.EditTags)
	_, selects := h.DialogFields()
	if !selects[0].Disabled() || !strings.Contains(h.DialogText(), "A game with clocks ends by play") {
		t.Errorf("result list disabled %v, dialog %q", selects[0].Disabled(), h.DialogText())
	}
	h.Press(fyne.KeyEscape)
}

// TestTheTagEditorTakesNoMoreThanPGNHolds: a megabyte pasted into a
// field of the editor, a tag's name or value, leaves there what the PGN
// standard holds, and the field says why. It froze the window for 20
// seconds and took 2.6 GB before.
func TestTheTagEditorTakesNoMoreThanPGNHolds(t *testing.T) {
	uitest.InEnglish(t)
	h := newHarness(t)
	h.Shortcut(kit.EditTags)
	h.TapButton("Add a tag")
	fields := h.PasteIntoEach(strings.Repeat("abcdefg ", 1<<17), func(f *kit.Entry) (string, int) {
		if f.PlaceHolder == "Name" {
			return "a tag's name", pgn.MaxSymbol
		}
		return "a tag's value", pgn.MaxString
	})
	if fields != len(fieldTags)+2 {
		t.Errorf("%d fields pasted into", fields)
	}
}
