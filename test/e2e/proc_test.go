package e2e

import (
	"errors"
	"os"
	"os/exec"
	"testing"
	"time"

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

// waitExit waits for the process to end and returns its exit code.
func (p *proc) waitExit(t testing.TB, timeout time.Duration) int {
	t.Helper()
	select {
	case <-p.exited:
	case <-time.After(timeout):
		t.Fatalf("still running %v after the signal:\n%s", timeout, tail(p.log.String(), 4000))
	}
	var ee *exec.ExitError
	if errors.As(p.err, &ee) {
		return ee.ExitCode()
	}
	if p.err != nil {
		t.Fatalf("wait: %v", p.err)
	}
	return 0
}
