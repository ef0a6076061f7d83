package core

import (
	"fmt"
	"time"

	"github.com/kvwarden/kvwarden/internal/faults"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// The request lifecycle: the legal state moves, and the events and paths that end requests.

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
		in, lim := c.now.Sub(r.since), d.limit(r)
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
	c.unpause(r)
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
	if !r.shadow { // the verifier stops its own runs; no client's request was aborted
		c.st.aborted[abortIndex(reason)]++
	}
	c.nxt.done = append(c.nxt.done, Terminal{Request: r.id, Abort: reason, Message: msg, Generated: c.emitted(r), Cached: r.hit})
	c.dropLive(r)
	switch {
	case prev == Waiting:
		c.removeWaiting(r)
	case r.xfer != nil:
		c.cancelTransfer(r)
	case r.inBatch && c.inflight && !faults.ReleaseAtOnce:
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

// refuse aborts r ("transfer") for a hand-off check that failed; its terminal event names d, the
// defence the check belongs to (if any), which is counted when count (the check ran here).
func (c *Core) refuse(r *request, d kvtypes.Defence, count bool, msg string) {
	if r.state.Terminal() {
		return
	}
	c.abort(r, kvtypes.AbortTransfer, msg)
	if d == "" {
		return
	}
	if count {
		c.st.defences[defenceIndex(d)]++
	}
	c.nxt.done[len(c.nxt.done)-1].Defence = d
}

// stop aborts r ("isolation") for defence d, which its terminal event names (empty: the page
// header check's).
func (c *Core) stop(r *request, d kvtypes.Defence, msg string) {
	i := defenceIndex(d)
	c.st.defences[i]++
	c.abort(r, kvtypes.AbortIsolation, msg)
	c.nxt.done[len(c.nxt.done)-1].Defence = kvtypes.Defences[i]
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
