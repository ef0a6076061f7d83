package e2e

import (
	"errors"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// TestKernelsEnv runs the binary under KVWARDEN_KERNELS: a set this CPU runs is the one
// "kvwarden version" reports, chosen by the variable; a name that does not exist, or a set of
// another architecture, stops every command at start-up with exit status 2 and a message naming
// it, before anything runs with kernels nobody asked for.
func TestKernelsEnv(t *testing.T) {
	version := func(value string) (string, int) {
		t.Helper()
		cmd := exec.Command(binary, "version")
		cmd.Env = append(os.Environ(), "KVWARDEN_KERNELS="+value)
		out, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return string(out), exit.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return string(out), 0
	}
	out, code := version("")
	m := regexp.MustCompile(`(?m)^kernels (\S+) \(available: ([^)]*)\)$`).FindStringSubmatch(out)
	if code != 0 || m == nil {
		t.Fatalf("version without a choice: status %d, %q", code, out)
	}
	available := strings.Split(m[2], ", ")
	for _, name := range []string{"go", available[len(available)-1]} {
		out, code := version(name)
		if want := "kernels " + name + " (available: " + m[2] + "; chosen by KVWARDEN_KERNELS)\n"; code != 0 || !strings.Contains(out, want) {
			t.Errorf("KVWARDEN_KERNELS=%s: status %d, %q, want a line %q", name, code, out, want)
		}
	}
	foreign := "neon"
	if runtime.GOARCH == "arm64" {
		foreign = "avx2"
	}
	for value, want := range map[string]string{
		"sse9":  `kvwarden: KVWARDEN_KERNELS=sse9: no kernel set named "sse9"`,
		foreign: "kvwarden: KVWARDEN_KERNELS=" + foreign + ": this CPU (" + runtime.GOARCH + ") cannot run the " + foreign + " kernels; it can run " + m[2],
	} {
		out, code := version(value)
		if code != 2 || !strings.HasPrefix(out, want) || strings.Contains(out, "revision") {
			t.Errorf("KVWARDEN_KERNELS=%s: status %d, %q, want status 2 and %q", value, code, out, want)
		}
	}
}
