//go:build !unix

package engine

import "os/exec"

// ownGroup does nothing where there are no process groups.
func ownGroup(*exec.Cmd) {}

// killGroup kills the engine's process alone.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}

// waitAndEnd waits for the engine's process.
func waitAndEnd(cmd *exec.Cmd) {
	_ = cmd.Wait() // the process state says how it ended
}
