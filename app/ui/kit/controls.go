package kit

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"
)

// Scope is what the keys do in one dialog or window, whichever of its
// controls has the keyboard: Escape cancels (closes it), Enter confirms
// (its default button). Fyne gives a key to the control that has the
// keyboard and to nothing else, and its check boxes, lists and buttons
// keep Escape and Enter to themselves: the controls made here pass them
// on to their scope. The fields are set once the dialog is made.
type Scope struct {
	// Cancel is what Escape does; nil for nothing.
	Cancel func()
	// Confirm is what Enter does; nil for nothing.
	Confirm func()
	// Rune takes a character typed on a control that takes none (a
	// button); nil drops it.
	Rune func(rune)
	// Tapped is told of a click on a button, before the button acts (a
	// click on a button of the main window ends keyboard play); nil for
	// nothing.
	Tapped func()
	// Hint shows text beside o, a button that shows only its icon,
	// while the pointer is on it, and hides it when text is ""; nil
	// shows nothing.
	Hint func(o fyne.CanvasObject, text string)
}

// key runs what Escape or Enter do in the scope, and reports whether ev
// was one of them.
func (s *Scope) key(ev *fyne.KeyEvent, enter bool) bool {
	switch {
	case s == nil:
		return false
	case ev.Name == fyne.KeyEscape && s.Cancel != nil:
		s.Cancel()
		return true
	case enter && (ev.Name == fyne.KeyReturn || ev.Name == fyne.KeyEnter) && s.Confirm != nil:
		s.Confirm()
		return true
	}
	return false
}

// Button is a button whose Escape and Enter are its scope's, and whose
// characters go to the scope (in the main window, to the move box): Fyne
// focuses a button through Tab.
type Button struct {
	widget.Button
	scope *Scope
	// iconOnly keeps the button's name off it: a state that changes its
	// look changes only its icon.
	iconOnly bool
	// hint is the name and the key of an icon-only button's command,
	// said while the pointer is on it.
	hint string
}

var _ desktop.Hoverable = (*Button)(nil)

// MouseIn says the button's hint, and lights it up.
func (b *Button) MouseIn(ev *desktop.MouseEvent) {
	b.sayHint(b.hint)
	b.Button.MouseIn(ev)
}

// MouseOut takes the hint away.
func (b *Button) MouseOut() {
	b.sayHint("")
	b.Button.MouseOut()
}

func (b *Button) sayHint(text string) {
	if b.hint != "" && b.scope != nil && b.scope.Hint != nil {
		b.scope.Hint(b, text)
	}
}

// NewButton makes a button of scope s.
func NewButton(s *Scope, text string, tapped func()) *Button {
	b := &Button{scope: s}
	b.Text, b.OnTapped = text, tapped
	b.ExtendBaseWidget(b)
	return b
}

// Tapped tells the scope, then presses the button.
func (b *Button) Tapped(ev *fyne.PointEvent) {
	if b.scope != nil && b.scope.Tapped != nil && !b.Disabled() {
		b.scope.Tapped()
	}
	b.Button.Tapped(ev)
}

// TypedKey presses the button with Space; Escape and Enter are the
// scope's.
func (b *Button) TypedKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeyEscape && b.scope.key(ev, false) {
		return
	}
	b.Button.TypedKey(ev)
}

// TypedRune gives the character to the scope.
func (b *Button) TypedRune(r rune) {
	if b.scope != nil && b.scope.Rune != nil {
		b.scope.Rune(r)
	}
}

// Check is a check box whose Escape and Enter are its scope's: Fyne gives
// it the keyboard when it is clicked.
type Check struct {
	widget.Check
	scope *Scope
}

// NewCheck makes a check box of scope s.
func NewCheck(s *Scope, label string, changed func(bool)) *Check {
	c := &Check{scope: s}
	c.Text, c.OnChanged = label, changed
	c.ExtendBaseWidget(c)
	return c
}

// TypedKey ticks with Space; Escape and Enter are the scope's.
func (c *Check) TypedKey(ev *fyne.KeyEvent) {
	if c.scope.key(ev, true) {
		return
	}
	c.Check.TypedKey(ev)
}

// Select is a drop-down list whose Escape and Enter are its scope's:
// Fyne gives it the keyboard when it is clicked.
type Select struct {
	widget.Select
	scope *Scope
}

// NewSelect makes a drop-down list of scope s.
func NewSelect(s *Scope, options []string, changed func(string)) *Select {
	l := &Select{scope: s}
	l.Options, l.OnChanged = options, changed
	l.ExtendBaseWidget(l)
	return l
}

// TypedKey opens the list with Space or ↓; Escape and Enter are the
// scope's.
func (l *Select) TypedKey(ev *fyne.KeyEvent) {
	if l.scope.key(ev, true) {
		return
	}
	l.Select.TypedKey(ev)
}

// Slider is a slider whose Escape and Enter are its scope's: Fyne gives
// it the keyboard when it is clicked.
type Slider struct {
	widget.Slider
	scope *Scope
}

// NewSlider makes a slider of scope s, from lo to hi by steps of one.
func NewSlider(s *Scope, lo, hi float64) *Slider {
	l := &Slider{scope: s}
	l.Min, l.Max, l.Step, l.Orientation = lo, hi, 1, widget.Horizontal
	l.ExtendBaseWidget(l)
	return l
}

// TypedKey moves the slider with the arrows; Escape and Enter are the
// scope's.
func (l *Slider) TypedKey(ev *fyne.KeyEvent) {
	if l.scope.key(ev, true) {
		return
	}
	l.Slider.TypedKey(ev)
}

// Enable enables or disables a control.
func Enable(d fyne.Disableable, on bool) {
	if on {
		d.Enable()
	} else {
		d.Disable()
	}
}
