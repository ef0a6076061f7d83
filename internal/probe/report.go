package probe

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"
)

// WriteText writes the report for people: what was sent, what was found, why it matters and how
// to reproduce each finding.
func WriteText(w io.Writer, r *Report) {
	fmt.Fprintf(w, "kvwarden probe of %s, model %q, %d tenants, seed %d\n", r.Endpoint, r.Model, r.Tenants, r.Seed)
	if r.Context > 0 {
		fmt.Fprintf(w, "advertised context: %d tokens (%s)\n", r.Context, r.ContextSource)
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
	fmt.Fprintf(w, "sent: %d of %d budgeted requests in %s (%s)\n", r.Requests, r.Budget, r.Duration.Round(10*time.Millisecond), prompts)
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(r.Counts)) {
		parts = append(parts, fmt.Sprintf("%s %d", k, r.Counts[k]))
	}
	fmt.Fprintf(w, "  per check: %s\n", strings.Join(parts, ", "))
	t := r.Timings
	if t.ShortTTFTms > 0 {
		fmt.Fprintf(w, "timings: short-prompt TTFT %.1f ms, prefill %.0f tokens/s", t.ShortTTFTms, t.PrefillTokPerSec)
		if t.FreshPrefixMs > 0 {
			fmt.Fprintf(w, "; side channel: other tenant's prefix %.1f ms, fresh %.1f ms, own %.1f ms (p = %.2g)", t.CrossPrefixMs, t.FreshPrefixMs, t.OwnPrefixMs, t.SideChannelP)
		}
		fmt.Fprintln(w)
	}
	for _, n := range r.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	if len(r.Findings) == 0 {
		fmt.Fprintln(w, "\nno findings: every answer matched its idle twin, no tenant's secret reached another, the context boundary held and no cross-tenant timing difference was measured")
		return
	}
	fmt.Fprintf(w, "\n%d FINDINGS\n", len(r.Findings))
	for i, f := range r.Findings {
		seen := ""
		if f.Count > 1 {
			seen = fmt.Sprintf(" (seen %d times)", f.Count)
		}
		fmt.Fprintf(w, "\n%d. [%s] %s%s\n", i+1, f.Check, f.Summary, seen)
		fmt.Fprintf(w, "   what: %s\n", f.Detail)
		fmt.Fprintf(w, "   why it matters: %s\n", f.Why)
		fmt.Fprintf(w, "   reproduce: %s\n", f.Reproduce)
	}
}

// WriteJSON writes the report as indented JSON.
func WriteJSON(w io.Writer, r *Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}
