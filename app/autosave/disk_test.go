//go:build linux

package autosave

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// mountTmpfs mounts a tmpfs of size on a fresh folder, for the length of
// the test.
func mountTmpfs(t *testing.T, size string) string {
	t.Helper()
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size="+size); err != nil {
		t.Skipf("a small file system to fill needs mount, which only root (CAP_SYS_ADMIN) may do: %v", err)
	}
	t.Cleanup(func() { syscall.Unmount(dir, syscall.MNT_DETACH) })
	return dir
}

// reports collects what a Store tells its caller.
type reports struct {
	errs      chan error
	recovered chan struct{}
}

func newReports() *reports {
	return &reports{errs: make(chan error, 10), recovered: make(chan struct{}, 10)}
}

func (r *reports) options() Options {
	return Options{
		OnError:   func(err error) { r.errs <- err },
		OnRecover: func() { r.recovered <- struct{}{} },
	}
}

// want checks what was reported since the last call: errors matching
// errno, then whether recovery was.
func (r *reports) want(t *testing.T, when string, errno error, recovered bool) {
	t.Helper()
	var errs []error
	for len(r.errs) > 0 {
		errs = append(errs, <-r.errs)
	}
	switch {
	case errno == nil && len(errs) > 0:
		t.Errorf("%s: errors reported: %v", when, errs)
	case errno != nil && (len(errs) != 1 || !errors.Is(errs[0], errno)):
		t.Errorf("%s: reported %v, want one error, %v", when, errs, errno)
	}
	if got := len(r.recovered); (got != 0) != recovered {
		t.Errorf("%s: %d recoveries reported", when, got)
	}
	for len(r.recovered) > 0 {
		<-r.recovered
	}
}

func TestFullDisk(t *testing.T) {
	dir := mountTmpfs(t, "64k")
	r := newReports()
	s := openStore(t, dir, r.options())
	snaps := snapshots(t, 30)
	s.Save(snaps[9])
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	filler := filepath.Join(dir, "filler")
	fill(t, filler)

	s.Save(snaps[19])
	if err := s.Flush(); !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("Flush on a full disk: %v", err)
	}
	r.want(t, "disk full", syscall.ENOSPC, false)
	s.Save(snaps[20])
	s.Flush()
	r.want(t, "still full", nil, false)
	if got := readFile(t, s.Path()); got != string(snaps[9]) {
		t.Errorf("the failed writes damaged the autosave:\n%s", got)
	}
	if exists(t, s.tmp) {
		t.Error("a failed write left its temporary file, taking space")
	}

	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	s.Save(snaps[29])
	if err := s.Flush(); err != nil {
		t.Fatalf("once space was freed: %v", err)
	}
	r.want(t, "space freed", nil, true)
	if got := readFile(t, s.Path()); got != string(snaps[29]) {
		t.Errorf("after recovery the autosave holds:\n%s", got)
	}
}

// fill writes to path until the disk is full.
func fill(t *testing.T, path string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	block := make([]byte, 4096)
	for range 1 << 10 {
		if _, err := f.Write(block); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatal(err)
			}
			return
		}
	}
	t.Fatal("the disk never filled")
}

func TestReadOnlyFolder(t *testing.T) {
	dir := mountTmpfs(t, "1m")
	remount := func(flags uintptr) {
		t.Helper()
		if err := syscall.Mount("tmpfs", dir, "tmpfs", syscall.MS_REMOUNT|flags, "size=1m"); err != nil {
			t.Fatal(err)
		}
	}
	r := newReports()
	s := openStore(t, dir, r.options())
	snaps := snapshots(t, 3)
	s.Save(snaps[0])
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	remount(syscall.MS_RDONLY)
	s.Save(snaps[1])
	if err := s.Flush(); !errors.Is(err, syscall.EROFS) {
		t.Fatalf("Flush in a read-only folder: %v", err)
	}
	r.want(t, "read-only", syscall.EROFS, false)
	s.Clear()
	if err := s.Flush(); !errors.Is(err, syscall.EROFS) {
		t.Fatalf("Clear in a read-only folder: %v", err)
	}
	r.want(t, "still read-only", nil, false)
	remount(0)
	s.Save(snaps[2])
	if err := s.Flush(); err != nil {
		t.Fatalf("writable again: %v", err)
	}
	r.want(t, "writable again", nil, true)
	if got := readFile(t, s.Path()); got != string(snaps[2]) {
		t.Errorf("the autosave holds:\n%s", got)
	}
}

func TestTrashOnAFullDiskKeepsTheGameAsAnOrphan(t *testing.T) {
	dir := mountTmpfs(t, "64k") // another disk than the Trash's: its own .Trash-UID
	trash := make(chan error, 1)
	s := openStore(t, dir, Options{OnTrash: func(err error) { trash <- err }})
	text := snapshots(t, 10)[9]
	s.Save(text)
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	fill(t, filepath.Join(dir, "filler"))
	s.Trash()
	s.Flush()
	var te *TrashError
	select {
	case err := <-trash:
		if !errors.As(err, &te) {
			t.Fatalf("OnTrash on a full disk: %v", err)
		}
	default:
		t.Fatal("Flush returned before OnTrash was called")
	}
	if readFile(t, te.KeptAt) != string(text) {
		t.Errorf("the game is not kept at %s", te.KeptAt)
	}
	s.Close()
	list := mustOrphans(t, dir)
	if len(list) != 1 || list[0].Path != te.KeptAt {
		t.Errorf("offered at the next start: %v", list)
	}
}
