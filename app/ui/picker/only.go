package picker

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	fynetheme "fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// onlyStrip is the line above a picker's list while it lists only the
// games that reach a position (the opening tree's "Games with this
// position"): it says which, and gives the whole list back.
type onlyStrip struct {
	p     *picker
	box   *fyne.Container
	label *widget.Label
}

func newOnlyStrip(p *picker) *onlyStrip {
	s := &onlyStrip{p: p, label: widget.NewLabel("")}
	s.label.Truncation = fyne.TextTruncateEllipsis
	all := widget.NewButtonWithIcon(lang.L("Show all games"), fynetheme.ContentClearIcon(), s.clear)
	s.box = container.NewBorder(nil, nil, nil, all, s.label)
	s.box.Hide()
	return s
}

// set says which position the games listed reach.
func (s *onlyStrip) set(position string) {
	s.label.SetText(lang.L("Only the games that reach {{.Position}}", map[string]any{"Position": position}))
	s.refresh()
}

// clear lists every game again.
func (s *onlyStrip) clear() {
	s.p.order.SetOnly(nil)
	s.p.arranging = true
	s.p.refreshList()
}

// refresh shows the strip while the list is kept to some games.
func (s *onlyStrip) refresh() {
	if s.p.order.Only() == s.box.Visible() {
		return
	}
	if s.p.order.Only() {
		s.box.Show()
	} else {
		s.box.Hide()
	}
	s.p.content.Refresh()
}
