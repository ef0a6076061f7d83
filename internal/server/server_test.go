package server

import (
	"bufio"
	"context"
	"encoding/json"
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
	"unicode/utf8"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
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

func TestStreamingCompletion(t *testing.T) {
	env := start(t, newFakeEngine(), nil, nil)
	c := env.client(keyAlice)
	st := c.Completions.NewStreaming(ctx(t), openai.CompletionNewParams{
		Model: model, Prompt: promptOf("héllo 😀 wörld"), MaxTokens: openai.Int(40),
		StreamOptions: openai.ChatCompletionStreamOptionsParam{IncludeUsage: openai.Bool(true)},
	})
	var text strings.Builder
	var finish string
	var usage *openai.CompletionUsage
	chunks := 0
	for st.Next() {
		ch := st.Current()
		chunks++
		if usage != nil {
			t.Fatal("chunk after the usage chunk")
		}
		if len(ch.Choices) == 0 {
			u := ch.Usage
			usage = &u
			continue
		}
		if finish != "" {
			t.Fatal("content after finish_reason")
		}
		piece := ch.Choices[0].Text
		if !utf8.ValidString(piece) || strings.ContainsRune(piece, utf8.RuneError) {
			t.Fatalf("chunk %q is not whole UTF-8", piece)
		}
		text.WriteString(piece)
		finish = string(ch.Choices[0].FinishReason)
	}
	if err := st.Err(); err != nil {
		t.Fatal(err)
	}
	src := "héllo 😀 wörld"
	want := (src + src + src)[:40]
	if text.String() != want || finish != "length" {
		t.Fatalf("text %q finish %q, want %q length", text.String(), finish, want)
	}
	if usage == nil || usage.CompletionTokens != 40 || usage.PromptTokens != int64(len(src)) || usage.TotalTokens != usage.PromptTokens+40 {
		t.Fatalf("usage %+v", usage)
	}
	if chunks < 10 {
		t.Fatalf("only %d chunks: not streamed", chunks)
	}
}

// TestSSEFraming reads the raw stream: "data: {...}\n\n" events, the finish reason in the last
// content chunk, the usage chunk with empty choices, then "data: [DONE]\n\n".
func TestSSEFraming(t *testing.T) {
	env := start(t, newFakeEngine(), nil, nil)
	resp := env.open(t, context.Background(), http.MethodPost, "/v1/chat/completions", keyAlice, nil,
		`{"model":"fake-model","messages":[{"role":"user","content":"ok"}],"stream":true,"stream_options":{"include_usage":true}}`)
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	raw, _ := io.ReadAll(resp.Body)
	events := strings.Split(strings.TrimSuffix(string(raw), "\n\n"), "\n\n")
	if events[len(events)-1] != "data: [DONE]" || !strings.HasSuffix(string(raw), "data: [DONE]\n\n") {
		t.Fatalf("stream does not end with [DONE]: %q", raw)
	}
	type chunk struct {
		chatChunk
		Usage             *usage  `json:"usage"`
		SystemFingerprint *string `json:"system_fingerprint"`
	}
	var chunks []chunk
	for i, ev := range events[:len(events)-1] {
		data, ok := strings.CutPrefix(ev, "data: ")
		if !ok || strings.Contains(data, "\n") {
			t.Fatalf("bad event %q", ev)
		}
		var c chunk
		if err := json.Unmarshal([]byte(data), &c); err != nil {
			t.Fatal(err)
		}
		// With include_usage, OpenAI's chunks before the usage chunk carry "usage": null.
		if i < len(events)-2 && !strings.Contains(data, `"usage":null`) {
			t.Fatalf("chunk %d has no usage null: %s", i, data)
		}
		if c.SystemFingerprint == nil || *c.SystemFingerprint != env.srv.fingerprint || !strings.HasPrefix(*c.SystemFingerprint, "fp_") {
			t.Fatalf("chunk %d fingerprint: %s", i, data)
		}
		chunks = append(chunks, c)
	}
	first := chunks[0].Choices[0]
	if first.Delta.Role != "assistant" || first.Delta.Content == nil || *first.Delta.Content != "" || first.FinishReason != nil {
		t.Fatalf("first chunk %+v", first)
	}
	last := chunks[len(chunks)-1]
	if len(last.Choices) != 0 || last.Usage == nil || last.Usage.CompletionTokens != 3 {
		t.Fatalf("usage chunk %+v", last)
	}
	fin := chunks[len(chunks)-2].Choices[0]
	if fin.FinishReason == nil || *fin.FinishReason != "stop" {
		t.Fatalf("finish chunk %+v", fin)
	}
	var text string
	for _, c := range chunks[1 : len(chunks)-2] {
		if c.Object != "chat.completion.chunk" || c.Choices[0].FinishReason != nil {
			t.Fatalf("content chunk %+v", c)
		}
		text += *c.Choices[0].Delta.Content
	}
	if text != "ok" {
		t.Fatalf("text %q", text)
	}
}

func TestStreamingChatAccumulator(t *testing.T) {
	env := start(t, newFakeEngine(), nil, nil)
	c := env.client(keyAlice)
	st := c.Chat.Completions.NewStreaming(ctx(t), openai.ChatCompletionNewParams{
		Model: model, Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("ça va? 日本")}, N: openai.Int(2),
		StreamOptions: openai.ChatCompletionStreamOptionsParam{IncludeUsage: openai.Bool(true)},
	})
	acc := openai.ChatCompletionAccumulator{}
	for st.Next() {
		ch := st.Current()
		for _, choice := range ch.Choices {
			if !utf8.ValidString(choice.Delta.Content) || strings.ContainsRune(choice.Delta.Content, utf8.RuneError) {
				t.Fatalf("delta %q is not whole UTF-8", choice.Delta.Content)
			}
		}
		acc.AddChunk(ch)
	}
	if err := st.Err(); err != nil {
		t.Fatal(err)
	}
	if len(acc.Choices) != 2 {
		t.Fatalf("%d choices", len(acc.Choices))
	}
	for i, ch := range acc.Choices {
		if ch.Message.Content != "ça va? 日本" || ch.FinishReason != "stop" || ch.Index != int64(i) {
			t.Fatalf("choice %d: %+v", i, ch)
		}
	}
	if acc.Usage.CompletionTokens != 2*(int64(len("ça va? 日本"))+1) {
		t.Fatalf("usage %+v", acc.Usage)
	}
}

