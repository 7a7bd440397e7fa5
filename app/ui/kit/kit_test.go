package kit

import (
	"errors"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// table is a table of commands in a test window, with its dialogs and
// status line.
type table struct {
	app     fyne.App
	win     fyne.Window
	dialogs *Dialogs
	status  *Status
	cmds    *Commands
	keys    *Scope
}

func newTable(t *testing.T) *table {
	t.Helper()
	a := test.NewTempApp(t)
	w := a.NewWindow("")
	t.Cleanup(w.Close)
	tb := &table{app: a, win: w, dialogs: NewDialogs(w), status: NewStatus(), keys: &Scope{}}
	tb.cmds = NewCommands(a.Clipboard(), tb.dialogs, tb.status, w.Canvas().Focused, tb.keys)
	w.SetContent(tb.status.Widget())
	w.Resize(fyne.NewSize(600, 400))
	return tb
}

func TestCommandsRunUnlessRefusedAndSayWhy(t *testing.T) {
	tb := newTable(t)
	ran, why := 0, "Not now."
	tb.cmds.Add(Command{ID: "x", Label: "Do it", Shortcut: Ctrl(fyne.KeyX), Refused: func() string { return why }, Run: func() { ran++ }})
	tb.cmds.Install(tb.win.Canvas())
	tb.win.Canvas().(fyne.Shortcutable).TypedShortcut(Ctrl(fyne.KeyX))
	if ran != 0 || tb.status.Text() != "Not now." {
		t.Fatalf("refused: ran %d, status %q", ran, tb.status.Text())
	}
	why = ""
	tb.cmds.Run("x")
	if ran != 1 {
		t.Errorf("ran %d times", ran)
	}
	tb.dialogs.Inform("A dialog", "shown")
	tb.cmds.Run("x")
	if ran != 1 {
		t.Error("a command ran behind a dialog")
	}
}

func TestCommandsRefuseAKeyOrAnIDTwice(t *testing.T) {
	for name, second := range map[string]Command{
		"an ID twice":      {ID: "x", Label: "Other", Run: func() {}},
		"a shortcut twice": {ID: "y", Label: "Other", Shortcut: Ctrl(fyne.KeyX), Run: func() {}},
		"a key twice":      {ID: "z", Label: "Other", Shortcut: &Key{Name: fyne.KeyF2}, Run: func() {}},
	} {
		t.Run(name, func(t *testing.T) {
			tb := newTable(t)
			tb.cmds.Add(Command{ID: "x", Label: "Do it", Shortcut: Ctrl(fyne.KeyX), Run: func() {}},
				Command{ID: "f2", Label: "F2", Shortcut: BareKey(fyne.KeyF2), Run: func() {}})
			defer func() {
				if recover() == nil {
					t.Error("added")
				}
			}()
			tb.cmds.Add(second)
		})
	}
}

func TestBareKeysRunTheirCommand(t *testing.T) {
	tb := newTable(t)
	ran := 0
	tb.cmds.Add(Command{ID: "f2", Label: "F2", Shortcut: BareKey(fyne.KeyF2), Run: func() { ran++ }})
	if !tb.cmds.TypedKey(&fyne.KeyEvent{Name: fyne.KeyF2}) || ran != 1 {
		t.Errorf("F2: ran %d", ran)
	}
	if tb.cmds.TypedKey(&fyne.KeyEvent{Name: fyne.KeyF3}) {
		t.Error("F3 has no command, yet it was taken")
	}
}

// TestMenusAndButtonsFollowTheTable: the menu items and the buttons made
// from the table are enabled, checked and named as the commands say, and
// the menu says why its commands are disabled when it is meant to.
func TestMenusAndButtonsFollowTheTable(t *testing.T) {
	tb := newTable(t)
	on, checked, paused := false, false, false
	tb.cmds.Add(
		Command{ID: "a", Label: "Alpha", Refused: func() string {
			if !on {
				return "Alpha is off."
			}
			return ""
		}, Checked: func() bool { return checked }, Run: func() {}},
		Command{ID: "b", Label: "Beta", Look: func() (string, fyne.Resource) {
			if paused {
				return "Resume", nil
			}
			return "Pause", nil
		}, Run: func() {}},
	)
	var set int
	menu := tb.cmds.MainMenu([]MenuSpec{{Title: "Menu", Items: []ID{"a", Separator, "b"}, Note: true}}, func(*fyne.MainMenu) { set++ })
	items := menu.Items[0].Items
	if !items[0].Disabled || items[0].Checked || len(items) != 5 || items[4].Label != "Alpha is off." {
		t.Fatalf("menu: %v disabled %v, %d items", items[0].Label, items[0].Disabled, len(items))
	}
	button, icon := tb.cmds.Button("b"), tb.cmds.IconButton("b")
	if button.Text != "Pause" || icon.Text != "" {
		t.Errorf("buttons %q and %q", button.Text, icon.Text)
	}
	on, checked, paused = true, true, true
	before := set
	tb.cmds.Refresh()
	items = menu.Items[0].Items
	if items[0].Disabled || !items[0].Checked || len(items) != 3 || set == before {
		t.Errorf("after the change: disabled %v, checked %v, %d items, menu set again %v", items[0].Disabled, items[0].Checked, len(items), set > before)
	}
	if button.Text != "Resume" || icon.Text != "" {
		t.Errorf("buttons %q and %q after the change", button.Text, icon.Text)
	}
	before = set
	tb.cmds.Refresh()
	if set != before {
		t.Error("the menus were set again though nothing changed")
	}
}

// TestClipboardShortcutsGoToTheTextFieldFirst: a command whose shortcut
// is meant for the text field that has the keyboard gives it the
// shortcut.
func TestClipboardShortcutsGoToTheTextFieldFirst(t *testing.T) {
	tb := newTable(t)
	ran := 0
	tb.cmds.Add(Command{ID: "copy", Label: "Copy", Shortcut: &fyne.ShortcutCopy{},
		TextFirst: func(f TextField) bool { return f.SelectedText() != "" }, Run: func() { ran++ }})
	tb.cmds.Install(tb.win.Canvas())
	e := NewEntry(tb.keys)
	tb.win.SetContent(e)
	tb.win.Canvas().Focus(e)
	e.SetText("selected")
	e.TypedShortcut(&fyne.ShortcutSelectAll{})
	tb.win.Canvas().(fyne.Shortcutable).TypedShortcut(&fyne.ShortcutCopy{})
	if ran != 0 || tb.app.Clipboard().Content() != "selected" {
		t.Errorf("with text selected: ran %d, clipboard %q", ran, tb.app.Clipboard().Content())
	}
	e.SetText("")
	tb.win.Canvas().(fyne.Shortcutable).TypedShortcut(&fyne.ShortcutCopy{})
	if ran != 1 {
		t.Error("with nothing selected the command did not run")
	}
}

// TestEveryDialogClosesWithEscapeAndAnswersEnter: whichever control of a
// dialog has the keyboard, Escape cancels and Enter confirms.
func TestEveryDialogClosesWithEscapeAndAnswersEnter(t *testing.T) {
	tb := newTable(t)
	answers := ""
	tb.dialogs.Ask("Q", "Really?", "Yes", "No", func(ok bool) {
		if ok {
			answers += "y"
		} else {
			answers += "n"
		}
	})
	tb.dialogs.Key(&fyne.KeyEvent{Name: fyne.KeyEscape})
	tb.dialogs.Ask("Q", "Really?", "Yes", "No", func(ok bool) {
		if ok {
			answers += "y"
		}
	})
	tb.dialogs.Key(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if answers != "ny" || tb.dialogs.Shown() {
		t.Errorf("answers %q, a dialog shown %v", answers, tb.dialogs.Shown())
	}

	sc := &Scope{}
	entry, check, list, button := NewEntry(sc), NewCheck(sc, "Check", nil), NewSelect(sc, []string{"a", "b"}, nil), NewButton(sc, "Button", nil)
	confirmed := 0
	d := dialog.NewCustomWithoutButtons("Form", widget.NewForm(widget.NewFormItem("", entry)), tb.win)
	sc.Confirm = func() { confirmed++ }
	tb.dialogs.Show(d, sc)
	for _, f := range []fyne.Focusable{entry, check, list} {
		f.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	}
	if confirmed != 3 {
		t.Errorf("Enter confirmed %d times of 3", confirmed)
	}
	button.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if tb.dialogs.Shown() {
		t.Error("Escape on a button left the dialog")
	}
	for _, f := range []fyne.Focusable{entry, check, list} {
		tb.dialogs.Show(d, sc)
		f.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
		if tb.dialogs.Shown() {
			t.Errorf("Escape on a %T left the dialog", f)
		}
	}
	multi := NewEntry(sc)
	multi.MultiLine = true
	tb.win.SetContent(multi)
	tb.dialogs.Show(d, sc)
	multi.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if confirmed != 3 {
		t.Error("Enter in a text of several lines confirmed the dialog")
	}
}

func TestButtonsGiveTheirCharactersToTheScope(t *testing.T) {
	tb := newTable(t)
	typed, tapped := "", 0
	tb.keys.Rune = func(r rune) { typed += string(r) }
	tb.keys.Tapped = func() { tapped++ }
	ran := 0
	tb.cmds.Add(Command{ID: "b", Label: "B", Run: func() { ran++ }})
	b := tb.cmds.Button("b")
	tb.win.SetContent(b)
	b.TypedRune('e')
	test.Tap(b)
	if typed != "e" || tapped != 1 || ran != 1 {
		t.Errorf("typed %q, told of %d taps, ran %d", typed, tapped, ran)
	}
}

func TestTheStatusLineSaysWhatJustHappenedForAWhile(t *testing.T) {
	s := NewStatus()
	s.Set("White to move")
	s.SetNote("crash protection is off")
	if s.Text() != "White to move — crash protection is off" {
		t.Errorf("%q", s.Text())
	}
	s.Say("Saved to g.pgn")
	if s.Text() != "Saved to g.pgn — crash protection is off" {
		t.Errorf("%q", s.Text())
	}
	s.SetMode("The board has the keyboard")
	s.ClearNotice()
	if !strings.HasPrefix(s.Text(), "The board has the keyboard — White to move") {
		t.Errorf("%q", s.Text())
	}
}

func TestShortcutsAreWrittenAsTyped(t *testing.T) {
	test.NewTempApp(t)
	for sc, want := range map[fyne.Shortcut]string{
		CtrlShift(fyne.KeyS):   "Ctrl+Shift+S",
		BareKey(fyne.KeyF2):    "F2",
		BareKey(fyne.KeyLeft):  "←",
		&fyne.ShortcutUndo{}:   "Ctrl+Z",
		Ctrl(fyne.KeyPageDown): "Ctrl+Page Down",
	} {
		if got := ShortcutText(sc); got != want {
			t.Errorf("%s is written %q, want %q", sc.ShortcutName(), got, want)
		}
	}
}

// TestAMessageIsNotOneLetterWide: the message of an error shown at start
// (a file refused on the command line) wrapped after every letter.
func TestAMessageIsNotOneLetterWide(t *testing.T) {
	a := test.NewTempApp(t)
	w := a.NewWindow("")
	t.Cleanup(w.Close)
	w.Resize(fyne.NewSize(640, 480))
	d := NewDialogs(w)
	d.ShowError(errors.New("Could not open pipe.pgn: it is a named pipe, not a file: nothing was read from it."))
	var label *widget.Label
	for _, o := range w.Canvas().Overlays().List() {
		walk(o, func(o fyne.CanvasObject) {
			if l, ok := o.(*widget.Label); ok && strings.HasPrefix(l.Text, "Could not open") {
				label = l
			}
		})
	}
	if label == nil {
		t.Fatal("no message shown")
	}
	if s := label.Size(); s.Width < 300 {
		t.Errorf("the message is %v: too narrow to read", s)
	}
}

// walk calls f on o and everything inside it.
func walk(o fyne.CanvasObject, f func(fyne.CanvasObject)) {
	f(o)
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			walk(c, f)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			walk(c, f)
		}
	}
}

