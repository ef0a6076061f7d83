package engine

import (
	"context"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/core"
	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/sampler"
)

// TestShadowMixedLoad's size and model: CI runs the defaults (16 waves of 12 requests, each wave's
// mix drawn anew); a soak run passes -shadow.requests=2700 (2,000 verified when disaggregated,
// which skips unseeded sampling).
var (
	shadowRequests = flag.Int("shadow.requests", 192, "requests of TestShadowMixedLoad per deployment (single, disaggregated)")
	shadowModel    = flag.String("shadow.model", demoModel, "model of TestShadowMixedLoad: the demo model, dummy:SPEC or a shared model file")
)

// shadowOn is a configuration mutator verifying every answer.
func shadowOn(c *Config) { c.Shadow = ShadowConfig{Fraction: 1, Queue: 64} }

// waitShadow waits until e has no sample queued or running.
func waitShadow(t *testing.T, e *Engine) ShadowStats {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		st := e.Stats().Shadow
		if st.Pending == 0 {
			return st
		}
		if time.Now().After(deadline) {
			t.Fatalf("shadow verification still has %d samples pending: %+v", st.Pending, st)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// mixedRequest is request i of a mixed load: greedy, seeded and unseeded sampling, with and
// without logprobs, penalties, logit bias and stop tokens, several tenants sharing prefixes
// (prefix-cache hits), prompts of one to several pages, and some clients that hang up early.
func mixedRequest(rng *rand.Rand, vocab int) (r Request, hangUpAfter int) {
	tenant := rng.IntN(4)
	r.Tenant = fmt.Sprintf("tenant-%d", tenant)
	prefix := rng.IntN(3) // each tenant has three shared prefixes of two pages
	n := 2*core.DefaultPageTokens + 1 + rng.IntN(40)
	if rng.IntN(4) == 0 {
		n = 1 + rng.IntN(12) // short, no shared prefix
	}
	r.Prompt = make([]int32, n)
	for i := range r.Prompt {
		if n > 2*core.DefaultPageTokens && i < 2*core.DefaultPageTokens {
			r.Prompt[i] = int32(3 + (tenant*977+prefix*131+i*17)%(vocab-3))
		} else {
			r.Prompt[i] = int32(3 + rng.IntN(vocab-3))
		}
	}
	r.MaxTokens = 1 + rng.IntN(12)
	r.Sampling.TopLogprobs = rng.IntN(4) - 1
	switch rng.IntN(4) {
	case 0: // greedy
	case 1:
		r.Sampling.Temperature, r.Sampling.TopP, r.Sampling.Seed, r.HasSeed = 0.8, 0.9, rng.Uint64(), true
	case 2:
		r.Sampling.Temperature, r.Sampling.TopK, r.Sampling.RepetitionPenalty = 1.1, 20, 1.2 // unseeded: the engine's seed
	case 3:
		r.Sampling.FrequencyPenalty, r.LogitBias = 0.5, map[int32]float32{int32(3 + rng.IntN(vocab-3)): 5}
	}
	if rng.IntN(5) == 0 {
		r.StopTokens = []int32{int32(3 + rng.IntN(vocab-3))}
	}
	r.IgnoreEOS = rng.IntN(2) == 0
	r.PromptLogprobs = rng.IntN(10) == 0
	if rng.IntN(8) == 0 {
		hangUpAfter = 1 + rng.IntN(3)
	}
	return r, hangUpAfter
}

// consume reads a stream to its end, closing it after hangUpAfter tokens when that is not 0.
func consume(st Stream, hangUpAfter int) {
	got := 0
	for ev := range st.Events() {
		if got += len(ev.Tokens); hangUpAfter > 0 && got >= hangUpAfter {
			st.Close()
		}
	}
}

// TestShadowMixedLoad: with every answer verified, a mixed load from several tenants, single
// process and disaggregated, has no mismatch, and every answered sample is verified. The load
// comes in waves, so the references run between them and none is dropped.
func TestShadowMixedLoad(t *testing.T) {
	n := *shadowRequests
	if testing.Short() {
		n = min(n, 48)
	}
	const wave = 12
	type deployment struct {
		name   string
		submit func(ctx context.Context, r Request) (Stream, error)
		check  *Engine
	}
	one := newEngine(t, *shadowModel, shadowOn)
	split := newSplit(t, *shadowModel, nil, shadowOn)
	for _, d := range []deployment{
		{"single", one.Submit, one},
		{"disaggregated", split.submitSplit, split.dec},
	} {
		t.Run(d.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, 11))
			vocab := d.check.Info().VocabSize
			before := d.check.Stats().Shadow
			for sent := 0; sent < n; sent += wave {
				var wg sync.WaitGroup
				for range min(wave, n-sent) {
					r, hang := mixedRequest(rng, vocab)
					st, err := d.submit(context.Background(), r)
					if err != nil {
						t.Fatal(err)
					}
					wg.Add(1)
					go func() { defer wg.Done(); consume(st, hang) }()
				}
				wg.Wait()
				waitShadow(t, d.check)
			}
			st := d.check.Stats().Shadow
			verified := st.Verified - before.Verified
			skipped := st.Skipped[ShadowSkipAborted] - before.Skipped[ShadowSkipAborted] + st.Skipped[ShadowSkipUnseeded] - before.Skipped[ShadowSkipUnseeded]
			t.Logf("%s: %d requests, %d verified, skipped %v, dropped %v, mismatches %d", d.name, n, verified, st.Skipped, st.Dropped, st.Mismatches)
			if st.Mismatches != 0 {
				t.Fatalf("%d mismatches: %+v", st.Mismatches, d.check.ShadowMismatches())
			}
			// A wave's first answers may end while the rest are still arriving: their references
			// can be preempted, but they run again, so every answer is verified or skipped.
			if verified+skipped != uint64(n) || sumDropped(st.Dropped) != 0 {
				t.Fatalf("%d verified + %d skipped of %d requests (dropped %v)", verified, skipped, n, st.Dropped)
			}
			if verified < uint64(n)*2/3 {
				t.Fatalf("only %d of %d requests verified", verified, n)
			}
		})
	}
	if hits := one.Stats().CacheHitTokens; hits == 0 {
		t.Fatal("no prefix-cache hit in the single process's load")
	}
	if err := one.Check(); err != nil {
		t.Fatal(err)
	}
	split.checkWhole(t)
}

