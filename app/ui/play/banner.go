package play

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	fynetheme "fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/words"
	"github.com/echiquier/echiquier/theme"
)

// banner is the strip over the move list: while a past position is
// shown, it says so and offers the way back to the game; once a game played
// is over, it says how it ended and offers to save it or start another,
// without hiding the final position; while a draw is offered, it offers
// to accept or decline. It says it in a few words, on one line beside its
// buttons: the status line says the rest. It is hidden while it has
// nothing to say, and the window lays itself out again when it shows or
// hides: it takes its room from the move list, never from the board.
type banner struct {
	p     *Play
	strip *fyne.Container
	text  *widget.Label
	// back, over and offer are the buttons while browsing, once the game
	// is over, and while a draw is offered.
	back, over, offer *fyne.Container
}

func (p *Play) newBanner() *banner {
	cmds := p.env.Commands
	b := &banner{p: p, text: widget.NewLabel("")}
	b.text.Importance = widget.HighImportance
	b.text.Truncation = fyne.TextTruncateEllipsis
	b.back = container.NewHBox(cmds.Button(kit.BackToGame))
	b.over = container.NewHBox(cmds.Button(kit.Save), cmds.Button(kit.NewGame))
	accept := cmds.Button(kit.AcceptDraw)
	accept.Importance = widget.HighImportance
	b.offer = container.NewHBox(cmds.Button(kit.DeclineDraw), accept)
	bg := canvas.NewRectangle(fynetheme.Color(theme.ColorNameBrowsing))
	buttons := container.NewCenter(container.NewStack(b.back, b.over, b.offer))
	b.strip = container.NewStack(bg, container.NewBorder(nil, nil, nil, buttons, b.text))
	b.strip.Hide()
	return b
}

// show shows the strip, or hides it, and lays the window out again when
// that changed.
func (b *banner) show(on bool) {
	if on == b.strip.Visible() {
		return
	}
	b.strip.Hidden = !on
	b.p.env.Relayout()
}

// refresh shows what the strip says at node n, the position shown.
func (b *banner) refresh(n *game.Node) {
	s := b.p.env.Session
	g := s.Game()
	by, offered := g.DrawOffer()
	var buttons *fyne.Container
	switch {
	case s.Browsing():
		b.text.SetText(words.Viewing(n, b.p.env.Notation()))
		buttons = b.back
	case g.Status().Over() && !s.Editing():
		// The end of a game played: the end of a game edited is no
		// news (the status line says it).
		b.text.SetText(words.GameOver(g))
		buttons = b.over
	case offered:
		b.text.SetText(words.DrawOffered(words.PlayerName(g, by)))
		buttons = b.offer
	default:
		b.show(false)
		return
	}
	for _, c := range []*fyne.Container{b.back, b.over, b.offer} {
		if c == buttons {
			c.Show()
		} else {
			c.Hide()
		}
	}
	b.show(true)
	b.strip.Refresh()
}
