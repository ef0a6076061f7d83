package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// loadShape is one load run: tenants × streams concurrent streams, each asking for the same
// amount of work (same prompt length, same number of generated tokens).
type loadShape struct {
	tenants, streams int
	promptLen        int
	maxTokens        int
	rounds           int
}

// TestLoad runs 64 concurrent streams from 8 tenants (and, with -e2e.long or
// KVWARDEN_E2E_LONG=1, several rounds of 256 streams from 16 tenants). Every stream must
// complete within its own deadline, the tenants must get equal shares while all are queued,
// the server's memory must stay bounded, and the pool must be whole afterwards.
func TestLoad(t *testing.T) {
	t.Run("64x8", func(t *testing.T) {
		runLoad(t, loadShape{tenants: 8, streams: 8, promptLen: 16, maxTokens: 96, rounds: 1})
	})
	t.Run("long_256x16", func(t *testing.T) {
		if !longRun() {
			t.Skip("long load test: run with -e2e.long or KVWARDEN_E2E_LONG=1")
		}
		runLoad(t, loadShape{tenants: 16, streams: 16, promptLen: 16, maxTokens: 96, rounds: 4})
	})
}

func runLoad(t *testing.T, shape loadShape) {
	tenants := tenantsFile(t)
	keys := make([]string, shape.tenants)
	for i := range keys {
		keys[i] = addTenant(t, tenants, fmt.Sprintf("t%02d", i))
	}
	blocker := addTenant(t, tenants, "blocker")
	// 8 sequences per step against 64+ streams: most requests queue, so the order in which the
	// scheduler admits tenants decides their shares. The pool (64 MiB, 52416 tokens) is not the
	// constraint here; the isolation test oversubscribes it.
	const kvMem = 64 << 20
	s := startServer(t, serverOpts{model: llamaModel, tenants: tenants, kvMem: fmt.Sprint(kvMem), args: []string{"--max-running", fmt.Sprint(loadMaxRunning)}})
	baseRSS := procStatus(t, s.pid(), "VmRSS")
	baseGoroutines := s.metrics(t).get(t, "go_goroutines")
	// The bound: what the idle server uses, plus the whole KV pool as if every page were
	// touched, plus 64 MiB for everything that grows with concurrency (per-stream goroutines,
	// HTTP and SSE buffers, the batch's activations and logits: 8 × 512 floats). Anything
	// beyond that is memory growing with requests served, not with the load's size.
	bound := baseRSS + kvMem + 64<<20

	// RSS from /proc and the Go heap from /metrics, sampled through the run.
	var peakRSS, peakHeap atomic.Int64
	stopRSS := make(chan struct{})
	var rssDone sync.WaitGroup
	rssDone.Go(func() {
		for i := 0; ; i++ {
			if b, err := readProcStatus(s.pid(), "VmRSS"); err == nil {
				storeMax(&peakRSS, b)
			}
			if i%5 == 0 {
				if m, err := s.tryMetrics(); err == nil {
					storeMax(&peakHeap, int64(m["go_memstats_heap_inuse_bytes"]))
				}
			}
			select {
			case <-stopRSS:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	})
	defer func() { close(stopRSS); rssDone.Wait() }()

	for round := range shape.rounds {
		res := loadRound(t, s, keys, blocker, shape, round)
		s.failIfBroken(t)
		for _, err := range res.errs {
			t.Error(err)
		}
		if t.Failed() {
			return
		}
		// Fair shares. With every stream queued before service began, tenant after tenant, first
		// come first served would finish tenant 0 first and the last tenant last; fair share
		// must serve them alike: (1) each tenant's streams see the same mean latency, from
		// sending to [DONE], within 20% of the mean over all tenants; (2) when half of all tokens
		// are out, each tenant has half of its own, within 20%.
		var all time.Duration
		means := make([]time.Duration, len(res.finish))
		for i, f := range res.finish {
			for _, d := range f {
				means[i] += d
			}
			all += means[i]
			means[i] /= time.Duration(len(f))
		}
		mean := all / time.Duration(len(res.finish)*shape.streams)
		if res.queuedAll {
			for i, m := range means {
				if d := float64(m-mean) / float64(mean); d > 0.2 || d < -0.2 {
					t.Errorf("round %d: tenant %d's streams took %v on average, %.0f%% off the mean %v (all: %v)", round, i, m, 100*d, mean, roundAll(means))
				}
			}
			for i, n := range res.atHalf {
				if d := float64(n)/float64(shape.streams*shape.maxTokens/2) - 1; d > 0.2 || d < -0.2 {
					t.Errorf("round %d: tenant %d had received %d tokens when half of all were out, %.0f%% off an equal share (all: %v)", round, i, n, 100*d, res.atHalf)
				}
			}
		} else {
			// The blocker's streams ended before every stream was queued (a very slow machine):
			// arrival order then decides the first admissions, and the shares measure that.
			t.Logf("round %d: not every stream was queued before service began; shares not checked", round)
		}
		t.Logf("round %d: %d streams in %v; mean latency per tenant %v; tokens per tenant at the midpoint %v; peak RSS %d MiB (idle %d MiB, bound %d MiB), Go heap %d MiB",
			round, shape.tenants*shape.streams, res.took.Round(time.Millisecond), roundAll(means), res.atHalf, peakRSS.Load()>>20, baseRSS>>20, bound>>20, peakHeap.Load()>>20)
		s.waitIdle(t, 10*time.Second)
		// Idle keep-alive connections each hold a server goroutine; close them first.
		s.http.CloseIdleConnections()
		time.Sleep(100 * time.Millisecond)
		m := s.metrics(t)
		if g := m.get(t, "go_goroutines"); g > baseGoroutines+10 {
			t.Errorf("round %d: %v goroutines once idle, %v before the load: goroutines leak per request", round, g, baseGoroutines)
		}
	}
	p, hwm := peakRSS.Load(), procStatus(t, s.pid(), "VmHWM")
	if p <= bound && hwm <= bound {
		return
	}
	t.Errorf("server RSS peaked at %d MiB (high-water mark %d MiB, Go heap %d MiB), over the bound of %d MiB", p>>20, hwm>>20, peakHeap.Load()>>20, bound>>20)
}

type roundResult struct {
	took   time.Duration
	finish [][]time.Duration // per tenant, each stream's latency from its sending to its end
	atHalf []int64           // tokens each tenant had received when half of all tokens had been received
	errs   []error
	// queuedAll: every stream was queued, tenant after tenant, before any was served.
	queuedAll bool
}

func roundAll(ds []time.Duration) []time.Duration {
	out := make([]time.Duration, len(ds))
	for i, d := range ds {
		out[i] = d.Round(time.Millisecond)
	}
	return out
}

// loadRound queues every stream while another tenant holds every running slot, tenant after
// tenant (all of tenant 0's streams, then all of tenant 1's, ...), then frees the slots and waits
// for all streams. First come, first served would then serve tenant 0 first and the last tenant
// last; fair share must serve them alike. Queuing first also keeps the client's own goroutine
// scheduling (they compete for two cores with the server) out of the measurement.
func loadRound(t *testing.T, s *server, keys []string, blocker string, shape loadShape, round int) roundResult {
	total := int64(len(keys) * shape.streams * shape.maxTokens)
	var (
		got      = make([]atomic.Int64, len(keys))
		received atomic.Int64
		halfOnce sync.Once
		atHalf   = make([]int64, len(keys))
		finish   = make([][]time.Duration, len(keys))
		mu       sync.Mutex
		errs     []error
		wg       sync.WaitGroup
	)
	warmConnections(t, s, len(keys)*shape.streams+loadMaxRunning)
	unblock := holdSlots(t, s, blocker)
	defer unblock()
	start := make([]chan struct{}, len(keys))
	for i := range start {
		start[i] = make(chan struct{})
	}
	for j := range shape.streams {
		for i, key := range keys {
			r := rand.New(rand.NewPCG(uint64(round), uint64(i*1000+j)))
			body := fmt.Sprintf(`{"prompt":%s,"max_tokens":%d,"temperature":0,"ignore_eos":true,"logprobs":0,"stream":true,"stream_options":{"include_usage":true}}`,
				mustJSON(t, randomIDs(r, shape.promptLen)), shape.maxTokens)
			wg.Go(func() {
				<-start[i]
				sent := time.Now()
				// No request may wait forever: each has its own deadline.
				ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
				defer cancel()
				err := countStream(ctx, s, key, body, shape.maxTokens, func(n int) {
					got[i].Add(int64(n))
					if received.Add(int64(n)) >= total/2 {
						halfOnce.Do(func() {
							for k := range atHalf {
								atHalf[k] = got[k].Load()
							}
						})
					}
				})
				mu.Lock()
				defer mu.Unlock()
				finish[i] = append(finish[i], time.Since(sent))
				if err != nil {
					errs = append(errs, fmt.Errorf("tenant %d stream %d: %w", i, j, err))
				}
			})
		}
	}
	t0 := time.Now()
	queuedAll := true
	for i := range keys {
		close(start[i])
		queuedAll = queuedAll && waitQueued(s, (i+1)*shape.streams)
	}
	unblock()
	wg.Wait()
	return roundResult{took: time.Since(t0), finish: finish, atHalf: atHalf, errs: errs, queuedAll: queuedAll}
}

// waitQueued waits until n requests are queued; false if they were not within 5 s (the blocker
// may have ended: the test then goes on, without the ordered start).
func waitQueued(s *server, n int) bool {
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		m, err := s.tryMetrics()
		if err != nil || m[mRunning] < loadMaxRunning {
			return false
		}
		if m[mWaiting] >= float64(n) {
			return true
		}
	}
	return false
}

// loadMaxRunning is the server's --max-running in the load test.
const loadMaxRunning = 8

// holdSlots occupies every running slot with streams of the blocker tenant (long generations
// near the context limit) and returns a function that hangs up on them.
func holdSlots(t *testing.T, s *server, key string) func() {
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for range loadMaxRunning {
		wg.Go(func() {
			resp, err := s.post(ctx, "/v1/completions", key, `{"prompt":[1],"max_tokens":127,"ignore_eos":true,"stream":true}`)
			if err != nil {
				return
			}
			readAll(resp.Body)
		})
	}
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(2 * time.Millisecond) {
		if m, err := s.tryMetrics(); err != nil || m[mRunning] >= loadMaxRunning {
			break
		}
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			cancel()
			wg.Wait()
		})
	}
}

