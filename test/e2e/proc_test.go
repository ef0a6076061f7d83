package e2e

import (
	"os"
	"os/exec"
	"testing"

	"github.com/kvwarden/kvwarden/internal/testenv"
)

// proc is a started kvwarden process, reaped in the background: a server, or a cluster's node.
type proc struct {
	cmd    *exec.Cmd
	log    *testenv.LogBuffer // its stdout and stderr
	exited chan struct{}      // closed when the process has been reaped
	err    error              // cmd.Wait's result, valid once exited is closed
}

// startProc starts the binary with args, env added to the environment.
func startProc(t testing.TB, env []string, args ...string) *proc {
	t.Helper()
	p := &proc{cmd: exec.Command(binary, args...), log: &testenv.LogBuffer{}, exited: make(chan struct{})}
	p.cmd.Stdout, p.cmd.Stderr = p.log, p.log
	if len(env) > 0 {
		p.cmd.Env = append(os.Environ(), env...)
	}
	setProcAttr(p.cmd)
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.err = p.cmd.Wait(); close(p.exited) }()
	return p
}

// kill kills the process unless it has exited, and returns once it is reaped.
func (p *proc) kill() {
	select {
	case <-p.exited:
	default:
		p.cmd.Process.Kill()
		<-p.exited
	}
}
