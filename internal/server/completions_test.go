package server

import (
	"encoding/json"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"

	"github.com/kvwarden/kvwarden/internal/buildinfo"
)

// TestTextOffset checks completions text_offset counts characters (code points) of the output
// before each token, as OpenAI and vLLM do, not bytes; a character split over tokens counts once
// complete, and a byte that is never valid counts as its U+FFFD. The fake engine echoes the
// prompt's bytes one token each.
func TestTextOffset(t *testing.T) {
	env := start(t, newFakeEngine(), nil, nil)
	cases := []struct {
		name, prompt string
		text         string
		want         []int
	}{
		{"ascii", `"abc"`, "abc", []int{0, 1, 2}},
		// a | é = C3 A9 | € = E2 82 AC | b
		{"split characters", `"aé€b"`, "aé€b", []int{0, 1, 1, 2, 2, 2, 3}},
		{"emoji", `"😀x"`, "😀x", []int{0, 0, 0, 0, 1}},
		// 0xFF and a stray continuation byte are each one U+FFFD.
		{"invalid bytes", `[97,255,128,98]`, "a\uFFFD\uFFFDb", []int{0, 1, 2, 3}},
		// An incomplete character cut off by a valid one: C3 then 'x'.
		{"truncated character", `[195,120,233]`, "\uFFFDx\uFFFD", []int{0, 1, 2}},
	}
	for _, c := range cases {
		n := len(c.want)
		body := `{"prompt":` + c.prompt + `,"max_tokens":` + itoa(n) + `,"logprobs":0`
		code, _, raw := env.post("/v1/completions", keyAlice, body+`}`)
		var resp struct {
			Choices []struct {
				Text     string
				Logprobs struct {
					TextOffset []int `json:"text_offset"`
				}
			}
		}
		if code != 200 || json.Unmarshal(raw, &resp) != nil || len(resp.Choices) != 1 {
			t.Fatalf("%s: %d %s", c.name, code, raw)
		}
		ch := resp.Choices[0]
		if ch.Text != c.text || !slices.Equal(ch.Logprobs.TextOffset, c.want) {
			t.Errorf("%s: text %q offsets %v, want %q %v", c.name, ch.Text, ch.Logprobs.TextOffset, c.text, c.want)
		}
		// Streamed, the offsets continue across chunks.
		code, _, raw = env.post("/v1/completions", keyAlice, body+`,"stream":true}`)
		var got []int
		for _, line := range strings.Split(string(raw), "\n") {
			data, ok := strings.CutPrefix(line, "data: ")
			if !ok || data == "[DONE]" {
				continue
			}
			var chunk struct {
				Choices []struct {
					Logprobs *struct {
						TextOffset []int `json:"text_offset"`
					}
				}
			}
			if err := json.Unmarshal([]byte(data), &chunk); err != nil {
				t.Fatalf("%s: chunk %s: %v", c.name, data, err)
			}
			for _, ch := range chunk.Choices {
				if ch.Logprobs != nil {
					got = append(got, ch.Logprobs.TextOffset...)
				}
			}
		}
		if code != 200 || !slices.Equal(got, c.want) {
			t.Errorf("%s: streamed %d offsets %v, want %v", c.name, code, got, c.want)
		}
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestResponseFields checks the fields SDKs read: system_fingerprint (the same on every answer of
// this server, different for another model or kernel set), completion_tokens_details, and no
// "usage" key in stream chunks unless include_usage asked for it.
func TestResponseFields(t *testing.T) {
	env := start(t, newFakeEngine(), nil, nil)
	c := env.client(keyAlice)
	resp, err := c.Chat.Completions.New(ctx(t), openai.ChatCompletionNewParams{Model: model,
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("hi")}})
	if err != nil {
		t.Fatal(err)
	}
	cresp, err := c.Completions.New(ctx(t), openai.CompletionNewParams{Model: model, Prompt: promptOf("hi"), MaxTokens: openai.Int(2)})
	if err != nil {
		t.Fatal(err)
	}
	fp := resp.SystemFingerprint
	if !strings.HasPrefix(fp, "fp_") || cresp.SystemFingerprint != fp {
		t.Errorf("fingerprints %q %q", fp, cresp.SystemFingerprint)
	}
	for _, d := range []openai.CompletionUsageCompletionTokensDetails{resp.Usage.CompletionTokensDetails, cresp.Usage.CompletionTokensDetails} {
		if !d.JSON.ReasoningTokens.Valid() || d.ReasoningTokens != 0 {
			t.Errorf("completion_tokens_details %+v", d)
		}
	}
	info := env.eng.info
	other := info
	other.Kernels = "other"
	if fingerprint(other, buildinfo.Read()) == fingerprint(info, buildinfo.Read()) {
		t.Error("the fingerprint ignores the kernels")
	}
	other = info
	other.ModelName = "other"
	if fingerprint(other, buildinfo.Read()) == fingerprint(info, buildinfo.Read()) {
		t.Error("the fingerprint ignores the model")
	}

	code, _, raw := env.post("/v1/completions", keyAlice, `{"prompt":"hi","max_tokens":2,"stream":true}`)
	if code != 200 || strings.Contains(string(raw), `"usage"`) {
		t.Errorf("stream without include_usage: %d %s", code, raw)
	}
}

// TestLogitBiasReachesEngine: the official client's logit_bias (string keys) arrives as the
// engine request's per-sequence bias, for completions and chat.
func TestLogitBiasReachesEngine(t *testing.T) {
	eng := newFakeEngine()
	env := start(t, eng, nil, nil)
	c := env.client(keyAlice)
	if _, err := c.Completions.New(ctx(t), openai.CompletionNewParams{Model: model, Prompt: promptOf("hi"), MaxTokens: openai.Int(1),
		LogitBias: map[string]int64{"104": 100, "0": -100}}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Chat.Completions.New(ctx(t), openai.ChatCompletionNewParams{Model: model, MaxCompletionTokens: openai.Int(1),
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("hi")}, LogitBias: map[string]int64{"5": -3}}); err != nil {
		t.Fatal(err)
	}
	reqs := eng.requests()
	if !maps.Equal(reqs[0].LogitBias, map[int32]float32{104: 100, 0: -100}) || !maps.Equal(reqs[1].LogitBias, map[int32]float32{5: -3}) {
		t.Fatalf("engine biases %v %v", reqs[0].LogitBias, reqs[1].LogitBias)
	}
	_, err := c.Completions.New(ctx(t), openai.CompletionNewParams{Model: model, Prompt: promptOf("hi"), LogitBias: map[string]int64{"104": 101}})
	if ae := apiErr(t, err); ae.StatusCode != 400 || ae.Param != "logit_bias" {
		t.Fatalf("out of range: %d %q", ae.StatusCode, ae.Param)
	}
}

// TestEchoPromptLogprobs: echo, max_tokens 0 and logprobs together (lm-evaluation-harness's
// log-likelihood request) return the prompt as the text with each prompt token's logprob (null
// for the first), and nothing generated; with max_tokens > 0 the generated text and its logprobs
// follow, offsets continuing; streamed, the same arrives in chunks.
func TestEchoPromptLogprobs(t *testing.T) {
	eng := newFakeEngine()
	env := start(t, eng, nil, nil)
	c := env.client(keyAlice)
	type lps struct {
		Tokens        []string             `json:"tokens"`
		TokenLogprobs []*float64           `json:"token_logprobs"`
		TopLogprobs   []map[string]float64 `json:"top_logprobs"`
		TextOffset    []int                `json:"text_offset"`
	}
	f := func(v float32) *float64 { d := float64(v); return &d } // the engine's logprobs are float32
	cases := []struct {
		name      string
		maxTokens int64
		logprobs  bool
		text      string
		want      *lps
	}{
		{"score the prompt", 0, true, "abcd", &lps{Tokens: []string{"a", "b", "c", "d"},
			TokenLogprobs: []*float64{nil, f(-0.125), f(-0.25), f(-0.375)},
			TopLogprobs:   []map[string]float64{nil, {"b": -0.125}, {"c": -0.25}, {"d": -0.375}}, TextOffset: []int{0, 1, 2, 3}}},
		{"echo and generate", 2, true, "abcdab", &lps{Tokens: []string{"a", "b", "c", "d", "a", "b"},
			TokenLogprobs: []*float64{nil, f(-0.125), f(-0.25), f(-0.375), f(-0.1), f(-0.2)},
			TopLogprobs:   []map[string]float64{nil, {"b": -0.125}, {"c": -0.25}, {"d": -0.375}, {"a": *f(-0.1)}, {"b": *f(-0.2)}}, TextOffset: []int{0, 1, 2, 3, 4, 5}}},
		{"echo without logprobs", 0, false, "abcd", nil},
	}
	for _, cs := range cases {
		params := openai.CompletionNewParams{Model: model, Prompt: promptOf("abcd"), MaxTokens: openai.Int(cs.maxTokens), Echo: openai.Bool(true)}
		if cs.logprobs {
			params.Logprobs = openai.Int(1)
		}
		resp, err := c.Completions.New(ctx(t), params)
		if err != nil {
			t.Fatalf("%s: %v", cs.name, err)
		}
		ch := resp.Choices[0]
		if ch.Text != cs.text || ch.FinishReason != "length" {
			t.Errorf("%s: text %q finish %q", cs.name, ch.Text, ch.FinishReason)
		}
		var got struct{ Choices []struct{ Logprobs *lps } }
		if err := json.Unmarshal([]byte(resp.RawJSON()), &got); err != nil {
			t.Fatal(err)
		}
		if g := got.Choices[0].Logprobs; (g == nil) != (cs.want == nil) || (g != nil && !reflect.DeepEqual(*g, *cs.want)) {
			t.Errorf("%s: logprobs\n%+v\nwant\n%+v", cs.name, g, cs.want)
		}
		// Usage counts what the engine did: the prompt, and at least one generated token.
		if resp.Usage.PromptTokens != 4 || resp.Usage.CompletionTokens != max(cs.maxTokens, 1) {
			t.Errorf("%s: usage %+v", cs.name, resp.Usage)
		}
		r := eng.requests()[len(eng.requests())-1]
		if r.PromptLogprobs != cs.logprobs || r.MaxTokens != int(max(cs.maxTokens, 1)) {
			t.Errorf("%s: engine request %+v", cs.name, r)
		}

		// Streamed: the same text and logprobs, in chunks.
		stream := c.Completions.NewStreaming(ctx(t), params)
		var text string
		var streamed lps
		for stream.Next() {
			for _, ch := range stream.Current().Choices {
				text += ch.Text
				var raw struct {
					Choices []struct{ Logprobs *lps }
				}
				json.Unmarshal([]byte(stream.Current().RawJSON()), &raw)
				if l := raw.Choices[0].Logprobs; l != nil {
					streamed.Tokens = append(streamed.Tokens, l.Tokens...)
					streamed.TokenLogprobs = append(streamed.TokenLogprobs, l.TokenLogprobs...)
					streamed.TopLogprobs = append(streamed.TopLogprobs, l.TopLogprobs...)
					streamed.TextOffset = append(streamed.TextOffset, l.TextOffset...)
				}
			}
		}
		if err := stream.Err(); err != nil || text != cs.text || (cs.want != nil && !reflect.DeepEqual(streamed, *cs.want)) {
			t.Errorf("%s: streamed %q %+v %v", cs.name, text, streamed, err)
		}
	}
}
