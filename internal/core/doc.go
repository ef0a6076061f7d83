// Package core is kvwarden's isolation core: the request lifecycle, the KV page ledger and the
// batching policy, as one pure event-driven state machine.
//
// # Why it looks like this
//
// The incident kvwarden exists to prevent (see shared/ISOLATION.md) was a chain of small state
// bugs spread over a scheduler, a transfer queue and a page allocator that each kept their own view
// of a request. Here there is one view: every request has exactly one State, every page is in
// exactly one ledger state, and every change to either happens inside this package, in response to
// an event. The core has no goroutines, no I/O and no clock; time arrives as a `now` argument. That
// makes every scenario replayable in a test (testdata/*.txt) and every invariant checkable after
// every event (Core.Check).
//
// # Driving it (the contract the engine loop follows)
//
// The style is etcd raft's RawNode: events in, a plan (Ready) out, executed by the caller and
// acknowledged with Advance. A Core is not safe for concurrent use. The engine is to it what raft's
// node.go is to RawNode: one loop goroutine makes every call that changes it, and other goroutines
// (submissions, aborts, tenant drops, drain, the transport's reports) post events to the loop's
// inbox, applied in order at the top of each iteration. Read-only snapshots (Stats, Check,
// TenantLoads) are asked of the loop too, which answers them between its calls; only PageView is
// read from other goroutines directly. The engine's clock is its Config.Clock, passed in as `now`.
//
//	c, err := core.New(cfg)                // cfg.MaxContext comes from Plan (the start-up gate)
//	for {
//		// Events, in any order, at any time (also between Ready and Advance):
//		c.Submit(now, spec)                // -> Reservation, or a *Rejection that holds nothing
//		c.Abort(now, id, core.AbortCancelled)
//		c.PagesReceived(now, msg)          // decode side: commit or refuse a KV hand-off
//		c.TransferDone(now, xfer, ok)      // transport is finished with a transfer's pages
//		c.Tick(now)                        // the clock: enforces deadlines and fence time-outs
//		c.Pause(now, id) / c.Resume(now, id) // hold a decoding request out of batches (pause.go)
//
//		rd := c.Ready()                    // the plan for one step
//		// 1. stream rd.Emit (tokens) and rd.Done (exactly one terminal event per request);
//		// 2. apply rd.Invalidate (invalidate + scrub headers), then rd.Stamp (write headers);
//		// 3. hand rd.Cancel, rd.Send, rd.Receive to the transport;
//		// 4. run rd.Batch as one forward pass; check every page header a sequence reads against
//		//    (Seq.Tenant, PageRef.Gen, Written) and report mismatches as SeqResult.Violation;
//		c.Advance(core.StepResult{...})    // one SeqResult per rd.Batch entry, same order
//	}
//
// Every Ready is followed by exactly one Advance, even when its batch is empty; a second Ready
// before Advance returns the same plan. The slices in a Ready alias the core's buffers and stay
// valid until Advance. Events that arrive between Ready and Advance are safe: a request aborted
// while its sequence is in the running batch is reported terminal at once, but its pages stay
// quarantined until Advance, because the forward pass may still be writing them (so a step must
// always be advanced, even a failed one: StepResult.Err). Outputs and terminal events decided in
// Advance or by an event appear in the next Ready. Tick is the only clock: call it every loop
// iteration, or deadlines and fence time-outs never fire. When HasReady is false the engine may
// block until the next event or tick.
//
// The engine never decides about pages, finish reasons or order: it stamps the headers the core
// names, invalidates the ones it frees, checks headers on every read and reports mismatches, and
// reports sampled tokens; end-of-generation, stop tokens and max_tokens are judged here. Stats is
// for metrics; Check re-verifies every invariant from scratch (tests call it after every event).
//
// # Pages
//
// The ledger holds a fixed pool of pages of PageTokens tokens. Each page is free, owned (by one
// request), cached (in one tenant's prefix cache, refcounted by the requests using it) or
// quarantined (waiting for a fence: a step or a transfer that may still touch it). Every free
// bumps the page's generation, so a header written by a late writer can never match the page's
// next lifetime. A reader accepts a page only when its header is written, names the sequence's
// tenant and carries the generation in the page table (see Header). The prefix cache is per tenant
// and verified token for token on every hit (ledger.go, keys in prefix.go); the batching policy is
// described in policy.go, the transfer states in transfer.go.
//
// # Files
//
// core.go holds the Core and its records; submit.go validates and queues requests; lifecycle.go
// the state machine and the events that end requests; pause.go Pause and Resume; ready.go Ready and Advance; policy.go the
// per-step fair share, admission.go the waiting queues and admission, alloc.go pages for a step
// (eviction, preemption), heap.go the two tenant heaps; release.go and transfer.go the fences;
// ledger.go and prefix.go the pages and the prefix cache; stats.go the counters; check.go the
// invariant checker.
//
// # Disaggregation
//
// A PrefillOnly request moves Prefilling → Transferring when its prompt is computed; Ready then
// carries a SendPages item with a core-issued transfer id. A DecodeOnly request reserves pages for
// its announced prompt, which Ready hands to the transport as ReceivePages (its pages stamped
// unwritten); PagesReceived commits it only when the tokens sent equal the tokens reserved and every
// reserved page carries this request's header of this lifetime, marked written. Anything else
// aborts the request. Pages under an unfinished transfer are quarantined until TransferDone or
// until Deadlines.Fence passes.
package core
