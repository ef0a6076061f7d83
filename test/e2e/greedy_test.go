package e2e

import (
	"context"
	"encoding/json"
	"io"
	"math"
	"net/http"
	"testing"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
)

// greedyExpect is what the server must return for a reference case under a context limit: the
// reference ids up to the limit, without the BOS that ended the reference run (stop_token_ids
// [1] makes the server stop there too, and stop tokens are not part of the output).
type greedyExpect struct {
	maxTokens int
	ids       []int32
	finish    string
}

func expectGreedy(c refCase, maxContext int) greedyExpect {
	k := min(len(c.GenIDs), maxContext-len(c.PromptIDs))
	if c.StoppedAtBOS && k >= len(c.GenIDs) {
		return greedyExpect{maxTokens: k, ids: c.GenIDs[:len(c.GenIDs)-1], finish: "stop"}
	}
	return greedyExpect{maxTokens: k, ids: c.GenIDs[:k], finish: "length"}
}

// TestGreedyMatchesReference runs the f32 greedy reference cases of stories260K (llama.cpp with an
// F32 KV cache, and llama2.c) through the whole stack: HTTP, tokenizer, scheduler, paged KV,
// sampler, detokenizer and SSE. Token-id prompts go in; the ids come back as logprobs token
// strings and as text, and both must be the reference's, token for token.
func TestGreedyMatchesReference(t *testing.T) {
	cases, v, s, cl := storiesGreedy(t, 16)
	// A failed call is first checked against a hung or crashed server, a product bug of its own.
	must := func(t *testing.T, err error) {
		t.Helper()
		if err != nil {
			s.failIfBroken(t)
			t.Fatal(err)
		}
	}
	ctxLen := maxModelLen(t, s, "dev")
	// The GGUF's context_length key says 128 (the README: a converter default) and the server
	// honours the file, so runs of 200 positions are compared up to the context limit.
	if ctxLen != 128 {
		t.Fatalf("stories260K advertises %d tokens of context, want the GGUF's 128", ctxLen)
	}

	for _, c := range cases {
		t.Run(c.ID, func(t *testing.T) {
			want := expectGreedy(c, ctxLen)
			wantText := v.text(want.ids)
			wantTokens := make([]string, len(want.ids))
			for i, id := range want.ids {
				wantTokens[i] = v.tokenString(id)
			}
			// The reference's own text, where it covers exactly what we compare, checks the vocab.
			if c.Source == "llama.cpp" && !c.TextInPrompt && len(want.ids) == len(c.GenIDs)-boolInt(c.StoppedAtBOS) {
				if got := unhex(t, c.TextHex); got != wantText {
					t.Fatalf("pieces of the reference ids %q differ from the reference text %q", wantText, got)
				}
			}
			ids := make([]int64, len(c.PromptIDs))
			for i, id := range c.PromptIDs {
				ids[i] = int64(id)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			params := openai.CompletionNewParams{
				Model:       "stories260K",
				Prompt:      openai.CompletionNewParamsPromptUnion{OfArrayOfTokens: ids},
				MaxTokens:   openai.Int(int64(want.maxTokens)),
				Temperature: openai.Float(0),
				Logprobs:    openai.Int(0),
			}
			stopBOS := option.WithJSONSet("stop_token_ids", []int{1})

			// Non-streaming, token-id prompt.
			res, err := cl.Completions.New(ctx, params, stopBOS)
			must(t, err)
			if len(res.Choices) != 1 {
				t.Fatalf("%d choices", len(res.Choices))
			}
			ch := res.Choices[0]
			checkGreedy(t, "completion", ch.Text, ch.Logprobs.Tokens, string(ch.FinishReason), wantText, wantTokens, want.finish)
			if res.Usage.PromptTokens != int64(len(c.PromptIDs)) || res.Usage.CompletionTokens != int64(len(want.ids)) {
				t.Errorf("usage %d + %d, want %d + %d", res.Usage.PromptTokens, res.Usage.CompletionTokens, len(c.PromptIDs), len(want.ids))
			}
			for i, lp := range ch.Logprobs.TokenLogprobs {
				if lp > 0 || math.IsNaN(lp) {
					t.Fatalf("token %d: logprob %v", i, lp)
				}
			}

			// Streaming, token-id prompt: the same tokens, split over events.
			stream := cl.Completions.NewStreaming(ctx, params, stopBOS,
				option.WithJSONSet("stream_options", map[string]bool{"include_usage": true}))
			var text, finish string
			var tokens []string
			var usage *openai.CompletionUsage
			for stream.Next() {
				ev := stream.Current()
				for _, c := range ev.Choices {
					text += c.Text
					tokens = append(tokens, c.Logprobs.Tokens...)
					if c.FinishReason != "" {
						finish = string(c.FinishReason)
					}
				}
				if ev.JSON.Usage.Valid() {
					usage = &ev.Usage
				}
			}
			must(t, stream.Err())
			checkGreedy(t, "stream", text, tokens, finish, wantText, wantTokens, want.finish)
			if usage == nil || usage.CompletionTokens != int64(len(want.ids)) {
				t.Errorf("stream usage %+v, want %d completion tokens", usage, len(want.ids))
			}

			// Text prompt: the server's tokenizer must produce the reference prompt ids.
			tp := params
			tp.Prompt = openai.CompletionNewParamsPromptUnion{OfString: openai.String(c.Prompt)}
			res, err = cl.Completions.New(ctx, tp, stopBOS)
			must(t, err)
			if res.Usage.PromptTokens != int64(len(c.PromptIDs)) {
				t.Errorf("text prompt %q: %d prompt tokens, want %d", c.Prompt, res.Usage.PromptTokens, len(c.PromptIDs))
			}
			ch = res.Choices[0]
			checkGreedy(t, "text prompt", ch.Text, ch.Logprobs.Tokens, string(ch.FinishReason), wantText, wantTokens, want.finish)
		})
	}
	s.waitIdle(t, 5*time.Second)
}

func checkGreedy(t *testing.T, what, text string, tokens []string, finish, wantText string, wantTokens []string, wantFinish string) {
	t.Helper()
	if i := firstDiff(tokens, wantTokens); i >= 0 {
		t.Errorf("%s: tokens differ from the reference at %d:\n got %q\nwant %q", what, i, tokens, wantTokens)
	}
	if text != wantText {
		t.Errorf("%s: text %q, want %q", what, text, wantText)
	}
	if finish != wantFinish {
		t.Errorf("%s: finish %q, want %q", what, finish, wantFinish)
	}
}

func firstDiff(a, b []string) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// maxModelLen reads max_model_len, kvwarden's extension to the model object, from /v1/models.
func maxModelLen(t testing.TB, s *server, key string) int {
	t.Helper()
	code, _, body := s.call(t, http.MethodGet, "/v1/models", key, "")
	if code != http.StatusOK {
		t.Fatalf("/v1/models: %d %s", code, body)
	}
	var list struct {
		Data []struct {
			ID          string `json:"id"`
			MaxModelLen int    `json:"max_model_len"`
		} `json:"data"`
	}
	if err := json.Unmarshal(body, &list); err != nil || len(list.Data) != 1 {
		t.Fatalf("/v1/models: %v %s", err, body)
	}
	return list.Data[0].MaxModelLen
}

// readAll drains a body, for requests whose answer is not inspected.
func readAll(r io.ReadCloser) {
	io.Copy(io.Discard, r)
	r.Close()
}
