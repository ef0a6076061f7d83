package core

import "fmt"

// The invariant checker: it recomputes from scratch what the core keeps incrementally.

// Check verifies the ledger and lifecycle invariants from scratch and returns the first violation.
// It is O(pages + requests) and allocates; tests call it after every event, an engine may call it
// in debug builds or on shutdown.
func (c *Core) Check() error {
	if err := c.checkLedger(); err != nil {
		return err
	}
	n := len(c.l.pages)
	seen := make([]int32, n) // holders of each owned or quarantined page
	refs := make([]int32, n) // references to each cached page
	if err := c.checkRequests(seen, refs); err != nil {
		return err
	}
	if err := c.checkFences(seen, refs); err != nil {
		return err
	}
	if err := c.checkHolders(seen, refs); err != nil {
		return err
	}
	if err := c.checkTenants(); err != nil {
		return err
	}
	if c.st.internal != 0 {
		return fmt.Errorf("%d internal errors, the first at %s", c.st.internal, c.firstBug)
	}
	return nil
}

// checkLedger verifies the page states against their counts, the free stack, the idle list and
// the prefix cache index.
func (c *Core) checkLedger() error {
	l := &c.l
	n := len(l.pages)
	var count [numPageStates]int
	for i := range l.pages {
		p := &l.pages[i]
		count[p.state]++
		if w := l.view.pages[i].Load(); w != viewWord(p) {
			return fmt.Errorf("page %d is %s (refs %d) of tenant %d, the console's view says state %d owner %d", i, p.state, p.refs, p.tenant, w>>viewStateShift, int(w&viewOwnerMask)-1)
		}
	}
	if count != l.count {
		return fmt.Errorf("page counts %v, ledger says %v", count, l.count)
	}
	if count[pageFree]+count[pageOwned]+count[pageCached]+count[pageQuarantined] != n {
		return fmt.Errorf("free %d + owned %d + cached %d + quarantined %d != %d pages",
			count[pageFree], count[pageOwned], count[pageCached], count[pageQuarantined], n)
	}
	seen := make([]bool, n)
	for _, id := range l.free {
		if l.pages[id].state != pageFree || seen[id] {
			return fmt.Errorf("free stack holds page %d (%s, seen %v)", id, l.pages[id].state, seen[id])
		}
		seen[id] = true
	}
	if len(l.free) != count[pageFree] {
		return fmt.Errorf("free stack has %d pages, %d are free", len(l.free), count[pageFree])
	}
	idle := 0
	for id, prev := l.lruNew, int32(noPage); id != noPage; prev, id = id, l.pages[id].next {
		p := &l.pages[id]
		if p.state != pageCached || p.refs != 0 || p.prev != prev {
			return fmt.Errorf("idle list holds page %d (%s, refs %d)", id, p.state, p.refs)
		}
		if idle++; idle > n {
			return fmt.Errorf("idle list loops")
		}
	}
	if idle != l.lruLen {
		return fmt.Errorf("idle list has %d pages, counter says %d", idle, l.lruLen)
	}
	if l.index != nil {
		for key, id := range l.index {
			if l.pages[id].state != pageCached || l.pages[id].key != key {
				return fmt.Errorf("cache index entry names page %d (%s)", id, l.pages[id].state)
			}
		}
		published := 0
		for i := range l.pages {
			if p := &l.pages[i]; p.state == pageCached && !p.doomed {
				published++
			} else if p.doomed && (p.state != pageCached || p.refs == 0) {
				return fmt.Errorf("doomed page %d is %s with refs %d", i, p.state, p.refs)
			}
		}
		if len(l.index) != published {
			return fmt.Errorf("cache index has %d entries for %d published cached pages", len(l.index), published)
		}
	}
	return nil
}

