package engine

import (
	"context"
	"errors"
	"runtime"
	"slices"
	"testing"
	"testing/synctest"
	"time"

	"github.com/kvwarden/kvwarden/internal/grammar"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/sampler"
	"github.com/kvwarden/kvwarden/internal/testenv/selfmade"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
)

const maskSchema = `{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"array","items":{"type":"string"}}},"required":["a","b"]}`

// anyObject is the slow tests' schema: any JSON object, which fits in their 10 tokens.
const anyObject = `{"type":"object"}`

// slowConstraint is a real grammar constraint whose every new state costs delay to walk, as an
// adversarial schema's would: inline in the draw when nothing prepared it, else in Prepare.
type slowConstraint struct {
	*grammar.Constraint
	delay time.Duration
	ready bool // the current state has been walked
}

func (c *slowConstraint) walk() {
	if !c.ready {
		time.Sleep(c.delay)
		c.ready = true
	}
}

func (c *slowConstraint) Allowed() []int32 { c.walk(); return c.Constraint.Allowed() }
func (c *slowConstraint) Advance(id int32) { c.Constraint.Advance(id); c.ready = false }
func (c *slowConstraint) Prepared() bool   { return c.ready }
func (c *slowConstraint) Prepare()         { c.walk(); c.Constraint.Prepare() }

// inlineConstraint hides a constraint's Prepare: the engine computes its masks inside the draw,
// as it did before masks were prepared beside the step.
type inlineConstraint struct{ c *grammar.Constraint }

func (c inlineConstraint) Allowed() []int32 { return c.c.Allowed() }
func (c inlineConstraint) Advance(id int32) { c.c.Advance(id) }
func (c inlineConstraint) Err() error       { return c.c.Err() }

func slowRequest(t *testing.T, mt *grammar.Matcher, delay time.Duration, maxTokens int) Request {
	t.Helper()
	c, err := mt.NewConstraint(maxTokens)
	if err != nil {
		t.Fatal(err)
	}
	return Request{Spec: Spec{Tenant: "a", Prompt: []int32{1, 403, 407, 261}, MaxTokens: maxTokens, IgnoreEOS: true, HasSeed: true, Sampling: sampler.Params{Temperature: 1, Seed: 3, TopLogprobs: -1}}, Constraint: &slowConstraint{Constraint: c, delay: delay}}
}

// TestMaskDeferralSparesNeighbour: a constrained request whose every mask takes 100 ms is paused
// while its mask is computed, so another tenant's 8-token request beside it is not held to its
// pace (computed inside the step, each of its 8 steps would wait 100 ms: 800 ms at least); the
// slow request's tokens are those it generates alone. In a synctest bubble, where only the masks
// take time, so the neighbour's time is the masks' alone, whatever the machine's speed.
func TestMaskDeferralSparesNeighbour(t *testing.T) {
	m, tok := loadModel(t, demoModel)
	synctest.Test(t, func(t *testing.T) { maskDeferralSparesNeighbour(t, m, tok) })
}

func maskDeferralSparesNeighbour(t *testing.T, m *model.Model, tok *tokenizer.Tokenizer) {
	const delay = 100 * time.Millisecond
	e, _, mt := constraintEngineOf(t, m, tok, anyObject)
	alone := drain(mustSubmit(t, e, slowRequest(t, mt, delay, 10)))
	if alone.err != nil || len(alone.toks) != 10 {
		t.Fatalf("alone: %d tokens, err %v", len(alone.toks), alone.err)
	}
	st := mustSubmit(t, e, slowRequest(t, mt, delay, 10))
	first := <-st.Events() // it runs, with at least 9 masks to go
	start := time.Now()
	nb := drain(mustSubmit(t, e, Request{Spec: Spec{Tenant: "b", Prompt: []int32{1, 403, 407, 261}, MaxTokens: 8, IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: -1}}}))
	took := time.Since(start)
	rest := drain(st)
	if nb.err != nil || len(nb.toks) != 8 {
		t.Fatalf("neighbour: %d tokens, err %v", len(nb.toks), nb.err)
	}
	if took >= delay {
		t.Errorf("the neighbour's 8 tokens took %v beside a request whose masks take %v each", took, delay)
	}
	got := append(first.Tokens, rest.toks...)
	if ids := (result{toks: got}).ids(); !slices.Equal(ids, alone.ids()) || rest.err != nil {
		t.Errorf("beside a neighbour %v (err %v), alone %v", ids, rest.err, alone.ids())
	}
	if e.Stats().MasksDeferred == 0 {
		t.Error("no request was deferred")
	}
	assertPoolWhole(t, e)
	time.Sleep(delay) // the walk of a mask after the last token, which nothing waits for, ends
}

