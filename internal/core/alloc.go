package core

import "github.com/kvwarden/kvwarden/internal/kvtypes"

// Pages for a step: chunk sizing, eviction of idle cached pages, and preemption when eviction is
// not enough (the victim choice is in the policy doc, policy.go).

func ceilDiv(a, b int) int { return (a + b - 1) / b }

// chunk sizes r's next prefill chunk, from position from, and gives it the pages the chunk needs;
// 0 means no progress (no pages, or r was preempted). Only with preempt may it preempt others.
func (c *Core) chunk(r *request, from, budget int, preempt bool) int {
	P := c.cfg.PageTokens
	n := min(len(r.tokens)-from, budget)
	cover := (len(r.pages)+c.l.available())*P - from
	if cover <= 0 {
		if !preempt || !c.ensure(1, r) {
			return 0
		}
		cover = (len(r.pages)+c.l.available())*P - from
	}
	n = min(n, cover)
	if need := ceilDiv(from+n, P) - len(r.pages); need > 0 {
		c.evict(need)
		c.grow(r, need)
	}
	return n
}

// ensure makes n pages allocatable for r, evicting idle cached pages and then preempting victims.
// It returns false when r itself had to be preempted (or nothing could be).
func (c *Core) ensure(n int, r *request) bool {
	for c.l.available() < n {
		v := c.victim()
		if v == nil {
			return false
		}
		c.preempt(v)
		c.compactRunning() // so a re-admission within this step does not list it twice
		if v == r {
			return false
		}
	}
	c.evict(n)
	return true
}

// evict frees idle cached pages until n pages are free; the caller checked available() >= n.
func (c *Core) evict(n int) {
	for len(c.l.free) < n {
		id := c.l.evictable()
		if id == noPage {
			return
		}
		c.st.evictions++
		c.freePage(id)
	}
}

// victim picks the latest-arrived running request of the tenant holding the most pages per unit
// of weight, among those not yet in this step's batch and not paused (a paused request keeps its
// pages), and never the oldest running request.
//
// Sparing the oldest is what guarantees progress: tenants below their share are admitted past
// MaxRunning, so more requests can hold pages than the pool can finish at once, and without an
// anchor each would be preempted in turn just before it finished (a livelock the property tests
// found). The oldest fits the pool alone (the start-up gate), so it always completes, and then the
// next oldest is spared.
func (c *Core) victim() *request {
	var anchor *request
	for _, r := range c.running {
		r.t.usage = 0
		if (r.state == Prefilling || r.state == Decoding) && (anchor == nil || r.arrival < anchor.arrival) {
			anchor = r
		}
	}
	for _, r := range c.running {
		if r.state == Prefilling || r.state == Decoding {
			r.t.usage += len(r.pages)
		}
	}
	var v *request
	for _, r := range c.running {
		if (r.state != Prefilling && r.state != Decoding) || r.inBatch || r.paused || r == anchor {
			continue
		}
		if v == nil {
			v = r
			continue
		}
		a, b := int64(r.t.usage)*v.t.w, int64(v.t.usage)*r.t.w
		if a > b || a == b && r.arrival > v.arrival {
			v = r
		}
	}
	return v
}

// grow appends n fresh pages to r's page table and stamps them with r's identity. The caller made
// sure n pages are free.
func (c *Core) grow(r *request, n int) { c.allocFor(r, n, true) }

// allocFor appends n fresh pages to r's page table, stamped with r's identity and, unless they
// await a writer other than this node's steps, as written.
func (c *Core) allocFor(r *request, n int, written bool) {
	for range n {
		ref, ok := c.l.alloc(r.t.idx, r.id)
		if !ok {
			c.bug("page allocation without a free page")
			return
		}
		r.pages = append(r.pages, ref)
		c.nxt.stamp = append(c.nxt.stamp, Stamp{Page: ref.Page, Header: kvtypes.Header{Tenant: r.t.key, Request: r.id, Gen: ref.Gen, Written: written}})
	}
}

// preempt takes every page from a running request and sends it back to the queue; it will
// recompute its prompt and generated tokens. Only called while no step is in flight.
func (c *Core) preempt(r *request) {
	if !c.moveOrAbort(r, Waiting) {
		return
	}
	c.st.preemptions++
	c.releasePages(r)
	r.computed = 0
	r.epoch++
	r.preempted = c.steps
	c.pushWaiting(r)
}
