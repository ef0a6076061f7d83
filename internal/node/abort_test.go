package node

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/sampler"
)

// soakAborts is how many client cancellations TestRouterAbortsUnderLoad fires: 500 by default
// (a few seconds on two shared cores; each of the six cut points about 80 times),
// KVWARDEN_SOAK_ABORTS=N for a soak.
func soakAborts(t *testing.T) int {
	s := os.Getenv("KVWARDEN_SOAK_ABORTS")
	if s == "" {
		return 500
	}
	n, err := strconv.Atoi(s)
	if err != nil || n <= 0 {
		t.Fatalf("KVWARDEN_SOAK_ABORTS=%q: want a positive count", s)
	}
	return n
}

// cutPoint is where an aborted request's client goes away.
type cutPoint int

const (
	cutBeforeSubmit cutPoint = iota // the client is gone before the router reserves anything
	cutSoon                         // within 3 ms: reservation, prefill, the page transfer
	cutLater                        // within 12 ms: anywhere, decoding included
	cutFirstToken                   // as the first token arrives
	cutMidDecode                    // after a random number of tokens
	cutClose                        // the consumer closes the stream (no ctx) at a random moment
	numCuts
)

// outcome buckets where a cut actually landed, as the client saw it.
type outcome int

const (
	refused   outcome = iota // Submit failed: nothing was admitted on both nodes
	noToken                  // admitted, ended before any token
	someToken                // ended after the first token, before the last
	completed                // the cut came too late
	numOutcomes
)

var outcomeNames = [numOutcomes]string{"refused at submit", "ended before a token", "ended mid-stream", "completed anyway"}

// TestRouterAbortsUnderLoad: 500 clients of the router go away at random moments — before the
// reservation, during the prefill or the page transfer, at the first token, while decoding —
// while two other tenants' requests run alongside. Afterwards every node's pool is whole (every
// page free or cached, none owned or quarantined), each node's core passes its full invariant
// checker (which catches a page returned twice: core TestCheckCatchesDoubleReturn), no node
// counts a security event or a transfer failure for what were only client cancels, and every
// answer of the other tenants is bit for bit its answer alone.
func TestRouterAbortsUnderLoad(t *testing.T) {
	aborts := soakAborts(t)
	fx := load(t)
	pre := []*runningNode{fx.node(t, RolePrefill, nil), fx.node(t, RolePrefill, nil)}
	dec := []*runningNode{fx.node(t, RoleDecode, nil), fx.node(t, RoleDecode, nil)}
	// Probes as in production.
	r := fx.routerProbing(t, pre, dec, 500*time.Millisecond)
	vocab := r.Info().VocabSize

	// The other tenants' requests and their answers alone, on one engine.
	normal := []engine.Request{
		{Spec: engine.Spec{Tenant: "steady-a", Prompt: prompt(5, vocab), MaxTokens: 8, Sampling: sampler.Params{TopLogprobs: 3}}},
		{Spec: engine.Spec{Tenant: "steady-a", Prompt: prompt(70, vocab), MaxTokens: 12, Sampling: sampler.Params{TopLogprobs: -1}}},
		{Spec: engine.Spec{Tenant: "steady-b", Prompt: prompt(150, vocab), MaxTokens: 6, Sampling: sampler.Params{TopLogprobs: 0}}},
		{Spec: engine.Spec{Tenant: "steady-b", Prompt: prompt(33, vocab), MaxTokens: 10, HasSeed: true, Sampling: sampler.Params{Temperature: 0.9, Seed: 11, TopLogprobs: 2}}},
	}
	one := fx.engine(t, nil)
	want := make([]result, len(normal))
	for i := range normal {
		normal[i].IgnoreEOS = true
		st, err := one.Submit(context.Background(), normal[i])
		if err != nil {
			t.Fatal(err)
		}
		if want[i] = drain(st); want[i].err != nil {
			t.Fatal(want[i].err)
		}
	}
	one.Close()

	stop := make(chan struct{})
	var steadyWG sync.WaitGroup
	var steadyRuns atomic.Int64
	steadyErr := make(chan error, 2)
	for w := range 2 {
		steadyWG.Add(1)
		go func() {
			defer steadyWG.Done()
			for i := w; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				k := i % len(normal)
				st, err := r.Submit(context.Background(), normal[k])
				if err != nil {
					steadyErr <- fmt.Errorf("steady request %d refused: %w", k, err)
					return
				}
				got := drain(st)
				if got.err != nil || got.finish != want[k].finish || !slices.EqualFunc(got.toks, want[k].toks, sameToken) {
					steadyErr <- fmt.Errorf("steady request %d under the aborts: %v %q %v\nalone: %q %v", k, got.err, got.finish, got.toks, want[k].finish, want[k].toks)
					return
				}
				steadyRuns.Add(1)
			}
		}()
	}

	// The aborting clients: four tenants, prompts drawn from a shared base so the prefill nodes'
	// prefix caches are hit and missed, one to twenty pages.
	base := make([]int32, 320)
	for i := range base {
		base[i] = int32(3 + (i*37+5)%(vocab-3))
	}
	var counts [numCuts][numOutcomes]atomic.Int64
	start := time.Now()
	const workers = 8
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 42))
			for i := w; i < aborts; i += workers {
				cut := cutPoint(rng.IntN(int(numCuts)))
				q := engine.Request{Spec: engine.Spec{Tenant: fmt.Sprintf("aborter-%d", rng.IntN(4)), MaxTokens: 1 + rng.IntN(64), IgnoreEOS: true,
					Sampling: sampler.Params{TopLogprobs: rng.IntN(3) - 1}}}
				q.Prompt = slices.Clone(base[:1+rng.IntN(len(base))])
				if rng.IntN(2) == 0 { // a private tail: a cache miss from there on
					q.Prompt[len(q.Prompt)-1] = int32(3 + rng.IntN(vocab-3))
				}
				out, err := abortOne(r, q, cut, rng)
				if err != nil {
					errs <- fmt.Errorf("abort %d (cut %d): %w", i, cut, err)
					return
				}
				counts[cut][out].Add(1)
			}
		}()
	}
	wg.Wait()
	t.Logf("aborts took %v", time.Since(start))
	close(stop)
	steadyWG.Wait()
	close(errs)
	close(steadyErr)
	for err := range errs {
		t.Fatal(err)
	}
	for err := range steadyErr {
		t.Fatal(err)
	}
	if steadyRuns.Load() == 0 {
		t.Fatal("no steady request ran alongside the aborts")
	}
	var landed [numOutcomes]int64
	for c := range counts {
		for o := range counts[c] {
			landed[o] += counts[c][o].Load()
		}
	}
	t.Logf("%d aborts alongside %d steady requests; cuts landed: %s %d, %s %d, %s %d, %s %d", aborts, steadyRuns.Load(),
		outcomeNames[0], landed[0], outcomeNames[1], landed[1], outcomeNames[2], landed[2], outcomeNames[3], landed[3])
	if aborts >= 200 && (landed[noToken] == 0 || landed[someToken] == 0) {
		t.Fatalf("the cuts did not reach both sides of the first token: %v", landed)
	}

	settle := time.Now()
	for _, n := range append(pre, dec...) {
		checkWholeNode(t, n)
	}
	t.Logf("nodes settled in %v", time.Since(settle))
}

