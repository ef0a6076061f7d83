package core

import (
	"crypto/hmac"
	"crypto/sha256"
	"errors"
	"fmt"
	"time"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// Errors returned by events the core refuses. Refusals never change state except where the doc of
// the event says so (a refused hand-off aborts its request).
var (
	ErrUnknownRequest  = errors.New("core: unknown or already terminal request")
	ErrUnknownTransfer = errors.New("core: unknown or closed transfer")
	ErrNoReady         = errors.New("core: Advance without a Ready")
	ErrBadReason       = errors.New("core: unknown abort reason")
)

// Core is the isolation core. It is not safe for concurrent use.
type Core struct {
	cfg Config
	l   ledger
	now time.Time

	reqs     map[kvtypes.RequestID]*request
	live     []*request // every non-terminal request, for deadlines
	nextID   kvtypes.RequestID
	arrivals uint64

	tenants map[string]*tenant
	tlist   []*tenant // by index: pages name tenants by index
	heap    []*tenant // tenants with waiting requests, by fair-share order
	vclock  int64     // virtual start time of the last admission

	running []*request // Prefilling and Decoding, in admission order (compacted lazily)
	recv    int        // DecodeOnly requests reserved but not yet committed

	// Per-step fair share (sched.go): the tenants with work this step, a min-heap of them by
	// service virtual time, and the units a step's slot and token cost.
	steps     uint64
	stepTs    []*tenant
	sheap     []*tenant
	svclock   int64
	wStep     int64 // sum of the weights of stepTs
	admitStop bool  // the head of the admission order did not fit: no more admissions this step

	bufs      [2]plan
	cur, nxt  *plan // cur: handed out by Ready; nxt: accumulating for the next Ready
	inflight  bool
	batchReqs []*request // parallel to cur.batch
	stepOwned []int32    // pages of requests that ended mid-step, quarantined until Advance
	stepRefs  []int32    // cached pages those requests held, kept referenced until Advance

	xfers   map[kvtypes.TransferID]*transfer
	fences  []*transfer // cancelled transfers waiting for their acknowledgement
	xferSeq uint64

	hits     []int32 // scratch for prefix lookups
	hashBuf  []byte
	shutdown bool
	st       counters
	nState   [numStates]int
	firstBug string
}

type tenant struct {
	name    string
	idx     int32
	key     kvtypes.TenantKey
	vt      int64      // virtual time: admitted cost so far, for fair share
	queue   []*request // waiting, by arrival
	heapIdx int        // -1 when not waiting
	usage   int        // scratch for victim choice

	w    int64  // weight (RequestSpec.Weight, 1 by default): shares are proportional to it
	svt  int64  // service virtual time: the weighted step share it has been given so far
	step uint64 // the last step it had work in
	back bool   // scratch: it had no work in the step before this one
	recv int    // its DecodeOnly requests holding a reservation
	// Scratch of the current step.
	run    []*request // its running requests, in admission order
	sIdx   int        // position in sheap, -1 when out
	quota  int        // its fair part of the step's tokens: the largest chunk of the fair pass
	dn     int        // decode scan: len(run) at the start of the step, first index, progress
	dstart int
	dpos   int
	// lastDec is the arrival of the last decode given this step.
	lastDec uint64
	ppos    int    // prefill scan position
	epos    int    // chunk-extension scan position
	rr      uint64 // arrival of the last decode given when not all of them fit: the next step starts after it
}

type request struct {
	id        kvtypes.RequestID
	t         *tenant
	mode      Mode
	state     State
	tokens    []int32 // prompt, then generated tokens
	prompt    int
	maxTokens int
	stop      []int32
	ignoreEOS bool
	first     int32 // DecodeOnly: token sampled by the prefill node
	computed  int   // positions whose KV is written
	pages     []kvtypes.PageRef
	keys      []cacheKey // chain keys of full pages, computed lazily
	cached    int        // leading entries of pages that are in the prefix cache
	noCache   bool
	arrival   uint64 // arrival order, for FIFO within a tenant and for victim choice
	arrivedAt time.Time
	since     time.Time // when it entered state
	epoch     uint32    // bumps on every preemption; a transfer binds to one epoch
	inBatch   bool
	slot      int    // index of its Seq in the batch being built, while inBatch
	preempted uint64 // the step it was last preempted in
	xfer      *transfer
	liveIdx   int
	cost      int64 // fair-share charge per admission: prompt + max_tokens, never cache-dependent
	hit       int   // prompt tokens found in the prefix cache at first admission, for usage
}

func (r *request) generated() int { return len(r.tokens) - r.prompt }

// New builds a Core; it refuses a configuration whose advertised context the pool cannot hold.
func New(cfg Config) (*Core, error) {
	cfg.EOS = append([]int32(nil), cfg.EOS...)
	cfg.Secret = append([]byte(nil), cfg.Secret...)
	if err := cfg.fill(); err != nil {
		return nil, err
	}
	c := &Core{
		cfg:     cfg,
		l:       newLedger(cfg.Pages, cfg.PageTokens, cfg.PrefixCache),
		reqs:    make(map[kvtypes.RequestID]*request),
		tenants: make(map[string]*tenant),
		xfers:   make(map[kvtypes.TransferID]*transfer),
		hashBuf: make([]byte, len(cacheKey{})+4*cfg.PageTokens),
	}
	c.cur, c.nxt = &c.bufs[0], &c.bufs[1]
	return c, nil
}

// TenantKeyOf derives a tenant's identity from the secret. An empty tenant is an error: there is no
// shared default identity and no global cache.
func TenantKeyOf(secret []byte, tenant string) (kvtypes.TenantKey, error) {
	var k kvtypes.TenantKey
	if tenant == "" {
		return k, errors.New("core: missing tenant")
	}
	if len(secret) < 16 {
		return k, errors.New("core: tenant secret shorter than 16 bytes")
	}
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(tenant))
	copy(k[:], m.Sum(nil))
	return k, nil
}