// TestSubmenus: a menu's submenus come after its commands, each a menu
// of its own whose items show their shortcut, follow their command's
// state and run it; IDs lists them all.
func TestSubmenus(t *testing.T) {
	tb := newTable(t)
	ran, checked := "", false
	tb.cmds.Add(
		Command{ID: "a", Label: "Alpha", Run: func() { ran += "a" }},
		Command{ID: "s1", Label: "One", Shortcut: Ctrl(fyne.Key1), Checked: func() bool { return checked }, Run: func() { ran += "1" }},
		Command{ID: "s2", Label: "Two", Shortcut: CtrlAlt(fyne.Key2), Refused: func() string { return "No." }, Run: func() { ran += "2" }},
	)
	spec := MenuSpec{Title: "Menu", Items: []ID{"a"}, Submenus: []MenuSpec{{Title: "Sub", Items: []ID{"s1", Separator, "s2"}}}}
	if got := spec.IDs(); len(got) != 3 || got[0] != "a" || got[1] != "s1" || got[2] != "s2" {
		t.Errorf("IDs = %v", got)
	}
	menu := tb.cmds.MainMenu([]MenuSpec{spec}, func(*fyne.MainMenu) {})
	items := menu.Items[0].Items
	if len(items) != 3 || !items[1].IsSeparator || items[2].Label != "Sub" || items[2].ChildMenu == nil {
		t.Fatalf("menu items: %d", len(items))
	}
	sub := items[2].ChildMenu.Items
	if len(sub) != 3 || sub[0].Label != "One" || sub[0].Shortcut == nil || !sub[1].IsSeparator || !sub[2].Disabled {
		t.Fatalf("submenu: %v %v %v", sub[0].Label, sub[0].Shortcut, sub[2].Disabled)
	}
	checked = true
	tb.cmds.Refresh()
	if !sub[0].Checked {
		t.Error("the submenu's item is not ticked")
	}
	sub[0].Action()
	if ran != "1" {
		t.Errorf("ran %q", ran)
	}
	if ShortcutText(CtrlAlt(fyne.Key2)) != "Ctrl+Alt+2" {
		t.Errorf("Ctrl+Alt+2 written %q", ShortcutText(CtrlAlt(fyne.Key2)))
	}
}
