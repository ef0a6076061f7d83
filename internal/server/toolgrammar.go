package server

// Constrained tool calls: tool_choice "required" or a named function decodes under a grammar
// of a call in the model's markup, so the call is always well formed.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/grammar"
)

// toolMarkup is each constrained parser's markup around one call object, and the object's key
// for the arguments. Mistral is absent: its markup opens with the [TOOL_CALLS] control token,
// which a grammar over the tokens' text cannot emit, so it keeps the check on the finished
// output (toolStream.check).
var toolMarkup = map[string]struct{ prefix, suffix, argsKey string }{
	"hermes": {"<tool_call>\n", "\n</tool_call>", "arguments"},
	"llama3": {"", "", "parameters"}, // the parser reads a bare object as the whole output
}

// constrainTools turns tool_choice "required" or a named function into the request's output
// grammar: an object whose name is one of the allowed functions and whose arguments follow that
// function's parameters.
func (s *Server) constrainTools(p *genParams) *apiError {
	t := p.tools
	if t == nil || (t.choice != "required" && t.choice != "function") {
		return nil
	}
	markup, ok := toolMarkup[s.toolFormat.Name()]
	if !ok {
		return nil
	}
	if p.format != nil {
		return badRequest("response_format", "response_format cannot be combined with tool_choice %q: the output is the tool call", t.choice)
	}
	if len(p.stops) > 0 || len(p.stopTokens) > 0 {
		// A stop could cut the call short, breaking the promise that it is well formed.
		param := "stop"
		if len(p.stops) == 0 {
			param = "stop_token_ids"
		}
		return badRequest(param, "%s cannot be combined with tool_choice %q", param, t.choice)
	}
	// Written by hand, not marshalled from maps: the grammar emits properties in the schema's
	// order, and models (and the streamed parser) expect the name first.
	var alts [][]byte
	for i, name := range t.names {
		if t.choice == "function" && name != t.function {
			continue
		}
		quoted, _ := json.Marshal(name) // a string: cannot fail
		alts = append(alts, fmt.Appendf(nil, `{"type":"object","properties":{"name":{"const":%s},%q:%s},"required":["name",%q],"additionalProperties":false}`,
			quoted, markup.argsKey, argumentsSchema(t.params[i]), markup.argsKey))
	}
	schema := alts[0]
	if len(alts) > 1 {
		schema = slices.Concat([]byte(`{"anyOf":[`), bytes.Join(alts, []byte(",")), []byte("]}"))
	}
	g, err := grammar.Compile(schema)
	if err != nil {
		// Only the grammar's size bounds can refuse what argumentsSchema accepted one by one.
		return badRequest("tools", "the tools are too large to constrain tool_choice %q: %s", t.choice, err)
	}
	p.format = &formatSpec{key: fmt.Sprintf("tool:%s:%s", s.toolFormat.Name(), schema), grammar: g.Wrap(markup.prefix, markup.suffix, s.isToken),
		source: engine.Grammar{Schema: schema, Prefix: markup.prefix, Suffix: markup.suffix}}
	return nil
}

// argumentsSchema is the schema the constrained arguments follow: the function's parameters
// when the grammar supports all their keywords, else any JSON object (the call still parses;
// its arguments are then not checked against the schema). Parameters with $ref are not
// embedded either: their references point at the parameters' root, which embedding moves.
func argumentsSchema(params json.RawMessage) []byte {
	anyObject := []byte(`{"type":"object"}`)
	if isNull(params) || bytes.Contains(params, []byte(`"$ref"`)) {
		return anyObject
	}
	if _, err := grammar.Compile(params); err != nil {
		return anyObject
	}
	var obj map[string]any
	if json.Unmarshal(params, &obj) != nil || (obj["type"] != nil && obj["type"] != "object") {
		return anyObject
	}
	if obj["type"] == nil && obj["properties"] == nil {
		return anyObject // {} or annotations only: any value, but arguments must be an object
	}
	var compact bytes.Buffer
	json.Compact(&compact, params) // Compile parsed it: valid JSON
	return compact.Bytes()
}
