package kit

import (
	"fmt"
	"log"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
)

// ID names a command.
type ID string

// Separator stands between the items of a menu.
const Separator ID = ""

// Command is one thing the user can ask the window to do, however asked:
// a menu item, a button, a shortcut. The table of commands builds all
// three from it, and tells why it cannot run when it cannot.
type Command struct {
	ID ID
	// Label is the key of its name in the translations: its English
	// name, as in a menu ("Save as…").
	Label string
	// Button is the key of its name on a button, when it differs from
	// Label ("Save…" in the banner).
	Button string
	// Icon is drawn on its buttons.
	Icon fyne.Resource
	// Shortcut runs it from the keyboard: Ctrl with a key, or a key alone
	// (Key: F2, ←); nil for none.
	Shortcut fyne.Shortcut
	// Refused says, in the user's language, why it cannot run now; ""
	// when it can. Nil: it always can.
	Refused func() string
	// Checked, when set, makes its menu item a check item.
	Checked func() bool
	// Look, when set, gives its buttons their label and icon, which
	// follow the state (Pause clocks, Resume clocks).
	Look func() (string, fyne.Resource)
	// TextFirst, when set, says that its shortcut is meant for the text
	// field that has the keyboard (Copy with text selected): the field
	// gets the shortcut and the command does not run.
	TextFirst func(TextField) bool
	// Run does it.
	Run func()
}

// TextField is a widget that edits text (the move box, names,
// comments): the clipboard shortcuts keep their usual meaning there.
type TextField interface {
	fyne.Shortcutable
	SelectedText() string
}

// refusal is why c cannot run now, "" when it can.
func (c *Command) refusal() string {
	if c.Refused == nil {
		return ""
	}
	return c.Refused()
}

// Modal tells whether a dialog is shown: no command runs behind it.
type Modal interface{ Shown() bool }

// MenuSpec is a menu of the window: its title's key in the
// translations, its commands in order (Separator between groups), its
// submenus after them, and whether its last line says why its commands
// are disabled.
type MenuSpec struct {
	Title    string
	Items    []ID
	Submenus []MenuSpec
	Note     bool
}

// IDs returns the commands of the menu and of its submenus, in order,
// without separators.
func (m MenuSpec) IDs() []ID {
	var out []ID
	for _, id := range m.Items {
		if id != Separator {
			out = append(out, id)
		}
	}
	for _, sub := range m.Submenus {
		out = append(out, sub.IDs()...)
	}
	return out
}

// Commands is the table of the window's commands: each feature adds its
// own; menus, buttons and shortcuts are made from it, and Refresh brings
// their enabled and checked states in line after any change.
type Commands struct {
	clipboard fyne.Clipboard
	modal     Modal
	status    *Status
	focused   func() fyne.Focusable

	list []*Command
	byID map[ID]*Command

	menu    *fyne.MainMenu
	items   map[ID][]*fyne.MenuItem
	notes   []menuNote
	buttons map[ID][]*Button
	// onMenu is called after the menus changed, with the main menu.
	onMenu func(*fyne.MainMenu)
	// keys are the controls' keys in the main window: its buttons'.
	keys *Scope
}

// menuNote is the last line of a menu that says why its commands are
// disabled.
type menuNote struct {
	menu  *fyne.Menu
	items []*fyne.MenuItem
	ids   []ID
	space *fyne.MenuItem
	note  *fyne.MenuItem
}

// NewCommands makes an empty table for a window whose dialogs are modal,
// whose status line tells why a command did not run, whose focused
// widget focused returns, and whose buttons give keys to keys.
func NewCommands(clipboard fyne.Clipboard, modal Modal, status *Status, focused func() fyne.Focusable, keys *Scope) *Commands {
	return &Commands{
		clipboard: clipboard, modal: modal, status: status, focused: focused, keys: keys,
		byID: map[ID]*Command{}, items: map[ID][]*fyne.MenuItem{}, buttons: map[ID][]*Button{},
	}
}

// Add adds commands to the table. An ID or a shortcut given twice is a
// mistake of the program, which it refuses at once.
func (t *Commands) Add(cmds ...Command) {
	for _, c := range cmds {
		if c.ID == Separator || c.Run == nil {
			panic(fmt.Sprintf("command %q: no ID or nothing to run", c.ID))
		}
		if _, dup := t.byID[c.ID]; dup {
			panic(fmt.Sprintf("command %q added twice", c.ID))
		}
		if other := t.ByShortcut(c.Shortcut); other != nil {
			panic(fmt.Sprintf("commands %q and %q share the shortcut %s", other.ID, c.ID, c.Shortcut.ShortcutName()))
		}
		cmd := c
		t.list = append(t.list, &cmd)
		t.byID[c.ID] = &cmd
	}
}

