package probe

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"
)

// WriteText writes the report for people: the plan and what was spent against each budget, how
// far each check got, what was found (worded by its verdict), why it matters and how to
// reproduce each finding. Nothing in it reaches the terminal but printable characters and line
// breaks, whatever the endpoint sent.
func WriteText(w io.Writer, r *Report) {
	var b strings.Builder
	writeText(&b, r)
	io.WriteString(w, terminalText(b.String()))
}

func writeText(w io.Writer, r *Report) {
	fmt.Fprintf(w, "kvwarden probe of %s, model %q, %d tenants, seed %d\n", r.Endpoint, r.Model, r.Tenants, r.Seed)
	if r.NotStarted != "" {
		writeNotes(w, r)
		fmt.Fprintf(w, "\nINCONCLUSIVE: the run could not start: %s\n", r.NotStarted)
		return
	}
	if r.Context > 0 {
		fmt.Fprintf(w, "advertised context: %d tokens (%s)\n", r.Context, r.ContextSource)
	}
	b := r.Budgets
	fmt.Fprintf(w, "budgets: %d requests (%s), %d prompt tokens (%s), %d output tokens (%s)\n",
		b.Requests.Limit, b.Requests.Source, b.PromptTokens.Limit, b.PromptTokens.Source, b.OutputTokens.Limit, b.OutputTokens.Source)
	if r.DryRun {
		WritePlan(w, r)
		return
	}
	switch r.Mode {
	case "exact":
		fmt.Fprintln(w, "mode: exact (idle repeats were bit-identical, so answers under load must be too)")
	case "tolerance":
		fmt.Fprintf(w, "mode: tolerance (idle repeats differed; first tokens and logprobs within ±%.3g up to the first near-tie)\n", r.Tolerance)
	}
	prompts := "text prompts, lengths estimated from the endpoint's usage reports"
	if r.TokenPrompts {
		prompts = "token-id prompts, exact lengths"
	}
	fmt.Fprintf(w, "spent: %d of %d requests, %d of %d prompt tokens, %d of %d output tokens (max_tokens asked) in %s (%s)\n",
		b.Requests.Spent, b.Requests.Limit, b.PromptTokens.Spent, b.PromptTokens.Limit, b.OutputTokens.Spent, b.OutputTokens.Limit,
		r.Duration.Round(10*time.Millisecond), prompts)
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(r.Counts)) {
		parts = append(parts, fmt.Sprintf("%s %d", k, r.Counts[k]))
	}
	fmt.Fprintf(w, "  requests per check: %s\n", strings.Join(parts, ", "))
	fmt.Fprintf(w, "checks (load checks at a prompt scale of %d tokens):\n", r.Scale)
	for _, c := range r.Checks {
		reason := ""
		if c.Reason != "" {
			reason = ": " + c.Reason
		}
		fmt.Fprintf(w, "  %-13s %-9s %5d requests %12d prompt %9d output tokens, %d findings%s\n", c.Check, c.Status, c.Requests, c.PromptTokens, c.OutputTokens, c.Findings, reason)
	}
	if bd := r.Boundary; bd != nil && len(bd.Rungs) > 0 {
		fmt.Fprintf(w, "boundary: advertised %d, largest prompt served %d; %s; time-to-first-token check %s\n", bd.Advertised, bd.LargestServed, rungList(bd.Rungs), bd.TTFTCheck)
	}
	t := r.Timings
	if t.ShortTTFTms > 0 {
		fmt.Fprintf(w, "timings: short-prompt TTFT %.1f ms, prefill %.0f tokens/s", t.ShortTTFTms, t.PrefillTokPerSec)
		if t.FreshPrefixMs > 0 {
			fmt.Fprintf(w, "; side channel: other tenant's prefix %.1f ms, fresh %.1f ms, own %.1f ms (p = %.2g)", t.CrossPrefixMs, t.FreshPrefixMs, t.OwnPrefixMs, t.SideChannelP)
		}
		fmt.Fprintln(w)
	}
	writeNotes(w, r)
	writeFindings(w, r)
}

func writeNotes(w io.Writer, r *Report) {
	for _, n := range r.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
}

