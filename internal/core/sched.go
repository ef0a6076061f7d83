package core

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// The batching policy.
//
// One step = one Ready: at most Config.MaxRunning sequences and Config.StepTokens tokens. The step
// is handed out one sequence at a time, always to the tenant with the least service virtual time
// (svt) that has something to run, and that tenant is charged the sequence's dominant share of the
// step, max(tokens/StepTokens, 1/MaxRunning), divided by its weight (RequestSpec.Weight). So every
// tenant with work gets its weighted share of each step's slots and tokens, whoever holds how many
// running requests, and what a tenant leaves unused goes to the others (work conserving). Within a
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
// the tenant holding the most pages per unit of weight, never one already in this step's batch. A
// preempted request loses its pages and goes back to waiting; it recomputes its prompt and
// generated tokens later.

type plan struct {
	emit       []Emit
	done       []Terminal
	invalidate []kvtypes.PageID
	stamp      []Stamp
	cancel     []kvtypes.TransferID
	send       []SendPages
	receive    []ReceivePages
	batch      []Seq
}

func (p *plan) reset() {
	clear(p.done) // drop references to request memory; the rest hold only ids
	clear(p.send)
	clear(p.receive)
	clear(p.batch)
	p.emit, p.done, p.invalidate, p.stamp = p.emit[:0], p.done[:0], p.invalidate[:0], p.stamp[:0]
	p.cancel, p.send, p.receive, p.batch = p.cancel[:0], p.send[:0], p.receive[:0], p.batch[:0]
}

func (p *plan) ready() Ready {
	return Ready{Emit: p.emit, Done: p.done, Invalidate: p.invalidate, Stamp: p.stamp, Cancel: p.cancel,
		Send: p.send, Receive: p.receive, Batch: p.batch}
}

func (p *plan) empty() bool {
	r := p.ready()
	return r.Empty()
}

// HasReady reports whether Ready would have work: a plan in flight, pending output, or requests
// that could run. When it is false the engine may block until the next event or tick.
func (c *Core) HasReady() bool {
	return c.inflight || !c.nxt.empty() || len(c.running) > 0 || len(c.heap) > 0 && c.l.available() > 0
}

// Ready returns the plan for the next step. See the package doc for the order in which to execute
// it. Until Advance, Ready returns the same plan.
func (c *Core) Ready() Ready {
	if !c.inflight {
		c.schedule()
		c.cur, c.nxt = c.nxt, c.cur
		c.nxt.reset()
		for i := range c.cur.send {
			c.markStarted(c.cur.send[i].Transfer)
		}
		for i := range c.cur.receive {
			c.markStarted(c.cur.receive[i].Transfer)
		}
		c.inflight = true
	}
	return c.cur.ready()
}

// markStarted records that the transport now has a transfer: from here on only its answer (or a
// fence time-out) closes it.
func (c *Core) markStarted(id kvtypes.TransferID) {
	if t := c.xfers[id]; t != nil {
		t.started = true
	} else {
		c.bug("a plan names a transfer the core does not have")
	}
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }

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
	c.stepTs = append(c.stepTs, t)
	c.wStep += t.w
}

// stepUnit is a whole step in service virtual time. A sequence of n tokens costs its dominant
// share of the step, max(n/StepTokens, 1/MaxRunning), divided by its tenant's weight.
const stepUnit = 1 << 30

func (c *Core) cost(t *tenant, n int) int64 {
	u := max(int64(n)*stepUnit/int64(c.cfg.StepTokens), stepUnit/int64(c.cfg.MaxRunning))
	return max(u/t.w, 1)
}

