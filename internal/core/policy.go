package core

import (
	"container/heap"

	"github.com/kvwarden/kvwarden/internal/invariants"
)

// The batching policy.
//
// One step = one Ready: at most Config.MaxRunning sequences and Config.StepTokens tokens. The step
// is handed out one sequence at a time, always to the tenant with the least service virtual time
// (svt) that has something to run, and that tenant is charged what the sequence adds to its
// dominant share of the step, max(tokens/StepTokens, sequences/MaxRunning) of all it got in the
// step, divided by its weight (RequestSpec.Weight). So every tenant with work gets its weighted
// share of each step's slots and tokens, whoever holds how many running requests, and what a
// tenant leaves unused goes to the others (work conserving). Within a
// tenant: its decodes first (round robin across steps when they do not all fit), then its prefill
// chunks in admission order, then admissions.
//
// Two passes: in the first, a tenant's prefill chunk is at most its weighted part of the step's
// tokens, so one long prompt cannot take a whole step from the others; the second gives what is
// left to anyone, extending chunks already in the batch. A tenant back from idle starts just behind
// the least-served tenant that kept working (no banked credit); one that had work but could not run
// catches up by at most one step. Within a step the picks follow svt order; across steps svt
// carries the balance, which the rapid property in fair_test.go checks over every window.
//
// Admissions: the waiting queues are ordered by start-time fair queueing over tenants: each tenant
// has a virtual time that grows by (prompt + max_tokens) / weight on every admission, and the tenant
// with the smallest goes next (ties: earliest arrival). The charge never depends on prefix-cache
// hits, and admission stops at the first request that does not fit rather than skipping to a smaller
// one, so for the same queued requests the admission order is the same whether they hit the cache or
// not. The one exception is the slot gate (admitHead): while running requests and reservations fill
// MaxRunning, only a tenant below its weighted share of MaxRunning may be admitted, and a tenant at
// its share is passed over rather than blocking the queue; when it is admitted again then depends on
// when its requests end. An admission happens on the turn of any tenant with waiting requests and is
// charged to its owner. A request preempted in a step is not readmitted in the same step.
//
// When a running request needs a page and none is free, idle cached pages are evicted (least
// recently idle first), then running requests are preempted: the latest-arrived running request of
// the tenant holding the most pages per unit of weight, never one already in this step's batch and
// never the oldest running request (the anchor that guarantees progress; see victim). A preempted
// request loses its pages and goes back to waiting; it recomputes its prompt and generated tokens
// later.

func (c *Core) schedule() {
	budget, seqs := c.cfg.StepTokens, 0
	c.steps++
	c.compactRunning()
	c.gather()
	c.admitStop = false
	c.serveAll(true, &budget, &seqs)
	if budget > 0 {
		c.serveAll(false, &budget, &seqs)
	}
	for _, t := range c.stepTs {
		switch {
		case t.dpos >= t.dn:
			t.rr = 0 // every decode had its turn: next step starts from the oldest again
		case t.lastDec != 0:
			t.rr = t.lastDec
		}
	}
}

// gather lists the tenants with work this step (running or waiting requests), each with its
// running requests, and sets their token quotas.
func (c *Core) gather() {
	c.stepTs, c.wStep = c.stepTs[:0], 0
	for _, r := range c.running {
		c.join(r.t)
		r.t.run = append(r.t.run, r)
	}
	for _, t := range c.heap {
		c.join(t)
	}
	// A tenant back from idle starts just behind the least-served tenant that kept working: it
	// banks no credit for its idle time, and those that used the idle capacity are not made to
	// pay it back (not even a tie). A tenant that had work but was not served may catch up by at
	// most one step.
	floor, kept := c.svclock, false
	for _, t := range c.stepTs {
		if t.back {
			continue
		}
		if !kept || t.svt < floor {
			floor, kept = t.svt, true
		}
	}
	B := int64(c.cfg.StepTokens)
	for _, t := range c.stepTs {
		if t.back {
			t.svt, t.back = max(t.svt, floor+1), false
		} else {
			t.svt = max(t.svt, c.svclock-stepUnit)
		}
		t.quota = int(max(B*t.w/c.wStep, 1))
		t.dn, t.dstart = len(t.run), 0
		if t.rr != 0 {
			for i, r := range t.run {
				if r.arrival > t.rr {
					t.dstart = i
					break
				}
			}
		}
	}
}

func (c *Core) join(t *tenant) {
	if t.step == c.steps {
		return
	}
	t.back = t.step == 0 || t.step+1 < c.steps
	t.step = c.steps
	t.run = t.run[:0]
	t.dpos, t.ppos, t.epos, t.lastDec = 0, 0, 0, 0
	t.gotSeqs, t.gotTok = 0, 0
	c.stepTs = append(c.stepTs, t)
	c.wStep += t.w
}

// stepUnit is a whole step in service virtual time. A tenant's service in a step is its dominant
// share of the step, max(tokens/StepTokens, sequences/MaxRunning) of all it was given in the step,
// divided by its weight.
const stepUnit = 1 << 30

