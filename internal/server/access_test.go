package server

import (
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/tenants"
	"github.com/openai/openai-go/v3"
)

func TestAuth(t *testing.T) {
	env := start(t, newFakeEngine(), nil, nil)
	for _, key := range []string{"", "kvw-nope", keyAlice + " "} {
		_, err := env.client(key).Completions.New(ctx(t), openai.CompletionNewParams{Model: model, Prompt: promptOf("x")})
		if key == keyAlice+" " { // trailing space is trimmed: still Alice
			if err != nil {
				t.Fatal(err)
			}
			continue
		}
		ae := apiErr(t, err)
		if ae.StatusCode != 401 || ae.Type != "authentication_error" {
			t.Fatalf("key %q: %d %s", key, ae.StatusCode, ae.Type)
		}
	}
	for _, h := range [][]string{nil, {"Basic " + keyAlice}, {"Bearer"}, {"Bearer    "}, {keyAlice}} {
		if code, body := sendAuth(t, http.MethodGet, env.base+"/v1/models", h); code != 401 || body.Error.Message == "" || body.Error.Type != "authentication_error" {
			t.Fatalf("header %q: %d %+v", h, code, body)
		}
	}
	if len(env.eng.requests()) != 1 {
		t.Fatal("unauthenticated requests reached the engine")
	}
}

func TestModels(t *testing.T) {
	env := start(t, newFakeEngine(), nil, nil)
	c := env.client(keyAlice)
	page, err := c.Models.List(ctx(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Data) != 1 || page.Data[0].ID != model {
		t.Fatalf("models %+v", page.Data)
	}
	if !strings.Contains(page.RawJSON(), `"max_model_len":256`) {
		t.Fatalf("no max context in %s", page.RawJSON())
	}
	m, err := c.Models.Get(ctx(t), model)
	if err != nil || m.ID != model {
		t.Fatalf("get: %+v %v", m, err)
	}
	_, err = c.Models.Get(ctx(t), "other")
	if ae := apiErr(t, err); ae.StatusCode != 404 {
		t.Fatalf("unknown model: %d", ae.StatusCode)
	}
	_, err = c.Completions.New(ctx(t), openai.CompletionNewParams{Model: "gpt-4", Prompt: promptOf("x")})
	if ae := apiErr(t, err); ae.StatusCode != 404 || ae.Code != "model_not_found" {
		t.Fatalf("wrong model: %d %s", ae.StatusCode, ae.Code)
	}
}

func TestContextLength(t *testing.T) {
	env := start(t, newFakeEngine(), nil, nil)
	c := env.client(keyAlice)
	_, err := c.Completions.New(ctx(t), openai.CompletionNewParams{Model: model, Prompt: promptOf(strings.Repeat("z", 100)), MaxTokens: openai.Int(200)})
	ae := apiErr(t, err)
	if ae.StatusCode != 400 || ae.Code != "context_length_exceeded" || ae.Type != "invalid_request_error" {
		t.Fatalf("%d %s %s", ae.StatusCode, ae.Code, ae.Type)
	}
	for _, n := range []string{"256", "300", "100", "200"} {
		if !strings.Contains(ae.Message, n) {
			t.Fatalf("message %q lacks %s", ae.Message, n)
		}
	}
	// Chat's default max_tokens fits the context; an overlong chat prompt is still refused.
	_, err = c.Chat.Completions.New(ctx(t), openai.ChatCompletionNewParams{Model: model,
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage(strings.Repeat("q", 300))}})
	if ae := apiErr(t, err); ae.StatusCode != 400 || ae.Code != "context_length_exceeded" {
		t.Fatalf("chat: %d %s", ae.StatusCode, ae.Code)
	}
}

