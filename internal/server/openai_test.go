package server

import (
	"encoding/json"
	"maps"
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
