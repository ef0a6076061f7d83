package e2e

import (
	"os/exec"
	"syscall"
)

// setProcAttr makes the kernel kill the server if the test binary dies without running its
// cleanups (a panic, a timeout, a killed "go test"), so no server outlives its test run.
func setProcAttr(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
