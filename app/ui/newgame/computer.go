package newgame

import (
	"context"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/engine"
	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/session"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/words"
)

// Prober reads what the engine of the settings offers to play with
// (engine.Probe), until ctx is done.
type Prober func(ctx context.Context) (engine.EngineInfo, error)

// The choices of who plays a side, by their place in the list.
const (
	byPerson = iota
	byComputer
)

// players is the dialog's choice of who plays each side, a person or the
// computer, and of the computer's level among those its engine offers.
type players struct {
	r     *NewGame
	kind  [2]*kit.Select
	names [2]*kit.Entry
	typed [2]string // a person's name, kept while the computer's shows
	level *kit.Select
	about *widget.Label
	// What the engine offers, once probed; err when it cannot play.
	probing, probed bool
	info            engine.EngineInfo
	err             error
	cancel          context.CancelFunc
	ready           bool // made
}

// newPlayers makes the choice of players around the name fields, as the
// settings remember the last one.
func (r *NewGame) newPlayers(sc *kit.Scope, white, black *kit.Entry) *players {
	p := &players{r: r, names: [2]*kit.Entry{white, black}, about: widget.NewLabel(""), cancel: func() {}}
	p.about.Wrapping = fyne.TextWrapWord
	p.level = kit.NewSelect(sc, nil, nil)
	p.level.PlaceHolder = lang.L("Level")
	sides := r.env.Settings.ComputerSides()
	for side := range p.kind {
		p.typed[side] = p.names[side].Text
		kinds := []string{lang.L("A person"), lang.L("The computer")}
		p.kind[side] = kit.NewSelect(sc, kinds, func(string) { p.kindChanged(game.Color(side)) })
		p.kind[side].PlaceHolder = longest(kinds) // a select is as wide as its placeholder
		if sides[side] {
			p.kind[side].SetSelectedIndex(byComputer)
		} else {
			p.kind[side].SetSelectedIndex(byPerson)
		}
	}
	p.ready = true
	for side := range p.kind {
		p.kindChanged(game.Color(side))
	}
	return p
}

// row is a side's line of the form: who plays it, and the name.
func (p *players) row(side game.Color) fyne.CanvasObject {
	return container.NewBorder(nil, nil, nil, p.kind[side], p.names[side])
}

// levelBox is the form's line of the computer's level.
func (p *players) levelBox() fyne.CanvasObject { return container.NewVBox(p.level, p.about) }

// computer reports whether the computer plays side.
func (p *players) computer(side game.Color) bool { return p.kind[side].SelectedIndex() == byComputer }

func (p *players) any() bool { return p.computer(game.White) || p.computer(game.Black) }

// kindChanged shows the engine's name in place of a person's when the
// computer plays side, and the person's back when a person does.
func (p *players) kindChanged(side game.Color) {
	if !p.ready {
		return // being made
	}
	if p.computer(side) {
		if !p.names[side].Disabled() {
			p.typed[side] = p.names[side].Text
		}
		p.names[side].Disable()
	} else if p.names[side].Disabled() {
		p.names[side].SetText(p.typed[side])
		p.names[side].Enable()
	}
	p.refresh()
}

// refresh brings the names, the level and what is said of the engine in
// line with the choice, and asks the engine what it offers the first
// time the computer is chosen.
func (p *players) refresh() {
	if p.any() && !p.probing && !p.probed {
		p.probe()
	}
	for side := range p.kind {
		if p.computer(game.Color(side)) {
			p.names[side].SetText(p.engineName())
		}
	}
	defer func() { p.about.Hidden = p.about.Text == ""; p.about.Refresh() }()
	switch {
	case !p.any():
		p.about.SetText("")
	case !p.probed:
		p.about.SetText(lang.L("Asking the chess engine which levels it offers…"))
	case p.err != nil:
		p.about.SetText(words.ComputerError(p.err))
	case !p.info.Limited():
		p.about.SetText(lang.L("{{.Engine}} cannot play weaker than its full strength: it plays at full strength only.",
			map[string]any{"Engine": words.OneLine(p.info.Name)}))
	default:
		p.about.SetText("")
	}
	if p.any() && p.probed && p.err == nil && p.info.Limited() {
		p.level.Enable()
	} else {
		p.level.Disable()
	}
}

