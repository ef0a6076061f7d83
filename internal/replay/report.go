//go:build incidentreplay

package replay

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/probe"
)

// writeTitle prints which chain ran where, with which defences and faults.
func writeTitle(w io.Writer, r *Result) {
	on := "none"
	if len(r.Defences) > 0 {
		var s []string
		for _, d := range r.Defences {
			s = append(s, string(d))
		}
		on = strings.Join(s, ",")
	}
	var off []string
	for _, d := range kvtypes.Defences {
		if !has(r.Defences, d) {
			off = append(off, string(d))
		}
	}
	chain := "incident replay"
	if r.Chain == LateWriteChain {
		chain = "late-write replay"
		off = append(off, "late-write") // not a defence's fault: the chain's own late writer
	}
	if r.Mode == Disaggregated {
		fmt.Fprintf(w, "kvwarden %s (disaggregated: router + prefill node + decode node, loopback mTLS)\n", chain)
	} else {
		fmt.Fprintf(w, "kvwarden %s (single process)\n", chain)
	}
	fmt.Fprintf(w, "defences on: %s; faults on: %s\n", on, orNone(off))
	if r.ShadowOn {
		fmt.Fprintf(w, "shadow verification on: every answer re-run alone and compared bit for bit\n")
	}
	if r.Plan != "" {
		fmt.Fprintf(w, "capacity: %s\n", r.Plan)
	}
}

// Write prints the replay as the operator would have seen it, then what happened underneath.
func Write(w io.Writer, r *Result) {
	writeTitle(w, r)
	if r.StartErr != nil {
		fmt.Fprintf(w, "\nSTOPPED at start-up by defence %s: %v\nno server, no request.\n", kvtypes.DefenceGate, r.StartErr)
		return
	}
	fmt.Fprintf(w, "\nwhat the operator saw:\n")
	fmt.Fprintf(w, "  %8s  %-8s %-9s %6s %6s %9s %7s %7s %-7s %s\n", "at", "tenant", "role", "sent", "status", "latency", "prompt", "output", "finish", "error")
	for _, e := range r.Timeline {
		fmt.Fprintf(w, "  %8s  %-8s %-9s %6d %6d %9s %7d %7d %-7s %s\n", e.At.Round(time.Millisecond), e.Tenant, e.Role, e.PromptLen, e.Status,
			e.Latency.Round(time.Millisecond), e.PromptTokens, e.CompletionTokens, orDash(e.Finish), e.Error)
	}
	fmt.Fprintf(w, "\nwhat the engine attended over (pages last written by another tenant or an older generation):\n")
	if r.Mode == Disaggregated {
		for _, n := range r.Nodes {
			fmt.Fprintf(w, "  %s node:\n", n.Role)
			writeStale(w, "    ", n.Stale)
		}
	} else {
		writeStale(w, "  ", r.Stale)
	}
	if r.Chain == LateWriteChain {
		writeLateWrites(w, r)
	}
	fmt.Fprintf(w, "\nprobe canary matcher on the answers:\n")
	if len(r.Canaries) == 0 {
		fmt.Fprintf(w, "  no canary of another tenant in any answer (a random-weight model does not repeat what it attends over; the trace above is the evidence)\n")
	}
	for _, c := range r.Canaries {
		fmt.Fprintf(w, "  %s's answer holds %s's canary %s (exact %v)\n", c.Reader, c.Owner, c.Canary, c.Exact)
	}
	where := "/metrics"
	if r.Mode == Disaggregated {
		where = "/metrics of each node"
	}
	fmt.Fprintf(w, "\ndefences fired (%s):\n", where)
	if len(r.Metrics) == 0 {
		fmt.Fprintf(w, "  none\n")
	}
	for _, l := range r.Metrics {
		fmt.Fprintf(w, "  %s\n", l)
	}
	writeShadow(w, r)
	writeProbe(w, r)
	switch fired := firedNames(r.Fired); {
	case r.LeakedData && !crossTenant(r.Stale) && len(r.Canaries) == 0:
		fmt.Fprintf(w, "\nVERDICT: LEAK. The chain was stopped, but the probe's requests read other tenants' pages.\n")
	case r.LeakedData && r.Chain == LateWriteChain:
		fmt.Fprintf(w, "\nVERDICT: LEAK. The attacker's late write reached a victim's answer, with HTTP %s.\n", victimStatus(r))
	case r.LeakedData:
		fmt.Fprintf(w, "\nVERDICT: LEAK. Other tenants' data reached the attacker's answer with HTTP %s.\n", attackerStatus(r))
	case fired != "":
		fmt.Fprintf(w, "\nVERDICT: stopped by %s; no answer carries another tenant's data.\n", fired)
	default:
		fmt.Fprintf(w, "\nVERDICT: no leak.\n")
	}
	switch n := r.ShadowMismatches(); {
	case !r.ShadowOn:
	case n > 0:
		fmt.Fprintf(w, "DETECTED by shadow verification: %d answers differ from their re-run alone (security events, kept with both traces).\n", n)
	default:
		fmt.Fprintf(w, "shadow verification: every answer matched its re-run alone.\n")
	}
}

// writeLateWrites prints what became of the attacker's in-flight write after its hang-up.
func writeLateWrites(w io.Writer, r *Result) {
	fmt.Fprintf(w, "\nthe attacker's late writes (its last step's KV, landing after its pages were given to another request):\n")
	if len(r.LateWrites) == 0 {
		fmt.Fprintf(w, "  none arrived (its pages were not given to another request)\n")
	}
	for _, l := range r.LateWrites {
		if l.Landed {
			fmt.Fprintf(w, "  %s's request %d: landed in page %d, now %s's\n", l.Tenant, l.Request, l.Page, l.Victim)
		} else {
			fmt.Fprintf(w, "  %s's request %d: refused: %s\n", l.Tenant, l.Request, l.Message)
		}
	}
	fmt.Fprintf(w, "  the victim's answer vs the reference's (the same prompt on clean pages before): ")
	switch st := victimStatus(r); {
	case r.AnswerChanged:
		fmt.Fprintf(w, "DIFFERENT (greedy answers are bit-identical whoever asks)\n")
	case st != "200":
		fmt.Fprintf(w, "none: the victim got HTTP %s\n", st)
	default:
		fmt.Fprintf(w, "identical\n")
	}
}

