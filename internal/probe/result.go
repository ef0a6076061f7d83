package probe

import (
	"slices"
	"time"
)

// CheckStatus is how far one check got: "complete", "partial" (it ran, but not all it was
// planned to; Reason says why) or "not run".
type CheckStatus struct {
	Check        string `json:"check"`
	Status       string `json:"status"`
	Reason       string `json:"reason,omitempty"`
	Requests     int    `json:"requests"`
	PromptTokens int64  `json:"prompt_tokens"`
	OutputTokens int64  `json:"output_tokens"`
	Findings     int    `json:"findings"`
}

// Check statuses.
const (
	StatusComplete = "complete"
	StatusPartial  = "partial"
	StatusNotRun   = "not run"
)

// Inconclusive lists the checks that did not complete, with why.
func (r *Report) Inconclusive() []CheckStatus {
	var out []CheckStatus
	for _, c := range r.Checks {
		if c.Status != StatusComplete {
			out = append(out, c)
		}
	}
	return out
}

// IsolationFindings counts the findings whose verdict is a failure of isolation.
func (r *Report) IsolationFindings() int {
	n := 0
	for _, f := range r.Findings {
		if IsolationFailure(f.Verdict) {
			n++
		}
	}
	return n
}

// outcome decides the exit status: isolation findings first (a leak found is a leak, however
// the rest went), then whether every check ran to completion. Nondeterminism alone is a clean
// run with a warning: it is not an isolation failure, and an endpoint that is not
// batch-invariant would otherwise never pass the gate.
func (r *Report) outcome() {
	switch {
	case r.NotStarted != "":
		r.Outcome, r.ExitCode = "inconclusive", 2
	case r.DryRun:
		r.Outcome, r.ExitCode = "planned", 0
	case r.IsolationFindings() > 0:
		r.Outcome, r.ExitCode = "findings", 1
	case len(r.Inconclusive()) > 0:
		r.Outcome, r.ExitCode = "inconclusive", 2
	default:
		r.Outcome, r.ExitCode = "clean", 0
	}
}

// allChecks are the checks every report has a status for, in the order they are reported.
var allChecks = []string{CheckInvariance, CheckCanary, CheckBoundary, CheckAbort, CheckSideChannel}

// checks are the checks this run reports: allChecks, and the adapter check when adapters are given.
func (p *prober) checks() []string {
	if len(p.cfg.Adapters) > 0 {
		return append(slices.Clone(allChecks), CheckAdapter)
	}
	return allChecks
}

// couldNotStart marks a report whose run could not start: every check not run, and why.
func (r *Report) couldNotStart(err error) {
	r.NotStarted = Printable(err.Error())
	r.Checks = r.Checks[:0]
	for _, c := range allChecks {
		r.Checks = append(r.Checks, CheckStatus{Check: c, Status: StatusNotRun, Reason: "the run could not start: " + r.NotStarted})
	}
	r.outcome()
}

// printable escapes, in place, every string of r the endpoint may have chosen (its model name,
// error bodies and answers quoted in notes, reasons and findings), so that no format of the
// report carries its control characters to a terminal.
func (r *Report) printable() {
	r.Endpoint, r.Model = Printable(r.Endpoint), Printable(r.Model)
	for i := range r.Notes {
		r.Notes[i] = Printable(r.Notes[i])
	}
	for i := range r.Checks {
		r.Checks[i].Reason = Printable(r.Checks[i].Reason)
	}
	for i := range r.Findings {
		f := &r.Findings[i]
		f.Summary, f.Detail, f.Reproduce = Printable(f.Summary), Printable(f.Detail), Printable(f.Reproduce)
	}
	if r.Boundary != nil {
		for i := range r.Boundary.Rungs {
			r.Boundary.Rungs[i].Detail = Printable(r.Boundary.Rungs[i].Detail)
		}
	}
}

// finish fills in what was spent, each check's status and the outcome.
func (p *prober) finish() *Report {
	r := p.rep
	r.Requests = int(p.c.sent.Load())
	r.Duration = time.Since(r.Started)
	r.StreamErrors, r.Timeouts = int(p.c.streamErrors.Load()), int(p.c.timeouts.Load())
	if r.StreamErrors > 0 {
		p.note("%d answers were HTTP 200 with an error event inside the stream; each was read as a refusal", r.StreamErrors)
	}
	p.c.mu.Lock()
	r.Budgets.Requests.Spent = int64(p.c.total.Requests)
	r.Budgets.PromptTokens.Spent = p.c.total.PromptTokens
	r.Budgets.OutputTokens.Spent = p.c.total.OutputTokens
	for k, v := range p.c.spent {
		r.Counts[k] = v.Requests
	}
	p.c.mu.Unlock()
	if !r.DryRun {
		for _, check := range p.checks() {
			st := p.statusOf(check)
			spent := p.c.spentBy(check)
			if check == CheckInvariance {
				spent = spent.plus(p.c.spentBy("noise"))
			}
			st.Requests, st.PromptTokens, st.OutputTokens = spent.Requests, spent.PromptTokens, spent.OutputTokens
			if st.Status == StatusPartial && st.Requests == 0 && check != CheckCanary {
				st.Status = StatusNotRun
			}
			for _, f := range r.Findings {
				if f.Check == check {
					st.Findings++
				}
			}
			r.Checks = append(r.Checks, *st)
		}
	}
	r.printable()
	r.outcome()
	return r
}
