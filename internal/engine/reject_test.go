package engine

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/core"
	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/sampler"
)

// TestRejectedRequestsHoldNothing submits many requests refused for every reason the engine can
// reach (pool_capacity cannot: the start-up gate keeps the context within the pool) and checks that
// none leaves a goroutine, a stream or heap behind.
func TestRejectedRequestsHoldNothing(t *testing.T) {
	e := newEngine(t, demoModel, func(c *Config) { c.MaxContext = 128; c.MaxRunning = 1; c.MaxWaiting = 1 })
	// Park the loop inside a step so that one request runs and one waits: the next is overloaded.
	// The first step parks whoever gets there first: with a select-default the loop could run the
	// whole request before this goroutine waits on inStep, and the test would hang.
	inStep, release := make(chan struct{}), make(chan struct{})
	var park sync.Once
	e.mu.Lock()
	e.beforeStep = func([]core.Seq, *kv.Pool) {
		park.Do(func() {
			inStep <- struct{}{}
			<-release
		})
	}
	e.mu.Unlock()
	req := func(prompt []int32, n int) Request {
		return Request{Spec: Spec{Tenant: "a", Prompt: prompt, MaxTokens: n, Sampling: sampler.Params{TopLogprobs: -1}}}
	}
	running, err := e.Submit(context.Background(), req([]int32{1, 403}, 4))
	if err != nil {
		t.Fatal(err)
	}
	<-inStep
	waiting, err := e.Submit(context.Background(), req([]int32{1, 403}, 4))
	if err != nil {
		t.Fatal(err)
	}
	long := make([]int32, 4000) // retained 2,000 times this would be 32 MB
	for i := range long {
		long[i] = 1
	}
	cases := []rejectCase{
		{"context_length", req(long, 8), kvtypes.RejectContextLength},
		{"overloaded", req([]int32{1, 403}, 4), kvtypes.RejectOverloaded},
		{"bad_sampling", Request{Spec: Spec{Tenant: "a", Prompt: []int32{1}, MaxTokens: 1, Sampling: sampler.Params{Temperature: -1, TopLogprobs: -1}}}, kvtypes.RejectInvalid},
		{"no_tenant", Request{Spec: Spec{Prompt: []int32{1}, MaxTokens: 1, Sampling: sampler.Params{TopLogprobs: -1}}}, kvtypes.RejectInvalid},
		{"bad_token", req([]int32{1, 1 << 30}, 1), kvtypes.RejectInvalid},
	}
	submitAll := func(cases []rejectCase, rounds int) {
		t.Helper()
		for range rounds {
			for _, c := range cases {
				ctx, cancel := context.WithCancel(context.Background())
				st, err := e.Submit(ctx, c.r)
				cancel()
				var rej *RejectError
				if st != nil || !errors.As(err, &rej) || rej.Reason != c.want {
					t.Fatalf("%s: got %v, %v; want a %s rejection", c.name, st, err, c.want)
				}
			}
		}
	}
	submitAll(cases, 1) // warm up lazily built state
	g0, h0 := settle(runtime.NumGoroutine()), heap()
	submitAll(cases, 400)
	if g := settle(g0); g > g0 {
		t.Errorf("%d goroutines after 2,000 rejections, %d before", g, g0)
	}
	if h := heap(); h > h0+4<<20 {
		t.Errorf("heap grew from %d to %d bytes over 2,000 rejections", h0, h)
	}
	e.mu.Lock()
	n := len(e.streams)
	e.mu.Unlock()
	if n != 2 {
		t.Errorf("%d streams registered, want the 2 admitted ones", n)
	}

	close(release)
	drain(running)
	drain(waiting)
	e.Drain(context.Background())
	submitAll([]rejectCase{{"shutting_down", req([]int32{1, 403}, 4), kvtypes.RejectShuttingDown}}, 400)
	if g := settle(g0); g > g0 {
		t.Errorf("%d goroutines after rejections while shut down, %d before", g, g0)
	}
}

type rejectCase struct {
	name string
	r    Request
	want kvtypes.RejectReason
}

// settle waits up to a second for the goroutine count to fall to want, and returns it.
func settle(want int) int {
	deadline := time.Now().Add(time.Second)
	for {
		n := runtime.NumGoroutine()
		if n <= want || time.Now().After(deadline) {
			return n
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func heap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}
