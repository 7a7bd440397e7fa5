//go:build !unix

package tree

// peakMemory returns the most memory the program has held at once; 0:
// the system does not tell.
func peakMemory() int64 { return 0 }