func (c *Core) clock(now time.Time) {
	if now.After(c.now) {
		c.now = now
	}
}

func (c *Core) tenant(name string) (*tenant, error) {
	if t := c.tenants[name]; t != nil {
		return t, nil
	}
	key, err := TenantKeyOf(c.cfg.Secret, name)
	if err != nil {
		return nil, err
	}
	t := &tenant{name: name, idx: int32(len(c.tlist)), key: key, heapIdx: -1, sIdx: -1, w: 1}
	c.tenants[name] = t
	c.tlist = append(c.tlist, t)
	return t, nil
}

// Submit admits a request or rejects it. A Rejection holds nothing: no id, no page, no queue slot.
// An admitted request waits for the scheduler; its Reservation.ID names it in every later event.
func (c *Core) Submit(now time.Time, spec RequestSpec) (Reservation, error) {
	c.clock(now)
	res, rej := c.admit(spec)
	if rej != nil {
		c.st.rejected[rejectIndex(rej.Reason)]++
		return Reservation{}, rej
	}
	c.enqueue(res)
	return Reservation{ID: res.r.id, Tenant: res.r.t.key, Tokens: res.r.prompt + res.r.maxTokens}, nil
}

// admitted is the only way to build a request record: an unexported type that only admit returns,
// so nothing rejected can be queued, let alone allocated.
type admitted struct{ r *request }

