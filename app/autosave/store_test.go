package autosave

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
)

func TestBurstOfSavesLastWins(t *testing.T) {
	s := openStore(t, t.TempDir(), Options{})
	const n = 2000
	// A reader watching the file meanwhile must only ever see whole
	// snapshots, each newer than or as new as the one before.
	stop := make(chan struct{})
	seen := make(chan error, 1)
	go func() {
		last := -1
		for {
			select {
			case <-stop:
				seen <- nil
				return
			default:
			}
			data, err := os.ReadFile(s.Path())
			if err != nil {
				continue // not written yet
			}
			i, err := strconv.Atoi(strings.TrimPrefix(string(data), "snapshot "))
			if err != nil || i < last {
				seen <- fmt.Errorf("read %q after snapshot %d", data, last)
				return
			}
			last = i
		}
	}()
	for i := range n {
		s.Save(fmt.Appendf(nil, "snapshot %d", i))
	}
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	close(stop)
	if err := <-seen; err != nil {
		t.Error(err)
	}
	if got, want := readFile(t, s.Path()), fmt.Sprintf("snapshot %d", n-1); got != want {
		t.Errorf("after the burst the file holds %q, want %q", got, want)
	}
}

// stallWriter holds the file while the test hands ops over, and returns
// a function that waits until the writer has taken the pending op (and
// is blocked writing it) and lets it go on.
func stallWriter(s *Store) (taken func(), release func()) {
	s.fileMu.Lock()
	taken = func() {
		for {
			s.mu.Lock()
			p := s.pending
			s.mu.Unlock()
			if p == nil {
				return
			}
			runtime.Gosched()
		}
	}
	return taken, s.fileMu.Unlock
}

func TestClearAfterSaveIsNotUndone(t *testing.T) {
	s := openStore(t, t.TempDir(), Options{})
	// The writer holds the Save when the Clear comes.
	taken, release := stallWriter(s)
	s.Save([]byte("1. e4 *"))
	taken()
	s.Clear()
	release()
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	if exists(t, s.Path()) {
		t.Fatal("the Save handed over before Clear was written after it")
	}
	// Both still pending, coalesced.
	_, release = stallWriter(s)
	s.Save([]byte("1. d4 *"))
	s.Clear()
	release()
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	if exists(t, s.Path()) {
		t.Fatal("a pending Save outlived the Clear after it")
	}
	// And a Save after a Clear is written.
	s.Clear()
	s.Save([]byte("1. c4 *"))
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, s.Path()); got != "1. c4 *" {
		t.Errorf("the Save after Clear left %q", got)
	}
}

func TestFlushWaitsForTheWrite(t *testing.T) {
	s := openStore(t, t.TempDir(), Options{})
	for _, text := range snapshots(t, 60) {
		s.Save(text)
		if err := s.Flush(); err != nil {
			t.Fatal(err)
		}
		if got := readFile(t, s.Path()); got != string(text) {
			t.Fatalf("Flush returned before the write:\n%s\nwant\n%s", got, text)
		}
	}
}

func TestSaveCopiesTheText(t *testing.T) {
	s := openStore(t, t.TempDir(), Options{})
	buf := []byte("1. e4 *")
	s.Save(buf)
	copy(buf, "XXXXXXX")
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, s.Path()); got != "1. e4 *" {
		t.Errorf("the file holds %q: the caller's buffer was written after Save returned", got)
	}
}

