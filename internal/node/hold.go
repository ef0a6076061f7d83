package node

// The prefill side of a pull: a held prompt, the answer that carries its ticket, and the Claim
// method a decode node pulls it with.

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net"
	"strconv"
	"sync"

	"google.golang.org/grpc"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// hold is a prompt this node holds for a decode node.
type hold struct {
	transfer kvtypes.TransferID
	bind     binding
	held     engine.Held
	end      chan engine.Event // the engine request's terminal event, once it ended
}

// submitHold prefills r and holds its pages. The client's stream gets the first token and then
// ends at once, with the ticket, while the pages wait for a claim; closing it before then ends
// the request.
func (h *Handoffs) submitHold(ctx context.Context, r engine.Request) (engine.Stream, error) {
	bind := bindingOf(&r, h.Fingerprint(), h.Info().PageTokens)
	if !h.reserveHold(bind) {
		h.log.Info("a tenant's held pages are at their bound: this prefill is served whole, without a ticket", "pages", bind.Pages)
		return h.Engine.Submit(ctx, r)
	}
	onEnd := r.OnEnd
	var once sync.Once
	charge := func(u engine.Usage) { // the client's request ends with its answer, not with the hold
		once.Do(func() {
			if onEnd != nil {
				onEnd(u)
			}
		})
	}
	r.OnEnd = charge
	hctx, cancel := context.WithCancel(context.Background()) // the hold outlives the client's request
	st, heldCh, err := h.SubmitHold(hctx, r, h.hold)
	if err != nil {
		cancel()
		h.unreserveHold(bind)
		return nil, err
	}
	out := &holdStream{out: make(chan engine.Event, 2), gone: make(chan struct{})}
	go func() {
		defer cancel()
		defer h.unreserveHold(bind)
		h.await(st, heldCh, out, bind, charge)
	}()
	return out, nil
}

// await follows a held request: its answer once the hold begins, then its end.
func (h *Handoffs) await(st engine.Stream, heldCh <-chan engine.Held, out *holdStream, bind binding, charge func(engine.Usage)) {
	defer close(out.out)
	for {
		select {
		case held := <-heldCh:
			ho := &hold{transfer: held.Transfer, bind: bind, held: held, end: make(chan engine.Event, 1)}
			id := h.register(ho)
			u := engine.Usage{PromptTokens: bind.Tokens, CachedTokens: held.Cached, CompletionTokens: 1}
			charge(u)
			out.out <- engine.Event{Tokens: []engine.Token{held.First}}
			out.out <- engine.Event{Done: true, Finish: kvtypes.FinishLength, Usage: u, KVTransferParams: h.params(id, bind, held)}
			ho.end <- terminal(st)
			h.unregister(id)
			return
		case ev, ok := <-st.Events():
			if ok && !ev.Done {
				continue // the first token: the hold's announcement carries it
			}
			// Ended before the hold began (cancelled, refused, shut down): the engine charged it.
			out.out <- ev
			return
		case <-out.gone:
			st.Close()
			terminal(st)
			return
		}
	}
}

// reserveHold counts a hold of bind's pages against its tenant's bound; false: over it.
func (h *Handoffs) reserveHold(bind binding) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.held[bind.Tenant]+bind.Pages > h.maxHeld {
		return false
	}
	h.held[bind.Tenant] += bind.Pages
	return true
}

func (h *Handoffs) unreserveHold(bind binding) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.held[bind.Tenant] -= bind.Pages; h.held[bind.Tenant] <= 0 {
		delete(h.held, bind.Tenant)
	}
}

// terminal reads a stream to its terminal event.
func terminal(st engine.Stream) engine.Event {
	for ev := range st.Events() {
		if ev.Done {
			return ev
		}
	}
	return engine.Event{Done: true, Err: &engine.AbortError{Reason: kvtypes.AbortInternal, Message: "stream ended without a terminal event"}}
}

// register files a hold under a new random id.
func (h *Handoffs) register(ho *hold) string {
	var b [16]byte
	rand.Read(b[:])
	id := hex.EncodeToString(b[:])
	h.mu.Lock()
	h.holds[id] = ho
	h.mu.Unlock()
	return id
}

