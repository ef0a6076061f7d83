package server

// Structured outputs: response_format (json_object, json_schema) and vLLM's guided_json, by
// grammar-constrained decoding (internal/grammar).

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"sync"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/grammar"
	"github.com/kvwarden/kvwarden/internal/sampler"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
)

// formatSpec is a validated output format: the key under which a tenant's matcher of it (and the
// token sets it has cached) is kept, and its grammar, compiled only once the request is admitted
// (prepareFormat): compilation is work a tenant's limits must pay for.
type formatSpec struct {
	key     string
	param   string // the request field it came from
	compile func(ctx context.Context, b *grammar.Budget) (*grammar.Grammar, engine.Grammar, *apiError)
	grammar *grammar.Grammar // set when compiled
	source  engine.Grammar   // what the grammar was compiled from, for the nodes behind a router; set when compiled
}

// parseFormat reads response_format and guided_json (at most one of them may ask for JSON).
func parseFormat(responseFormat, guidedJSON json.RawMessage) (*formatSpec, *apiError) {
	if !isNull(guidedJSON) {
		if !isNull(responseFormat) {
			return nil, badRequest("guided_json", "guided_json and response_format must not both be given")
		}
		schema := bytes.TrimSpace(guidedJSON)
		if schema[0] == '"' { // vLLM also takes the schema as a JSON string
			var s string
			if json.Unmarshal(schema, &s) != nil {
				return nil, badRequest("guided_json", "guided_json must be a JSON schema")
			}
			schema = []byte(s)
		}
		return compileFormat(schema, "guided_json")
	}
	if isNull(responseFormat) {
		return nil, nil
	}
	var rf struct {
		Type       string `json:"type"`
		JSONSchema *struct {
			Schema json.RawMessage `json:"schema"`
		} `json:"json_schema"`
	}
	if json.Unmarshal(responseFormat, &rf) != nil {
		return nil, badRequest("response_format", `response_format must be an object such as {"type": "json_object"}`)
	}
	switch rf.Type {
	case "", "text":
		return nil, nil
	case "json_object":
		return &formatSpec{key: "json_object", param: "response_format", grammar: grammar.JSONObject(), source: engine.Grammar{}}, nil
	case "json_schema":
		if rf.JSONSchema == nil || isNull(rf.JSONSchema.Schema) {
			return nil, badRequest("response_format.json_schema.schema", "response_format json_schema needs json_schema.schema")
		}
		return compileFormat(rf.JSONSchema.Schema, "response_format.json_schema.schema")
	}
	return nil, badRequest("response_format.type", "response_format type %q is not supported: use text, json_object or json_schema", rf.Type)
}

func compileFormat(schema []byte, param string) (*formatSpec, *apiError) {
	var key bytes.Buffer
	if json.Compact(&key, schema) != nil {
		return nil, badRequest(param, "%s must be a JSON schema", param)
	}
	source := engine.Grammar{Schema: key.Bytes()}
	return &formatSpec{key: "schema:" + key.String(), param: param, compile: func(ctx context.Context, b *grammar.Budget) (*grammar.Grammar, engine.Grammar, *apiError) {
		g, err := grammar.CompileBudgeted(ctx, schema, b)
		if err != nil {
			return nil, source, schemaError(param, err)
		}
		return g, source, nil
	}}, nil
}

// isToken reports whether b is the text of one token, as the model writes it.
func (s *Server) isToken(b []byte) bool {
	ids := s.tok.EncodeSpans([]tokenizer.Span{{Text: string(b)}}, false)
	return len(ids) == 1 && bytes.Equal(s.tok.Piece(ids[0]), b)
}

// schemaError is the answer to a failed compilation: the schema's fault (400), or the request's
// context ending (the client left, or the server is draining).
func schemaError(param string, err error) *apiError {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return &apiError{Status: 499, Type: errInvalidRequest, Code: codeClientClosed, Message: "the client closed the request", Reason: "client_closed"}
	}
	return badRequest(param, "unsupported schema: %s", err.Error())
}

