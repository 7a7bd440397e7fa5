//go:build unix

package engine

import (
	"os/exec"
	"syscall"
)

// ownGroup puts the engine in a process group of its own, so that killing
// it also kills what it started (a script's children).
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the engine's process group; an error means it is gone.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
