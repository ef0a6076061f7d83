package engine

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"github.com/kvwarden/kvwarden/internal/grammar"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/sampler"
	"github.com/kvwarden/kvwarden/internal/tensor"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
)

// TestConstraintPerSequence: constrained requests sampled at temperature 1 always end (finish
// "stop") with a document that parses; batched, a constrained request and a plain one each
// generate exactly what they generate alone.
func TestConstraintPerSequence(t *testing.T) {
	e, tok, mt := constraintEngine(t, `{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"array","items":{"type":"string"}}},"required":["a","b"]}`)
	plain := Request{Spec: Spec{Tenant: "a", Prompt: []int32{1, 403, 407, 261}, MaxTokens: 24, IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: -1}}}
	constrained := func(i int) Request {
		c, err := mt.NewConstraint(24)
		if err != nil {
			t.Fatal(err)
		}
		r := plain
		r.Tenant, r.IgnoreEOS, r.Constraint = "b", false, c
		r.Sampling = sampler.Params{Temperature: 1, Seed: uint64(i), TopLogprobs: -1}
		r.HasSeed = true
		return r
	}
	alone := drain(mustSubmit(t, e, plain))
	firstAlone := drain(mustSubmit(t, e, constrained(0)))
	var streams []Stream
	for i := range 8 {
		streams = append(streams, mustSubmit(t, e, constrained(i)))
	}
	other := drain(mustSubmit(t, e, plain))
	for i, st := range streams {
		got := drain(st)
		if i == 0 && !slices.Equal(got.ids(), firstAlone.ids()) {
			t.Errorf("a constrained request changed in a batch:\n%v\n%v", firstAlone.ids(), got.ids())
		}
		var v struct {
			A *int     `json:"a"`
			B []string `json:"b"`
		}
		text := tok.Decode(got.ids())
		if got.err != nil || got.finish != kvtypes.FinishStop || json.Unmarshal([]byte(text), &v) != nil || v.A == nil || v.B == nil {
			t.Errorf("constrained request %d: %q finish %q err %v", i, text, got.finish, got.err)
		}
	}
	if !slices.Equal(other.ids(), alone.ids()) {
		t.Errorf("the plain request changed beside constrained ones:\n%v\n%v", alone.ids(), other.ids())
	}
}

// constraintEngine is an engine of the demo model and a matcher of schema over its vocabulary.
func constraintEngine(t *testing.T, schema string) (*Engine, *tokenizer.Tokenizer, *grammar.Matcher) {
	t.Helper()
	m, tok := loadModel(t, demoModel)
	return constraintEngineOf(t, m, tok, schema)
}

