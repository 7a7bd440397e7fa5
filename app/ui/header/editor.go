package header

import (
	"errors"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	fynetheme "fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/app/pgn"
	"github.com/echiquier/echiquier/app/ui/kit"
	"github.com/echiquier/echiquier/app/ui/words"
)

// fieldTags are the tags the editor gives a field of their own, in the
// order of its fields; the game's other tags are listed under them.
var fieldTags = []string{"White", "WhiteElo", "Black", "BlackElo", "Event", "Site", "Date", "Round"}

// editor is the dialog that edits the game's tags and result.
type editor struct {
	h      *Header
	sc     *kit.Scope
	d      dialog.Dialog
	fields map[string]*kit.Entry
	// was is each field's text when the dialog opened: a value the user
	// leaves as the file had it is taken as it is.
	was map[string]string
	// results are the results the game may take, in the list's order.
	results []string
	result  *kit.Select
	others  *fyne.Container // the rows of the other tags
	rows    []*tagRow
	problem *widget.Label // why Save did not save
}

// tagRow is a row of the other tags: its name and its value.
type tagRow struct {
	name, value *kit.Entry
	box         *fyne.Container
}

// edit shows the dialog that edits the game's tags. Escape or Cancel
// leaves them; Enter or Save takes the fields once they are right, and
// until then the dialog stays and says what is wrong.
func (h *Header) edit() {
	g := h.env.Session.Game()
	e := &editor{h: h, sc: &kit.Scope{}, fields: map[string]*kit.Entry{}, was: map[string]string{}}
	form := widget.NewForm()
	for _, tag := range fieldTags {
		f := kit.NewEntry(e.sc)
		f.SetLimit(pgn.MaxString)
		f.SetText(g.Tag(tag))
		e.fields[tag], e.was[tag] = f, f.Text
		f.Validator = e.validator(tag)
		form.Append(fieldLabel(tag), f)
	}
	e.fields["Date"].SetPlaceHolder("2024.05.??")
	form.Items[len(form.Items)-2].HintText = lang.L("YYYY.MM.DD, with ?? for what is not known")
	e.results = g.ResultChoices()
	e.result = kit.NewSelect(e.sc, resultLabels(e.results), nil)
	e.result.SetSelectedIndex(slices.Index(e.results, g.Status().Result))
	if err := g.ResultFixed(); err != nil {
		e.result.Disable()
		why := widget.NewLabel(words.Error(err))
		why.Wrapping = fyne.TextWrapWord
		form.Append(lang.L("Result"), container.NewVBox(e.result, why))
	} else {
		form.Append(lang.L("Result"), e.result)
	}
	e.others = container.NewVBox()
	for _, t := range g.EditableTags() {
		if !slices.Contains(fieldTags, t.Name) {
			e.addRow(t.Name, t.Value)
		}
	}
	add := kit.NewButton(e.sc, lang.L("Add a tag"), func() { e.h.env.Window.Canvas().Focus(e.addRow("", "").name) })
	add.Icon = fynetheme.ContentAddIcon()
	form.Append(lang.L("Other tags"), container.NewVBox(e.others, container.NewHBox(add)))
	e.problem = widget.NewLabel("")
	e.problem.Wrapping = fyne.TextWrapWord
	e.problem.Importance = widget.DangerImportance
	e.problem.Hide()
	content := container.NewBorder(nil, e.problem, nil, nil, container.NewVScroll(form))
	d := dialog.NewCustomWithoutButtons(lang.L("Game details"), content, h.env.Window)
	e.d = d
	e.sc.Cancel, e.sc.Confirm = d.Hide, e.save
	save := kit.NewButton(e.sc, lang.L("Save"), e.save)
	save.Importance = widget.HighImportance
	d.SetButtons([]fyne.CanvasObject{kit.NewButton(e.sc, lang.L("Cancel"), d.Hide), save})
	size := h.env.Window.Canvas().Size()
	e.d.Resize(fyne.NewSize(min(600, size.Width), min(640, size.Height)))
	h.env.Dialogs.Show(e.d, e.sc)
	h.env.Window.Canvas().Focus(e.fields["White"])
}

// fieldLabel is the name of a field of the editor.
func fieldLabel(tag string) string {
	switch tag {
	case "White":
		return lang.L("White")
	case "WhiteElo":
		return lang.L("White's Elo")
	case "Black":
		return lang.L("Black")
	case "BlackElo":
		return lang.L("Black's Elo")
	case "Event":
		return lang.L("Event")
	case "Site":
		return lang.L("Site")
	case "Date":
		return lang.L("Date")
	}
	return lang.L("Round")
}

