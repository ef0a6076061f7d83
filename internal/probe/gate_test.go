package probe

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

// runFake runs cfg against f and returns the report and its text.
func runFake(t *testing.T, cfg Config) (*Report, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	rep, err := Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	var text bytes.Buffer
	WriteText(&text, rep)
	t.Logf("%s", text.String())
	if b := rep.Budgets; b.Requests.Spent > b.Requests.Limit || b.PromptTokens.Spent > b.PromptTokens.Limit || b.OutputTokens.Spent > b.OutputTokens.Limit {
		t.Errorf("a budget was exceeded: %+v", b)
	}
	return rep, text.String()
}

func verdicts(rep *Report) map[string]int {
	v := map[string]int{}
	for _, f := range rep.Findings {
		v[f.Verdict]++
	}
	return v
}

// TestCapacityMismatch: an endpoint that advertises 2,048 tokens and serves 192 (the incident's
// mismatch at small scale) is a capacity finding naming the largest prompt served and the
// advertised context, whether it refuses with a 400 or with an error event inside an HTTP-200
// stream; and no leak is claimed.
func TestCapacityMismatch(t *testing.T) {
	for _, how := range []string{"refuse", "stream-error"} {
		t.Run(how, func(t *testing.T) {
			f := newFake(t, fakeOpts{context: 2048, pool: 192, overPool: how, perToken: 100 * time.Microsecond}, testKeys...)
			rep, text := runFake(t, testConfig(f.srv.URL))
			if rep.ExitCode != 1 || verdicts(rep)[VerdictLeak] > 0 {
				t.Errorf("exit %d, verdicts %v; want 1 and no leak", rep.ExitCode, verdicts(rep))
			}
			b := rep.Boundary
			if b == nil || b.LargestServed < 96 || b.LargestServed > 192-boundaryGen {
				t.Fatalf("boundary %+v: want the largest prompt served found near the pool", b)
			}
			var capacity *Finding
			for i, fd := range rep.Findings {
				if fd.Check == CheckBoundary && fd.Verdict == VerdictCapacity {
					capacity = &rep.Findings[i]
				}
			}
			if capacity == nil || !strings.Contains(capacity.Summary, "2048") || !strings.Contains(capacity.Summary, fmt.Sprintf("served was %d tokens", b.LargestServed)) {
				t.Errorf("capacity finding %+v", capacity)
			}
			if how == "stream-error" && (rep.StreamErrors == 0 || !strings.Contains(text, "error event inside its HTTP 200 stream")) {
				t.Errorf("%d stream errors counted; the refusal is not named as an in-stream error", rep.StreamErrors)
			}
			if rep.Scale > b.LargestServed {
				t.Errorf("the load checks ran at %d tokens, over the %d served", rep.Scale, b.LargestServed)
			}
		})
	}
}

// TestOverPoolLeakAtOneMillion: an endpoint advertising 1,048,576 tokens whose pool holds
// 681,280 answers over-pool prompts at once from another tenant's state. Within 6 advertised
// contexts of prompt tokens the probe plants a canary, sees it come back in its own answer (a
// leak), and finds the largest prompt served (capacity). The fake counts what it is sent.
func TestOverPoolLeakAtOneMillion(t *testing.T) {
	const advertised, pool = 1 << 20, 681280
	f := newFake(t, fakeOpts{context: advertised, pool: pool, overPool: "stale", countOnly: true, perToken: 300 * time.Nanosecond}, testKeys...)
	cfg := testConfig(f.srv.URL)
	cfg.MaxPromptTokens = 6 * advertised
	rep, _ := runFake(t, cfg)
	if got := f.tokens.Load(); got > cfg.MaxPromptTokens || rep.Budgets.PromptTokens.Spent < got {
		t.Errorf("the fake received %d prompt tokens, the report counts %d (it may count more: text prompts refused without usage keep their estimate), the budget is %d", got, rep.Budgets.PromptTokens.Spent, cfg.MaxPromptTokens)
	}
	var leak, capacity bool
	for _, fd := range rep.Findings {
		leak = leak || fd.Check == CheckBoundary && fd.Verdict == VerdictLeak
		capacity = capacity || fd.Check == CheckBoundary && fd.Verdict == VerdictCapacity && strings.Contains(fd.Summary, "1048576")
	}
	b := rep.Boundary
	if !leak || !capacity || rep.ExitCode != 1 {
		t.Errorf("leak %v, capacity %v, exit %d; want both and 1", leak, capacity, rep.ExitCode)
	}
	if b == nil || b.LargestServed > pool-boundaryGen || b.LargestServed < pool/2 || b.SmallestFailed <= pool-boundaryGen {
		t.Errorf("boundary: largest served %d, smallest failed %d; the pool holds %d", b.LargestServed, b.SmallestFailed, pool)
	}
}