func sumDropped(m map[string]uint64) (n uint64) {
	for _, v := range m {
		n += v
	}
	return n
}

// submitSplit runs r through the split as a router would and returns the client's stream: the
// decode node's, read to the end here; the prefill node's stream is drained alongside.
func (s *split) submitSplit(ctx context.Context, r Request) (Stream, error) {
	rv, ds, err := s.dec.ReserveDecode(ctx, r)
	if err != nil {
		return nil, err
	}
	ps, err := s.pre.SubmitPrefill(ctx, r, Destination{Peer: "decode", Reserved: rv})
	if err != nil {
		ds.Close()
		drain(ds)
		return nil, err
	}
	go drain(ps)
	return ds, nil
}

// TestShadowCatchesCorruptedAnswers: an answer changed on its way to the client (a token id, a
// logprob by one unit in the last place, an alternative) is a mismatch, kept with both traces
// and the pages the answer read.
func TestShadowCatchesCorruptedAnswers(t *testing.T) {
	for _, tc := range []struct {
		name     string
		logprobs int
		tamper   func(t *Token)
		reason   string
	}{
		{"token id", -1, func(t *Token) { t.ID ^= 1 }, "token"},
		{"logprob by one ulp", 0, func(t *Token) { t.Logprob = math.Float32frombits(math.Float32bits(t.Logprob) + 1) }, "logprob"},
		{"an alternative", 2, func(t *Token) { t.Top = append([]TokenLogprob(nil), t.Top...); t.Top[1].ID ^= 1 }, "top_logprobs"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEngine(t, demoModel, shadowOn)
			var honest kvtypes.RequestID // the first request's; the second's answer gets one token changed
			tampered := false
			e.tamper = func(id kvtypes.RequestID, tk *Token) { // on the loop goroutine
				if honest == 0 {
					honest = id
				}
				if id != honest && !tampered {
					tc.tamper(tk)
					tampered = true
				}
			}
			prompt := make([]int32, 40)
			for i := range prompt {
				prompt[i] = int32(5 + i)
			}
			r := Request{Spec: Spec{Tenant: "acme", Prompt: prompt, MaxTokens: 6, IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: tc.logprobs}}}
			consume(mustSubmit(t, e, r), 0) // an honest answer first: verified
			waitShadow(t, e)
			consume(mustSubmit(t, e, r), 0)
			st := waitShadow(t, e)
			if st.Verified != 1 || st.Mismatches != 1 {
				t.Fatalf("verified %d, mismatches %d: want 1 and 1", st.Verified, st.Mismatches)
			}
			ms := e.ShadowMismatches()
			if len(ms) != 1 {
				t.Fatalf("kept %d mismatches", len(ms))
			}
			m := ms[0]
			if m.Reason != tc.reason || m.Tenant != "acme" || len(m.Live.Tokens) != 6 || len(m.Reference.Tokens) != 6 {
				t.Fatalf("mismatch %+v: want reason %q, 6 tokens each", m, tc.reason)
			}
			if len(m.Live.Pages) != 3 || len(m.Reference.Pages) != 3 {
				t.Fatalf("pages read: live %+v, reference %+v; want 3 pages each", m.Live.Pages, m.Reference.Pages)
			}
			for _, p := range append(m.Live.Pages, m.Reference.Pages...) {
				if !p.Own || !p.Written || p.Gen != p.HdrGen || p.Owner == "" || p.Unfilled != 0 {
					t.Fatalf("page %+v: want the reader's own written page", p)
				}
			}
		})
	}
}

