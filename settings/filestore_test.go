package settings_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"fyne.io/fyne/v2"

	"github.com/echiquier/echiquier/app/game"
	"github.com/echiquier/echiquier/settings"
)

// Both the app's store and Fyne's preferences (the app's tests) hold
// Settings.
var (
	_ settings.Store = (*settings.FileStore)(nil)
	_ settings.Store = fyne.Preferences(nil)
)

func TestFileStorePersists(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "dir", "settings.json")
	s, notices := settings.OpenFile(path, settings.Options{})
	if len(notices) > 0 {
		t.Fatal(notices)
	}
	st := settings.New(s)
	if st.AutoFlip() || !st.Hints() || st.TimeControl().String() != "600+5" {
		t.Error("a new file should give the defaults")
	}
	st.SetAutoFlip(true)
	st.SetHints(false)
	tc, _ := game.ParseTimeControl("40/5400+30:1800+30")
	st.SetTimeControl(tc)
	st.SetPlayerNames("Anna", "Bruno \"B\" ✓")
	st.SetNotation(game.FrenchSAN)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if values := fileValues(t, path); values["board.autoFlip"] != true || values["game.blackName"] != "Bruno \"B\" ✓" {
		t.Errorf("file holds %v", values)
	}

	again := settings.New(open(t, path))
	if !again.AutoFlip() || again.Hints() {
		t.Error("flags lost")
	}
	if got := again.TimeControl().String(); got != "40/5400+30:1800+30" {
		t.Errorf("time control = %s", got)
	}
	if w, b := again.PlayerNames(); w != "Anna" || b != "Bruno \"B\" ✓" {
		t.Errorf("names = %q %q", w, b)
	}
	if got := again.Notation(game.EnglishSAN); got != game.FrenchSAN {
		t.Errorf("notation = %s", got)
	}
}

func TestFileStoreTypes(t *testing.T) {
	s := open(t, filepath.Join(t.TempDir(), "settings.json"))
	s.SetString("a", "text")
	s.SetBool("b", true)
	if s.BoolWithFallback("a", true) != true || s.StringWithFallback("b", "fb") != "fb" {
		t.Error("a value of another type should read as the fallback")
	}
	if s.BoolWithFallback("missing", true) != true || s.StringWithFallback("missing", "fb") != "fb" {
		t.Error("a missing value should read as the fallback")
	}
}

// TestFileStoreWritesOnlyChanges: setting a value it already has writes
// nothing, so that a setting set on every move costs no disk write.
func TestFileStoreWritesOnlyChanges(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	s := open(t, path)
	s.SetBool("board.flipped", true)
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	before, _ := os.Stat(path)
	s.SetBool("board.flipped", true)
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	after, _ := os.Stat(path)
	if !os.SameFile(before, after) {
		t.Error("the file was rewritten for an unchanged value")
	}
}

// TestCorruptFilesKeptAside: whatever is found in place of the settings
// file, the store starts from the defaults, keeps the file aside intact
// and says so in one notice; the next write makes a good file.
func TestCorruptFilesKeptAside(t *testing.T) {
	good := `{"version":1,"values":{"board.hints":false}}`
	cases := []struct {
		name    string
		content string
		reason  string
	}{
		{"truncated JSON", good[:30], "unexpected end of JSON input"},
		{"garbage", "\x89PNG\r\n\x1a\n\x00\x00", "invalid character"},
		{"mixed-type list", `{"version":1,"values":{"k":[true,"a"]}}`, `the value of "k" is a list`},
		{"Fyne's layout with a mixed-type list", `{"k":[true,"a"]}`, "not an Échiquier settings file"},
		{"number value", `{"version":1,"values":{"board.hints":1}}`, `the value of "board.hints" is a number`},
		{"null value", `{"version":1,"values":{"board.hints":null}}`, "null"},
		{"values a list", `{"version":1,"values":[true]}`, "cannot unmarshal array"},
		{"top level a list", `[{"version":1,"values":{}}]`, "cannot unmarshal array"},
		{"unknown version", `{"version":2,"values":{"board.hints":false}}`, "known version"},
		{"no values", `{"version":1}`, "known version"},
		{"trailing data", good + `{}`, "invalid character"},
		{"NUL bytes", strings.Repeat("\x00", 64), "invalid character"},
		{"NUL inside a string", `{"version":1,"values":{"game.whiteName":"a` + "\x00" + `b"}}`, "invalid character"},
		{"0-byte file", "", "empty"},
		{"long key", `{"version":1,"values":{"` + strings.Repeat("k", 5000) + `":1}}`, "…"},
		{"too large", `{"version":1,"values":{"game.whiteName":"` + strings.Repeat("a", 1<<20) + `"}}`, "larger than"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "settings.json")
			if err := os.WriteFile(path, []byte(c.content), 0o600); err != nil {
				t.Fatal(err)
			}
			s, notices := settings.OpenFile(path, settings.Options{})
			defer s.Close()
			checkKeptAside(t, path, notices, c.reason)
			if aside := asideFiles(t, path); len(aside) == 1 {
				if got, _ := os.ReadFile(aside[0]); !bytes.Equal(got, []byte(c.content)) {
					t.Error("the file kept aside differs from the corrupt file")
				}
			}
			if !settings.New(s).Hints() {
				t.Error("the settings should be the defaults")
			}
			s.SetBool("board.hints", false)
			if err := s.Flush(); err != nil {
				t.Fatal(err)
			}
			if v := fileValues(t, path); v["board.hints"] != false {
				t.Errorf("new file holds %v", v)
			}
		})
	}
}

func TestFolderInPlaceOfTheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	if err := os.MkdirAll(filepath.Join(path, "inside"), 0o700); err != nil {
		t.Fatal(err)
	}
	s, notices := settings.OpenFile(path, settings.Options{})
	defer s.Close()
	checkKeptAside(t, path, notices, "not a file but a folder")
	if aside := asideFiles(t, path); len(aside) == 1 {
		if _, err := os.Stat(filepath.Join(aside[0], "inside")); err != nil {
			t.Errorf("the folder was not kept whole: %v", err)
		}
	}
	s.SetBool("board.hints", false)
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	fileValues(t, path)
}

// checkKeptAside checks the one notice of a corrupt file at path.
func checkKeptAside(t *testing.T, path string, notices []settings.Notice, reason string) {
	t.Helper()
	if len(notices) != 1 {
		t.Fatalf("%d notices, want 1: %v", len(notices), notices)
	}
	n := notices[0]
	if n.Path != path || n.Reason == nil || n.MoveErr != nil || !strings.Contains(n.Reason.Error(), reason) {
		t.Errorf("notice %+v, want a reason with %q", n, reason)
	}
	if len(n.String()) > 400 {
		t.Errorf("notice of %d bytes quotes too much", len(n.String()))
	}
	aside := asideFiles(t, path)
	if len(aside) != 1 || aside[0] != n.KeptAs {
		t.Fatalf("kept aside: %v, the notice says %q", aside, n.KeptAs)
	}
	if !strings.Contains(n.String(), n.KeptAs) {
		t.Errorf("the notice does not say where the file is: %s", n)
	}
	if _, err := os.Lstat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the corrupt file is still in place: %v", err)
	}
}

// TestKeptAsideTwice: a second corrupt file kept aside in the same second
// does not replace the first.
func TestKeptAsideTwice(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	for i := range 3 {
		if err := os.WriteFile(path, []byte(fmt.Sprint("garbage ", i)), 0o600); err != nil {
			t.Fatal(err)
		}
		s, notices := settings.OpenFile(path, settings.Options{})
		s.Close()
		if len(notices) != 1 || notices[0].KeptAs == "" {
			t.Fatalf("notices %v", notices)
		}
	}
	if aside := asideFiles(t, path); len(aside) != 3 {
		t.Errorf("kept aside: %v, want 3 files", aside)
	}
}

// TestFailedWriteReportedOnce: writes that cannot be made (here a file
// where the folder should be) are reported once, keep the values in
// memory, and are retried: once the folder can be made, everything is
// written.
func TestFailedWriteReportedOnce(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "folder")
	if err := os.WriteFile(dir, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "settings.json")
	s := open(t, path)
	reports := countSaveErrors(s)
	for i := range 5 {
		s.SetString("game.whiteName", fmt.Sprint("Anna ", i))
		if err := s.Flush(); err == nil {
			t.Fatal("a write into a file succeeded")
		}
	}
	s.SetBool("board.hints", false)
	checkSaveError(t, s.Flush())
	checkSaveError(t, s.Err())
	if s.StringWithFallback("game.whiteName", "") != "Anna 4" {
		t.Error("the value was lost from memory")
	}

	if err := os.Remove(dir); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("Close once the folder can be made: %v", err)
	}
	// The failure may be told by the writing goroutine, after a Flush
	// returned: Close waits for it. A good write tells nothing.
	if errs := reports.reported(); len(errs) != 1 {
		t.Fatalf("%d reports, want 1: %v", len(errs), errs)
	}
	if s.Err() != nil {
		t.Errorf("Err = %v after a good write", s.Err())
	}
	if v := fileValues(t, path); v["game.whiteName"] != "Anna 4" || v["board.hints"] != false {
		t.Errorf("file holds %v", v)
	}
}

// TestFailureReportedToLateListener: a write that failed before the app
// listened is reported when it starts listening.
func TestFailureReportedToLateListener(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "folder")
	if err := os.WriteFile(dir, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	s := open(t, filepath.Join(dir, "settings.json"))
	s.SetBool("board.hints", false)
	s.Flush()
	reports := countSaveErrors(s)
	if errs := reports.reported(); len(errs) != 1 {
		t.Fatalf("%d reports, want 1", len(errs))
	}
}