func writeStale(w io.Writer, indent string, stale []engine.StaleRead) {
	if len(stale) == 0 {
		fmt.Fprintf(w, "%snothing stale\n", indent)
	}
	for _, s := range stale {
		var owners []string
		for o, n := range s.Owners {
			owners = append(owners, fmt.Sprintf("%s %d", o, n))
		}
		sort.Strings(owners)
		fmt.Fprintf(w, "%s%s's request %d attended over %d stale pages: %s\n", indent, s.Tenant, s.Request, s.Pages, strings.Join(owners, ", "))
	}
}

// writeStaleSummary prints one line per reader: the probe sends hundreds of requests, too many
// to list one by one.
func writeStaleSummary(w io.Writer, stale []engine.StaleRead) {
	if len(stale) == 0 {
		fmt.Fprintf(w, "nothing stale\n")
		return
	}
	reqs := map[string]int{}
	pages := map[string]map[string]int{}
	for _, s := range stale {
		reqs[s.Tenant]++
		if pages[s.Tenant] == nil {
			pages[s.Tenant] = map[string]int{}
		}
		for o, n := range s.Owners {
			pages[s.Tenant][o] += n
		}
	}
	fmt.Fprintf(w, "%d requests attended over stale pages\n", len(stale))
	readers := make([]string, 0, len(reqs))
	for t := range reqs {
		readers = append(readers, t)
	}
	sort.Strings(readers)
	for _, t := range readers {
		var owners []string
		for o, n := range pages[t] {
			owners = append(owners, fmt.Sprintf("%s %d", o, n))
		}
		sort.Strings(owners)
		fmt.Fprintf(w, "    %s: %d requests, stale pages written by %s\n", t, reqs[t], strings.Join(owners, ", "))
	}
}

const noteWidth = 160

// probeChecks are the probe's checks in the order it reports them.
var probeChecks = []string{probe.CheckInvariance, probe.CheckCanary, probe.CheckBoundary, probe.CheckAbort, probe.CheckSideChannel}

// writeProbe prints the auditor's view: findings per check, each finding's summary, and what the
// engine's trace saw the probe's own requests read.
func writeProbe(w io.Writer, r *Result) {
	if r.Chain == LateWriteChain {
		fmt.Fprintf(w, "\nkvwarden probe: not run in the late-write chain (its over-long prompts drive the incident's chain: --chain incident)\n")
		return
	}
	fmt.Fprintf(w, "\nwhat kvwarden probe finds from outside (keys of %s, after the chain):\n", strings.Join(ProbeTenants, ", "))
	if r.ProbeErr != nil {
		fmt.Fprintf(w, "  the probe could not run: %v\n", r.ProbeErr)
		return
	}
	p := r.Probe
	var per []string
	for _, c := range probeChecks {
		per = append(per, fmt.Sprintf("%s %d", c, ProbeFindings(p, c)))
	}
	fmt.Fprintf(w, "  %d requests in %s; findings: %s\n", p.Requests, p.Duration.Round(10*time.Millisecond), strings.Join(per, ", "))
	for _, n := range p.Notes {
		if rs := []rune(n); len(rs) > noteWidth { // a refusal note quotes the whole error body
			n = string(rs[:noteWidth]) + "…"
		}
		fmt.Fprintf(w, "  note: %s\n", n)
	}
	for _, f := range p.Findings {
		seen := ""
		if f.Count > 1 {
			seen = fmt.Sprintf(" (seen %d times)", f.Count)
		}
		fmt.Fprintf(w, "  [%s] tenant %s: %s%s: %s\n", f.Check, probeTenant(f.Tenant), f.Summary, seen, f.Detail)
	}
	fmt.Fprintf(w, "  the engine's trace of the probe's requests: ")
	writeStaleSummary(w, r.ProbeStale)
}

// ProbeFindings counts the probe's findings of one check.
func ProbeFindings(p *probe.Report, check string) int {
	n := 0
	if p != nil {
		for _, f := range p.Findings {
			if f.Check == check {
				n++
			}
		}
	}
	return n
}

func probeTenant(i int) string {
	if i >= 1 && i <= len(ProbeTenants) {
		return ProbeTenants[i-1]
	}
	return fmt.Sprint(i)
}

func firedNames(m map[kvtypes.Defence]uint64) string {
	var s []string
	for _, d := range kvtypes.Defences {
		if m[d] > 0 {
			s = append(s, string(d))
		}
	}
	return strings.Join(s, ", ")
}

func attackerStatus(r *Result) string {
	for _, e := range r.Timeline {
		if e.Role == "attacker" {
			return fmt.Sprint(e.Status)
		}
	}
	return "?"
}

// victimStatus is the status of the last victim's answer: the late-write chain's new owner.
func victimStatus(r *Result) string {
	s := "?"
	for _, e := range r.Timeline {
		if e.Role == "victim" {
			s = fmt.Sprint(e.Status)
		}
	}
	return s
}

func has(ds []kvtypes.Defence, d kvtypes.Defence) bool {
	for _, x := range ds {
		if x == d {
			return true
		}
	}
	return false
}

func orNone(s []string) string {
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, ",")
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