// TestShadowYieldsToLiveWork: a reference started on idle capacity never shares a batch with a
// live request. Live requests arriving while references run abort them; the references run again
// later (one preempted maxShadowPreempts times then runs with the live work), and none is dropped.
func TestShadowYieldsToLiveWork(t *testing.T) {
	e := newEngine(t, demoModel, func(c *Config) {
		shadowOn(c)
		c.StepTokens, c.Shadow.Idle, c.Shadow.Every = 16, time.Nanosecond, 1<<30
	})
	var mixed, refSteps atomic.Int64
	e.beforeStep = func([]core.Seq, *kv.Pool) {
		var idleRef, live bool
		for _, s := range e.batchStreams { // the step's own, left alone by the loop until it is done
			switch {
			case s == nil || s.ref == nil:
				live = true
			case !s.ref.withLive:
				idleRef = true
			}
		}
		if idleRef && live {
			mixed.Add(1)
		}
		if idleRef {
			refSteps.Add(1)
		}
	}
	prompt := make([]int32, 120) // references of several steps each (16 tokens a step)
	for i := range prompt {
		prompt[i] = int32(3 + i)
	}
	long := Request{Spec: Spec{Tenant: "acme", Prompt: prompt, MaxTokens: 20, IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: -1}}}
	short := Request{Spec: Spec{Tenant: "beta", Prompt: prompt[:3], MaxTokens: 1, Sampling: sampler.Params{TopLogprobs: -1}}}
	answers := 0
	for range 4 {
		consume(mustSubmit(t, e, long), 0)
		answers++
	}
	// Short live requests keep arriving while the references run.
	deadline := time.Now().Add(time.Minute)
	for e.Stats().Shadow.Pending > 0 && time.Now().Before(deadline) {
		consume(mustSubmit(t, e, short), 0)
		answers++
		time.Sleep(time.Millisecond)
	}
	st := waitShadow(t, e)
	m, rs := mixed.Load(), refSteps.Load()
	t.Logf("reference steps %d, shadow %+v", rs, st)
	if m != 0 {
		t.Fatalf("%d steps batched a reference started on idle capacity with live work", m)
	}
	if st.Mismatches != 0 || rs == 0 || st.Verified != uint64(answers) || sumDropped(st.Dropped) != 0 {
		t.Fatalf("mismatches %d, reference steps %d, %d of %d answers verified, dropped %v", st.Mismatches, rs, st.Verified, answers, st.Dropped)
	}
	// Live work arrived every millisecond while references ran, so some reference was aborted for
	// it and queued again.
	if st.Preempted == 0 {
		t.Fatalf("no reference was preempted: %+v", st)
	}
}

// allowAll is a constraint that allows every token: its state is the request's, so such a
// request is not re-run.
type allowAll []int32