func TestStopStrings(t *testing.T) {
	env := start(t, newFakeEngine(), nil, nil)
	c := env.client(keyAlice)
	cases := []struct {
		prompt string
		stop   []string
		want   string
		finish string
	}{
		{"abc. xyz", []string{"c. x"}, "ab", "stop"},                                      // spans four tokens
		{"abc. xyz", []string{"zz", ". x", "b"}, "a", "stop"},                             // earliest match wins
		{"caféx!", []string{"éx"}, "caf", "stop"},                                         // splits a two-byte character
		{"aaab", []string{"aab"}, "a", "stop"},                                            // overlapping prefixes
		{"abcdef", []string{"xyz"}, "abcdefabcd", "length"},                               // never matches
		{"hello", []string{"lloh"}, "he", "stop"},                                         // match across the echo's wrap
		{"日本語", []string{"本"}, "日", "stop"},                                               // multi-byte stop string
		{"a-b-c", []string{"-c", "-b"}, "a", "stop"},                                      // second stop earlier
		{"xy", []string{"yxyxyxyxyxyx"}, "xyxyxyxyxy", "length"},                          // held prefix flushed at the end
		{"end\n\nmore", []string{"\n\n"}, "end", "stop"},                                  // newlines
		{"tail", []string{"ilt", "ailta"}, "ta", "stop"},                                  // the first stop to complete wins
		{"0123456789", []string{"89012"}, "0123456789", "length"},                         // would complete only after the limit
		{"stop first", []string{"stop"}, "", "stop"},                                      // empty output
		{"ab\u00e9", []string{"b\u00e9a"}, "a", "stop"},                                   // stop inside a held partial character
		{"abcabc", []string{"cab"}, "ab", "stop"},                                         // earliest
		{"zzz", []string{"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"}, "zzzzzzzzzz", "length"}, // long stop, never complete
	}
	for _, tc := range cases {
		for _, stream := range []bool{false, true} {
			params := openai.CompletionNewParams{Model: model, Prompt: promptOf(tc.prompt), MaxTokens: openai.Int(10),
				Stop: openai.CompletionNewParamsStopUnion{OfStringArray: tc.stop}}
			var text, finish string
			if stream {
				st := c.Completions.NewStreaming(ctx(t), params)
				for st.Next() {
					for _, ch := range st.Current().Choices {
						text += ch.Text
						if ch.FinishReason != "" {
							finish = string(ch.FinishReason)
						}
					}
				}
				if err := st.Err(); err != nil {
					t.Fatal(err)
				}
			} else {
				resp, err := c.Completions.New(ctx(t), params)
				if err != nil {
					t.Fatal(err)
				}
				text, finish = resp.Choices[0].Text, string(resp.Choices[0].FinishReason)
			}
			if text != tc.want || finish != tc.finish {
				t.Errorf("prompt %q stop %q stream=%v: got %q %q, want %q %q", tc.prompt, tc.stop, stream, text, finish, tc.want, tc.finish)
			}
		}
	}
	// A single stop string also works, and chat honours stop too.
	resp, err := c.Chat.Completions.New(ctx(t), openai.ChatCompletionNewParams{Model: model,
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("one, two")},
		Stop:     openai.ChatCompletionNewParamsStopUnion{OfString: openai.String(", ")}})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Choices[0].Message.Content != "one" || resp.Choices[0].FinishReason != "stop" {
		t.Fatalf("chat stop: %+v", resp.Choices[0])
	}
	// The stop string closed the engine request early: it did not run to its own finish. An answer
	// waits for its engine requests' ends (OnEnd), so none may run once it is read.
	if env.eng.running.Load() != 0 {
		t.Fatal("engine requests still running after stop strings matched")
	}
}

