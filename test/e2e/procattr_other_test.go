//go:build !linux

package e2e

import "os/exec"

// setProcAttr has no parent-death signal to set outside Linux; t.Cleanup still kills the server.
func setProcAttr(cmd *exec.Cmd) {}
