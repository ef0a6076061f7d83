package core

import (
	"fmt"

	"github.com/kvwarden/kvwarden/internal/faults"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// The incident's mechanisms, reachable only in the incident-replay build (internal/faults): every
// call into this file is guarded by a fault switch, a false constant in any other build, so the
// compiler drops the calls and the linker these functions.

// replayNote is the incident's side table: an abort noted beside a request whose state still
// says it is live, and the length its pages were reserved for.
type replayNote struct {
	pending    *Rejection // the abort admission decided and nobody reads
	origPrompt int        // the prompt length before the rewrite
	bound      int        // the prompt length decode binds: the reserved pages' worth
}

// rewriteOverLong "aborts" a request the pool cannot hold the way the incident's scheduler did:
// its prompt is swapped for a one-token placeholder and the abort is written in a side note.
func (c *Core) rewriteOverLong(spec RequestSpec, rej *Rejection) (admitted, *Rejection) {
	orig := len(spec.Prompt)
	spec.Prompt = spec.Prompt[:1:1]
	spec.MaxTokens = min(spec.MaxTokens, c.cfg.PageTokens)
	a, err := c.admit(spec)
	if err != nil {
		return a, err
	}
	a.r.replay = &replayNote{pending: rej, origPrompt: orig}
	a.r.noCache = true // what it computes is a placeholder's
	return a, nil
}

// rewritten runs once a rewritten request is queued. The single-state defence makes the noted
// abort the request's state at once; without it the request stays live.
func (c *Core) rewritten(r *request) {
	if faults.StateSideTable {
		return
	}
	c.stop(r, kvtypes.DefenceState, fmt.Sprintf("defence %s: admission aborted this request (%v); an abort is the request's state, so it never runs",
		kvtypes.DefenceState, r.replay.pending))
}

// reserveOriginal gives a rewritten request, at its admission, the pages of its original length
// (as many as the pool has), stamped unwritten like a hand-off's reservation: the incident's
// decode side reserved for the length it was told, not the placeholder's.
//
// A PrefillOnly request reserves nothing more: in a disaggregated deployment the decode node
// reserved for the original length, and this side prefills the placeholder and sends its one page.
func (c *Core) reserveOriginal(r *request) {
	if r.mode == PrefillOnly {
		return
	}
	P := c.cfg.PageTokens
	want := min(ceilDiv(r.replay.origPrompt+r.maxTokens, P), len(r.pages)+c.l.available())
	extra := want - len(r.pages)
	if extra <= 0 {
		return
	}
	c.evict(extra)
	c.allocFor(r, extra, false)
	r.replay.bound = max(min(r.replay.origPrompt, len(r.pages)*P-r.maxTokens), r.computed)
}

// handOffRewritten runs when a rewritten request's prefill reports done, where the incident's
// decode side took over. Reconciliation refuses a decode whose written tokens differ from the
// tokens reserved for its prompt; without it decode binds every reserved page, at the positions
// of the original length, over the one page the placeholder wrote.
func (c *Core) handOffRewritten(r *request) bool {
	b := r.replay.bound
	if b <= r.computed {
		return true // nothing reserved past what was written
	}
	if !faults.NoReconcile {
		c.st.security++
		P := c.cfg.PageTokens
		c.stop(r, kvtypes.DefenceReconcile, fmt.Sprintf("defence %s: prefill wrote %d tokens (%d pages) of the %d reserved for the prompt (%d pages)",
			kvtypes.DefenceReconcile, r.computed, ceilDiv(r.computed, P), b, ceilDiv(b, P)))
		return false
	}
	for len(r.tokens) < b {
		r.tokens = append(r.tokens, r.tokens[0])
	}
	r.prompt, r.computed = b, b
	return true
}