func TestLogprobs(t *testing.T) {
	env := start(t, newFakeEngine(), nil, nil)
	c := env.client(keyAlice)
	resp, err := c.Completions.New(ctx(t), openai.CompletionNewParams{Model: model, Prompt: promptOf("ab"), MaxTokens: openai.Int(3), Logprobs: openai.Int(2)})
	if err != nil {
		t.Fatal(err)
	}
	lp := resp.Choices[0].Logprobs
	if len(lp.Tokens) != 3 || lp.Tokens[0] != "a" || lp.Tokens[1] != "b" || lp.TokenLogprobs[0] != float64(float32(-0.1)) {
		t.Fatalf("logprobs %+v", lp)
	}
	if len(lp.TopLogprobs) != 3 || len(lp.TopLogprobs[0]) != 2 || lp.TopLogprobs[0]["b"] != float64(float32(-0.1)-1) {
		t.Fatalf("top logprobs %+v", lp.TopLogprobs)
	}
	if lp.TextOffset[0] != 0 || lp.TextOffset[2] != 2 {
		t.Fatalf("offsets %v", lp.TextOffset)
	}
	if r := env.eng.requests()[0]; r.Sampling.TopLogprobs != 2 {
		t.Fatalf("engine TopLogprobs %d", r.Sampling.TopLogprobs)
	}
	// logprobs=0: the chosen token's logprob only.
	resp, err = c.Completions.New(ctx(t), openai.CompletionNewParams{Model: model, Prompt: promptOf("ab"), MaxTokens: openai.Int(1), Logprobs: openai.Int(0)})
	if err != nil {
		t.Fatal(err)
	}
	if lp := resp.Choices[0].Logprobs; len(lp.Tokens) != 1 || len(lp.TopLogprobs[0]) != 0 {
		t.Fatalf("logprobs=0: %+v", lp)
	}
	if r := env.eng.requests()[1]; r.Sampling.TopLogprobs != 0 {
		t.Fatalf("engine TopLogprobs %d", r.Sampling.TopLogprobs)
	}

	// Chat: content entries with bytes; a character split over tokens shows its bytes.
	cr, err := c.Chat.Completions.New(ctx(t), openai.ChatCompletionNewParams{Model: model,
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("é")}, Logprobs: openai.Bool(true), TopLogprobs: openai.Int(1)})
	if err != nil {
		t.Fatal(err)
	}
	content := cr.Choices[0].Logprobs.Content
	if len(content) != 3 { // two bytes of é, then <|im_end|>
		t.Fatalf("chat logprobs %+v", content)
	}
	if content[0].Token != `bytes:\xc3` || len(content[0].Bytes) != 1 || content[0].Bytes[0] != 0xc3 || len(content[0].TopLogprobs) != 1 {
		t.Fatalf("partial-character token %+v", content[0])
	}
	if content[2].Token != "<|im_end|>" {
		t.Fatalf("end token %+v", content[2])
	}
	// Without logprobs the field is null and the engine is asked for none.
	cr, err = c.Chat.Completions.New(ctx(t), openai.ChatCompletionNewParams{Model: model, Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("x")}})
	if err != nil {
		t.Fatal(err)
	}
	if cr.Choices[0].Logprobs.JSON.Content.Valid() {
		t.Fatal("logprobs present without being asked for")
	}
	reqs := env.eng.requests()
	if reqs[len(reqs)-1].Sampling.TopLogprobs != -1 {
		t.Fatal("engine asked for logprobs")
	}

	// Streaming chat logprobs arrive with the deltas.
	st := c.Chat.Completions.NewStreaming(ctx(t), openai.ChatCompletionNewParams{Model: model,
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("hey")}, Logprobs: openai.Bool(true)})
	n := 0
	for st.Next() {
		for _, ch := range st.Current().Choices {
			n += len(ch.Logprobs.Content)
		}
	}
	if err := st.Err(); err != nil || n != 4 {
		t.Fatalf("streamed %d logprobs, err %v", n, err)
	}
}