// charge adds to t's service what giving it ds more sequences and dn more tokens adds to its
// dominant share of this step. Charging each pick its own share instead (a prefill chunk's
// tokens, then a decode's slot) would bill a tenant served both ways in one step for more than
// its share of the step, and over many steps it would fall behind its weight.
func (c *Core) charge(t *tenant, ds, dn int) {
	share := func(s, n int) int64 {
		return max(int64(n)*stepUnit/int64(c.cfg.StepTokens), int64(s)*stepUnit/int64(c.cfg.MaxRunning))
	}
	before := share(t.gotSeqs, t.gotTok)
	t.gotSeqs += ds
	t.gotTok += dn
	t.svt += max((share(t.gotSeqs, t.gotTok)-before)/t.w, 1)
}

// serveAll hands out the step one sequence at a time, always to the tenant with the least service
// virtual time that has something to run. In the fair pass a tenant's prefill tokens stop at its
// quota; the second pass gives whatever is left to anyone (work conserving).
func (c *Core) serveAll(fair bool, budget, seqs *int) {
	for _, t := range c.stepTs {
		heap.Push(&c.sheap, t)
	}
	for len(c.sheap) > 0 && *budget > 0 {
		t := c.sheap[0]
		waiting := c.nState[Waiting]
		before := t.svt
		if !c.serve(t, fair, budget, seqs) {
			heap.Remove(&c.sheap, t.sIdx)
			continue
		}
		c.svclock = max(c.svclock, before)
		heap.Fix(&c.sheap, t.sIdx)
		if invariants.Enabled {
			c.sheap.mustBeOrdered()
		}
		// An admission (or a preemption) moved the head of the admission order; its tenant may
		// have left the heap waiting for exactly that.
		if c.nState[Waiting] != waiting && !c.admitStop {
			if h := c.admitHead(); h != nil && h.step == c.steps && h.sIdx < 0 {
				heap.Push(&c.sheap, h)
			}
		}
	}
	for _, t := range c.sheap {
		t.sIdx = -1
	}
	clear(c.sheap)
	c.sheap = c.sheap[:0]
}

// serve gives t one more sequence (or more tokens for one of its prefill chunks): its decodes
// first, round robin, then its prefills in admission order, then its next admission when it heads
// the admission order. It reports false when t has nothing more to run in this pass.
func (c *Core) serve(t *tenant, fair bool, budget, seqs *int) bool {
	P := c.cfg.PageTokens
	slot := *seqs < c.cfg.MaxRunning // extending a chunk needs no slot; everything else does
	for slot && t.dpos < t.dn {
		r := t.run[(t.dstart+t.dpos)%t.dn]
		t.dpos++
		if r.state != Decoding || r.inBatch || r.paused {
			continue
		}
		if r.computed == len(r.pages)*P {
			if !c.ensure(1, r) {
				continue // r itself was preempted
			}
			c.grow(r, 1)
		}
		c.give(t, r, 1, budget, seqs)
		c.addDraft(t, r, budget, seqs)
		t.lastDec = r.arrival
		return true
	}
	limit := *budget
	if fair {
		limit = min(limit, t.quota)
	}
	if !fair && c.extend(t, limit, budget) {
		return true
	}
	if slot && limit > 0 {
		for ; t.ppos < len(t.run); t.ppos++ {
			r := t.run[t.ppos]
			if r.state != Prefilling || r.inBatch {
				continue
			}
			if n := c.chunk(r, r.computed, limit, true); n > 0 {
				t.ppos++
				c.give(t, r, n, budget, seqs)
				return true
			}
		}
	}
	if c.admitStop || len(t.queue) == 0 {
		return false
	}
	// Admission order is strict, so t's turn admits the head of that order, which may be
	// another tenant's request; its owner is charged, so shares even out over the next picks.
	h := c.admitHead()
	if h == nil {
		return false
	}
	r := h.queue[0]
	if fair {
		limit = min(*budget, h.quota)
	}
	if r.mode != DecodeOnly && (!slot || limit <= 0) {
		return false
	}
	if !c.start(r, limit, budget, seqs) {
		c.admitStop = true // nobody overtakes the head
		return false
	}
	return true
}

// extend gives up to limit more tokens to the next of t's prefill chunks already in the batch
// that can grow (second pass only: it needs no slot), charging t the difference.
func (c *Core) extend(t *tenant, limit int, budget *int) bool {
	for ; t.epos < len(t.run); t.epos++ {
		r := t.run[t.epos]
		if r.state != Prefilling || !r.inBatch {
			continue
		}
		s := &c.nxt.batch[r.slot]
		if from := s.Start + len(s.Tokens); from < len(r.tokens) {
			if m := c.chunk(r, from, limit, false); m > 0 {
				old := len(s.Tokens)
				*s = c.seq(r, old+m)
				*budget -= m
				c.charge(t, 0, m)
				t.epos++
				return true
			}
		}
	}
	return false
}

// give puts n tokens of r into the batch and charges its tenant.
func (c *Core) give(t *tenant, r *request, n int, budget, seqs *int) {
	c.addSeq(r, n)
	*budget -= n
	*seqs++
	c.charge(t, 1, n)
	if t.sIdx >= 0 {
		// r may be another tenant's admission, made during t's turn: its key grew in place.
		heap.Fix(&c.sheap, t.sIdx)
	}
}

func (c *Core) compactRunning() {
	kept := c.running[:0]
	for _, r := range c.running {
		if r.state == Prefilling || r.state == Decoding {
			kept = append(kept, r)
		}
	}
	clear(c.running[len(kept):])
	c.running = kept
}
