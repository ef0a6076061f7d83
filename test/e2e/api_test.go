package e2e

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/openai/openai-go/v3"
)

// The reference greedy output of stories260K for "Once upon a time", up to the BOS it then samples.
const onceUponText = "QQQQQQQ9pphe Onceleingenily"

var onceUponIDs = []int64{1, 403, 407, 261, 378}

// TestAPI drives both test models through the official OpenAI client: completions, chat with the
// model's template, streaming with usage, stop strings, logprobs, n > 1, seeds, /v1/models and the
// error answers a client must be able to act on. The subtests, in files by feature, share the two
// servers.
func TestAPI(t *testing.T) {
	tenants := tenantsFile(t)
	api := &apiSuite{
		alice:   addTenant(t, tenants, "alice"),
		limited: addTenant(t, tenants, "limited", "--max-concurrent", "1"),
		capped:  addTenant(t, tenants, "capped", "--max-tokens", "8"),
	}
	api.st = startServer(t, serverOpts{model: storiesModel, tenants: tenants})
	api.qw = startServer(t, serverOpts{model: qwenModel, tenants: tenants})
	api.stories, api.qwen = api.st.client(api.alice), api.qw.client(api.alice)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	api.ctx = ctx
	for _, sub := range []struct {
		name string
		test func(*testing.T, *apiSuite)
	}{
		{"models", testModels},
		{"completion", testCompletion},
		{"stream_include_usage", testStreamIncludeUsage},
		{"chat_template", testChatTemplate},
		{"chat_tools", testChatTools},
		{"chat_stream_include_usage", testChatStreamIncludeUsage},
		{"responses", testResponses},
		{"responses_tools", testResponsesTools},
		{"stop", testStop},
		{"logprobs", testLogprobs},
		{"n_and_seed", testNAndSeed},
		{"errors", testErrors},
		{"429_concurrency", testConcurrencyLimit},
		{"health", testHealth},
	} {
		t.Run(sub.name, func(t *testing.T) { sub.test(t, api) })
	}
	api.st.waitIdle(t, 5*time.Second)
	api.qw.waitIdle(t, 5*time.Second)
}

// apiSuite is what TestAPI's subtests share: a stories260K and a qwen2 server with the same
// tenants, the official client of each for alice, and the keys of the limited tenants.
type apiSuite struct {
	st, qw                 *server
	stories, qwen          openai.Client
	alice, limited, capped string // capped: max_tokens 8; limited: one request at a time
	ctx                    context.Context
}

// must fails the test on err, first checking for a hung or crashed server, a product bug of its own.
func (api *apiSuite) must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		api.st.failIfBroken(t)
		api.qw.failIfBroken(t)
		t.Fatal(err)
	}
}

func (api *apiSuite) wantAPIError(t *testing.T, err error, status int, code string) *openai.Error {
	t.Helper()
	return checkAPIError(t, err, status, code, api.st, api.qw)
}

// greedyStories is a greedy completion request to stories260K.
func greedyStories(prompt string, maxTokens int64) openai.CompletionNewParams {
	return openai.CompletionNewParams{Model: "stories260K", Prompt: openai.CompletionNewParamsPromptUnion{OfString: openai.String(prompt)},
		MaxTokens: openai.Int(maxTokens), Temperature: openai.Float(0)}
}

// helloQwen is a greedy chat request to qwen2 saying "Hello world".
func helloQwen(maxTokens int64) openai.ChatCompletionNewParams {
	return openai.ChatCompletionNewParams{Model: "qwen2-tiny-random", Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("Hello world")},
		MaxCompletionTokens: openai.Int(maxTokens), Temperature: openai.Float(0)}
}

func testModels(t *testing.T, api *apiSuite) {
	st, qw, stories, qwen, alice, ctx := api.st, api.qw, api.stories, api.qwen, api.alice, api.ctx
	page, err := stories.Models.List(ctx)
	api.must(t, err)
	if len(page.Data) != 1 || page.Data[0].ID != "stories260K" || page.Data[0].OwnedBy == "" {
		t.Fatalf("models: %+v", page.Data)
	}
	if m, err := qwen.Models.Get(ctx, "qwen2-tiny-random"); err != nil || m.ID != "qwen2-tiny-random" {
		t.Fatalf("get: %v %+v", err, m)
	}
	_, err = qwen.Models.Get(ctx, "gpt-4")
	api.wantAPIError(t, err, http.StatusNotFound, "model_not_found")
	// The advertised context is the real limit: the GGUF's context, the pool being larger.
	if n := maxModelLen(t, st, alice); n != 128 {
		t.Errorf("stories260K max_model_len %d, want 128", n)
	}
	if n := maxModelLen(t, qw, alice); n != 4096 {
		t.Errorf("qwen2-tiny-random max_model_len %d, want 4096", n)
	}
}

// checkAPIError checks that err is an API error with this status and code, and returns it. A
// mismatch is first checked against a hung or crashed server.
func checkAPIError(t *testing.T, err error, status int, code string, servers ...*server) *openai.Error {
	t.Helper()
	var e *openai.Error
	if !errors.As(err, &e) || e.StatusCode != status || e.Code != code || e.Message == "" {
		for _, s := range servers {
			s.failIfBroken(t)
		}
	}
	if !errors.As(err, &e) {
		t.Errorf("want a %d %s API error, got %v", status, code, err)
		return nil
	}
	if e.StatusCode != status || e.Code != code || e.Message == "" {
		t.Errorf("want %d %s, got %d %q: %s", status, code, e.StatusCode, e.Code, e.RawJSON())
	}
	return e
}

// TestAdvertisedContextIsThePool: when the KV pool holds less than the model's context, the
// server advertises the pool, and admission enforces exactly that number.
func TestAdvertisedContextIsThePool(t *testing.T) {
	// llamaModel (stories260K's shape) with f32 KV: 5 layers × 4 KV heads × 8 dims × (K, V) × 4
	// bytes = 1280 bytes per token, so a page of 16 tokens with its 64-byte owner header is 20544
	// bytes, and 6 pages (123264 bytes) are a 96-token pool under a 128-token model.
	s := startServer(t, serverOpts{model: llamaModel, kvMem: "123264"})
	if n := maxModelLen(t, s, ""); n != 96 {
		t.Fatalf("max_model_len %d, want 96 (the pool)", n)
	}
	prompt := make([]int, 90)
	for i := range prompt {
		prompt[i] = 3 + i
	}
	ok := fmt.Sprintf(`{"prompt":%s,"max_tokens":6,"temperature":0,"ignore_eos":true}`, mustJSON(t, prompt))
	if code, _, body := s.call(t, http.MethodPost, "/v1/completions", "", ok); code != 200 {
		t.Fatalf("90 + 6 = 96 tokens: %d %s", code, body)
	}
	over := fmt.Sprintf(`{"prompt":%s,"max_tokens":7}`, mustJSON(t, prompt))
	code, _, body := s.call(t, http.MethodPost, "/v1/completions", "", over)
	e := decodeErr(t, body)
	if code != 400 || str(e.Error.Code) != "context_length_exceeded" || !strings.Contains(e.Error.Message, "96") || !strings.Contains(e.Error.Message, "97") {
		t.Fatalf("90 + 7 = 97 tokens: %d %s", code, body)
	}
	s.waitIdle(t, 5*time.Second)
}
