package probe

import (
	"cmp"
	"context"
	"fmt"
)

// The adapter check: a LoRA adapter is one more namespace of the prefix cache. KV computed under
// one adapter (or none) must never serve a prompt under another, even within one tenant: the
// answer would be another fine-tune's, and with a shared key or adapter, cached_tokens and the
// time to first token tell whoever sends a prefix what a prompt under another adapter held (vLLM
// #30931, #42125, #44250; SGLang #24638). It runs with Config.Adapters (--adapter, one per key).

// adapterTrialRequests is what one trial sends: the seed, two cross-adapter probes, their two
// fresh twins and the owner's control.
const adapterTrialRequests = 6

// adapterSamples are the adapter check's times to first token, in ms.
type adapterSamples struct {
	sameTenant, sameFresh   []float64 // tenant 1 on the base model: its adapter's prefix, a fresh one
	otherTenant, otherFresh []float64 // tenant 2 under its adapter: tenant 1's adapter's prefix, a fresh one
	own                     []float64 // tenant 1 under its adapter again: the control
	ownCached               int       // control answers that reported cached tokens
}

// adapterCheck runs the trials: tenant 1 sends a fresh prefix under its adapter; then, in a
// random order, the prefix plus a token is sent by tenant 1 on the base model and by tenant 2
// under its adapter, each beside a fresh prefix of the same length under the same model, and by
// tenant 1 under its adapter again. A cross-adapter answer that reports cached tokens is a leak;
// one measurably faster than its fresh twin is a side channel.
func (p *prober) adapterCheck(ctx context.Context) {
	if len(p.cfg.Adapters) == 0 { // not asked for: the check is not in the report either
		return
	}
	n := sideLen(p.scale())
	a1, a2 := p.cfg.Adapters[0], p.cfg.Adapters[1]
	var s adapterSamples
	for range p.cfg.Trials {
		prefix := p.lengthPrompt(p.rng, n)
		seed := request{Model: a1, Prompt: extend(p.rng, prefix, 1), MaxTokens: 1}
		a, err := p.send(ctx, CheckAdapter, 0, seed, 0)
		if err != nil || ctx.Err() != nil {
			p.incomplete(CheckAdapter, "trials left unsent: "+failure(nil, cmp.Or(err, ctx.Err())))
			break
		}
		if !a.ok() {
			p.incomplete(CheckAdapter, fmt.Sprintf("tenant 1's adapter %q was refused (%s): is it the adapter the first --key may use?", a1, a.refusal()))
			return
		}
		ops := []struct {
			tenant int
			model  string // "" the base model
			prompt any
			into   *[]float64
			cross  bool
		}{
			{0, "", extend(p.rng, prefix, 1), &s.sameTenant, true},
			{0, "", extend(p.rng, p.lengthPrompt(p.rng, n), 1), &s.sameFresh, false},
			{1, a2, extend(p.rng, prefix, 1), &s.otherTenant, true},
			{1, a2, extend(p.rng, p.lengthPrompt(p.rng, n), 1), &s.otherFresh, false},
			{0, a1, extend(p.rng, prefix, 1), &s.own, false},
		}
		for _, i := range p.rng.Perm(len(ops)) {
			o := ops[i]
			r := p.timed(o.prompt)
			r.Model = o.model
			a, err := p.send(ctx, CheckAdapter, o.tenant, r, 0)
			if err != nil || !a.ok() {
				continue
			}
			if a.TTFT > 0 {
				*o.into = append(*o.into, ms(a.TTFT))
			}
			switch {
			case o.cross && a.CachedTokens > 0:
				p.adapterLeak(o.tenant, o.model, a1, a.CachedTokens, &r)
			case o.into == &s.own && a.CachedTokens > 0:
				s.ownCached++
			}
		}
	}
	p.judgeAdapterTiming(&s, n, a1, a2)
}

// adapterLeak records a cross-adapter answer served from the prefix cache.
func (p *prober) adapterLeak(tenant int, model, owner string, cached int, r *request) {
	under := fmt.Sprintf("adapter %q", model)
	if model == "" {
		under = "the base model"
	}
	p.find(fmt.Sprintf("adapter_cache:%d:%s", tenant, model), Finding{Check: CheckAdapter, Tenant: tenant + 1,
		Summary: fmt.Sprintf("tenant %d's prompt under %s was served %d prompt tokens from a prefix cache that only tenant 1's prompt under adapter %q filled", tenant+1, under, cached, owner),
		Detail:  "usage.prompt_tokens_details.cached_tokens of a prompt whose prefix was sent only under another adapter: the prefix cache is not keyed by adapter",
		Reproduce: fmt.Sprintf("send a long prompt as tenant 1 with \"model\": %q, then the same prompt plus a token as tenant %d under %s and read usage.prompt_tokens_details.cached_tokens, e.g.: %s",
			owner, tenant+1, under, p.repro(tenant, r))})
}

// judgeAdapterTiming compares each cross-adapter series with its fresh twin, as the side-channel
// check does, and says whether the control had a signal.
func (p *prober) judgeAdapterTiming(s *adapterSamples, n int, a1, a2 string) {
	t := p.rep.Timings.Samples
	t["adapter: own adapter's prefix"] = s.own
	for _, c := range []struct {
		tenant       int
		what         string
		cross, fresh []float64
	}{
		{0, "tenant 1 on the base model", s.sameTenant, s.sameFresh},
		{1, fmt.Sprintf("tenant 2 under %q", a2), s.otherTenant, s.otherFresh},
	} {
		t["adapter: "+c.what+", adapter "+a1+"'s prefix"] = c.cross
		t["adapter: "+c.what+", fresh prefix"] = c.fresh
		if len(c.cross) < 5 || len(c.fresh) < 5 {
			p.incomplete(CheckAdapter, fmt.Sprintf("too few timed trials of %s to judge (%d, %d)", c.what, len(c.cross), len(c.fresh)))
			continue
		}
		pv, cm, fm := mannWhitneyLess(c.cross, c.fresh), median(c.cross), median(c.fresh)
		if pv < sideP && cm < sideRatio*fm {
			p.find(fmt.Sprintf("adapter_timing:%d", c.tenant), Finding{Check: CheckAdapter, Verdict: VerdictSideChannel, Tenant: c.tenant + 1,
				Summary: fmt.Sprintf("%s got its first token faster on a prefix sent only under adapter %q: median %.1f ms vs %.1f ms for fresh prefixes", c.what, a1, cm, fm),
				Detail: fmt.Sprintf("%d trials of a %d-token prefix; one-sided Mann-Whitney p = %.2g (finding when p < %g and the median is below %.0f%% of the fresh one)",
					len(c.cross), n, pv, sideP, sideRatio*100),
				Reproduce: fmt.Sprintf("send a long prompt as tenant 1 with \"model\": %q, then time the same prompt (plus one token) as %s against a fresh prompt of the same length", a1, c.what)})
		}
	}
	if len(s.own) > 0 && len(s.sameFresh) > 0 {
		p.note("adapter check: tenant 1's own adapter's prefix answered in %.1f ms (median; %d of %d answers reported cached tokens), a fresh prefix on the base model in %.1f ms: %s",
			median(s.own), s.ownCached, len(s.own), median(s.sameFresh), signalWord(s.ownCached > 0 || mannWhitneyLess(s.own, s.sameFresh) < sideP))
	}
}

// signalWord says whether the adapter check's control saw the owner's own cache.
func signalWord(seen bool) string {
	if seen {
		return "the owner's cache shows, so a cache shared across adapters would have"
	}
	return "no measurable prefix-cache effect even for its owner: the check had no signal to look for"
}
