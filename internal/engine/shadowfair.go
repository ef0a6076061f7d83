package engine

// Shadow verification is fair per tenant, and has a guaranteed share of the steps.
//
// Samples wait in one queue per tenant, served round robin, so one tenant's flood of answers
// cannot keep another tenant's samples behind its own. The bound (ShadowConfig.Queue) is shared:
// when it is full, the tenant holding the most samples loses its newest (the arriving sample,
// when the arriving tenant holds as many as any), so with k tenants sampled each keeps at least
// Queue/k places whatever the others send.
//
// References run on idle capacity first (shadow.go). A load that never leaves the engine idle
// would starve them, and whoever exploits a leak needs only such a load to hide it: so while
// samples wait, at most ShadowConfig.Every steps run without a reference before the next one
// starts with the live work. Such a reference, and one already preempted maxShadowPreempts times,
// is not preempted by arriving requests: it runs in their batches, one more sequence of its own
// tenant's share (an answer does not depend on its batch, invariant 12, so the comparison holds).

import (
	"time"

	"github.com/kvwarden/kvwarden/internal/core"
)

// DefaultShadowEvery is what ShadowConfig.Every 0 means.
const DefaultShadowEvery = 32

// shadowQueue holds the samples waiting for their reference, one FIFO per tenant.
type shadowQueue struct {
	byTenant map[string][]*shadowJob
	turns    []string // the tenants with samples waiting, the next one served first
	n        int
}

func (q *shadowQueue) len() int { return q.n }

// push queues j at the back of its tenant's queue; a tenant new to the queue is served last.
func (q *shadowQueue) push(j *shadowJob) {
	t := j.req.Tenant
	if len(q.byTenant[t]) == 0 {
		q.turns = append(q.turns, t)
	}
	q.byTenant[t] = append(q.byTenant[t], j)
	q.n++
}

// pushFront queues a preempted sample first again: first of its tenant's, its tenant served next.
func (q *shadowQueue) pushFront(j *shadowJob) {
	t := j.req.Tenant
	if len(q.byTenant[t]) > 0 {
		q.removeTurn(t)
	}
	q.turns = append([]string{t}, q.turns...)
	q.byTenant[t] = append([]*shadowJob{j}, q.byTenant[t]...)
	q.n++
}

// pop takes the next tenant's oldest sample; that tenant is then served after every other.
func (q *shadowQueue) pop() *shadowJob {
	if q.n == 0 {
		return nil
	}
	t := q.turns[0]
	js := q.byTenant[t]
	j := js[0]
	js[0] = nil
	q.set(t, js[1:])
	q.turns = append(q.turns[1:], t)
	if len(js) == 1 {
		q.turns = q.turns[:len(q.turns)-1]
	}
	q.n--
	return j
}

// longest is the tenant holding the most samples (the first in turn of those tied).
func (q *shadowQueue) longest() string {
	best := ""
	for _, t := range q.turns {
		if len(q.byTenant[t]) > len(q.byTenant[best]) {
			best = t
		}
	}
	return best
}

// dropNewest removes tenant's newest sample.
func (q *shadowQueue) dropNewest(tenant string) *shadowJob {
	js := q.byTenant[tenant]
	j := js[len(js)-1]
	js[len(js)-1] = nil
	q.set(tenant, js[:len(js)-1])
	if len(js) == 1 {
		q.removeTurn(tenant)
	}
	q.n--
	return j
}

// take removes and returns every sample of tenant.
func (q *shadowQueue) take(tenant string) []*shadowJob {
	js := q.byTenant[tenant]
	if len(js) > 0 {
		delete(q.byTenant, tenant)
		q.removeTurn(tenant)
		q.n -= len(js)
	}
	return js
}

func (q *shadowQueue) set(tenant string, js []*shadowJob) {
	if len(js) == 0 {
		delete(q.byTenant, tenant)
		return
	}
	q.byTenant[tenant] = js
}

func (q *shadowQueue) removeTurn(tenant string) {
	for i, t := range q.turns {
		if t == tenant {
			q.turns = append(q.turns[:i], q.turns[i+1:]...)
			return
		}
	}
}

// enqueue queues an answered sample, making room in a full queue at the expense of the tenant
// holding the most. Called with e.mu held.
func (e *Engine) enqueueShadow(job *shadowJob) {
	sh := e.sh
	if sh.queue.len() >= sh.cfg.Queue {
		own := len(sh.queue.byTenant[job.req.Tenant])
		most := sh.queue.longest()
		if own >= len(sh.queue.byTenant[most]) {
			sh.drop(job, ShadowDropQueueFull)
			return
		}
		sh.drop(sh.queue.dropNewest(most), ShadowDropQueueFull)
	}
	sh.queue.push(job)
}

// shadowStep counts a step about to run with live work and, when samples have waited Every such
// steps without a reference, starts one with the live work. Loop only, with e.mu held, after
// Ready: the reference joins the next step.
func (e *Engine) shadowStep(now time.Time, batch []core.Seq) {
	sh := e.sh
	if sh == nil || len(batch) == 0 || sh.running != nil || sh.queue.len() == 0 || sh.held || e.closed {
		return
	}
	if sh.owed++; sh.owed >= sh.cfg.Every {
		e.runReference(now, true)
	}
}

// shadowTenant is one tenant's share of the counters.
type shadowTenant struct {
	verified uint64
	dropped  map[string]uint64
}

// ShadowTenantStats is one tenant's shadow verification (ShadowStats.Tenants).
type ShadowTenantStats struct {
	Verified uint64            // its answers that matched their re-run
	Pending  int               // its samples queued or running
	Dropped  map[string]uint64 // its samples dropped, by reason
}

func (sh *shadow) tenant(name string) *shadowTenant {
	t := sh.tenants[name]
	if t == nil {
		t = &shadowTenant{dropped: map[string]uint64{}}
		sh.tenants[name] = t
	}
	return t
}

// drop counts j dropped for reason, in all and for its tenant (unless the tenant was removed:
// its counters went with it).
func (sh *shadow) drop(j *shadowJob, reason string) {
	sh.dropped[reason]++
	if reason != ShadowDropTenantRemoved {
		sh.tenant(j.req.Tenant).dropped[reason]++
	}
}

// tenantStats copies the per-tenant counters, with each tenant's pending samples.
func (sh *shadow) tenantStats() map[string]ShadowTenantStats {
	out := make(map[string]ShadowTenantStats, len(sh.tenants))
	for name, t := range sh.tenants {
		st := ShadowTenantStats{Verified: t.verified, Pending: len(sh.queue.byTenant[name]), Dropped: make(map[string]uint64, len(t.dropped))}
		for k, v := range t.dropped {
			st.Dropped[k] = v
		}
		out[name] = st
	}
	for name, js := range sh.queue.byTenant {
		if _, ok := out[name]; !ok {
			out[name] = ShadowTenantStats{Pending: len(js), Dropped: map[string]uint64{}}
		}
	}
	if j := sh.running; j != nil {
		st := out[j.req.Tenant]
		st.Pending++
		if st.Dropped == nil {
			st.Dropped = map[string]uint64{}
		}
		out[j.req.Tenant] = st
	}
	return out
}