// prepareFormat compiles the request's format, if it has one, on the request's goroutine once
// the tenant is admitted; a hang-up (ctx) stops it.
func (s *Server) prepareFormat(ctx context.Context, f *formatSpec) *apiError {
	if f == nil || f.grammar != nil {
		return nil
	}
	g, source, e := f.compile(ctx, &grammar.Budget{})
	if e != nil {
		if e.Code == codeClientClosed {
			e = s.errorFor(context.Cause(ctx))
		}
		return e
	}
	f.grammar, f.source = g, source
	return nil
}

// Matchers are kept per tenant, as prefix caches are: a tenant's first request for a schema
// costs the same whoever used it before, so its timing tells nothing of other tenants' schemas.
// They are not kept per LoRA adapter: a matcher's token sets depend on the grammar and the
// vocabulary only, which adapters share (engine TestMatchersAreAdapterFree fails if that changes).
// Each matcher holds up to 32 MiB of cached token sets; a tenant keeps at most
// maxTenantMatchers, and the server maxMatchers in all. When full, the least recently used
// matcher of the tenant holding the most goes, so a tenant that sends many schemas evicts its
// own before anyone else's.
const (
	maxMatchers       = 16
	maxTenantMatchers = 4
)

// grammars holds the vocabulary, indexed once, and the tenants' matchers of recent schemas.
type grammars struct {
	once     sync.Once
	vocab    *grammar.Vocab
	mu       sync.Mutex
	matchers map[matcherKey]*usedMatcher
	held     map[string]int // matchers per tenant
	tick     uint64
}

type matcherKey struct{ tenant, format string }

type usedMatcher struct {
	m    *grammar.Matcher
	used uint64
}

// matcher returns tenant's matcher for f, making it (and making room for it) if the tenant has
// none; made reports that it was new.
func (s *Server) matcher(tenant string, f *formatSpec) (m *grammar.Matcher, made bool, e *apiError) {
	gs := &s.grammars
	gs.once.Do(func() { gs.vocab = grammar.VocabOf(s.tok, s.info.VocabSize) })
	gs.mu.Lock()
	defer gs.mu.Unlock()
	gs.tick++
	key := matcherKey{tenant, f.key}
	if um := gs.matchers[key]; um != nil {
		um.used = gs.tick
		return um.m, false, nil
	}
	m, err := grammar.NewMatcher(f.grammar, gs.vocab)
	if err != nil {
		return nil, false, badRequest(f.param, "structured outputs are not available for this model: %s", err.Error())
	}
	if gs.matchers == nil {
		gs.matchers, gs.held = map[matcherKey]*usedMatcher{}, map[string]int{}
	}
	if gs.held[tenant] >= maxTenantMatchers || len(gs.matchers) >= maxMatchers {
		gs.evict(tenant)
	}
	gs.matchers[key] = &usedMatcher{m: m, used: gs.tick}
	gs.held[tenant]++
	return m, true, nil
}

// evict drops the least recently used matcher of tenant if it is at its quota, else of the
// tenant holding the most.
func (gs *grammars) evict(tenant string) {
	victim := tenant
	if gs.held[tenant] < maxTenantMatchers {
		for t, n := range gs.held {
			if n > gs.held[victim] {
				victim = t
			}
		}
	}
	var oldest matcherKey
	found := false
	for k, um := range gs.matchers {
		if k.tenant == victim && (!found || um.used < gs.matchers[oldest].used) {
			oldest, found = k, true
		}
	}
	if !found {
		return
	}
	delete(gs.matchers, oldest)
	if gs.held[victim]--; gs.held[victim] == 0 {
		delete(gs.held, victim)
	}
}

// constraint starts the constraint of one choice of tenant that may generate maxTokens tokens.
func (s *Server) constraint(tenant string, f *formatSpec, maxTokens int) (sampler.Constraint, *apiError) {
	m, _, e := s.matcher(tenant, f)
	if e != nil {
		return nil, e
	}
	c, err := m.NewConstraint(maxTokens)
	if err != nil {
		return nil, badRequest("max_tokens", "%s", err.Error())
	}
	return c, nil
}
