package engine

// Shadow verification: a sampled fraction of answered requests is re-run alone on idle capacity
// and compared bit for bit with what its client got. Invariant 12 (an answer does not depend on
// what else was batched, cached or handed off) makes every request deterministic given its
// prompt, parameters and seed, so any difference is a defect of the engine or its memory: a
// security event, kept with both traces.
//
// The re-run (the reference) runs on idle capacity first and yields to live work there: it starts
// when the engine has had no live request for ShadowConfig.Idle (closed-loop clients leave gaps
// of microseconds between one answer and their next request, which are not idle capacity) and
// nothing is in its plan, and the moment a live request arrives it is aborted (before the live
// one reaches the core, so they never share a batch) and put back at the head of the queue. The
// one step in flight when a live request arrives is the most it holds a live request up. A load
// that leaves no idle time still gets its guaranteed share, and the queue is fair per tenant
// (shadowfair.go). The queue is bounded; it holds prompts in memory only, until their reference
// has run; a tenant removed by the operator has its samples dropped.
//
// The reference skips the prefix cache (every position computed on fresh pages) and is not
// billed. In the incident-replay build the admission rewrite leaves it alone
// (core.RequestSpec.Shadow): it is the honest computation the answer is held to.

import (
	"crypto/rand"
	"encoding/binary"
	mrand "math/rand/v2"
	"time"

	"github.com/kvwarden/kvwarden/internal/core"
	"github.com/kvwarden/kvwarden/internal/faults"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/sampler"
)

// ShadowConfig turns shadow verification on (Fraction > 0).
type ShadowConfig struct {
	Fraction float64 // of answered requests to verify, 0 to 1
	Queue    int     // samples waiting for idle capacity; 0 means DefaultShadowQueue
	Keep     int     // mismatches kept for the operator; 0 means DefaultShadowKeep
	// Idle is how long the engine must have been without live work before a reference starts;
	// 0 means DefaultShadowIdle.
	Idle time.Duration
	// Every is the most steps that run while samples wait and no reference runs: the next one
	// then starts with the live work (shadowfair.go); 0 means DefaultShadowEvery.
	Every int
}

// Defaults of ShadowConfig.
const (
	DefaultShadowQueue = 64
	DefaultShadowKeep  = 32
	DefaultShadowIdle  = 20 * time.Millisecond
	maxShadowPreempts  = 3 // a reference aborted this many times by live work runs with it next time
)

// Why a sample is dropped before its reference completed (kvwarden_shadow_dropped_total{reason}).
const (
	ShadowDropQueueFull     = "queue_full"     // the queue was full, and its tenant held the most samples
	ShadowDropTenantRemoved = "tenant_removed" // the operator removed its tenant
	ShadowDropShutdown      = "shutdown"       // the engine stopped first
	ShadowDropRejected      = "rejected"       // the reference was refused for a reason that says nothing of the answer
)

// Why an answered request is not sampled at all (kvwarden_shadow_skipped_total{reason}).
const (
	ShadowSkipConstrained = "constrained" // a grammar constraint's state belongs to the live request
	ShadowSkipAborted     = "aborted"     // it ended without an answer to compare (failed, or no token sent)
	// ShadowSkipUnseeded: a decode node's sampled request without a client's seed, whose first
	// token the prefill node drew with a seed of its own. In one process the engine's seed is kept.
	ShadowSkipUnseeded = "unseeded"
)

// ShadowDropReasons and ShadowSkipReasons are every label value, for metrics.
var (
	ShadowDropReasons = []string{ShadowDropQueueFull, ShadowDropTenantRemoved, ShadowDropShutdown, ShadowDropRejected}
	ShadowSkipReasons = []string{ShadowSkipConstrained, ShadowSkipAborted, ShadowSkipUnseeded}
)

// ShadowStats counts shadow verification for metrics.
type ShadowStats struct {
	Enabled    bool
	Fraction   float64
	Verified   uint64 // references that matched the answer bit for bit
	Mismatches uint64 // references that did not: security events
	Pending    int    // samples queued or running
	Preempted  uint64 // references aborted by arriving live work (each queued again)
	Guaranteed uint64 // references started with live work, the engine never idle long enough
	Dropped    map[string]uint64
	Skipped    map[string]uint64
	// Tenants has each tenant's share, by tenant (Request.Tenant: the UID) while it is served.
	Tenants map[string]ShadowTenantStats
}

