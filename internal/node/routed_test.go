package node

import (
	"context"
	"errors"
	"math"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// TestMergePrefill checks, message by message, when the prefill node's word ends a routed
// request: a failure before the decode node has started ends it, after does not; a terminal event
// goes on only if the KV was transferred or decoding has started.
func TestMergePrefill(t *testing.T) {
	lost := errors.New("lost")
	tok := token{ID: 7, LP: math.Float32bits(-0.5)}
	for _, c := range []struct {
		name     string
		started  bool
		m        msg
		goOn     bool
		preEnded bool
		firstID  int32 // 0: none recorded
		cached   int
		why      string
		defence  kvtypes.Defence
	}{
		{name: "token", m: msg{ev: event{Tokens: []token{tok}}}, goOn: true, firstID: 7},
		{name: "lost before start", m: msg{err: lost}, preEnded: true, why: "prefill node p failed: lost"},
		{name: "lost after start", started: true, m: msg{err: lost}, goOn: true, preEnded: true},
		{name: "transferred", m: msg{ev: event{Done: true, Finish: kvtypes.FinishTransferred, Usage: engine.Usage{CachedTokens: 3}}},
			goOn: true, preEnded: true, cached: 3},
		{name: "aborted before start", m: msg{ev: event{Done: true, Abort: &failure{Message: "bad page", Defence: "d1"}}},
			preEnded: true, why: "prefill node p failed: bad page", defence: "d1"},
		{name: "stopped before start", m: msg{ev: event{Done: true, Finish: kvtypes.FinishStop}}, preEnded: true,
			why: "prefill node p failed"},
		{name: "done after start", started: true, m: msg{ev: event{Done: true, Finish: kvtypes.FinishStop}}, goOn: true, preEnded: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			mg := &merge{paddr: "p", started: c.started}
			if got := mg.prefill(c.m); got != c.goOn {
				t.Fatalf("prefill = %v, want %v", got, c.goOn)
			}
			var firstID int32
			if mg.first != nil {
				firstID = mg.first.ID
			}
			if mg.preEnded != c.preEnded || firstID != c.firstID || mg.cached != c.cached {
				t.Errorf("preEnded %v, first %d, cached %d; want %v, %d, %d", mg.preEnded, firstID, mg.cached, c.preEnded, c.firstID, c.cached)
			}
			if c.goOn {
				return
			}
			if why, d := prefillFailure(mg.paddr, c.m); why != c.why || d != c.defence {
				t.Errorf("prefillFailure = %q, %q; want %q, %q", why, d, c.why, c.defence)
			}
		})
	}
}

func TestDecodeEvent(t *testing.T) {
	ev := decodeEvent(event{Tokens: []token{{ID: 1, LP: math.Float32bits(-1), Top: []cand{{ID: 2, LP: math.Float32bits(-2)}}}},
		Done: true, Finish: kvtypes.FinishLength, Abort: &failure{Reason: string(kvtypes.AbortTransfer), Message: "m", Defence: "d"}})
	var ab *engine.AbortError
	if len(ev.Tokens) != 1 || ev.Tokens[0].ID != 1 || ev.Tokens[0].Logprob != -1 || len(ev.Tokens[0].Top) != 1 ||
		ev.Tokens[0].Top[0] != (engine.TokenLogprob{ID: 2, Logprob: -2}) || !ev.Done || ev.Finish != kvtypes.FinishLength ||
		!errors.As(ev.Err, &ab) || *ab != (engine.AbortError{Reason: kvtypes.AbortTransfer, Message: "m", Defence: "d"}) {
		t.Errorf("decodeEvent = %+v (err %v)", ev, ev.Err)
	}
	if ev := decodeEvent(event{}); ev.Err != nil || ev.Tokens != nil || ev.Done {
		t.Errorf("empty event = %+v", ev)
	}
}

// TestHandOffFailureChargesThePromptWhicheverStreamComesFirst: the decode node's word that the
// hand-off failed can reach the router before the prefill node's first token (two streams, read
// by two goroutines). The prefill node computed the prompt before any page left it, so the tenant
// is charged for it either way. (Read in the other order, the router charged no prompt tokens:
// TestRouterChargesWhatItForwarded's "hand-off fails" failed now and then on a busy machine.)
func TestHandOffFailureChargesThePromptWhicheverStreamComesFirst(t *testing.T) {
	handOffFailed := event{Done: true, Abort: &failure{Reason: string(kvtypes.AbortTransfer), Message: "the transport failed to receive the KV"}}
	for _, c := range []struct {
		name        string
		prefillLate bool
	}{
		{"first token read first", false},
		{"first token read after the decode node's end", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var charged engine.Usage
			s := &routed{out: make(chan engine.Event, 4), gone: make(chan struct{}), cancel: cancel, stopWatch: func() bool { return true },
				onEnd: func(u engine.Usage) { charged = u }, prompt: 40, ctx: ctx}
			pch := make(chan msg, 1)
			mg := &merge{s: s, pch: pch, daddr: "decode", paddr: "prefill"}
			first := msg{ev: event{Tokens: []token{{ID: 7}}}}
			if c.prefillLate {
				go func() { time.Sleep(50 * time.Millisecond); pch <- first }()
			} else if mg.onPrefill(first) {
				t.Fatal("the prefill node's first token ended the request")
			}
			if !mg.onDecode(msg{ev: handOffFailed}) {
				t.Fatal("the decode node's terminal event did not end the request")
			}
			if charged.PromptTokens != s.prompt {
				t.Errorf("charged %d prompt tokens, want %d", charged.PromptTokens, s.prompt)
			}
		})
	}
}
