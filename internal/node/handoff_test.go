package node

import (
	"net/http"
	"reflect"
	"testing"
	"time"
)

// pdBodies are requests of every endpoint, greedy with logprobs, as a client sends them.
func pdBodies() []struct {
	name, path string
	body       map[string]any
} {
	prompt := "once upon a time there was a little dog and the cat said hello world to the person in paris"
	return []struct {
		name, path string
		body       map[string]any
	}{
		{"completions", "/v1/completions", map[string]any{"model": "tiny", "prompt": prompt, "max_tokens": 8, "temperature": 0, "logprobs": 3, "ignore_eos": true}},
		{"chat", "/v1/chat/completions", map[string]any{"model": "tiny", "messages": []any{map[string]any{"role": "user", "content": prompt}},
			"max_tokens": 7, "temperature": 0, "logprobs": true, "top_logprobs": 2, "ignore_eos": true}},
		{"completions streamed", "/v1/completions", map[string]any{"model": "tiny", "prompt": prompt + " again", "max_tokens": 6, "temperature": 0,
			"logprobs": 2, "stream": true, "stream_options": map[string]any{"include_usage": true}, "ignore_eos": true}},
		{"chat streamed", "/v1/chat/completions", map[string]any{"model": "tiny", "messages": []any{map[string]any{"role": "user", "content": "hello " + prompt}},
			"max_tokens": 5, "temperature": 0, "stream": true, "ignore_eos": true}},
		{"responses", "/v1/responses", map[string]any{"model": "tiny", "input": prompt, "max_output_tokens": 6, "temperature": 0}},
		{"seeded random", "/v1/completions", map[string]any{"model": "tiny", "prompt": prompt + " and then", "max_tokens": 8, "temperature": 0.9, "seed": 7, "ignore_eos": true}},
	}
}

// stable is an answer without what differs between any two answers (ids, times).
func stable(r reply) any {
	if r.body == nil {
		return stableSSE(r.raw)
	}
	out := map[string]any{}
	for _, k := range []string{"choices", "usage", "output", "status"} {
		out[k] = r.body[k]
	}
	if u, ok := out["usage"].(map[string]any); ok {
		delete(u, "prompt_tokens_details") // the prefill node's prefix cache, not the decode node's
	}
	if items, ok := out["output"].([]any); ok {
		for _, it := range items {
			delete(it.(map[string]any), "id")
		}
	}
	return out
}

// TestPDMatchesOneProcess: through the sidecar's two requests, every endpoint's answer, streamed
// or not, is the one process's bit for bit (tokens, logprobs, usage), the prompt is computed on
// the prefill node only, and both pools are whole after.
func TestPDMatchesOneProcess(t *testing.T) {
	p := newPD(t, time.Minute)
	for _, c := range pdBodies() {
		t.Run(c.name, func(t *testing.T) {
			want := post(t, t.Context(), p.one.url, c.path, "alice", c.body)
			if want.status != http.StatusOK {
				t.Fatalf("one process: %d %s", want.status, want.raw)
			}
			pre0, dec0 := p.pre.e.Stats(), p.dec.e.Stats()
			kv := p.prefill(t, c.path, "alice", c.body)
			got := p.decode(t, c.path, "alice", c.body, kv)
			if got.status != http.StatusOK {
				t.Fatalf("decode: %d %s", got.status, got.raw)
			}
			if !reflect.DeepEqual(stable(got), stable(want)) {
				t.Fatalf("split differs from one process\n got %v\nwant %v", stable(got), stable(want))
			}
			p.whole(t)
			pre1, dec1 := p.pre.e.Stats(), p.dec.e.Stats()
			if dec1.PrefillTokens != dec0.PrefillTokens || pre1.PrefillTokens == pre0.PrefillTokens || pre1.Sent.Transfers != pre0.Sent.Transfers+1 {
				t.Fatalf("prefill tokens: prefill node %d -> %d, decode node %d -> %d; transfers %d -> %d",
					pre0.PrefillTokens, pre1.PrefillTokens, dec0.PrefillTokens, dec1.PrefillTokens, pre0.Sent.Transfers, pre1.Sent.Transfers)
			}
		})
	}
}