// serveAll hands out the step one sequence at a time, always to the tenant with the least service
// virtual time that has something to run. In the fair pass a tenant's prefill tokens stop at its
// quota; the second pass gives whatever is left to anyone (work conserving).
func (c *Core) serveAll(fair bool, budget, seqs *int) {
	for _, t := range c.stepTs {
		c.spush(t)
	}
	for len(c.sheap) > 0 && *budget > 0 {
		t := c.sheap[0]
		waiting := c.nState[Waiting]
		before := t.svt
		if !c.serve(t, fair, budget, seqs) {
			c.sremove(t)
			continue
		}
		c.svclock = max(c.svclock, before)
		c.sfix(t)
		// An admission (or a preemption) moved the head of the admission order; its tenant may
		// have left the heap waiting for exactly that.
		if c.nState[Waiting] != waiting && !c.admitStop {
			if h := c.admitHead(); h != nil && h.step == c.steps && h.sIdx < 0 {
				c.spush(h)
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
		if r.state != Decoding || r.inBatch {
			continue
		}
		if r.computed == len(r.pages)*P {
			if !c.ensure(1, r) {
				continue // r itself was preempted
			}
			c.grow(r, 1)
		}
		c.give(t, r, 1, budget, seqs)
		t.lastDec = r.arrival
		return true
	}
	limit := *budget
	if fair {
		limit = min(limit, t.quota)
	}
	if !fair {
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
					t.svt += c.cost(t, old+m) - c.cost(t, old)
					t.epos++
					return true
				}
			}
		}
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

// give puts n tokens of r into the batch and charges its tenant.
func (c *Core) give(t *tenant, r *request, n int, budget, seqs *int) {
	c.addSeq(r, n)
	*budget -= n
	*seqs++
	t.svt += c.cost(t, n)
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
// of weight, among those not yet in this step's batch.
func (c *Core) victim() *request {
	for _, r := range c.running {
		r.t.usage = 0
	}
	for _, r := range c.running {
		if r.state == Prefilling || r.state == Decoding {
			r.t.usage += len(r.pages)
		}
	}
	var v *request
	for _, r := range c.running {
		if (r.state != Prefilling && r.state != Decoding) || r.inBatch {
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
func (c *Core) grow(r *request, n int) {
	for range n {
		ref, ok := c.l.alloc(r.t.idx, r.id)
		if !ok {
			c.bug("grow without a free page")
			return
		}
		r.pages = append(r.pages, ref)
		c.nxt.stamp = append(c.nxt.stamp, Stamp{Page: ref.Page, Header: kvtypes.Header{Tenant: r.t.key, Request: r.id, Gen: ref.Gen, Written: true}})
	}
}

func (c *Core) addSeq(r *request, n int) {
	r.slot = len(c.nxt.batch)
	c.nxt.batch = append(c.nxt.batch, c.seq(r, n))
	c.batchReqs = append(c.batchReqs, r)
	r.inBatch = true
}

// seq is r's next n tokens as a batch entry.
func (c *Core) seq(r *request, n int) Seq {
	end := r.computed + n
	np := ceilDiv(end, c.cfg.PageTokens)
	return Seq{
		Request: r.id,
		Tenant:  r.t.key,
		Start:   r.computed,
		Tokens:  r.tokens[r.computed:end:end],
		Pages:   r.pages[:np:np],
		Logits:  end == len(r.tokens),
	}
}

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
		if (best == nil || c.heapLess(t, best)) && c.underShare(t) {
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
	if !c.moveOrAbort(r, Prefilling) {
		return true
	}
	c.running = append(c.running, r)
	t.run = append(t.run, r)
	c.give(t, r, n, budget, seqs)
	return true
}

// keyAt returns the chain key of r's full page i, extending r.keys as needed.
func (c *Core) keyAt(r *request, i int) cacheKey {
	P := c.cfg.PageTokens
	for len(r.keys) <= i {
		j := len(r.keys)
		prev := cacheKey(r.t.key)
		if j > 0 {
			prev = r.keys[j-1]
		}
		buf := c.hashBuf
		copy(buf, prev[:])
		for k, t := range r.tokens[j*P : (j+1)*P] {
			binary.LittleEndian.PutUint32(buf[len(prev)+4*k:], uint32(t))
		}
		sum := sha256.Sum256(buf)
		r.keys = append(r.keys, cacheKey(sum[:len(cacheKey{})]))
	}
	return r.keys[i]
}

// lookup finds the longest verified prefix of r's tokens in its tenant's cache, leaving at least
// one token to compute (its logits are needed). The hits are left in c.hits, unreferenced.
func (c *Core) lookup(r *request) int {
	c.hits = c.hits[:0]
	if c.l.index == nil || r.noCache {
		return 0
	}
	P := c.cfg.PageTokens
	var parent kvtypes.PageRef
	for i := range (len(r.tokens) - 1) / P {
		id, ok := c.l.index[c.keyAt(r, i)]
		if !ok {
			break
		}
		m := c.l.verify(id, r.t.idx, parent, i > 0, r.tokens[i*P:(i+1)*P])
		if m == matchConflict {
			c.st.security++ // equal keys, different tenant or tokens: never reuse
		}
		if m != matchOK {
			break
		}
		c.hits = append(c.hits, id)
		parent = kvtypes.PageRef{Page: kvtypes.PageID(id), Gen: c.l.pages[id].gen}
	}
	return len(c.hits)
}

// registerFull puts r's newly completed pages into the prefix cache. A page another request of the
// tenant already cached (same verified prefix) replaces r's copy, which is freed.
func (c *Core) registerFull(r *request) {
	if c.l.index == nil || r.noCache {
		return
	}
	P := c.cfg.PageTokens
	for full := r.computed / P; r.cached < full; r.cached++ {
		i := r.cached
		own := r.pages[i]
		toks := r.tokens[i*P : (i+1)*P]
		key := c.keyAt(r, i)
		var parent kvtypes.PageRef
		if i > 0 {
			parent = r.pages[i-1]
		}
		if id, dup := c.l.index[key]; dup {
			switch c.l.verify(id, r.t.idx, parent, i > 0, toks) {
			case matchOK:
				c.l.ref(id)
				r.pages[i] = kvtypes.PageRef{Page: kvtypes.PageID(id), Gen: c.l.pages[id].gen}
				c.freePage(int32(own.Page))
				continue
			case matchOrphan:
				// Its parent left the index (evicted or withdrawn), so no lookup can reach it:
				// withdraw it and index ours. Readers still holding it keep it until they let go.
				if c.l.withdraw(id) {
					c.st.evictions++
					c.freePage(id)
				}
			default:
				c.st.security++
				r.noCache = true
				return
			}
		}
		if p := &c.l.pages[own.Page]; p.state != pageOwned || p.owner != r.id {
			c.bug("registering a page the request does not own")
			r.noCache = true
			return
		}
		c.l.register(int32(own.Page), key, parent, i > 0, toks)
	}
}

// Advance reports the outcome of the batch of the last Ready. Sequences whose request ended
// meanwhile are ignored; the pages they held are freed now that the step cannot write them.
func (c *Core) Advance(res StepResult) error {
	if !c.inflight {
		return ErrNoReady
	}
	c.inflight = false
	batch := c.cur.batch
	err := res.Err
	if err == nil && len(res.Seqs) != len(batch) {
		err = fmt.Errorf("core: step reported %d sequences for a batch of %d", len(res.Seqs), len(batch))
	}
	for i := range batch {
		r := c.batchReqs[i]
		r.inBatch = false
		if r.state.Terminal() {
			continue
		}
		if err != nil {
			c.abort(r, kvtypes.AbortInternal, err.Error())
			continue
		}
		sr := res.Seqs[i]
		if sr.Violation {
			c.st.security++
			c.withdrawCached(r)
			c.abort(r, kvtypes.AbortIsolation, "a page header did not match the page table")
			continue
		}
		s := &batch[i]
		if r.state == Decoding {
			c.st.decodeTokens += uint64(len(s.Tokens))
		} else {
			c.st.prefillTokens += uint64(len(s.Tokens))
		}
		r.computed += len(s.Tokens)
		c.registerFull(r)
		if s.Logits {
			c.sampled(r, sr.Token, i)
		}
	}
	c.releaseStepFence()
	clear(c.batchReqs)
	c.batchReqs = c.batchReqs[:0]
	if res.Err == nil {
		return err
	}
	return nil
}

func (c *Core) sampled(r *request, tok int32, slot int) {
	if !c.validToken(tok) {
		c.abort(r, kvtypes.AbortInternal, fmt.Sprintf("sampled token %d outside the vocabulary of %d", tok, c.cfg.Vocab))
		return
	}
	if r.state == Prefilling {
		if r.mode == PrefillOnly {
			c.openSend(r, tok)
			return
		}
		if !c.moveOrAbort(r, Decoding) {
			return
		}
	}
	c.output(r, tok, slot)
}

// output records a generated token and decides the finish: stop tokens end generation without
// being streamed; max_tokens ends it after the token is streamed.
func (c *Core) output(r *request, tok int32, slot int) {
	r.tokens = append(r.tokens, tok)
	if c.stops(r, tok) {
		r.tokens = r.tokens[:len(r.tokens)-1] // not output; keeps Generated == tokens streamed
		c.finish(r, kvtypes.FinishStop)
		return
	}
	c.nxt.emit = append(c.nxt.emit, Emit{Request: r.id, Token: tok, Index: r.generated() - 1, Slot: slot})
	if r.generated() >= r.maxTokens {
		c.finish(r, kvtypes.FinishLength)
	}
}

func (c *Core) stops(r *request, tok int32) bool {
	if !r.ignoreEOS {
		for _, t := range c.cfg.EOS {
			if t == tok {
				return true
			}
		}
	}
	for _, t := range r.stop {
		if t == tok {
			return true
		}
	}
	return false
}

// The waiting queues: one FIFO per tenant (by arrival, so a preempted request goes back ahead of
// later ones) and a min-heap of tenants by (virtual time, head arrival).

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
		t.heapIdx = len(c.heap)
		c.heap = append(c.heap, t)
		c.heapUp(t.heapIdx)
	} else if i == 0 {
		c.heapFix(t)
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
		c.heapRemove(t)
	default:
		c.heapFix(t)
	}
}

func (c *Core) heapLess(a, b *tenant) bool {
	if a.vt != b.vt {
		return a.vt < b.vt
	}
	return a.queue[0].arrival < b.queue[0].arrival
}

func (c *Core) heapSwap(i, j int) {
	h := c.heap
	h[i], h[j] = h[j], h[i]
	h[i].heapIdx, h[j].heapIdx = i, j
}

func (c *Core) heapUp(i int) {
	for i > 0 {
		p := (i - 1) / 2
		if !c.heapLess(c.heap[i], c.heap[p]) {
			return
		}
		c.heapSwap(i, p)
		i = p
	}
}

func (c *Core) heapDown(i int) {
	n := len(c.heap)
	for {
		l := 2*i + 1
		if l >= n {
			return
		}
		m := l
		if r := l + 1; r < n && c.heapLess(c.heap[r], c.heap[l]) {
			m = r
		}
		if !c.heapLess(c.heap[m], c.heap[i]) {
			return
		}
		c.heapSwap(i, m)
		i = m
	}
}

func (c *Core) heapFix(t *tenant) {
	c.heapUp(t.heapIdx)
	c.heapDown(t.heapIdx)
}

func (c *Core) heapRemove(t *tenant) {
	i, last := t.heapIdx, len(c.heap)-1
	if i != last {
		c.heapSwap(i, last)
	}
	c.heap[last] = nil
	c.heap = c.heap[:last]
	t.heapIdx = -1
	if i != last {
		c.heapFix(c.heap[i])
	}
}

// The step heap: tenants with work in the current pass, by (service virtual time, index).

func sless(a, b *tenant) bool {
	if a.svt != b.svt {
		return a.svt < b.svt
	}
	return a.idx < b.idx
}

func (c *Core) sswap(i, j int) {
	h := c.sheap
	h[i], h[j] = h[j], h[i]
	h[i].sIdx, h[j].sIdx = i, j
}

func (c *Core) spush(t *tenant) {
	if t.sIdx >= 0 {
		return
	}
	t.sIdx = len(c.sheap)
	c.sheap = append(c.sheap, t)
	c.sfix(t)
}

func (c *Core) sfix(t *tenant) {
	i := t.sIdx
	for i > 0 {
		p := (i - 1) / 2
		if !sless(c.sheap[i], c.sheap[p]) {
			break
		}
		c.sswap(i, p)
		i = p
	}
	for n := len(c.sheap); ; {
		l := 2*i + 1
		if l >= n {
			return
		}
		m := l
		if r := l + 1; r < n && sless(c.sheap[r], c.sheap[l]) {
			m = r
		}
		if !sless(c.sheap[m], c.sheap[i]) {
			return
		}
		c.sswap(i, m)
		i = m
	}
}

func (c *Core) sremove(t *tenant) {
	i, last := t.sIdx, len(c.sheap)-1
	if i != last {
		c.sswap(i, last)
	}
	c.sheap[last] = nil
	c.sheap = c.sheap[:last]
	t.sIdx = -1
	if i != last {
		c.sfix(c.sheap[i])
	}
}