// countStream reads a completions stream, reporting the tokens of each event (from its logprobs),
// and checks that it ends normally with the expected number of tokens.
func countStream(ctx context.Context, s *server, key, body string, want int, tokens func(int)) error {
	sse, closeStream, err := openStream(ctx, s, key, body)
	if err != nil {
		return err
	}
	defer closeStream()
	n, usage := 0, -1
	finish := ""
	for {
		data, done, err := sse.next()
		if err != nil {
			return fmt.Errorf("after %d tokens: stream ended without [DONE]: %w", n, err)
		}
		if done {
			break
		}
		var ch completionChunk
		if err := json.Unmarshal(data, &ch); err != nil {
			return err
		}
		if ch.Error != nil {
			return fmt.Errorf("error event after %d tokens: %s", n, *ch.Error)
		}
		for _, c := range ch.Choices {
			if c.Logprobs != nil && len(c.Logprobs.Tokens) > 0 {
				n += len(c.Logprobs.Tokens)
				tokens(len(c.Logprobs.Tokens))
			}
			if c.FinishReason != nil {
				finish = *c.FinishReason
			}
		}
		if ch.Usage != nil {
			usage = ch.Usage.CompletionTokens
		}
	}
	if n != want || usage != want || finish != "length" {
		return fmt.Errorf("%d tokens streamed, usage %d, finish %q; want %d, %d, length", n, usage, finish, want, want)
	}
	return nil
}

// warmConnections opens n keep-alive connections, so that the streams of a round reach the server
// within a millisecond of each other instead of in the order their TCP handshakes happen to end.
func warmConnections(t *testing.T, s *server, n int) {
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			if resp, err := s.http.Get(s.base + "/health"); err == nil {
				readAll(resp.Body)
			}
		})
	}
	wg.Wait()
}
