package probe

import (
	"cmp"
	"context"
	"errors"
	"fmt"
)

// sideChannel times, as tenant 2, prompts whose prefix only tenant 1 sent against fresh ones.
func (p *prober) sideChannel(ctx context.Context) {
	n := sideLen(p.scale())
	var cross, fresh, own []float64
	for range p.cfg.Trials {
		prefix := p.lengthPrompt(p.rng, n)
		seed := request{Prompt: extend(p.rng, prefix, 1), MaxTokens: 1}
		if a, err := p.send(ctx, CheckSideChannel, 0, seed, 0); err != nil || !a.ok() {
			if errors.Is(err, errBudget) || ctx.Err() != nil {
				p.incomplete(CheckSideChannel, "trials left unsent: "+failure(nil, cmp.Or(err, ctx.Err())))
				break
			}
			continue
		}
		freshPrompt := p.lengthPrompt(p.rng, n)
		ops := []struct {
			tenant int
			prompt any
			into   *[]float64
		}{{1, extend(p.rng, prefix, 1), &cross}, {1, extend(p.rng, freshPrompt, 1), &fresh}, {0, extend(p.rng, prefix, 1), &own}}
		for _, i := range p.rng.Perm(len(ops)) {
			o := ops[i]
			a, err := p.send(ctx, CheckSideChannel, o.tenant, p.timed(o.prompt), 0)
			if err == nil && a.ok() && a.TTFT > 0 {
				*o.into = append(*o.into, ms(a.TTFT))
			}
		}
	}
	p.rep.Timings.Samples["side channel: other tenant's prefix"] = cross
	p.rep.Timings.Samples["side channel: fresh prefix"] = fresh
	p.rep.Timings.Samples["side channel: own prefix"] = own
	if len(cross) < 5 || len(fresh) < 5 {
		p.incomplete(CheckSideChannel, fmt.Sprintf("too few timed trials to judge (%d, %d)", len(cross), len(fresh)))
		return
	}
	t := &p.rep.Timings
	t.CrossPrefixMs, t.FreshPrefixMs, t.OwnPrefixMs = median(cross), median(fresh), median(own)
	t.SideChannelP = mannWhitneyLess(cross, fresh)
	if t.SideChannelP < sideP && t.CrossPrefixMs < sideRatio*t.FreshPrefixMs {
		r := p.timed(extend(p.rng, p.lengthPrompt(p.rng, n), 1))
		p.find("side_channel", Finding{Check: CheckSideChannel, Tenant: 2,
			Summary: fmt.Sprintf("tenant 2's first token came faster on a prefix only tenant 1 had sent: median %.1f ms vs %.1f ms for fresh prefixes", t.CrossPrefixMs, t.FreshPrefixMs),
			Detail: fmt.Sprintf("%d trials of a %d-token prefix; one-sided Mann-Whitney p = %.2g (finding when p < %g and the median is below %.0f%% of the fresh one)",
				len(cross), n, t.SideChannelP, sideP, sideRatio*100),
			Reproduce: "send a long prompt as tenant 1, then time the same prompt (plus one token) as tenant 2 against a fresh prompt of the same length, e.g.: " + p.repro(1, &r)})
	}
	if pOwn := mannWhitneyLess(own, fresh); pOwn < sideP {
		p.note("the prefix cache speeds up its owner (median %.1f ms vs %.1f ms fresh), so the side-channel check could see a shared one", t.OwnPrefixMs, t.FreshPrefixMs)
	} else {
		p.note("no measurable prefix-cache speed-up even for the prefix's owner (%.1f ms vs %.1f ms fresh): the side-channel check had no signal to look for", t.OwnPrefixMs, t.FreshPrefixMs)
	}
}
