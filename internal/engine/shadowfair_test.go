package engine

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/sampler"
)

// TestShadowFairUnderFlood, as an attacker would blind the verifier: one tenant sends tiny
// requests back to back from several clients, so the engine is never idle and its samples
// overflow the queue, while another tenant finishes a few requests. The other tenant's answers
// are all verified during the flood (none of its samples dropped), the flooder's drops are
// counted against the flooder, and the re-runs that did it were started with the live work.
func TestShadowFairUnderFlood(t *testing.T) {
	// Four clients on a loaded test machine leave the odd gap a real flood does not: an idle
	// threshold of a second stands for an engine that is never idle.
	e := newEngine(t, demoModel, func(c *Config) { shadowOn(c); c.Shadow.Idle = time.Second })
	ctx, stop := context.WithCancel(context.Background())
	var flood sync.WaitGroup
	for c := range 4 {
		flood.Go(func() {
			for i := 0; ctx.Err() == nil; i++ {
				r := Request{Spec: Spec{Tenant: "mallory", Prompt: []int32{5, int32(6 + (c*7+i)%50)}, MaxTokens: 2, IgnoreEOS: true,
					Sampling: sampler.Params{TopLogprobs: -1}}}
				if st, err := e.Submit(ctx, r); err == nil {
					consume(st, 0)
				}
			}
		})
	}
	defer func() { stop(); flood.Wait() }()
	// Let the flood fill the queue with the flooder's samples first.
	for deadline := time.Now().Add(time.Minute); e.Stats().Shadow.Pending < DefaultShadowQueue; {
		if time.Now().After(deadline) {
			t.Fatalf("the flood never filled the queue: %+v", e.Stats().Shadow)
		}
		time.Sleep(time.Millisecond)
	}
	const victims = 5
	for i := range victims {
		r := Request{Spec: Spec{Tenant: "alice", Prompt: []int32{1, 403, 407, int32(261 + i)}, MaxTokens: 6, IgnoreEOS: true,
			Sampling: sampler.Params{TopLogprobs: -1}}}
		consume(mustSubmit(t, e, r), 0)
	}
	var st ShadowStats
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(2 * time.Millisecond) {
		st = e.Stats().Shadow
		if st.Tenants["alice"].Verified == victims {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("during the flood, %d of alice's %d answers verified: %+v", st.Tenants["alice"].Verified, victims, st)
		}
	}
	t.Logf("during the flood: verified %d (alice %d), with live work %d, dropped %v (mallory %v)",
		st.Verified, st.Tenants["alice"].Verified, st.Guaranteed, st.Dropped, st.Tenants["mallory"].Dropped)
	if n := sumDropped(st.Tenants["alice"].Dropped); n != 0 {
		t.Errorf("%d of alice's samples dropped: %v", n, st.Tenants["alice"].Dropped)
	}
	if d := st.Tenants["mallory"].Dropped[ShadowDropQueueFull]; d == 0 || d != st.Dropped[ShadowDropQueueFull] {
		t.Errorf("queue_full drops: mallory %d of %d in all; want every one of them the flooder's", d, st.Dropped[ShadowDropQueueFull])
	}
	if st.Guaranteed == 0 || st.Mismatches != 0 {
		t.Errorf("%d re-runs started with live work, %d mismatches: want some, and none", st.Guaranteed, st.Mismatches)
	}
}
