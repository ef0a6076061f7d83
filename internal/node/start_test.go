package node

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/sampler"
	"github.com/kvwarden/kvwarden/internal/tensor"
)

// TestNodeShutdownDrains: a request running through a node when Shutdown is called completes in
// full; the node then stops serving and Shutdown reports no error. Cut short by its context, the
// drain aborts what is left and says so.
func TestNodeShutdownDrains(t *testing.T) {
	for _, c := range []struct {
		name   string
		window time.Duration
		whole  bool // the request completes
	}{{"completes", 30 * time.Second, true}, {"cut short", 0, false}} {
		t.Run(c.name, func(t *testing.T) {
			fx := load(t)
			slow := func(c *engine.Config) { c.StepTokens = 16 }
			pre := fx.node(t, RolePrefill, slow)
			dec := fx.startNode(t, RoleDecode, slow, nil)
			defer dec.Stop()
			r := fx.router(t, []*runningNode{pre}, []*runningNode{{addr: dec.Addr(), e: dec.Engine, stop: dec.Stop}})
			q := engine.Request{Spec: engine.Spec{Tenant: "t", Prompt: prompt(40, r.Info().VocabSize), MaxTokens: 200, IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: -1}}}
			if !c.whole {
				// As long as the context allows: a fast machine finished 200 tokens of the
				// demo model between the second token and Shutdown.
				q.MaxTokens = r.Info().MaxContext - len(q.Prompt)
			}
			st, err := r.Submit(context.Background(), q)
			if err != nil {
				t.Fatal(err)
			}
			// Two tokens out: the decode node holds the request now.
			var first []engine.Token
			for ev := range st.Events() {
				if first = append(first, ev.Tokens...); len(first) >= 2 || ev.Done {
					break
				}
			}
			res := make(chan result, 1)
			go func() { res <- drain(st) }()
			ctx, cancel := context.WithTimeout(context.Background(), c.window)
			defer cancel()
			serr := dec.Shutdown(ctx)
			got := <-res
			if whole := got.err == nil && len(first)+len(got.toks) == q.MaxTokens && got.finish == kvtypes.FinishLength; whole != c.whole {
				t.Fatalf("request during the drain: %d tokens, %q, %v; want whole %v", len(first)+len(got.toks), got.finish, got.err, c.whole)
			}
			if c.whole != (serr == nil) {
				t.Fatalf("Shutdown: %v", serr)
			}
			select {
			case <-dec.Done():
			default:
				t.Fatal("the node still serves after Shutdown")
			}
			if dec.Err() != nil {
				t.Fatalf("listener's end: %v", dec.Err())
			}
		})
	}
}

// TestLocalCluster: the cluster serves a request as one engine does, a node's refused start-up
// is a GateError naming every refusal, and Close leaves nothing running (goleak checks).
func TestLocalCluster(t *testing.T) {
	fx := load(t)
	cfg := ClusterConfig{Model: "demo", Weights: fx.m, Tokenizer: fx.tok, File: fx.f,
		Prefill: engineConfig(nil), Decode: engineConfig(nil), Probe: 50 * time.Millisecond}
	c, err := StartLocalCluster(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	one := fx.engine(t, nil)
	defer one.Close()
	q := engine.Request{Spec: engine.Spec{Tenant: "t", Prompt: prompt(20, one.Info().VocabSize), MaxTokens: 6, IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: -1}}}
	st, err := one.Submit(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	want := drain(st)
	st, err = c.Router.Submit(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	if got := drain(st); got.err != nil || len(got.toks) != len(want.toks) || ids(got.toks)[5] != ids(want.toks)[5] {
		t.Fatalf("through the cluster: %v %v, one engine %v", got.err, ids(got.toks), ids(want.toks))
	}
	c.Close()

	bad := func(c *engine.Config) { c.KVMemBytes = 1 } // no page fits: the gate refuses
	cfg.Prefill, cfg.Decode = engineConfig(bad), engineConfig(func(c *engine.Config) { c.KVDType = tensor.F32; bad(c) })
	_, err = StartLocalCluster(context.Background(), cfg)
	var gate *GateError
	if !errors.As(err, &gate) || len(gate.Err.(interface{ Unwrap() []error }).Unwrap()) != 2 {
		t.Fatalf("two refused nodes: %v", err)
	}
}
