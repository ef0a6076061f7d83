package server

import (
	"bufio"
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/tenants"
)

const keyCarol = "kvw-carol-test-key"

// meteredStore has one tenant, carol, with a tokens-per-minute budget.
func meteredStore(t *testing.T, lim tenants.Limits) *tenants.Store {
	t.Helper()
	s, err := tenants.NewMemStore(&tenants.File{Version: tenants.FileVersion, Tenants: []tenants.Tenant{
		{ID: "carol", KeyHash: tenants.HashKey(keyCarol), Limits: lim},
	}})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func (s *Server) balance(key string) float64 {
	t, _ := s.tenants.Lookup(key)
	s.lim.mu.Lock()
	defer s.lim.mu.Unlock()
	return s.lim.state[t.UID].tokens
}

func (s *Server) completionMetric() float64 {
	var m dto.Metric
	s.met.tokens.WithLabelValues("completion").Write(&m)
	return m.GetCounter().GetValue()
}

// readEvents reads n SSE data lines of a streaming request and then hangs up.
func readEvents(t *testing.T, env *testEnv, body string, n int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	resp := env.open(t, ctx, http.MethodPost, "/v1/completions", keyCarol, nil, body)
	defer resp.Body.Close()
	r := bufio.NewReader(resp.Body)
	for got := 0; got < n; {
		line, err := r.ReadString('\n')
		if err != nil {
			return // the server ended first
		}
		if strings.HasPrefix(line, "data: ") {
			got++
		}
	}
}

// TestUsageChargedHoweverItEnds: whatever ends a request (its finish, the client hanging up just
// before the end, an engine abort, a stop string), the tenant's token bucket, the usage metric
// and the request log are charged every token the engine produced for it, not what the client
// managed to read.
func TestUsageChargedHoweverItEnds(t *testing.T) {
	const prompt = "abcd"
	cases := []struct {
		name       string
		body       string
		abortAfter int
		hangUpAt   int // data events read before hanging up; 0 reads to the end
	}{
		{name: "finished", body: `{"prompt":"abcd","max_tokens":30,"stream":true}`},
		{name: "hang up before the end", body: `{"prompt":"abcd","max_tokens":30,"stream":true}`, hangUpAt: 25},
		{name: "hang up non-streaming", body: `{"prompt":"abcd","max_tokens":30}`, hangUpAt: -1},
		{name: "engine abort", body: `{"prompt":"abcd","max_tokens":30,"stream":true}`, abortAfter: 20},
		{name: "stop string", body: `{"prompt":"abcd","max_tokens":30,"stream":true,"stop":["d"]}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			eng := newFakeEngine()
			eng.delay = time.Millisecond
			eng.abortAfter = c.abortAfter
			now := time.Unix(1_800_000_000, 0) // frozen: the bucket does not refill during the test
			env := startWith(t, eng, meteredStore(t, tenants.Limits{TokensPerMinute: 100_000}), nil,
				func(cfg *Config) { cfg.Now = func() time.Time { return now } })
			switch {
			case c.hangUpAt > 0:
				readEvents(t, env, c.body, c.hangUpAt)
			case c.hangUpAt < 0:
				ctx, cancel := context.WithTimeout(context.Background(), 15*time.Millisecond)
				req, _ := http.NewRequestWithContext(ctx, http.MethodPost, env.base+"/v1/completions", strings.NewReader(c.body))
				req.Header.Set("Authorization", "Bearer "+keyCarol)
				if resp, err := http.DefaultClient.Do(req); err == nil {
					resp.Body.Close()
				}
				cancel()
			default:
				env.post("/v1/completions", keyCarol, c.body)
			}
			var u engine.Usage
			waitFor(t, func() bool {
				eng.mu.Lock()
				defer eng.mu.Unlock()
				if len(eng.usage) == 1 {
					u = eng.usage[0]
				}
				return len(eng.usage) == 1 && inflight(env.srv) == 0
			})
			if u.CompletionTokens == 0 {
				t.Fatal("the engine produced nothing; the case tests nothing")
			}
			charged := 100_000 - env.srv.balance(keyCarol)
			if want := float64(len(prompt) + u.CompletionTokens); charged != want {
				t.Errorf("charged %v tokens, the engine produced %d + %d", charged, len(prompt), u.CompletionTokens)
			}
			if got := env.srv.completionMetric(); got != float64(u.CompletionTokens) {
				t.Errorf("usage metric counts %v completion tokens, the engine produced %d", got, u.CompletionTokens)
			}
			waitFor(t, func() bool { return strings.Contains(env.logs.String(), "tenant=carol") })
			if line := "completion_tokens=" + strconv.Itoa(u.CompletionTokens); !strings.Contains(env.logs.String(), line) {
				t.Errorf("request log lacks %s:\n%s", line, env.logs.String())
			}
		})
	}
}

func inflight(s *Server) float64 {
	var m dto.Metric
	s.met.inflight.Write(&m)
	return m.GetGauge().GetValue()
}

// TestCachedTokensReported: usage.prompt_tokens_details.cached_tokens carries the request's own
// prefix-cache hits in completions and chat, streamed and not.
func TestCachedTokensReported(t *testing.T) {
	eng := newFakeEngine()
	eng.cached = 3
	env := start(t, eng, nil, nil)
	for _, c := range []struct{ path, body string }{
		{"/v1/completions", `{"prompt":"abcdef","max_tokens":2}`},
		{"/v1/completions", `{"prompt":"abcdef","max_tokens":2,"stream":true,"stream_options":{"include_usage":true}}`},
		{"/v1/chat/completions", `{"messages":[{"role":"user","content":"abcdef"}],"max_tokens":2}`},
		{"/v1/chat/completions", `{"messages":[{"role":"user","content":"abcdef"}],"max_tokens":2,"stream":true,"stream_options":{"include_usage":true}}`},
	} {
		code, _, body := env.post(c.path, keyAlice, c.body)
		if code != 200 || !strings.Contains(string(body), `"prompt_tokens_details":{"cached_tokens":3}`) {
			t.Errorf("%s %s: %d %s", c.path, c.body, code, body)
		}
	}
}

// TestReadyAfterInternalError: /ready answers 503 with a reason for a while after the engine's
// latest internal error, and the error count is exported.
func TestReadyAfterInternalError(t *testing.T) {
	for _, c := range []struct {
		name   string
		last   time.Time
		code   int
		reason string
	}{
		{"never", time.Time{}, 200, ""},
		{"just now", time.Now(), 503, "engine_internal_error"},
		{"long ago", time.Now().Add(-2 * internalErrorHold), 200, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			eng := newFakeEngine()
			if !c.last.IsZero() {
				eng.stats.StepErrors, eng.stats.LastStepError = 3, c.last
			}
			env := start(t, eng, nil, nil)
			waitFor(t, func() bool { return env.srv.serving.Load() })
			code, _, body := env.get("/ready")
			if code != c.code || !strings.Contains(string(body), c.reason) {
				t.Fatalf("/ready: %d %s", code, body)
			}
			_, _, body = env.metrics()
			want := "kvwarden_engine_internal_errors_total " + strconv.Itoa(int(eng.stats.StepErrors))
			if !strings.Contains(string(body), want) {
				t.Fatalf("metrics lack %q", want)
			}
		})
	}
}