// engineName is the name shown for the computer: the engine's, once
// known.
func (p *players) engineName() string {
	if p.probed && p.err == nil && p.info.Name != "" {
		return p.info.Name
	}
	return lang.L("The computer")
}

// probe asks the engine, in the background, which levels it offers.
func (p *players) probe() {
	ctx, cancel := context.WithCancel(context.Background())
	p.cancel, p.probing = cancel, true
	go func() {
		info, err := p.r.probe(ctx)
		p.r.env.Post(func() {
			if ctx.Err() != nil {
				return // the dialog was closed
			}
			p.probed, p.probing, p.info, p.err = true, false, info, err
			p.fillLevels()
			p.refresh()
		})
	}()
}

// fillLevels lists the levels the engine offers, the one chosen last
// selected, or else the nearest above it.
func (p *players) fillLevels() {
	var labels []string
	pick := -1
	want := p.r.env.Settings.ComputerLevel()
	for i, st := range p.info.Levels {
		labels = append(labels, words.ComputerLevel(st))
		if pick < 0 && st.Level >= want {
			pick = i
		}
	}
	p.level.SetOptions(labels)
	if pick < 0 {
		pick = len(labels) - 1
	}
	if pick >= 0 {
		p.level.SetSelectedIndex(pick)
	}
}

// chosen returns who the computer is, as chosen; an error when it cannot
// play. Before the engine answered, it plays at the level chosen last,
// and its first move names it.
func (p *players) chosen() (session.Computer, error) {
	c := session.Computer{Sides: [2]bool{p.computer(game.White), p.computer(game.Black)}}
	if !p.any() {
		return c, nil
	}
	if p.err != nil {
		return c, p.err
	}
	if !p.probed {
		c.Strength.Level = p.r.env.Settings.ComputerLevel()
		return c, nil
	}
	c.Engine = p.info.Name
	c.Strength = p.info.Levels[len(p.info.Levels)-1]
	if i := p.level.SelectedIndex(); i >= 0 && i < len(p.info.Levels) {
		c.Strength = p.info.Levels[i]
	}
	return c, nil
}

// personNames returns the names of the people as typed, the names kept
// for a side the computer plays.
func (p *players) personNames() (white, black string) {
	name := func(side game.Color) string {
		if p.computer(side) {
			return p.typed[side]
		}
		return p.names[side].Text
	}
	return name(game.White), name(game.Black)
}

// addCommands adds the commands of a computer that stopped.
func (r *NewGame) addComputerCommands() {
	s := r.env.Session
	r.env.Commands.Add(
		kit.Command{ID: kit.RestartComputer, Label: "Restart the computer", Refused: r.restartRefused, Run: s.RestartComputer},
		kit.Command{ID: kit.PlayAsTwo, Label: "Go on as two players", Refused: r.asTwoRefused, Run: s.PlayAsTwo},
	)
}

func (r *NewGame) restartRefused() string {
	if r.env.Session.ComputerFault() == nil {
		return lang.L("The computer has not stopped.")
	}
	return ""
}

func (r *NewGame) asTwoRefused() string {
	s := r.env.Session
	if !s.AgainstComputer() || s.Game().Status().Over() {
		return lang.L("The computer plays no side of this game.")
	}
	return ""
}

// Follow says why the computer stopped playing, when it did, and offers
// what may be done: restart it, go on as two players, or save the game.
func (r *NewGame) Follow(ev session.Event) {
	s := r.env.Session
	if !ev.Change.Has(session.ComputerChanged) || s.ComputerFault() == nil {
		return
	}
	msg := words.ComputerError(s.ComputerFault())
	r.env.Dialogs.Choose(lang.L("The computer stopped playing"), msg, []kit.Choice{
		{Label: lang.L("Save…"), Action: func() { r.env.Commands.Run(kit.Save) }},
		{Label: lang.L("Go on as two players"), Action: s.PlayAsTwo},
		{Label: lang.L("Restart the computer"), Action: s.RestartComputer, Default: true},
	}, nil)
}

// longest returns the longest of texts.
func longest(texts []string) string {
	out := ""
	for _, t := range texts {
		if len([]rune(t)) > len([]rune(out)) {
			out = t
		}
	}
	return out
}
