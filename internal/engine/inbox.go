package engine

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"slices"
	"time"

	"github.com/kvwarden/kvwarden/internal/core"
	"github.com/kvwarden/kvwarden/internal/faults"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/sampler"
)

// The inbox: how submissions, aborts and every other event of another goroutine reach the core,
// which only the loop goroutine touches; and the step goroutine, which runs a batch while the
// loop goes on applying the inbox.

// submit admits a request in mode; setup fills the stream's hand-off fields before the loop can
// see it.
func (e *Engine) submit(ctx context.Context, r Request, mode core.Mode, setup func(*stream)) (Stream, error) {
	if err := e.prepareEmbed(&r, mode); err != nil {
		return nil, err
	}
	if err := e.checkAdapter(&r); err != nil {
		return nil, err
	}
	sp := r.Sampling
	if err := sp.Validate(); err != nil {
		return nil, &RejectError{Reason: kvtypes.RejectInvalid, Message: err.Error()}
	}
	if r.Constraint == nil && r.Grammar != nil {
		c, err := e.constraintFor(ctx, r.Tenant, r.Grammar, r.MaxTokens)
		if err != nil {
			return nil, err
		}
		r.Constraint = c
	}
	if !r.HasSeed {
		var b [8]byte
		rand.Read(b[:])
		sp.Seed = binary.LittleEndian.Uint64(b[:])
	}
	submitted := e.now() // its queue time starts here, not when the loop is done with a step
	var s *stream
	var err error
	if !e.call(func(now time.Time) { s, err = e.admit(now, ctx, &r, sp, mode, setup, submitted) }) {
		return nil, errShuttingDown
	}
	if err != nil {
		return nil, err
	}
	return s, nil
}

var errShuttingDown = &RejectError{Reason: kvtypes.RejectShuttingDown, Message: "the server is shutting down"}

// admit submits r to the core and, only once it is admitted, gives it a stream (and its
// goroutine) and a context watcher: a refused request leaves nothing behind. Loop only, with mu
// held.
func (e *Engine) admit(now time.Time, ctx context.Context, r *Request, sp sampler.Params, mode core.Mode, setup func(*stream), submitted time.Time) (*stream, error) {
	if e.closed {
		return nil, errShuttingDown
	}
	e.preemptShadow(now) // before the core sees the live request: a reference on idle capacity never shares its batch
	spec := r.coreSpec(mode)
	spec.Speculate = e.speculates(r)
	// A draft model's KV is its own request's, position by position: no page of the prefix cache.
	spec.NoPrefixCache = spec.NoPrefixCache || spec.Speculate && e.draft != nil
	res, err := e.core.Submit(now, spec)
	if err != nil {
		var rej *core.Rejection
		if errors.As(err, &rej) {
			return nil, &RejectError{Reason: rej.Reason, Message: rej.Message}
		}
		return nil, &RejectError{Reason: kvtypes.RejectInvalid, Message: err.Error()}
	}
	if faults.Available {
		e.trace.names[res.Tenant] = r.Tenant
	}
	smp := sampler.New(sp, r.Prompt)
	if len(r.LogitBias) > 0 {
		smp.SetLogitBias(r.LogitBias)
	}
	if r.Constraint != nil {
		smp.SetConstraint(r.Constraint)
	}
	s := newStream(e, res.ID, smp, r)
	s.submitted = submitted
	if spec.Speculate && e.draft != nil {
		s.history = slices.Clone(r.Prompt)
	}
	if e.sh != nil {
		s.shadow = e.sh.sample(r, mode, sp, res.Tenant, res.ID)
		s.audited = s.shadow != nil
	}
	if setup != nil {
		setup(s)
	}
	s.stopWatch = context.AfterFunc(ctx, func() { e.abort(res.ID) }) // the caller may still read the terminal event
	e.streams[res.ID] = s
	return s, nil
}

// abort cancels a request, before the next step, if it is still running.
func (e *Engine) abort(id kvtypes.RequestID) {
	e.post(func(now time.Time) {
		if _, ok := e.streams[id]; ok {
			e.core.Abort(now, id, kvtypes.AbortCancelled)
		}
	})
}

// post queues a caller's event for the loop, which applies it with mu held before the next
// step; false when the loop has ended.
func (e *Engine) post(f func(now time.Time)) bool { return e.queue(&e.inbox, f) }

// postReport queues a transport report, applied at the top of the loop's next iteration.
func (e *Engine) postReport(f func(now time.Time)) bool { return e.queue(&e.reports, f) }

func (e *Engine) queue(q *[]func(now time.Time), f func(now time.Time)) bool {
	e.inboxMu.Lock()
	if e.stopped {
		e.inboxMu.Unlock()
		return false
	}
	*q = append(*q, f)
	e.inboxMu.Unlock()
	e.poke()
	return true
}

// call posts f and waits until the loop has applied it; false when the loop has ended. Never
// from the loop goroutine (an OnEnd callback), which would wait for itself.
func (e *Engine) call(f func(now time.Time)) bool {
	applied := make(chan struct{})
	if !e.post(func(now time.Time) { f(now); close(applied) }) {
		return false
	}
	<-applied
	return true
}

// apply applies the queued events of q (e.inbox or e.reports) in order. Loop only, with mu held.
func (e *Engine) apply(q *[]func(now time.Time), now time.Time) {
	e.inboxMu.Lock()
	events := *q
	*q = e.applying[:0]
	e.inboxMu.Unlock()
	for i, f := range events {
		f(now)
		events[i] = nil
	}
	e.applying = events
}

// stopIfIdle ends the inbox when nothing is queued: the loop may then return. Loop only.
func (e *Engine) stopIfIdle() bool {
	e.inboxMu.Lock()
	defer e.inboxMu.Unlock()
	e.stopped = len(e.inbox) == 0 && len(e.reports) == 0
	return e.stopped
}

func (e *Engine) poke() {
	select {
	case e.wake <- struct{}{}:
	default:
	}
}

// awaitStep hands batch to the step goroutine and applies callers' events until its result is
// back: a submission is answered and an abort reaches the core while a forward pass runs.
func (e *Engine) awaitStep(batch []core.Seq) core.StepResult {
	e.stepIn <- batch
	for {
		select {
		case res := <-e.stepOut:
			return res
		case <-e.wake:
			e.mu.Lock()
			e.apply(&e.inbox, e.now())
			e.mu.Unlock()
		}
	}
}

// stepper is the step goroutine: it runs the batches the loop hands it, with e.batchStreams, which
// the loop leaves alone until the result is back.
func (e *Engine) stepper() {
	for batch := range e.stepIn {
		e.stepOut <- e.step(batch, e.batchStreams)
	}
}
