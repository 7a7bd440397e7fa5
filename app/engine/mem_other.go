//go:build !linux

package engine

// memTotal reports the machine's memory unknown: MaxHash is then the
// constant bound.
func memTotal() (uint64, bool) { return 0, false }
