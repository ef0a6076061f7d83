package engine

import (
	"context"
	"time"

	"github.com/kvwarden/kvwarden/internal/core"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// Holds: a prefill server behind llm-d's sidecar computes a prompt before any decode node asked
// for it, so its pages wait, still the request's and still the tenant's, until a decode node
// claims them (Claim: the ordinary send to that node's reservation), the hold is released or
// expires, or the request ends. Every way out goes through the core (the send's TransferDone, or
// an abort whose cancel handOff answers), so the pages are released exactly once.

// Held is a prefilled request whose pages this node holds for a decode node (SubmitHold).
type Held struct {
	Transfer kvtypes.TransferID // what Claim and Release name
	Pages    int                // pages the prompt's KV fills
	Tokens   int                // prompt tokens they hold
	First    Token              // the token sampled after the prompt, with its logprobs when asked
	Cached   int                // prompt tokens the tenant's prefix cache served
	Expires  time.Time          // when the hold ends unclaimed (the engine's clock)
}

// parked is a held send, waiting for its destination. Loop only, with e.mu held.
type parked struct {
	send    core.SendPages
	expires time.Time
	ending  bool // released or expired: the core's cancel is on its way
}

// SubmitHold admits a request to be prefilled here and held for at most hold once its prompt is
// computed: held announces the hold (once), and the stream yields the first token, then ends with
// FinishTransferred when a claimed transfer committed, or an AbortError (released, expired,
// cancelled, the transfer failed).
func (e *Engine) SubmitHold(ctx context.Context, r Request, hold time.Duration) (Stream, <-chan Held, error) {
	if e.x == nil || e.x.sender == nil {
		return nil, nil, &RejectError{Reason: kvtypes.RejectInvalid, Message: ErrNoTransfer.Error()}
	}
	if hold <= 0 {
		return nil, nil, &RejectError{Reason: kvtypes.RejectInvalid, Message: "engine: a hold needs a positive duration"}
	}
	held := make(chan Held, 1)
	st, err := e.submit(ctx, r, core.PrefillOnly, func(s *stream) { s.hold, s.held = hold, held })
	if err != nil {
		return nil, nil, err
	}
	return st, held, nil
}

// Claim sends a held request's pages to dest's reservation, as SubmitPrefill would have. It
// reports false when no such hold is waiting (never held, already claimed, released, expired or
// ended): nothing is sent then.
func (e *Engine) Claim(id kvtypes.TransferID, dest Destination) bool {
	ok := false
	e.call(func(now time.Time) {
		p := e.parkedLocked(id)
		if p == nil {
			return
		}
		delete(e.x.held, id)
		s := e.streams[p.send.Request]
		s.dest = &dest
		e.startSend(p.send, s)
		ok = true
	})
	return ok
}

// Release ends a waiting hold now, its pages released (a decode server refused the request);
// false when none was waiting.
func (e *Engine) Release(id kvtypes.TransferID) bool {
	ok := false
	e.call(func(now time.Time) {
		p := e.parkedLocked(id)
		if p == nil {
			return
		}
		p.ending, ok = true, true
		e.core.Abort(now, p.send.Request, kvtypes.AbortCancelled)
	})
	return ok
}

// parkedLocked is a hold still waiting for a claim, nil if none. Loop only.
func (e *Engine) parkedLocked(id kvtypes.TransferID) *parked {
	if e.x == nil {
		return nil
	}
	p := e.x.held[id]
	if p == nil || p.ending || e.streams[p.send.Request] == nil {
		return nil
	}
	return p
}

// park holds a prefilled request's send until Claim, Release or its expiry. Loop only.
func (e *Engine) park(now time.Time, s *stream, x core.SendPages, first Token) {
	exp := now.Add(s.hold)
	e.x.held[x.Transfer] = &parked{send: x, expires: exp}
	s.held <- Held{Transfer: x.Transfer, Pages: len(x.Pages), Tokens: x.Tokens, First: first, Cached: x.Cached, Expires: exp}
}

// unpark answers the core's cancel of a held send: nothing was sent, so the pages are released
// at once. Loop only.
func (e *Engine) unpark(now time.Time, id kvtypes.TransferID) bool {
	if e.x.held[id] == nil {
		return false
	}
	delete(e.x.held, id)
	e.core.TransferDone(now, id, false)
	return true
}

// expireHolds aborts the requests whose holds passed their expiry ("deadline"). Loop only.
func (e *Engine) expireHolds(now time.Time) {
	if e.x == nil {
		return
	}
	for _, p := range e.x.held {
		if !p.ending && !now.Before(p.expires) {
			p.ending = true
			e.core.Abort(now, p.send.Request, kvtypes.AbortDeadline)
		}
	}
}
