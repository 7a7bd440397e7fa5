//go:build !unix

package explore

import (
	"os"
	"time"
)

// lock does nothing where the system has no advisory locks: the file's
// age tells the leftovers.
func lock(*os.File) {}

// abandoned reports whether the file name of a tree being built was last
// written before: the leftover of a program that was killed.
func abandoned(name string, before time.Time) bool {
	st, err := os.Stat(name)
	return err == nil && st.ModTime().Before(before)
}
