//go:build unix

package engine

import (
	"os/exec"
	"syscall"
)

// killGroup kills the engine's process group: the engine and what it
// started. An error means the group is gone.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
