//go:build !incidentreplay

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestReplayIncidentNeedsTag(t *testing.T) {
	cmd := newReplayCmd()
	cmd.SetArgs([]string{"--defences", "none"})
	cmd.SilenceUsage, cmd.SilenceErrors = true, true
	if err := cmd.Execute(); err == nil || !strings.Contains(err.Error(), "-tags incidentreplay") {
		t.Fatalf("replay-incident in the normal build: %v", err)
	}
}

// faultSymbols matches the incident-replay code: the faults and replay packages, the core's
// rewrite path and the engine's trace.
var faultSymbols = regexp.MustCompile(`internal/faults\.|internal/replay\.|rewriteOverLong|reserveOriginal|handOffRewritten|engine\.\(\*trace\)`)

// TestNormalBinaryHasNoFaults builds kvwarden both ways: the normal binary holds none of the
// replay's code, the incidentreplay one does (so the pattern is not stale).
func TestNormalBinaryHasNoFaults(t *testing.T) {
	if testing.Short() {
		t.Skip("builds kvwarden twice: not in -short")
	}
	dir := t.TempDir()
	for _, tc := range []struct {
		tags string
		want bool
	}{{"", false}, {"incidentreplay", true}} {
		bin := filepath.Join(dir, "kvwarden"+tc.tags)
		if out, err := exec.Command("go", "build", "-tags", tc.tags, "-o", bin, ".").CombinedOutput(); err != nil {
			t.Fatalf("go build -tags %q: %v\n%s", tc.tags, err, out)
		}
		out, err := exec.Command("go", "tool", "nm", bin).Output()
		if err != nil {
			t.Fatal(err)
		}
		found := faultSymbols.FindAllString(string(out), 3)
		if (len(found) > 0) != tc.want {
			t.Errorf("tags %q: fault symbols %q, want present %v", tc.tags, found, tc.want)
		}
		os.Remove(bin)
	}
}
