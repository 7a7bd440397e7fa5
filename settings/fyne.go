package settings

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
)

// FyneStorageRoot returns the folder where Fyne v2.7 keeps the storage and
// preferences of the app with that ID on a desktop system, computed as
// Fyne does, before Fyne starts: on Linux and the BSDs
// $XDG_CONFIG_HOME/fyne/ID (or ~/.config/fyne/ID), on macOS
// ~/Library/Preferences/fyne/ID, on Windows %USERPROFILE%\AppData\Roaming\fyne\ID.
func FyneStorageRoot(appID string) string {
	var base string
	switch runtime.GOOS {
	case "windows":
		home, _ := os.UserHomeDir() // Fyne ignores the error too
		base = filepath.Join(home, "AppData", "Roaming")
	case "darwin":
		home, _ := os.UserHomeDir()
		base = filepath.Join(home, "Library", "Preferences")
	default:
		base, _ = os.UserConfigDir()
	}
	return filepath.Join(base, "fyne", appID)
}

// FynePreferencesPath returns the preferences file Fyne reads when the app
// with that ID starts.
func FynePreferencesPath(appID string) string {
	return filepath.Join(FyneStorageRoot(appID), "preferences.json")
}

// DefaultPath returns where the app with that ID keeps its FileStore: in a
// folder of its own inside Fyne's storage, because Fyne reloads and
// rewrites preferences.json whenever anything changes directly in the
// storage folder.
func DefaultPath(appID string) string {
	return filepath.Join(FyneStorageRoot(appID), "settings", "settings.json")
}

// GuardFynePreferences checks Fyne's preferences file at path before Fyne
// starts and, if Fyne could not load it, moves it aside (to path +
// ".corrupt-" + a timestamp) and returns a Notice; it returns nil for a
// good or missing file. Fyne v2.7 stops the program with a panic on a
// list whose items are not all of the first item's kind ([true, "a"],
// [1, null]); it blocks for ever on a named pipe; and on a file it cannot
// decode it starts empty and overwrites the file on quitting.
func GuardFynePreferences(path string) *Notice {
	_, err := readFynePreferences(path)
	if err == nil || errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	n := keepAside(path, err)
	return &n
}

// readFynePreferences reads Fyne's preferences file as Fyne does, and
// refuses what Fyne would fail or panic on.
func readFynePreferences(path string) (map[string]any, error) {
	data, err := readBounded(path)
	if err != nil {
		return nil, err
	}
	var values map[string]any
	// Fyne decodes the first JSON value and ignores what follows.
	if err := json.NewDecoder(bytes.NewReader(data)).Decode(&values); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, errEmpty // only white space
		}
		return nil, err
	}
	for k, v := range values {
		if err := checkFyneList(k, v); err != nil {
			return nil, err
		}
	}
	return values, nil
}

// checkFyneList refuses a list that Fyne's convertLists would panic on:
// one whose first item is true/false, a number or text and whose other
// items are not all of that kind.
func checkFyneList(key string, v any) error {
	items, ok := v.([]any)
	if !ok || len(items) == 0 {
		return nil
	}
	first := jsonKind(items[0])
	switch items[0].(type) {
	case bool, float64, string:
	default:
		return nil // Fyne keeps such a list as it is
	}
	for _, item := range items[1:] {
		if kind := jsonKind(item); kind != first {
			return fmt.Errorf("the list %s mixes %s and %s, which makes Fyne stop the program", quoteKey(key), first, kind)
		}
	}
	return nil
}
