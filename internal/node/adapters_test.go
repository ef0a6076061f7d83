package node

import (
	"context"
	"errors"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/sampler"
	"github.com/kvwarden/kvwarden/internal/testenv"
	"github.com/kvwarden/kvwarden/internal/testenv/testmodel"
)

// loadAdapters writes and loads one random LoRA adapter per seed for the fixture's model.
func (fx *fixture) loadAdapters(t *testing.T, seeds map[string]uint64) map[string]*model.Adapter {
	t.Helper()
	out := map[string]*model.Adapter{}
	for name, seed := range seeds {
		a, err := model.ReadAdapter(testmodel.WriteAdapter(t, fx.m, testmodel.AdapterSpec{Seed: seed}), fx.m)
		if err != nil {
			t.Fatal(err)
		}
		out[name] = a
	}
	return out
}

// adapted is q under adapter a at scale 1 (nil: the base model).
func adapted(q engine.Request, a *model.Adapter) engine.Request {
	if a != nil {
		q.Adapter, q.LoRA = &engine.AdapterRef{Fingerprint: a.Fingerprint, Scale: 1}, a
	}
	return q
}

// TestRouterWithAdaptersMatchesOneEngine: nodes that run LoRA adapters tell the router their names
// and fingerprints, and a request under an adapter, prefilled on one node and decoded on another
// over mTLS gRPC, gives one engine's tokens and logprobs bit for bit.
func TestRouterWithAdaptersMatchesOneEngine(t *testing.T) {
	fx := load(t)
	fx.adapters = fx.loadAdapters(t, map[string]uint64{"x": 1, "y": 2})
	pre := fx.node(t, RolePrefill, nil)
	dec := fx.node(t, RoleDecode, nil)
	r := fx.router(t, []*runningNode{pre}, []*runningNode{dec})
	want := map[string][32]byte{"x": fx.adapters["x"].Fingerprint, "y": fx.adapters["y"].Fingerprint}
	if got := r.Adapters(); !maps.Equal(got, want) {
		t.Fatalf("router's adapters %v, want %v", got, want)
	}
	one := fx.engine(t, nil)
	defer one.Close()
	q := engine.Request{Spec: engine.Spec{Tenant: "tenant-uid-1", Prompt: prompt(70, one.Info().VocabSize), MaxTokens: 6, IgnoreEOS: true,
		Sampling: sampler.Params{TopLogprobs: 2}}}
	var base []engine.Token
	for _, name := range []string{"", "x", "y"} {
		a := fx.adapters[name]
		st, err := one.Submit(context.Background(), adapted(q, a))
		if err != nil {
			t.Fatal(err)
		}
		wantRes := drain(st)
		// The router holds no weights: the job carries the fingerprint alone.
		rq := adapted(q, a)
		rq.LoRA = nil
		if a != nil {
			rq.LoRA = &model.Adapter{Fingerprint: a.Fingerprint}
		}
		st, err = r.Submit(context.Background(), rq)
		if err != nil {
			t.Fatal(err)
		}
		got := drain(st)
		if got.err != nil || !slices.EqualFunc(got.toks, wantRes.toks, sameToken) {
			t.Fatalf("adapter %q through the router: %v %v\none engine: %v", name, got.err, got.toks, wantRes.toks)
		}
		if name == "" {
			base = wantRes.toks
		} else if slices.EqualFunc(wantRes.toks, base, sameToken) {
			t.Fatalf("adapter %q changes nothing: the test would not see it lost", name)
		}
	}
}

