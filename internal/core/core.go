package core

import (
	"crypto/hmac"
	"crypto/sha256"
	"errors"
	"time"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// Errors returned by events the core refuses. Refusals never change state except where the doc of
// the event says so (a refused hand-off aborts its request).
var (
	ErrUnknownRequest  = errors.New("core: unknown or already terminal request")
	ErrUnknownTransfer = errors.New("core: unknown or closed transfer")
	// ErrTransferCancelled: PagesReceived for a transfer the core had cancelled (its request
	// ended first); the report closes the fence, nothing commits, and no one is at fault.
	ErrTransferCancelled = errors.New("core: the transfer was cancelled; its pages are released, nothing commits")
	ErrNoReady           = errors.New("core: Advance without a Ready")
	ErrBadReason         = errors.New("core: unknown abort reason")
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
	tlist   []*tenant             // by index: pages name tenants by index
	heap    tenantHeap[byWaiting] // tenants with waiting requests, by fair-share order
	vclock  int64                 // virtual start time of the last admission

	running []*request // Prefilling and Decoding, in admission order (compacted lazily)
	npaused int        // paused requests (pause.go); each is Decoding, so also in running
	recv    int        // DecodeOnly requests reserved but not yet committed

	// Per-step fair share (policy.go): the tenants with work this step, a min-heap of them by
	// service virtual time, and the units a step's slot and token cost.
	steps     uint64
	stepTs    []*tenant
	sheap     tenantHeap[byService]
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

	specCost SpecCost // what speculation costs, as the engine last reported it (speccost.go)

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
	ppos    int // prefill scan position
	epos    int // chunk-extension scan position
	// gotSeqs and gotTok are what it has been given in this step so far (charge).
	gotSeqs, gotTok int
	rr              uint64 // arrival of the last decode given when not all of them fit: the next step starts after it
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
	computed  int // positions whose KV is written
	pages     []kvtypes.PageRef
	adapter   [32]byte   // RequestSpec.Adapter
	keys      []cacheKey // chain keys of full pages, computed lazily
	cached    int        // leading entries of pages that are in the prefix cache
	noCache   bool
	shadow    bool   // a shadow verification's reference run: its end is not a client's
	arrival   uint64 // arrival order, for FIFO within a tenant and for victim choice
	arrivedAt time.Time
	since     time.Time // when it entered state
	epoch     uint32    // bumps on every preemption; a transfer binds to one epoch
	inBatch   bool
	paused    bool   // held out of batches until Resume (pause.go)
	slot      int    // index of its Seq in the batch being built, while inBatch
	preempted uint64 // the step it was last preempted in
	xfer      *transfer
	liveIdx   int
	cost      int64        // fair-share charge per admission: prompt + max_tokens, never cache-dependent
	hit       int          // prompt tokens found in the prefix cache at first admission, for usage
	replay    *replayNote  // incident-replay build only: the request was "aborted" by rewriting
	spec      *speculation // nil unless it may speculate (speculate.go)
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

		specCost: priorSpecCost(cfg.SpecEngineDrafts),
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
	c.l.view.addTenant(key)
	return t, nil
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
