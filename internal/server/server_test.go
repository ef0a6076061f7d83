package server

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/operator"
	"github.com/kvwarden/kvwarden/internal/sampler"
	"github.com/kvwarden/kvwarden/internal/tenants"
	"github.com/kvwarden/kvwarden/internal/testenv"
	"github.com/kvwarden/kvwarden/internal/testenv/testtok"
	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
)

const (
	keyAlice = "kvw-alice-test-key"
	keyBob   = "kvw-bob-test-key"
	uidAlice = "a11ce000000000000000000000000000" // what the engine knows alice by
	model    = "fake-model"
)

type testEnv struct {
	t     *testing.T
	eng   *fakeEngine
	srv   *Server
	base  string
	mbase string // the operator listener serving /metrics
	logs  *testenv.LogBuffer
	store *tenants.Store
}

func testStore(t testing.TB) *tenants.Store {
	t.Helper()
	f := &tenants.File{Version: tenants.FileVersion, Tenants: []tenants.Tenant{
		{ID: "alice", UID: uidAlice, KeyHash: tenants.HashKey(keyAlice)},
		{ID: "bob", KeyHash: tenants.HashKey(keyBob), Limits: tenants.Limits{MaxConcurrent: 1, TokensPerMinute: 120, MaxTokens: 50}},
	}}
	s, err := tenants.NewMemStore(f)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// start serves eng on 127.0.0.1 with a fresh port; the server is shut down when the test ends.
func start(t *testing.T, eng *fakeEngine, store *tenants.Store, tok Tokenizer) *testEnv {
	t.Helper()
	env := startWith(t, eng, store, tok, nil)
	env.eng = eng
	return env
}

// startWith is start for any engine (the real one included), with a configuration hook.
func startWith(t *testing.T, eng engine.Interface, store *tenants.Store, tok Tokenizer, mutate func(*Config)) *testEnv {
	t.Helper()
	if store == nil {
		store = testStore(t)
	}
	if tok == nil {
		tok = byteTok{}
	}
	logs := &testenv.LogBuffer{}
	cfg := Config{Logger: slog.New(slog.NewTextHandler(logs, nil)), StreamWriteTimeout: 5 * time.Second}
	if mutate != nil {
		mutate(&cfg)
	}
	srv, err := New(cfg, eng, tok, store)
	if err != nil {
		t.Fatal(err)
	}
	base, done := serve(t, srv)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := srv.Shutdown(ctx); err != nil {
			t.Errorf("shutdown: %v", err)
		}
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	op := operator.New(srv.Operator())
	ms := httptest.NewServer(op)
	t.Cleanup(ms.Close)
	t.Cleanup(op.Close) // first: an open console would hold ms.Close

	return &testEnv{t: t, srv: srv, base: base, mbase: ms.URL, logs: logs, store: store}
}

// serve serves srv on a fresh loopback port; done receives Serve's result.
func serve(t *testing.T, srv *Server) (base string, done chan error) {
	t.Helper()
	ln := testenv.Listen(t)
	done = make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	return "http://" + ln.Addr().String(), done
}

// saveStore writes f to a new tenants file and opens it as the server does.
func saveStore(t *testing.T, f *tenants.File) (path string, store *tenants.Store) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "tenants.json")
	if err := f.Save(path); err != nil {
		t.Fatal(err)
	}
	store, err := tenants.NewStore(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, store
}

func (e *testEnv) client(key string) *openai.Client {
	c := openai.NewClient(option.WithBaseURL(e.base+"/v1/"), option.WithAPIKey(key), option.WithMaxRetries(0),
		option.WithRequestTimeout(20*time.Second))
	return &c
}

// open sends a raw request as key ("" for none) and returns the response, its body open for the
// caller to read and close. t is the calling test or subtest.
func (e *testEnv) open(t testing.TB, ctx context.Context, method, path, key string, headers map[string]string, body string) *http.Response {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, method, e.base+path, strings.NewReader(body))
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// post sends a raw request and returns the status, headers and body.
func (e *testEnv) post(path, key, body string) (int, http.Header, []byte) {
	e.t.Helper()
	resp := e.open(e.t, context.Background(), http.MethodPost, path, key, map[string]string{"Content-Type": "application/json"}, body)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, b
}