// checkRequests verifies every live request's state and page table, counting in seen and refs
// the pages each holds.
func (c *Core) checkRequests(seen, refs []int32) error {
	l := &c.l
	var nState [numStates]int
	paused := 0
	for _, r := range c.live {
		if c.reqs[r.id] != r {
			return fmt.Errorf("live request %d missing from the table", r.id)
		}
		nState[r.state]++
		if r.state.Terminal() {
			return fmt.Errorf("terminal request %d is live", r.id)
		}
		if r.paused {
			paused++
			if r.state != Decoding {
				return fmt.Errorf("paused request %d is %s", r.id, r.state)
			}
		}
		if r.state == Waiting && len(r.pages) != 0 {
			return fmt.Errorf("waiting request %d holds %d pages", r.id, len(r.pages))
		}
		if (r.state == Transferring) != (r.xfer != nil) {
			return fmt.Errorf("request %d is %s with transfer %v", r.id, r.state, r.xfer != nil)
		}
		if r.state == Decoding && r.computed != len(r.tokens)-1 {
			return fmt.Errorf("decoding request %d computed %d of %d tokens", r.id, r.computed, len(r.tokens))
		}
		// Outside a step a decoding request holds no page past its next position: a rejected
		// draft's pages were freed when its step was advanced (speculate.go).
		if r.state == Decoding && !r.inBatch && len(r.pages) > ceilDiv(r.computed+1, c.cfg.PageTokens) {
			return fmt.Errorf("decoding request %d holds %d pages for position %d", r.id, len(r.pages), r.computed)
		}
		if r.computed > len(r.pages)*c.cfg.PageTokens || r.computed > len(r.tokens) {
			return fmt.Errorf("request %d computed %d positions with %d pages", r.id, r.computed, len(r.pages))
		}
		for i, ref := range r.pages {
			p := &l.pages[ref.Page]
			if p.gen != ref.Gen || p.tenant != r.t.idx {
				return fmt.Errorf("request %d entry %d: page %d gen %d tenant %d, table says gen %d tenant %d",
					r.id, i, ref.Page, p.gen, p.tenant, ref.Gen, r.t.idx)
			}
			switch p.state {
			case pageOwned:
				if p.owner != r.id {
					return fmt.Errorf("request %d holds page %d owned by %d", r.id, ref.Page, p.owner)
				}
				seen[ref.Page]++
			case pageCached:
				if i >= r.cached {
					return fmt.Errorf("request %d entry %d: cached page %d beyond its cached prefix %d", r.id, i, ref.Page, r.cached)
				}
				refs[ref.Page]++
			default:
				return fmt.Errorf("request %d holds page %d which is %s", r.id, ref.Page, p.state)
			}
		}
	}
	if [Finished]int(nState[:Finished]) != [Finished]int(c.nState[:Finished]) {
		return fmt.Errorf("state counts %v, core says %v", nState[:Finished], c.nState[:Finished])
	}
	if len(c.reqs) != len(c.live) {
		return fmt.Errorf("%d requests in the table, %d live", len(c.reqs), len(c.live))
	}
	if paused != c.npaused {
		return fmt.Errorf("%d paused requests, core counts %d", paused, c.npaused)
	}
	return nil
}

// checkFences verifies the step fence and the transfers' fences, counting in seen and refs the
// pages they hold, and that every open transfer is its request's.
func (c *Core) checkFences(seen, refs []int32) error {
	l := &c.l
	fenced := func(ids []int32, owned bool) error {
		for _, id := range ids {
			if owned {
				if l.pages[id].state != pageQuarantined {
					return fmt.Errorf("fenced page %d is %s", id, l.pages[id].state)
				}
				seen[id]++
			} else {
				refs[id]++
			}
		}
		return nil
	}
	if !c.inflight && len(c.stepOwned)+len(c.stepRefs) > 0 {
		return fmt.Errorf("step fence holds pages with no step in flight")
	}
	if err := fenced(c.stepOwned, true); err != nil {
		return err
	}
	if err := fenced(c.stepRefs, false); err != nil {
		return err
	}
	for _, t := range c.fences {
		if !t.cancelled || c.xfers[t.id] != t {
			return fmt.Errorf("fence of transfer %d is not a cancelled open transfer", t.id)
		}
		if err := fenced(t.fenceOwn, true); err != nil {
			return err
		}
		if err := fenced(t.fenceRefs, false); err != nil {
			return err
		}
	}
	for id, t := range c.xfers {
		if !t.cancelled && (t.req == nil || t.req.xfer != t || t.req.state != Transferring) {
			return fmt.Errorf("open transfer %d is not its request's", id)
		}
	}
	return nil
}

// checkHolders verifies that each owned or quarantined page has exactly one holder and each
// cached page as many references as its count says.
func (c *Core) checkHolders(seen, refs []int32) error {
	l := &c.l
	for i := range l.pages {
		p := &l.pages[i]
		switch p.state {
		case pageOwned, pageQuarantined:
			if seen[i] != 1 {
				return fmt.Errorf("%s page %d has %d holders", p.state, i, seen[i])
			}
		case pageCached:
			if refs[i] != p.refs || seen[i] != 0 {
				return fmt.Errorf("cached page %d has refs %d, %d holders", i, p.refs, refs[i])
			}
		}
	}
	return nil
}

// checkTenants verifies the waiting queues and heap, the hand-off reservation counters and that
// no tenant was left in the step heap.
func (c *Core) checkTenants() error {
	for _, t := range c.tlist {
		for i, r := range t.queue {
			if r.state != Waiting || r.t != t || i > 0 && t.queue[i-1].arrival > r.arrival {
				return fmt.Errorf("tenant %s queue entry %d: request %d is %s", t.name, i, r.id, r.state)
			}
		}
		if (t.heapIdx >= 0) != (len(t.queue) > 0) || t.heapIdx >= 0 && c.heap[t.heapIdx] != t {
			return fmt.Errorf("tenant %s heap position %d with %d waiting", t.name, t.heapIdx, len(t.queue))
		}
	}
	recv := 0
	perTenant := make(map[*tenant]int)
	for _, r := range c.live {
		if r.mode == DecodeOnly && (r.state == Admitted || r.state == Transferring) {
			recv++
			perTenant[r.t]++
		}
	}
	if recv != c.recv {
		return fmt.Errorf("%d reserved hand-offs, counter says %d", recv, c.recv)
	}
	for _, t := range c.tlist {
		if t.recv != perTenant[t] {
			return fmt.Errorf("tenant %s: %d reserved hand-offs, counter says %d", t.name, perTenant[t], t.recv)
		}
		if t.sIdx >= 0 {
			return fmt.Errorf("tenant %s left in the step heap", t.name)
		}
	}
	return nil
}
