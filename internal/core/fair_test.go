package core

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"pgregory.net/rapid"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// Per-step fair share: a tenant holding every slot does not keep a light tenant out of the steps.

func longSpec(tenant string, prompt, maxTokens, weight int) RequestSpec {
	p := make([]int32, prompt)
	for i := range p {
		p[i] = int32(1 + i%30)
	}
	return RequestSpec{Tenant: tenant, Prompt: p, MaxTokens: maxTokens, IgnoreEOS: true, Weight: weight}
}

// TestLightTenantRunsEveryStep: heavy keeps every slot busy with long generations and more
// waiting; light's single request is admitted at once and then decodes in every step, so it ends
// as soon as it would alone.
func TestLightTenantRunsEveryStep(t *testing.T) {
	for _, tc := range []struct {
		name          string
		slots, budget int
		heavyPrompt   int // heavy's requests also prefill long prompts while light runs
		every         int // light runs in every step (1), or every other step when its share is half a slot (2)
	}{
		{"decodes", 8, 64, 4, 1},
		{"prefills", 8, 64, 200, 1},
		{"one slot", 1, 16, 4, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := Config{Pages: 4096, PageTokens: 4, MaxContext: 1024, StepTokens: tc.budget, MaxRunning: tc.slots,
				Vocab: 40, EOS: []int32{0}, Secret: testSecret()}
			n := newNode(t, cfg)
			for range 3 * tc.slots {
				n.submit(t, epoch0, longSpec("heavy", tc.heavyPrompt, 500, 0))
			}
			for range 3 {
				n.step(t)
			}
			const maxTokens = 16
			light := n.submit(t, epoch0, longSpec("light", 4, maxTokens, 0))
			ran := 0
			for steps := 0; n.out[light].end == ""; steps++ {
				for _, s := range n.step(t).Batch {
					if s.Request == light {
						ran++
					}
				}
				if steps > tc.every*maxTokens+1 {
					t.Fatalf("light's request ran in %d of %d steps, %s", ran, steps, n.c.State(light))
				}
				if n.out[light].end == "" && ran < (steps+1)/tc.every {
					t.Fatalf("step %d: light's request ran only %d times", steps, ran)
				}
			}
			if ran != maxTokens || n.out[light].end != string(kvtypes.FinishLength) {
				t.Fatalf("light ran %d times, ended %q", ran, n.out[light].end)
			}
		})
	}
}

// TestWeightedDecodeShares: tenant b fills every slot first; a arrives later with weight w_a. a is
// admitted up to its weighted share of the slots, and under contention the decode slots split in
// the ratio of the weights.
func TestWeightedDecodeShares(t *testing.T) {
	const slots, steps = 6, 120
	for _, tc := range []struct {
		wa, wb int
		want   float64 // a's fraction of the slots
	}{
		{1, 1, 0.5},
		{2, 1, 2.0 / 3},
		{1, 2, 1.0 / 3},
		{3, 1, 0.75},
	} {
		t.Run(fmt.Sprintf("%d:%d", tc.wa, tc.wb), func(t *testing.T) {
			cfg := Config{Pages: 8192, PageTokens: 4, MaxContext: 1024, StepTokens: 64, MaxRunning: slots,
				Vocab: 40, EOS: []int32{0}, Secret: testSecret()}
			n := newNode(t, cfg)
			for range 2 * slots {
				n.submit(t, epoch0, longSpec("b", 2, 900, tc.wb))
			}
			n.step(t)
			for range 2 * slots {
				n.submit(t, epoch0, longSpec("a", 2, 900, tc.wa))
			}
			for range 5 { // a's admissions and prefills
				n.step(t)
			}
			ka, err := TenantKeyOf(cfg.Secret, "a")
			if err != nil {
				t.Fatal(err)
			}
			a, total := 0, 0
			for range steps {
				for _, s := range n.step(t).Batch {
					if s.Tenant == ka {
						a++
					}
					total++
				}
			}
			if total != slots*steps {
				t.Fatalf("%d sequences in %d steps: slots left idle", total, steps)
			}
			if got := float64(a) / float64(total); got < tc.want-0.01 || got > tc.want+0.01 {
				t.Fatalf("a got %d of %d slots (%.3f), want %.3f", a, total, got, tc.want)
			}
		})
	}
}

// TestFairShareProperty: under random load (flooding tenants and one-at-a-time tenants, random
// weights, prompts and generation lengths, a pool that may force preemption), over every window of
// steps each tenant gets at least its fair dominant share of the step — its weighted share of the
// slots or of the tokens, whichever is its bottleneck, or its whole demand if less — minus a bound
// that does not grow with the window; and every request finishes.
func TestFairShareProperty(t *testing.T) {
	checks(t, 100, func(rt *rapid.T) { fairShareRun(rt, rapid.Uint64().Draw(rt, "seed"), 300) })
}

// TestFairShareLongRun is the property's case that found per-pick charging unfair: with two
// slots a step, a weight-3 tenant whose step held a prefill chunk and a decode was billed each
// pick's share (the chunk's tokens plus the decode's slot) instead of its share of the step, so
// against two weight-1 tenants it fell 3.03 steps behind in 300 steps and 10.45 in 1,500. It is
// run over 1,500 steps, where the deficit must stay within the same bound.
func TestFairShareLongRun(t *testing.T) { fairShareRun(t, 0x4ac3952b618bfc, 1500) }

