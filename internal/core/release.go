package core

import "github.com/kvwarden/kvwarden/internal/kvtypes"

// Giving pages back: at once when nothing else touches them, through a fence (the running step's
// or a cancelled transfer's) when something may still write them.

// releasePages gives back everything in r's page table, children first so a prefix's pages go
// idle in an order that evicts leaves before their parents.
func (c *Core) releasePages(r *request) {
	for i := len(r.pages) - 1; i >= 0; i-- {
		c.dropRef(r, r.pages[i].Page)
	}
	r.pages = r.pages[:0]
	r.cached = 0
}

func (c *Core) dropRef(r *request, id kvtypes.PageID) {
	p := &c.l.pages[id]
	switch {
	case p.state == pageOwned && p.owner == r.id:
		c.freePage(int32(id))
	case p.state == pageCached && p.tenant == r.t.idx:
		c.unref(int32(id))
	default:
		c.bug("a page table names a page its request does not hold")
	}
}

func (c *Core) unref(id int32) {
	switch c.l.unref(id) {
	case unrefFree:
		c.freePage(id)
	case unrefUnder:
		c.bug("reference count below zero")
	}
}

// withdrawCached takes every cached page r reads out of the prefix cache. Called when a reader of
// r found a bad header: the engine does not say which page, so none of them is trusted again.
func (c *Core) withdrawCached(r *request) {
	for _, ref := range r.pages {
		if c.l.withdraw(int32(ref.Page)) {
			c.freePage(int32(ref.Page))
		}
	}
}

// freePage starts a page's next lifetime and tells the executor to invalidate its header.
func (c *Core) freePage(id int32) {
	c.l.release(id)
	c.nxt.invalidate = append(c.nxt.invalidate, kvtypes.PageID(id))
}

// fenceStep holds an aborted request's pages until the running step is advanced: the forward
// pass may still write its KV into them.
func (c *Core) fenceStep(r *request) {
	c.fencePages(r, &c.stepOwned, &c.stepRefs, "fencing a page the request does not hold")
}

func (c *Core) releaseStepFence() {
	c.releaseFenced(c.stepOwned, c.stepRefs)
	c.stepOwned, c.stepRefs = c.stepOwned[:0], c.stepRefs[:0]
}

// fencePages empties r's page table into a fence: the pages r owns are quarantined and listed in
// own; the cached pages it reads are listed in refs, r's reference now the fence's. A page r does
// not hold is counted as a bug, saying where.
func (c *Core) fencePages(r *request, own, refs *[]int32, where string) {
	for _, ref := range r.pages {
		p := &c.l.pages[ref.Page]
		switch {
		case p.state == pageOwned && p.owner == r.id:
			c.l.set(int32(ref.Page), pageQuarantined)
			c.st.quarantines++
			*own = append(*own, int32(ref.Page))
		case p.state == pageCached:
			*refs = append(*refs, int32(ref.Page))
		default:
			c.bug(where)
		}
	}
	r.pages = r.pages[:0]
}

// releaseFenced ends a fence made by fencePages: its quarantined pages are freed (a new
// generation) and its references to cached pages dropped.
func (c *Core) releaseFenced(own, refs []int32) {
	for _, id := range own {
		c.freePage(id)
	}
	for _, id := range refs {
		c.unref(id)
	}
}

// DropCache evicts every idle cached page (for shutdown checks and tests: afterwards a drained
// pool is entirely free).
func (c *Core) DropCache() {
	for id := c.l.evictable(); id != noPage; id = c.l.evictable() {
		c.st.evictions++
		c.freePage(id)
	}
}