// abortOne runs one request through the router and goes away at cut. It reports where the cut
// landed; an error is a hang or a second terminal event.
func abortOne(r *Router, q engine.Request, cut cutPoint, rng *rand.Rand) (outcome, error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if cut == cutBeforeSubmit {
		cancel()
	}
	st, err := r.Submit(ctx, q)
	if err != nil {
		var rej *engine.RejectError
		if !errors.As(err, &rej) {
			return 0, fmt.Errorf("refused with %T %v", err, err)
		}
		return refused, nil
	}
	after := 1 + rng.IntN(q.MaxTokens)
	switch cut {
	case cutSoon:
		time.AfterFunc(time.Duration(rng.IntN(3000))*time.Microsecond, cancel)
	case cutLater:
		time.AfterFunc(time.Duration(rng.IntN(12000))*time.Microsecond, cancel)
	case cutClose:
		time.AfterFunc(time.Duration(rng.IntN(12000))*time.Microsecond, st.Close)
	case cutFirstToken:
		after = 1
	}
	seen, terminals := 0, 0
	timeout := time.After(20 * time.Second)
	for {
		select {
		case ev, ok := <-st.Events():
			if !ok {
				switch {
				case terminals > 1:
					return 0, fmt.Errorf("%d terminal events", terminals)
				case seen == 0:
					return noToken, nil
				case seen < q.MaxTokens:
					return someToken, nil
				}
				return completed, nil
			}
			seen += len(ev.Tokens)
			if ev.Done {
				terminals++
			}
			if (cut == cutFirstToken || cut == cutMidDecode) && seen >= after {
				cancel()
			}
		case <-timeout:
			return 0, errors.New("the stream did not end 20 s after its client went away")
		}
	}
}

// checkWholeNode waits for a node to settle, then checks that its pool is whole, its core's
// invariants hold, and it counted no attack.
func checkWholeNode(t *testing.T, n *runningNode) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		st := n.e.Stats()
		if st.PagesOwned == 0 && st.PagesQuarantined == 0 && st.Running == 0 && st.Waiting == 0 && st.Transferring == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("node %s: pool not whole: %d owned, %d quarantined, %d running, %d waiting, %d transferring",
				n.addr, st.PagesOwned, st.PagesQuarantined, st.Running, st.Waiting, st.Transferring)
		}
		time.Sleep(5 * time.Millisecond)
	}
	st := n.e.Stats()
	if st.PagesFree+st.PagesCached != st.PagesTotal {
		t.Fatalf("node %s: %d free + %d cached != %d pages", n.addr, st.PagesFree, st.PagesCached, st.PagesTotal)
	}
	if err := n.e.Check(); err != nil {
		t.Fatalf("node %s: core invariant: %v", n.addr, err)
	}
	if st.SecurityEvents != 0 || st.InternalErrors != 0 {
		t.Fatalf("node %s: client cancels counted %d security events, %d internal errors", n.addr, st.SecurityEvents, st.InternalErrors)
	}
	if len(st.TransferFailures) != 0 {
		t.Fatalf("node %s: client cancels counted as transfer failures: %v", n.addr, st.TransferFailures)
	}
}