// TestFrozenEndpoint: an endpoint that stops answering after a few completions ends the run with
// a report and exit status 2 well within the deadline, by request timeouts (or by the deadline
// when requests may wait longer).
func TestFrozenEndpoint(t *testing.T) {
	for _, c := range []struct {
		name              string
		request, deadline time.Duration
		within            time.Duration
	}{
		{"request timeouts", 300 * time.Millisecond, 20 * time.Second, 3 * time.Second},
		{"deadline", 30 * time.Second, 1500 * time.Millisecond, 4 * time.Second},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newFake(t, fakeOpts{perToken: 100 * time.Microsecond, freezeAfter: 12}, testKeys...)
			cfg := testConfig(f.srv.URL)
			cfg.RequestTimeout, cfg.Deadline = c.request, c.deadline
			start := time.Now()
			rep, text := runFake(t, cfg)
			if d := time.Since(start); d > c.within {
				t.Errorf("the run took %v, want under %v", d, c.within)
			}
			if rep.ExitCode != 2 || len(rep.Inconclusive()) == 0 || !strings.Contains(text, "INCONCLUSIVE") {
				t.Errorf("exit %d, inconclusive checks %v", rep.ExitCode, rep.Inconclusive())
			}
			if c.name == "request timeouts" && (rep.Timeouts < stallAfter || !strings.Contains(text, "stopped answering")) {
				t.Errorf("%d timeouts; the report does not say the endpoint stopped answering", rep.Timeouts)
			}
		})
	}
}

// TestNondeterministicWithoutLogprobs: an endpoint like llama.cpp's server (no logprobs) whose
// greedy text changes under batching but never carries another tenant's content: its findings
// are nondeterminism, never a leak, worded without KV pages, and the run exits 0.
func TestNondeterministicWithoutLogprobs(t *testing.T) {
	f := newFake(t, fakeOpts{perToken: 100 * time.Microsecond, noLogprobs: true, loadDrift: true}, testKeys...)
	rep, text := runFake(t, testConfig(f.srv.URL))
	v := verdicts(rep)
	if rep.Logprobs || v[VerdictNondeterminism] == 0 || len(v) != 1 || rep.ExitCode != 0 {
		t.Errorf("logprobs %v, verdicts %v, exit %d; want nondeterminism only and 0", rep.Logprobs, v, rep.ExitCode)
	}
	if strings.Contains(text, "KV page") || !strings.Contains(text, "warning: ") {
		t.Errorf("the text report words nondeterminism as a leak, or gives no warning")
	}
}

// TestDryRun: the plan for a 1,048,576-token endpoint within 6 advertised contexts, without a
// single generation request; the context read from /v1/models, llama.cpp's /props or SGLang.
func TestDryRun(t *testing.T) {
	for _, via := range []string{"", "props", "props-top", "sglang"} {
		f := newFake(t, fakeOpts{context: 1 << 20, contextVia: via}, testKeys...)
		cfg := testConfig(f.srv.URL)
		cfg.DryRun, cfg.MaxPromptTokens, cfg.Budget = true, 6<<20, 1000
		rep, text := runFake(t, cfg)
		if f.calls.Load() != 0 || rep.ExitCode != 0 || rep.Context != 1<<20 {
			t.Errorf("via %q: %d completions sent, exit %d, context %d (%s)", via, f.calls.Load(), rep.ExitCode, rep.Context, rep.ContextSource)
		}
		for _, r := range rep.Plan {
			if r.NotRun != "" {
				t.Errorf("via %q: %s not planned: %s", via, r.Check, r.NotRun)
			}
		}
		if tot := total(rep.Plan); tot.PromptTokens > cfg.MaxPromptTokens || tot.Requests > cfg.Budget || !strings.Contains(text, "boundary") {
			t.Errorf("via %q: plan totals %+v over the budgets", via, tot)
		}
	}
}

// TestPlanFitsBudgets: whatever the budgets, the plan's shares add up to no more than them, and a
// budget too small for a prompt at the advertised context leaves the boundary check out, saying so.
func TestPlanFitsBudgets(t *testing.T) {
	for _, c := range []struct {
		context      int
		prompt       int64
		boundaryRuns bool
	}{{1 << 20, 6 << 20, true}, {1 << 20, 1 << 20, false}, {2048, 4 << 20, true}, {131072, 300000, true}, {256, 1500, false}} {
		pl, err := makePlan(planInput{context: c.context, advertised: true, tenants: 3, limit: spend{1000, c.prompt, 262144}, trials: 12})
		if err != nil {
			t.Fatal(err)
		}
		tot := total(pl.rows)
		if tot.PromptTokens > c.prompt || tot.Requests > 1000 {
			t.Errorf("context %d, %d prompt tokens: plan totals %+v", c.context, c.prompt, tot)
		}
		if runs := pl.rows[2].NotRun == ""; runs != c.boundaryRuns {
			t.Errorf("context %d, %d prompt tokens: boundary runs %v (%s)", c.context, c.prompt, runs, pl.rows[2].NotRun)
		}
	}
}

