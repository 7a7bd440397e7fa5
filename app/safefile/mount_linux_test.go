package safefile_test

import (
	"syscall"
	"testing"
)

// smallDisk mounts a tmpfs of 64 KiB, a disk that fills up at once, and
// returns its folder. It is unmounted at the end of the test.
func smallDisk(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size=64k,mode=0755"); err != nil {
		// Only root may mount, and a container may forbid even root: a
		// full disk cannot be had without one.
		t.Skipf("cannot mount a small tmpfs (%v): the test needs root", err)
	}
	t.Cleanup(func() {
		if err := syscall.Unmount(dir, 0); err != nil {
			t.Errorf("unmount %s: %v", dir, err)
		}
	})
	return dir
}

// readOnly remounts the tmpfs of smallDisk read-only: root ignores
// permission bits, but not a read-only file system.
func readOnly(t *testing.T, dir string) {
	t.Helper()
	if err := syscall.Mount("", dir, "", syscall.MS_REMOUNT|syscall.MS_RDONLY, ""); err != nil {
		t.Fatalf("remount %s read-only: %v", dir, err)
	}
}
