package settings_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/echiquier/echiquier/settings"
)

// fyneLoads loads data as Fyne v2.7.1 loads preferences.json
// (fyne.io/fyne/v2/app/preferences.go, loadFromStorage and convertLists,
// BSD-3-Clause, copied so that the test knows what Fyne does): it
// returns false when Fyne fails and panics where Fyne panics.
func fyneLoads(data []byte) bool {
	values := map[string]any{}
	if err := json.NewDecoder(bytes.NewReader(data)).Decode(&values); err != nil {
		return false
	}
	for k, v := range values {
		if items, ok := v.([]any); ok {
			if len(items) == 0 {
				continue
			}
			switch items[0].(type) {
			case bool:
				bools := make([]bool, len(items))
				for i, item := range items {
					bools[i] = item.(bool)
				}
				values[k] = bools
			case float64:
				floats := make([]float64, len(items))
				for i, item := range items {
					floats[i] = item.(float64)
				}
				values[k] = floats
			case string:
				strs := make([]string, len(items))
				for i, item := range items {
					strs[i] = item.(string)
				}
				values[k] = strs
			}
		}
	}
	return true
}

// fynePanics reports whether Fyne panics on loading data.
func fynePanics(data []byte) (panicked bool) {
	defer func() { panicked = recover() != nil }()
	fyneLoads(data)
	return false
}

// fyneCrashers are preferences files that make Fyne v2.7.1 panic at start.
var fyneCrashers = []string{
	`{"k":[true,"a"]}`,
	`{"k":["a",1]}`,
	`{"k":[1,null]}`,
	`{"a":1,"b":"x","k":[false,true,{}]}`,
	`{"k":[1.5,2,[3]]}`,
}

// fyneLoadable are preferences files that Fyne v2.7.1 loads.
var fyneLoadable = []string{
	`{}`,
	`null`,
	`{"k":[]}`,
	`{"k":[[1],"a"]}`,
	`{"k":[null,1]}`,
	`{"k":[{},true]}`,
	`{"k":{"x":[true,"a"]}}`,
	`{"k":[true,false],"n":[1,2.5],"s":["a","b"]}`,
	`{"board.flipped":true} and then anything`,
	`{"board.autoFlip":true,"game.whiteName":"Anna","game.timeControl":"300+2"}`,
}

func TestGuardMovesCrashersAside(t *testing.T) {
	for _, content := range fyneCrashers {
		if !fynePanics([]byte(content)) {
			t.Fatalf("Fyne's loader does not panic on %s: the test's list is wrong", content)
		}
		path := filepath.Join(t.TempDir(), "preferences.json")
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		n := settings.GuardFynePreferences(path)
		if n == nil {
			t.Errorf("%s: no notice", content)
			continue
		}
		checkKeptAside(t, path, []settings.Notice{*n}, "makes Fyne stop the program")
		if got, _ := os.ReadFile(n.KeptAs); string(got) != content {
			t.Errorf("%s: kept aside as %q", content, got)
		}
	}
}

func TestGuardMovesUnloadableAside(t *testing.T) {
	for _, content := range []string{`{"k":`, "garbage", "\x00\x00\x00", "", " \n", `[1,2]`, `"text"`} {
		if fyneLoads([]byte(content)) {
			t.Fatalf("Fyne loads %q: the test's list is wrong", content)
		}
		path := filepath.Join(t.TempDir(), "preferences.json")
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		n := settings.GuardFynePreferences(path)
		if n == nil {
			t.Errorf("%q: no notice", content)
			continue
		}
		checkKeptAside(t, path, []settings.Notice{*n}, "")
	}
}

func TestGuardMovesFolderAside(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "preferences.json")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	n := settings.GuardFynePreferences(dir)
	if n == nil {
		t.Fatal("a folder in place of the file gave no notice")
	}
	checkKeptAside(t, dir, []settings.Notice{*n}, "a folder")
}

