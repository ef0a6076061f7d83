package core

import (
	"fmt"
	"time"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

var (
	rejectReasons = [...]kvtypes.RejectReason{kvtypes.RejectContextLength, kvtypes.RejectPoolCapacity, kvtypes.RejectOverloaded, kvtypes.RejectInvalid, kvtypes.RejectShuttingDown}
	abortReasons  = [...]kvtypes.AbortReason{kvtypes.AbortCancelled, kvtypes.AbortDeadline, kvtypes.AbortInternal, kvtypes.AbortIsolation, kvtypes.AbortShutdown, kvtypes.AbortTransfer}
	finishReasons = [...]kvtypes.FinishReason{kvtypes.FinishStop, kvtypes.FinishLength, kvtypes.FinishTransferred}
)

func rejectIndex(r kvtypes.RejectReason) int {
	for i, x := range rejectReasons {
		if x == r {
			return i
		}
	}
	return len(rejectReasons) - 1
}

func abortIndex(r kvtypes.AbortReason) int {
	for i, x := range abortReasons {
		if x == r {
			return i
		}
	}
	return 2 // internal
}

func finishIndex(r kvtypes.FinishReason) int {
	for i, x := range finishReasons {
		if x == r {
			return i
		}
	}
	return 0
}

type counters struct {
	rejected       [len(rejectReasons)]uint64
	aborted        [len(abortReasons)]uint64
	finished       [len(finishReasons)]uint64
	security       uint64
	internal       uint64
	stale          uint64
	fenceExpired   uint64
	preemptions    uint64
	evictions      uint64
	cacheHitTokens uint64
	prefillTokens  uint64
	decodeTokens   uint64
}

// Stats is a snapshot for metrics. Counters are cumulative; the rest are current.
type Stats struct {
	Waiting      int // queued, holding nothing
	Running      int // admitted, prefilling or decoding
	Transferring int

	PagesTotal       int
	PagesFree        int
	PagesOwned       int // in exactly one request's page table
	PagesCached      int // in a tenant's prefix cache (PagesIdle of them unreferenced, evictable)
	PagesIdle        int
	PagesQuarantined int // waiting for a fence

	SecurityEvents uint64 // header mismatches, failed hand-off reconciliations, cache key conflicts
	InternalErrors uint64 // refused illegal transitions and ledger inconsistencies: always a bug
	StaleEvents    uint64 // events naming unknown, unstarted or closed transfers
	FenceTimeouts  uint64 // fences released by deadline rather than acknowledgement

	Rejected map[kvtypes.RejectReason]uint64
	Aborted  map[kvtypes.AbortReason]uint64
	Finished map[kvtypes.FinishReason]uint64

	Preemptions    uint64
	Evictions      uint64
	CacheHitTokens uint64
	PrefillTokens  uint64
	DecodeTokens   uint64
}

// Stats returns a snapshot. It allocates (the maps); call it from metrics, not from the step loop.
func (c *Core) Stats() Stats {
	s := Stats{
		Waiting:          c.nState[Waiting],
		Running:          c.nState[Admitted] + c.nState[Prefilling] + c.nState[Decoding],
		Transferring:     c.nState[Transferring],
		PagesTotal:       len(c.l.pages),
		PagesFree:        c.l.count[pageFree],
		PagesOwned:       c.l.count[pageOwned],
		PagesCached:      c.l.count[pageCached],
		PagesIdle:        c.l.lruLen,
		PagesQuarantined: c.l.count[pageQuarantined],
		SecurityEvents:   c.st.security,
		InternalErrors:   c.st.internal,
		StaleEvents:      c.st.stale,
		FenceTimeouts:    c.st.fenceExpired,
		Rejected:         make(map[kvtypes.RejectReason]uint64),
		Aborted:          make(map[kvtypes.AbortReason]uint64),
		Finished:         make(map[kvtypes.FinishReason]uint64),
		Preemptions:      c.st.preemptions,
		Evictions:        c.st.evictions,
		CacheHitTokens:   c.st.cacheHitTokens,
		PrefillTokens:    c.st.prefillTokens,
		DecodeTokens:     c.st.decodeTokens,
	}
	for i, r := range rejectReasons {
		if n := c.st.rejected[i]; n > 0 {
			s.Rejected[r] = n
		}
	}
	for i, r := range abortReasons {
		if n := c.st.aborted[i]; n > 0 {
			s.Aborted[r] = n
		}
	}
	for i, r := range finishReasons {
		if n := c.st.finished[i]; n > 0 {
			s.Finished[r] = n
		}
	}
	return s
}

// State returns a live request's state, or 0 when the id is unknown or the request has ended
// (its terminal event carries how).
func (c *Core) State(id kvtypes.RequestID) State {
	if r := c.reqs[id]; r != nil {
		return r.state
	}
	return 0
}

// Now is the latest time the core has been told.
func (c *Core) Now() time.Time { return c.now }

// DropCache evicts every idle cached page (for shutdown checks and tests: afterwards a drained
// pool is entirely free).
func (c *Core) DropCache() {
	for id := c.l.evictable(); id != noPage; id = c.l.evictable() {
		c.st.evictions++
		c.freePage(id)
	}
}

// Check verifies the ledger and lifecycle invariants from scratch and returns the first violation.
// It is O(pages + requests) and allocates; tests call it after every event, an engine may call it
// in debug builds or on shutdown.
func (c *Core) Check() error {
	l := &c.l
	n := len(l.pages)
	var count [numPageStates]int
	for i := range l.pages {
		count[l.pages[i].state]++
	}
	if count != l.count {
		return fmt.Errorf("page counts %v, ledger says %v", count, l.count)
	}
	if count[pageFree]+count[pageOwned]+count[pageCached]+count[pageQuarantined] != n {
		return fmt.Errorf("free %d + owned %d + cached %d + quarantined %d != %d pages",
			count[pageFree], count[pageOwned], count[pageCached], count[pageQuarantined], n)
	}
	seen := make([]int32, n) // holders per page
	for _, id := range l.free {
		if l.pages[id].state != pageFree || seen[id] != 0 {
			return fmt.Errorf("free stack holds page %d (%s, seen %d)", id, l.pages[id].state, seen[id])
		}
		seen[id]++
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
	for i := range seen {
		seen[i] = 0
	}
	refs := make([]int32, n)
	var nState [numStates]int
	for _, r := range c.live {
		if c.reqs[r.id] != r {
			return fmt.Errorf("live request %d missing from the table", r.id)
		}
		nState[r.state]++
		if r.state.Terminal() {
			return fmt.Errorf("terminal request %d is live", r.id)
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
	if c.st.internal != 0 {
		return fmt.Errorf("%d internal errors, the first at %s", c.st.internal, c.firstBug)
	}
	return nil
}
