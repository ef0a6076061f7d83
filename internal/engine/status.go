package engine

import (
	"time"

	"github.com/kvwarden/kvwarden/internal/faults"
)

// Status: what other goroutines read of the engine (Stats, Check, and ConsoleView in console.go).
// They ask the loop, as raft's node answers Status, rather than take its lock: the loop answers
// between its core calls, so a reader never waits for a step's forward pass.

// Stats reports the engine for metrics. The loop answers it (ask), without waiting for a step in
// flight, and after every event queued before it.
func (e *Engine) Stats() Stats {
	var st Stats
	e.ask(func() { st = e.statsLocked() })
	return st
}

// statsLocked is Stats. Loop only, with mu held.
func (e *Engine) statsLocked() Stats {
	st := Stats{Stats: e.core.Stats(), StepErrors: e.stepErrs, LastStepError: e.lastStepErr, MasksDeferred: e.masksDeferred, TransferFailures: e.transferFailuresLocked()}
	if e.x != nil {
		st.Sent = e.x.sent
	}
	if faults.Available {
		e.trace.addRefused(&st.Stats)
	}
	st.Shadow = e.shadowStatsLocked()
	if e.cfg.Speculative.coreTokens() > 0 {
		st.Speculation, st.SpecTokens = e.cfg.Speculative.Mode, e.cfg.Speculative.coreTokens()
	}
	if e.draft != nil {
		st.DraftModelPositions = e.draft.positions
	}
	return st
}

// Check runs the isolation core's full invariant checker (ledger, page tables, fences) now: a
// page returned twice, or held by nobody and not free, fails it. For tests and soak runs; it is
// O(pages + requests), on the loop (ask).
func (e *Engine) Check() error {
	var err error
	e.ask(func() { err = e.core.Check() })
	return err
}

// ask runs f on the loop and waits for it. The loop answers at the top of an iteration, while
// idle, and while the step goroutine runs a forward pass (awaitStep), so a reader never waits for
// a step, takes no lock the loop needs, and sees every event queued before it. Once the loop has
// ended, f runs here with mu held: nothing changes the core any more. Never from the loop
// goroutine (an OnEnd callback), which would wait for itself.
func (e *Engine) ask(f func()) {
	if e.call(func(time.Time) { f() }) {
		return
	}
	<-e.done
	e.mu.Lock()
	defer e.mu.Unlock()
	f()
}
