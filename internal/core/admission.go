package core

import (
	"container/heap"

	"github.com/kvwarden/kvwarden/internal/faults"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// Admission: which waiting request leaves the queue next and whether it fits now.
//
// The waiting queues: one FIFO per tenant (by arrival, so a preempted request goes back ahead of
// later ones) and a min-heap of tenants by (virtual time, head arrival).

// admitHead is the tenant whose head is next in admission order among those that may be admitted
// now. Below MaxRunning residents that is simply the first; at or above it, only a tenant still
// below its weighted share of MaxRunning may go (the step's batch still never exceeds MaxRunning
// sequences), so a tenant holding every slot neither keeps a light tenant out nor, waiting at the
// head of the order, blocks it.
func (c *Core) admitHead() *tenant {
	if len(c.heap) == 0 {
		return nil
	}
	if c.nState[Prefilling]+c.nState[Decoding]+c.recv < c.cfg.MaxRunning {
		return c.heap[0]
	}
	var best *tenant
	for _, t := range c.heap {
		if (best == nil || byWaiting{}.less(t, best)) && c.underShare(t) {
			best = t
		}
	}
	return best
}

// underShare reports whether t holds fewer running requests and reservations than its weighted
// share of MaxRunning among the tenants with work this step.
func (c *Core) underShare(t *tenant) bool {
	own := t.recv
	for _, r := range t.run {
		if r.state == Prefilling || r.state == Decoding {
			own++
		}
	}
	return int64(own)*c.wStep < int64(c.cfg.MaxRunning)*t.w
}

// start admits r, the head of admitHead's order, if it fits now, with a first chunk of at most
// limit tokens. It never preempts: new work waits for pages rather than evicting running work.
func (c *Core) start(r *request, limit int, budget, seqs *int) bool {
	P := c.cfg.PageTokens
	t := r.t
	if r.preempted == c.steps {
		return false // preempted this step: back in now, it would only recompute what it lost
	}
	if r.mode == DecodeOnly {
		need := ceilDiv(r.prompt, P)
		if c.l.available() < need {
			return false
		}
		c.popHead(t)
		if !c.moveOrAbort(r, Admitted) {
			return true
		}
		c.recv++
		t.recv++
		c.evict(need)
		for range need {
			ref, ok := c.l.alloc(t.idx, r.id)
			if !ok {
				c.bug("reservation without a free page")
				break
			}
			r.pages = append(r.pages, ref)
			// Unwritten: the transport marks each page written once its contents are in.
			c.nxt.stamp = append(c.nxt.stamp, Stamp{Page: ref.Page, Header: kvtypes.Header{Tenant: t.key, Request: r.id, Gen: ref.Gen}})
		}
		c.openReceive(r)
		return true
	}
	if c.l.available() == 0 {
		return false // every first chunk needs at least one fresh page
	}
	hits := c.lookup(r)
	idle := 0
	for _, id := range c.hits {
		if c.l.pages[id].refs == 0 {
			idle++
		}
	}
	computed := hits * P
	// It must fit as large a first chunk as the whole remaining budget allows, even when its quota
	// makes the chunk smaller: a request squeezed in on a few pages would only be preempted again.
	if fit := min(len(r.tokens)-computed, *budget); c.l.available()-idle < ceilDiv(computed+fit, P)-hits {
		return false
	}
	n := min(len(r.tokens)-computed, limit)
	need := ceilDiv(computed+n, P) - hits
	c.popHead(t)
	if !c.moveOrAbort(r, Admitted) {
		return true
	}
	for _, id := range c.hits {
		c.l.ref(id)
		r.pages = append(r.pages, kvtypes.PageRef{Page: kvtypes.PageID(id), Gen: c.l.pages[id].gen})
	}
	r.computed, r.cached = computed, hits
	c.st.cacheHitTokens += uint64(computed)
	if r.epoch == 0 {
		r.hit = min(computed, r.prompt) // a recompute after preemption is not the client's cache hit
	}
	c.evict(need)
	c.grow(r, need)
	if faults.AdmissionRewrite && r.replay != nil {
		c.reserveOriginal(r)
	}
	if !c.moveOrAbort(r, Prefilling) {
		return true
	}
	c.running = append(c.running, r)
	t.run = append(t.run, r)
	c.give(t, r, n, budget, seqs)
	return true
}

func (c *Core) pushWaiting(r *request) {
	t := r.t
	i := len(t.queue)
	for i > 0 && t.queue[i-1].arrival > r.arrival {
		i--
	}
	t.queue = append(t.queue, nil)
	copy(t.queue[i+1:], t.queue[i:])
	t.queue[i] = r
	if t.heapIdx < 0 {
		t.vt = max(t.vt, c.vclock) // an idle tenant does not bank credit
		heap.Push(&c.heap, t)
	} else if i == 0 {
		heap.Fix(&c.heap, t.heapIdx)
	}
}

func (c *Core) removeWaiting(r *request) {
	t := r.t
	for i, q := range t.queue {
		if q == r {
			c.dropQueued(t, i)
			return
		}
	}
	c.bug("removing a request that is not queued")
}

// popHead admits t's head: the tenant is charged the request's cost.
func (c *Core) popHead(t *tenant) {
	c.vclock = t.vt
	t.vt += t.queue[0].cost * MaxWeight / t.w
	c.dropQueued(t, 0)
}

func (c *Core) dropQueued(t *tenant, i int) {
	copy(t.queue[i:], t.queue[i+1:])
	t.queue[len(t.queue)-1] = nil
	t.queue = t.queue[:len(t.queue)-1]
	switch {
	case len(t.queue) == 0:
		heap.Remove(&c.heap, t.heapIdx)
	default:
		heap.Fix(&c.heap, t.heapIdx)
	}
}
