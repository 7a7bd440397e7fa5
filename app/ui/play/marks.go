package play

import (
	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/ui/kit"
)

// The arrows and circles drawn on the board are the game's (the session
// keeps them in its PGN). A click on the board clears them, as on
// lichess, even the click that picks up a piece: the status line says
// so, and the command that brings them back.

// addMarkCommands adds the commands of the marks to the table.
func (p *Play) addMarkCommands() {
	p.env.Commands.Add(
		kit.Command{ID: kit.RestoreMarks, Label: "Bring back the arrows and circles",
			Refused: p.restoreRefused, Run: p.restoreMarks},
	)
}

// drawMark draws the mark the user drew on the position shown, or takes
// the same one away.
func (p *Play) drawMark(m game.Mark) { p.env.Report(p.env.Session.ToggleMark(m)) }

// clearMarks clears the marks of the position shown, and says how to
// bring them back.
func (p *Play) clearMarks() {
	if p.env.Session.ClearMarks() {
		p.env.Status.Say(lang.L("Arrows and circles cleared (Play ▸ Bring back the arrows and circles)."))
	}
}

// restoreMarks brings back the marks cleared last: what the status line
// said of their clearing is over.
func (p *Play) restoreMarks() {
	if p.env.Session.RestoreMarks() {
		p.env.Status.ClearNotice()
	}
}

// restoreRefused says why there are no marks to bring back.
func (p *Play) restoreRefused() string {
	if !p.env.Session.CanRestoreMarks() {
		return lang.L("No arrows or circles were cleared.")
	}
	return ""
}