// All returns the commands in the order they were added.
func (t *Commands) All() []Command {
	out := make([]Command, len(t.list))
	for i, c := range t.list {
		out[i] = *c
	}
	return out
}

// Get returns the command id, or false.
func (t *Commands) Get(id ID) (Command, bool) {
	c, ok := t.byID[id]
	if !ok {
		return Command{}, false
	}
	return *c, true
}

// ByShortcut returns the command of a shortcut, or nil.
func (t *Commands) ByShortcut(sc fyne.Shortcut) *Command {
	key, mod, ok := keyOf(sc)
	if !ok {
		return nil
	}
	for _, c := range t.list {
		if k, m, ok := keyOf(c.Shortcut); ok && k == key && m == mod {
			return c
		}
	}
	return nil
}

// Refused says why command id cannot run now, "" when it can.
func (t *Commands) Refused(id ID) string {
	c := t.mustGet(id)
	return c.refusal()
}

func (t *Commands) mustGet(id ID) *Command {
	c, ok := t.byID[id]
	if !ok {
		panic(fmt.Sprintf("no command %q", id))
	}
	return c
}

// Run runs command id as a menu or a button does: not while a dialog is
// shown; when it cannot run, the status line says why.
func (t *Commands) Run(id ID) { t.run(t.mustGet(id), nil) }

// run runs c, asked for by shortcut sc (nil for a click).
func (t *Commands) run(c *Command, sc fyne.Shortcut) {
	if sc != nil && c.TextFirst != nil {
		if f, ok := t.focused().(TextField); ok && c.TextFirst(f) {
			f.TypedShortcut(t.withClipboard(sc))
			return
		}
	}
	if t.modal.Shown() {
		return
	}
	if why := c.refusal(); why != "" {
		log.Printf("command %s refused: %s", c.ID, why)
		t.status.Say(why)
		return
	}
	log.Printf("command %s", c.ID)
	c.Run()
	t.Refresh()
}

// withClipboard returns the shortcut as a text field expects it: Copy
// and Paste carry the clipboard they use.
func (t *Commands) withClipboard(sc fyne.Shortcut) fyne.Shortcut {
	switch sc.(type) {
	case *fyne.ShortcutCopy:
		return &fyne.ShortcutCopy{Clipboard: t.clipboard}
	case *fyne.ShortcutPaste:
		return &fyne.ShortcutPaste{Clipboard: t.clipboard}
	}
	return sc
}

// TypedKey runs the command of a key typed alone (F2, ←), and reports
// whether there is one.
func (t *Commands) TypedKey(ev *fyne.KeyEvent) bool {
	c := t.ByShortcut(&Key{Name: ev.Name})
	if c == nil {
		return false
	}
	t.run(c, c.Shortcut)
	return true
}

// Install makes the commands' shortcuts with a modifier work in canvas c,
// where no menu or focused widget takes them first.
func (t *Commands) Install(c fyne.Canvas) {
	for _, cmd := range t.list {
		if _, mod, ok := keyOf(cmd.Shortcut); ok && mod != 0 {
			c.AddShortcut(cmd.Shortcut, func(fyne.Shortcut) { t.run(cmd, cmd.Shortcut) })
		}
	}
}

// MainMenu makes the window's menus, in the user's language, in place
// of those made before; onChange is called with them now and whenever
// they change.
func (t *Commands) MainMenu(specs []MenuSpec, onChange func(*fyne.MainMenu)) *fyne.MainMenu {
	t.items, t.notes, t.onMenu = map[ID][]*fyne.MenuItem{}, nil, onChange
	menus := make([]*fyne.Menu, len(specs))
	for i, spec := range specs {
		items := t.menuItems(spec)
		menus[i] = fyne.NewMenu(label(spec.Title), items...)
		if spec.Note {
			note := fyne.NewMenuItem("", nil)
			note.Disabled = true
			t.notes = append(t.notes, menuNote{menu: menus[i], items: items, ids: spec.Items,
				space: fyne.NewMenuItemSeparator(), note: note})
		}
	}
	t.menu = fyne.NewMainMenu(menus...)
	t.refresh(true)
	return t.menu
}

// menuItems makes the items of a menu: its commands, then its
// submenus.
func (t *Commands) menuItems(spec MenuSpec) []*fyne.MenuItem {
	var items []*fyne.MenuItem
	for _, id := range spec.Items {
		if id == Separator {
			items = append(items, fyne.NewMenuItemSeparator())
			continue
		}
		items = append(items, t.item(id))
	}
	if len(items) > 0 && len(spec.Submenus) > 0 {
		items = append(items, fyne.NewMenuItemSeparator())
	}
	for _, sub := range spec.Submenus {
		it := fyne.NewMenuItem(label(sub.Title), nil)
		it.ChildMenu = fyne.NewMenu("", t.menuItems(sub)...)
		items = append(items, it)
	}
	return items
}

