package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/grammar"
	"github.com/kvwarden/kvwarden/internal/tensor"
	"github.com/kvwarden/kvwarden/internal/testenv"
	"github.com/kvwarden/kvwarden/internal/testenv/testmodel"
)

func schemaChat(schema string) string {
	return `{"model":"` + model + `","messages":[{"role":"user","content":"x"}],"max_tokens":40,"response_format":{"type":"json_schema","json_schema":{"name":"s","schema":` + schema + `}}}`
}

// TestStructuredAttackSchemas: issue 19's schemas, sent as an attacker would, are refused with a
// 400 naming the bound they pass, each in well under a second, while another tenant's small
// request completes at once.
func TestStructuredAttackSchemas(t *testing.T) {
	env := start(t, newFakeEngine(), nil, nil)
	attacks := []struct{ name, schema, bound string }{
		{"nested anyOf K=32", testenv.NestedAnyOf(32), "live-stack bound"},
		{"nested anyOf K=128", testenv.NestedAnyOf(128), "live-stack bound"},
		{"$defs chain N=24", testenv.DefsChain(24, false), "more than 1024 alternatives"},
		{"$defs chain N=28", testenv.DefsChain(28, false), "more than 1024 alternatives"},
	}
	var wg sync.WaitGroup
	for _, a := range attacks {
		wg.Go(func() {
			begin := time.Now()
			code, _, raw := env.post("/v1/chat/completions", keyAlice, schemaChat(a.schema))
			var e errorBody
			json.Unmarshal(raw, &e)
			if code != 400 || e.Error.Param == nil || *e.Error.Param != "response_format.json_schema.schema" || !strings.Contains(e.Error.Message, a.bound) {
				t.Errorf("%s: %d %s", a.name, code, raw)
			}
			if took := time.Since(begin); took > time.Second {
				t.Errorf("%s: answered in %v, want well under a second", a.name, took)
			}
		})
	}
	begin := time.Now()
	if code, _, raw := env.post("/v1/completions", keyBob, `{"model":"fake-model","prompt":"x","max_tokens":1}`); code != 200 {
		t.Errorf("the other tenant: %d %s", code, raw)
	}
	if took := time.Since(begin); took > time.Second {
		t.Errorf("the other tenant waited %v", took)
	}
	wg.Wait()
}

// TestSchemaCompiledAfterLimits: a tenant out of tokens-per-minute gets its 429 without its schema
// being compiled (one that compiling refuses, so a 400 would say it was compiled first).
func TestSchemaCompiledAfterLimits(t *testing.T) {
	env := start(t, newFakeEngine(), nil, nil)
	for range 2 { // bob: 120 tokens a minute; each of these uses 1 + 50
		if code, _, raw := env.post("/v1/completions", keyBob, `{"model":"fake-model","prompt":"x","max_tokens":50}`); code != 200 {
			t.Fatalf("%d %s", code, raw)
		}
	}
	body := `{"model":"fake-model","prompt":"x","max_tokens":30,"guided_json":{"type":"string","not":{}}}`
	if code, _, raw := env.post("/v1/completions", keyBob, body); code != 429 || !strings.Contains(string(raw), "rate_limit_exceeded") {
		t.Errorf("got %d %s, want the tokens-per-minute 429 before any compilation", code, raw)
	}
}

