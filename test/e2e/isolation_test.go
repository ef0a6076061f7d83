package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// isolationPool is the KV pool of the isolation test: 24 pages of 16 tokens (1280 bytes per token
// for llamaModel (stories260K's shape) with f32 KV, plus a 64-byte header per page: 24 × 20544 bytes), 384 tokens. One full-context request needs 8 pages, so tenant A's
// requests and the noise below together want several times the pool, and the scheduler must evict
// and preempt.
const isolationPool = "493056"

// tenantAWork is tenant A's greedy requests: the reference prompts as token ids, text prompts, and
// n > 1, all with logprobs so that any difference in any logit shows.
func tenantAWork(t testing.TB) []string {
	var reqs []string
	for _, p := range [][]int{{1, 403, 407, 261, 378}, {1, 317, 269, 368, 302}, {1, 291, 376, 400, 428}, {1}} {
		reqs = append(reqs, fmt.Sprintf(`{"prompt":%s,"max_tokens":60,"temperature":0,"logprobs":3}`, mustJSON(t, p)))
	}
	reqs = append(reqs,
		`{"prompt":"The little dog ran to the park","max_tokens":40,"temperature":0,"logprobs":2,"ignore_eos":true}`,
		`{"prompt":"Once upon a time there was","max_tokens":48,"temperature":0,"logprobs":1,"stop":["zz"]}`,
		`{"prompt":["Lily and Ben","Ben"],"max_tokens":30,"temperature":0,"n":2,"logprobs":0}`,
		// Seeded sampling must be as reproducible as greedy.
		`{"prompt":"Lily","max_tokens":50,"temperature":0.9,"top_k":40,"seed":99,"logprobs":2}`)
	return reqs
}

// runCompletion posts one non-streaming completion and returns its choices and usage, the part
// of the answer that must not depend on anything but the request. The one exception is
// usage.prompt_tokens_details.cached_tokens: whether the tenant's own prefix cache still held
// the prompt's pages depends on what else ran, so it is checked for range and left out.
func runCompletion(ctx context.Context, s *server, key, body string) (string, error) {
	resp, err := s.post(ctx, "/v1/completions", key, body)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return "", err
	}
	if resp.StatusCode != 200 {
		return "", fmt.Errorf("status %d: %s", resp.StatusCode, b)
	}
	var r struct {
		Choices json.RawMessage `json:"choices"`
		Usage   map[string]any  `json:"usage"`
	}
	if err := json.Unmarshal(b, &r); err != nil {
		return "", err
	}
	if details, ok := r.Usage["prompt_tokens_details"].(map[string]any); ok {
		cached, _ := details["cached_tokens"].(float64)
		prompt, _ := r.Usage["prompt_tokens"].(float64)
		if cached < 0 || cached > prompt {
			return "", fmt.Errorf("cached_tokens %v outside [0, prompt_tokens %v]: %s", cached, prompt, b)
		}
		delete(details, "cached_tokens")
	}
	usage, err := json.Marshal(r.Usage)
	if err != nil {
		return "", err
	}
	return string(r.Choices) + "\n" + string(usage), nil
}

