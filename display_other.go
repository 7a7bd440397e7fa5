//go:build !(linux || freebsd || openbsd || netbsd) || wayland

package main

// displayProblem returns nil: the systems without X always have the
// desktop the program opens its window on.
func displayProblem() error { return nil }
