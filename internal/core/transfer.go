package core

import (
	"fmt"
	"time"

	"github.com/kvwarden/kvwarden/internal/faults"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// Transfers and their fences.
//
// A transfer is created by the core alone, with an id the peer cannot choose, and bound to one
// request, its tenant and its page epoch (which bumps on preemption). Its life:
//
//	open (not started)  the Send/Receive item waits in the next Ready
//	open (started)      the transport has it; only TransferDone / PagesReceived close it
//	cancelled           the request ended; its pages are quarantined (owned) or kept referenced
//	                    (cached) until TransferDone or Deadlines.Fence, whichever comes first
//
// Nothing ever reopens a transfer; events naming an unknown, unstarted or closed one are refused.

type xferDir uint8

const (
	xferSend xferDir = iota
	xferRecv
)

type transfer struct {
	id        kvtypes.TransferID
	dir       xferDir
	req       *request // nil once cancelled
	reqID     kvtypes.RequestID
	tenant    int32
	epoch     uint32
	pages     []kvtypes.PageRef // the pages the transport was told about
	tokens    int
	first     int32
	started   bool
	cancelled bool
	deadline  time.Time
	fenceOwn  []int32
	fenceRefs []int32
}

// mix64 is a bijection on uint64 (splitmix64's finaliser), so distinct counters give distinct ids
// that do not reveal how many transfers came before.
func mix64(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

func (c *Core) newTransfer(r *request, dir xferDir, tokens int) *transfer {
	var id kvtypes.TransferID
	for id == 0 || c.xfers[id] != nil {
		c.xferSeq++
		id = kvtypes.TransferID(mix64(c.cfg.Nonce + c.xferSeq))
	}
	t := &transfer{id: id, dir: dir, req: r, reqID: r.id, tenant: r.t.idx, epoch: r.epoch, tokens: tokens}
	c.xfers[id] = t
	r.xfer = t
	return t
}

// openSend hands a prefilled request to the transport. Only a live PrefillOnly request that has
// just finished its prompt gets here: an aborted request has no sampled token to send.
func (c *Core) openSend(r *request, first int32) {
	if !c.moveOrAbort(r, Transferring) {
		return
	}
	np := ceilDiv(r.computed, c.cfg.PageTokens)
	t := c.newTransfer(r, xferSend, r.computed)
	t.first = first
	t.pages = append([]kvtypes.PageRef(nil), r.pages[:np]...)
	c.nxt.send = append(c.nxt.send, SendPages{Transfer: t.id, Request: r.id, Tenant: r.t.key, Pages: t.pages, Tokens: t.tokens, First: first, Cached: r.hit})
}

func (c *Core) openReceive(r *request) {
	if !c.moveOrAbort(r, Transferring) {
		return
	}
	t := c.newTransfer(r, xferRecv, r.prompt)
	t.pages = append([]kvtypes.PageRef(nil), r.pages...)
	c.nxt.receive = append(c.nxt.receive, ReceivePages{Transfer: t.id, Request: r.id, Tenant: r.t.key, Pages: t.pages, Tokens: t.tokens})
}

// cancelTransfer ends r's transfer because r is ending. A transfer the transport never saw is
// dropped with its pages freed at once; a started one fences them until acknowledged.
func (c *Core) cancelTransfer(r *request) {
	t := r.xfer
	r.xfer = nil
	t.req = nil
	if !t.started {
		c.dropPlanItem(t)
		delete(c.xfers, t.id)
		c.releasePages(r)
		return
	}
	c.fencePages(r, &t.fenceOwn, &t.fenceRefs, "fencing a transfer page the request does not hold")
	t.cancelled = true
	t.deadline = c.now.Add(c.cfg.Deadlines.Fence)
	c.fences = append(c.fences, t)
	c.nxt.cancel = append(c.nxt.cancel, t.id)
}

func (c *Core) dropPlanItem(t *transfer) {
	p := c.nxt
	for i := range p.send {
		if p.send[i].Transfer == t.id {
			p.send = append(p.send[:i], p.send[i+1:]...)
			return
		}
	}
	for i := range p.receive {
		if p.receive[i].Transfer == t.id {
			p.receive = append(p.receive[:i], p.receive[i+1:]...)
			return
		}
	}
}

// closeFence releases a cancelled transfer's pages: the transport acknowledged, or the fence timed
// out (the free bumps each page's generation, so a write that still lands is detectable).
func (c *Core) closeFence(t *transfer) {
	c.releaseFenced(t.fenceOwn, t.fenceRefs)
	t.fenceOwn, t.fenceRefs = nil, nil
	delete(c.xfers, t.id)
	for i, f := range c.fences {
		if f == t {
			copy(c.fences[i:], c.fences[i+1:])
			c.fences[len(c.fences)-1] = nil
			c.fences = c.fences[:len(c.fences)-1]
			break
		}
	}
}

// TransferDone is the transport's acknowledgement that it no longer touches a transfer's pages.
// On the sending side ok means the peer committed: the request finishes ("transferred"); !ok
// aborts it ("transfer"). On the receiving side only PagesReceived can commit, so TransferDone
// before it aborts the request. For a cancelled transfer it completes the fence.
func (c *Core) TransferDone(now time.Time, id kvtypes.TransferID, ok bool) error {
	c.clock(now)
	t := c.xfers[id]
	if t == nil || !t.started {
		c.st.stale++
		return ErrUnknownTransfer
	}
	if t.cancelled {
		c.closeFence(t)
		return nil
	}
	r := t.req
	delete(c.xfers, id)
	r.xfer = nil
	switch {
	case t.dir == xferSend && ok:
		c.finish(r, kvtypes.FinishTransferred)
	case t.dir == xferSend:
		c.abort(r, kvtypes.AbortTransfer, "the transport failed to send the KV")
	case ok:
		c.abort(r, kvtypes.AbortTransfer, "the transport closed the transfer without reporting the pages it wrote")
	default:
		c.abort(r, kvtypes.AbortTransfer, "the transport failed to receive the KV")
	}
	return nil
}

// TransferFailed is TransferDone(ok=false) when the transport knows which check failed: the
// request aborts ("transfer") with why, and its terminal event names d, the defence the check
// belongs to (empty: none). The defence is counted only where it fired, on the receiving side;
// a sender hears of it from the peer and only names it.
func (c *Core) TransferFailed(now time.Time, id kvtypes.TransferID, d kvtypes.Defence, why string) error {
	c.clock(now)
	t := c.xfers[id]
	if t == nil || !t.started || t.cancelled {
		return c.TransferDone(now, id, false)
	}
	r := t.req
	delete(c.xfers, id)
	r.xfer = nil
	if t.dir == xferRecv && d != "" {
		c.st.security++
	}
	c.refuse(r, d, t.dir == xferRecv, why)
	return nil
}

// PagesReceived is the receiving transport's final report. The request commits (→ Decoding, its
// first token streamed) only when the report names the transfer's request, the tokens sent equal
// the tokens reserved, and every reserved page, in order, carries this request's header of this
// lifetime marked written (invariant 3). Any mismatch aborts the request ("transfer") and counts a
// security event; a report naming the wrong request also keeps the pages fenced, since whoever is
// really writing them has not reported.
func (c *Core) PagesReceived(now time.Time, m Received) error {
	c.clock(now)
	t := c.xfers[m.Transfer]
	if t == nil || !t.started {
		c.st.stale++
		return ErrUnknownTransfer
	}
	if t.dir != xferRecv {
		c.st.security++
		return fmt.Errorf("core: transfer %d is a send, not a receive", m.Transfer)
	}
	if t.cancelled {
		c.closeFence(t) // the writer reports it is done: that is the fence's acknowledgement
		return fmt.Errorf("transfer %d: %w", m.Transfer, ErrTransferCancelled)
	}
	r := t.req
	if m.Request != t.reqID {
		c.st.security++
		err := fmt.Errorf("core: transfer %d is bound to request %d, the report names %d", m.Transfer, t.reqID, m.Request)
		c.abort(r, kvtypes.AbortTransfer, err.Error())
		return err
	}
	if d, err := c.reconcile(t, r, m); err != nil {
		c.st.security++
		delete(c.xfers, t.id)
		r.xfer = nil
		c.refuse(r, d, true, err.Error())
		return err
	}
	delete(c.xfers, t.id)
	r.xfer = nil
	c.recv--
	r.t.recv--
	if !c.moveOrAbort(r, Decoding) {
		return fmt.Errorf("core: request %d could not commit", r.id)
	}
	r.mode = Local // from here on it is an ordinary running request (and recomputes if preempted)
	r.computed = t.tokens
	c.running = append(c.running, r)
	c.registerFull(r)
	c.output(r, m.First, -1, 0)
	return nil
}

// reconcile applies the commit rule; a refusal names the defence its check belongs to (none for a
// report that no longer matches its request).
func (c *Core) reconcile(t *transfer, r *request, m Received) (kvtypes.Defence, error) {
	if r.state != Transferring || r.t.idx != t.tenant || r.epoch != t.epoch || r.id != t.reqID {
		return "", fmt.Errorf("transfer %d no longer matches request %d (state %s)", t.id, r.id, r.state)
	}
	if !c.validToken(m.First) {
		return "", fmt.Errorf("first token %d outside the vocabulary of %d", m.First, c.cfg.Vocab)
	}
	if m.Tokens != t.tokens && !faults.NoReconcile {
		return kvtypes.DefenceReconcile, fmt.Errorf("tokens sent %d != tokens reserved %d", m.Tokens, t.tokens)
	}
	if len(m.Pages) != len(t.pages) && !faults.NoReconcile {
		return kvtypes.DefenceReconcile, fmt.Errorf("%d pages written != %d pages reserved", len(m.Pages), len(t.pages))
	}
	for i, w := range m.Pages[:min(len(m.Pages), len(t.pages))] {
		ref := t.pages[i]
		if w.Page != ref.Page {
			return kvtypes.DefenceReconcile, fmt.Errorf("page table entry %d is page %d, the report names page %d", i, ref.Page, w.Page)
		}
		want := kvtypes.Header{Tenant: r.t.key, Request: r.id, Gen: ref.Gen, Written: true}
		if w.Header != want && !faults.HeadersOff {
			return kvtypes.DefenceHeader, fmt.Errorf("page %d (entry %d) was not written in this lifetime: header %v, want %v", ref.Page, i, w.Header, want)
		}
		if p := &c.l.pages[ref.Page]; p.state != pageOwned || p.owner != r.id || p.gen != ref.Gen {
			return kvtypes.DefenceHeader, fmt.Errorf("page %d (entry %d) is %s in the ledger, not owned by request %d", ref.Page, i, p.state, r.id)
		}
	}
	return "", nil
}
