package server

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/tenants"
)

// TestTokensPerMinuteIsACap: a request whose reservation exceeds the tenant's whole
// tokens-per-minute bucket is refused with a 400 naming both numbers, on a full bucket too, and
// charges nothing; one that fits the bucket but not its balance gets 429.
func TestTokensPerMinuteIsACap(t *testing.T) {
	hundred := strings.Repeat("x", 99) // 99 tokens (byte tokenizer), 100 with the input's placeholder
	inputs := make([]string, maxEmbedInputs)
	for i := range inputs {
		inputs[i] = hundred
	}
	embed, _ := json.Marshal(map[string]any{"input": inputs})
	for _, c := range []struct {
		name, path, body string
		want             int // the reservation named in the refusal
	}{
		// 2,048 inputs × 100 tokens: 341 minutes of a 600 tokens/minute key.
		{"embeddings", "/v1/embeddings", string(embed), maxEmbedInputs * 100},
		// 4 prompts × n 4 × (1 + 40): each choice fits the context and the bucket, together not.
		{"completions, prompts × n", "/v1/completions", `{"prompt":["a","b","c","d"],"n":4,"max_tokens":40}`, 4 * 4 * (1 + 40)},
		{"chat, n choices", "/v1/chat/completions", `{"messages":[{"role":"user","content":"hi"}],"max_tokens":200,"n":4}`, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			eng := embedEngine()
			now := time.Unix(1_800_000_000, 0)
			env := startWith(t, eng, meteredStore(t, tenants.Limits{TokensPerMinute: 600}), nil,
				func(cfg *Config) { cfg.Now = func() time.Time { return now } })
			code, _, body := env.post(c.path, keyCarol, c.body)
			if code != http.StatusBadRequest || !strings.Contains(string(body), "tokens_per_minute_exceeded") || !strings.Contains(string(body), " 600") {
				t.Fatalf("%d %s", code, body)
			}
			if c.want > 0 && !strings.Contains(string(body), strconv.Itoa(c.want)+" tokens") {
				t.Errorf("the refusal does not name the reservation %d: %s", c.want, body)
			}
			eng.mu.Lock()
			ran := len(eng.usage)
			eng.mu.Unlock()
			if ran != 0 || env.srv.balance(keyCarol) != 600 && env.srv.balance(keyCarol) != 0 {
				t.Errorf("a refused request ran %d engine requests, balance %v", ran, env.srv.balance(keyCarol))
			}
		})
	}
	t.Run("fits the bucket, not the balance", func(t *testing.T) {
		eng := newFakeEngine()
		now := time.Unix(1_800_000_000, 0)
		env := startWith(t, eng, meteredStore(t, tenants.Limits{TokensPerMinute: 600}), nil,
			func(cfg *Config) { cfg.Now = func() time.Time { return now } })
		if code, _, body := env.post("/v1/completions", keyCarol, `{"prompt":"a","max_tokens":200,"ignore_eos":true}`); code != 200 {
			t.Fatalf("%d %s", code, body)
		}
		// 400 left: a 450-token reservation fits 600 but not 400.
		code, hdr, body := env.post("/v1/completions", keyCarol, `{"prompt":"a","max_tokens":248,"n":2}`)
		if code != http.StatusTooManyRequests || hdr.Get("Retry-After") == "" || !strings.Contains(string(body), "rate_limit_exceeded") {
			t.Fatalf("%d %v %s", code, hdr, body)
		}
	})
}

