//go:build unix

package settings_test

import (
	"path/filepath"
	"syscall"
	"testing"

	"github.com/echiquier/echiquier/settings"
)

func TestNamedPipeInPlaceOfTheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Fatal(err)
	}
	// Opening the pipe to read it would wait for a writer for ever.
	s, notices := settings.OpenFile(path, settings.Options{})
	defer s.Close()
	checkKeptAside(t, path, notices, "named pipe")
}

func TestGuardMovesNamedPipeAside(t *testing.T) {
	path := filepath.Join(t.TempDir(), "preferences.json")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Fatal(err)
	}
	// Fyne would wait for ever for a writer to the pipe.
	n := settings.GuardFynePreferences(path)
	if n == nil {
		t.Fatal("a named pipe in place of the file gave no notice")
	}
	checkKeptAside(t, path, []settings.Notice{*n}, "named pipe")
}
