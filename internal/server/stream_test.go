package server

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/openai/openai-go/v3"
)

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
