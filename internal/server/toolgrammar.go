package server

// Constrained tool calls: tool_choice "required" or a named function decodes under a grammar
// of a call in the model's markup, so the call is always well formed.

import (
	"bytes"
	"context"
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
	// The grammar is compiled once the request is admitted (prepareFormat), with the checks of
	// each function's parameters: compiling them is work the tenant's limits pay for.
	var names []string
	var params []json.RawMessage
	for i, name := range t.names {
		if t.choice == "function" && name != t.function {
			continue
		}
		names, params = append(names, name), append(params, t.params[i])
	}
	key, _ := json.Marshal(struct {
		Format string
		Names  []string
		Params []json.RawMessage
	}{s.toolFormat.Name(), names, params}) // strings and valid JSON: cannot fail
	p.format = &formatSpec{key: "tool:" + string(key), param: "tools", compile: func(ctx context.Context, b *grammar.Budget) (*grammar.Grammar, engine.Grammar, *apiError) {
		return toolCallGrammar(ctx, b, names, params, markup, t.choice, s.isToken)
	}}
	return nil
}

// toolCallGrammar is the grammar of one call, in the markup, of one of the named functions.
func toolCallGrammar(ctx context.Context, b *grammar.Budget, names []string, params []json.RawMessage,
	markup struct{ prefix, suffix, argsKey string }, choice string, isToken func([]byte) bool) (*grammar.Grammar, engine.Grammar, *apiError) {
	// Written by hand, not marshalled from maps: the grammar emits properties in the schema's
	// order, and models (and the streamed parser) expect the name first.
	var alts, defs [][]byte
	for i, name := range names {
		args, err := argumentsSchema(ctx, b, params[i])
		if err != nil {
			return nil, engine.Grammar{}, schemaError("tools", err)
		}
		if grammar.UsesRef(args) {
			// Its references point at its root: it moves to the call's $defs, rebased.
			def := fmt.Sprintf("tool%d", i)
			root, own, err := grammar.Rebase(args, def)
			if err != nil {
				return nil, engine.Grammar{}, schemaError("tools", err)
			}
			for _, d := range append([]grammar.Def{{Name: def, Schema: root}}, own...) {
				key, _ := json.Marshal(d.Name) // a string: cannot fail
				defs = append(defs, slices.Concat(key, []byte(":"), d.Schema))
			}
			args = fmt.Appendf(nil, `{"$ref":"#/$defs/%s"}`, def)
		}
		quoted, _ := json.Marshal(name) // a string: cannot fail
		alts = append(alts, fmt.Appendf(nil, `{"type":"object","properties":{"name":{"const":%s},%q:%s},"required":["name",%q],"additionalProperties":false}`,
			quoted, markup.argsKey, args, markup.argsKey))
	}
	var schema []byte
	switch {
	case len(defs) > 0:
		schema = slices.Concat([]byte(`{"anyOf":[`), bytes.Join(alts, []byte(",")), []byte(`],"$defs":{`), bytes.Join(defs, []byte(",")), []byte("}}"))
	case len(alts) > 1:
		schema = slices.Concat([]byte(`{"anyOf":[`), bytes.Join(alts, []byte(",")), []byte("]}"))
	default:
		schema = alts[0]
	}
	g, err := grammar.CompileBudgeted(ctx, schema, b)
	if err != nil {
		if ctx.Err() != nil {
			return nil, engine.Grammar{}, schemaError("tools", err)
		}
		// Only the grammar's bounds can refuse what argumentsSchema accepted one by one.
		return nil, engine.Grammar{}, badRequest("tools", "the tools are too large to constrain tool_choice %q: %s", choice, err)
	}
	return g.Wrap(markup.prefix, markup.suffix, isToken), engine.Grammar{Schema: schema, Prefix: markup.prefix, Suffix: markup.suffix}, nil
}

// argumentsSchema is the schema the constrained arguments follow: the function's parameters,
// refused with the keyword the grammar cannot enforce (never silently loosened to any object, a
// forced call whose arguments the schema does not hold).
func argumentsSchema(ctx context.Context, b *grammar.Budget, params json.RawMessage) ([]byte, error) {
	anyObject := []byte(`{"type":"object"}`)
	if isNull(params) {
		return anyObject, nil
	}
	if _, err := grammar.CompileBudgeted(ctx, params, b); err != nil {
		return nil, err
	}
	var obj map[string]any
	if json.Unmarshal(params, &obj) != nil || (obj["type"] != nil && obj["type"] != "object") {
		return anyObject, nil
	}
	if obj["type"] == nil && obj["properties"] == nil {
		return anyObject, nil // {} or annotations only: any value, but arguments must be an object
	}
	var compact bytes.Buffer
	json.Compact(&compact, params) // Compile parsed it: valid JSON
	return compact.Bytes(), nil
}
