package e2e

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
)

// The reference greedy output of stories260K for "Once upon a time", up to the BOS it then samples.
const onceUponText = "QQQQQQQ9pphe Onceleingenily"

var onceUponIDs = []int64{1, 403, 407, 261, 378}

// TestAPI drives both test models through the official OpenAI client: completions, chat with the
// model's template, streaming with usage, stop strings, logprobs, n > 1, seeds, /v1/models and the
// error answers a client must be able to act on.
func TestAPI(t *testing.T) {
	tenants := filepath.Join(t.TempDir(), "tenants.json")
	alice := addTenant(t, tenants, "alice")
	limited := addTenant(t, tenants, "limited", "--max-concurrent", "1")
	capped := addTenant(t, tenants, "capped", "--max-tokens", "8")
	st := startServer(t, serverOpts{model: storiesModel, tenants: tenants})
	qw := startServer(t, serverOpts{model: qwenModel, tenants: tenants})
	stories, qwen := st.client(alice), qw.client(alice)
	// A failed call is first checked against a hung or crashed server, a product bug of its own.
	must := func(t *testing.T, err error) {
		t.Helper()
		if err != nil {
			st.failIfBroken(t)
			qw.failIfBroken(t)
			t.Fatal(err)
		}
	}
	wantAPIError := func(t *testing.T, err error, status int, code string) *openai.Error {
		t.Helper()
		return checkAPIError(t, err, status, code, st, qw)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	greedy := func(prompt string, maxTokens int64) openai.CompletionNewParams {
		return openai.CompletionNewParams{Model: "stories260K", Prompt: openai.CompletionNewParamsPromptUnion{OfString: openai.String(prompt)},
			MaxTokens: openai.Int(maxTokens), Temperature: openai.Float(0)}
	}
	hello := func(maxTokens int64) openai.ChatCompletionNewParams {
		return openai.ChatCompletionNewParams{Model: "qwen2-tiny-random", Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("Hello world")},
			MaxCompletionTokens: openai.Int(maxTokens), Temperature: openai.Float(0)}
	}

	t.Run("models", func(t *testing.T) {
		page, err := stories.Models.List(ctx)
		must(t, err)
		if len(page.Data) != 1 || page.Data[0].ID != "stories260K" || page.Data[0].OwnedBy == "" {
			t.Fatalf("models: %+v", page.Data)
		}
		if m, err := qwen.Models.Get(ctx, "qwen2-tiny-random"); err != nil || m.ID != "qwen2-tiny-random" {
			t.Fatalf("get: %v %+v", err, m)
		}
		_, err = qwen.Models.Get(ctx, "gpt-4")
		wantAPIError(t, err, http.StatusNotFound, "model_not_found")
		// The advertised context is the real limit: the GGUF's context, the pool being larger.
		if n := maxModelLen(t, st, alice); n != 128 {
			t.Errorf("stories260K max_model_len %d, want 128", n)
		}
		if n := maxModelLen(t, qw, alice); n != 4096 {
			t.Errorf("qwen2-tiny-random max_model_len %d, want 4096", n)
		}
	})

	t.Run("completion", func(t *testing.T) {
		res, err := stories.Completions.New(ctx, greedy("Once upon a time", 32))
		must(t, err)
		if !strings.HasPrefix(res.ID, "cmpl-") || res.Object != "text_completion" || res.Model != "stories260K" || len(res.Choices) != 1 {
			t.Fatalf("response: %s", res.RawJSON())
		}
		c := res.Choices[0]
		// Without stop_token_ids the BOS the model samples after 15 tokens is no stop: it is
		// silent (no text) and generation goes on to max_tokens.
		if !strings.HasPrefix(c.Text, onceUponText) || c.FinishReason != "length" || c.Index != 0 {
			t.Errorf("choice: %q %q", c.Text, c.FinishReason)
		}
		if u := res.Usage; u.PromptTokens != 5 || u.CompletionTokens != 32 || u.TotalTokens != 37 {
			t.Errorf("usage %+v", u)
		}
	})

	t.Run("stream_include_usage", func(t *testing.T) {
		want, err := stories.Completions.New(ctx, greedy("Once upon a time", 32))
		must(t, err)
		p := greedy("Once upon a time", 32)
		p.StreamOptions = openai.ChatCompletionStreamOptionsParam{IncludeUsage: openai.Bool(true)}
		stream := stories.Completions.NewStreaming(ctx, p)
		var text []string
		var finishes []string
		var usage []openai.CompletionUsage
		for stream.Next() {
			ev := stream.Current()
			if ev.JSON.Usage.Valid() {
				usage = append(usage, ev.Usage)
				if len(ev.Choices) != 0 {
					t.Errorf("usage chunk has choices: %s", ev.RawJSON())
				}
			}
			for _, c := range ev.Choices {
				if c.Text != "" {
					text = append(text, c.Text)
				}
				if c.FinishReason != "" {
					finishes = append(finishes, string(c.FinishReason))
				}
			}
		}
		must(t, stream.Err())
		if got := strings.Join(text, ""); got != want.Choices[0].Text || len(text) < 10 {
			t.Errorf("streamed %q in %d pieces, want %q in many", got, len(text), want.Choices[0].Text)
		}
		if !slices.Equal(finishes, []string{"length"}) {
			t.Errorf("finish reasons %q", finishes)
		}
		if len(usage) != 1 || usage[0].PromptTokens != 5 || usage[0].CompletionTokens != 32 || usage[0].TotalTokens != 37 {
			t.Errorf("usage chunks %+v", usage)
		}
	})

	t.Run("chat_template", func(t *testing.T) {
		qv := loadVocab(t, qwenModel)
		for _, id := range []string{"greedy-chat-Hello_world", "greedy-chat-The_capital_of_France_is"} {
			ref := refByID(t, loadRef(t, "qwen2-tiny-random.json"), id)
			p := hello(int64(len(ref.GenIDs)))
			p.Messages = []openai.ChatCompletionMessageParamUnion{openai.UserMessage(ref.Prompt)}
			p.Logprobs = openai.Bool(true)
			p.TopLogprobs = openai.Int(2)
			res, err := qwen.Chat.Completions.New(ctx, p)
			must(t, err)
			c := res.Choices[0]
			// The prompt length proves the template was applied (the bare text is 2 or 5 tokens).
			if res.Usage.PromptTokens != int64(len(ref.PromptIDs)) {
				t.Errorf("%s: %d prompt tokens, want %d (the rendered template)", id, res.Usage.PromptTokens, len(ref.PromptIDs))
			}
			if want := qv.text(ref.GenIDs); c.Message.Content != want || c.FinishReason != "length" || c.Message.Role != "assistant" {
				t.Errorf("%s: %q %q, want %q length", id, c.Message.Content, c.FinishReason, want)
			}
			if !strings.HasPrefix(res.ID, "chatcmpl-") || res.Object != "chat.completion" {
				t.Errorf("response: %s", res.RawJSON())
			}
			lp := c.Logprobs.Content
			if len(lp) != len(ref.GenIDs) {
				t.Fatalf("%s: %d logprobs, want %d", id, len(lp), len(ref.GenIDs))
			}
			var joined []byte
			for i, l := range lp {
				for _, b := range l.Bytes {
					joined = append(joined, byte(b))
				}
				if l.Token != qv.tokenString(ref.GenIDs[i]) || len(l.TopLogprobs) != 2 {
					t.Fatalf("%s: token %d: %+v", id, i, l)
				}
				// Greedy: the chosen token is the best alternative.
				if l.TopLogprobs[0].Token != l.Token || l.TopLogprobs[0].Logprob != l.Logprob || l.TopLogprobs[1].Logprob > l.Logprob || l.Logprob > 0 {
					t.Fatalf("%s: token %d alternatives %+v", id, i, l.TopLogprobs)
				}
			}
			if string(joined) != c.Message.Content {
				t.Errorf("%s: logprob bytes %q != content %q", id, joined, c.Message.Content)
			}
		}
	})

	t.Run("chat_stream_include_usage", func(t *testing.T) {
		want, err := qwen.Chat.Completions.New(ctx, hello(12))
		must(t, err)
		p := hello(12)
		p.StreamOptions = openai.ChatCompletionStreamOptionsParam{IncludeUsage: openai.Bool(true)}
		stream := qwen.Chat.Completions.NewStreaming(ctx, p)
		acc := openai.ChatCompletionAccumulator{}
		var roles, finishes []string
		var usage []openai.CompletionUsage
		for stream.Next() {
			ch := stream.Current()
			acc.AddChunk(ch)
			if ch.Object != "chat.completion.chunk" {
				t.Errorf("chunk object %q", ch.Object)
			}
			if ch.JSON.Usage.Valid() {
				usage = append(usage, ch.Usage)
			}
			for _, c := range ch.Choices {
				if c.Delta.Role != "" {
					roles = append(roles, c.Delta.Role)
				}
				if c.FinishReason != "" {
					finishes = append(finishes, c.FinishReason)
				}
			}
		}
		must(t, stream.Err())
		if len(acc.Choices) != 1 || acc.Choices[0].Message.Content != want.Choices[0].Message.Content {
			t.Errorf("streamed %+v, want %q", acc.Choices, want.Choices[0].Message.Content)
		}
		if !slices.Equal(roles, []string{"assistant"}) || !slices.Equal(finishes, []string{"length"}) {
			t.Errorf("roles %q, finishes %q", roles, finishes)
		}
		if len(usage) != 1 || usage[0].PromptTokens != want.Usage.PromptTokens || usage[0].CompletionTokens != 12 {
			t.Errorf("usage chunks %+v, want %+v", usage, want.Usage)
		}
	})

	t.Run("stop", func(t *testing.T) {
		for _, tc := range []struct {
			stop []string
			want string
		}{
			{[]string{"pp"}, "QQQQQQQ9"},
			{[]string{"zzz", "Q9p"}, "QQQQQQ"}, // spans three tokens: "Q", "9", "pp"
			{[]string{"QQQQQQQQ"}, onceUponText},
		} {
			p := greedy("Once upon a time", 15)
			p.Stop = openai.CompletionNewParamsStopUnion{OfStringArray: tc.stop}
			res, err := stories.Completions.New(ctx, p)
			must(t, err)
			wantFinish := "stop"
			if tc.want == onceUponText {
				wantFinish = "length"
			}
			if c := res.Choices[0]; c.Text != tc.want || string(c.FinishReason) != wantFinish {
				t.Errorf("stop %q: %q %q, want %q %s", tc.stop, c.Text, c.FinishReason, tc.want, wantFinish)
			}
			// Streamed, the held-back prefix of a stop string must never leak out.
			stream := stories.Completions.NewStreaming(ctx, p)
			var text, finish string
			for stream.Next() {
				for _, c := range stream.Current().Choices {
					text += c.Text
					if c.FinishReason != "" {
						finish = string(c.FinishReason)
					}
				}
			}
			if err := stream.Err(); err != nil || text != tc.want || finish != wantFinish {
				t.Errorf("stream stop %q: %q %q %v, want %q %s", tc.stop, text, finish, err, tc.want, wantFinish)
			}
		}
		// Chat: the first two tokens are "\n" "\n", so a "\n\n" stop leaves nothing.
		p := hello(8)
		p.Stop = openai.ChatCompletionNewParamsStopUnion{OfString: openai.String("\n\n")}
		res, err := qwen.Chat.Completions.New(ctx, p)
		must(t, err)
		if c := res.Choices[0]; c.Message.Content != "" || c.FinishReason != "stop" {
			t.Errorf("chat stop: %q %q", c.Message.Content, c.FinishReason)
		}
	})

	t.Run("logprobs", func(t *testing.T) {
		v := loadVocab(t, storiesModel)
		ref := refByID(t, loadRef(t, "stories260K.json"), "top5-once-upon-a-time-llama.cpp-kvf32")
		p := openai.CompletionNewParams{Model: "stories260K", Prompt: openai.CompletionNewParamsPromptUnion{OfArrayOfTokens: onceUponIDs},
			MaxTokens: openai.Int(15), Temperature: openai.Float(0), Logprobs: openai.Int(5)}
		res, err := stories.Completions.New(ctx, p)
		must(t, err)
		c := res.Choices[0]
		lp := c.Logprobs
		if c.Text != onceUponText || len(lp.Tokens) != 15 || len(lp.TokenLogprobs) != 15 || len(lp.TopLogprobs) != 15 || len(lp.TextOffset) != 15 {
			t.Fatalf("logprobs: %s", c.RawJSON())
		}
		// Step 0's alternatives are the reference's top 5 logits, shifted by one log-normaliser.
		top := lp.TopLogprobs[0]
		best := v.tokenString(int32(ref.Top5[0][0]))
		if len(top) != 5 || lp.Tokens[0] != best || top[best] != lp.TokenLogprobs[0] {
			t.Fatalf("step 0: token %q %v, top %v; reference %v", lp.Tokens[0], lp.TokenLogprobs[0], top, ref.Top5)
		}
		for _, r := range ref.Top5[1:] {
			name := v.tokenString(int32(r[0]))
			got, ok := top[name]
			if !ok {
				t.Fatalf("reference alternative %v (%q) missing from %v", r, name, top)
			}
			if d := (got - top[best]) - (r[1] - ref.Top5[0][1]); math.Abs(d) > 1e-4 {
				t.Errorf("alternative %q: logprob gap off the reference logit gap by %g", name, d)
			}
		}
		offset := 0
		for i, tok := range lp.Tokens {
			if lp.TextOffset[i] != int64(offset) {
				t.Errorf("text_offset[%d] = %d, want %d", i, lp.TextOffset[i], offset)
			}
			offset += len(tok)
			// Greedy: the chosen token has the best logprob among the alternatives.
			for alt, l := range lp.TopLogprobs[i] {
				if l > lp.TokenLogprobs[i] {
					t.Errorf("step %d: alternative %q (%v) beats the greedy choice %q (%v)", i, alt, l, tok, lp.TokenLogprobs[i])
				}
			}
		}
	})

	t.Run("n_and_seed", func(t *testing.T) {
		sampled := func(seed int64, n int64) openai.CompletionNewParams {
			return openai.CompletionNewParams{Model: "stories260K", Prompt: openai.CompletionNewParamsPromptUnion{OfString: openai.String("Lily and Ben")},
				MaxTokens: openai.Int(24), Temperature: openai.Float(1), Seed: openai.Int(seed), N: openai.Int(n)}
		}
		eos := option.WithJSONSet("ignore_eos", true)
		texts := func(res *openai.Completion) []string {
			out := make([]string, len(res.Choices))
			for i, c := range res.Choices {
				if c.Index != int64(i) {
					t.Fatalf("choice %d has index %d", i, c.Index)
				}
				out[i] = c.Text
			}
			return out
		}
		a, err := stories.Completions.New(ctx, sampled(7, 3), eos)
		must(t, err)
		if len(a.Choices) != 3 || a.Usage.CompletionTokens != 72 || a.Usage.PromptTokens != 5 {
			t.Fatalf("n=3: %d choices, usage %+v", len(a.Choices), a.Usage)
		}
		if ta := texts(a); ta[0] == ta[1] && ta[1] == ta[2] {
			t.Errorf("n=3 at temperature 1 gave three equal choices %q", ta)
		}
		b, err := stories.Completions.New(ctx, sampled(7, 3), eos)
		must(t, err)
		if !slices.Equal(texts(a), texts(b)) {
			t.Errorf("same seed, different output:\n%q\n%q", texts(a), texts(b))
		}
		c, err := stories.Completions.New(ctx, sampled(8, 3), eos)
		must(t, err)
		if slices.Equal(texts(a), texts(c)) {
			t.Errorf("seeds 7 and 8 gave the same output %q", texts(a))
		}
		// Streaming the same seeded request gives the same choices, interleaved by index.
		stream := stories.Completions.NewStreaming(ctx, sampled(7, 3), eos)
		got := make([]string, 3)
		for stream.Next() {
			for _, ch := range stream.Current().Choices {
				got[ch.Index] += ch.Text
			}
		}
		if err := stream.Err(); err != nil || !slices.Equal(got, texts(a)) {
			t.Errorf("streamed %q (%v), want %q", got, err, texts(a))
		}
		// Greedy choices are all the same.
		g := greedy("Once upon a time", 10)
		g.N = openai.Int(2)
		res, err := stories.Completions.New(ctx, g)
		must(t, err)
		if tg := texts(res); len(tg) != 2 || tg[0] != tg[1] {
			t.Errorf("greedy n=2: %q", tg)
		}
		// Chat n=2 with a seed.
		cp := hello(4)
		cp.N, cp.Seed, cp.Temperature = openai.Int(2), openai.Int(3), openai.Float(1)
		cr, err := qwen.Chat.Completions.New(ctx, cp)
		must(t, err)
		if len(cr.Choices) != 2 || cr.Choices[1].Index != 1 || cr.Usage.CompletionTokens != 8 {
			t.Errorf("chat n=2: %s", cr.RawJSON())
		}
	})

	t.Run("errors", func(t *testing.T) {
		// 401: no key, a key that is not a tenant's, a key in the wrong scheme.
		code, _, body := st.call(t, http.MethodPost, "/v1/completions", "", `{"prompt":"a","max_tokens":1}`)
		if e := decodeErr(t, body); code != 401 || str(e.Error.Code) != "missing_api_key" || e.Error.Type != "authentication_error" {
			t.Errorf("no key: %d %s", code, body)
		}
		wrong := st.client("kvw-not-a-key")
		_, err := wrong.Completions.New(ctx, greedy("a", 1))
		wantAPIError(t, err, 401, "invalid_api_key")
		_, err = wrong.Models.List(ctx, option.WithHeader("Authorization", "Basic "+alice))
		wantAPIError(t, err, 401, "missing_api_key")

		// 400: the context limit, naming the limit and the request's size.
		long := make([]int64, 120)
		for i := range long {
			long[i] = int64(3 + i)
		}
		p := openai.CompletionNewParams{Model: "stories260K", Prompt: openai.CompletionNewParamsPromptUnion{OfArrayOfTokens: long}, MaxTokens: openai.Int(20)}
		_, err = stories.Completions.New(ctx, p)
		e := wantAPIError(t, err, 400, "context_length_exceeded")
		if e != nil && (!strings.Contains(e.Message, "128") || !strings.Contains(e.Message, "140")) {
			t.Errorf("context error does not name the limit 128 and the need 140: %q", e.Message)
		}
		_, err = qwen.Chat.Completions.New(ctx, hello(4096))
		if e := wantAPIError(t, err, 400, "context_length_exceeded"); e != nil && (!strings.Contains(e.Message, "4096") || !strings.Contains(e.Message, "4106")) {
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
			p := greedy("a", 1)
			tc.p(&p)
			_, err := stories.Completions.New(ctx, p)
			if e := wantAPIError(t, err, 400, "invalid_value"); e != nil && e.Param != tc.param {
				t.Errorf("bad %s: param %q", tc.param, e.Param)
			}
		}
		p2 := hello(4)
		p2.TopLogprobs = openai.Int(2) // without logprobs
		_, err = qwen.Chat.Completions.New(ctx, p2)
		wantAPIError(t, err, 400, "invalid_value")

		// The tenant's max_tokens cap.
		cc := st.client(capped)
		if _, err := cc.Completions.New(ctx, greedy("a", 8)); err != nil {
			t.Errorf("max_tokens at the cap: %v", err)
		}
		_, err = cc.Completions.New(ctx, greedy("a", 9))
		wantAPIError(t, err, 400, "invalid_value")

		// 404: a model this server does not serve.
		bad := greedy("a", 1)
		bad.Model = "gpt-3.5-turbo-instruct"
		_, err = stories.Completions.New(ctx, bad)
		wantAPIError(t, err, 404, "model_not_found")
	})

	t.Run("429_concurrency", func(t *testing.T) {
		// Hold the limited tenant's only slot with a long qwen2 stream (several seconds).
		sctx, stop := context.WithCancel(ctx)
		defer stop()
		resp, err := qw.post(sctx, "/v1/completions", limited, `{"prompt":"Hello","max_tokens":3000,"ignore_eos":true,"stream":true}`)
		must(t, err)
		defer resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Fatalf("holding stream: %d", resp.StatusCode)
		}
		if _, _, err := newSSE(resp.Body).next(); err != nil {
			t.Fatalf("holding stream: %v", err)
		}
		lc := qw.client(limited)
		_, err = lc.Chat.Completions.New(ctx, hello(1))
		if e := wantAPIError(t, err, 429, "concurrency_limit_exceeded"); e != nil {
			if e.Type != "rate_limit_error" || e.Response.Header.Get("Retry-After") == "" {
				t.Errorf("429 type %q, Retry-After %q", e.Type, e.Response.Header.Get("Retry-After"))
			}
		}
		// Other tenants are not limited by it.
		if _, err := qwen.Chat.Completions.New(ctx, hello(1)); err != nil {
			t.Errorf("another tenant during the limited one's stream: %v", err)
		}
		// The slot is taken when the request is authenticated, before its body (and n) is read:
		// while the stream holds it, even a request that could never run is told to retry.
		two := hello(1)
		two.N = openai.Int(2)
		_, err = lc.Chat.Completions.New(ctx, two)
		wantAPIError(t, err, 429, "concurrency_limit_exceeded")
		// Closing the stream frees the slot.
		stop()
		resp.Body.Close()
		deadline := time.Now().Add(5 * time.Second)
		for {
			_, err := lc.Chat.Completions.New(ctx, hello(1))
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
		wantAPIError(t, err, 400, "invalid_value")
	})

	t.Run("health", func(t *testing.T) {
		if code, _, body := st.call(t, http.MethodGet, "/health", "", ""); code != 200 {
			t.Errorf("/health: %d %s", code, body)
		}
		code, _, body := st.call(t, http.MethodGet, "/v1/nothing", alice, "")
		if e := decodeErr(t, body); code != 404 || e.Error.Type != "not_found_error" {
			t.Errorf("unknown route: %d %s", code, body)
		}
	})

	st.waitIdle(t, 5*time.Second)
	qw.waitIdle(t, 5*time.Second)
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
	// stories260K with f32 KV: 5 layers × 4 KV heads × 8 dims × (K, V) × 4 bytes = 1280 bytes per
	// token, so a page of 16 tokens with its 64-byte owner header is 20544 bytes, and 6 pages
	// (123264 bytes) are a 96-token pool under a 128-token model.
	s := startServer(t, serverOpts{model: storiesModel, kvMem: "123264"})
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