// resultLabels are the results as the list of the editor shows them.
func resultLabels(results []string) []string {
	out := make([]string, len(results))
	for i, r := range results {
		switch r {
		case game.WhiteWins:
			out[i] = lang.L("1-0 (White wins)")
		case game.BlackWins:
			out[i] = lang.L("0-1 (Black wins)")
		case game.Draw:
			out[i] = lang.L("½-½ (draw)")
		default:
			out[i] = lang.L("* (the game goes on)")
		}
	}
	return out
}

// validator checks a field: the date as PGN writes it, a rating of
// digits; a text left as it was is taken as it is.
func (e *editor) validator(tag string) fyne.StringValidator {
	return func(text string) error {
		text = strings.TrimSpace(text)
		if text == strings.TrimSpace(e.was[tag]) || text == "" {
			return nil
		}
		var err error
		switch tag {
		case "Date":
			err = pgn.CheckDate(text)
		case "WhiteElo", "BlackElo":
			if len(text) > 4 || strings.Trim(text, "0123456789") != "" {
				return errors.New(lang.L("A rating is a number of up to four digits"))
			}
		}
		if err == nil {
			err = pgn.CheckTagValue(tag, text)
		}
		if err != nil {
			return errors.New(words.Error(err))
		}
		return nil
	}
}

// addRow adds a row of the other tags, and returns it.
func (e *editor) addRow(name, value string) *tagRow {
	r := &tagRow{name: kit.NewEntry(e.sc), value: kit.NewEntry(e.sc)}
	r.name.SetLimit(pgn.MaxSymbol)
	r.value.SetLimit(pgn.MaxString)
	r.name.SetText(name)
	r.name.SetPlaceHolder(lang.L("Name"))
	r.value.SetText(value)
	r.value.SetPlaceHolder(lang.L("Value"))
	r.name.Validator = func(text string) error {
		if err := e.checkName(r, strings.TrimSpace(text)); err != nil {
			return errors.New(err.Error())
		}
		return nil
	}
	remove := kit.NewButton(e.sc, "", func() {
		e.rows = slices.DeleteFunc(e.rows, func(x *tagRow) bool { return x == r })
		e.others.Remove(r.box)
	})
	remove.Icon = fynetheme.ContentRemoveIcon()
	r.box = container.NewBorder(nil, nil, nil, remove, container.NewGridWithColumns(2, r.name, r.value))
	e.rows = append(e.rows, r)
	e.others.Add(r.box)
	return r
}

// checkName says what is wrong with the name of row r, in the user's
// words; nil when it is right or when the row is empty (it is left out).
func (e *editor) checkName(r *tagRow, name string) error {
	if name == "" && strings.TrimSpace(r.value.Text) == "" {
		return nil
	}
	if err := pgn.CheckTagName(name); err != nil {
		return errors.New(words.Error(err))
	}
	switch {
	case slices.Contains(fieldTags, name):
		return errors.New(lang.L("{{.Name}} has its own field above", map[string]any{"Name": name}))
	case game.IsGameTag(name):
		return errors.New(lang.L("{{.Name}} follows the game: it is not written by hand", map[string]any{"Name": name}))
	}
	for _, o := range e.rows {
		if o != r && strings.TrimSpace(o.name.Text) == name {
			return errors.New(lang.L("{{.Name}} is in the list twice", map[string]any{"Name": name}))
		}
	}
	return nil
}

// save gives the game the tags and the result of the fields, and closes
// the dialog; while a field is wrong, it says which and why, and the
// dialog stays with what was typed.
func (e *editor) save() {
	var tags []pgn.Tag
	var bad []string
	for i, tag := range fieldTags {
		f := e.fields[tag]
		if err := f.Validator(f.Text); err != nil {
			bad = append(bad, lang.L("{{.Field}}: {{.Problem}}", map[string]any{"Field": fieldLabel(fieldTags[i]), "Problem": err.Error()}))
		}
		tags = append(tags, pgn.Tag{Name: tag, Value: strings.TrimSpace(f.Text)})
	}
	for _, r := range e.rows {
		name := strings.TrimSpace(r.name.Text)
		if err := e.checkName(r, name); err != nil {
			bad = append(bad, err.Error())
			continue
		}
		if name != "" {
			tags = append(tags, pgn.Tag{Name: name, Value: strings.TrimSpace(r.value.Text)})
		}
	}
	if len(bad) > 0 {
		e.say(strings.Join(bad, "\n"))
		return
	}
	result := e.h.env.Session.Game().Status().Result
	if i := e.result.SelectedIndex(); i >= 0 && i < len(e.results) {
		result = e.results[i]
	}
	if err := e.h.env.Session.SetHeader(tags, result); err != nil {
		e.say(words.Error(err))
		return
	}
	e.d.Hide()
}

// say shows why the fields were not saved, under them.
func (e *editor) say(text string) {
	e.problem.SetText(text)
	e.problem.Show()
}
