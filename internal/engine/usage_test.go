package engine

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/kvwarden/kvwarden/internal/core"
	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/sampler"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
)

// ends records the OnEnd calls of one request.
type ends struct {
	mu    sync.Mutex
	calls []Usage
	done  chan struct{}
}

func newEnds() *ends { return &ends{done: make(chan struct{})} }

func (x *ends) onEnd(u Usage) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.calls = append(x.calls, u)
	if len(x.calls) == 1 {
		close(x.done)
	}
}

// wait returns the request's usage once OnEnd is called, and fails if it is called again. In a
// synctest bubble: the wait lets every goroutine run until all of them wait, across two of the
// loop's ticks, so a second call would be in by then, however slow the machine.
func (x *ends) wait(t *testing.T) Usage {
	t.Helper()
	select {
	case <-x.done:
	case <-time.After(10 * time.Second):
		t.Fatal("OnEnd was never called")
	}
	time.Sleep(2 * time.Second)
	x.mu.Lock()
	defer x.mu.Unlock()
	if len(x.calls) != 1 {
		t.Fatalf("OnEnd called %d times, want once", len(x.calls))
	}
	return x.calls[0]
}

// TestUsageChargedHoweverItEnds: every token the engine generated for a request is reported to
// OnEnd exactly once, whether the request finished or was closed, cancelled, shut down, failed or
// aborted for isolation, and whether or not anyone still read its stream. In a synctest bubble,
// where each step takes stepTime.
func TestUsageChargedHoweverItEnds(t *testing.T) {
	m, tok := loadModel(t, demoModel)
	prompt := []int32{1, 403, 407, 261, 378}
	cases := []usageCase{
		{name: "finished", reason: ""},
		{name: "closed", stopAt: 3, end: func(_ *Engine, st Stream, _ func()) { st.Close() }, reason: "cancelled"},
		{name: "cancelled", stopAt: 3, end: func(_ *Engine, _ Stream, cancel func()) { cancel() }, reason: "cancelled"},
		{name: "shutdown", stopAt: 3, end: func(e *Engine, _ Stream, _ func()) {
			ctx, c := context.WithCancel(context.Background())
			c()
			e.Drain(ctx)
		}, reason: "shutdown"},
		{name: "internal", stopAt: 3, fault: func(e *Engine) func([]core.Seq, *kv.Pool) {
			return func(batch []core.Seq, _ *kv.Pool) {
				for i := range batch {
					if batch[i].Start >= 10 {
						batch[i].Pages = nil // the forward pass refuses it: not an isolation failure
					}
				}
			}
		}, reason: "internal"},
		{name: "isolation", stopAt: 3, fault: func(e *Engine) func([]core.Seq, *kv.Pool) {
			return func(batch []core.Seq, cache *kv.Pool) {
				for _, s := range batch {
					if s.Start >= 10 {
						h, _ := cache.Header(s.Pages[0].Page)
						h.Tenant[0] ^= 0xff
						cache.Stamp(s.Pages[0].Page, h)
					}
				}
			}
		}, reason: "isolation"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { synctest.Test(t, func(t *testing.T) { usageHoweverItEnds(t, m, tok, prompt, c) }) })
	}
}

// usageCase is one way TestUsageChargedHoweverItEnds ends a request.
type usageCase struct {
	name   string
	stopAt int                                        // the reader stops reading after this many tokens; 0 reads all
	end    func(e *Engine, st Stream, cancel func())  // ends the request once the reader stopped
	fault  func(e *Engine) func([]core.Seq, *kv.Pool) // beforeStep; each engine serves the one request
	reason string                                     // abort reason; "" for a finish
}

func usageHoweverItEnds(t *testing.T, m *model.Model, tok *tokenizer.Tokenizer, prompt []int32, c usageCase) {
	e := startEngine(t, m, tok, testConfig, func(cfg *Config) { cfg.PrefixCache = false })
	var fault func([]core.Seq, *kv.Pool)
	if c.fault != nil {
		fault = c.fault(e)
	}
	e.beforeStep = func(batch []core.Seq, cache *kv.Pool) {
		time.Sleep(stepTime)
		if fault != nil {
			fault(batch, cache)
		}
	}
	x := newEnds()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	st, err := e.Submit(ctx, Request{Spec: Spec{Tenant: "a", Prompt: prompt, MaxTokens: 40, IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: -1}}, OnEnd: x.onEnd})
	if err != nil {
		t.Fatal(err)
	}
	read := 0
	var final *Event
	for ev := range st.Events() {
		read += len(ev.Tokens)
		if ev.Done {
			final = &ev
		}
		if c.stopAt > 0 && read >= c.stopAt && c.end != nil {
			c.end(e, st, cancel)
			break // stop reading: the engine must account the rest on its own
		}
	}
	u := x.wait(t)
	st.Close()
	if u.PromptTokens != len(prompt) || u.CompletionTokens < read || u.CompletionTokens > 40 {
		t.Fatalf("usage %+v after reading %d tokens of a %d-token prompt", u, read, len(prompt))
	}
	// Every request here ran and produced tokens: each phase is timed, the decode of
	// several tokens taking some time.
	if u.QueueTime < 0 || u.PrefillTime <= 0 || (u.CompletionTokens > 1 && u.DecodeTime <= 0) {
		t.Errorf("phases %v %v %v", u.QueueTime, u.PrefillTime, u.DecodeTime)
	}
	if final != nil {
		if final.Usage != u {
			t.Errorf("terminal event usage %+v, OnEnd %+v", final.Usage, u)
		}
		var ab *AbortError
		if got := ""; errors.As(final.Err, &ab) {
			got = string(ab.Reason)
			if got != c.reason {
				t.Errorf("ended with %q, want %q", got, c.reason)
			}
		} else if c.reason != "" {
			t.Errorf("ended with %+v, want an abort %q", final, c.reason)
		}
	}
	if c.reason == "" && u.CompletionTokens != read {
		t.Errorf("a finished request reports %d tokens, the reader got %d", u.CompletionTokens, read)
	}
	// A step takes stepTime of the bubble's clock and nothing else does: the prompt is one step,
	// each further token one more.
	if c.reason == "" && (u.QueueTime != 0 || u.PrefillTime != stepTime || u.DecodeTime != time.Duration(u.CompletionTokens-1)*stepTime) {
		t.Errorf("phases %v %v %v, want 0, %v and %v", u.QueueTime, u.PrefillTime, u.DecodeTime, stepTime, time.Duration(u.CompletionTokens-1)*stepTime)
	}
	if c.name == "internal" {
		if s := e.Stats(); s.StepErrors == 0 || s.SecurityEvents != 0 {
			t.Errorf("a non-isolation failure counted as %d internal errors and %d security events", s.StepErrors, s.SecurityEvents)
		}
	}
}

