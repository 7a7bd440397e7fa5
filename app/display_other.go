//go:build !(linux || freebsd || openbsd || netbsd) || wayland

package app

// DisplayProblem returns nil: the systems without X always have the
// desktop the program opens its window on.
func DisplayProblem() error { return nil }
