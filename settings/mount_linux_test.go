package settings_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/echiquier/echiquier/settings"
)

// tmpfsSize is the size of the file systems the tests fill.
const tmpfsSize = "size=64k"

// mountTmpfs mounts a small tmpfs for the test and returns its folder.
func mountTmpfs(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, tmpfsSize); err != nil {
		t.Skipf("a full or read-only disk needs a tmpfs, and mounting one needs root (CAP_SYS_ADMIN): %v", err)
	}
	t.Cleanup(func() {
		if err := syscall.Unmount(dir, 0); err != nil {
			t.Errorf("unmounting %s: %v", dir, err)
		}
	})
	return dir
}

// remount makes the tmpfs at dir read-only or writable again.
func remount(t *testing.T, dir string, readOnly bool) {
	t.Helper()
	flags := uintptr(syscall.MS_REMOUNT)
	if readOnly {
		flags |= syscall.MS_RDONLY
	}
	if err := syscall.Mount("tmpfs", dir, "tmpfs", flags, tmpfsSize); err != nil {
		t.Fatalf("remounting %s: %v", dir, err)
	}
}

// fill fills the file system of dir and returns the file that fills it.
func fill(t *testing.T, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "filler")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	block := bytes.Repeat([]byte("f"), 1024)
	for range 1 << 10 {
		if _, err := f.Write(block); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatal(err)
			}
			return path
		}
	}
	t.Fatal("the tmpfs never filled up")
	return ""
}

// savedStore returns a store in dir whose file holds a few values, and
// the file's content.
func savedStore(t *testing.T, dir string) (*settings.FileStore, []byte) {
	t.Helper()
	path := filepath.Join(dir, "settings.json")
	s := open(t, path)
	st := settings.New(s)
	st.SetPlayerNames("Anna", "Bruno")
	st.SetHints(false)
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return s, data
}

// checkKept checks that the file at path is still the one with before's
// content and that a new start reads it.
func checkKept(t *testing.T, path string, before []byte) {
	t.Helper()
	if after, err := os.ReadFile(path); err != nil || !bytes.Equal(after, before) {
		t.Fatalf("the file changed: %v\n%q\nwas\n%q", err, after, before)
	}
	if temps := tempFiles(t, path); len(temps) > 0 {
		t.Errorf("temporary files left: %v", temps)
	}
	again, notices := settings.OpenFile(path, settings.Options{})
	defer again.Close()
	if w, _ := settings.New(again).PlayerNames(); len(notices) > 0 || w != "Anna" {
		t.Errorf("a new start reads white %q, notices %v", w, notices)
	}
}

func TestFullDisk(t *testing.T) {
	dir := mountTmpfs(t)
	s, before := savedStore(t, dir)
	reports := countSaveErrors(s)
	filler := fill(t, dir)

	for _, name := range []string{"Zoe", strings.Repeat("Z", 5000), "Zelda"} {
		s.SetString("game.whiteName", name)
		err := s.Flush()
		if !errors.Is(err, syscall.ENOSPC) {
			t.Fatalf("Flush on a full disk = %v", err)
		}
		checkSaveError(t, err)
		checkKept(t, filepath.Join(dir, "settings.json"), before)
	}

	// Room again: the next write saves what was set meanwhile.
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	// The failure may be told by the writing goroutine, after a Flush
	// returned: Close waits for it. A good write tells nothing.
	if errs := reports.reported(); len(errs) != 1 {
		t.Errorf("%d reports, want 1: %v", len(errs), errs)
	}
	if v := fileValues(t, filepath.Join(dir, "settings.json")); v["game.whiteName"] != "Zelda" || v["board.hints"] != false {
		t.Errorf("file holds %v", v)
	}
}

func TestReadOnlyFolder(t *testing.T) {
	dir := mountTmpfs(t)
	s, before := savedStore(t, dir)
	reports := countSaveErrors(s)
	remount(t, dir, true)

	s.SetString("game.whiteName", "Zoe")
	err := s.Flush()
	if !errors.Is(err, syscall.EROFS) {
		t.Fatalf("Flush on a read-only disk = %v", err)
	}
	checkSaveError(t, err)
	s.SetBool("board.hints", true)
	if err := s.Close(); err == nil {
		t.Error("Close on a read-only disk succeeded")
	}
	checkKept(t, filepath.Join(dir, "settings.json"), before)
	if errs := reports.reported(); len(errs) != 1 {
		t.Errorf("%d reports, want 1: %v", len(errs), errs)
	}
}

// TestCorruptFileOnReadOnlyFolder: a corrupt file that cannot be moved
// aside yet is moved before the first write that can be made, never
// written over.
func TestCorruptFileOnReadOnlyFolder(t *testing.T) {
	dir := mountTmpfs(t)
	path := filepath.Join(dir, "settings.json")
	const corrupt = `{"version":1,"values":{"board.hin`
	if err := os.WriteFile(path, []byte(corrupt), 0o600); err != nil {
		t.Fatal(err)
	}
	remount(t, dir, true)
	s, notices := settings.OpenFile(path, settings.Options{})
	defer s.Close()
	if len(notices) != 1 || notices[0].KeptAs != "" || !errors.Is(notices[0].MoveErr, syscall.EROFS) {
		t.Fatalf("notices %+v", notices)
	}
	if !strings.Contains(notices[0].String(), "nor moved aside") {
		t.Errorf("notice %s", notices[0])
	}
	s.SetBool("board.hints", false)
	if err := s.Flush(); !errors.Is(err, syscall.EROFS) {
		t.Fatalf("Flush = %v", err)
	}

	remount(t, dir, false)
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	aside := asideFiles(t, path)
	if len(aside) != 1 {
		t.Fatalf("kept aside: %v", aside)
	}
	if got, _ := os.ReadFile(aside[0]); string(got) != corrupt {
		t.Errorf("kept aside: %q", got)
	}
	if v := fileValues(t, path); v["board.hints"] != false {
		t.Errorf("file holds %v", v)
	}
}