func (c *Core) admit(spec RequestSpec) (admitted, *Rejection) {
	rej := func(reason kvtypes.RejectReason, format string, a ...any) (admitted, *Rejection) {
		return admitted{}, &Rejection{Reason: reason, Message: fmt.Sprintf(format, a...)}
	}
	if c.shutdown {
		return rej(kvtypes.RejectShuttingDown, "the server is shutting down")
	}
	if spec.Tenant == "" {
		return rej(kvtypes.RejectInvalid, "missing tenant")
	}
	if spec.Mode > DecodeOnly {
		return rej(kvtypes.RejectInvalid, "unknown mode %d", spec.Mode)
	}
	n := len(spec.Prompt)
	if n == 0 {
		return rej(kvtypes.RejectInvalid, "empty prompt")
	}
	if spec.MaxTokens < 1 {
		return rej(kvtypes.RejectInvalid, "max_tokens %d < 1", spec.MaxTokens)
	}
	if spec.Weight < 0 || spec.Weight > MaxWeight {
		return rej(kvtypes.RejectInvalid, "weight %d outside 0..%d", spec.Weight, MaxWeight)
	}
	for i, t := range spec.Prompt {
		if !c.validToken(t) {
			return rej(kvtypes.RejectInvalid, "prompt token %d at position %d outside the vocabulary of %d", t, i, c.cfg.Vocab)
		}
	}
	for _, t := range spec.StopTokens {
		if !c.validToken(t) {
			return rej(kvtypes.RejectInvalid, "stop token %d outside the vocabulary of %d", t, c.cfg.Vocab)
		}
	}
	if spec.Mode == DecodeOnly && !c.validToken(spec.First) {
		return rej(kvtypes.RejectInvalid, "first token %d outside the vocabulary of %d", spec.First, c.cfg.Vocab)
	}
	// One limit for every role (invariant 2). max_tokens alone first: the sum could overflow.
	if spec.MaxTokens > c.cfg.MaxContext {
		return rej(kvtypes.RejectContextLength, "max_tokens %d > context %d", spec.MaxTokens, c.cfg.MaxContext)
	}
	if n+spec.MaxTokens > c.cfg.MaxContext {
		return rej(kvtypes.RejectContextLength, "prompt %d + max_tokens %d = %d > context %d", n, spec.MaxTokens, n+spec.MaxTokens, c.cfg.MaxContext)
	}
	if pool := c.cfg.Pages * c.cfg.PageTokens; n+spec.MaxTokens > pool {
		return rej(kvtypes.RejectPoolCapacity, "prompt %d + max_tokens %d = %d > KV pool of %d tokens (%d pages × %d)",
			n, spec.MaxTokens, n+spec.MaxTokens, pool, c.cfg.Pages, c.cfg.PageTokens)
	}
	if w := c.nState[Waiting]; w >= c.cfg.MaxWaiting {
		return rej(kvtypes.RejectOverloaded, "%d requests waiting (limit %d)", w, c.cfg.MaxWaiting)
	}
	t, err := c.tenant(spec.Tenant)
	if err != nil {
		return rej(kvtypes.RejectInvalid, "%v", err)
	}
	// The latest request's weight holds, so a reloaded tenants file takes effect at once.
	t.w = int64(max(spec.Weight, 1))
	c.nextID++
	c.arrivals++
	total := n + spec.MaxTokens
	r := &request{
		id:        c.nextID,
		t:         t,
		mode:      spec.Mode,
		tokens:    make([]int32, n, total),
		prompt:    n,
		maxTokens: spec.MaxTokens,
		stop:      append([]int32(nil), spec.StopTokens...),
		ignoreEOS: spec.IgnoreEOS,
		first:     spec.First,
		pages:     make([]kvtypes.PageRef, 0, (total+c.cfg.PageTokens-1)/c.cfg.PageTokens),
		arrival:   c.arrivals,
		arrivedAt: c.now,
		cost:      int64(total),
	}
	copy(r.tokens, spec.Prompt)
	if c.cfg.PrefixCache {
		r.keys = make([]cacheKey, 0, min(total/c.cfg.PageTokens, 1024)) // grows past 16 KiB only if used
	}
	return admitted{r}, nil
}

func (c *Core) validToken(t int32) bool { return t >= 0 && (c.cfg.Vocab == 0 || int(t) < c.cfg.Vocab) }