// shadow is the engine's verifier state; guarded by e.mu.
type shadow struct {
	cfg       ShadowConfig
	rng       *mrand.Rand
	queue     shadowQueue
	running   *shadowJob
	held      bool      // references wait (the incident-replay build's HoldShadow)
	lastLive  time.Time // when a live request last arrived or ended
	owed      int       // steps run while samples waited and no reference ran
	guarded   uint64    // references started with live work
	tenants   map[string]*shadowTenant
	kept      []ShadowMismatch // a ring of cfg.Keep
	next      int              // where the ring writes next
	verified  uint64
	mism      uint64
	preempted uint64
	dropped   map[string]uint64
	skipped   map[string]uint64
}

// shadowJob is one sample: the request as the engine ran it (its seed included) and the answer
// its client got, then its reference's.
type shadowJob struct {
	req      Spec           // the slices and map are copies, the seed the one it ran with
	lora     *model.Adapter // Request.LoRA
	liveID   kvtypes.RequestID
	key      kvtypes.TenantKey
	live     ShadowTrace
	complete bool // the live request finished (its finish reason is compared)
	refID    kvtypes.RequestID
	ref      ShadowTrace
	preempts int
	withLive bool   // its reference runs with live work, not preempted by it (shadowfair.go)
	abort    string // why its running reference is being aborted: a ShadowDrop reason
	diverged bool   // its reference already went past or off the answer
}

func newShadow(cfg ShadowConfig) *shadow {
	if cfg.Queue <= 0 {
		cfg.Queue = DefaultShadowQueue
	}
	if cfg.Keep <= 0 {
		cfg.Keep = DefaultShadowKeep
	}
	if cfg.Idle <= 0 {
		cfg.Idle = DefaultShadowIdle
	}
	if cfg.Every <= 0 {
		cfg.Every = DefaultShadowEvery
	}
	var seed [16]byte
	rand.Read(seed[:])
	return &shadow{cfg: cfg, rng: mrand.New(mrand.NewPCG(binary.LittleEndian.Uint64(seed[:8]), binary.LittleEndian.Uint64(seed[8:]))),
		queue: shadowQueue{byTenant: map[string][]*shadowJob{}}, dropped: map[string]uint64{}, skipped: map[string]uint64{},
		tenants: map[string]*shadowTenant{}}
}

// sample decides whether a request just admitted in mode is verified; r carries the seed it runs
// with. Called with e.mu held.
func (sh *shadow) sample(r *Request, mode core.Mode, sp sampler.Params, key kvtypes.TenantKey, id kvtypes.RequestID) *shadowJob {
	if mode == core.PrefillOnly || r.Embed {
		return nil // not an answer: a prefill node's half, or a vector
	}
	if sh.cfg.Fraction < 1 && sh.rng.Float64() >= sh.cfg.Fraction {
		return nil
	}
	if r.Constraint != nil {
		sh.skipped[ShadowSkipConstrained]++
		return nil
	}
	if mode == core.DecodeOnly && !r.HasSeed && r.Sampling.Temperature > 0 {
		sh.skipped[ShadowSkipUnseeded]++
		return nil
	}
	q := r.clone()
	q.Sampling, q.HasSeed = sp, true
	return &shadowJob{req: q, lora: r.LoRA, liveID: id, key: key}
}

// shadowEnd takes an ended stream: a reference is compared and done with (true: nothing else is
// owed for it); a sampled live request's answer is queued, and idle time starts. Called with
// e.mu held.
func (e *Engine) shadowEnd(s *stream, d core.Terminal, now time.Time) bool {
	if s.ref != nil {
		if faults.Available {
			e.trace.end(d.Request, false) // a reference is no one's late writer
		}
		e.shadowDone(s, d)
		s.end()
		return true
	}
	if s.shadow != nil {
		e.shadowEnded(s, d)
	}
	e.sh.lastLive = now
	return false
}

