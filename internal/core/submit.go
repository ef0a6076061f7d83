package core

import (
	"fmt"
	"time"

	"github.com/kvwarden/kvwarden/internal/faults"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// Submission: a RequestSpec is checked in full before anything is allocated for it.

// Submit admits a request or rejects it. A Rejection holds nothing: no id, no page, no queue slot.
// An admitted request waits for the scheduler; its Reservation.ID names it in every later event.
func (c *Core) Submit(now time.Time, spec RequestSpec) (Reservation, error) {
	c.clock(now)
	res, rej := c.admit(spec)
	if faults.AdmissionRewrite && rej != nil && rej.Reason == kvtypes.RejectPoolCapacity && !spec.Shadow {
		res, rej = c.rewriteOverLong(spec, rej) // the incident's "abort" (replay.go)
	}
	if rej != nil && spec.Shadow {
		return Reservation{}, rej
	}
	if rej != nil {
		c.st.rejected[rejectIndex(rej.Reason)]++
		if rej.Reason == kvtypes.RejectContextLength || rej.Reason == kvtypes.RejectPoolCapacity {
			c.st.defences[defenceIndex(kvtypes.DefenceAdmission)]++
		}
		return Reservation{}, rej
	}
	c.enqueue(res)
	if faults.AdmissionRewrite && res.r.replay != nil {
		c.rewritten(res.r)
	}
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
		noCache:   spec.NoPrefixCache,
		adapter:   spec.Adapter,
		shadow:    spec.Shadow,
		pages:     make([]kvtypes.PageRef, 0, (total+c.cfg.PageTokens-1)/c.cfg.PageTokens),
		arrival:   c.arrivals,
		arrivedAt: c.now,
		cost:      int64(total),
		spec:      c.speculationFor(&spec),
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