func TestTenantLimits(t *testing.T) {
	eng := newFakeEngine()
	eng.delay = 5 * time.Millisecond
	env := start(t, eng, nil, nil)
	bob := env.client(keyBob)

	// max_tokens over the tenant's maximum: 400.
	_, err := bob.Completions.New(ctx(t), openai.CompletionNewParams{Model: model, Prompt: promptOf("x"), MaxTokens: openai.Int(51)})
	if ae := apiErr(t, err); ae.StatusCode != 400 || !strings.Contains(ae.Message, "50") {
		t.Fatalf("max tokens: %d %s", ae.StatusCode, ae.Message)
	}
	// n above the concurrency limit can never run: 400.
	_, err = bob.Completions.New(ctx(t), openai.CompletionNewParams{Model: model, Prompt: promptOf("x"), MaxTokens: openai.Int(2), N: openai.Int(2)})
	if ae := apiErr(t, err); ae.StatusCode != 400 {
		t.Fatalf("n over concurrency: %d", ae.StatusCode)
	}

	// One stream running: the second concurrent request gets 429 + Retry-After.
	st := bob.Completions.NewStreaming(ctx(t), openai.CompletionNewParams{Model: model, Prompt: promptOf("ab"), MaxTokens: openai.Int(20)})
	if !st.Next() {
		t.Fatalf("stream: %v", st.Err())
	}
	code, hdr, body := env.post("/v1/completions", keyBob, `{"model":"fake-model","prompt":"x","max_tokens":1}`)
	if code != 429 || hdr.Get("Retry-After") == "" || !strings.Contains(string(body), "concurrency_limit_exceeded") {
		t.Fatalf("concurrency: %d %v %s", code, hdr, body)
	}
	// Alice is not affected by Bob's limits.
	if _, err := env.client(keyAlice).Completions.New(ctx(t), openai.CompletionNewParams{Model: model, Prompt: promptOf("x"), MaxTokens: openai.Int(1)}); err != nil {
		t.Fatal(err)
	}
	for st.Next() {
	}
	if err := st.Err(); err != nil {
		t.Fatal(err)
	}

	// Tokens per minute (120): the stream used 2 + 20; 2 + 50 fits, then 40 + 50 no longer does.
	if _, err := bob.Completions.New(ctx(t), openai.CompletionNewParams{Model: model, Prompt: promptOf("ab"), MaxTokens: openai.Int(50)}); err != nil {
		t.Fatal(err)
	}
	code, hdr, body = env.post("/v1/completions", keyBob, `{"model":"fake-model","prompt":"`+strings.Repeat("y", 40)+`","max_tokens":50}`)
	if code != 429 || hdr.Get("Retry-After") == "" || !strings.Contains(string(body), "rate_limit_exceeded") {
		t.Fatalf("tokens per minute: %d %v %s", code, hdr, body)
	}
	// 100 + 50 is more than the whole bucket: never served, a 400 naming both numbers.
	code, _, body = env.post("/v1/completions", keyBob, `{"model":"fake-model","prompt":"`+strings.Repeat("y", 100)+`","max_tokens":50}`)
	if code != 400 || !strings.Contains(string(body), "150 tokens") || !strings.Contains(string(body), "is 120") {
		t.Fatalf("over the bucket: %d %s", code, body)
	}
}

func TestEngineRejections(t *testing.T) {
	eng := newFakeEngine()
	env := start(t, eng, nil, nil)
	c := env.client(keyAlice)
	for _, tc := range []struct {
		reason kvtypes.RejectReason
		status int
		retry  bool
	}{
		{kvtypes.RejectOverloaded, 429, true},
		{kvtypes.RejectShuttingDown, 503, true},
		{kvtypes.RejectInvalid, 400, false},
		{kvtypes.RejectPoolCapacity, 400, false},
	} {
		eng.reject = &engine.RejectError{Reason: tc.reason, Message: "no"}
		code, hdr, body := env.post("/v1/completions", keyAlice, `{"model":"fake-model","prompt":"x","max_tokens":1}`)
		if code != tc.status || (hdr.Get("Retry-After") != "") != tc.retry {
			t.Fatalf("%s: %d %v %s", tc.reason, code, hdr, body)
		}
	}
	eng.reject = nil

	// n=3 where the second submission is refused: all or nothing, the first is closed at once.
	eng.rejectNth = len(eng.requests()) + 2
	eng.delay = 5 * time.Millisecond
	_, err := c.Completions.New(ctx(t), openai.CompletionNewParams{Model: model, Prompt: promptOf("x"), MaxTokens: openai.Int(100), N: openai.Int(3)})
	if ae := apiErr(t, err); ae.StatusCode != 429 {
		t.Fatalf("partial submit: %d", ae.StatusCode)
	}
	waitFor(t, func() bool { return eng.running.Load() == 0 })
	if eng.closed.Load() != 1 || eng.finished.Load() != 0 {
		t.Fatalf("closed %d finished %d", eng.closed.Load(), eng.finished.Load())
	}
}

