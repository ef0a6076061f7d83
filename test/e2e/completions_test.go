package e2e

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
)

func testCompletion(t *testing.T, api *apiSuite) {
	stories, ctx := api.stories, api.ctx
	res, err := stories.Completions.New(ctx, greedyStories("Once upon a time", 32))
	api.must(t, err)
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
}

func testStop(t *testing.T, api *apiSuite) {
	stories, qwen, ctx := api.stories, api.qwen, api.ctx
	for _, tc := range []struct {
		stop []string
		want string
	}{
		{[]string{"pp"}, "QQQQQQQ9"},
		{[]string{"zzz", "Q9p"}, "QQQQQQ"}, // spans three tokens: "Q", "9", "pp"
		{[]string{"QQQQQQQQ"}, onceUponText},
	} {
		p := greedyStories("Once upon a time", 15)
		p.Stop = openai.CompletionNewParamsStopUnion{OfStringArray: tc.stop}
		res, err := stories.Completions.New(ctx, p)
		api.must(t, err)
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
	p := helloQwen(8)
	p.Stop = openai.ChatCompletionNewParamsStopUnion{OfString: openai.String("\n\n")}
	res, err := qwen.Chat.Completions.New(ctx, p)
	api.must(t, err)
	if c := res.Choices[0]; c.Message.Content != "" || c.FinishReason != "stop" {
		t.Errorf("chat stop: %q %q", c.Message.Content, c.FinishReason)
	}
}

func testLogprobs(t *testing.T, api *apiSuite) {
	stories, ctx := api.stories, api.ctx
	v := loadVocab(t, storiesModel)
	ref := refByID(t, loadRef(t, "stories260K.json"), "top5-once-upon-a-time-llama.cpp-kvf32")
	p := openai.CompletionNewParams{Model: "stories260K", Prompt: openai.CompletionNewParamsPromptUnion{OfArrayOfTokens: onceUponIDs},
		MaxTokens: openai.Int(15), Temperature: openai.Float(0), Logprobs: openai.Int(5)}
	res, err := stories.Completions.New(ctx, p)
	api.must(t, err)
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
}

func testNAndSeed(t *testing.T, api *apiSuite) {
	stories, qwen, ctx := api.stories, api.qwen, api.ctx
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
	api.must(t, err)
	if len(a.Choices) != 3 || a.Usage.CompletionTokens != 72 || a.Usage.PromptTokens != 5 {
		t.Fatalf("n=3: %d choices, usage %+v", len(a.Choices), a.Usage)
	}
	if ta := texts(a); ta[0] == ta[1] && ta[1] == ta[2] {
		t.Errorf("n=3 at temperature 1 gave three equal choices %q", ta)
	}
	b, err := stories.Completions.New(ctx, sampled(7, 3), eos)
	api.must(t, err)
	if !slices.Equal(texts(a), texts(b)) {
		t.Errorf("same seed, different output:\n%q\n%q", texts(a), texts(b))
	}
	c, err := stories.Completions.New(ctx, sampled(8, 3), eos)
	api.must(t, err)
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
	g := greedyStories("Once upon a time", 10)
	g.N = openai.Int(2)
	res, err := stories.Completions.New(ctx, g)
	api.must(t, err)
	if tg := texts(res); len(tg) != 2 || tg[0] != tg[1] {
		t.Errorf("greedy n=2: %q", tg)
	}
	// Chat n=2 with a seed.
	cp := helloQwen(4)
	cp.N, cp.Seed, cp.Temperature = openai.Int(2), openai.Int(3), openai.Float(1)
	cr, err := qwen.Chat.Completions.New(ctx, cp)
	api.must(t, err)
	if len(cr.Choices) != 2 || cr.Choices[1].Index != 1 || cr.Usage.CompletionTokens != 8 {
		t.Errorf("chat n=2: %s", cr.RawJSON())
	}
}