func TestN(t *testing.T) {
	env := start(t, newFakeEngine(), nil, nil)
	c := env.client(keyAlice)
	resp, err := c.Completions.New(ctx(t), openai.CompletionNewParams{Model: model, Prompt: promptOf("xy"), MaxTokens: openai.Int(3), N: openai.Int(3), Seed: openai.Int(7)})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Choices) != 3 {
		t.Fatalf("%d choices", len(resp.Choices))
	}
	for i, ch := range resp.Choices {
		if ch.Index != int64(i) || ch.Text != "xyx" {
			t.Fatalf("choice %d %+v", i, ch)
		}
	}
	if resp.Usage.PromptTokens != 2 || resp.Usage.CompletionTokens != 9 {
		t.Fatalf("usage %+v", resp.Usage)
	}
	var seeds []uint64
	for _, r := range env.eng.requests() {
		seeds = append(seeds, r.Sampling.Seed)
	}
	if len(seeds) != 3 || seeds[0] != 7 || seeds[1] != 8 || seeds[2] != 9 {
		t.Fatalf("seeds %v", seeds)
	}

	// Two prompts × n=2: prompt i, choice j at index i*n+j.
	resp, err = c.Completions.New(ctx(t), openai.CompletionNewParams{Model: model,
		Prompt: openai.CompletionNewParamsPromptUnion{OfArrayOfStrings: []string{"ab", "cd"}}, MaxTokens: openai.Int(2), N: openai.Int(2)})
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, ch := range resp.Choices {
		texts = append(texts, ch.Text)
	}
	if strings.Join(texts, ",") != "ab,ab,cd,cd" || resp.Usage.PromptTokens != 4 {
		t.Fatalf("texts %v usage %+v", texts, resp.Usage)
	}

	// Streaming n=3 completions: each index gets its text and one finish reason.
	st := c.Completions.NewStreaming(ctx(t), openai.CompletionNewParams{Model: model, Prompt: promptOf("pq"), MaxTokens: openai.Int(5), N: openai.Int(3)})
	got := map[int64]string{}
	fins := map[int64]int{}
	for st.Next() {
		for _, ch := range st.Current().Choices {
			got[ch.Index] += ch.Text
			if ch.FinishReason != "" {
				fins[ch.Index]++
			}
		}
	}
	if err := st.Err(); err != nil {
		t.Fatal(err)
	}
	for i := range int64(3) {
		if got[i] != "pqpqp" || fins[i] != 1 {
			t.Fatalf("index %d: %q, %d finishes", i, got[i], fins[i])
		}
	}
}

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

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	testenv.WaitFor(t, 5*time.Second, cond)
}

func TestAbort(t *testing.T) {
	eng := newFakeEngine()
	eng.abortAfter = 3
	env := start(t, eng, nil, nil)
	c := env.client(keyAlice)

	_, err := c.Completions.New(ctx(t), openai.CompletionNewParams{Model: model, Prompt: promptOf("abcdef"), MaxTokens: openai.Int(10)})
	ae := apiErr(t, err)
	if ae.StatusCode != 500 || ae.Code != "request_aborted" || strings.Contains(ae.Message, "page 7") {
		t.Fatalf("non-stream abort: %d %s %q", ae.StatusCode, ae.Code, ae.Message)
	}

	// Streaming: the text so far arrives, then an error event; never a finish reason, never [DONE].
	st := c.Chat.Completions.NewStreaming(ctx(t), openai.ChatCompletionNewParams{Model: model,
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("abcdef")}, N: openai.Int(2)})
	texts := map[int64]string{}
	for st.Next() {
		for _, ch := range st.Current().Choices {
			if ch.FinishReason != "" {
				t.Fatalf("finish reason %q on an aborted request", ch.FinishReason)
			}
			texts[ch.Index] += ch.Delta.Content
		}
	}
	if st.Err() == nil || !strings.Contains(st.Err().Error(), "request_aborted") {
		t.Fatalf("stream error %v", st.Err())
	}
	for i, text := range texts {
		if !strings.HasPrefix("abc", text) {
			t.Fatalf("choice %d text before abort %q", i, text)
		}
	}

	// Raw: the error event is the last thing on the wire.
	code, _, body := env.post("/v1/completions", keyAlice, `{"model":"fake-model","prompt":"abcdef","max_tokens":10,"stream":true}`)
	if code != 200 || strings.Contains(string(body), "[DONE]") || strings.Contains(string(body), `"finish_reason":"`) {
		t.Fatalf("raw abort stream: %s", body)
	}
	events := strings.Split(strings.TrimSpace(string(body)), "\n\n")
	if last := events[len(events)-1]; !strings.HasPrefix(last, `data: {"error":`) {
		t.Fatalf("last event %q", last)
	}
	if !strings.Contains(env.logs.String(), "isolation") {
		t.Fatal("abort reason not logged")
	}
}

