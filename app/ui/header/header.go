// Package header is the room of the game's header, above the move list:
// who plays whom, with their ratings and titles, where and when, the
// result; for a game of a file of several, its place in the file with
// the buttons to the games before and after it; and the dialog that
// edits the game's tags, opened by a double click on the header.
package header

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/session"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/words"
	"github.com/echiquier/echiquier/widgets"
)

// Header is the header room.
type Header struct {
	env *kit.Env
	v   *view
}

// view is what the room shows, made again in another language.
type view struct {
	header *widgets.GameHeader
	// steps are the buttons to the previous and the next game of the
	// file, shown for a game of a file of several.
	steps *fyne.Container
	box   *fyne.Container // the header and the buttons
}

// New makes the room and adds its command to the table.
func New(env *kit.Env) *Header {
	h := &Header{env: env}
	env.Commands.Add(kit.Command{ID: kit.EditTags, Label: "Game details…", Shortcut: kit.Ctrl(fyne.KeyI), Run: h.edit})
	return h
}

// Build makes what the room shows: the header, with the buttons to the
// previous and the next game of the file beside it.
func (h *Header) Build() fyne.CanvasObject {
	cmds := h.env.Commands
	v := &view{header: widgets.NewGameHeader(),
		steps: container.NewHBox(cmds.IconButton(kit.PreviousGame), cmds.IconButton(kit.NextGame))}
	v.header.OnDoubleTapped = h.edit
	v.box = container.NewBorder(nil, nil, nil, container.NewCenter(v.steps), v.header)
	h.v = v
	h.refresh()
	return v.box
}

// SetCompact puts the header on one line, for a small window; false on
// two.
func (h *Header) SetCompact(on bool) {
	if h.v.header.Compact != on {
		h.v.header.Compact = on
		h.v.header.Refresh()
	}
}

// SizeFor is the header's smallest size, compact or not, with the
// buttons to the games before and after it: the same whatever it says
// and whatever game it shows.
func (h *Header) SizeFor(compact bool) fyne.Size {
	s := h.v.header.SizeFor(compact)
	return fyne.NewSize(s.Width+h.v.steps.MinSize().Width, max(s.Height, h.v.steps.MinSize().Height))
}

// Height is the header's height, compact or not, as it is now: without
// the buttons of a file of several games, its lines only.
func (h *Header) Height(compact bool) float32 {
	if h.v.steps.Visible() {
		return h.SizeFor(compact).Height
	}
	return h.v.header.SizeFor(compact).Height
}

// OneLine reports whether the header says all it says on one line of
// width w, the buttons beside it included.
func (h *Header) OneLine(w float32) bool {
	if h.v.steps.Visible() {
		w -= h.v.steps.MinSize().Width
	}
	return h.v.header.FitsOnOneLine(w)
}

// Follow brings the header in line with the game and its file.
func (h *Header) Follow(ev session.Event) {
	if ev.Change.Has(session.GameChanged | session.FileChanged | session.CollectionChanged | session.CollectionOpened) {
		h.refresh()
	}
}

// refresh shows the game's header as its tags say.
func (h *Header) refresh() {
	s := h.env.Session
	g := s.Game()
	v := h.v
	v.header.Players = player(g, game.White) + " – " + player(g, game.Black)
	v.header.Result = words.ShortResult(g.Status().Result)
	v.header.Details = details(g)
	v.header.Place, v.header.ShortPlace = "", ""
	c := s.Collection()
	inFile := c != nil && c.Index().Len() > 1
	if inFile {
		v.header.Place = lang.L("game {{.Number}} of {{.Total}}",
			map[string]any{"Number": c.Current() + 1, "Total": c.Index().Len()})
		v.header.ShortPlace = fmt.Sprintf("%d/%d", c.Current()+1, c.Index().Len())
	}
	if inFile != v.steps.Visible() {
		v.steps.Hidden = !inFile
		v.box.Refresh() // the header gives the buttons their room, or takes it back
	}
	v.header.Refresh()
}

// player is a player as the header names them: title, name, rating
// ("GM Carlsen, Magnus (2830)"); the side's name when the tags name
// nobody.
func player(g game.View, c game.Color) string {
	tag := "White"
	if c == game.Black {
		tag = "Black"
	}
	out := words.OneLine(words.PlayerName(g, c))
	if title := known(g.Tag(tag + "Title")); title != "" {
		out = words.OneLine(title) + " " + out
	}
	if elo := known(g.Tag(tag + "Elo")); elo != "" && elo != "0" {
		out += " (" + words.OneLine(elo) + ")"
	}
	return out
}

// known is a tag's value, "" for one PGN marks as unknown ("?", "-").
func known(v string) string {
	v = strings.TrimSpace(v)
	if v == "?" || v == "-" {
		return ""
	}
	return v
}

// details is the second line of the header: the event, the site, the
// date and the round that the tags know.
func details(g game.View) string {
	var parts []string
	for _, tag := range []string{"Event", "Site"} {
		if v := known(g.Tag(tag)); v != "" {
			parts = append(parts, words.OneLine(v))
		}
	}
	if d := knownDate(g.Tag("Date")); d != "" {
		parts = append(parts, words.OneLine(d))
	}
	if r := known(g.Tag("Round")); r != "" {
		parts = append(parts, lang.L("round {{.Round}}", map[string]any{"Round": words.OneLine(r)}))
	}
	return strings.Join(parts, " · ")
}

// knownDate is the known start of a PGN date: "2024.05" for
// "2024.05.??", "" for "????.??.??".
func knownDate(d string) string {
	for _, unknown := range []string{".??", "????"} {
		for strings.HasSuffix(d, unknown) {
			d = strings.TrimSuffix(d, unknown)
		}
	}
	return known(d)
}