// TestUsageReportsOwnCacheHits: the second identical prompt of a tenant reports the prefix-cache
// tokens it reused; another tenant's identical prompt reports none. In a synctest bubble (ends.wait).
func TestUsageReportsOwnCacheHits(t *testing.T) {
	m, tok := loadModel(t, demoModel)
	synctest.Test(t, func(t *testing.T) { usageReportsOwnCacheHits(t, startEngine(t, m, tok, testConfig, nil)) })
}

func usageReportsOwnCacheHits(t *testing.T, e *Engine) {
	prompt := make([]int32, 40) // two full 16-token pages and a partial one
	for i := range prompt {
		prompt[i] = int32(300 + i)
	}
	usage := func(tenant string) Usage {
		x := newEnds()
		st, err := e.Submit(context.Background(), Request{Spec: Spec{Tenant: tenant, Prompt: prompt, MaxTokens: 2, Sampling: sampler.Params{TopLogprobs: -1}}, OnEnd: x.onEnd})
		if err != nil {
			t.Fatal(err)
		}
		drain(st)
		return x.wait(t)
	}
	for _, step := range []struct {
		tenant string
		cached int
	}{{"a", 0}, {"a", 32}, {"b", 0}} {
		if u := usage(step.tenant); u.CachedTokens != step.cached || u.PromptTokens != len(prompt) {
			t.Errorf("tenant %s: usage %+v, want %d cached tokens", step.tenant, u, step.cached)
		}
	}
}

// TestStepFailureKeepsServing: a forward pass that panics (a kernel bug) aborts its batch with
// reason "internal", is counted as an internal error, never as a security event, and the engine
// serves the next request.
func TestStepFailureKeepsServing(t *testing.T) {
	e := newEngine(t, demoModel, nil)
	var armed atomic.Bool
	armed.Store(true)
	e.mu.Lock()
	e.beforeStep = func([]core.Seq, *kv.Pool) {
		if armed.CompareAndSwap(true, false) {
			panic("kernel bug")
		}
	}
	e.mu.Unlock()
	r := run(t, e, "a", []int32{1, 403, 407}, 10)
	var ab *AbortError
	if !errors.As(r.err, &ab) || ab.Reason != "internal" || r.finish != "" {
		t.Fatalf("the panicked request ended with %+v, want an internal abort", r)
	}
	if r := run(t, e, "a", []int32{1, 403, 407}, 10); r.err != nil || len(r.ids()) == 0 {
		t.Fatalf("the next request ended with %+v", r)
	}
	s := e.Stats()
	if s.StepErrors != 1 || s.LastStepError.IsZero() || s.SecurityEvents != 0 {
		t.Fatalf("stats %+v: want 1 internal error, no security event", s)
	}
	assertPoolWhole(t, e)
}

func TestPhases(t *testing.T) {
	t0 := time.Unix(1000, 0)
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	for _, c := range []struct {
		name                   string
		scheduled, first, last time.Time
		end                    time.Time
		queue, prefill, decode time.Duration
	}{
		{"never ran", time.Time{}, time.Time{}, time.Time{}, at(50), ms(50), 0, 0},
		{"no token yet", at(10), time.Time{}, time.Time{}, at(50), ms(10), ms(40), 0},
		{"one token", at(10), at(30), at(30), at(35), ms(10), ms(20), 0},
		{"decoded", at(10), at(30), at(90), at(95), ms(10), ms(20), ms(60)},
	} {
		s := &stream{submitted: t0, scheduled: c.scheduled, firstToken: c.first, lastToken: c.last}
		q, p, d := s.phases(c.end)
		if q != c.queue || p != c.prefill || d != c.decode {
			t.Errorf("%s: %v %v %v, want %v %v %v", c.name, q, p, d, c.queue, c.prefill, c.decode)
		}
	}
}