// item makes the menu item of command id.
func (t *Commands) item(id ID) *fyne.MenuItem {
	c := t.mustGet(id)
	it := fyne.NewMenuItem(label(c.Label), func() { t.run(c, c.Shortcut) })
	it.Shortcut = menuShortcut(c.Shortcut)
	it.IsQuit = id == Quit
	t.items[id] = append(t.items[id], it)
	return it
}

// label translates a key the table of commands holds, the Label or
// Button of a Command or the Title of a MenuSpec: the translations' test
// reads those fields' literals as the keys of this one call.
func label(key string) string {
	return lang.L(key)
}

// Button makes a button of command id for the main window, with its
// name and its icon.
func (t *Commands) Button(id ID) *Button {
	c := t.mustGet(id)
	text := c.Button
	if text == "" {
		text = c.Label
	}
	return t.button(c, label(text), false)
}

// IconButton makes a button of command id for the main window that shows
// only its icon, where there is no room for its name.
func (t *Commands) IconButton(id ID) *Button {
	return t.button(t.mustGet(id), "", true)
}

func (t *Commands) button(c *Command, text string, iconOnly bool) *Button {
	b := NewButton(t.keys, text, func() { t.Run(c.ID) })
	b.Icon, b.iconOnly = c.Icon, iconOnly
	t.buttons[c.ID] = append(t.buttons[c.ID], b)
	t.refreshButton(c, b)
	return b
}

// ForgetButtons forgets the buttons made so far, when the window is
// built again.
func (t *Commands) ForgetButtons() { t.buttons = map[ID][]*Button{} }

// Refresh brings the menus and the buttons in line with what the
// commands can do now.
func (t *Commands) Refresh() { t.refresh(false) }

func (t *Commands) refresh(force bool) {
	changed := false
	for _, c := range t.list {
		why := c.refusal()
		for _, it := range t.items[c.ID] {
			checked := c.Checked != nil && c.Checked()
			if it.Disabled != (why != "") || it.Checked != checked {
				it.Disabled, it.Checked, changed = why != "", checked, true
			}
		}
		for _, b := range t.buttons[c.ID] {
			t.refreshButton(c, b)
		}
	}
	for _, n := range t.notes {
		changed = n.refresh(t) || changed
	}
	if (changed || force) && t.onMenu != nil && t.menu != nil {
		// The menu makes room for check marks when it is set again:
		// without it, a mark just set overlaps its label.
		t.onMenu(t.menu)
	}
}

// refresh says under the menu's items why they are disabled, and reports
// whether that changed.
func (n *menuNote) refresh(t *Commands) bool {
	var reasons []string
	for _, id := range n.ids {
		if id == Separator {
			continue
		}
		if why := t.byID[id].refusal(); why != "" && !slices.Contains(reasons, why) {
			reasons = append(reasons, why)
		}
	}
	text := ""
	for i, r := range reasons {
		if i > 0 {
			text += " "
		}
		text += r
	}
	shown := len(n.menu.Items) > len(n.items)
	if text == n.note.Label && shown == (text != "") {
		return false
	}
	n.note.Label = text
	n.menu.Items = n.items
	if text != "" {
		n.menu.Items = append(slices.Clip(n.items), n.space, n.note)
	}
	return true
}

func (t *Commands) refreshButton(c *Command, b *Button) {
	name := label(c.Label)
	if c.Look != nil {
		text, icon := c.Look()
		name = text
		if b.iconOnly {
			text = ""
		}
		if b.Text != text || b.Icon != icon {
			b.Text, b.Icon = text, icon
			b.Refresh()
		}
	}
	if b.iconOnly {
		b.hint = name
		if key := ShortcutText(c.Shortcut); key != "" {
			b.hint += " (" + key + ")"
		}
	}
	if why := c.refusal(); why != "" {
		b.Disable()
	} else {
		b.Enable()
	}
}

// Label is a command's name in the user's language.
func Label(c Command) string { return label(c.Label) }

// Name is command id's name in the user's language.
func (t *Commands) Name(id ID) string { return Label(*t.mustGet(id)) }

// KeysOf is command id's shortcut as the user types it ("Ctrl+Y"), ""
// for none.
func (t *Commands) KeysOf(id ID) string {
	c := t.mustGet(id)
	if c.Shortcut == nil {
		return ""
	}
	return ShortcutText(c.Shortcut)
}