// unregister takes a hold out of the table, once: nil if a claim took it first.
func (h *Handoffs) unregister(id string) *hold {
	h.mu.Lock()
	defer h.mu.Unlock()
	ho := h.holds[id]
	delete(h.holds, id)
	return ho
}

// params are the answer's kv_transfer_params: the signed ticket, and vLLM's fields repeating it.
func (h *Handoffs) params(id string, bind binding, held engine.Held) json.RawMessage {
	ticket := h.keys.sign(claims{Hold: id, binding: bind, Node: h.self, Expires: held.Expires.UnixMilli()})
	p := map[string]any{"do_remote_prefill": true, "do_remote_decode": false, "remote_engine_id": engineID(h.self),
		"remote_block_ids": nil, "kvwarden_ticket": ticket}
	if host, port, err := net.SplitHostPort(h.self); err == nil {
		p["remote_host"] = host
		p["remote_port"], _ = strconv.Atoi(port)
	}
	b, _ := json.Marshal(p) // strings, numbers and null: cannot fail
	return b
}

func engineID(node string) string { return "kvwarden-prefill@" + node }

// holdStream is a held request's client stream.
type holdStream struct {
	out  chan engine.Event
	gone chan struct{}
	once sync.Once
}

func (s *holdStream) Events() <-chan engine.Event { return s.out }

// Close before the answer ends the request; after it, the hold lives on until claimed or ended.
func (s *holdStream) Close() {
	s.once.Do(func() { close(s.gone) })
}

// claim is a decode node's Claim: the ticket, what its request is, and where the pages go (nil:
// release the hold, the decode node could not take the request).
type claim struct {
	Ticket  string
	Binding binding
	Dest    *dest `json:",omitempty"`
}

// claimHold answers a Claim: the hold's first token, then how the transfer ended.
func (s *Service) claimHold(ss grpc.ServerStream) error {
	var c claim
	if err := recv(ss, &c); err != nil {
		return err
	}
	h := s.h
	if h == nil || h.role != RolePrefill {
		return send(ss, event{Reject: &failure{Reason: "invalid", Message: "this node holds no prompts"}})
	}
	ho, err := h.take(c)
	if err != nil {
		h.refused.Add(1)
		h.log.Warn("security: a claim was refused", "err", err)
		return send(ss, event{Reject: &failure{Reason: string(kvtypes.RejectHandoff), Message: err.Error()}})
	}
	if c.Dest == nil {
		h.Release(ho.transfer)
		return send(ss, event{Done: true, Abort: &failure{Reason: string(kvtypes.AbortCancelled), Message: "released"}})
	}
	d := engine.Destination{Peer: c.Dest.Peer, Reserved: engine.Reserved{Transfer: c.Dest.Transfer, Request: c.Dest.Request, Ticket: c.Dest.Ticket, Tokens: c.Dest.Tokens}}
	if !h.Claim(ho.transfer, d) {
		return send(ss, event{Reject: &failure{Reason: string(kvtypes.RejectHandoff), Message: "the hold ended before the claim"}})
	}
	first := event{Admitted: true, Tokens: tokensOf([]engine.Token{ho.held.First}), Usage: engine.Usage{CachedTokens: ho.held.Cached}}
	if err := send(ss, first); err != nil {
		return err
	}
	select {
	case ev := <-ho.end:
		return send(ss, wireEvent(ev))
	case <-ss.Context().Done():
		return nil // the decode node went away: its receiver fails the transfer, which ends the hold
	}
}

// take checks a claim against this node's ticket key and holds, and takes the hold it names out
// of the table: a ticket is good for one claim, whatever the claim's fate.
func (h *Handoffs) take(c claim) (*hold, error) {
	cl, err := h.keys.verify(c.Ticket, h.clock.Now())
	if err != nil {
		return nil, err
	}
	if cl.Node != h.self {
		return nil, refuse("node", "the ticket names node %s, not this one (%s)", cl.Node, h.self)
	}
	ho := h.unregister(cl.Hold)
	if ho == nil {
		return nil, refuse("used", "no such hold: already claimed, released or expired")
	}
	if err := c.Binding.match(ho.bind); err != nil {
		h.Release(ho.transfer)
		return nil, err
	}
	return ho, nil
}