// TestPromptBudgetTooSmall: a prompt budget that pays for no discovery and calibration is a
// usage error before anything is sent, with a report that says so.
func TestPromptBudgetTooSmall(t *testing.T) {
	f := newFake(t, fakeOpts{}, testKeys...)
	cfg := testConfig(f.srv.URL)
	cfg.MaxPromptTokens = 500
	rep, err := Run(context.Background(), cfg)
	var ue *UsageError
	if !errors.As(err, &ue) || !notStarted(rep) || f.calls.Load() != 0 {
		t.Errorf("%+v, %v, %d completions; want a UsageError, a report saying so and nothing sent", rep, err, f.calls.Load())
	}
}

// notStarted: rep is the report of a run that could not start: inconclusive, every check not
// run, and why.
func notStarted(rep *Report) bool {
	if rep == nil || rep.NotStarted == "" || rep.Outcome != "inconclusive" || rep.ExitCode != 2 || len(rep.Checks) != len(allChecks) {
		return false
	}
	for _, c := range rep.Checks {
		if c.Status != StatusNotRun || !strings.Contains(c.Reason, rep.NotStarted) {
			return false
		}
	}
	return true
}

// TestReportFormats: JUnit has a testcase per check with a failure per isolation finding, and
// the HTML page draws the boundary search and the timings with no external asset.
func TestReportFormats(t *testing.T) {
	f := newFake(t, fakeOpts{context: 2048, pool: 192, overPool: "refuse", perToken: 100 * time.Microsecond}, testKeys...)
	rep, _ := runFake(t, testConfig(f.srv.URL))
	var junit, page, js bytes.Buffer
	if err := WriteJUnit(&junit, rep); err != nil {
		t.Fatal(err)
	}
	var suite junitSuite
	if err := xml.Unmarshal(junit.Bytes(), &suite); err != nil {
		t.Fatal(err)
	}
	failures := 0
	for _, c := range suite.Cases {
		failures += len(c.Failures)
	}
	if suite.Tests != 5 || failures != rep.IsolationFindings() || failures == 0 {
		t.Errorf("JUnit: %d testcases, %d failures; report has %d isolation findings", suite.Tests, failures, rep.IsolationFindings())
	}
	if err := WriteHTML(&page, rep); err != nil {
		t.Fatal(err)
	}
	h := page.String()
	for _, bad := range []string{"<script", "<link", " src=", "@import", "url("} {
		if strings.Contains(h, bad) {
			t.Errorf("the HTML report holds %q", bad)
		}
	}
	if strings.Count(h, "<svg") != 2 || !strings.Contains(h, "largest served") {
		t.Errorf("the HTML report does not draw the boundary search and the timings")
	}
	if err := WriteJSON(&js, rep); err != nil {
		t.Fatal(err)
	}
	var back struct {
		Findings []struct{ Verdict string } `json:"findings"`
		Budgets  Budgets                    `json:"budgets"`
		Checks   []CheckStatus              `json:"checks"`
	}
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || len(back.Checks) != 5 || back.Budgets.PromptTokens.Spent == 0 {
		t.Fatalf("JSON: %v %+v", err, back)
	}
	for _, fd := range back.Findings {
		if fd.Verdict == "" {
			t.Errorf("a JSON finding has no verdict")
		}
	}
}

// TestTTFTCalibrationFails: an endpoint whose long prompts are no slower than short ones cannot
// have its first-token times judged: the boundary check says its time-to-first-token check did not
// run, and the run is inconclusive rather than clean.
func TestTTFTCalibrationFails(t *testing.T) {
	f := newFake(t, fakeOpts{}, testKeys...) // no prefill time at all
	rep, _ := runFake(t, testConfig(f.srv.URL))
	var boundary *CheckStatus
	for i, c := range rep.Checks {
		if c.Check == CheckBoundary {
			boundary = &rep.Checks[i]
		}
	}
	if rep.ExitCode != 2 || boundary == nil || boundary.Status != StatusPartial || !strings.Contains(boundary.Reason, "time-to-first-token") {
		t.Errorf("exit %d, boundary %+v; want 2 and a partial boundary check naming its time-to-first-token check", rep.ExitCode, boundary)
	}
}