// TestIsolationInvariance is the core claim end to end: tenant A's answers are bit-identical
// (tokens, text, logprobs) whether A is alone on a fresh server or shares it with tenants that
// stream long prompts, hang up mid-stream and oversubscribe the KV pool; and afterwards the pool
// is whole and no isolation check ever fired.
func TestIsolationInvariance(t *testing.T) {
	tenants := tenantsFile(t)
	keys := map[string]string{}
	for _, n := range []string{"a", "b", "c", "d"} {
		keys[n] = addTenant(t, tenants, n)
	}
	work := tenantAWork(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()

	// (a) Alone, one request at a time, on a fresh server.
	alone := make([]string, len(work))
	{
		s := startServer(t, serverOpts{model: llamaModel, tenants: tenants, kvMem: isolationPool})
		for i, body := range work {
			out, err := runCompletion(ctx, s, keys["a"], body)
			if err != nil {
				s.failIfBroken(t)
				t.Fatalf("alone, request %d: %v", i, err)
			}
			alone[i] = out
		}
		s.waitIdle(t, 5*time.Second)
		s.kill()
	}

	// (b) The same requests, concurrently and in rounds, while B, C and D load a fresh server.
	s := startServer(t, serverOpts{model: llamaModel, tenants: tenants, kvMem: isolationPool})
	total := s.metrics(t).get(t, mPagesTotal)
	noise := startNoise(ctx, t, s, keys)
	defer noise.stop()
	// Let the noise fill the pool before A arrives, so A is admitted into a crowded server.
	deadline := time.Now().Add(10 * time.Second)
	for noise.pressured.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	// Rounds of A's requests, each started with random delays so that they meet the noise in
	// different phases; from the second round on they also hit A's prefix cache.
	start := time.Now()
	jitter := rand.New(rand.NewPCG(4, 4))
	for round := 0; round < 3 || time.Since(start) < 1500*time.Millisecond && round < 8; round++ {
		var wg sync.WaitGroup
		got := make([]string, len(work))
		errs := make([]error, len(work))
		for i, body := range work {
			delay := time.Duration(jitter.IntN(60)) * time.Millisecond
			wg.Go(func() {
				time.Sleep(delay)
				got[i], errs[i] = runCompletion(ctx, s, keys["a"], body)
			})
		}
		wg.Wait()
		s.failIfBroken(t)
		for i := range work {
			if errs[i] != nil {
				t.Errorf("round %d, request %d: %v", round, i, errs[i])
			} else if got[i] != alone[i] {
				t.Errorf("round %d, request %d %s: the answer under load differs from the answer alone:\n alone: %s\nloaded: %s",
					round, i, work[i], alone[i], got[i])
			}
		}
		if t.Failed() {
			break
		}
	}
	noise.stop()
	s.failIfBroken(t)
	for _, err := range noise.errs {
		t.Error(err)
	}

	t.Logf("noise: %d long-prompt streams, %d streams cut off, %d pool-filling requests; pool peak %d of %v pages used, queue peak %d, %d samples with a full pool and a queue",
		noise.streams.Load(), noise.cutoffs.Load(), noise.fills.Load(), noise.maxUsed.Load(), total, noise.maxWaiting.Load(), noise.pressured.Load())
	if noise.streams.Load() == 0 || noise.cutoffs.Load() == 0 || noise.fills.Load() == 0 {
		t.Errorf("some noise tenant never completed an operation")
	}
	// The pool was oversubscribed: no free page (every page used or cached) while requests
	// waited, at least half of it held by running requests at the peak, and running requests
	// preempted or cached pages evicted to make room.
	if noise.pressured.Load() == 0 || noise.maxUsed.Load() < int64(total)/2 {
		t.Errorf("the pool was never oversubscribed (peak %d of %v pages used, %d samples with a full pool and a queue)",
			noise.maxUsed.Load(), total, noise.pressured.Load())
	}
	m := s.waitIdle(t, 10*time.Second)
	t.Logf("preemptions %v, prefix-cache evictions %v, cache-hit tokens %v",
		m["kvwarden_preemptions_total"], m["kvwarden_prefix_cache_evictions_total"], m["kvwarden_prefix_cache_hit_tokens_total"])
	if m["kvwarden_preemptions_total"]+m["kvwarden_prefix_cache_evictions_total"] == 0 {
		t.Errorf("the pool never ran short: no preemption and no eviction")
	}
	if n := m[`kvwarden_requests_rejected_total{reason="client_closed"}`]; n == 0 {
		t.Errorf("no client_closed requests counted after %d cut-off streams", noise.cutoffs.Load())
	}
	// No request of anyone was aborted by an internal error or an isolation check.
	for _, k := range []string{`kvwarden_requests_rejected_total{reason="aborted_internal"}`, `kvwarden_requests_rejected_total{reason="aborted_isolation"}`} {
		if m[k] != 0 {
			t.Errorf("%s = %v", k, m[k])
		}
	}
}

// noise is tenants B, C and D loading a server until stopped.
type noise struct {
	streams, cutoffs, fills atomic.Int64
	maxUsed, maxWaiting     atomic.Int64
	pressured               atomic.Int64 // /metrics samples with no free page and requests queued
	cancel                  context.CancelFunc
	wg                      sync.WaitGroup
	mu                      sync.Mutex
	errs                    []error // guarded by mu until stop; read after it
}

func (n *noise) stop() {
	n.cancel()
	n.wg.Wait()
}

func storeMax(a *atomic.Int64, v int64) {
	for {
		old := a.Load()
		if v <= old || a.CompareAndSwap(old, v) {
			return
		}
	}
}

func randomIDs(r *rand.Rand, n int) []int {
	ids := make([]int, n)
	ids[0] = 1 // BOS, as the tokenizer would put it
	for i := 1; i < n; i++ {
		ids[i] = 3 + r.IntN(509)
	}
	return ids
}

// startNoise starts B (streams with long prompts), C (streams it hangs up on after a few
// events), D (n=4 requests near the context limit, more than the pool holds) and a /metrics
// watcher. Every noise request must succeed: only C's own hang-ups may cut a stream short.
func startNoise(parent context.Context, t *testing.T, s *server, keys map[string]string) *noise {
	ctx, cancel := context.WithCancel(parent)
	n := &noise{cancel: cancel}
	// Errors are reported after the run, once a hung engine (which fails everything) is ruled out.
	report := func(who string, err error) {
		if ctx.Err() == nil {
			n.mu.Lock()
			n.errs = append(n.errs, fmt.Errorf("noise tenant %s: %w", who, err))
			n.mu.Unlock()
		}
	}
	// loop runs workers goroutines for tenant who, each with its own random source (seed, worker),
	// sending one request after another until ctx ends and counting each that succeeds in done.
	loop := func(who string, workers int, seed uint64, done *atomic.Int64, send func(key string, r *rand.Rand) error) {
		for w := range workers {
			r := rand.New(rand.NewPCG(seed, uint64(w)))
			n.wg.Go(func() {
				for ctx.Err() == nil {
					if err := send(keys[who], r); err != nil {
						report(who, err)
						return
					}
					done.Add(1)
				}
			})
		}
	}
	loop("b", 2, 1, &n.streams, func(key string, r *rand.Rand) error {
		body := fmt.Sprintf(`{"prompt":%s,"max_tokens":8,"ignore_eos":true,"temperature":0,"stream":true}`, mustJSON(t, randomIDs(r, 100+r.IntN(20))))
		return streamToEnd(ctx, s, key, body)
	})
	loop("c", 3, 2, &n.cutoffs, func(key string, r *rand.Rand) error {
		body := fmt.Sprintf(`{"prompt":%s,"max_tokens":100,"ignore_eos":true,"stream":true}`, mustJSON(t, randomIDs(r, 20)))
		return streamAndHangUp(ctx, s, key, body, 1+r.IntN(4))
	})
	loop("d", 2, 3, &n.fills, func(key string, r *rand.Rand) error {
		body := fmt.Sprintf(`{"prompt":%s,"max_tokens":64,"ignore_eos":true,"n":4}`, mustJSON(t, randomIDs(r, 60)))
		_, err := runCompletion(ctx, s, key, body)
		return err
	})
	n.wg.Go(func() {
		for ctx.Err() == nil {
			if m, err := s.tryMetrics(); err == nil {
				storeMax(&n.maxUsed, int64(m[mPagesUsed]))
				storeMax(&n.maxWaiting, int64(m[mWaiting]))
				if m[mPagesFree] == 0 && m[mWaiting] > 0 {
					n.pressured.Add(1)
				}
			}
			time.Sleep(5 * time.Millisecond)
		}
	})
	return n
}

// openStream posts a streaming completion and returns its events once the server has answered 200.
func openStream(ctx context.Context, s *server, key, body string) (*sseReader, func() error, error) {
	resp, err := s.post(ctx, "/v1/completions", key, body)
	if err != nil {
		return nil, nil, err
	}
	if resp.StatusCode != 200 {
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return nil, nil, fmt.Errorf("status %d: %s", resp.StatusCode, b)
	}
	return newSSE(resp.Body), resp.Body.Close, nil
}

// streamToEnd reads a stream and checks it ended normally: a finish reason, then [DONE].
func streamToEnd(ctx context.Context, s *server, key, body string) error {
	sse, closeStream, err := openStream(ctx, s, key, body)
	if err != nil {
		return err
	}
	defer closeStream()
	finished := false
	for {
		data, done, err := sse.next()
		if err != nil {
			return fmt.Errorf("stream ended without [DONE]: %w", err)
		}
		if done {
			if !finished {
				return errors.New("[DONE] without a finish reason")
			}
			return nil
		}
		var ch completionChunk
		if err := json.Unmarshal(data, &ch); err != nil {
			return err
		}
		if ch.Error != nil {
			return fmt.Errorf("error event: %s", *ch.Error)
		}
		for _, c := range ch.Choices {
			if c.FinishReason != nil {
				finished = true
			}
		}
	}
}

// streamAndHangUp reads a few events of a stream and closes the connection.
func streamAndHangUp(parent context.Context, s *server, key, body string, events int) error {
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	sse, closeStream, err := openStream(ctx, s, key, body)
	if err != nil {
		return err
	}
	defer closeStream()
	for range events {
		if _, done, err := sse.next(); err != nil || done {
			return fmt.Errorf("stream ended early (done %v): %v", done, err)
		}
	}
	cancel() // closes the connection: the server sees the client go away
	return nil
}
