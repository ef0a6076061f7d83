//go:build incidentreplay

package replay

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// Write prints the replay as the operator would have seen it, then what happened underneath.
func Write(w io.Writer, r *Result) {
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
	fmt.Fprintf(w, "kvwarden incident replay (single process; disaggregated replay is not available yet: the prefill and decode roles are not wired)\n")
	fmt.Fprintf(w, "defences on: %s; faults on: %s\n", on, orNone(off))
	if r.Plan != "" {
		fmt.Fprintf(w, "capacity: %s\n", r.Plan)
	}
	if r.StartErr != nil {
		fmt.Fprintf(w, "\nSTOPPED at start-up by defence %s: %v\nno server, no request.\n", kvtypes.DefenceGate, r.StartErr)
		return
	}
	fmt.Fprintf(w, "\nwhat the operator saw:\n")
	fmt.Fprintf(w, "  %8s  %-8s %-8s %6s %6s %9s %7s %7s %-7s %s\n", "at", "tenant", "role", "sent", "status", "latency", "prompt", "output", "finish", "error")
	for _, e := range r.Timeline {
		fmt.Fprintf(w, "  %8s  %-8s %-8s %6d %6d %9s %7d %7d %-7s %s\n", e.At.Round(time.Millisecond), e.Tenant, e.Role, e.PromptLen, e.Status,
			e.Latency.Round(time.Millisecond), e.PromptTokens, e.CompletionTokens, orDash(e.Finish), e.Error)
	}
	fmt.Fprintf(w, "\nwhat the engine attended over (pages last written by another tenant or an older generation):\n")
	if len(r.Stale) == 0 {
		fmt.Fprintf(w, "  nothing stale\n")
	}
	for _, s := range r.Stale {
		var owners []string
		for o, n := range s.Owners {
			owners = append(owners, fmt.Sprintf("%s %d", o, n))
		}
		sort.Strings(owners)
		fmt.Fprintf(w, "  %s's request %d attended over %d stale pages: %s\n", s.Tenant, s.Request, s.Pages, strings.Join(owners, ", "))
	}
	fmt.Fprintf(w, "\nprobe canary matcher on the answers:\n")
	if len(r.Canaries) == 0 {
		fmt.Fprintf(w, "  no canary of another tenant in any answer (a random-weight model does not repeat what it attends over; the trace above is the evidence)\n")
	}
	for _, c := range r.Canaries {
		fmt.Fprintf(w, "  %s's answer holds %s's canary %s (exact %v)\n", c.Reader, c.Owner, c.Canary, c.Exact)
	}
	fmt.Fprintf(w, "\ndefences fired (/metrics):\n")
	for _, l := range r.Metrics {
		fmt.Fprintf(w, "  %s\n", l)
	}
	switch fired := firedNames(r.Fired); {
	case r.LeakedData:
		fmt.Fprintf(w, "\nVERDICT: LEAK. Other tenants' data reached the attacker's answer with HTTP %s.\n", attackerStatus(r))
	case fired != "":
		fmt.Fprintf(w, "\nVERDICT: stopped by %s; no answer carries another tenant's data.\n", fired)
	default:
		fmt.Fprintf(w, "\nVERDICT: no leak.\n")
	}
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