func TestReloadTenants(t *testing.T) {
	f := &tenants.File{Version: tenants.FileVersion}
	key, _ := f.Add("carol", tenants.Limits{})
	path, store := saveStore(t, f)
	env := start(t, newFakeEngine(), store, nil)
	if code, _, _ := env.post("/v1/completions", key, `{"prompt":"a","max_tokens":1}`); code != 200 {
		t.Fatalf("before removal: %d", code)
	}
	carol := f.Tenants[0].UID
	f.Remove("carol")
	key2, _ := f.Add("dave", tenants.Limits{MaxTokens: 1})
	if err := f.Save(path); err != nil {
		t.Fatal(err)
	}
	if err := env.srv.ReloadTenants(); err != nil {
		t.Fatal(err)
	}
	if code, _, _ := env.post("/v1/completions", key, `{"prompt":"a","max_tokens":1}`); code != 401 {
		t.Fatalf("removed key: %d", code)
	}
	if code, _, _ := env.post("/v1/completions", key2, `{"prompt":"a","max_tokens":2}`); code != 400 {
		t.Fatalf("new tenant's limit: %d", code)
	}
	if r := env.eng.requests(); r[len(r)-1].Tenant != carol {
		t.Fatal("the engine did not get the tenant's UID")
	}
	if env.eng.dropped == nil || len(env.eng.dropped) != 1 || env.eng.dropped[0] != carol {
		t.Fatalf("dropped prefix caches %v, want carol's %s", env.eng.dropped, carol)
	}
}

func TestDevMode(t *testing.T) {
	eng := newFakeEngine()
	srv, err := New(Config{Addr: "0.0.0.0:0", Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}, eng, byteTok{}, tenants.NewDevStore())
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Run(); err == nil || !strings.Contains(err.Error(), "loopback") {
		t.Fatalf("dev mode on 0.0.0.0: %v", err)
	}
	for addr, want := range map[string]bool{"127.0.0.1:80": true, "[::1]:80": true, "localhost:1": true, "127.8.0.1:1": true,
		":8080": false, "0.0.0.0:1": false, "[::]:1": false, "10.0.0.1:1": false, "example.com:1": false, "junk": false} {
		if IsLoopback(addr) != want {
			t.Errorf("IsLoopback(%q) = %v", addr, !want)
		}
	}
	env := start(t, eng, tenants.NewDevStore(), nil)
	if code, _, body := env.post("/v1/completions", "", `{"prompt":"a","max_tokens":1}`); code != 200 {
		t.Fatalf("dev mode without a key: %d %s", code, body)
	}
	if r := eng.requests(); r[len(r)-1].Tenant != tenants.DevTenant {
		t.Fatal("dev tenant not used")
	}
	if !strings.Contains(env.logs.String(), "DEV MODE") {
		t.Fatal("no dev-mode warning at start")
	}
}

// TestServedModelNames checks the first name is reported and every name is accepted and listed.
func TestServedModelNames(t *testing.T) {
	env := startWith(t, newFakeEngine(), nil, nil, func(c *Config) {
		c.ModelName, c.ModelAliases, c.OnlyModelNames = "first", []string{"second"}, true
	})
	c := env.client(keyAlice)
	page, err := c.Models.List(ctx(t))
	if err != nil || len(page.Data) != 2 || page.Data[0].ID != "first" || page.Data[1].ID != "second" {
		t.Fatalf("models %+v %v", page, err)
	}
	for _, name := range []string{"first", "second", ""} {
		resp, err := c.Completions.New(ctx(t), openai.CompletionNewParams{Model: openai.CompletionNewParamsModel(name), Prompt: promptOf("x"), MaxTokens: openai.Int(1)})
		if err != nil || resp.Model != "first" {
			t.Errorf("model %q: %+v %v", name, resp, err)
		}
		if name == "" {
			continue
		}
		if m, err := c.Models.Get(ctx(t), name); err != nil || m.ID != name {
			t.Errorf("get %q: %+v %v", name, m, err)
		}
	}
	// The engine's own name is no longer one of them.
	_, err = c.Completions.New(ctx(t), openai.CompletionNewParams{Model: model, Prompt: promptOf("x")})
	if ae := apiErr(t, err); ae.StatusCode != 404 {
		t.Fatalf("engine name: %d", ae.StatusCode)
	}
}

// TestEngineModelNameAccepted: without OnlyModelNames, the engine's own name is accepted, unlisted.
func TestEngineModelNameAccepted(t *testing.T) {
	env := startWith(t, newFakeEngine(), nil, nil, func(c *Config) { c.ModelName = "file-name" })
	c := env.client(keyAlice)
	page, err := c.Models.List(ctx(t))
	if err != nil || len(page.Data) != 1 || page.Data[0].ID != "file-name" {
		t.Fatalf("models %+v %v", page, err)
	}
	if _, err := c.Completions.New(ctx(t), openai.CompletionNewParams{Model: model, Prompt: promptOf("x"), MaxTokens: openai.Int(1)}); err != nil {
		t.Fatal(err)
	}
}