func TestGuardLeavesGoodFilesAlone(t *testing.T) {
	for _, content := range fyneLoadable {
		if fynePanics([]byte(content)) || !fyneLoads([]byte(content)) {
			t.Fatalf("Fyne does not load %s: the test's list is wrong", content)
		}
		path := filepath.Join(t.TempDir(), "preferences.json")
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		if n := settings.GuardFynePreferences(path); n != nil {
			t.Errorf("%s: %v", content, n)
		}
		if got, _ := os.ReadFile(path); string(got) != content {
			t.Errorf("%s: the file became %q", content, got)
		}
	}
	missing := filepath.Join(t.TempDir(), "none", "preferences.json")
	if n := settings.GuardFynePreferences(missing); n != nil {
		t.Errorf("a missing file: %v", n)
	}
	if _, err := os.Stat(filepath.Dir(missing)); !errors.Is(err, os.ErrNotExist) {
		t.Error("the guard made a folder")
	}
}

// FuzzGuard: the guard leaves a file in place exactly when Fyne loads it
// without failing or panicking.
func FuzzGuard(f *testing.F) {
	for _, s := range append(fyneCrashers, fyneLoadable...) {
		f.Add([]byte(s))
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "preferences.json")
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		n := settings.GuardFynePreferences(path)
		if n != nil {
			os.Remove(n.KeptAs)
		}
		loads := !fynePanics(data) && fyneLoads(data)
		if (n == nil) != loads {
			t.Fatalf("guard notice %v, Fyne loads: %v, for %q", n, loads, data)
		}
		if n != nil && len(n.Reason.Error()) > 200 {
			t.Errorf("reason of %d bytes", len(n.Reason.Error()))
		}
	})
}

func TestImportFynePreferences(t *testing.T) {
	dir := t.TempDir()
	fynePath := filepath.Join(dir, "preferences.json")
	if err := os.WriteFile(fynePath, []byte(`{"board.autoFlip":true,"game.whiteName":"Anna","game.timeControl":"300+2","n":3,"l":["a"]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "settings", "settings.json")
	s, notices := settings.OpenFile(path, settings.Options{Import: fynePath})
	if len(notices) > 0 {
		t.Fatal(notices)
	}
	st := settings.New(s)
	if w, _ := st.PlayerNames(); !st.AutoFlip() || w != "Anna" || st.TimeControl().String() != "300+2" {
		t.Errorf("imported: auto-flip %v, white %q, time control %s", st.AutoFlip(), w, st.TimeControl())
	}
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	v := fileValues(t, path)
	if v["game.whiteName"] != "Anna" || len(v) != 3 {
		t.Errorf("the import was not written as it was: %v", v)
	}
	s.Close()

	// Once only: later changes to Fyne's file are not imported again.
	if err := os.WriteFile(fynePath, []byte(`{"game.whiteName":"Zoe"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	again := open(t, path)
	if got := again.StringWithFallback("game.whiteName", ""); got != "Anna" {
		t.Errorf("white = %q after a second start", got)
	}
}

func TestImportOfBadFynePreferences(t *testing.T) {
	for _, content := range append(fyneCrashers, "garbage", "") {
		dir := t.TempDir()
		fynePath := filepath.Join(dir, "preferences.json")
		if err := os.WriteFile(fynePath, []byte(strings.Replace(content, `"k"`, `"game.whiteName":"Anna","k"`, 1)), 0o600); err != nil {
			t.Fatal(err)
		}
		s, notices := settings.OpenFile(filepath.Join(dir, "settings.json"), settings.Options{Import: fynePath})
		s.Close()
		if len(notices) > 0 {
			t.Errorf("%s: %v", content, notices)
		}
		if got := s.StringWithFallback("game.whiteName", ""); got != "" {
			t.Errorf("%s: imported %q", content, got)
		}
	}
}

func TestFynePathsOnLinux(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the paths checked are Linux's")
	}
	t.Setenv("XDG_CONFIG_HOME", "/home/anna/.cfg")
	if got := settings.FynePreferencesPath("org.echiquier.Echiquier"); got != "/home/anna/.cfg/fyne/org.echiquier.Echiquier/preferences.json" {
		t.Errorf("Fyne's preferences: %s", got)
	}
	if got := settings.DefaultPath("org.echiquier.Echiquier"); got != "/home/anna/.cfg/fyne/org.echiquier.Echiquier/settings/settings.json" {
		t.Errorf("the store: %s", got)
	}
	t.Setenv("XDG_CONFIG_HOME", "")
	t.Setenv("HOME", "/home/bruno")
	if got := settings.FyneStorageRoot("id"); got != "/home/bruno/.config/fyne/id" {
		t.Errorf("without XDG_CONFIG_HOME: %s", got)
	}
}
