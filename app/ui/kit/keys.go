package kit

import (
	"runtime"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"
)

// Key is a shortcut without a modifier: F2, ←, Home. The menus show it
// beside their item; the window runs it from its key handler, as Fyne
// gives the menus only the shortcuts that have a modifier.
type Key struct{ Name fyne.KeyName }

// BareKey is the shortcut of a key typed alone.
func BareKey(k fyne.KeyName) fyne.Shortcut { return &Key{Name: k} }

// ShortcutName is part of fyne.Shortcut.
func (k *Key) ShortcutName() string { return "Key:" + string(k.Name) }

// Key is part of fyne.KeyboardShortcut.
func (k *Key) Key() fyne.KeyName { return k.Name }

// Mod is part of fyne.KeyboardShortcut.
func (k *Key) Mod() fyne.KeyModifier { return 0 }

// Ctrl is the shortcut of Ctrl (Cmd on a Mac) with k.
func Ctrl(k fyne.KeyName) fyne.Shortcut {
	return &desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault}
}

// CtrlShift is the shortcut of Ctrl (Cmd) and Shift with k.
func CtrlShift(k fyne.KeyName) fyne.Shortcut {
	return &desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}
}

// shownShortcut is a shortcut as a menu of the window shows it: Fyne
// draws a menu item's shortcut itself, in English ("Ctrl+Shift+S",
// "PgUp", "Home"), from its key and modifiers. This one has the words
// of ShortcutText, the names Help gives the keys, as its key and no
// modifier; its name is the shortcut's, by which the window finds the
// item of a shortcut typed.
type shownShortcut struct {
	fyne.Shortcut
	text string
}

// Key is part of fyne.KeyboardShortcut: the whole shortcut, written.
func (s *shownShortcut) Key() fyne.KeyName { return fyne.KeyName(s.text) }

// Mod is part of fyne.KeyboardShortcut: none, written in Key.
func (s *shownShortcut) Mod() fyne.KeyModifier { return 0 }

// menuShortcut is sc as a menu item carries it: written as ShortcutText
// writes it, but on a Mac, whose menus are the system's and write the
// keys as symbols (⌘⇧S).
func menuShortcut(sc fyne.Shortcut) fyne.Shortcut {
	text := ShortcutText(sc)
	if text == "" || runtime.GOOS == "darwin" {
		return sc
	}
	return &shownShortcut{Shortcut: sc, text: text}
}

// keyOf returns the key and modifiers of a shortcut; false for one that
// is not typed on the keyboard.
func keyOf(sc fyne.Shortcut) (fyne.KeyName, fyne.KeyModifier, bool) {
	k, ok := sc.(fyne.KeyboardShortcut)
	if !ok {
		return "", 0, false
	}
	return k.Key(), k.Mod(), true
}

// ShortcutText writes a shortcut as the user types it, in the user's
// language: "Ctrl+Shift+S", "F2", "←".
func ShortcutText(sc fyne.Shortcut) string {
	key, mod, ok := keyOf(sc)
	if !ok {
		return ""
	}
	var parts []string
	if mod&fyne.KeyModifierShortcutDefault != 0 || mod&fyne.KeyModifierControl != 0 {
		parts = append(parts, lang.L("Ctrl"))
	}
	if mod&fyne.KeyModifierAlt != 0 {
		parts = append(parts, lang.L("Alt"))
	}
	if mod&fyne.KeyModifierShift != 0 {
		parts = append(parts, lang.L("Shift"))
	}
	return strings.Join(append(parts, keyText(key)), "+")
}

// keyText names a key as its cap says, in the user's language.
func keyText(k fyne.KeyName) string {
	switch k {
	case fyne.KeyLeft:
		return "←"
	case fyne.KeyRight:
		return "→"
	case fyne.KeyUp:
		return "↑"
	case fyne.KeyDown:
		return "↓"
	case fyne.KeyHome:
		return lang.L("Home")
	case fyne.KeyEnd:
		return lang.L("End")
	case fyne.KeyPageUp:
		return lang.L("Page Up")
	case fyne.KeyPageDown:
		return lang.L("Page Down")
	case fyne.KeyEscape:
		return lang.L("Escape")
	case fyne.KeyComma:
		return ","
	}
	return string(k)
}

// CtrlAlt is the shortcut of Ctrl (Cmd) and Alt with k.
func CtrlAlt(k fyne.KeyName) fyne.Shortcut {
	return &desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierAlt}
}