// shadowEnded queues a sampled request's answer once it has ended. Called with e.mu held.
func (e *Engine) shadowEnded(s *stream, d core.Terminal) {
	job := s.shadow
	s.shadow = nil
	sh := e.sh
	switch {
	case d.Abort == "":
		job.complete, job.live.Finish = true, string(d.Finish)
	case d.Abort != kvtypes.AbortCancelled || len(job.live.Tokens) == 0:
		sh.skipped[ShadowSkipAborted]++
		return
	default:
		// Cut short by its client (a stop string, a hang-up): what it was sent is still an answer.
		job.req.MaxTokens = len(job.live.Tokens)
	}
	if e.closed {
		sh.drop(job, ShadowDropShutdown)
		return
	}
	e.enqueueShadow(job)
}

// startShadow starts the next reference when the engine is idle: no request, nothing planned,
// and no live request for the configured idle time; otherwise it returns how long the loop
// should wait before asking again (0: until woken). Called by the loop with e.mu held.
func (e *Engine) startShadow(now time.Time) time.Duration {
	sh := e.sh
	if sh == nil || sh.held || sh.running != nil || sh.queue.len() == 0 || e.closed || len(e.streams) > 0 {
		return 0
	}
	if wait := sh.lastLive.Add(sh.cfg.Idle).Sub(now); wait > 0 {
		return wait
	}
	e.runReference(now, false)
	return 0
}

// runReference starts the next sample's reference, withLive when live work is running (or a
// sample preempted too often): then arriving requests do not preempt it. Called with e.mu held.
func (e *Engine) runReference(now time.Time, withLive bool) {
	sh := e.sh
	job := sh.queue.pop()
	sh.owed = 0
	r := &job.req
	spec := r.coreSpec(core.Local)
	spec.NoPrefixCache, spec.Shadow = true, true // computed anew; its refusal says the answer was not computed from its prompt
	res, err := e.core.Submit(now, spec)
	if err != nil {
		rej, _ := err.(*core.Rejection)
		if rej != nil && (rej.Reason == kvtypes.RejectPoolCapacity || rej.Reason == kvtypes.RejectContextLength) {
			// The engine answered a request it cannot hold: whatever the answer was computed
			// from, it was not this prompt.
			e.shadowMismatch(job, "refused", 0, "the reference was refused ("+string(rej.Reason)+": "+rej.Message+") though the request was answered")
			return
		}
		if rej != nil && rej.Reason == kvtypes.RejectOverloaded {
			sh.queue.pushFront(job) // the waiting queue is full of live work: it tries again
			return
		}
		sh.drop(job, ShadowDropRejected)
		return
	}
	smp := sampler.New(r.Sampling, r.Prompt)
	if len(r.LogitBias) > 0 {
		smp.SetLogitBias(r.LogitBias)
	}
	s := &stream{e: e, id: res.ID, sampler: smp, logprobs: r.Sampling.TopLogprobs >= 0, prompt: len(r.Prompt), ref: job, audited: true,
		ended: make(chan struct{}), gone: make(chan struct{}), stopWatch: func() bool { return true },
		adapter: job.lora, adapterScale: r.Adapter.scale()}
	if r.PromptLogprobs {
		s.promptIDs = r.Prompt
	}
	s.submitted = now
	job.refID, job.ref, job.abort, job.diverged = res.ID, ShadowTrace{}, "", false
	job.withLive = withLive || job.preempts >= maxShadowPreempts
	if withLive {
		sh.guarded++
	}
	e.streams[res.ID] = s
	sh.running = job
}

// preemptShadow aborts the running reference for a live request about to be submitted, so the
// two never share a batch, unless it runs with live work by design. Loop only, with e.mu held.
func (e *Engine) preemptShadow(now time.Time) {
	if e.sh != nil {
		e.sh.lastLive = now
		if j := e.sh.running; j != nil && !j.withLive {
			e.stopShadow(shadowPreempted)
		}
	}
}

// shadowPreempted is why an idle-capacity reference is aborted for live work: it is queued
// again, never dropped for it.
const shadowPreempted = "preempted"