func (c *Core) enqueue(a admitted) {
	r := a.r
	r.state, r.since = Waiting, c.now
	c.nState[Waiting]++
	c.reqs[r.id] = r
	r.liveIdx = len(c.live)
	c.live = append(c.live, r)
	c.pushWaiting(r)
}

// Abort ends a request with reason. It is idempotent in effect: aborting a request that is gone or
// terminal changes nothing and returns ErrUnknownRequest. Every page the request holds is released
// exactly once, through a fence when a step or a transfer may still touch it.
func (c *Core) Abort(now time.Time, id kvtypes.RequestID, reason kvtypes.AbortReason) error {
	c.clock(now)
	if !reason.Known() {
		return ErrBadReason
	}
	r := c.reqs[id]
	if r == nil {
		return ErrUnknownRequest
	}
	c.abort(r, reason, "aborted by the engine")
	return nil
}

// Shutdown aborts every request ("shutdown") and refuses new ones. Fences still need their
// acknowledgements or time-outs; keep calling Tick and Ready/Advance until Stats shows no
// quarantined pages.
func (c *Core) Shutdown(now time.Time) {
	c.clock(now)
	c.shutdown = true
	for i := len(c.live) - 1; i >= 0; i-- {
		if i < len(c.live) {
			c.abort(c.live[i], kvtypes.AbortShutdown, "the server is shutting down")
		}
	}
}

// Tick advances the clock: requests past a state's deadline (or the total one) are aborted
// ("deadline"), and quarantined pages whose fence timed out are freed with a new generation.
func (c *Core) Tick(now time.Time) {
	c.clock(now)
	d := &c.cfg.Deadlines
	// Backwards: abort swaps the last live request into the hole, and that one was checked.
	for i := len(c.live) - 1; i >= 0; i-- {
		if i >= len(c.live) {
			continue
		}
		r := c.live[i]
		in, lim := c.now.Sub(r.since), d.of(r.state)
		switch {
		case in > lim:
			c.abort(r, kvtypes.AbortDeadline, fmt.Sprintf("%s for %v > deadline %v", r.state, in, lim))
		case c.now.Sub(r.arrivedAt) > d.Total:
			c.abort(r, kvtypes.AbortDeadline, fmt.Sprintf("alive for %v > total deadline %v", c.now.Sub(r.arrivedAt), d.Total))
		}
	}
	for i := 0; i < len(c.fences); {
		if t := c.fences[i]; !c.now.Before(t.deadline) {
			c.st.fenceExpired++
			c.closeFence(t) // removes c.fences[i]
			continue
		}
		i++
	}
}

var legalMoves = [3][numStates]uint8{
	Local: {
		Waiting:    1<<Admitted | 1<<Aborted,
		Admitted:   1<<Prefilling | 1<<Aborted,
		Prefilling: 1<<Decoding | 1<<Waiting | 1<<Aborted, // a first token that ends it does so from Decoding
		Decoding:   1<<Waiting | 1<<Finished | 1<<Aborted,
	},
	PrefillOnly: {
		Waiting:      1<<Admitted | 1<<Aborted,
		Admitted:     1<<Prefilling | 1<<Aborted,
		Prefilling:   1<<Transferring | 1<<Waiting | 1<<Aborted,
		Transferring: 1<<Finished | 1<<Aborted,
	},
	DecodeOnly: {
		Waiting:      1<<Admitted | 1<<Aborted,
		Admitted:     1<<Transferring | 1<<Aborted,
		Transferring: 1<<Decoding | 1<<Aborted, // after the commit it runs as Local
	},
}

func legal(m Mode, from, to State) bool {
	return int(m) < len(legalMoves) && from < numStates && to < numStates && legalMoves[m][from]&(1<<to) != 0
}

// move is the only writer of request.state. An illegal move is refused and counted; callers turn
// it into an "internal" abort rather than continue on a wrong state.
func (c *Core) move(r *request, to State) error {
	if !legal(r.mode, r.state, to) {
		c.bug(fmt.Sprintf("illegal transition %s → %s (%s)", r.state, to, r.mode))
		return fmt.Errorf("core: illegal transition %s → %s for %s request %d", r.state, to, r.mode, r.id)
	}
	c.nState[r.state]--
	c.nState[to]++
	r.state, r.since = to, c.now
	return nil
}