// TestTwoStoresOnOneFile: two copies of the program writing the same
// setting at the same time: whoever writes it last wins, and a reader
// never sees a torn file.
func TestTwoStoresOnOneFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	a, b := open(t, path), open(t, path)
	for i := range 50 {
		s, name := a, "a"
		if i%2 == 1 {
			s, name = b, "b"
		}
		s.SetString("game.whiteName", fmt.Sprint(name, i))
		if err := s.Flush(); err != nil {
			t.Fatal(err)
		}
		if v := fileValues(t, path); v["game.whiteName"] != fmt.Sprint(name, i) {
			t.Fatalf("after %s's write %d the file holds %v", name, i, v)
		}
	}

	var wg sync.WaitGroup
	stop := make(chan struct{})
	for _, s := range []*settings.FileStore{a, b} {
		wg.Go(func() {
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				s.SetString("game.blackName", strings.Repeat("b", i%3000))
				s.Flush()
			}
		})
	}
	for range 300 {
		fileValues(t, path)
	}
	close(stop)
	wg.Wait()
	if temps := tempFiles(t, path); len(temps) > 0 {
		t.Errorf("temporary files left: %v", temps)
	}
}

// TestStaleTempFilesRemoved: the temporary file of a program killed while
// writing is removed when it is old, kept while it may be another
// program's write in progress.
func TestStaleTempFilesRemoved(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "settings.json")
	old := filepath.Join(dir, ".settings.json.123.tmp")
	young := filepath.Join(dir, ".settings.json.456.tmp")
	other := filepath.Join(dir, ".other.json.789.tmp")
	for _, p := range []string{old, young, other} {
		if err := os.WriteFile(p, []byte("{"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	hourAgo := time.Now().Add(-time.Hour)
	for _, p := range []string{old, other} {
		if err := os.Chtimes(p, hourAgo, hourAgo); err != nil {
			t.Fatal(err)
		}
	}
	open(t, path)
	if _, err := os.Stat(old); !errors.Is(err, os.ErrNotExist) {
		t.Error("the stale temporary file is still there")
	}
	for _, p := range []string{young, other} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s was removed: %v", p, err)
		}
	}
}

// TestSetAfterClose: a value set after Close is written at once.
func TestSetAfterClose(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	s := open(t, path)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s.SetBool("board.flipped", true)
	if v := fileValues(t, path); v["board.flipped"] != true {
		t.Errorf("file holds %v", v)
	}
	if err := s.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}

// TestConcurrentUse runs setters, getters and flushes together for the
// race detector.
func TestConcurrentUse(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	s := open(t, path)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 200 {
				key := fmt.Sprint("k", g)
				s.SetString(key, fmt.Sprint(i))
				s.BoolWithFallback(key, false)
				if i%50 == 0 {
					s.Flush()
				}
			}
		})
	}
	wg.Wait()
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	v := fileValues(t, path)
	for g := range 4 {
		if v[fmt.Sprint("k", g)] != "199" {
			t.Errorf("k%d = %v, want the last value", g, v[fmt.Sprint("k", g)])
		}
	}
}

// FuzzOpenFile: whatever the file holds, opening it either reads it and
// leaves it alone, or keeps it aside intact with one notice; either way
// the next write makes a file that reads back.
func FuzzOpenFile(f *testing.F) {
	for _, s := range []string{
		`{"version":1,"values":{"board.hints":false,"game.whiteName":"Anna"}}`,
		`{"version":1,"values":{}}`,
		`{"version":1,"values":{"k":[true,"a"]}}`,
		`{"k":true}`,
		"",
		"\x00",
	} {
		f.Add([]byte(s))
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "settings.json")
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		s, notices := settings.OpenFile(path, settings.Options{})
		defer s.Close()
		switch len(notices) {
		case 0:
			if got, _ := os.ReadFile(path); !bytes.Equal(got, data) {
				t.Fatal("a good file was changed by opening it")
			}
		case 1:
			got, err := os.ReadFile(notices[0].KeptAs)
			os.Remove(notices[0].KeptAs)
			if err != nil || !bytes.Equal(got, data) {
				t.Fatalf("kept aside: %q, %v", got, err)
			}
		default:
			t.Fatalf("notices %v", notices)
		}
		s.SetString("fuzz", string(data))
		if err := s.Flush(); err != nil {
			t.Fatal(err)
		}
		again, notices := settings.OpenFile(path, settings.Options{})
		defer again.Close()
		if len(notices) > 0 {
			t.Fatalf("the file written does not read back: %v", notices)
		}
		// JSON text is UTF-8: other bytes are written as U+FFFD.
		if got := again.StringWithFallback("fuzz", ""); utf8.Valid(data) && got != string(data) {
			t.Fatalf("read back %q", got)
		}
	})
}

// TestListenerMayUseTheStore: the app's listener may read, set and flush
// the store it is told about without a deadlock.
func TestListenerMayUseTheStore(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "folder")
	if err := os.WriteFile(dir, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	s := open(t, filepath.Join(dir, "settings.json"))
	told := make(chan error, 10)
	s.OnSaveError(func(err error) {
		s.SetBool("board.hints", s.Err() == nil)
		told <- s.Flush()
	})
	s.SetBool("board.flipped", true) // written by the store's goroutine
	checkSaveError(t, <-told)
	s.SetBool("board.flipped", false)
	checkSaveError(t, s.Flush())
	if len(told) != 0 {
		t.Error("told twice")
	}
}
