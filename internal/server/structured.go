package server

// Structured outputs: response_format (json_object, json_schema) and vLLM's guided_json, by
// grammar-constrained decoding (internal/grammar).

import (
	"bytes"
	"encoding/json"
	"errors"
	"sync"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/grammar"
	"github.com/kvwarden/kvwarden/internal/sampler"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
)

// formatSpec is a validated output format: its grammar, and the key under which its matcher (and
// the token sets it has cached) is shared by every request of the same schema.
type formatSpec struct {
	key     string
	grammar *grammar.Grammar
	source  engine.Grammar // what the grammar was compiled from, for the nodes behind a router
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
		return &formatSpec{key: "json_object", grammar: grammar.JSONObject(), source: engine.Grammar{}}, nil
	case "json_schema":
		if rf.JSONSchema == nil || isNull(rf.JSONSchema.Schema) {
			return nil, badRequest("response_format.json_schema.schema", "response_format json_schema needs json_schema.schema")
		}
		return compileFormat(rf.JSONSchema.Schema, "response_format.json_schema.schema")
	}
	return nil, badRequest("response_format.type", "response_format type %q is not supported: use text, json_object or json_schema", rf.Type)
}

func compileFormat(schema []byte, param string) (*formatSpec, *apiError) {
	g, err := grammar.Compile(schema)
	var se *grammar.SchemaError
	if errors.As(err, &se) {
		return nil, badRequest(param, "unsupported schema: %s", se.Error())
	}
	if err != nil {
		return nil, badRequest(param, "unsupported schema: %s", err.Error())
	}
	var key bytes.Buffer
	json.Compact(&key, schema) // Compile parsed it: it is valid JSON
	return &formatSpec{key: "schema:" + key.String(), grammar: g, source: engine.Grammar{Schema: key.Bytes()}}, nil
}

// isToken reports whether b is the text of one token, as the model writes it.
func (s *Server) isToken(b []byte) bool {
	ids := s.tok.EncodeSpans([]tokenizer.Span{{Text: string(b)}}, false)
	return len(ids) == 1 && bytes.Equal(s.tok.Piece(ids[0]), b)
}

// maxMatchers bounds the schemas whose matchers (each with up to 32 MiB of cached token sets)
// are kept; the least recently used goes first.
const maxMatchers = 16

// grammars holds the vocabulary, indexed once, and the matchers of recent schemas.
type grammars struct {
	once     sync.Once
	vocab    *grammar.Vocab
	mu       sync.Mutex
	matchers map[string]*usedMatcher
	tick     uint64
}

type usedMatcher struct {
	m    *grammar.Matcher
	used uint64
}

// constraint starts the constraint of one choice that may generate maxTokens tokens.
func (s *Server) constraint(f *formatSpec, maxTokens int) (sampler.Constraint, *apiError) {
	gs := &s.grammars
	gs.once.Do(func() { gs.vocab = grammar.VocabOf(s.tok, s.info.VocabSize) })
	gs.mu.Lock()
	gs.tick++
	um := gs.matchers[f.key]
	if um == nil {
		m, err := grammar.NewMatcher(f.grammar, gs.vocab)
		if err != nil {
			gs.mu.Unlock()
			return nil, badRequest("response_format", "structured outputs are not available for this model: %s", err.Error())
		}
		if gs.matchers == nil {
			gs.matchers = map[string]*usedMatcher{}
		}
		if len(gs.matchers) >= maxMatchers {
			var oldest string
			for k, v := range gs.matchers {
				if oldest == "" || v.used < gs.matchers[oldest].used {
					oldest = k
				}
			}
			delete(gs.matchers, oldest)
		}
		um = &usedMatcher{m: m}
		gs.matchers[f.key] = um
	}
	um.used = gs.tick
	gs.mu.Unlock()
	c, err := um.m.NewConstraint(maxTokens)
	if err != nil {
		return nil, badRequest("max_tokens", "%s", err.Error())
	}
	return c, nil
}
