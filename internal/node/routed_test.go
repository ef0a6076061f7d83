package node

import (
	"errors"
	"math"
	"testing"

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
