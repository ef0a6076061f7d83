package probe

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var testKeys = []string{"sk-tenant-a-secret", "sk-tenant-b-secret", "sk-tenant-c-secret"}

func testConfig(url string) Config {
	return Config{Endpoint: url, Keys: testKeys, Budget: 260, Rate: 5000, Concurrency: 8, Seed: 7, Trials: 10}
}

// TestFakes points the probe at fake endpoints that leak on purpose, and at clean ones: each
// leak is found and named by its check, and the clean fakes yield no finding.
func TestFakes(t *testing.T) {
	for _, c := range []struct {
		name    string
		o       fakeOpts
		want    string // check that must report; "" none at all
		verdict string // its verdict
		exit    int
	}{
		{"clean", fakeOpts{perToken: 100 * time.Microsecond}, "", "", 0},
		{"clean text-only with logprob noise", fakeOpts{perToken: 100 * time.Microsecond, noTokens: true, noise: true}, "", "", 0},
		// Discovery's and the calibration's completions (8) on a busy machine, the rest on a quiet
		// one: honest answers come sooner than the calibrated rate allows, and the rate measured
		// again says why.
		{"clean, busy while calibrated", fakeOpts{perToken: 100 * time.Microsecond, busyFirst: 8}, "", "", 0},
		{"stale answers of other tenants", fakeOpts{perToken: 100 * time.Microsecond, staleEvery: 5}, CheckCanary, VerdictLeak, 1},
		{"over-long prompt answered 200", fakeOpts{perToken: 200 * time.Microsecond, overlong: true}, CheckBoundary, VerdictCapacity, 1},
		{"prefix cache shared across tenants", fakeOpts{perToken: 300 * time.Microsecond, sharedCache: true}, CheckSideChannel, VerdictSideChannel, 1},
		{"greedy answers change under load", fakeOpts{perToken: 100 * time.Microsecond, loadDrift: true}, CheckInvariance, VerdictNondeterminism, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newFake(t, c.o, testKeys...)
			var progress bytes.Buffer
			cfg := testConfig(f.srv.URL)
			cfg.Progress = &progress
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			rep, err := Run(ctx, cfg)
			if err != nil {
				t.Fatal(err)
			}
			var text, js bytes.Buffer
			WriteText(&text, rep)
			if err := WriteJSON(&js, rep); err != nil {
				t.Fatal(err)
			}
			for _, k := range testKeys {
				if strings.Contains(text.String()+js.String()+progress.String(), k) {
					t.Errorf("a report shows key %q", k)
				}
			}
			if rep.Requests > cfg.Budget || f.calls.Load() > int64(cfg.Budget) {
				t.Errorf("sent %d (fake saw %d completions), budget %d", rep.Requests, f.calls.Load(), cfg.Budget)
			}
			var checks []string
			for _, fd := range rep.Findings {
				checks = append(checks, fd.Check+"/"+fd.Verdict)
			}
			if c.want == "" && len(rep.Findings) > 0 || c.want != "" && !slices.Contains(checks, c.want+"/"+c.verdict) {
				t.Errorf("findings by check/verdict %v, want %s/%s\n%s", checks, c.want, c.verdict, text.String())
			}
			if rep.ExitCode != c.exit {
				t.Errorf("exit %d (%s), want %d; inconclusive: %+v", rep.ExitCode, rep.Outcome, c.exit, rep.Inconclusive())
			}
			var back struct {
				Findings []Finding `json:"findings"`
				Mode     string    `json:"mode"`
			}
			if err := json.Unmarshal(js.Bytes(), &back); err != nil || back.Findings == nil || back.Mode == "" {
				t.Errorf("JSON report: %v, findings %v, mode %q", err, back.Findings, back.Mode)
			}
			if !strings.Contains(progress.String(), "requests") {
				t.Errorf("no progress line: %q", progress.String())
			}
			t.Logf("%s", text.String())
		})
	}
}

// TestModes checks the auto-detection: bit-identical idle repeats run exact mode, wobbling
// logprobs tolerance mode with a bound above the wobble. With Exact (an endpoint that promises
// bit-identity) wobbling idle repeats are invariance findings and the mode stays exact.
func TestModes(t *testing.T) {
	for _, c := range []struct {
		noise, exact bool
		want         string
		findings     bool
	}{{false, false, "exact", false}, {true, false, "tolerance", false}, {false, true, "exact", false}, {true, true, "exact", true}} {
		f := newFake(t, fakeOpts{noise: c.noise}, testKeys[:2]...)
		cfg := testConfig(f.srv.URL)
		cfg.Keys, cfg.Budget, cfg.Trials, cfg.Exact = testKeys[:2], 160, 5, c.exact
		rep, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Mode != c.want || (c.want == "tolerance" && !(rep.Tolerance >= minTolerance)) {
			t.Errorf("noise %v exact %v: mode %q tolerance %v, want %q", c.noise, c.exact, rep.Mode, rep.Tolerance, c.want)
		}
		idle := 0
		for _, fd := range rep.Findings {
			if fd.Check == CheckInvariance && strings.Contains(fd.Summary, "idle repeats") {
				idle++
			}
		}
		if (idle > 0) != c.findings {
			t.Errorf("noise %v exact %v: %d idle-repeat findings, want some: %v", c.noise, c.exact, idle, c.findings)
		}
	}
}

func TestUsageErrors(t *testing.T) {
	f := newFake(t, fakeOpts{}, testKeys[:2]...)
	for _, c := range []struct {
		name string
		mod  func(*Config)
	}{
		{"one key", func(c *Config) { c.Keys = c.Keys[:1] }},
		{"repeated key", func(c *Config) { c.Keys = []string{c.Keys[0], c.Keys[0]} }},
		{"unknown key", func(c *Config) { c.Keys = []string{c.Keys[0], "sk-wrong"} }},
		{"no scheme", func(c *Config) { c.Endpoint = "127.0.0.1:1" }},
		{"unreachable", func(c *Config) { c.Endpoint = "http://127.0.0.1:1" }},
		{"zero rate", func(c *Config) { c.Rate = 0 }},
		{"tiny budget", func(c *Config) { c.Budget = 20 }},
		{"exact with a tolerance", func(c *Config) { c.Exact, c.Tolerance = true, 0.1 }},
	} {
		cfg := testConfig(f.srv.URL)
		cfg.Keys = testKeys[:2]
		c.mod(&cfg)
		rep, err := Run(context.Background(), cfg)
		var ue *UsageError
		if !errors.As(err, &ue) || !notStarted(rep) {
			t.Errorf("%s: %+v, %v; want a UsageError and a report saying so", c.name, rep, err)
		} else if strings.Contains(err.Error(), "sk-wrong") {
			t.Errorf("%s: the error shows a key: %v", c.name, err)
		}
	}
}
