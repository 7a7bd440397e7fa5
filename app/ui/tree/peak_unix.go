//go:build unix

package tree

import (
	"runtime"
	"syscall"
)

// peakMemory returns the most memory the program has held at once (its
// peak resident set), in bytes; 0 when the system does not tell.
func peakMemory() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	// Linux and the BSDs count in kilobytes, macOS in bytes.
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" {
		return int64(ru.Maxrss)
	}
	return int64(ru.Maxrss) << 10
}