func apiErr(t *testing.T, err error) *openai.Error {
	t.Helper()
	var ae *openai.Error
	if !errors.As(err, &ae) {
		t.Fatalf("want an API error, got %v", err)
	}
	return ae
}

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return c
}

func promptOf(s string) openai.CompletionNewParamsPromptUnion {
	return openai.CompletionNewParamsPromptUnion{OfString: openai.String(s)}
}

func TestCompletion(t *testing.T) {
	env := start(t, newFakeEngine(), nil, nil)
	c := env.client(keyAlice)
	resp, err := c.Completions.New(ctx(t), openai.CompletionNewParams{
		Model: model, Prompt: promptOf("hello"), MaxTokens: openai.Int(8),
		Temperature: openai.Float(0.5), TopP: openai.Float(0.9), Seed: openai.Int(42),
		PresencePenalty: openai.Float(0.25), FrequencyPenalty: openai.Float(-0.5), User: openai.String("ignored"),
	}, option.WithJSONSet("top_k", 7), option.WithJSONSet("min_p", 0.05), option.WithJSONSet("repetition_penalty", 1.1))
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Choices) != 1 || resp.Choices[0].Text != "hellohel" || resp.Choices[0].FinishReason != "length" {
		t.Fatalf("choices %+v", resp.Choices)
	}
	if resp.Object != "text_completion" || resp.Model != model || !strings.HasPrefix(resp.ID, "cmpl-") {
		t.Fatalf("envelope %q %q %q", resp.Object, resp.Model, resp.ID)
	}
	if u := resp.Usage; u.PromptTokens != 5 || u.CompletionTokens != 8 || u.TotalTokens != 13 {
		t.Fatalf("usage %+v", u)
	}
	reqs := env.eng.requests()
	if len(reqs) != 1 {
		t.Fatalf("%d engine requests", len(reqs))
	}
	r := reqs[0]
	want := sampler.Params{Temperature: 0.5, TopP: 0.9, TopK: 7, MinP: 0.05, RepetitionPenalty: 1.1,
		PresencePenalty: 0.25, FrequencyPenalty: -0.5, Seed: 42, TopLogprobs: -1}
	if r.Tenant != uidAlice || r.MaxTokens != 8 || r.Sampling != want || !r.HasSeed || string(byteTok{}.Decode(r.Prompt)) != "hello" {
		t.Fatalf("engine request %+v", r)
	}

	// Default max_tokens for completions is 16; an id prompt goes to the engine unchanged.
	resp, err = c.Completions.New(ctx(t), openai.CompletionNewParams{Model: model,
		Prompt: openai.CompletionNewParamsPromptUnion{OfArrayOfTokens: []int64{'a', 'b'}}})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Choices[0].Text != "abababababababab" || resp.Usage.PromptTokens != 2 {
		t.Fatalf("token prompt: %+v", resp)
	}
}

func TestChat(t *testing.T) {
	env := start(t, newFakeEngine(), nil, nil)
	c := env.client(keyAlice)
	resp, err := c.Chat.Completions.New(ctx(t), openai.ChatCompletionNewParams{
		Model:    model,
		Messages: []openai.ChatCompletionMessageParamUnion{openai.SystemMessage("be brief"), openai.UserMessage("Hi there")},
	})
	if err != nil {
		t.Fatal(err)
	}
	ch := resp.Choices[0]
	if ch.Message.Content != "Hi there" || ch.Message.Role != "assistant" || ch.FinishReason != "stop" || resp.Object != "chat.completion" {
		t.Fatalf("response %+v", resp)
	}
	prompt := env.eng.requests()[0].Prompt
	wantPrompt := "<|im_start|>system\nbe brief<|im_end|>\n<|im_start|>user\nHi there<|im_end|>\n<|im_start|>assistant\n"
	if got := (byteTok{}).Encode(wantPrompt, false, true); !slices.Equal(prompt, got) {
		t.Fatalf("prompt ids %v, want ChatML rendering", prompt)
	}
	// "Hi there" (8) + <|im_end|>.
	if u := resp.Usage; u.PromptTokens != int64(len(prompt)) || u.CompletionTokens != 9 {
		t.Fatalf("usage %+v", u)
	}
	// Chat's default max_tokens is the rest of the context.
	if r := env.eng.requests()[0]; r.MaxTokens != env.eng.info.MaxContext-len(prompt) {
		t.Fatalf("default max_tokens %d", r.MaxTokens)
	}

	// Text content parts and max_completion_tokens.
	resp, err = c.Chat.Completions.New(ctx(t), openai.ChatCompletionNewParams{
		Model:               model,
		Messages:            []openai.ChatCompletionMessageParamUnion{openai.UserMessage([]openai.ChatCompletionContentPartUnionParam{openai.TextContentPart("ab"), openai.TextContentPart("cd")})},
		MaxCompletionTokens: openai.Int(3),
	})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Choices[0].Message.Content != "abc" || resp.Choices[0].FinishReason != "length" {
		t.Fatalf("parts: %+v", resp.Choices[0])
	}
}