// bug counts an internal inconsistency; Check reports the first one. The core keeps going (no
// panics in the serving loop) but an engine should treat a non-zero count as a failed health check.
func (c *Core) bug(where string) {
	if c.st.internal == 0 {
		c.firstBug = where
	}
	c.st.internal++
}

// moveOrAbort applies a transition the caller believes legal; if it is not, the request is
// aborted instead of left half-moved.
func (c *Core) moveOrAbort(r *request, to State) bool {
	if err := c.move(r, to); err != nil {
		c.abort(r, kvtypes.AbortInternal, err.Error())
		return false
	}
	return true
}

func (c *Core) dropLive(r *request) {
	last := c.live[len(c.live)-1]
	c.live[r.liveIdx] = last
	last.liveIdx = r.liveIdx
	c.live[len(c.live)-1] = nil
	c.live = c.live[:len(c.live)-1]
	delete(c.reqs, r.id)
}

// abort is the one way into Aborted. It emits the terminal event and releases the request's
// pages: at once when nothing else touches them, through the step fence when its sequence is in
// the running batch, through the transfer's fence when a transfer is open.
func (c *Core) abort(r *request, reason kvtypes.AbortReason, msg string) {
	if r.state.Terminal() {
		return
	}
	prev := r.state
	if err := c.move(r, Aborted); err != nil {
		return // unreachable: every non-terminal state may abort; move counted it
	}
	c.st.aborted[abortIndex(reason)]++
	c.nxt.done = append(c.nxt.done, Terminal{Request: r.id, Abort: reason, Message: msg, Generated: c.emitted(r), Cached: r.hit})
	c.dropLive(r)
	switch {
	case prev == Waiting:
		c.removeWaiting(r)
	case r.xfer != nil:
		c.cancelTransfer(r)
	case r.inBatch && c.inflight:
		c.fenceStep(r)
	default:
		c.releasePages(r)
	}
	if r.mode == DecodeOnly && (prev == Admitted || prev == Transferring) {
		c.recv-- // reserved for a hand-off that will not commit
		r.t.recv--
	}
	r.pages = nil // a terminal request holds nothing; the old array may still be in a handed-out Seq
}

// emitted counts output tokens already streamed (Finished by "stop" does not stream the stop token).
func (c *Core) emitted(r *request) int {
	if r.mode == PrefillOnly {
		return 0
	}
	return r.generated()
}

// finish is the one way into Finished.
func (c *Core) finish(r *request, reason kvtypes.FinishReason) {
	if !c.moveOrAbort(r, Finished) {
		return
	}
	c.st.finished[finishIndex(reason)]++
	c.nxt.done = append(c.nxt.done, Terminal{Request: r.id, Finish: reason, Generated: c.emitted(r), Cached: r.hit})
	c.dropLive(r)
	c.releasePages(r)
	r.pages = nil
}

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
	for _, ref := range r.pages {
		p := &c.l.pages[ref.Page]
		switch {
		case p.state == pageOwned && p.owner == r.id:
			c.l.set(int32(ref.Page), pageQuarantined)
			c.stepOwned = append(c.stepOwned, int32(ref.Page))
		case p.state == pageCached:
			c.stepRefs = append(c.stepRefs, int32(ref.Page)) // keeps r's reference
		default:
			c.bug("fencing a page the request does not hold")
		}
	}
	r.pages = r.pages[:0]
}

func (c *Core) releaseStepFence() {
	for _, id := range c.stepOwned {
		c.freePage(id)
	}
	for _, id := range c.stepRefs {
		c.unref(id)
	}
	c.stepOwned, c.stepRefs = c.stepOwned[:0], c.stepRefs[:0]
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
