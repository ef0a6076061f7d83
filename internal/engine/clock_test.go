package engine

import (
	"context"
	"errors"
	"testing"
	"testing/synctest"
	"time"

	"github.com/kvwarden/kvwarden/internal/clock"
	"github.com/kvwarden/kvwarden/internal/core"
	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/sampler"
)

// The deadline, stall and drain tests run in a synctest bubble: the engine, its loop and its
// workers start inside it, so every clock they read is the bubble's, which moves only when
// every goroutine waits. A step "takes" stepTime by sleeping in beforeStep; nothing here depends
// on how fast the machine is.

const stepTime = time.Second

func longRequest(tokens int) Request {
	return Request{Spec: Spec{Tenant: "a", Prompt: []int32{1, 403}, MaxTokens: tokens, IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: -1}}}
}

// TestStalledStepsHitTheDecodingDeadline: a request whose steps take a second each passes a
// 10-second decoding deadline after about ten tokens and is aborted ("deadline") at that time.
func TestStalledStepsHitTheDecodingDeadline(t *testing.T) {
	m, tok := loadModel(t, demoModel)
	synctest.Test(t, func(t *testing.T) {
		e := startEngine(t, m, tok, testConfig, func(c *Config) {
			c.Deadlines = core.DefaultDeadlines
			c.Deadlines.Decoding = 10 * time.Second
		})
		e.beforeStep = func([]core.Seq, *kv.Pool) { time.Sleep(stepTime) }
		start := time.Now()
		st, err := e.Submit(context.Background(), longRequest(400))
		if err != nil {
			t.Fatal(err)
		}
		r := drain(st)
		took := time.Since(start)
		var ab *AbortError
		if !errors.As(r.err, &ab) || ab.Reason != kvtypes.AbortDeadline {
			t.Fatalf("ended with %v after %d tokens, want a deadline abort", r.err, len(r.toks))
		}
		// Decoding starts after the one-second prefill step; the deadline is judged at the top of
		// the first iteration past it.
		if took < 11*time.Second || took > 12*time.Second || len(r.toks) < 9 || len(r.toks) > 11 {
			t.Fatalf("aborted after %v and %d tokens, want 11s to 12s and about ten tokens", took, len(r.toks))
		}
	})
}

// TestDrainWaitsOnTheEnginesClock: a drain waits for a short request to finish, and a drain
// whose deadline passes first aborts the rest ("shutdown") exactly at that deadline.
func TestDrainWaitsOnTheEnginesClock(t *testing.T) {
	m, tok := loadModel(t, demoModel)
	for _, tc := range []struct {
		name     string
		tokens   int
		deadline time.Duration
		want     kvtypes.AbortReason // "" : finishes
		took     time.Duration       // the drain's time, to within two steps (the one running, and the one that delivers the end)
	}{
		{"finishes in time", 5, time.Minute, "", 5 * stepTime},
		{"deadline passes", 400, 30 * time.Second, kvtypes.AbortShutdown, 30 * time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				e := startEngine(t, m, tok, testConfig, nil)
				e.beforeStep = func([]core.Seq, *kv.Pool) { time.Sleep(stepTime) }
				st, err := e.Submit(context.Background(), longRequest(tc.tokens))
				if err != nil {
					t.Fatal(err)
				}
				got := make(chan result, 1)
				go func() { got <- drain(st) }()
				start := time.Now()
				ctx, cancel := context.WithTimeout(context.Background(), tc.deadline)
				defer cancel()
				e.Drain(ctx)
				took := time.Since(start)
				r := <-got
				var ab *AbortError
				switch {
				case tc.want == "" && (r.err != nil || r.finish != kvtypes.FinishLength || len(r.toks) != tc.tokens):
					t.Fatalf("ended %v/%q after %d tokens, want all %d", r.err, r.finish, len(r.toks), tc.tokens)
				case tc.want != "" && (!errors.As(r.err, &ab) || ab.Reason != tc.want):
					t.Fatalf("ended %v after %d tokens, want a %s abort", r.err, len(r.toks), tc.want)
				}
				if took < tc.took || took > tc.took+2*stepTime {
					t.Fatalf("drain took %v, want %v to %v", took, tc.took, tc.took+2*stepTime)
				}
				if _, err := e.Submit(context.Background(), longRequest(1)); err == nil {
					t.Fatal("a drained engine admitted a request")
				}
			})
		})
	}
}

// frozenClock's present never moves; its timers are the real clock's.
type frozenClock struct {
	clock.Real
	at time.Time
}

func (c frozenClock) Now() time.Time { return c.at }

// TestClockIsInjected: the engine reads time from Config.Clock only, so a frozen clock is what a
// failed step's time and a request's usage phases show.
func TestClockIsInjected(t *testing.T) {
	frozen := time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)
	e := newEngine(t, demoModel, func(c *Config) { c.Clock = frozenClock{at: frozen} })
	e.beforeStep = func([]core.Seq, *kv.Pool) { panic("injected") }
	st, err := e.Submit(context.Background(), longRequest(3))
	if err != nil {
		t.Fatal(err)
	}
	var u Usage
	for ev := range st.Events() {
		u = ev.Usage
	}
	s := e.Stats()
	if s.StepErrors == 0 || !s.LastStepError.Equal(frozen) {
		t.Fatalf("step errors %d, last at %v, want at %v", s.StepErrors, s.LastStepError, frozen)
	}
	if u.QueueTime != 0 || u.PrefillTime != 0 || u.DecodeTime != 0 {
		t.Fatalf("usage phases %+v under a frozen clock, want zero", u)
	}
}

// skewedClock is the real clock read with an offset: an engine's clock need not be the wall's.
type skewedClock struct {
	clock.Real
	by time.Duration
}

func (c skewedClock) Now() time.Time { return c.Real.Now().Add(c.by) }

// TestSplitOnASkewedClock: nodes whose clock is a year from the wall's hand KV over as on the
// wall's: the decode node's reservation deadline, taken from its clock, is timed by the same
// clock in its receiver. (Timed with the wall's, a clock a year behind expired every reservation
// at once.) In a synctest bubble.
func TestSplitOnASkewedClock(t *testing.T) {
	m, tok, f := openModel(t, demoModel)
	for _, skew := range []time.Duration{-365 * 24 * time.Hour, 365 * 24 * time.Hour} {
		t.Run(skew.String(), func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				s := newSplitOf(t, m, tok, f, nil, func(c *Config) { c.Clock = skewedClock{by: skew} })
				r := Request{Spec: Spec{Tenant: "acme", Prompt: []int32{1, 403, 407}, MaxTokens: 4, IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: -1}}}
				got, pre, err := s.run(context.Background(), r)
				if err != nil || got.err != nil || pre.err != nil || len(got.toks) != 4 {
					t.Fatalf("split: %v; decode %v with %d tokens, prefill %v", err, got.err, len(got.toks), pre.err)
				}
			})
		})
	}
}
