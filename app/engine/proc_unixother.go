//go:build unix && !linux

package engine

import (
	"os/exec"
	"syscall"
)

// ownGroup puts the engine in a process group of its own, so that killing
// the group also kills what it started (a script's children).
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// waitAndEnd waits for the engine's process, then kills what is left of
// its process group. Its process id, the group's, is free once the
// engine is waited for, but stays the group's while a process of the
// group lives; another process would have to be given it, and make it
// its own group, in the moment between.
func waitAndEnd(cmd *exec.Cmd) {
	_ = cmd.Wait() // the process state says how it ended
	killGroup(cmd)
}
