package engine

// Constraints built from a Request's Grammar, for engines that serve a router: the API server
// that compiled the schema is on another machine, so each node compiles it again, with the same
// grammar entry points and its own copy of the model's vocabulary, and so masks every token as
// the server would have.

import (
	"bytes"
	"context"
	"sync"

	"github.com/kvwarden/kvwarden/internal/grammar"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/sampler"
)

// maxNodeMatchers bounds the grammars whose matchers (and cached token sets) a node keeps.
const maxNodeMatchers = 16

// matchers are a node's matchers by grammar; the set is dropped whole when full (the matchers of
// a deployment's few schemas come back at once).
type matchers struct {
	once  sync.Once
	vocab *grammar.Vocab
	mu    sync.Mutex
	byKey map[string]*grammar.Matcher
}

// CompileGrammar compiles g as the API server does: the schema (or any JSON object) inside the
// tool-call markup, whose tokens isToken recognises (grammar.Grammar.Wrap), within the grammar's
// compile budget and stopping when ctx ends.
func CompileGrammar(ctx context.Context, g *Grammar, isToken func([]byte) bool) (*grammar.Grammar, error) {
	gr := grammar.JSONObject()
	if len(g.Schema) > 0 {
		var err error
		if gr, err = grammar.CompileContext(ctx, g.Schema); err != nil {
			return nil, err
		}
	}
	if g.Prefix != "" || g.Suffix != "" {
		gr = gr.Wrap(g.Prefix, g.Suffix, isToken)
	}
	return gr, nil
}

// constraintFor builds the constraint of a request of tenant that carries only its Grammar.
// Matchers are the tenant's own, as on the API server: their cached token sets would otherwise
// tell a tenant, by its timing, whether another had used a schema. The key has no LoRA adapter:
// the token sets depend on the grammar and the vocabulary only (TestMatchersAreAdapterFree).
func (e *Engine) constraintFor(ctx context.Context, tenant string, g *Grammar, maxTokens int) (sampler.Constraint, error) {
	ms := &e.matchers
	ms.once.Do(func() { ms.vocab = grammar.VocabOf(e.tok, e.m.Vocab) })
	key := tenant + "\x00" + string(g.Schema) + "\x00" + g.Prefix + "\x00" + g.Suffix
	ms.mu.Lock()
	m := ms.byKey[key]
	ms.mu.Unlock()
	if m == nil {
		gr, err := CompileGrammar(ctx, g, e.isToken)
		if err == nil {
			m, err = grammar.NewMatcher(gr, ms.vocab)
		}
		if err != nil {
			return nil, &RejectError{Reason: kvtypes.RejectInvalid, Message: "structured output: " + err.Error()}
		}
		ms.mu.Lock()
		if ms.byKey == nil || len(ms.byKey) >= maxNodeMatchers {
			ms.byKey = map[string]*grammar.Matcher{}
		}
		ms.byKey[key] = m
		ms.mu.Unlock()
	}
	c, err := m.NewConstraint(maxTokens)
	if err != nil {
		return nil, &RejectError{Reason: kvtypes.RejectInvalid, Message: err.Error()}
	}
	return c, nil
}

// isToken reports whether b is the text of one token, as the model writes it.
func (e *Engine) isToken(b []byte) bool {
	ids := e.tok.Encode(string(b), false, false)
	return len(ids) == 1 && bytes.Equal(e.tok.Piece(ids[0]), b)
}
