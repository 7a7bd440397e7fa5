package kit

import (
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// Status is the line at the bottom of the window. It says where the game
// stands, the mode the keyboard is in, what stays true until said
// otherwise (crash protection off), and for a while what just happened
// ("Saved to game.pgn") or why a command did not run. It is cut short
// rather than wrapped or widened: it never moves the rest of the window.
type Status struct {
	label                    *widget.Label
	base, mode, note, notice string
}

// NewStatus makes an empty status line.
func NewStatus() *Status {
	l := widget.NewLabel("")
	l.TextStyle.Bold = true
	l.Truncation = fyne.TextTruncateEllipsis
	return &Status{label: l}
}

// Widget is the line, to lay out.
func (s *Status) Widget() fyne.CanvasObject { return s.label }

// Set says where the game stands.
func (s *Status) Set(text string) { s.base = text; s.show() }

// SetMode says the mode the keyboard is in and how to leave it; "" for
// none.
func (s *Status) SetMode(text string) { s.mode = text; s.show() }

// SetNote says what stays true until said otherwise; "" for nothing.
func (s *Status) SetNote(text string) { s.note = text; s.show() }

// Say says what just happened, in place of the rest, until ClearNotice
// or the next Say.
func (s *Status) Say(text string) { s.notice = text; s.show() }

// ClearNotice takes away what Say said: the game moved on.
func (s *Status) ClearNotice() {
	if s.notice != "" {
		s.notice = ""
		s.show()
	}
}

// Text is what the line says.
func (s *Status) Text() string { return s.label.Text }

func (s *Status) show() {
	parts := []string{s.mode, s.base}
	if s.notice != "" {
		parts = []string{s.notice}
	}
	parts = slices.DeleteFunc(append(parts, s.note), func(p string) bool { return p == "" })
	if text := strings.Join(parts, " — "); text != s.label.Text {
		s.label.SetText(text)
	}
}
