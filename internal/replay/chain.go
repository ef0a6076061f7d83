//go:build incidentreplay

package replay

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"sort"
	"sync"
	"time"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/probe"
)

// runChain sends the victims' prompts, each with a canary, at once so that they fill the pool,
// then the attacker's oversized prompt into the freed pages; it records the timeline and every
// canary found in an answer it should not be in.
func runChain(ctx context.Context, cfg Config, base string, keys map[string]string, vocab int, res *Result) {
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x5eed))
	matcher := probe.NewCanaryMatcher()
	start := time.Now()
	sendVictims(ctx, base, keys, rng, matcher, start, res)
	n := attackerLen
	if cfg.Mode == Disaggregated {
		n = attackerLenDisagg
	}
	e := complete(ctx, base, keys[Attacker], randomPrompt(rng, n, vocab), attackerMax, start)
	e.Tenant, e.Role, e.PromptLen = Attacker, "attacker", n
	res.Timeline = append(res.Timeline, e)
	findCanaries(matcher, res)
}

// The late-write chain: the attacker's prompt and how long it may generate (it hangs up long
// before), and the victim's prompt that follows it into its freed pages.
const (
	lateAttackerLen = 40
	lateAttackerMax = 120
	lateVictimLen   = 24
)

// runLateWrite runs the late-write chain: the victims fill the pool as in the incident's, and one
// answers a fresh prompt on clean pages (the reference); then the attacker streams a completion
// and hangs up after its first token, so that its request is aborted mid-generation with a write
// in flight (faults.LateWrite); once the engine has counted the abort, another victim sends the
// reference's prompt and is given the attacker's freed pages. Greedy answers are bit-identical
// whoever asks (invariant 12), so the two answers must be equal.
func runLateWrite(ctx context.Context, cfg Config, base string, keys map[string]string, vocab int, d *deployment, res *Result) {
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x5eed))
	matcher := probe.NewCanaryMatcher()
	start := time.Now()
	sendVictims(ctx, base, keys, rng, matcher, start, res)
	prompt := randomPrompt(rng, lateVictimLen, vocab)
	ref := complete(ctx, base, keys[Victims[1]], prompt, victimMax, start)
	ref.Tenant, ref.Role, ref.PromptLen = Victims[1], "reference", lateVictimLen
	e := attackerHangsUp(ctx, base, keys[Attacker], randomPrompt(rng, lateAttackerLen, vocab), d, start)
	v := complete(ctx, base, keys[Victims[0]], prompt, victimMax, start)
	v.Tenant, v.Role, v.PromptLen = Victims[0], "victim", lateVictimLen
	res.Timeline = append(res.Timeline, ref, e, v)
	res.AnswerChanged = v.Status == http.StatusOK && v.Text != ref.Text
	findCanaries(matcher, res)
}

// attackerHangsUp sends the attacker's streaming request until the engines count one cancelled:
// on a busy machine the request may finish before the server sees the hang-up.
func attackerHangsUp(ctx context.Context, base, key string, prompt []int, d *deployment, start time.Time) Entry {
	const tries = 5
	for try := 1; ; try++ {
		before := d.cancelled()
		e := hangUp(ctx, base, key, prompt, lateAttackerMax, start)
		e.Tenant, e.Role, e.PromptLen = Attacker, "attacker", len(prompt)
		d.waitIdle(ctx)
		if d.cancelled() > before {
			return e
		}
		if try == tries || ctx.Err() != nil {
			e.Error = fmt.Sprintf("%s, %d times, but its request always ended before the server saw it", e.Error, try)
			return e
		}
	}
}

// sendVictims sends the victims' prompts, each with a canary the matcher learns, at once.
func sendVictims(ctx context.Context, base string, keys map[string]string, rng *rand.Rand, matcher *probe.CanaryMatcher, start time.Time, res *Result) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i, name := range Victims {
		canary := probe.NewCanary(rng)
		matcher.Add(canary, i)
		prompt := fmt.Sprintf("Account %d for %s. Secret token: %s. Keep it private.", i+1, name, canary)
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := complete(ctx, base, keys[name], prompt, victimMax, start)
			e.Tenant, e.Role = name, "victim"
			mu.Lock()
			res.Timeline = append(res.Timeline, e)
			mu.Unlock()
		}()
	}
	wg.Wait()
}

func randomPrompt(rng *rand.Rand, n, vocab int) []int {
	ids := make([]int, n)
	for i := range ids {
		ids[i] = 1 + rng.IntN(vocab-1)
	}
	return ids
}

// findCanaries sorts the timeline and runs every answer through the probe's canary matcher.
func findCanaries(matcher *probe.CanaryMatcher, res *Result) {
	sort.Slice(res.Timeline, func(i, j int) bool { return res.Timeline[i].At < res.Timeline[j].At })
	for _, e := range res.Timeline {
		reader := len(Victims) // the attacker owns no canary
		for i, v := range Victims {
			if v == e.Tenant {
				reader = i
			}
		}
		for _, h := range matcher.Find(e.Text, reader) {
			res.Canaries = append(res.Canaries, CanaryLeak{Reader: e.Tenant, Owner: Victims[h.Owner], Canary: h.Canary, Exact: h.Exact})
		}
	}
}

// collectNodes reads each engine's trace of stale reads and its defence counters after the chain;
// it returns how many stale reads each node had then, so the probe's can be told apart.
func collectNodes(cfg Config, d *deployment, uids map[string]string, res *Result) []int {
	res.Fired = map[kvtypes.Defence]uint64{}
	chain := make([]int, len(d.nodes))
	for i, n := range d.nodes {
		stale := names(n.eng.StaleReads(), uids)
		chain[i] = len(stale)
		res.Stale = append(res.Stale, stale...)
		late := lateNames(n.eng.LateWrites(), uids)
		res.LateWrites = append(res.LateWrites, late...)
		fired := n.eng.Stats().Defences
		for k, v := range fired {
			res.Fired[k] += v
		}
		if cfg.Mode == Disaggregated {
			res.Nodes = append(res.Nodes, Node{Role: n.role, Stale: stale, LateWrites: late, Fired: fired, Metrics: nodeMetrics(n)})
		}
	}
	return chain
}

// names replaces the tenant UIDs of the engine's trace by the replay's tenant names.
func names(stale []engine.StaleRead, uids map[string]string) []engine.StaleRead {
	for i := range stale {
		s := &stale[i]
		s.Tenant = uids[s.Tenant]
		owners := map[string]int{}
		for o, n := range s.Owners {
			if name, ok := uids[o]; ok {
				o = name
			}
			owners[o] += n
		}
		s.Owners = owners
	}
	return stale
}

// lateNames replaces the tenant UIDs of the late writes by the replay's tenant names.
func lateNames(late []engine.LateWrite, uids map[string]string) []engine.LateWrite {
	for i := range late {
		if name, ok := uids[late[i].Tenant]; ok {
			late[i].Tenant = name
		}
		if name, ok := uids[late[i].Victim]; ok {
			late[i].Victim = name
		}
	}
	return late
}

// crossTenant says whether some request read pages another tenant wrote.
func crossTenant(stale []engine.StaleRead) bool {
	for _, s := range stale {
		for o := range s.Owners {
			if o != s.Tenant {
				return true
			}
		}
	}
	return false
}