// TestMaskDeferralBitIdentical: the same constrained request (a real schema on a BPE vocabulary of
// Qwen's size, temperature 1 with a seed) generates the same tokens when every uncached mask defers it
// (MaskBudget < 0) as when its masks are computed inside the draw.
func TestMaskDeferralBitIdentical(t *testing.T) {
	m, tok := loadModel(t, selfmade.ChatMLName)
	e := startEngine(t, m, tok, testConfig, func(c *Config) { c.MaskBudget = -1 })
	g, err := grammar.Compile([]byte(maskSchema))
	if err != nil {
		t.Fatal(err)
	}
	vocab := grammar.VocabOf(tok, m.Vocab)
	req := func(c sampler.Constraint) Request {
		return Request{Spec: Spec{Tenant: "a", Prompt: []int32{1, 403, 407, 261}, MaxTokens: 24, HasSeed: true, Sampling: sampler.Params{Temperature: 1, Seed: 11, TopLogprobs: -1}}, Constraint: c}
	}
	// Each run on a matcher of its own, so every state is walked anew in both.
	constraint := func() *grammar.Constraint {
		mt, err := grammar.NewMatcher(g, vocab)
		if err != nil {
			t.Fatal(err)
		}
		c, err := mt.NewConstraint(24)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	inline := drain(mustSubmit(t, e, req(inlineConstraint{constraint()})))
	if d := e.Stats().MasksDeferred; d != 0 {
		t.Fatalf("%d deferrals without a preparer", d)
	}
	deferred := drain(mustSubmit(t, e, req(constraint())))
	if e.Stats().MasksDeferred == 0 {
		t.Fatal("the request was never deferred")
	}
	if !slices.Equal(deferred.ids(), inline.ids()) || deferred.finish != inline.finish || inline.finish != kvtypes.FinishStop {
		t.Errorf("deferred %q (%s), inline %q (%s)", tok.Decode(deferred.ids()), deferred.finish, tok.Decode(inline.ids()), inline.finish)
	}
}

// TestMaskDeferralAbortMidWalk: a request paused while its mask is computed ends at once when
// aborted or hung up: its pages come back, the walk's goroutine returns when the walk is done,
// and its late Resume is harmless. In a synctest bubble, where only the walk takes time.
func TestMaskDeferralAbortMidWalk(t *testing.T) {
	m, tok := loadModel(t, demoModel)
	for _, how := range []string{"cancel", "hang-up"} {
		t.Run(how, func(t *testing.T) { synctest.Test(t, func(t *testing.T) { maskDeferralAbortMidWalk(t, m, tok, how) }) })
	}
}

func maskDeferralAbortMidWalk(t *testing.T, m *model.Model, tok *tokenizer.Tokenizer, how string) {
	e, _, mt := constraintEngineOf(t, m, tok, anyObject)
	// A first request starts what an engine starts lazily (the pool's workers).
	drain(mustSubmit(t, e, Request{Spec: Spec{Tenant: "b", Prompt: []int32{1, 403}, MaxTokens: 2, Sampling: sampler.Params{TopLogprobs: -1}}}))
	synctest.Wait()
	g0 := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	st, err := e.Submit(ctx, slowRequest(t, mt, 500*time.Millisecond, 10))
	if err != nil {
		t.Fatal(err)
	}
	<-st.Events() // its first token: the walk of its second mask has begun
	synctest.Wait()
	if e.Stats().MasksDeferred == 0 {
		t.Fatal("the request was not deferred while its mask was walked")
	}
	began := time.Now()
	if how == "cancel" {
		cancel()
		var ab *AbortError
		if res := drain(st); !errors.As(res.err, &ab) || ab.Reason != kvtypes.AbortCancelled {
			t.Fatalf("ended with %v, want a cancellation", res.err)
		}
	} else {
		st.Close() // the client is gone: its terminal event may be dropped
		drain(st)
	}
	if took := time.Since(began); took != 0 {
		t.Errorf("the request ended %v after the abort: it waited for the walk", took)
	}
	synctest.Wait()
	assertPoolWhole(t, e)
	time.Sleep(time.Second) // the walk is done
	synctest.Wait()
	if g := runtime.NumGoroutine(); g > g0 {
		t.Errorf("%d goroutines after the walk, %d before the request", g, g0)
	}
	if err := e.Check(); err != nil {
		t.Fatal(err)
	}
}

// TestSplitDeferredMask: a decode node prepares the mask after the prefill node's token as after
// its own, deferring the request when it is not ready, and the client gets what one engine
// computing every mask inside the draw generates.
func TestSplitDeferredMask(t *testing.T) {
	s := newSplit(t, demoModel, nil, func(c *Config) { c.MaskBudget = -1 })
	g, err := grammar.Compile([]byte(anyObject))
	if err != nil {
		t.Fatal(err)
	}
	mt, err := grammar.NewMatcher(g, grammar.VocabOf(s.one.tok, s.one.m.Vocab))
	if err != nil {
		t.Fatal(err)
	}
	c, err := mt.NewConstraint(16)
	if err != nil {
		t.Fatal(err)
	}
	r := Request{Spec: Spec{Tenant: "acme", Prompt: []int32{1, 403, 407, 261}, MaxTokens: 16, HasSeed: true, Sampling: sampler.Params{Temperature: 1, Seed: 5, TopLogprobs: -1}}}
	inline := r
	inline.Constraint = inlineConstraint{c}
	want := drain(mustSubmit(t, s.one, inline))
	r.Grammar = &Grammar{Schema: []byte(anyObject)}
	got, _, err := s.run(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.ids(), want.ids()) || got.finish != want.finish || got.err != nil {
		t.Errorf("split %v (%s, %v), one engine inline %v (%s)", got.ids(), got.finish, got.err, want.ids(), want.finish)
	}
	if s.dec.Stats().MasksDeferred == 0 {
		t.Error("the decode node never deferred the request")
	}
	s.checkWhole(t)
}
