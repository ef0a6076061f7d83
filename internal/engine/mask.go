package engine

import (
	"time"

	"github.com/kvwarden/kvwarden/internal/core"
)

// A constrained request's next token mask is prepared beside the step, never inside another
// request's: after it accepts a token, its constraint's next allowed set is computed on a goroutine
// of its own, and the step waits for it at most Config.MaskBudget. A set not ready by then pauses
// only that request (core.Pause) until the goroutine is done, which resumes it through the inbox.
// The set stays in the constraint (grammar.Constraint.Prepare), so the next draw uses it whatever
// happens to the matcher's cache meanwhile. The request's tokens do not depend on whether it was
// paused: its sampler draws from its own random stream, and batch composition never changes logits.

// DefaultMaskBudget is what Config.MaskBudget 0 means.
const DefaultMaskBudget = time.Millisecond

// preparer is a constraint that can compute its next allowed set ahead of the draw that needs it
// (grammar.Constraint). Prepare may run on another goroutine, with no other method meanwhile.
type preparer interface {
	Prepared() bool // the next Allowed is cheap (its set is at hand)
	Prepare()       // compute the next Allowed's set
}

func (c *Config) maskBudget() time.Duration {
	switch {
	case c.MaskBudget == 0:
		return DefaultMaskBudget
	case c.MaskBudget < 0:
		return 0
	}
	return c.MaskBudget
}

// prepareNext starts computing s's next allowed set after its constraint advanced, and waits for
// it at most the budget; past that, s.deferred asks the loop to pause the request. Step goroutine
// (or the loop, on a decode node's commit); at most one preparation per request is ever running,
// since the next draw waits for this one (awaitMask).
func (e *Engine) prepareNext(s *stream) {
	if s.prep == nil || s.leaves() || s.prep.Prepared() {
		return // unconstrained, cheap, or a prefill node's request, which draws no more here
	}
	done := make(chan struct{})
	s.preparing = done
	go func() {
		s.prep.Prepare()
		close(done)
		e.post(func(now time.Time) {
			if e.streams[s.id] == s {
				e.core.Resume(now, s.id) // harmless when it was never paused or has ended
			}
		})
	}()
	if b := e.cfg.maskBudget(); b > 0 {
		t, expired := e.cfg.Clock.NewTimer(b)
		defer t.Stop()
		select {
		case <-done:
			return
		case <-expired:
		}
	}
	s.deferred = true
}

// awaitMask waits for s's preparation, if one is running, before a draw reads its constraint.
// The core does not batch a paused request, so this only waits when the pause could not be
// applied (it is not reachable otherwise); it keeps the constraint's single-goroutine rule.
func (s *stream) awaitMask() {
	if p := s.preparing; p != nil {
		<-p
		s.preparing = nil
	}
}

// pauseIfDeferred pauses s's request when its draw left the next set unprepared past the budget
// and it still is. Loop only, with mu held, before the next Ready.
func (e *Engine) pauseIfDeferred(now time.Time, s *stream) {
	if !s.deferred {
		return
	}
	s.deferred = false
	select {
	case <-s.preparing:
		return // done meanwhile; its Resume is a no-op
	default:
	}
	if err := e.core.Pause(now, s.id); err != nil && err != core.ErrUnknownRequest {
		e.log.Warn("engine: could not pause a request whose token mask is not ready", "request", uint64(s.id), "err", err)
	} else if err == nil {
		e.masksDeferred++
	}
}
