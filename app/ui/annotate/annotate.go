// Package annotate is the room where the moves of a game are annotated:
// the menu of a move in the move list and the comment on a move.
package annotate

import (
	"errors"
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
}

// New makes the room and adds its commands to the table.
func New(env *kit.Env) *Annotate {
	a := &Annotate{env: env}
	env.Commands.Add(kit.Command{ID: kit.EditComment, Label: "Edit the comment on this move…",
		Shortcut: kit.Ctrl(fyne.KeyE), Refused: a.noMove, Run: func() { a.EditComment(env.Session.Shown()) }})
	return a
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
	}
	if !n.IsMainLine() {
		items = append(items,
			fyne.NewMenuItem(lang.L("Promote side line"), func() { a.env.Report(s.PromoteSideLine(n)) }),
			fyne.NewMenuItem(lang.L("Delete from here"), func() { a.env.Report(s.DeleteSideLine(n)) }))
	}
	return fyne.NewMenu("", items...)
}

// EditComment asks for the comment after n's move.
func (a *Annotate) EditComment(n *game.Node) {
	sc := &kit.Scope{}
	entry := kit.NewEntry(sc)
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
