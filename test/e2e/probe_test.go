package e2e

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestProbeFindsNothing points "kvwarden probe" at a real kvwarden with three tenants and a KV pool
// of three full-context requests, so the probe's noise oversubscribes it: a correct server
// gives zero findings and exit status 0. KVWARDEN_PROBE_LONG=1 runs the 2,500-request audit.
func TestProbeFindsNothing(t *testing.T) {
	tenants := filepath.Join(t.TempDir(), "tenants.json")
	var keys []string
	for _, n := range []string{"a", "b", "c"} {
		keys = append(keys, addTenant(t, tenants, n))
	}
	s := startServer(t, serverOpts{model: storiesModel, tenants: tenants, kvMem: isolationPool})
	budget := 300
	if longRun() || os.Getenv("KVWARDEN_PROBE_LONG") == "1" {
		budget = 2500
	}
	report := filepath.Join(t.TempDir(), "probe.json")
	args := []string{"probe", "--endpoint", s.base, "--budget", strconv.Itoa(budget), "--rate", "500",
		"--concurrency", "8", "--seed", "11", "--json", report}
	for _, k := range keys {
		args = append(args, "--key", k)
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(binary, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	s.failIfBroken(t)
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	t.Logf("probe report (%v):\n%s", time.Since(start).Round(time.Millisecond), stdout.String())
	if code != 0 {
		t.Errorf("probe exit status %d, want 0; stderr:\n%s", code, stderr.String())
	}
	for _, k := range keys {
		if strings.Contains(stdout.String()+stderr.String(), k) {
			t.Errorf("the probe printed a key")
		}
	}
	b, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Findings []json.RawMessage `json:"findings"`
		Mode     string            `json:"mode"`
		Requests int               `json:"requests"`
		Counts   map[string]int    `json:"counts"`
	}
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Findings == nil || len(rep.Findings) != 0 || rep.Mode != "exact" || rep.Requests < budget/2 || rep.Requests > budget {
		t.Errorf("report: %d findings, mode %q, %d requests of %d", len(rep.Findings), rep.Mode, rep.Requests, budget)
	}
	if rep.Counts["noise"] == 0 || rep.Counts["abort"] == 0 || rep.Counts["boundary"] != 4 {
		t.Errorf("a check sent nothing: %v", rep.Counts)
	}
	m := s.waitIdle(t, 10*time.Second)
	checkPoolWhole(t, m)
	// The noise must have pushed the pool past its limit, or the probe proved little.
	if m["kvwarden_preemptions_total"]+m["kvwarden_prefix_cache_evictions_total"] == 0 {
		t.Errorf("the probe's noise never ran the pool short: no preemption and no eviction")
	}
	t.Logf("preemptions %v, prefix-cache evictions %v, client_closed %v", m["kvwarden_preemptions_total"],
		m["kvwarden_prefix_cache_evictions_total"], m[`kvwarden_requests_rejected_total{reason="client_closed"}`])
}
