package core

import (
	"flag"
	"slices"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

func mapsKeys[K comparable, V any](m map[K]V) func(func(K) bool) {
	return func(yield func(K) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// drawConfig picks a small pool so pages churn, preemption and eviction happen often.
func (w *world) drawConfig() Config {
	P := pick(w, []int{1, 2, 4, 8})
	pages := w.intn(4, 48)
	step := w.intn(4, 48)
	return Config{
		Pages:       pages,
		PageTokens:  P,
		MaxContext:  pages * P,
		StepTokens:  step,
		MaxRunning:  w.intn(1, min(step, 8)),
		MaxWaiting:  w.intn(2, 16),
		Vocab:       40,
		EOS:         []int32{0},
		Secret:      testSecret(),
		PrefixCache: w.intn(0, 3) > 0,
		Nonce:       w.rng.Uint64(),
		Deadlines: Deadlines{
			Waiting: 400 * time.Millisecond, Admitted: 100 * time.Millisecond, Prefilling: 300 * time.Millisecond,
			Transferring: 200 * time.Millisecond, Decoding: 600 * time.Millisecond, Total: 2 * time.Second,
			Fence: 150 * time.Millisecond,
		},
	}
}

var tenantNames = []string{"acme", "blue", "coral", "dune"}

// drawSpec builds prompts from a few shared bases (the same token sequences for every tenant, so
// any cross-tenant sharing would be caught) plus a random tail.
func (w *world) drawSpec(bases [][]int32) RequestSpec {
	spec := RequestSpec{Tenant: pick(w, tenantNames)}
	b := bases[w.intn(0, len(bases)-1)]
	cut := w.intn(0, len(b))
	spec.Prompt = append(spec.Prompt, b[:cut]...)
	for range w.intn(0, 2*w.cfg.PageTokens+1) {
		spec.Prompt = append(spec.Prompt, int32(w.intn(1, w.cfg.Vocab-1)))
	}
	spec.MaxTokens = w.intn(1, 3*w.cfg.PageTokens+2)
	spec.IgnoreEOS = w.intn(0, 3) == 0
	if w.intn(0, 3) == 0 {
		spec.StopTokens = []int32{int32(w.intn(1, w.cfg.Vocab-1))}
	}
	switch w.intn(0, 9) {
	case 0, 1:
		spec.Mode = PrefillOnly
	case 2, 3:
		spec.Mode = DecodeOnly
	}
	spec.Weight = pick(w, []int{0, 1, 2, 5}) // a tenant's weight may change between its requests
	switch w.intn(0, 24) {
	case 0:
		spec.Tenant = ""
	case 1:
		spec.Prompt = nil
	case 2:
		spec.MaxTokens = w.cfg.MaxContext
	case 3:
		spec.MaxTokens = 0
	case 4:
		spec.Weight = pick(w, []int{-1, MaxWeight + 1})
	}
	return spec
}

func (w *world) randomEvent(bases [][]int32) {
	switch k := w.intn(0, 999); {
	case k < 150:
		if !w.down {
			w.submit(w.drawSpec(bases))
		}
	case k < 570:
		if len(w.live) > 0 {
			w.pause(w.live[w.intn(0, len(w.live)-1)])
		}
	case k < 585:
		if len(w.paused) > 0 {
			ids := slices.Sorted(mapsKeys(w.paused))
			w.resume(ids[w.intn(0, len(ids)-1)])
		}
	case k < 600:
		if w.pending == nil {
			w.ready(w.intn(0, 80) == 0)
		} else {
			w.advance()
		}
	case k < 640:
		if len(w.live) > 0 {
			id := w.live[w.intn(0, len(w.live)-1)]
			w.abort(id, pick(w, []kvtypes.AbortReason{kvtypes.AbortCancelled, kvtypes.AbortCancelled, kvtypes.AbortShutdown, kvtypes.AbortInternal}))
		}
	case k < 720:
		d := time.Duration(w.intn(1, 30)) * time.Millisecond
		if w.intn(0, 9) == 0 {
			d *= 15
		}
		w.tick(d)
	case k < 780:
		if len(w.sends) > 0 {
			ids := slices.Sorted(mapsKeys(w.sends))
			w.transferDone(ids[w.intn(0, len(ids)-1)], w.intn(0, 3) > 0)
		}
	case k < 870:
		if len(w.recvs) > 0 {
			ids := slices.Sorted(mapsKeys(w.recvs))
			id := ids[w.intn(0, len(ids)-1)]
			switch how := w.intn(0, 2*numRcv); {
			case how < numRcv:
				w.receive(id, how, w.intn(0, 1000))
			case how < numRcv+2:
				w.transferDone(id, how == numRcv)
			default:
				w.receive(id, rcvCorrect, 0)
			}
		}
	case k < 920:
		if len(w.cancels) > 0 {
			w.transferDone(w.cancels[w.intn(0, len(w.cancels)-1)], w.rng.IntN(2) == 0)
		}
	case k < 950:
		if len(w.closed) > 0 {
			w.stale(w.intn(0, 1<<20), w.rng.IntN(2) == 0)
		}
	case k < 996:
		if len(w.dead) > 0 && w.intn(0, 2) == 0 {
			w.lateWrite(w.intn(0, 1<<20), w.intn(0, 64))
		}
	case k < 999:
		w.dropTenant(pick(w, tenantNames))
	default:
		if w.intn(0, 49) == 0 {
			w.shutdown()
		}
	}
}

func (w *world) drawBases() [][]int32 {
	cfg := w.cfg
	bases := make([][]int32, 3)
	for i := range bases {
		n := w.intn(1, 4*cfg.PageTokens+3)
		for range n {
			bases[i] = append(bases[i], int32(w.intn(1, cfg.Vocab-1)))
		}
	}
	return bases
}

// TestPropertyLifecycle is the main random-event test of one node (local, prefill-only and
// decode-only requests, with a fake transport that fails, lies and writes late).
func TestPropertyLifecycle(t *testing.T) {
	before := eventsChecked.Load()
	defer func() {
		// The brief: at least 100,000 checked events in a normal run (rapid's default 100 checks).
		if n := eventsChecked.Load() - before; !t.Failed() && flag.Lookup("rapid.checks").Value.String() == "100" && n < 100_000 {
			t.Errorf("only %d events checked", n)
		}
	}()
	checks(t, 600, func(rt *rapid.T) {
		w := newWorld(rt, rapid.Uint64().Draw(rt, "seed"))
		bases := w.drawBases()
		n := rapid.IntRange(500, 2500).Draw(rt, "events")
		for range n {
			w.randomEvent(bases)
		}
		w.drain()
	})
}
