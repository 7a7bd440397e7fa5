package engine

import (
	"os/exec"
	"syscall"
	"unsafe"
)

// ownGroup puts the engine in a process group of its own, so that killing
// the group also kills what it started (a script's children), and has
// the kernel kill the engine when its parent, the thread that starts it,
// ends (see proc.keep): when this program ends, even killed, the engine
// does not run on.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// waitAndEnd waits for the engine to exit, kills what is left of its
// process group, and waits for the process. The group is killed while the
// engine has exited but is not yet waited for: its process id, which is
// the group's, cannot be given to another process before.
func waitAndEnd(cmd *exec.Cmd) {
	waitExited(cmd.Process.Pid)
	killGroup(cmd)
	_ = cmd.Wait() // the process state says how it ended
}

// pPID is waitid's P_PID: wait for the process of the id given.
const pPID = 1

// waitExited blocks until the process pid has exited, without waiting
// for it (WNOWAIT): it stays a zombie, its process id its own.
func waitExited(pid int) {
	var info [16]uint64 // a siginfo_t, 128 bytes, not read
	for {
		_, _, errno := syscall.Syscall6(syscall.SYS_WAITID, pPID, uintptr(pid),
			uintptr(unsafe.Pointer(&info[0])), syscall.WEXITED|syscall.WNOWAIT, 0, 0)
		if errno != syscall.EINTR {
			return
		}
	}
}
