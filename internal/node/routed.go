package node

// One routed request's stream: the decode node's tokens and the prefill node's outcome, merged
// into the engine.Stream the server reads.

import (
	"context"
	"sync"
	"time"

	"google.golang.org/grpc"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// routed is one request's stream at the router.
type routed struct {
	out       chan engine.Event
	gone      chan struct{}
	closeOnce sync.Once
	cancel    context.CancelFunc
	stopWatch func() bool
	onEnd     func(engine.Usage)
}

func (s *routed) Events() <-chan engine.Event { return s.out }

func (s *routed) Close() {
	s.closeOnce.Do(func() {
		close(s.gone)
		s.cancel()
	})
}

func (s *routed) emit(ev engine.Event) {
	select {
	case s.out <- ev:
	case <-s.gone:
	}
}

// msg is one message read from a node's stream, or the error that ended it.
type msg struct {
	ev  event
	err error
}

// read forwards a node stream's messages until its terminal one, an error, or quit.
func read(cs grpc.ClientStream, to chan<- msg, quit <-chan struct{}) {
	for {
		var m msg
		m.err = recv(cs, &m.ev)
		select {
		case to <- m:
		case <-quit:
			return
		}
		if m.err != nil || m.ev.Done {
			return
		}
	}
}

// run merges the two nodes' streams: the prefill node's first token (with its logprobs) stands
// for the decode node's first, and the decode node's terminal ends the request (it is the
// authority on the hand-off). A node lost, or a prefill that fails before the decode node has
// the KV, ends the request with an error; returning cancels both streams, which aborts the
// request on whichever node still holds it.
func (s *routed) run(ds, ps grpc.ClientStream, daddr, paddr string) {
	defer close(s.out)
	defer s.stopWatch()
	defer s.cancel()
	quit := make(chan struct{})
	defer close(quit)
	dch, pch := make(chan msg), make(chan msg)
	go read(ds, dch, quit)
	go read(ps, pch, quit)
	mg := &merge{s: s, pch: pch, daddr: daddr, paddr: paddr}
	for {
		var ended bool
		select {
		case m := <-pch:
			ended = mg.onPrefill(m)
		case m := <-dch:
			ended = mg.onDecode(m)
		}
		if ended {
			return
		}
	}
}

// merge is what run has heard from the prefill node so far.
type merge struct {
	s            *routed
	pch          <-chan msg
	daddr, paddr string
	first        *engine.Token // the prefill node's first token, with its logprobs
	cached       int           // prompt tokens the prefill node's prefix cache served
	started      bool          // the decode node has sent a token
	preEnded     bool          // the prefill node's stream has ended
}

// onPrefill takes a message from the prefill node; it reports whether it ended the request.
func (mg *merge) onPrefill(m msg) bool {
	if mg.preEnded || mg.prefill(m) {
		return false
	}
	why, d := prefillFailure(mg.paddr, m)
	mg.abort(kvtypes.AbortTransfer, why, d)
	return true
}

// prefill records a prefill node message; false: the request cannot go on (the prefill node
// failed before the decode node had the KV).
func (mg *merge) prefill(m msg) bool {
	if len(m.ev.Prompt) > 0 { // prompt logprobs, sent before the first token: the client's now
		ev := engine.Event{}
		for _, t := range m.ev.Prompt {
			ev.Prompt = append(ev.Prompt, t.engine())
		}
		mg.s.emit(ev)
	}
	switch {
	case m.err != nil:
		mg.preEnded = true
		return mg.started
	case len(m.ev.Tokens) > 0 && mg.first == nil:
		t := m.ev.Tokens[0].engine()
		mg.first = &t
	}
	if m.ev.Done {
		mg.preEnded = true
		mg.cached = m.ev.Usage.CachedTokens
		return mg.started || m.ev.Finish == kvtypes.FinishTransferred
	}
	return true
}

// prefillFailure says why a prefill node's message failed the request, and the defence that
// stopped it there or at the decode node's receiver (none for a lost node).
func prefillFailure(paddr string, m msg) (string, kvtypes.Defence) {
	why := "prefill node " + paddr + " failed"
	switch {
	case m.err != nil:
		return why + ": " + m.err.Error(), ""
	case m.ev.Abort != nil:
		return why + ": " + m.ev.Abort.Message, m.ev.Abort.Defence
	}
	return why, ""
}

// onDecode takes a message from the decode node and forwards it; it reports whether it ended the
// request.
func (mg *merge) onDecode(m msg) bool {
	if m.err != nil {
		mg.abort(kvtypes.AbortInternal, "decode node "+mg.daddr+" lost: "+m.err.Error(), "")
		return true
	}
	out := decodeEvent(m.ev)
	if !mg.started && len(out.Tokens) > 0 {
		mg.started = true
		// The decode node's first token is the prefill node's: take its logprobs, which the
		// prefill node sent before any page.
		await(mg.pch, mg.prefill, func() bool { return mg.first != nil || mg.preEnded })
		if mg.first != nil && mg.first.ID == out.Tokens[0].ID {
			out.Tokens[0] = *mg.first
		}
	}
	if !out.Done {
		mg.s.emit(out)
		return false
	}
	if mg.started { // the prefill node's usage: its prefix cache served the prompt
		await(mg.pch, mg.prefill, func() bool { return mg.preEnded })
	}
	out.Usage.CachedTokens = mg.cached
	mg.end(out)
	return true
}

// decodeEvent is a decode node's wire event as the engine's.
func decodeEvent(ev event) engine.Event {
	out := engine.Event{Done: ev.Done, Finish: ev.Finish, Usage: ev.Usage}
	for _, t := range ev.Tokens {
		out.Tokens = append(out.Tokens, t.engine())
	}
	if ev.Abort != nil {
		out.Err = &engine.AbortError{Reason: kvtypes.AbortReason(ev.Abort.Reason), Message: ev.Abort.Message, Defence: ev.Abort.Defence}
	}
	return out
}

// end emits the request's terminal event, after reporting its usage.
func (mg *merge) end(ev engine.Event) {
	if mg.s.onEnd != nil {
		mg.s.onEnd(ev.Usage)
	}
	mg.s.emit(ev)
}

func (mg *merge) abort(reason kvtypes.AbortReason, why string, d kvtypes.Defence) {
	mg.end(engine.Event{Done: true, Err: &engine.AbortError{Reason: reason, Message: why, Defence: d}})
}

// awaitPre is how long the router waits for the prefill node's word on a request the decode node
// already has: it sent it before (or right after) the pages, so only a lost node takes this long.
const awaitPre = 5 * time.Second

// await feeds the prefill node's messages to apply until done, or awaitPre passes.
func await(pch <-chan msg, apply func(msg) bool, done func() bool) {
	t := time.NewTimer(awaitPre)
	defer t.Stop()
	for !done() {
		select {
		case m := <-pch:
			apply(m)
		case <-t.C:
			return
		}
	}
}
