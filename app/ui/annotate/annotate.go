// Package annotate is the room where the moves of a game are annotated:
// the menu of a move in the move list and the comment on a move.
package annotate

import (
	"errors"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/words"
)

// Annotate is the annotation room.
type Annotate struct {
	env *kit.Env
	// moveSymbols and evaluations are the commands that set a symbol
	// ($1 to $6) or an evaluation ($10 to $19), in the order of their
	// submenus.
	moveSymbols, evaluations []symbol
}

// symbol is a command that gives the move shown the NAG nag.
type symbol struct {
	nag int
	cmd kit.Command
}

// New makes the room and adds its commands to the table.
func New(env *kit.Env) *Annotate {
	a := &Annotate{env: env}
	env.Commands.Add(kit.Command{ID: kit.EditComment, Label: "Edit the comment on this move…",
		Shortcut: kit.Ctrl(fyne.KeyE), Refused: a.noMove, Run: func() { a.EditComment(env.Session.Shown()) }})
	// Ctrl+1 to Ctrl+6 are ChessBase's keys of the move symbols, in the
	// order of their NAGs; Ctrl+Alt+1 to Ctrl+Alt+8 run through the
	// evaluations from White winning to Black winning.
	alt := kit.CtrlAlt
	a.moveSymbols = []symbol{
		{3, kit.Command{ID: kit.BrilliantMove, Label: "!! Brilliant move", Shortcut: kit.Ctrl(fyne.Key3)}},
		{1, kit.Command{ID: kit.GoodMove, Label: "! Good move", Shortcut: kit.Ctrl(fyne.Key1)}},
		{5, kit.Command{ID: kit.InterestingMove, Label: "!? Interesting move", Shortcut: kit.Ctrl(fyne.Key5)}},
		{6, kit.Command{ID: kit.DubiousMove, Label: "?! Dubious move", Shortcut: kit.Ctrl(fyne.Key6)}},
		{2, kit.Command{ID: kit.Mistake, Label: "? Mistake", Shortcut: kit.Ctrl(fyne.Key2)}},
		{4, kit.Command{ID: kit.Blunder, Label: "?? Blunder", Shortcut: kit.Ctrl(fyne.Key4)}},
	}
	// Menus draw in the theme's font, which lacks ⩲ and ⩱: their labels
	// write them as += and =+, which PGN reads as the same NAGs.
	a.evaluations = []symbol{
		{18, kit.Command{ID: kit.WhiteWinning, Label: "+− White is winning", Shortcut: alt(fyne.Key1)}},
		{16, kit.Command{ID: kit.WhiteBetter, Label: "± White is better", Shortcut: alt(fyne.Key2)}},
		{14, kit.Command{ID: kit.WhiteSlightly, Label: "+= White is slightly better", Shortcut: alt(fyne.Key3)}},
		{10, kit.Command{ID: kit.EqualPosition, Label: "= Equal position", Shortcut: alt(fyne.Key4)}},
		{13, kit.Command{ID: kit.UnclearPosition, Label: "∞ Unclear position", Shortcut: alt(fyne.Key5)}},
		{15, kit.Command{ID: kit.BlackSlightly, Label: "=+ Black is slightly better", Shortcut: alt(fyne.Key6)}},
		{17, kit.Command{ID: kit.BlackBetter, Label: "∓ Black is better", Shortcut: alt(fyne.Key7)}},
		{19, kit.Command{ID: kit.BlackWinning, Label: "−+ Black is winning", Shortcut: alt(fyne.Key8)}},
	}
	s := env.Session
	for _, list := range [][]symbol{a.moveSymbols, a.evaluations} {
		for _, sym := range list {
			c := sym.cmd
			c.Refused = a.noSymbolMove
			c.Checked = func() bool { return slices.Contains(s.Shown().NAGs(), sym.nag) }
			c.Run = func() { a.setSymbol(s.Shown(), sym.nag) }
			env.Commands.Add(c)
		}
	}
	env.Commands.Add(kit.Command{ID: kit.ClearSymbols, Label: "Clear the symbols", Shortcut: kit.Ctrl(fyne.Key0),
		Refused: a.noSymbolMove, Run: func() { env.Report(s.ClearAssessments(s.Shown())) }})
	return a
}

// Menus are the submenus of the symbols of a move and of the evaluations
// of the position, for the window's menus.
func (a *Annotate) Menus() []kit.MenuSpec {
	ids := func(list []symbol) []kit.ID {
		var out []kit.ID
		for _, s := range list {
			out = append(out, s.cmd.ID)
		}
		return append(out, kit.Separator, kit.ClearSymbols)
	}
	return []kit.MenuSpec{
		{Title: "Move symbol", Items: ids(a.moveSymbols)},
		{Title: "Evaluation", Items: ids(a.evaluations)},
	}
}