func (a allowAll) Allowed() []int32 { return a }
func (allowAll) Advance(int32)      {}

// TestShadowQueueBounds: samples wait while live work runs, the queue drops what does not fit,
// a removed tenant's samples are dropped, a constrained request is skipped, and the rest are
// verified once the engine is idle.
func TestShadowQueueBounds(t *testing.T) {
	e := newEngine(t, demoModel, func(c *Config) { c.Shadow = ShadowConfig{Fraction: 1, Queue: 3, Every: 1 << 30} })
	prompt := []int32{5, 6, 7, 8, 9, 10, 11}
	// A live request that keeps the engine busy until it is closed.
	busy := mustSubmit(t, e, Request{Spec: Spec{Tenant: "busy", Prompt: prompt, MaxTokens: 2000, IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: -1}}})
	<-busy.Events()
	for i, tenant := range []string{"gone", "gone", "kept", "late", "late"} {
		consume(mustSubmit(t, e, Request{Spec: Spec{Tenant: tenant, Prompt: prompt[:2+i], MaxTokens: 3, Sampling: sampler.Params{TopLogprobs: -1}}}), 0)
	}
	// The third sample filled the queue: "late" took the place of the newest of "gone", who
	// held the most, and then, holding as many as anyone, lost its own second one.
	st := e.Stats().Shadow
	if st.Pending != 3 || st.Dropped[ShadowDropQueueFull] != 2 ||
		st.Tenants["gone"].Dropped[ShadowDropQueueFull] != 1 || st.Tenants["late"].Dropped[ShadowDropQueueFull] != 1 {
		t.Fatalf("shadow %+v: want 3 queued and 2 dropped (queue_full), one of gone's and one of late's", st)
	}
	all := make(allowAll, e.Info().VocabSize)
	for i := range all {
		all[i] = int32(i)
	}
	consume(mustSubmit(t, e, Request{Spec: Spec{Tenant: "kept", Prompt: prompt, MaxTokens: 3, Sampling: sampler.Params{TopLogprobs: -1}}, Constraint: all}), 0)
	if st := e.Stats().Shadow; st.Skipped[ShadowSkipConstrained] != 1 {
		t.Fatalf("shadow %+v: want the constrained request skipped", st)
	}
	e.DropTenant("gone")
	if st := e.Stats().Shadow; st.Pending != 2 || st.Dropped[ShadowDropTenantRemoved] != 1 {
		t.Fatalf("shadow %+v: want 2 queued and 1 dropped (tenant_removed)", st)
	}
	busy.Close()
	consume(busy, 0) // the busy request, cut short by its client, is a sample too
	st = waitShadow(t, e)
	if st.Verified != 3 || st.Mismatches != 0 || st.Tenants["late"].Verified != 1 || st.Tenants["busy"].Verified != 1 {
		t.Fatalf("shadow %+v: want 3 verified", st)
	}
}

// TestShadowWaitsForIdle: a client sending its next request as soon as its answer ends leaves
// the engine idle for microseconds, which is not idle capacity: no reference starts in such gaps,
// and all of them run once the engine has been idle for the configured time.
func TestShadowWaitsForIdle(t *testing.T) {
	e := newEngine(t, demoModel, func(c *Config) { shadowOn(c); c.Shadow.Idle, c.Shadow.Every = 150*time.Millisecond, 1<<30 })
	var refSteps atomic.Int64
	e.beforeStep = func([]core.Seq, *kv.Pool) {
		for _, s := range e.batchStreams { // the step's own, left alone by the loop until it is done
			if s != nil && s.ref != nil {
				refSteps.Add(1)
				return
			}
		}
	}
	r := Request{Spec: Spec{Tenant: "acme", Prompt: []int32{5, 6, 7, 8}, MaxTokens: 2, IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: -1}}}
	const n = 30
	for range n {
		consume(mustSubmit(t, e, r), 0)
	}
	if got := refSteps.Load(); got != 0 {
		t.Fatalf("%d reference steps ran between back-to-back requests", got)
	}
	if st := waitShadow(t, e); st.Verified != n || refSteps.Load() == 0 {
		t.Fatalf("shadow %+v after the load, %d reference steps: want %d verified", st, refSteps.Load(), n)
	}
}