func TestTwoStoresInOneFolder(t *testing.T) {
	dir := t.TempDir()
	a, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	b := openStore(t, dir, Options{})
	if a.Path() == b.Path() {
		t.Fatalf("both instances write %s", a.Path())
	}
	a.Save([]byte("1. e4 *"))
	b.Save([]byte("1. d4 *"))
	a.Clear()
	if err := errors.Join(a.Flush(), b.Flush()); err != nil {
		t.Fatal(err)
	}
	if exists(t, a.Path()) {
		t.Error("Clear left the first instance's autosave")
	}
	if got := readFile(t, b.Path()); got != "1. d4 *" {
		t.Errorf("the second instance's autosave holds %q after the first cleared its own", got)
	}
	if list := mustOrphans(t, dir); len(list) != 0 {
		t.Errorf("the autosaves of running instances are offered as orphans: %v", list)
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	if got := files(t, dir); !slices.Equal(got, sorted(name(b.Path()), name(b.lockPath))) {
		t.Errorf("after the first instance closed without an autosave, the folder holds %v", got)
	}
	if list := mustOrphans(t, dir); len(list) != 0 {
		t.Errorf("orphans %v while the only autosave is a running instance's", list)
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	if list := mustOrphans(t, dir); len(list) != 1 || list[0].Path != b.Path() {
		t.Errorf("after the second instance closed, orphans are %v, want its %s", list, name(b.Path()))
	}
}

func TestClosedStore(t *testing.T) {
	s, err := Open(t.TempDir(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.Save([]byte("1. e4 *"))
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, s.Path()); got != "1. e4 *" {
		t.Errorf("Close did not write the pending Save: %q", got)
	}
	s.Save([]byte("1. d4 *"))
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, s.Path()); got != "1. e4 *" {
		t.Errorf("a Save after Close was written: %q", got)
	}
	if err := s.Close(); !errors.Is(err, ErrClosed) {
		t.Errorf("second Close: %v, want ErrClosed", err)
	}
}

func TestAdoptRace(t *testing.T) {
	dir := t.TempDir()
	text := snapshots(t, 20)[19]
	x := openStore(t, dir, Options{})
	y := openStore(t, dir, Options{})
	for round := range 20 {
		o := orphanOf(t, dir, text)
		start := make(chan struct{})
		var wg sync.WaitGroup
		errs := make([]error, 3)
		claim := []func() error{
			func() error { _, err := x.Adopt(o); return err },
			func() error { _, err := y.Adopt(o); return err },
			func() error { _, err := o.Discard(); return err },
		}
		for i, c := range claim {
			wg.Go(func() {
				<-start
				errs[i] = c()
			})
		}
		close(start)
		wg.Wait()
		won := 0
		for _, err := range errs {
			switch {
			case err == nil:
				won++
			case !errors.Is(err, ErrClaimed):
				t.Fatalf("round %d: %v", round, err)
			}
		}
		if won != 1 {
			t.Fatalf("round %d: %d claims won (adopt, adopt, discard: %v)", round, won, errs)
		}
		for i, s := range []*Store{x, y} {
			if errs[i] == nil && readFile(t, s.Path()) != string(text) {
				t.Errorf("round %d: the adopting instance does not hold the game", round)
			}
		}
		if list := mustOrphans(t, dir); len(list) != 0 {
			t.Fatalf("round %d: orphans left after the claim: %v", round, list)
		}
		x.Clear()
		y.Clear()
		if err := errors.Join(x.Flush(), y.Flush()); err != nil {
			t.Fatal(err)
		}
	}
	if got := files(t, dir); !slices.Equal(got, sorted(name(x.lockPath), name(y.lockPath))) {
		t.Errorf("the claimed instances left files behind: %v", got)
	}
}

func TestAdoptIsNotUndoneByAnOlderSave(t *testing.T) {
	dir := t.TempDir()
	o := orphanOf(t, dir, snapshots(t, 8)[7])
	s, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// The writer has taken an older Save but not written it yet when
	// Adopt claims the orphan.
	holding, goOn := make(chan struct{}), make(chan struct{})
	s.mu.Lock()
	s.taken = func() {
		holding <- struct{}{}
		<-goOn
	}
	s.mu.Unlock()
	s.Save([]byte("older"))
	<-holding
	adopted := make(chan error)
	go func() {
		_, err := s.Adopt(o)
		adopted <- err
	}()
	close(goOn)
	if err := <-adopted; err != nil {
		t.Fatal(err)
	}
	// Close waits for the writer to be done with the older Save.
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if got, want := readFile(t, s.Path()), string(snapshots(t, 8)[7]); got != want {
		t.Fatalf("the older Save overwrote the adopted game: %q", got)
	}
}

func TestTrashMovesTheGameGivenUpToTheTrash(t *testing.T) {
	dir := t.TempDir()
	trash := make(chan error, 1)
	s := openStore(t, dir, Options{OnTrash: func(err error) { trash <- err }})
	snaps := snapshots(t, 12)
	s.Save(snaps[11])
	s.Trash()
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-trash:
		if err != nil {
			t.Fatalf("OnTrash: %v", err)
		}
	default:
		t.Fatal("Flush returned before OnTrash was called")
	}
	if exists(t, s.Path()) {
		t.Error("the autosave is still there")
	}
	entries, _ := os.ReadDir(filepath.Join(os.Getenv("XDG_DATA_HOME"), "Trash", "files"))
	found := ""
	for _, e := range entries {
		if got, _ := trashed(t, e.Name()); got == string(snaps[11]) {
			found = e.Name()
		}
	}
	switch {
	case found == "":
		t.Fatal("the game given up is not in the Trash")
	case found == name(s.Path()) || !isInstance(found, pgnExt):
		t.Errorf("in the Trash as %s: restored, it would be this window's autosave, or never offered", found)
	}
	s.Save(snaps[3]) // the next game is kept as before
	if err := s.Flush(); err != nil || readFile(t, s.Path()) != string(snaps[3]) {
		t.Errorf("the next game's autosave: %v", err)
	}
	s.Clear()
	s.Trash() // nothing to move: nothing said
	s.Flush()
	if len(trash) != 0 {
		t.Errorf("trashing no autosave said %v", <-trash)
	}
}