// writeFindings writes the verdict of the run and every finding.
func writeFindings(w io.Writer, r *Report) {
	iso := r.IsolationFindings()
	by := map[string]int{}
	for _, f := range r.Findings {
		by[f.Verdict]++
	}
	if nd := by[VerdictNondeterminism]; nd > 0 {
		fmt.Fprintf(w, "\nwarning: %d nondeterminism findings: answers differed without evidence of another tenant's content; not isolation failures, but answer comparisons prove less against this endpoint\n", nd)
	}
	if pr := by[VerdictProtocol]; pr > 0 {
		fmt.Fprintf(w, "\nwarning: %d protocol findings: the endpoint redirected or sent more than max_tokens; those answers were not judged\n", pr)
	}
	switch {
	case len(r.Findings) > 0:
		fmt.Fprintf(w, "\n%d FINDINGS (%d isolation failures)\n", len(r.Findings), iso)
	case r.Outcome == "inconclusive":
		fmt.Fprintln(w, "\nINCONCLUSIVE: no findings, but not every check ran to completion (see checks above)")
	default:
		fmt.Fprintln(w, "\nno findings: every answer matched its idle twin, no tenant's secret reached another, the advertised context was served and no cross-tenant timing difference was measured")
	}
	for i, f := range r.Findings {
		seen := ""
		if f.Count > 1 {
			seen = fmt.Sprintf(" (seen %d times)", f.Count)
		}
		fmt.Fprintf(w, "\n%d. [%s: %s] %s%s\n", i+1, f.Verdict, f.Check, f.Summary, seen)
		fmt.Fprintf(w, "   what: %s\n", f.Detail)
		fmt.Fprintf(w, "   why it matters: %s\n", f.Why)
		fmt.Fprintf(w, "   reproduce: %s\n", f.Reproduce)
	}
	if len(r.Findings) > 0 && iso == 0 && r.Outcome == "inconclusive" {
		fmt.Fprintln(w, "\nINCONCLUSIVE: not every check ran to completion (see checks above)")
	}
}

// WritePlan writes the plan: every check's share of the budgets.
func WritePlan(w io.Writer, r *Report) {
	fmt.Fprintf(w, "plan (load checks at a prompt scale of %d tokens):\n", r.Scale)
	fmt.Fprintf(w, "  %-13s %8s %14s %13s\n", "check", "requests", "prompt tokens", "output tokens")
	var tot spend
	for _, c := range r.Plan {
		if c.NotRun != "" {
			fmt.Fprintf(w, "  %-13s NOT RUN: %s\n", c.Check, c.NotRun)
			continue
		}
		tot = tot.plus(spend{c.Requests, c.PromptTokens, c.OutputTokens})
		fmt.Fprintf(w, "  %-13s %8d %14d %13d  %s\n", c.Check, c.Requests, c.PromptTokens, c.OutputTokens, c.Detail)
	}
	fmt.Fprintf(w, "  %-13s %8d %14d %13d  (at most: every request is charged before it is sent)\n", "total", tot.Requests, tot.PromptTokens, tot.OutputTokens)
}

// WriteJSON writes the report as indented JSON.
func WriteJSON(w io.Writer, r *Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

type junitSuite struct {
	XMLName  xml.Name    `xml:"testsuite"`
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Time     string      `xml:"time,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string         `xml:"name,attr"`
	Classname string         `xml:"classname,attr"`
	Failures  []junitFailure `xml:"failure"`
	Skipped   *junitSkipped  `xml:"skipped"`
	SystemOut string         `xml:"system-out,omitempty"`
}

type junitFailure struct {
	Type    string `xml:"type,attr"`
	Message string `xml:"message,attr"`
	Body    string `xml:",chardata"`
}

type junitSkipped struct {
	Message string `xml:"message,attr"`
}

// WriteJUnit writes the report as JUnit XML for CI systems: a testcase per check, a failure per
// isolation finding, skipped for a check that did not run to completion. Nondeterminism findings
// are the testcase's output, not failures.
func WriteJUnit(w io.Writer, r *Report) error {
	s := junitSuite{Name: "kvwarden probe " + r.Endpoint, Time: fmt.Sprintf("%.3f", r.Duration.Seconds())}
	for _, c := range r.Checks {
		jc := junitCase{Name: c.Check, Classname: "kvwarden.probe"}
		var out []string
		for _, f := range r.Findings {
			if f.Check != c.Check {
				continue
			}
			body := fmt.Sprintf("what: %s\nwhy it matters: %s\nreproduce: %s\nseen %d times", f.Detail, f.Why, f.Reproduce, f.Count)
			if IsolationFailure(f.Verdict) {
				jc.Failures = append(jc.Failures, junitFailure{Type: f.Verdict, Message: f.Summary, Body: body})
			} else {
				out = append(out, fmt.Sprintf("[%s] %s\n%s", f.Verdict, f.Summary, body))
			}
		}
		jc.SystemOut = strings.Join(out, "\n\n")
		if c.Status != StatusComplete && len(jc.Failures) == 0 {
			jc.Skipped = &junitSkipped{Message: c.Status + ": " + c.Reason}
			s.Skipped++
		}
		if len(jc.Failures) > 0 {
			s.Failures++
		}
		s.Cases = append(s.Cases, jc)
	}
	s.Tests = len(s.Cases)
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(s); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}
