package node

// The decode side of a pull: check the ticket, reserve, claim the hold from the node the ticket
// names, and decode from the prefill node's first token.

import (
	"context"
	"fmt"
	"net"
	"strconv"
	"sync"
	"sync/atomic"

	"google.golang.org/grpc"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// pull serves a request whose prompt a prefill node holds. Every check that can fail without the
// prefill node runs before anything is reserved, dialled or computed.
func (h *Handoffs) pull(ctx context.Context, r engine.Request, p handoffParams) (engine.Stream, error) {
	if r.PromptLogprobs {
		return nil, &engine.RejectError{Reason: kvtypes.RejectInvalid, Message: "echo with logprobs scores the prompt, which a decode server given do_remote_prefill does not compute"}
	}
	bind := bindingOf(&r, h.Fingerprint(), h.Info().PageTokens)
	cl, err := h.checkTicket(p, bind)
	if err != nil {
		return nil, h.refusal(err)
	}
	// Dial only the node the signed ticket names, with the cluster's mTLS (no other CA is trusted).
	cc, err := h.dial.Conn(cl.Node)
	if err != nil {
		return nil, &engine.RejectError{Reason: kvtypes.RejectOverloaded, Message: fmt.Sprintf("prefill node %s unavailable: %v", cl.Node, err)}
	}
	var cached atomic.Int64
	var refused atomic.Bool // the claim failed: the request is refused, and a refused request never ends
	onEnd := r.OnEnd
	r.OnEnd = func(u engine.Usage) {
		u.CachedTokens = int(cached.Load()) // the prefill node's prefix cache served the prompt
		if onEnd != nil && !refused.Load() {
			onEnd(u)
		}
	}
	rv, ds, err := h.ReserveDecode(ctx, r)
	if err != nil {
		go h.release(cc, p.Ticket, bind) // the hold is of no use now
		return nil, err
	}
	cctx, cancel := context.WithCancel(ctx)
	cs, first, err := h.claim(cctx, cc, claim{Ticket: p.Ticket, Binding: bind,
		Dest: &dest{Peer: h.self, Transfer: rv.Transfer, Request: rv.Request, Ticket: rv.Ticket, Tokens: rv.Tokens}})
	if err != nil {
		refused.Store(true)
		cancel()
		ds.Close()
		terminal(ds)
		if isRefusal(err) {
			return nil, h.refusal(err)
		}
		return nil, &engine.RejectError{Reason: kvtypes.RejectOverloaded, Message: fmt.Sprintf("prefill node %s: %v", cl.Node, err)}
	}
	cached.Store(int64(first.Usage.CachedTokens))
	out := &pulled{out: make(chan engine.Event), gone: make(chan struct{}), ds: ds, cancel: cancel}
	go out.run(cs, first.Tokens[0].engine())
	return out, nil
}

// checkTicket checks kv_transfer_params against the ticket they carry, and the ticket against the
// request.
func (h *Handoffs) checkTicket(p handoffParams, bind binding) (claims, error) {
	if p.Ticket == "" {
		return claims{}, refuse("missing", "do_remote_prefill without a kvwarden_ticket")
	}
	cl, err := h.keys.verify(p.Ticket, h.clock.Now())
	if err != nil {
		return claims{}, err
	}
	if err := cl.binding.match(bind); err != nil {
		return claims{}, err
	}
	host, port, _ := net.SplitHostPort(cl.Node)
	if (p.RemoteHost != nil && *p.RemoteHost != host) || (p.RemotePort != nil && strconv.Itoa(*p.RemotePort) != port) ||
		(p.RemoteEngineID != nil && *p.RemoteEngineID != engineID(cl.Node)) {
		return claims{}, refuse("node", "remote_host, remote_port or remote_engine_id differ from the ticket's node")
	}
	return cl, nil
}

// claim calls Claim and reads its first answer: the first token, or why not.
func (h *Handoffs) claim(ctx context.Context, cc grpc.ClientConnInterface, c claim) (grpc.ClientStream, event, error) {
	cs, err := call(ctx, cc, methodClaim, c)
	var ev event
	if err == nil {
		err = recv(cs, &ev)
	}
	switch {
	case err != nil:
		return nil, ev, err
	case ev.Reject != nil && ev.Reject.Reason == string(kvtypes.RejectHandoff):
		return nil, ev, refuse("claim", "the prefill node refused the claim: %s", ev.Reject.Message)
	case ev.Reject != nil:
		return nil, ev, fmt.Errorf("claim refused: %s", ev.Reject.Message)
	case len(ev.Tokens) != 1:
		return nil, ev, fmt.Errorf("claim answered %d first tokens", len(ev.Tokens))
	}
	return cs, ev, nil
}

// release gives a hold back at once, when this node cannot take its request after all.
func (h *Handoffs) release(cc grpc.ClientConnInterface, ticket string, bind binding) {
	ctx, cancel := context.WithTimeout(context.Background(), awaitPre)
	defer cancel()
	if cs, err := call(ctx, cc, methodClaim, claim{Ticket: ticket, Binding: bind}); err == nil {
		var ev event
		recv(cs, &ev)
	}
}

// pulled is a pulled request's client stream: the decode engine's events, its first token
// carrying the prefill node's logprobs.
type pulled struct {
	out     chan engine.Event
	gone    chan struct{}
	ds      engine.Stream
	cancel  context.CancelFunc
	started atomic.Bool // the decode engine sent a token: the pages were committed here
	once    sync.Once
}

func (s *pulled) Events() <-chan engine.Event { return s.out }

func (s *pulled) Close() {
	s.once.Do(func() { close(s.gone) })
	s.ds.Close()
	s.cancel()
}

// run forwards the decode engine's events. A claim stream that ends in failure before the pages
// were committed ends the request (the prefill node may be gone before it sent a page, which the
// reservation would otherwise wait for until its deadline).
func (s *pulled) run(cs grpc.ClientStream, first engine.Token) {
	defer close(s.out)
	defer s.cancel()
	go func() {
		var ev event
		for recv(cs, &ev) == nil && !ev.Done {
		}
		if ev.Finish != kvtypes.FinishTransferred && !s.started.Load() {
			s.ds.Close()
		}
	}()
	for ev := range s.ds.Events() {
		if len(ev.Tokens) > 0 && !s.started.Swap(true) && ev.Tokens[0].ID == first.ID {
			ev.Tokens[0] = first
		}
		select {
		case s.out <- ev:
		case <-s.gone:
		}
	}
}