// TestCompileStopsOnHangUp: a request whose context has ended (its client hung up) compiles
// nothing: the answer is the client-closed one, at once, for a schema whose compilation runs
// to the budget.
func TestCompileStopsOnHangUp(t *testing.T) {
	env := start(t, newFakeEngine(), nil, nil)
	costly := []byte(testenv.CostlySchema())
	f, e := compileFormat(costly, "guided_json")
	if e != nil {
		t.Fatal(e)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	begin := time.Now()
	e = env.srv.prepareFormat(ctx, f)
	if e == nil || e.Code != codeClientClosed || f.grammar != nil {
		t.Fatalf("got %+v, want the client-closed error and no grammar", e)
	}
	if took := time.Since(begin); took > 50*time.Millisecond {
		t.Errorf("a hung-up request compiled for %v", took)
	}
	// The same schema with its client still there runs to the budget and is refused.
	if e := env.srv.prepareFormat(context.Background(), f); e == nil || !strings.Contains(e.Message, "compile budget") {
		t.Errorf("got %+v, want the compile-budget 400", e)
	}
}

// TestMatcherCachePerTenant: tenant B's first request for a schema tenant A used makes B's own
// matcher (its token sets are walked anew, as for a fresh schema); A's stays A's; and a tenant
// sending many schemas evicts its own matchers, not the others'.
func TestMatcherCachePerTenant(t *testing.T) {
	env := start(t, newFakeEngine(), nil, nil)
	s := env.srv
	spec := func(schema string) *formatSpec {
		f, e := compileFormat([]byte(schema), "guided_json")
		if e == nil {
			e = s.prepareFormat(context.Background(), f)
		}
		if e != nil {
			t.Fatal(e)
		}
		return f
	}
	f := spec(`{"type":"object","properties":{"product":{"const":"secret-launch"}}}`)
	a, madeA, _ := s.matcher("tenant-a", f)
	b, madeB, _ := s.matcher("tenant-b", f)
	a2, madeA2, _ := s.matcher("tenant-a", f)
	if !madeA || !madeB || a == b || madeA2 || a2 != a {
		t.Fatalf("A made %v, B made %v (shared %v), A again made %v (same %v): want one matcher per tenant", madeA, madeB, a == b, madeA2, a2 == a)
	}
	for i := range 3 * maxTenantMatchers {
		s.matcher("tenant-a", spec(fmt.Sprintf(`{"const":%d}`, i)))
	}
	if _, made, _ := s.matcher("tenant-b", f); made {
		t.Error("tenant A's schemas evicted tenant B's matcher")
	}
	for i := range 2 * maxMatchers {
		s.matcher(fmt.Sprintf("tenant-%d", i), f)
	}
	gs := &s.grammars
	gs.mu.Lock()
	defer gs.mu.Unlock()
	if len(gs.matchers) > maxMatchers || gs.held["tenant-a"] > maxTenantMatchers {
		t.Errorf("%d matchers, tenant A holds %d: want at most %d and %d", len(gs.matchers), gs.held["tenant-a"], maxMatchers, maxTenantMatchers)
	}
}

// TestToolArgumentsDecodedRef: parameters with $ref (the key written plainly or as the JSON
// escape \u0024ref, which a byte search misses) are embedded rebased, not loosened to any
// object: the call's arguments follow the referenced definitions, a recursive one included.
func TestToolArgumentsDecodedRef(t *testing.T) {
	pieces := [][]byte{nil}
	for c := range 256 {
		pieces = append(pieces, []byte{byte(c)})
	}
	vocab := grammar.NewVocab(pieces, []int32{0})
	markup := struct{ prefix, suffix, argsKey string }{"", "", "arguments"}
	for _, tc := range []struct {
		params   string
		ok, fail string
	}{
		{`{"type":"object","properties":{"a":{"$ref":"#/$defs/x"}},"$defs":{"x":{"type":"string"}},"required":["a"]}`, `{"a":"s"}`, `{"a":1}`},
		{`{"type":"object","properties":{"a":{"\u0024ref":"#/definitions/x"}},"definitions":{"x":{"type":"integer"}},"required":["a"]}`, `{"a":1}`, `{"a":"s"}`},
		{`{"type":"object","properties":{"kid":{"$ref":"#"},"n":{"type":"integer"}},"required":["n"]}`, `{"kid":{"n":1},"n":2}`, `{"kid":{},"n":2}`},
	} {
		g, _, e := toolCallGrammar(context.Background(), &grammar.Budget{}, []string{"f", "g"}, []json.RawMessage{json.RawMessage(tc.params), json.RawMessage(`{"type":"object"}`)}, markup, "required", nil)
		if e != nil {
			t.Fatalf("%s: %v", tc.params, e)
		}
		m, err := grammar.NewMatcher(g, vocab)
		if err != nil {
			t.Fatal(err)
		}
		for doc, want := range map[string]bool{tc.ok: true, tc.fail: false} {
			s, ok := m.Feed(m.Start(), []byte(`{"name":"f","arguments":`+doc+`}`))
			if got := ok && s.Complete(); got != want {
				t.Errorf("%s: arguments %s accepted %v, want %v", tc.params, doc, got, want)
			}
		}
	}
}

// TestDrainWithConstrainedAttacker: on the real engine and Qwen's 151,936-token vocabulary, a
// tenant streaming under the worst schema the bounds accept (the nested anyOf at K=8: 64 stacks
// inside every string, each request on its own matcher) leaves another tenant's request served,
// and a drain still ends within its timeout, every engine request gone.
func TestDrainWithConstrainedAttacker(t *testing.T) {
	m, tok, _ := testmodel.Open(t, "qwen2-tiny-random.gguf")
	eng, err := engine.New(m, tok, engine.Config{Threads: 2, KVDType: tensor.F32, KVMemBytes: 16 << 20, Logger: discardLogger()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(eng.Close)
	srv, err := New(Config{Logger: discardLogger()}, eng, tok, testStore(t))
	if err != nil {
		t.Fatal(err)
	}
	base, served := serve(t, srv)
	env := &testEnv{t: t, srv: srv, base: base}
	waitFor(t, func() bool { return srv.serving.Load() })

	attack := env.open(t, context.Background(), http.MethodPost, "/v1/completions", keyAlice, nil,
		`{"prompt":"x","max_tokens":3000,"temperature":1,"stream":true,"guided_json":`+testenv.NestedAnyOf(8)+`}`)
	defer attack.Body.Close()
	if attack.StatusCode != 200 {
		t.Fatalf("the attacker's stream: %d", attack.StatusCode)
	}
	read := make(chan int64, 1)
	go func() { n, _ := io.Copy(io.Discard, attack.Body); read <- n }()
	if code, _, raw := env.post("/v1/completions", keyBob, `{"prompt":"hi","max_tokens":8}`); code != 200 {
		t.Fatalf("the other tenant beside the attacker: %d %s", code, raw)
	}

	const drainTimeout = 2 * time.Second
	ctx, cancel := context.WithTimeout(context.Background(), drainTimeout)
	defer cancel()
	begin := time.Now()
	err = srv.Shutdown(ctx)
	if took := time.Since(begin); took > drainTimeout+time.Second {
		t.Errorf("the drain took %v (err %v), want it within its %v timeout", took, err, drainTimeout)
	}
	if err := <-served; err != nil {
		t.Errorf("serve: %v", err)
	}
	if n := <-read; n < 1000 {
		t.Errorf("the attacker's stream carried %d bytes: it did not run through the drain", n)
	}
	testenv.WaitFor(t, 5*time.Second, func() bool { return eng.Stats().Running == 0 })
}
