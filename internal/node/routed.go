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
	var first *engine.Token
	cached, started, preEnded := 0, false, false
	end := func(ev engine.Event) {
		if s.onEnd != nil {
			s.onEnd(ev.Usage)
		}
		s.emit(ev)
	}
	abort := func(reason kvtypes.AbortReason, why string, d kvtypes.Defence) {
		end(engine.Event{Done: true, Err: &engine.AbortError{Reason: reason, Message: why, Defence: d}})
	}
	prefill := func(m msg) bool { // false: the request cannot go on
		switch {
		case m.err != nil:
			preEnded = true
			return started
		case len(m.ev.Tokens) > 0 && first == nil:
			t := m.ev.Tokens[0].engine()
			first = &t
		}
		if m.ev.Done {
			preEnded = true
			cached = m.ev.Usage.CachedTokens
			return started || m.ev.Finish == kvtypes.FinishTransferred
		}
		return true
	}
	for {
		select {
		case m := <-pch:
			if preEnded {
				continue
			}
			if !prefill(m) {
				why := "prefill node " + paddr + " failed"
				var d kvtypes.Defence // the defence that stopped it there, or at the decode node's receiver
				if m.err != nil {
					why += ": " + m.err.Error()
				} else if m.ev.Abort != nil {
					why += ": " + m.ev.Abort.Message
					d = m.ev.Abort.Defence
				}
				abort(kvtypes.AbortTransfer, why, d)
				return
			}
		case m := <-dch:
			if m.err != nil {
				abort(kvtypes.AbortInternal, "decode node "+daddr+" lost: "+m.err.Error(), "")
				return
			}
			out := engine.Event{Done: m.ev.Done, Finish: m.ev.Finish, Usage: m.ev.Usage}
			for _, t := range m.ev.Tokens {
				out.Tokens = append(out.Tokens, t.engine())
			}
			if !started && len(out.Tokens) > 0 {
				started = true
				// The decode node's first token is the prefill node's: take its logprobs, which
				// the prefill node sent before any page.
				await(pch, prefill, func() bool { return first != nil || preEnded })
				if first != nil && first.ID == out.Tokens[0].ID {
					out.Tokens[0] = *first
				}
			}
			if m.ev.Abort != nil {
				out.Err = &engine.AbortError{Reason: kvtypes.AbortReason(m.ev.Abort.Reason), Message: m.ev.Abort.Message, Defence: m.ev.Abort.Defence}
			}
			if out.Done {
				if started { // the prefill node's usage: its prefix cache served the prompt
					await(pch, prefill, func() bool { return preEnded })
				}
				out.Usage.CachedTokens = cached
				end(out)
				return
			}
			s.emit(out)
		}
	}
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
