package server

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/grammar"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/tensor"
	"github.com/kvwarden/kvwarden/internal/testenv"
	"github.com/kvwarden/kvwarden/internal/testenv/testmodel"
)

// TestDeepSchemaKeepsReplicaReady: finding 1 of issue 34, on the real engine. A schema whose
// values nest deeper than the grammar's stack (one-item arrays 48 levels deep, about 3 KB, and the
// same depth through $ref objects, anyOf and tuples) was accepted, failed in generation as an
// engine internal error (500), and held /ready at 503 for a minute: one request a minute took
// every replica out of its load balancer. Each is now refused before it runs, with a 400 that
// names the nesting bound, and the replica stays ready; a schema one level less is served.
func TestDeepSchemaKeepsReplicaReady(t *testing.T) {
	m, tok, _ := testmodel.Open(t, testmodel.Demo)
	eng, err := engine.New(m, tok, engine.Config{Threads: 1, KVDType: tensor.F32, KVMemBytes: 8 << 20, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(eng.Close)
	env := startWith(t, eng, nil, tok, nil)
	waitFor(t, func() bool { return env.srv.serving.Load() })
	ready := func(after string) {
		t.Helper()
		if code, _, body := env.get("/ready"); code != 200 {
			t.Fatalf("after %s: /ready %d %s", after, code, body)
		}
		if code, _, body := env.get("/health"); code != 200 {
			t.Fatalf("after %s: /health %d %s", after, code, body)
		}
		if st := eng.Stats(); st.StepErrors != 0 || st.Aborted[kvtypes.AbortInternal] != 0 {
			t.Fatalf("after %s: %d engine internal errors, %d internal aborts", after, st.StepErrors, st.Aborted[kvtypes.AbortInternal])
		}
	}
	bound := fmt.Sprintf("nesting bound of %d", grammar.MaxDepth)
	for _, levels := range []int{grammar.MaxDepth, grammar.MaxDepth + 8} {
		for name, schema := range testenv.DeepSchemas(levels) {
			body := `{"prompt":"x","max_tokens":400,"temperature":1,"guided_json":` + schema + `}`
			code, _, raw := env.post("/v1/completions", keyAlice, body)
			var e errorBody
			json.Unmarshal(raw, &e)
			if code != 400 || e.Error.Type != errInvalidRequest || e.Error.Param == nil || *e.Error.Param != "guided_json" || !strings.Contains(e.Error.Message, bound) {
				t.Errorf("%s %d levels deep, %d bytes: %d %.300s; want a 400 naming the %s", name, levels, len(schema), code, raw, bound)
			}
			ready(name)
		}
	}
	for name, schema := range testenv.DeepSchemas(grammar.MaxDepth - 1) {
		body := `{"prompt":"x","max_tokens":400,"temperature":1,"guided_json":` + schema + `}`
		if code, _, raw := env.post("/v1/completions", keyAlice, body); code != 200 {
			t.Errorf("%s one level less: %d %s", name, code, raw)
		}
		ready(name + " one level less")
	}
}

// TestDeepSchemaRefusedEverywhere: the nesting bound holds wherever a schema comes in: a
// response_format, and a tool's parameters (whose call adds a level around them).
func TestDeepSchemaRefusedEverywhere(t *testing.T) {
	env := start(t, newFakeEngine(), nil, nil)
	bound := fmt.Sprintf("nesting bound of %d", grammar.MaxDepth)
	for name, schema := range testenv.DeepSchemas(grammar.MaxDepth) {
		code, _, raw := env.post("/v1/chat/completions", keyAlice, schemaChat(schema))
		if code != 400 || !strings.Contains(string(raw), bound) || !strings.Contains(string(raw), `"param":"response_format.json_schema.schema"`) {
			t.Errorf("response_format %s: %d %s", name, code, raw)
		}
	}
	// Parameters an object around the chain: within the bound alone, past it in the call's object.
	chain := testenv.DeepSchemas(grammar.MaxDepth - 2)["$ref objects"]
	params := strings.TrimSuffix(chain, `"$ref":"#/$defs/d0"}`) + `"type":"object","properties":{"a":{"$ref":"#/$defs/d0"}},"required":["a"]}`
	if _, err := grammar.Compile([]byte(params)); err != nil {
		t.Fatalf("the parameters alone: %v", err)
	}
	tools := `{"model":"` + model + `","messages":[{"role":"user","content":"x"}],"max_tokens":40,"tool_choice":"required",` +
		`"tools":[{"type":"function","function":{"name":"f","parameters":` + params + `}}]}`
	if code, _, raw := env.post("/v1/chat/completions", keyAlice, tools); code != 400 || !strings.Contains(string(raw), bound) || !strings.Contains(string(raw), `"param":"tools"`) {
		t.Errorf("tool parameters: %d %s", code, raw)
	}
}

// TestConstraintAbortIsTheRequests: a request whose structured output stops at a bound of the
// grammar while it generates ends with a 400 that says so (its schema's doing), not as a server
// error, and the replica's readiness is not touched.
func TestConstraintAbortIsTheRequests(t *testing.T) {
	eng := newFakeEngine()
	eng.abortAfter, eng.abortWith = 2, &engine.AbortError{Reason: kvtypes.AbortConstraint, Message: "no token can continue"}
	env := start(t, eng, nil, nil)
	waitFor(t, func() bool { return env.srv.serving.Load() })
	code, _, raw := env.post("/v1/completions", keyAlice, `{"model":"fake-model","prompt":"x","max_tokens":8}`)
	var e errorBody
	json.Unmarshal(raw, &e)
	if code != 400 || e.Error.Type != errInvalidRequest || e.Error.Code == nil || *e.Error.Code != "structured_output_bound" || !strings.Contains(e.Error.Message, "grammar's bounds") {
		t.Errorf("a constraint abort: %d %s, want a 400 naming the grammar's bounds", code, raw)
	}
	if code, _, body := env.get("/ready"); code != 200 {
		t.Errorf("/ready after a constraint abort: %d %s", code, body)
	}
}
