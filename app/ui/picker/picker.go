package picker

import (
	"errors"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	fynetheme "fyne.io/fyne/v2/theme"

	"github.com/echiquier/echiquier/app/collection"
	"github.com/echiquier/echiquier/app/session"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/words"
)

// Leaver makes the game on screen safe to leave before another takes
// its place: it runs then once the game was saved or given up.
type Leaver interface {
	ConfirmDiscard(then func())
}

// Picker is the room of the lists of games.
type Picker struct {
	env   *kit.Env
	leave Leaver
	// lists are the lists of games of the files opened, by file.
	lists map[*collection.Collection]*picker
}

// New makes the room and adds its commands to the table.
func New(env *kit.Env, leave Leaver) *Picker {
	r := &Picker{env: env, leave: leave, lists: map[*collection.Collection]*picker{}}
	s := env.Session
	noFile := func() string {
		if s.Collection() == nil {
			return lang.L("The game on screen is not from a file of several games.")
		}
		return ""
	}
	none := func(dir int) func() string {
		return func() string {
			if why := noFile(); why != "" {
				return why
			}
			if _, ok := s.GameAround(dir); !ok {
				if dir > 0 {
					return lang.L("This is the last game of the list.")
				}
				return lang.L("This is the first game of the list.")
			}
			return ""
		}
	}
	env.Commands.Add(
		kit.Command{ID: kit.GamesInFile, Label: "Games in this file…", Shortcut: kit.Ctrl(fyne.KeyL),
			Refused: noFile, Run: r.showCollection},
		kit.Command{ID: kit.PreviousGame, Label: "Previous game in the file", Icon: fynetheme.MoveUpIcon(), Shortcut: kit.Ctrl(fyne.KeyPageUp),
			Refused: none(-1), Run: func() { r.stepGame(-1) }},
		kit.Command{ID: kit.NextGame, Label: "Next game in the file", Icon: fynetheme.MoveDownIcon(), Shortcut: kit.Ctrl(fyne.KeyPageDown),
			Refused: none(1), Run: func() { r.stepGame(1) }},
	)
	return r
}

// Follow brings the lists in line with the session: a file of several
// games just opened shows its list; a list whose file grew shows more.
func (r *Picker) Follow(ev session.Event) {
	c := ev.Change
	if c.Has(session.CollectionOpened) {
		r.show(ev.Collection, true)
	} else if p := r.lists[ev.Collection]; p != nil && c.Has(session.CollectionChanged) {
		p.refresh()
	}
}

// show shows the list of a collection, made the first time. confirmed
// says that the game on screen may be left without asking: the user was
// asked when choosing the file.
func (r *Picker) show(c *collection.Collection, confirmed bool) *picker {
	p := r.lists[c]
	if p == nil {
		p = newPicker(r, c)
		r.lists[c] = p
	}
	p.show(confirmed)
	return p
}

// ShowOnly lists only the games of the file on screen that games holds
// (a bit a game), those that reach position (named for the user).
func (r *Picker) ShowOnly(games []uint64, position string) {
	c := r.env.Session.Collection()
	if c == nil {
		return
	}
	c.MarkUsed()
	c.Order().SetOnly(games)
	r.show(c, false).only.set(position)
}

// Indexing reports whether a file is being read: the opening tree waits
// for it, as both read the disk.
func (r *Picker) Indexing() bool {
	for c := range r.lists {
		if state, _, _, _ := c.State(); state == collection.Indexing {
			return true
		}
	}
	return false
}

// openGame makes game i of c the game on screen, and reports whether it
// could; one that cannot be read is named in an error dialog.
func (r *Picker) openGame(c *collection.Collection, i int) bool {
	if err := r.env.Session.OpenGame(c, i); err != nil {
		r.env.Dialogs.ShowError(errors.New(words.FileError(err)))
		return false
	}
	return true
}

// stepGame opens the nearest game in direction dir, in the order the
// list shows, once the game on screen is safe to leave. One that fails
// to open says why, and is skipped the next time.
func (r *Picker) stepGame(dir int) {
	s := r.env.Session
	i, ok := s.GameAround(dir)
	if !ok {
		return
	}
	c := s.Collection()
	r.leave.ConfirmDiscard(func() {
		if r.openGame(c, i) {
			if p := r.lists[c]; p != nil {
				p.selectGame(i)
			}
		}
	})
}

// showCollection shows the list of the file the game on screen comes
// from again, with its order, filter and selection as they were.
func (r *Picker) showCollection() {
	if c := r.env.Session.Collection(); c != nil {
		r.show(c, false)
	}
}
