package node

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/grammar"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/sampler"
	"github.com/kvwarden/kvwarden/internal/testenv"
)

// TestRouterDeepSchema: finding 1 of issue 34 through the router. A schema nested deeper than the
// grammar's stack, sent as a request's grammar, used to be accepted by the nodes, fail on the
// decode node as an engine internal error (counted, and the end of its readiness for a minute)
// and reach the client as a 500. The nodes refuse it before it runs, naming the nesting bound,
// and count no internal error; a request beside it is served.
func TestRouterDeepSchema(t *testing.T) {
	fx := load(t)
	pre, dec := fx.node(t, RolePrefill, nil), fx.node(t, RoleDecode, nil)
	r := fx.router(t, []*runningNode{pre}, []*runningNode{dec})
	bound := fmt.Sprintf("nesting bound of %d", grammar.MaxDepth)
	for _, levels := range []int{grammar.MaxDepth, grammar.MaxDepth + 8} {
		for name, schema := range testenv.DeepSchemas(levels) {
			q := engine.Request{Spec: engine.Spec{Tenant: "mallory", Prompt: prompt(8, r.Info().VocabSize), MaxTokens: 400,
				Sampling: sampler.Params{Temperature: 1, Seed: 3, TopLogprobs: -1}, Grammar: &engine.Grammar{Schema: []byte(schema)}}}
			st, err := r.Submit(context.Background(), q)
			if err == nil {
				err = drain(st).err
			}
			var rej *engine.RejectError
			if !errors.As(err, &rej) || rej.Reason != kvtypes.RejectInvalid || !strings.Contains(rej.Message, bound) {
				t.Errorf("%s %d levels deep: %v; want a refusal naming the %s", name, levels, err, bound)
			}
		}
	}
	for role, n := range map[string]*runningNode{RolePrefill: pre, RoleDecode: dec} {
		if st := n.e.Stats(); st.StepErrors != 0 || st.Aborted[kvtypes.AbortInternal] != 0 {
			t.Errorf("the %s node counted %d internal errors, %d internal aborts", role, st.StepErrors, st.Aborted[kvtypes.AbortInternal])
		}
	}
	other := drain(mustSubmitRouted(t, r, engine.Request{Spec: engine.Spec{Tenant: "alice", Prompt: prompt(8, r.Info().VocabSize), MaxTokens: 4,
		Sampling: sampler.Params{TopLogprobs: -1}}}))
	if other.err != nil || len(other.toks) != 4 {
		t.Errorf("the request beside it: %d tokens, %v", len(other.toks), other.err)
	}
}

func mustSubmitRouted(t *testing.T, r *Router, q engine.Request) engine.Stream {
	t.Helper()
	st, err := r.Submit(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	return st
}
