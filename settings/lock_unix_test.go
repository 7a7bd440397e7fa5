//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package settings_test

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/echiquier/echiquier/settings"
)

// holdLock takes the lock file of the settings file at path as another
// copy of the program would; closing the file releases it.
func holdLock(t *testing.T, path string) *os.File {
	t.Helper()
	f, err := os.OpenFile(path+".lock", os.O_RDONLY|os.O_CREATE, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// writeAs writes the settings file at path as another copy of the
// program would: a new file renamed over it.
func writeAs(t *testing.T, path, content string) {
	t.Helper()
	tmp := path + ".other"
	if err := os.WriteFile(tmp, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
}

// TestWriteWaitsForTheLock: a write waits while another copy of the
// program holds the lock, then writes its change over what the other
// wrote meanwhile.
func TestWriteWaitsForTheLock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	var logged logs
	s := openWith(t, path, settings.Options{LockWait: time.Minute, Logf: logged.logf})
	settings.New(s).SetPlayerNames("Anna", "Bruno")
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}

	other := holdLock(t, path)
	settings.New(s).SetFlipped(true) // the store's goroutine waits to write it
	const theirs = `{"version":1,"values":{"game.whiteName":"Anna","game.blackName":"Bruno","board.coordinates":false}}`
	writeAs(t, path, theirs)
	time.Sleep(100 * time.Millisecond)
	if got, _ := os.ReadFile(path); string(got) != theirs {
		t.Fatalf("the store wrote while another held the lock:\n%s", got)
	}
	other.Close()
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	v := fileValues(t, path)
	if v["board.coordinates"] != false || v["board.flipped"] != true || v["game.whiteName"] != "Anna" {
		t.Errorf("file holds %v", v)
	}
	if settings.New(s).Coordinates() {
		t.Error("the store does not read the other's change")
	}
	if l := logged.all(); len(l) > 0 {
		t.Errorf("logged %q", l)
	}
}

// TestLockNeverHangs: a lock held for longer than Options.LockWait
// delays a write by LockWait only; the write is then made without it, and
// logged.
func TestLockNeverHangs(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	var logged logs
	const wait = 200 * time.Millisecond
	s := openWith(t, path, settings.Options{LockWait: wait, Logf: logged.logf})
	other := holdLock(t, path)
	s.SetBool("board.flipped", true)
	begun := time.Now()
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(begun); took < wait || took > wait+time.Second {
		t.Errorf("the write took %v with a lock wait of %v", took, wait)
	}
	if v := fileValues(t, path); v["board.flipped"] != true {
		t.Errorf("file holds %v", v)
	}
	l := logged.all()
	if len(l) != 1 || !strings.Contains(l[0], "without taking the lock") || !strings.Contains(l[0], "your changes are saved") {
		t.Fatalf("logged %q, want one line saying the write was made without the lock", l)
	}

	// Once the lock is free, writes take it again, and say nothing.
	other.Close()
	s.SetBool("board.flipped", false)
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	if l := logged.all(); len(l) != 1 {
		t.Errorf("logged %q", l[1:])
	}
	if v := fileValues(t, path); v["board.flipped"] != false {
		t.Errorf("file holds %v", v)
	}
}