// TestNodeWithoutTheAdapterRefuses: a request under an adapter that a node no longer holds (its
// files were reloaded) is refused as a model that does not exist, holding nothing, rather than
// served with the base model. (Nodes whose adapters differ at the router's start:
// TestRouterStartsOverNodesWithOtherAdapters.)
func TestNodeWithoutTheAdapterRefuses(t *testing.T) {
	fx := load(t)
	mine := fx.loadAdapters(t, map[string]uint64{"x": 1})
	fx.adapters = mine
	pre := fx.node(t, RolePrefill, nil)
	dec := fx.node(t, RoleDecode, nil)
	r := fx.router(t, []*runningNode{pre}, []*runningNode{dec})
	q := adapted(engine.Request{Spec: engine.Spec{Tenant: "tenant-uid-1", Prompt: prompt(20, fx.m.Vocab), MaxTokens: 4,
		Sampling: sampler.Params{TopLogprobs: -1}}}, mine["x"])
	q.LoRA = &model.Adapter{Fingerprint: mine["x"].Fingerprint}
	for _, n := range []*runningNode{dec, pre} { // each node in turn reloads without it
		if err := n.n.SetAdapters(nil); err != nil {
			t.Fatal(err)
		}
		_, err := r.Submit(context.Background(), q)
		var rej *engine.RejectError
		if !errors.As(err, &rej) || rej.Reason != kvtypes.RejectUnknownModel || !strings.Contains(rej.Message, "LoRA adapter") {
			t.Fatalf("%s node without the adapter: %v, want a clear rejection", n.n.Role, err)
		}
		if err := n.n.SetAdapters(mine); err != nil {
			t.Fatal(err)
		}
		testenv.WaitFor(t, 10*time.Second, func() bool { return len(r.Adapters()) == 1 }) // the router heard it back
	}
	for _, n := range []*runningNode{pre, dec} {
		waitIdle(t, n.e)
	}
	if st, err := r.Submit(context.Background(), q); err != nil || drain(st).err != nil {
		t.Fatalf("with the adapter back: %v", err)
	}
}

// waitIdle waits until e holds no request and no page.
func waitIdle(t *testing.T, e *engine.Engine) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for st := e.Stats(); st.PagesOwned != 0 || st.Running != 0 || st.Waiting != 0 || st.Transferring != 0; st = e.Stats() {
		if time.Now().After(deadline) {
			t.Fatalf("node holds %d pages, %d running, %d waiting, %d transferring", st.PagesOwned, st.Running, st.Waiting, st.Transferring)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestShadowOnDecodeNodeWithAdapters: a decode node behind a router re-runs adapted answers under
// the adapter each ran with (the weights it found by the job's fingerprint) and at its scale, and
// finds them equal to what the router's client got; a re-run on the base model or another adapter
// would count every adapted answer as a mismatch.
func TestShadowOnDecodeNodeWithAdapters(t *testing.T) {
	fx := load(t)
	fx.adapters = fx.loadAdapters(t, map[string]uint64{"x": 1, "y": 2})
	pre := fx.node(t, RolePrefill, nil)
	dec := fx.node(t, RoleDecode, func(c *engine.Config) { c.Shadow = engine.ShadowConfig{Fraction: 1} })
	r := fx.router(t, []*runningNode{pre}, []*runningNode{dec})
	q := engine.Request{Spec: engine.Spec{Tenant: "acme", Prompt: prompt(40, fx.m.Vocab), MaxTokens: 6, IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: 1}}}
	names := []string{"x", "y", "", "x"}
	for _, name := range names {
		aq := adapted(q, fx.adapters[name])
		if aq.LoRA != nil {
			aq.LoRA = &model.Adapter{Fingerprint: aq.LoRA.Fingerprint}
		}
		st, err := r.Submit(context.Background(), aq)
		if err != nil {
			t.Fatal(err)
		}
		if res := drain(st); res.err != nil {
			t.Fatal(res.err)
		}
	}
	deadline := time.Now().Add(time.Minute)
	for dec.e.Stats().Shadow.Pending > 0 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if sh := dec.e.Stats().Shadow; sh.Verified != uint64(len(names)) || sh.Mismatches != 0 {
		t.Errorf("decode node's shadow: %d verified, %d mismatches of %d answers", sh.Verified, sh.Mismatches, len(names))
	}
}
