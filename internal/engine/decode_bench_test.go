package engine

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/sampler"
	"github.com/kvwarden/kvwarden/internal/tensor"
	"github.com/kvwarden/kvwarden/internal/testenv/testmodel"
)

// benchDecodeTokens is how many tokens each sequence of BenchmarkDecodeEngine generates per
// iteration: enough steps that the prompt's and the requests' set-up are a small share.
const benchDecodeTokens = 64

// BenchmarkDecodeEngine sets the engine's per-step cost outside the forward pass (issue #12) on the
// reference model (dummy:ref125m, vocabulary 32000) at batch 1 and 8: engine is greedy generation
// through Submit and the streams, as `bench offline`'s tg; forward is the bare forward pass of the
// same batch at a similar depth. Both report ns/step; their ratio is the engine's overhead.
// Profile with -cpuprofile for the breakdown (Forward, sampling, core Ready/Advance, delivery).
func BenchmarkDecodeEngine(b *testing.B) {
	m, tok, _ := testmodel.Open(b, "dummy:ref125m")
	for _, batch := range []int{1, 8} {
		b.Run(fmt.Sprintf("engine/batch=%d", batch), func(b *testing.B) {
			e, err := New(m, tok, Config{Threads: 2, KVDType: tensor.F16, KVMemBytes: 64 << 20, MaxRunning: 8})
			if err != nil {
				b.Fatal(err)
			}
			defer e.Close()
			steps := 0
			for b.Loop() {
				var wg sync.WaitGroup
				for i := range batch {
					st, err := e.Submit(context.Background(), Request{Spec: Spec{Tenant: "t", Prompt: []int32{int32(100 + i)}, MaxTokens: benchDecodeTokens,
						IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: -1}}})
					if err != nil {
						b.Fatal(err)
					}
					wg.Add(1)
					go func() {
						defer wg.Done()
						for range st.Events() {
						}
					}()
				}
				wg.Wait()
				steps += benchDecodeTokens
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(steps), "ns/step")
		})
		b.Run(fmt.Sprintf("forward/batch=%d", batch), func(b *testing.B) {
			pool := tensor.NewPool(2)
			defer pool.Close()
			cache := newCache(b, m, tensor.F16)
			ws := m.NewWorkspace(pool, 64, batch, 256)
			logits := make([]float32, batch*m.Vocab)
			seqs := make([]model.Seq, batch)
			toks := make([]int32, batch)
			for i := range seqs {
				// One page each, at its last position: about the engine's average depth.
				p := kvtypes.PageID(i)
				cache.Stamp(p, kvtypes.Header{Tenant: kvtypes.TenantKey{1}, Gen: 1, Written: true})
				toks[i] = int32(100 + i)
				seqs[i] = model.Seq{Tokens: toks[i : i+1], Pos: 15, Pages: []kvtypes.PageRef{{Page: p, Gen: 1}}, Tenant: kvtypes.TenantKey{1}, Logits: true}
			}
			steps := 0
			for b.Loop() {
				if errs := m.Forward(pool, cache, ws, seqs, logits); errs != nil {
					b.Fatal(errs)
				}
				steps++
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(steps), "ns/step")
		})
	}
}

// BenchmarkSubmitFirstToken is the time from Submit to a request's first token on the demo model,
// idle and beside one request decoding in the background (Submit then waits for the loop to end
// its step before it admits): the cost of the loop's inbox on admission latency.
func BenchmarkSubmitFirstToken(b *testing.B) {
	m, tok, _ := testmodel.Open(b, demoModel)
	for _, busy := range []bool{false, true} {
		b.Run(fmt.Sprintf("busy=%v", busy), func(b *testing.B) {
			e, err := New(m, tok, Config{Threads: 2, KVDType: tensor.F32, KVMemBytes: 8 << 20, MaxRunning: 8})
			if err != nil {
				b.Fatal(err)
			}
			defer e.Close()
			if busy {
				ctx, cancel := context.WithCancel(context.Background())
				defer cancel()
				bg, err := e.Submit(ctx, Request{Spec: Spec{Tenant: "bg", Prompt: []int32{1}, MaxTokens: 2000, IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: -1}}})
				if err != nil {
					b.Fatal(err)
				}
				go func() {
					for range bg.Events() {
					}
				}()
			}
			for b.Loop() {
				st, err := e.Submit(context.Background(), Request{Spec: Spec{Tenant: "t", Prompt: []int32{1, 2, 3}, MaxTokens: 1, Sampling: sampler.Params{TopLogprobs: -1}}})
				if err != nil {
					b.Fatal(err)
				}
				for ev := range st.Events() {
					if len(ev.Tokens) > 0 {
						break
					}
				}
				st.Close()
			}
		})
	}
}