// setSymbol gives n's move the symbol or evaluation nag; the one it had
// already is taken off, as a check item is unticked.
func (a *Annotate) setSymbol(n *game.Node, nag int) {
	s := a.env.Session
	if slices.Contains(n.NAGs(), nag) {
		a.env.Report(s.SetNAGs(n, slices.DeleteFunc(slices.Clone(n.NAGs()), func(v int) bool { return v == nag })))
		return
	}
	a.env.Report(s.SetAssessment(n, nag))
}

// noSymbolMove says that the start position has no move to give a
// symbol to.
func (a *Annotate) noSymbolMove() string {
	if a.env.Session.Shown().Parent() == nil {
		return lang.L("The start position has no move to give a symbol to.")
	}
	return ""
}

// noMove says that the start position has no move to comment on.
func (a *Annotate) noMove() string {
	if a.env.Session.Shown().Parent() == nil {
		return lang.L("The start position has no move to comment on.")
	}
	return ""
}

// MenuOf is the menu of a move in the move list.
func (a *Annotate) MenuOf(n *game.Node) *fyne.Menu {
	if n == nil || n.Parent() == nil {
		return nil
	}
	s := a.env.Session
	items := []*fyne.MenuItem{
		fyne.NewMenuItem(lang.L("Edit comment…"), func() { a.EditComment(n) }),
		a.symbolMenu(lang.L("Move symbol"), n, a.moveSymbols),
		a.symbolMenu(lang.L("Evaluation"), n, a.evaluations),
		fyne.NewMenuItem(lang.L("Clear the symbols"), func() { a.env.Report(s.ClearAssessments(n)) }),
	}
	if !n.IsMainLine() {
		items = append(items,
			fyne.NewMenuItem(lang.L("Promote side line"), func() { a.env.Report(s.PromoteSideLine(n)) }),
			fyne.NewMenuItem(lang.L("Delete from here"), func() { a.env.Report(s.DeleteSideLine(n)) }))
	}
	return fyne.NewMenu("", items...)
}

// symbolMenu is the item of a move's menu that opens the submenu of
// symbols list for n's move, the symbol it has ticked.
func (a *Annotate) symbolMenu(title string, n *game.Node, list []symbol) *fyne.MenuItem {
	var items []*fyne.MenuItem
	for _, sym := range list {
		it := fyne.NewMenuItem(kit.Label(sym.cmd), func() { a.setSymbol(n, sym.nag) })
		it.Checked = slices.Contains(n.NAGs(), sym.nag)
		items = append(items, it)
	}
	it := fyne.NewMenuItem(title, nil)
	it.ChildMenu = fyne.NewMenu("", items...)
	return it
}

// maxComment is the most characters the comment field takes. Fyne lays
// a wrapped paragraph out again from each line's start to its end, a
// cost that grows with the square of its length: 2,000 characters take
// tens of milliseconds, 8,000 more than a second, at each key.
const maxComment = 2000

// EditComment asks for the comment after n's move.
func (a *Annotate) EditComment(n *game.Node) {
	sc := &kit.Scope{}
	entry := kit.NewEntry(sc)
	entry.SetLimit(maxComment)
	entry.MultiLine = true
	entry.SetText(n.Comment())
	entry.Wrapping = fyne.TextWrapWord
	entry.SetMinRowsVisible(4)
	// A "}" would end the comment in PGN: Save waits, the text kept,
	// while the field says why.
	entry.Validator = func(text string) error {
		if strings.Contains(text, "}") {
			return errors.New(words.Error(game.ErrCommentBrace))
		}
		return nil
	}
	title := lang.L("Comment on {{.Move}}", map[string]any{"Move": words.MoveLabel(n, a.env.Notation())})
	item := widget.NewFormItem("", entry)
	item.HintText = lang.L("Any text but “}”, which ends a comment in PGN.")
	d := dialog.NewForm(title, lang.L("Save"), lang.L("Cancel"), []*widget.FormItem{item}, func(ok bool) {
		if ok {
			a.env.Report(a.env.Session.SetComment(n, entry.Text))
		}
	}, a.env.Window)
	d.Resize(fyne.NewSize(480, 260))
	a.env.Dialogs.Show(d, sc)
	a.env.Window.Canvas().Focus(entry)
}
