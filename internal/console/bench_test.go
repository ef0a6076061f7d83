package console

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/core"
	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/sampler"
	"github.com/kvwarden/kvwarden/internal/tensor"
	"github.com/kvwarden/kvwarden/internal/testenv/testmodel"
)

// benchEngine serves the tiny Qwen2 model with a pool of kvMem bytes.
func benchEngine(b *testing.B, kvMem int64) *engine.Engine {
	b.Helper()
	m, tok, _ := testmodel.Open(b, "qwen2-tiny-random.gguf")
	e, err := engine.New(m, tok, engine.Config{Threads: 2, KVDType: tensor.F16, KVMemBytes: kvMem, MaxRunning: 8, PrefixCache: true,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(e.Close)
	return e
}

// generate runs batch greedy requests of tokens tokens each to their end.
func generate(b *testing.B, e *engine.Engine, batch, tokens int) {
	var wg sync.WaitGroup
	for i := range batch {
		st, err := e.Submit(context.Background(), engine.Request{Spec: engine.Spec{Tenant: fmt.Sprint("t", i%3), Prompt: []int32{int32(100 + i)},
			MaxTokens: tokens, IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: -1}}})
		if err != nil {
			b.Fatal(err)
		}
		wg.Go(func() {
			for range st.Events() {
			}
		})
	}
	wg.Wait()
}

// BenchmarkConsoleSnapshot is one console tick on a busy engine: the report (Stats and tenant
// loads, answered by the engine's loop, then the page map off the loop) and its JSON. held-ns is
// how long the loop takes to answer a report (measured before the load starts, so that waiting for
// a busy loop is not counted); with pool=large the pool holds about a million pages. walk=every walks
// the page map at every tick; walk=throttled is as served (EngineReporter's mapShare).
func BenchmarkConsoleSnapshot(b *testing.B) {
	for _, pool := range []struct {
		name  string
		bytes int64
		every bool
	}{{"small/walk=every", 16 << 20, true}, {"large/walk=every", 4 << 30, true}, {"large/walk=throttled", 4 << 30, false}} {
		b.Run("pool="+pool.name, func(b *testing.B) {
			e := benchEngine(b, pool.bytes)
			generate(b, e, 4, 32) // tenants and cached pages to report
			var loads []core.TenantLoad
			const held = 1000
			t0 := time.Now()
			for range held {
				_, loads = e.ConsoleView(loads)
			}
			heldNs := float64(time.Since(t0).Nanoseconds()) / held // reported after b.Loop, which resets metrics
			stop := make(chan struct{})
			var wg sync.WaitGroup
			wg.Go(func() { // keep pages moving under the reader
				for {
					select {
					case <-stop:
						return
					default:
						generate(b, e, 4, 32)
					}
				}
			})
			r := NewEngineReporter("local", "single", e)
			for b.Loop() {
				if pool.every {
					r.mapAt = time.Time{}
				}
				rep := r.Report(MaxCells)
				if _, err := json.Marshal(NodeSnapshot(rep)); err != nil {
					b.Fatal(err)
				}
			}
			close(stop)
			wg.Wait()
			b.ReportMetric(heldNs, "held-ns")
			b.ReportMetric(float64(e.Stats().PagesTotal), "pages")
		})
	}
}

// BenchmarkServingWithConsole is decode throughput (8 sequences) with no console and with one
// hub ticking at the console's rate for two open consoles; compare their tok/s.
func BenchmarkServingWithConsole(b *testing.B) {
	e := benchEngine(b, 64<<20)
	for _, on := range []bool{false, true} {
		b.Run(fmt.Sprintf("console=%v", on), func(b *testing.B) {
			if on {
				r := NewEngineReporter("local", "single", e)
				h := NewHub(func() Snapshot { return NodeSnapshot(r.Report(MaxCells)) }, DefaultInterval, 2)
				defer h.Close()
				for range 2 {
					s, err := h.Subscribe()
					if err != nil {
						b.Fatal(err)
					}
					go func() {
						for {
							select {
							case <-s.C:
							case <-s.Done():
								return
							}
						}
					}()
				}
			}
			const batch, tokens = 8, 128
			for b.Loop() {
				generate(b, e, batch, tokens)
			}
			b.ReportMetric(float64(b.N*batch*tokens)/b.Elapsed().Seconds(), "tok/s")
		})
	}
}
