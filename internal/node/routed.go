package node

// One routed request's stream: the decode node's tokens and the prefill node's outcome, merged
// into the engine.Stream the server reads.

import (
	"context"
	"errors"
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
	prompt    int             // the request's prompt tokens
	ctx       context.Context // the node streams' context: cancelled by Close or the caller's ctx
}

func (s *routed) Events() <-chan engine.Event { return s.out }

func (s *routed) Close() {
	s.closeOnce.Do(func() {
		close(s.gone)
		s.cancel()
	})
}

// cancelled reports whether the caller ended the request (closed the stream or cancelled its
// context), as opposed to a node ending it.
func (s *routed) cancelled() bool { return s.ctx.Err() != nil }

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
	prefilled    bool          // the prefill node computed the prompt (its first token, or the KV handed off)
	streamed     int           // tokens the decode node sent
}

// onPrefill takes a message from the prefill node; it reports whether it ended the request.
func (mg *merge) onPrefill(m msg) bool {
	if mg.preEnded || mg.prefill(m) {
		return false
	}
	why, d := prefillFailure(mg.paddr, m)
	reason := kvtypes.AbortTransfer
	switch {
	case m.err != nil:
		reason = mg.lost()
	case m.ev.Abort != nil && kvtypes.AbortReason(m.ev.Abort.Reason) == kvtypes.AbortConstraint:
		reason = kvtypes.AbortConstraint // the request's schema stopped its first token, not the hand-off
	}
	mg.abort(reason, why, d)
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
		mg.first, mg.prefilled = &t, true
	}
	if m.ev.Done {
		mg.preEnded = true
		mg.cached = m.ev.Usage.CachedTokens
		mg.prefilled = mg.prefilled || m.ev.Finish == kvtypes.FinishTransferred
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
		mg.abort(mg.lost(), "decode node "+mg.daddr+" lost: "+m.err.Error(), "")
		return true
	}
	out := decodeEvent(m.ev)
	mg.streamed += len(out.Tokens)
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
	switch {
	case mg.started: // the prefill node's usage: its prefix cache served the prompt
		await(mg.pch, mg.prefill, func() bool { return mg.preEnded })
	case handOffFailed(out):
		// Pages were on their way, so the prefill node computed the prompt and sent its first
		// token before them: take that word before charging, whichever stream the router read first.
		await(mg.pch, mg.prefill, func() bool { return mg.first != nil || mg.preEnded })
	}
	mg.end(out)
	return true
}

// handOffFailed says whether a decode node's terminal event ends the request because its KV
// hand-off failed.
func handOffFailed(ev engine.Event) bool {
	var ab *engine.AbortError
	return errors.As(ev.Err, &ab) && ab.Reason == kvtypes.AbortTransfer
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

// end emits the request's terminal event, after reporting what it consumed.
func (mg *merge) end(ev engine.Event) {
	ev.Usage = mg.charged(ev.Usage)
	if mg.s.onEnd != nil {
		mg.s.onEnd(ev.Usage)
	}
	mg.s.emit(ev)
}

// charged is what the request consumed as far as the router knows, however it ended: a node's
// terminal usage where one came, never less than the tokens the decode node streamed (a client
// that hangs up, or a node lost, ends the streams before any terminal usage); the prompt once the
// prefill node computed it, or once the caller ended the request (one process charges an admitted
// request's prompt however its client leaves). Tenants are billed from it.
func (mg *merge) charged(u engine.Usage) engine.Usage {
	u.CompletionTokens = max(u.CompletionTokens, mg.streamed)
	if mg.first != nil {
		u.CompletionTokens = max(u.CompletionTokens, 1)
	}
	u.PromptTokens = 0
	if mg.prefilled || mg.started || mg.s.cancelled() {
		u.PromptTokens = mg.s.prompt
	}
	u.CachedTokens = mg.cached
	return u
}

// lost is why a node stream that broke ended the request: the caller's cancel ends the streams
// too, and is no node's loss.
func (mg *merge) lost() kvtypes.AbortReason {
	if mg.s.cancelled() {
		return kvtypes.AbortCancelled
	}
	return kvtypes.AbortNodeLost
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