// stopShadow aborts the running reference, if any, for why (a ShadowDrop reason); a reason
// other than preemption replaces one given before, so the sample is not queued again. Called
// with e.mu held.
func (e *Engine) stopShadow(why string) {
	j := e.sh.running
	switch {
	case j == nil:
	case j.abort == "":
		j.abort = why
		e.core.Abort(e.now(), j.refID, kvtypes.AbortCancelled)
	case why != shadowPreempted:
		j.abort = why
	}
}

// shadowToken notes a reference's token; a reference that goes past the answer is stopped, its
// mismatch already certain. Called with e.mu held.
func (e *Engine) shadowToken(s *stream, t Token, slot, row int) {
	job := s.ref
	e.shadowRecord(s, &job.ref, t, slot, row)
	if len(job.ref.Tokens) > len(job.live.Tokens) && !job.diverged {
		job.diverged = true
		e.core.Abort(e.now(), s.id, kvtypes.AbortCancelled)
	}
}

// shadowDone compares an ended reference with its answer. Called with e.mu held.
func (e *Engine) shadowDone(s *stream, d core.Terminal) {
	job, sh := s.ref, e.sh
	sh.running = nil
	switch {
	case job.diverged:
	case d.Abort != "" && job.abort == shadowPreempted && e.closed:
		sh.drop(job, ShadowDropShutdown)
		return
	case d.Abort != "" && job.abort == shadowPreempted:
		sh.preempted++
		job.preempts++
		sh.queue.pushFront(job) // first again; after maxShadowPreempts it runs with live work
		return
	case d.Abort != "" && job.abort != "":
		sh.drop(job, job.abort)
		return
	case d.Abort == kvtypes.AbortShutdown:
		sh.drop(job, ShadowDropShutdown)
		return
	case d.Abort != "":
		sh.drop(job, ShadowDropRejected)
		e.log.Warn("shadow verification: a reference run failed", "request", uint64(job.liveID), "reason", string(d.Abort), "err", d.Message)
		return
	default:
		job.ref.Finish = string(d.Finish)
	}
	if reason, i, detail := compareTraces(job); reason != "" {
		e.shadowMismatch(job, reason, i, detail)
		return
	}
	sh.verified++
	sh.tenant(job.req.Tenant).verified++
}

// shadowDropTenant drops a removed tenant's samples: queued, running and still being answered.
// Called with e.mu held.
func (e *Engine) shadowDropTenant(tenant string) {
	sh := e.sh
	sh.dropped[ShadowDropTenantRemoved] += uint64(len(sh.queue.take(tenant)))
	for _, s := range e.streams {
		if s.shadow != nil && s.shadow.req.Tenant == tenant {
			s.shadow = nil
			sh.dropped[ShadowDropTenantRemoved]++
		}
	}
	if j := sh.running; j != nil && j.req.Tenant == tenant {
		e.stopShadow(ShadowDropTenantRemoved)
	}
	delete(sh.tenants, tenant) // its own counters go with it (a running reference's drop is counted in all only)
}

// shadowClose drops what is still queued when the engine stops admitting. Called with e.mu held.
func (e *Engine) shadowClose() {
	sh := e.sh
	for j := sh.queue.pop(); j != nil; j = sh.queue.pop() {
		sh.drop(j, ShadowDropShutdown)
	}
	e.stopShadow(ShadowDropShutdown)
}

// shadowStatsLocked copies the counters.
func (e *Engine) shadowStatsLocked() ShadowStats {
	sh := e.sh
	if sh == nil {
		return ShadowStats{}
	}
	st := ShadowStats{Enabled: true, Fraction: sh.cfg.Fraction, Verified: sh.verified, Mismatches: sh.mism,
		Pending: sh.queue.len(), Preempted: sh.preempted, Guaranteed: sh.guarded, Dropped: map[string]uint64{}, Skipped: map[string]uint64{},
		Tenants: sh.tenantStats()}
	if sh.running != nil {
		st.Pending++
	}
	for k, v := range sh.dropped {
		st.Dropped[k] = v
	}
	for k, v := range sh.skipped {
		st.Skipped[k] = v
	}
	return st
}