// TestChatQwen3Template serves chat through the real Qwen3 template from the shared tiny model: a
// check against real template data, which skips without ../shared.
func TestChatQwen3Template(t *testing.T) {
	_, src := testtok.Load(t, "qwen2-tiny-random.gguf")
	eng := newFakeEngine()
	eng.info.ChatTemplate = src
	env := start(t, eng, nil, nil)
	resp, err := env.client(keyAlice).Chat.Completions.New(ctx(t), openai.ChatCompletionNewParams{Model: model,
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("Hello world")}})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Choices[0].Message.Content != "Hello world" {
		t.Fatalf("content %q", resp.Choices[0].Message.Content)
	}
	want := (byteTok{}).Encode("<|im_start|>user\nHello world<|im_end|>\n<|im_start|>assistant\n", false, true)
	if !slices.Equal(eng.requests()[0].Prompt, want) {
		t.Fatal("prompt differs from the reference rendering")
	}
	// enable_thinking=false through chat_template_kwargs.
	code, _, body := env.post("/v1/chat/completions", keyAlice, `{"messages":[{"role":"user","content":"x"}],"chat_template_kwargs":{"enable_thinking":false},"max_tokens":1}`)
	if code != 200 {
		t.Fatalf("%d %s", code, body)
	}
	reqs := eng.requests()
	if got := (byteTok{}).Decode(reqs[len(reqs)-1].Prompt); !strings.HasSuffix(got, "assistant\n<think>\n\n</think>\n\n") {
		t.Fatalf("rendered %q", got)
	}
}

// A template that writes the BOS token itself must not get a second one from the tokenizer.
func TestChatTemplateBOS(t *testing.T) {
	eng := newFakeEngine()
	eng.info.ChatTemplate = `{{ bos_token }}{% for m in messages %}{% if m.role == 'system' %}{{ raise_exception('System role not supported') }}{% endif %}` +
		`<|im_start|>{{ m.role }}` + "\n" + `{{ m.content }}<|im_end|>{% endfor %}<|im_start|>user` + "\n"
	env := start(t, eng, nil, byteTok{addBOS: true})
	c := env.client(keyAlice)
	resp, err := c.Chat.Completions.New(ctx(t), openai.ChatCompletionNewParams{Model: model, Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("yo")}})
	if err != nil {
		t.Fatal(err)
	}
	p := eng.requests()[0].Prompt
	if p[0] != tokBOS || p[1] == tokBOS {
		t.Fatalf("prompt starts %v", p[:3])
	}
	if resp.Choices[0].Message.Content != "" { // the template ends on a user header: the fake echoes nothing
		t.Fatalf("content %q", resp.Choices[0].Message.Content)
	}
	_, err = c.Chat.Completions.New(ctx(t), openai.ChatCompletionNewParams{Model: model, Messages: []openai.ChatCompletionMessageParamUnion{openai.SystemMessage("s"), openai.UserMessage("u")}})
	ae := apiErr(t, err)
	if ae.StatusCode != 400 || ae.Code != "chat_template_error" || !strings.Contains(ae.Message, "System role not supported") {
		t.Fatalf("template failure: %d %s %s", ae.StatusCode, ae.Code, ae.Message)
	}
}

func (e *testEnv) get(path string) (int, http.Header, []byte) { return e.getFrom(e.base + path) }

// metrics scrapes the operator listener.
func (e *testEnv) metrics() (int, http.Header, []byte) { return e.getFrom(e.mbase + "/metrics") }

func (e *testEnv) getFrom(url string) (int, http.Header, []byte) {
	resp, err := http.Get(url)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, b
}