// TestTokenizeMetered: /tokenize and /detokenize take one of the tenant's max_concurrent slots
// like generation does, and their body bound follows the advertised context (4 MiB of text to a
// 256-token model is no prompt): an oversized body is refused with 413 before it is read.
func TestTokenizeMetered(t *testing.T) {
	eng := newFakeEngine()
	store := meteredStore(t, tenants.Limits{MaxConcurrent: 2})
	env := startWith(t, eng, store, nil, nil)
	limit := tokenizeBodyLimit(eng.info.MaxContext)
	if limit >= 4<<20 {
		t.Fatalf("body bound %d for a %d-token context", limit, eng.info.MaxContext)
	}
	for _, path := range []string{"/tokenize", "/detokenize"} {
		t.Run(path, func(t *testing.T) {
			// Two bodies that never finish hold both slots.
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			for range 2 {
				pr, pw := io.Pipe()
				defer pw.Close()
				req, _ := http.NewRequestWithContext(ctx, http.MethodPost, env.base+path, pr)
				req.Header.Set("Authorization", "Bearer "+keyCarol)
				go func() {
					if resp, err := http.DefaultClient.Do(req); err == nil {
						resp.Body.Close()
					}
				}()
				go pw.Write([]byte(`{"prompt":"`))
			}
			waitFor(t, func() bool { return env.srv.active(keyCarol) == 2 })
			code, hdr, body := env.post(path, keyCarol, `{"prompt":"hi","tokens":[1]}`)
			if code != http.StatusTooManyRequests || hdr.Get("Retry-After") == "" || !strings.Contains(string(body), "concurrency_limit_exceeded") {
				t.Fatalf("third concurrent %s: %d %s", path, code, body)
			}
			cancel()
			waitFor(t, func() bool { return env.srv.active(keyCarol) == 0 })

			start := time.Now()
			big := `{"prompt":"` + strings.Repeat("y", int(limit)) + `"}`
			code, _, body = env.post(path, keyCarol, big)
			if code != http.StatusRequestEntityTooLarge || !strings.Contains(string(body), strconv.FormatInt(limit, 10)) {
				t.Fatalf("oversized body: %d %s", code, body)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("413 took %v", d)
			}
			// A body within the bound is served, and gives its slot back.
			if code, _, body := env.post(path, keyCarol, `{"prompt":"hi","tokens":[104,105]}`); code != 200 {
				t.Fatalf("%d %s", code, body)
			}
			if n := env.srv.active(keyCarol); n != 0 {
				t.Errorf("%d slots held after the request", n)
			}
		})
	}
}

// active is the tenant's concurrency slots in use.
func (s *Server) active(key string) int {
	t, _ := s.tenants.Lookup(key)
	s.lim.mu.Lock()
	defer s.lim.mu.Unlock()
	if u := s.lim.state[t.UID]; u != nil {
		return u.active
	}
	return 0
}

// TestLostNodeStatus: a request a router's node lost (or whose hand-off between nodes failed
// with no defence firing) answers a non-streaming client 503 with Retry-After: another node may
// serve a retry (it answered 500, which says the request itself broke something); a defence that
// stopped a hand-off stays a 500; a streaming client gets an error event.
func TestLostNodeStatus(t *testing.T) {
	for _, c := range []struct {
		name   string
		abort  *engine.AbortError
		status int
		retry  bool
	}{
		{"node lost", &engine.AbortError{Reason: kvtypes.AbortNodeLost, Message: "prefill node p lost"}, 503, true},
		{"hand-off failed", &engine.AbortError{Reason: kvtypes.AbortTransfer, Message: "prefill node p failed"}, 503, true},
		{"hand-off refused by a defence", &engine.AbortError{Reason: kvtypes.AbortTransfer, Message: "bad page", Defence: kvtypes.DefenceChecksum}, 500, false},
		{"isolation", &engine.AbortError{Reason: kvtypes.AbortIsolation, Message: "header"}, 500, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			eng := newFakeEngine()
			eng.abortAfter, eng.abortWith = 2, c.abort
			env := start(t, eng, nil, nil)
			code, hdr, body := env.post("/v1/completions", keyAlice, `{"prompt":"abcdef","max_tokens":5}`)
			if code != c.status || (hdr.Get("Retry-After") != "") != c.retry || !strings.Contains(string(body), "request_aborted") {
				t.Fatalf("%d %v %s", code, hdr, body)
			}
			code, _, body = env.post("/v1/completions", keyAlice, `{"prompt":"abcdef","max_tokens":5,"stream":true}`)
			if code != 200 || !strings.Contains(string(body), `"error"`) || strings.Contains(string(body), `"finish_reason":"length"`) {
				t.Fatalf("streaming: %d %s", code, body)
			}
		})
	}
}

// unreadyEngine is an engine that cannot serve while it runs, as a router with no healthy node
// of a role.
type unreadyEngine struct {
	*fakeEngine
	why string
}

func (e unreadyEngine) NotReady() string { return e.why }

// TestReadyFollowsTheEngine: /ready answers 503 naming the reason while the engine says it cannot
// serve (a router with no healthy prefill or decode node), 200 once it can.
func TestReadyFollowsTheEngine(t *testing.T) {
	for _, why := range []string{"no_healthy_prefill_node", ""} {
		env := startWith(t, unreadyEngine{newFakeEngine(), why}, nil, nil, nil)
		waitFor(t, func() bool { return env.srv.serving.Load() })
		code, _, body := env.get("/ready")
		if want := map[bool]int{true: 503, false: 200}[why != ""]; code != want || !strings.Contains(string(body), why) {
			t.Errorf("NotReady %q: /ready %d %s", why, code, body)
		}
	}
}
