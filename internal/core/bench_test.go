package core

import (
	"fmt"
	"testing"
	"time"
)

// benchLoop keeps `running` requests alive (resubmitting as they finish) and measures one
// Ready+Advance per iteration. The engine's side is a constant token per sequence.
func benchLoop(b *testing.B, running, prompt, maxTokens int, cache bool) {
	P := 16
	perReq := (prompt + maxTokens + P - 1) / P
	cfg := Config{
		Pages: running*perReq + running, PageTokens: P, MaxContext: prompt + maxTokens,
		StepTokens: 2 * running, MaxRunning: running, MaxWaiting: 2 * running,
		Vocab: 32000, EOS: []int32{2}, Secret: testSecret(), PrefixCache: cache,
		Deadlines: Deadlines{Waiting: time.Hour, Prefilling: time.Hour, Decoding: time.Hour, Total: 24 * time.Hour},
	}
	c, err := New(cfg)
	if err != nil {
		b.Fatal(err)
	}
	specs := make([]RequestSpec, 64)
	for i := range specs {
		p := make([]int32, prompt)
		for j := range p {
			p[j] = int32(100 + (i*7919+j*31)%30000)
		}
		specs[i] = RequestSpec{Tenant: fmt.Sprint("tenant", i%8), Prompt: p, MaxTokens: maxTokens, IgnoreEOS: true}
	}
	next := 0
	submit := func() {
		if _, err := c.Submit(epoch0, specs[next%len(specs)]); err != nil {
			b.Fatal(err)
		}
		next++
	}
	for range running {
		submit()
	}
	seqs := make([]SeqResult, running)
	for i := range seqs {
		seqs[i].Token = 1000
	}
	step := func() int {
		rd := c.Ready()
		done := len(rd.Done)
		c.Advance(StepResult{Seqs: seqs[:len(rd.Batch)]})
		return done
	}
	// Warm up into the steady state: long enough for every prompt to be prefilled and, for short
	// generations, for finishing and admitting to be spread over the steps.
	for range prompt + 2*maxTokens {
		for range step() {
			submit()
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for range step() {
			submit()
		}
	}
	b.StopTimer()
	if err := c.Check(); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkStep256 is the steady state the brief sizes: 256 sequences decoding, one Ready+Advance.
func BenchmarkStep256(b *testing.B) {
	for _, cache := range []bool{false, true} {
		b.Run(fmt.Sprintf("cache=%v", cache), func(b *testing.B) { benchLoop(b, 256, 64, 4096, cache) })
	}
}

// BenchmarkStep256Churn finishes and admits requests continually, so prefill chunks, page churn
// and terminal events are part of most steps.
func BenchmarkStep256Churn(b *testing.B) {
	for _, cache := range []bool{false, true} {
		b.Run(fmt.Sprintf("cache=%v", cache), func(b *testing.B) { benchLoop(b, 256, 200, 64, cache) })
	}
}
