package bench

import (
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

	"github.com/kvwarden/kvwarden/internal/tensor"
)

func mb(b float64) string { return fmt.Sprintf("%.1f MB", b/1e6) }

func gib(b int64) string {
	if b >= 1<<30 {
		return fmt.Sprintf("%.1f GiB", float64(b)/(1<<30))
	}
	return fmt.Sprintf("%.0f MiB", float64(b)/(1<<20))
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

func pct(f float64) string {
	if f >= 0.1 {
		return fmt.Sprintf("%.0f%%", 100*f)
	}
	return fmt.Sprintf("%.1f%%", 100*f)
}

// WriteOffline prints an offline result for people.
func WriteOffline(w io.Writer, r *OfflineResult) {
	m, e := r.Model, r.Engine
	fmt.Fprintf(w, "model    %s\n", m.Name)
	fmt.Fprintf(w, "         %s, %d layers, dim %d, vocab %d, %s matrices: %s of weights, %.1fM params\n",
		m.Arch, m.Layers, m.Dim, m.Vocab, m.WeightType, mb(float64(m.WeightBytes)), float64(m.Params)/1e6)
	fmt.Fprintf(w, "         every forward step streams %s (all but the embedding table, which is only gathered)\n", mb(float64(m.StreamedBytes)))
	fmt.Fprintf(w, "engine   %d threads, %s, step budget %d tokens, KV %s, isolation checks %s, prefix cache %s\n",
		e.Threads, e.kernels(), e.StepTokens, strings.ToLower(e.KVType), onOff(e.IsolationChecks), onOff(e.PrefixCache))
	if r.Limits != nil {
		writeLimits(w, r.Limits)
	}
	fmt.Fprintln(w)
	if r.Task != nil {
		writeTask(w, r)
		return
	}
	noisy := false
	spread := func(r Rate) string {
		s := fmt.Sprintf("%.1f..%.1f", r.Min, r.Max)
		// Reps that differ this much say more about the machine's other load than about kvwarden.
		if r.TokensPerSec > 0 && (r.Max-r.Min)/r.TokensPerSec > 0.2 {
			s += " *"
			noisy = true
		}
		return s
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "batch\ttest\ttokens/s\tmin..max\tachieved\tshare of the limit")
	for _, b := range r.Runs {
		ppShare, tgShare := "", ""
		if r.Limits != nil {
			ppShare = pct(b.PrefillDotFraction) + " of the dot kernel"
			if b.PrefillFMAFraction > 0 {
				ppShare += ", " + pct(b.PrefillFMAFraction) + " of FMA peak"
			}
			if b.PrefillInt8Fraction > 0 {
				ppShare += ", " + pct(b.PrefillInt8Fraction) + " of int8 peak"
			}
			tgShare = pct(b.DecodeBandwidthFraction) + " of read bandwidth"
			if b.DecodeWorkingSetFraction > 0 {
				tgShare += ", " + pct(b.DecodeWorkingSetFraction) + " of the weights-size read"
			}
		}
		fmt.Fprintf(tw, "%d\tpp%d\t%.1f\t%s\t%.1f GFLOP/s\t%s\n", b.Batch, r.PromptTokens, b.Prefill.TokensPerSec, spread(b.Prefill), b.PrefillGFLOPs, ppShare)
		fmt.Fprintf(tw, "%d\ttg%d\t%.1f\t%s\t%.2f GB/s\t%s\n", b.Batch, r.GenTokens, b.Generate.TokensPerSec, spread(b.Generate), b.DecodeGBps, tgShare)
		for _, d := range b.Depths {
			share := ""
			if r.Limits != nil {
				share = pct(d.DecodeBandwidthFraction) + " of read bandwidth"
			}
			fmt.Fprintf(tw, "%d\ttg%d @ depth %d\t%.1f\t%s\t%.2f GB/s\t%s\n", b.Batch, r.GenTokens, d.Depth, d.Generate.TokensPerSec, spread(d.Generate), d.DecodeGBps, share)
		}
		if s := b.Speculation; s != nil {
			fmt.Fprintf(tw, "%d\ttg%d speculation\t\t\t\t%s\n", b.Batch, r.GenTokens, s)
		}
	}
	tw.Flush()
	if noisy {
		fmt.Fprintln(w, "* reps spread over more than 20% of the median: the machine was probably busy; rerun on an idle one or with more --reps")
	}
	fmt.Fprintf(w, `
Medians of %d reps, through the engine (scheduling, KV pages and their checks, sampling included).
pp%[2]d: "batch" concurrent requests of %[2]d random token ids with max_tokens=1; tokens/s = batch × %[2]d / wall time.
  FLOPs = 2 × block weights per token + causal attention + one output row per sequence.
tg%[3]d: "batch" concurrent requests of a 1-token prompt generating %[3]d tokens greedily, EOS ignored; all tokens / wall time.
  Bytes = the streamed weights once per step (shared by the batch) + each sequence's KV cache read.
`, r.Reps, r.PromptTokens, r.GenTokens)
	if len(r.Depths) > 0 {
		fmt.Fprintf(w, `tg%d @ depth D: "batch" concurrent requests of D random token ids generating %[1]d+1 tokens; decode only:
  the tokens that arrive after every sequence's first one (which ends its prompt's processing) over
  the time since. Bytes add each sequence's D tokens of KV cache per step.
`, r.GenTokens)
	}
}

func (s *SpecCounts) String() string {
	return fmt.Sprintf("%d drafted, %d accepted: acceptance rate %s", s.Drafted, s.Accepted, pct(s.AcceptanceRate))
}

// String lists the costs: the verification of 1, 2, 4, 8 … drafts, and a draft model's passes.
func (c *SpecCosts) String() string {
	var parts []string
	for k := 1; k <= len(c.Verify); k *= 2 {
		parts = append(parts, fmt.Sprintf("1+%d tokens %.2f", k, c.Verify[k-1]))
	}
	if n := len(c.Verify); n&(n-1) != 0 {
		parts = append(parts, fmt.Sprintf("1+%d tokens %.2f", n, c.Verify[n-1]))
	}
	s := "verifying (not timed yet)"
	if len(parts) > 0 {
		s = "a step verifying " + strings.Join(parts, ", ")
	}
	if c.DraftPass > 0 {
		s += fmt.Sprintf("; a draft model's pass %.2f, and %.3f a position caught up", c.DraftPass, c.DraftCatchUp)
	}
	return s
}

// kernels names the kernel set and, where KVWARDEN_KERNELS chose it, says so.
func (e *EngineInfo) kernels() string {
	if e.KernelsEnv != "" {
		return fmt.Sprintf("%s kernels (%s=%s)", e.Kernels, tensor.KernelsEnv, e.KernelsEnv)
	}
	return e.Kernels + " kernels"
}

func (e *EngineInfo) summary() string {
	s := fmt.Sprintf("%d threads, %s, step budget %d tokens, max running %d, KV %s, isolation checks %s, prefix cache %s",
		e.Threads, e.kernels(), e.StepTokens, e.MaxRunning, strings.ToLower(e.KVType), onOff(e.IsolationChecks), onOff(e.PrefixCache))
	if e.ShadowFraction > 0 {
		s += fmt.Sprintf(", shadow verification of %g of answers", e.ShadowFraction)
	}
	if e.Speculative != "" {
		s += fmt.Sprintf(", speculative decoding by %s (up to %d drafts)", e.Speculative, e.SpecTokens)
	}
	return s
}

// WriteServe prints a serve result for people.
func WriteServe(w io.Writer, r *ServeResult) {
	kind := "random token ids"
	if r.PromptKind == "text" {
		kind = fmt.Sprintf("tokens (%d random words)", r.PromptWords)
	}
	fmt.Fprintf(w, "target   %s, model %s\n", r.Target, r.Model)
	if e := r.Engine; e != nil {
		fmt.Fprintf(w, "engine   %s\n", e.summary())
	}
	fmt.Fprintf(w, "load     %d requests, %d at a time, round-robin over %d tenant(s); prompts of %d %s, %d tokens generated each (greedy, EOS ignored, streamed)\n",
		r.Requests, r.Clients, r.Tenants, r.PromptTokens, kind, r.GenTokens)
	if n := len(r.PerAdapter); n > 0 {
		fmt.Fprintf(w, "adapters requests round-robin over %d LoRA adapters\n", n)
	}
	fmt.Fprintf(w, "done     %d completed, %d failed in %.2f s\n", r.Completed, r.Failed, r.DurationSec)
	if s := r.Shadow; s != nil {
		fmt.Fprintf(w, "shadow   %d verified, %d mismatches, %d pending at the end, dropped %v\n", s.Verified, s.Mismatches, s.Pending, s.Dropped)
	}
	if s := r.Speculation; s != nil {
		fmt.Fprintf(w, "spec     %s\n", s)
	}
	for _, e := range r.Errors {
		fmt.Fprintf(w, "  error: %s\n", e)
	}
	avgPrompt := 0.0
	if r.Completed > 0 {
		avgPrompt = float64(r.PromptTokensTotal) / float64(r.Completed)
	}
	fmt.Fprintf(w, "rate     %.1f generated tokens/s, %.2f requests/s (prompts averaged %.0f tokens as the server counted them)\n\n",
		r.TokensPerSec, r.RequestsPerSec, avgPrompt)
	fmt.Fprintf(w, "%-12s %9s %9s %9s %9s %9s\n", "latency ms", "p50", "p90", "p99", "mean", "max")
	for _, d := range []struct {
		name string
		d    Dist
	}{{"TTFT", r.TTFT}, {"ITL", r.ITL}, {"TPOT", r.TPOT}, {"E2E", r.E2E}} {
		fmt.Fprintf(w, "%-12s %9.1f %9.1f %9.1f %9.1f %9.1f\n", d.name, d.d.P50, d.d.P90, d.d.P99, d.d.Mean, d.d.Max)
	}
	fmt.Fprintln(w)
	width := len("tenant")
	for _, t := range r.PerTenant {
		width = max(width, len(t.Tenant))
	}
	fmt.Fprintf(w, "%-*s %9s %7s %8s %6s %11s\n", width, "tenant", "completed", "failed", "tokens", "share", "E2E p50 ms")
	for _, t := range r.PerTenant {
		share := 0.0
		if r.GeneratedTokens > 0 {
			share = float64(t.GeneratedTokens) / float64(r.GeneratedTokens)
		}
		fmt.Fprintf(w, "%-*s %9d %7d %8d %6s %11.1f\n", width, t.Tenant, t.Completed, t.Failed, t.GeneratedTokens, pct(share), t.E2EP50)
	}
	writePerAdapter(w, r)
	fmt.Fprintln(w, `
TTFT: request sent to first streamed text. ITL: gap between streamed chunks (one token each, except
text held back, such as an incomplete UTF-8 character, which comes with the next). TPOT: (E2E - TTFT)
/ (tokens - 1) per request. E2E: request sent to [DONE].`)
}

// WriteCompare prints the ratios of two results.
func WriteCompare(w io.Writer, aName, bName string, a, b Result, rs []MetricRatio) {
	fmt.Fprintf(w, "A  %s  (%s, isolation checks %s, %s)\n", aName, a.Kind, onOff(a.IsolationChecks), a.Time.Format("2006-01-02 15:04 MST"))
	fmt.Fprintf(w, "B  %s  (%s, isolation checks %s, %s)\n\n", bName, b.Kind, onOff(b.IsolationChecks), b.Time.Format("2006-01-02 15:04 MST"))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "metric\tunit\tA\tB\tB/A\t")
	for _, r := range rs {
		note := ""
		if r.A != 0 && r.Ratio != 1 && !math.IsNaN(r.Ratio) {
			better := (r.Ratio > 1) == r.HigherIsBetter
			change := math.Abs(r.Ratio-1) * 100
			if better {
				note = fmt.Sprintf("B better by %.1f%%", change)
			} else {
				note = fmt.Sprintf("B worse by %.1f%%", change)
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%.2f\t%.2f\t%.3f\t%s\n", r.Name, r.Unit, r.A, r.B, r.Ratio, note)
	}
	tw.Flush()
	if ms := Mismatches(a, b); len(ms) > 0 {
		fmt.Fprintf(w, "\nwarning: the runs differ in %s; the ratios mix those differences in.\n", strings.Join(ms, ", "))
	}
	if a.IsolationChecks && !b.IsolationChecks {
		fmt.Fprintln(w, "\nB has the page header checks compiled out: a throughput ratio B/A of 1.03 means the checks cost about 3%.")
	}
}

// writeLimits writes the machine's measured limits, the figures each run is set beside.
func writeLimits(w io.Writer, l *Limits) {
	l3 := ""
	if l.L3Bytes > 0 {
		l3 = fmt.Sprintf(" (L3 %s)", gib(l.L3Bytes))
	}
	fmt.Fprintf(w, "machine  %-17s %7.1f GB/s     streaming read of %s%s, %d threads, %s, best of 5\n",
		"read bandwidth", l.ReadGBps, gib(l.ReadBufferBytes), l3, l.Threads, l.ReadMethod)
	fmt.Fprintf(w, "         %-17s %7.1f GFLOP/s  tensor.DotF32 (%s kernels) on vectors in L1, %d threads: the kernels' rate without memory traffic\n",
		"F32 dot kernel", l.DotGFLOPs, l.Kernels, l.Threads)
	if l.FMAGFLOPs > 0 {
		fmt.Fprintf(w, "         %-17s %7.1f GFLOP/s  %s loop in registers, %d threads: what the cores can issue\n",
			"FMA peak", l.FMAGFLOPs, l.FMAMethod, l.Threads)
	}
	if l.Int8GOPs > 0 {
		fmt.Fprintf(w, "         %-17s %7.1f GOP/s    %s loop in registers, %d threads: the quantised kernels' multiplier\n",
			"int8 peak", l.Int8GOPs, l.Int8Method, l.Threads)
	}
	if l.WorkingSetGBps > 0 {
		fmt.Fprintf(w, "         %-17s %7.1f GB/s     the same read over %s, the streamed weights' size: the rate where they stay in cache\n",
			"weights-size read", l.WorkingSetGBps, mb(float64(l.WorkingSetBytes)))
	}
}
