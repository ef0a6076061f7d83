package e2e

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
)

func testErrors(t *testing.T, api *apiSuite) {
	st, stories, qwen, alice, capped, ctx := api.st, api.stories, api.qwen, api.alice, api.capped, api.ctx
	// 401: no key, a key that is not a tenant's, a key in the wrong scheme.
	code, _, body := st.call(t, http.MethodPost, "/v1/completions", "", `{"prompt":"a","max_tokens":1}`)
	if e := decodeErr(t, body); code != 401 || str(e.Error.Code) != "missing_api_key" || e.Error.Type != "authentication_error" {
		t.Errorf("no key: %d %s", code, body)
	}
	wrong := st.client("kvw-not-a-key")
	_, err := wrong.Completions.New(ctx, greedyStories("a", 1))
	api.wantAPIError(t, err, 401, "invalid_api_key")
	_, err = wrong.Models.List(ctx, option.WithHeader("Authorization", "Basic "+alice))
	api.wantAPIError(t, err, 401, "missing_api_key")

	// 400: the context limit, naming the limit and the request's size.
	long := make([]int64, 120)
	for i := range long {
		long[i] = int64(3 + i)
	}
	p := openai.CompletionNewParams{Model: "stories260K", Prompt: openai.CompletionNewParamsPromptUnion{OfArrayOfTokens: long}, MaxTokens: openai.Int(20)}
	_, err = stories.Completions.New(ctx, p)
	e := api.wantAPIError(t, err, 400, "context_length_exceeded")
	if e != nil && (!strings.Contains(e.Message, "128") || !strings.Contains(e.Message, "140")) {
		t.Errorf("context error does not name the limit 128 and the need 140: %q", e.Message)
	}
	_, err = qwen.Chat.Completions.New(ctx, helloQwen(4096))
	if e := api.wantAPIError(t, err, 400, "context_length_exceeded"); e != nil && (!strings.Contains(e.Message, "4096") || !strings.Contains(e.Message, "4106")) {
		t.Errorf("chat context error does not name 4096 and 4106: %q", e.Message)
	}
	t.Run("context_param", func(t *testing.T) {
		if e != nil && e.Param != "prompt" {
			t.Errorf("completions context error param %q, want prompt", e.Param)
		}
	})

	// 400: bad parameters name the parameter.
	for _, tc := range []struct {
		param string
		p     func(*openai.CompletionNewParams)
	}{
		{"temperature", func(p *openai.CompletionNewParams) { p.Temperature = openai.Float(3) }},
		{"top_p", func(p *openai.CompletionNewParams) { p.TopP = openai.Float(0) }},
		{"n", func(p *openai.CompletionNewParams) { p.N = openai.Int(17) }},
		{"logprobs", func(p *openai.CompletionNewParams) { p.Logprobs = openai.Int(21) }},
		{"max_tokens", func(p *openai.CompletionNewParams) { p.MaxTokens = openai.Int(0) }},
		{"presence_penalty", func(p *openai.CompletionNewParams) { p.PresencePenalty = openai.Float(-3) }},
	} {
		p := greedyStories("a", 1)
		tc.p(&p)
		_, err := stories.Completions.New(ctx, p)
		if e := api.wantAPIError(t, err, 400, "invalid_value"); e != nil && e.Param != tc.param {
			t.Errorf("bad %s: param %q", tc.param, e.Param)
		}
	}
	p2 := helloQwen(4)
	p2.TopLogprobs = openai.Int(2) // without logprobs
	_, err = qwen.Chat.Completions.New(ctx, p2)
	api.wantAPIError(t, err, 400, "invalid_value")

	// The tenant's max_tokens cap.
	cc := st.client(capped)
	if _, err := cc.Completions.New(ctx, greedyStories("a", 8)); err != nil {
		t.Errorf("max_tokens at the cap: %v", err)
	}
	_, err = cc.Completions.New(ctx, greedyStories("a", 9))
	api.wantAPIError(t, err, 400, "invalid_value")

	// 404: a model this server does not serve.
	bad := greedyStories("a", 1)
	bad.Model = "gpt-3.5-turbo-instruct"
	_, err = stories.Completions.New(ctx, bad)
	api.wantAPIError(t, err, 404, "model_not_found")
}

func testConcurrencyLimit(t *testing.T, api *apiSuite) {
	qw, qwen, limited, ctx := api.qw, api.qwen, api.limited, api.ctx
	// Hold the limited tenant's only slot with a long qwen2 stream (several seconds).
	sctx, stop := context.WithCancel(ctx)
	defer stop()
	resp, err := qw.post(sctx, "/v1/completions", limited, `{"prompt":"Hello","max_tokens":3000,"ignore_eos":true,"stream":true}`)
	api.must(t, err)
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("holding stream: %d", resp.StatusCode)
	}
	if _, _, err := newSSE(resp.Body).next(); err != nil {
		t.Fatalf("holding stream: %v", err)
	}
	lc := qw.client(limited)
	_, err = lc.Chat.Completions.New(ctx, helloQwen(1))
	if e := api.wantAPIError(t, err, 429, "concurrency_limit_exceeded"); e != nil {
		if e.Type != "rate_limit_error" || e.Response.Header.Get("Retry-After") == "" {
			t.Errorf("429 type %q, Retry-After %q", e.Type, e.Response.Header.Get("Retry-After"))
		}
	}
	// Other tenants are not limited by it.
	if _, err := qwen.Chat.Completions.New(ctx, helloQwen(1)); err != nil {
		t.Errorf("another tenant during the limited one's stream: %v", err)
	}
	// The slot is taken when the request is authenticated, before its body (and n) is read:
	// while the stream holds it, even a request that could never run is told to retry.
	two := helloQwen(1)
	two.N = openai.Int(2)
	_, err = lc.Chat.Completions.New(ctx, two)
	api.wantAPIError(t, err, 429, "concurrency_limit_exceeded")
	// Closing the stream frees the slot.
	stop()
	resp.Body.Close()
	deadline := time.Now().Add(5 * time.Second)
	for {
		_, err := lc.Chat.Completions.New(ctx, helloQwen(1))
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("slot not freed 5 s after the stream was closed: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	// More choices than the limit can ever allow is a bad request, not a retry.
	_, err = lc.Chat.Completions.New(ctx, two)
	api.wantAPIError(t, err, 400, "invalid_value")
}

func testHealth(t *testing.T, api *apiSuite) {
	st, alice := api.st, api.alice
	if code, _, body := st.call(t, http.MethodGet, "/health", "", ""); code != 200 {
		t.Errorf("/health: %d %s", code, body)
	}
	code, _, body := st.call(t, http.MethodGet, "/v1/nothing", alice, "")
	if e := decodeErr(t, body); code != 404 || e.Error.Type != "not_found_error" {
		t.Errorf("unknown route: %d %s", code, body)
	}
	code, h, body := st.call(t, http.MethodGet, "/v1/chat/completions", alice, "")
	if e := decodeErr(t, body); code != 405 || h.Get("Allow") != "POST" || str(e.Error.Code) != "method_not_allowed" {
		t.Errorf("GET on a POST route: %d Allow %q %s", code, h.Get("Allow"), body)
	}
}