// constraintEngineOf is constraintEngine on a loaded model (a synctest bubble starts its engine
// inside and loads the model outside).
func constraintEngineOf(t *testing.T, m *model.Model, tok *tokenizer.Tokenizer, schema string) (*Engine, *tokenizer.Tokenizer, *grammar.Matcher) {
	t.Helper()
	e, err := New(m, tok, Config{Threads: 2, KVDType: tensor.F32, KVMemBytes: 8 << 20, StepTokens: 64, MaxRunning: 16})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	g, err := grammar.Compile([]byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	mt, err := grammar.NewMatcher(g, grammar.VocabOf(tok, m.Vocab))
	if err != nil {
		t.Fatal(err)
	}
	return e, tok, mt
}

func mustSubmit(t *testing.T, e *Engine, r Request) Stream {
	t.Helper()
	st, err := e.Submit(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestConstraintFromGrammar: a request that carries only its Grammar (as a node behind a router
// gets it) decodes exactly as one given the constraint the API server compiled from the same
// schema; a grammar the engine cannot compile, or a max_tokens too small for it, is refused.
func TestConstraintFromGrammar(t *testing.T) {
	schema := []byte(`{"type":"object","properties":{"a":{"type":"integer"}},"required":["a"]}`)
	e, tok, mt := constraintEngine(t, string(schema))
	c, err := mt.NewConstraint(24)
	if err != nil {
		t.Fatal(err)
	}
	base := Request{Spec: Spec{Tenant: "a", Prompt: []int32{1, 403, 407, 261}, MaxTokens: 24, HasSeed: true,
		Sampling: sampler.Params{Temperature: 1, Seed: 7, TopLogprobs: -1}}}
	withConstraint, withGrammar := base, base
	withConstraint.Constraint = c
	withGrammar.Grammar = &Grammar{Schema: schema}
	want, got := drain(mustSubmit(t, e, withConstraint)), drain(mustSubmit(t, e, withGrammar))
	if !slices.Equal(got.ids(), want.ids()) || got.finish != kvtypes.FinishStop {
		t.Errorf("from the grammar %q (%s), from the constraint %q", tok.Decode(got.ids()), got.finish, tok.Decode(want.ids()))
	}
	for _, r := range []Request{
		{Spec: Spec{Tenant: "a", Prompt: base.Prompt, MaxTokens: 24, Grammar: &Grammar{Schema: []byte(`{"not":{}}`)}}},
		{Spec: Spec{Tenant: "a", Prompt: base.Prompt, MaxTokens: 3, Grammar: &Grammar{Schema: schema}}},
	} {
		var rej *RejectError
		if _, err := e.Submit(context.Background(), r); !errors.As(err, &rej) || rej.Reason != kvtypes.RejectInvalid {
			t.Errorf("%s with max_tokens %d: %v, want a rejection", r.Grammar.Schema, r.MaxTokens, err)
		}
	}
}

// failingConstraint allows a token until its fail'th Allowed, then says it cannot go on.
type failingConstraint struct{ calls, fail int }

func (c *failingConstraint) Allowed() []int32 {
	c.calls++
	if c.calls >= c.fail {
		return nil
	}
	return []int32{403}
}

func (c *failingConstraint) Advance(int32) {}

func (c *failingConstraint) Err() error {
	if c.calls >= c.fail {
		return errors.New("past the bound")
	}
	return nil
}

// TestConstraintErrorEndsRequest: a constraint that cannot go on (a state past its bounds) ends
// its own request with an error, after the tokens it allowed; the request beside it is untouched.
// The failure is the request's ("constraint"), not the engine's: no step error is counted, so
// the server's readiness, which a recent step error turns off, stays as it was (issue 34).
func TestConstraintErrorEndsRequest(t *testing.T) {
	m, tok := loadModel(t, demoModel)
	e, err := New(m, tok, Config{Threads: 2, KVDType: tensor.F32, KVMemBytes: 8 << 20, StepTokens: 64, MaxRunning: 16})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	plain := Request{Spec: Spec{Tenant: "a", Prompt: []int32{1, 403, 407, 261}, MaxTokens: 12, IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: -1}}}
	alone := drain(mustSubmit(t, e, plain))
	bad := plain
	bad.Tenant, bad.Constraint = "b", &failingConstraint{fail: 4}
	badSt := mustSubmit(t, e, bad)
	other := drain(mustSubmit(t, e, plain))
	got := drain(badSt)
	var ae *AbortError
	if !errors.As(got.err, &ae) || ae.Reason != kvtypes.AbortConstraint || len(got.ids()) != 3 {
		t.Errorf("the failing constraint's request: %d tokens, err %v; want 3 tokens and a constraint abort", len(got.ids()), got.err)
	}
	if st := e.Stats(); st.StepErrors != 0 || !st.LastStepError.IsZero() || st.Aborted[kvtypes.AbortInternal] != 0 {
		t.Errorf("a request's constraint counted as an engine failure: %d step errors (last %v), %d internal aborts", st.StepErrors, st.LastStepError, st.Aborted[kvtypes.AbortInternal])
	}
	if !slices.Equal(other.ids(), alone.ids()) || other.err != nil {
		t.Errorf("the request beside it changed: %v %v", other.ids(), other.err)
	}
}

// TestNodeMatchersPerTenant: on an engine that builds constraints from requests' grammars (a node
// behind a router), two tenants sending the same schema get a matcher each, so neither's first
// request is faster for the other's history; the same tenant's second request reuses its own.
func TestNodeMatchersPerTenant(t *testing.T) {
	schema := `{"type":"object","properties":{"product":{"const":"secret-launch"}},"required":["product"]}`
	e, _, _ := constraintEngine(t, schema)
	for _, tenant := range []string{"a", "b", "a"} {
		drain(mustSubmit(t, e, Request{Spec: Spec{Tenant: tenant, Prompt: []int32{1, 403}, MaxTokens: 40, Grammar: &Grammar{Schema: []byte(schema)},
			Sampling: sampler.Params{TopLogprobs: -1}}}))
	}
	e.matchers.mu.Lock()
	defer e.matchers.mu.Unlock()
	if n := len(e.matchers.byKey); n != 2 {
		t.Errorf("%d matchers for two tenants of one schema, want 2", n)
	}
}