// fairShareRun is one case of TestFairShareProperty: the load the seed draws, run for steps.
func fairShareRun(rt fataler, seed uint64, steps int) {
	{
		rng := rand.New(rand.NewPCG(seed, 4))
		P := []int{1, 2, 4}[rng.IntN(3)]
		B := 4 + rng.IntN(40)
		S := 1 + rng.IntN(min(B, 8))
		roomy := rng.IntN(2) == 0 // else the pool is small enough to force preemptions
		pages := 400 / P
		if roomy {
			pages = 8000 / P
		}
		cfg := Config{Pages: pages, PageTokens: P, MaxContext: min(pages*P, 96), StepTokens: B, MaxRunning: S,
			MaxWaiting: 1 << 12, Vocab: 40, EOS: []int32{0}, Secret: testSecret()}
		n := newNode(rt, cfg)
		type tenantLoad struct {
			name   string
			weight int
			live   int // requests it keeps submitted
			key    kvtypes.TenantKey
		}
		loads := make([]tenantLoad, 2+rng.IntN(3))
		for i := range loads {
			l := &loads[i]
			l.name, l.weight = fmt.Sprint("t", i), 1+rng.IntN(3)
			l.live = 1
			if rng.IntN(2) == 0 {
				l.live = S + rng.IntN(S) // floods
			}
			l.key, _ = TenantKeyOf(cfg.Secret, l.name)
		}
		owner := make(map[kvtypes.RequestID]int)
		open := make([]int, len(loads))
		submit := func(i int) {
			l := loads[i]
			spec := longSpec(l.name, 1+rng.IntN(3*P+B), 1+rng.IntN(30), l.weight)
			spec.Prompt[0] = int32(1 + rng.IntN(30))
			owner[n.submit(rt, epoch0, spec)] = i
			open[i]++
		}
		deficit := make([]float64, len(loads)) // worst deficit over windows ending at this step
		worst := make([]float64, len(loads))
		slotsGot, tokGot := make([]int, len(loads)), make([]int, len(loads))
		for step := range steps {
			for i := range loads {
				for open[i] < loads[i].live {
					submit(i)
				}
			}
			// Demand and the weights competing for this step, as the step starts.
			dSlots, dTok := make([]int, len(loads)), make([]int, len(loads))
			active := make([]bool, len(loads))
			for _, r := range n.c.running {
				if i := owner[r.id]; r.state == Decoding {
					dSlots[i]++
					dTok[i]++
				} else if r.state == Prefilling {
					dSlots[i]++
					dTok[i] += len(r.tokens) - r.computed
				}
			}
			if roomy {
				// With pages to spare, waiting requests are demand too: being kept out of the
				// running set is the unfairness this test is for.
				for i := range loads {
					if t := n.c.tenants[loads[i].name]; t != nil {
						for _, r := range t.queue {
							dSlots[i]++
							dTok[i] += len(r.tokens)
						}
					}
				}
			}
			W := 0
			for i := range loads {
				t := n.c.tenants[loads[i].name]
				active[i] = dSlots[i] > 0 || t != nil && len(t.queue) > 0
				if active[i] {
					W += loads[i].weight
				}
			}
			rd := n.step(rt)
			clear(slotsGot)
			clear(tokGot)
			for _, s := range rd.Batch {
				for i := range loads {
					if loads[i].key == s.Tenant {
						slotsGot[i]++
						tokGot[i] += len(s.Tokens)
					}
				}
			}
			for _, d := range rd.Done {
				open[owner[d.Request]]--
				if d.Finish == "" {
					rt.Fatalf("r%d aborted: %s %s", d.Request, d.Abort, d.Message)
				}
			}
			for i := range loads {
				if !active[i] {
					deficit[i] = 0
					continue
				}
				demand := max(float64(min(dSlots[i], S))/float64(S), float64(min(dTok[i], B))/float64(B))
				share := float64(loads[i].weight) / float64(W)
				got := max(float64(slotsGot[i])/float64(S), float64(tokGot[i])/float64(B))
				deficit[i] = max(0, deficit[i]+min(demand, share)-got)
				if step >= 10 { // past the start, when every tenant joins at once
					worst[i] = max(worst[i], deficit[i])
				}
			}
		}
		// A pick is a whole sequence and a lagging tenant catches up by at most one step's
		// service, so the deficit stays within a few steps' share, whatever the window. The
		// bound is empirical: 2.1 was the worst over 2,000 runs, but with one slot per step
		// (S=1) a lone-request tenant between two requests reaches 2.5 (seed
		// 5904515692966738011); 3 leaves that margin.
		for i, d := range worst {
			if d > 3 {
				rt.Fatalf("tenant %s (weight %d, %d live) fell %.2f steps behind its fair share (S=%d B=%d P=%d)",
					loads[i].name, loads[i].weight, loads[i].live, d, S, B, P)
			}
		}
		for range 100000 {
			if n.idle() {
				break
			}
			n.step(rt)
		}
		for id, o := range n.out {
			if o.end != string(kvtypes.FinishLength) {
				rt.Fatalf("r%d ended %q", id, o.end)
			}
		}
		eventsChecked.Add(int64(steps))
	}
}