// TestClientDisconnect: a client that goes away mid-stream cancels its engine request at once.
func TestClientDisconnect(t *testing.T) {
	eng := newFakeEngine()
	eng.delay = 10 * time.Millisecond
	env := start(t, eng, nil, nil)
	for _, stream := range []bool{true, false} {
		before := eng.closed.Load()
		rctx, cancel := context.WithCancel(context.Background())
		body := `{"model":"fake-model","prompt":"abc","max_tokens":200,"stream":` + map[bool]string{true: "true", false: "false"}[stream] + `}`
		req, _ := http.NewRequestWithContext(rctx, "POST", env.base+"/v1/completions", strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+keyAlice)
		errc := make(chan error, 1)
		go func() {
			resp, err := http.DefaultClient.Do(req)
			if err == nil {
				r := bufio.NewReader(resp.Body)
				_, err = r.ReadString('\n') // the first event
				if err == nil {
					cancel()
				}
				resp.Body.Close()
			}
			errc <- err
		}()
		if !stream {
			waitFor(t, func() bool { return eng.running.Load() == 1 })
			time.Sleep(30 * time.Millisecond)
			cancel()
		}
		<-errc
		start := time.Now()
		waitFor(t, func() bool { return eng.running.Load() == 0 })
		if d := time.Since(start); d > time.Second {
			t.Fatalf("engine request outlived the client by %v", d)
		}
		if eng.closed.Load() != before+1 || eng.finished.Load() != 0 {
			t.Fatalf("stream=%v: closed %d finished %d", stream, eng.closed.Load()-before, eng.finished.Load())
		}
		cancel()
	}
	// The server keeps serving.
	if _, err := env.client(keyAlice).Completions.New(ctx(t), openai.CompletionNewParams{Model: model, Prompt: promptOf("ok"), MaxTokens: openai.Int(2)}); err != nil {
		t.Fatal(err)
	}
}

// TestNoLeaksInLogs: prompts and outputs never reach the log; one tenant's request ids and
// content never appear in another's answers.
func TestNoLeaksInLogs(t *testing.T) {
	env := start(t, newFakeEngine(), nil, nil)
	// Its tail is no hex: request ids are random hex, and one may well hold four given digits.
	secret := "SECRET-alice-prompt-qxzw"
	if _, err := env.client(keyAlice).Completions.New(ctx(t), openai.CompletionNewParams{Model: model, Prompt: promptOf(secret), MaxTokens: openai.Int(30)}); err != nil {
		t.Fatal(err)
	}
	env.post("/v1/completions", keyAlice, `{"model":"fake-model","prompt":"`+secret+`","max_tokens":-1}`)
	env.post("/v1/completions", keyAlice, `{"model":"fake-model","prompt":"`+secret+`"`)
	env.post("/v1/chat/completions", keyAlice, `{"model":"fake-model","messages":[{"role":"wizard","content":"`+secret+`"}]}`)
	code, _, body := env.post("/v1/completions", keyBob, `{"model":"fake-model","prompt":"hi","max_tokens":3}`)
	if code != 200 || strings.Contains(string(body), "SECRET") {
		t.Fatalf("bob: %d %s", code, body)
	}
	logs := env.logs.String()
	if strings.Contains(logs, "SECRET") || strings.Contains(logs, "qxzw") {
		t.Fatalf("log holds a prompt or output:\n%s", logs)
	}
	if !strings.Contains(logs, "tenant=alice") || !strings.Contains(logs, "tenant=bob") {
		t.Fatalf("request lines missing:\n%s", logs)
	}
	// The operator's metrics name tenants on the per-tenant series only, and never content.
	code, _, body = env.metrics()
	if code != 200 || strings.Contains(string(body), "SECRET") {
		t.Fatalf("metrics leak content")
	}
	for _, line := range strings.Split(string(body), "\n") {
		if (strings.Contains(line, "alice") || strings.Contains(line, "bob")) && !strings.HasPrefix(line, "kvwarden_tenant_") {
			t.Fatalf("metrics name a tenant outside kvwarden_tenant_*: %s", line)
		}
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
