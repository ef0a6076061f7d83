package core

import (
	"slices"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// Counters and the Stats snapshot for metrics.

var (
	rejectReasons = [...]kvtypes.RejectReason{kvtypes.RejectContextLength, kvtypes.RejectPoolCapacity, kvtypes.RejectOverloaded, kvtypes.RejectInvalid, kvtypes.RejectShuttingDown}
	abortReasons  = [...]kvtypes.AbortReason{kvtypes.AbortCancelled, kvtypes.AbortDeadline, kvtypes.AbortInternal, kvtypes.AbortIsolation, kvtypes.AbortShutdown, kvtypes.AbortTransfer, kvtypes.AbortConstraint}
	finishReasons = [...]kvtypes.FinishReason{kvtypes.FinishStop, kvtypes.FinishLength, kvtypes.FinishTransferred}
)

func rejectIndex(r kvtypes.RejectReason) int {
	for i, x := range rejectReasons {
		if x == r {
			return i
		}
	}
	return len(rejectReasons) - 1
}

func abortIndex(r kvtypes.AbortReason) int {
	for i, x := range abortReasons {
		if x == r {
			return i
		}
	}
	return 2 // internal
}

// defenceIndex maps a defence to its counter; empty (the engine's page check) is the header's.
func defenceIndex(d kvtypes.Defence) int {
	for i, x := range kvtypes.Defences {
		if x == d {
			return i
		}
	}
	return defenceIndex(kvtypes.DefenceHeader)
}

func finishIndex(r kvtypes.FinishReason) int {
	for i, x := range finishReasons {
		if x == r {
			return i
		}
	}
	return 0
}

type counters struct {
	rejected       [len(rejectReasons)]uint64
	aborted        [len(abortReasons)]uint64
	finished       [len(finishReasons)]uint64
	security       uint64
	defences       [len(kvtypes.Defences)]uint64
	internal       uint64
	stale          uint64
	fenceExpired   uint64
	quarantines    uint64
	preemptions    uint64
	evictions      uint64
	cacheHitTokens uint64
	prefillTokens  uint64
	decodeTokens   uint64
	drafted        uint64
	accepted       uint64
	stepTokens     StepTokens
}

// StepTokenBounds are the upper bounds of StepTokens' buckets: powers of two, as vLLM's
// vllm:iteration_tokens_total reads them.
var StepTokenBounds = [...]int{1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384}

// StepTokens is a histogram of the tokens each step computed (prompt and generated together):
// Buckets[i] counts the steps of at most StepTokenBounds[i] tokens (cumulative); Count includes
// the larger ones. A fixed array, so the step loop records a step without allocating.
type StepTokens struct {
	Buckets [len(StepTokenBounds)]uint64
	Count   uint64
	Sum     uint64
}

func (h *StepTokens) observe(n int) {
	for i, b := range StepTokenBounds {
		if n <= b {
			h.Buckets[i]++
		}
	}
	h.Count++
	h.Sum += uint64(n)
}

// Stats is a snapshot for metrics. Counters are cumulative; the rest are current.
type Stats struct {
	Waiting      int // queued, holding nothing
	Running      int // admitted, prefilling or decoding
	Transferring int

	PagesTotal       int
	PagesFree        int
	PagesOwned       int // in exactly one request's page table
	PagesCached      int // in a tenant's prefix cache (PagesIdle of them unreferenced, evictable)
	PagesIdle        int
	PagesQuarantined int // waiting for a fence
	// Quarantines counts pages ever quarantined (cumulative): most wait only for the step in
	// flight, so the gauge above rarely shows them.
	Quarantines uint64

	SecurityEvents uint64 // header mismatches, failed hand-off reconciliations, cache key conflicts
	// Defences counts the requests each defence stopped (admission: context and pool rejections).
	Defences       map[kvtypes.Defence]uint64
	InternalErrors uint64 // refused illegal transitions and ledger inconsistencies: always a bug
	StaleEvents    uint64 // events naming unknown, unstarted or closed transfers
	FenceTimeouts  uint64 // fences released by deadline rather than acknowledgement

	Rejected map[kvtypes.RejectReason]uint64
	Aborted  map[kvtypes.AbortReason]uint64
	Finished map[kvtypes.FinishReason]uint64

	Preemptions    uint64
	Evictions      uint64
	CacheHitTokens uint64
	PrefillTokens  uint64
	DecodeTokens   uint64
	StepTokens     StepTokens // tokens computed per step that computed any
	// DraftTokens counts the draft tokens speculative decodes fed, AcceptedTokens those the
	// requests' own samplers drew in turn (speculate.go): their ratio is the acceptance rate.
	DraftTokens, AcceptedTokens uint64
	// SpecCost is what the core takes speculative decoding to cost when it decides how many tokens
	// a request drafts (speccost.go): what the engine measured, or the core's assumptions until it
	// has. Zero when speculation is off.
	SpecCost SpecCost
}

// Stats returns a snapshot. It allocates (the maps); call it from metrics, not from the step loop.
func (c *Core) Stats() Stats {
	s := Stats{
		Waiting:          c.nState[Waiting],
		Running:          c.nState[Admitted] + c.nState[Prefilling] + c.nState[Decoding],
		Transferring:     c.nState[Transferring],
		PagesTotal:       len(c.l.pages),
		PagesFree:        c.l.count[pageFree],
		PagesOwned:       c.l.count[pageOwned],
		PagesCached:      c.l.count[pageCached],
		PagesIdle:        c.l.lruLen,
		PagesQuarantined: c.l.count[pageQuarantined],
		Quarantines:      c.st.quarantines,
		SecurityEvents:   c.st.security,
		InternalErrors:   c.st.internal,
		StaleEvents:      c.st.stale,
		FenceTimeouts:    c.st.fenceExpired,
		Rejected:         make(map[kvtypes.RejectReason]uint64),
		Aborted:          make(map[kvtypes.AbortReason]uint64),
		Finished:         make(map[kvtypes.FinishReason]uint64),
		Defences:         make(map[kvtypes.Defence]uint64),
		Preemptions:      c.st.preemptions,
		Evictions:        c.st.evictions,
		CacheHitTokens:   c.st.cacheHitTokens,
		PrefillTokens:    c.st.prefillTokens,
		DecodeTokens:     c.st.decodeTokens,
		StepTokens:       c.st.stepTokens,
		DraftTokens:      c.st.drafted,
		AcceptedTokens:   c.st.accepted,
	}
	if c.cfg.SpecTokens > 0 {
		s.SpecCost = c.specCost
		s.SpecCost.Step = slices.Clone(c.specCost.Step)
	}
	for i, r := range rejectReasons {
		if n := c.st.rejected[i]; n > 0 {
			s.Rejected[r] = n
		}
	}
	for i, r := range abortReasons {
		if n := c.st.aborted[i]; n > 0 {
			s.Aborted[r] = n
		}
	}
	for i, d := range kvtypes.Defences {
		if n := c.st.defences[i]; n > 0 {
			s.Defences[d] = n
		}
	}
	for i, r := range finishReasons {
		if n := c.st.finished[i]; n > 0 {
			s.Finished[r] = n
		}
	}
	return s
}
