package core

import (
	"testing"

	"pgregory.net/rapid"
)

func TestDbg(t *testing.T) {
	var agg Stats
	agg.Aborted = map[AbortReason]uint64{}
	agg.Finished = map[FinishReason]uint64{}
	agg.Rejected = map[RejectReason]uint64{}
	reqs, events := 0, 0
	rapid.Check(t, func(rt *rapid.T) {
		w := newWorld(rt, rapid.Uint64().Draw(rt, "seed"))
		bases := w.drawBases()
		n := rapid.IntRange(500, 2500).Draw(rt, "events")
		for range n {
			w.randomEvent(bases)
		}
		w.drain()
		st := w.c.Stats()
		reqs += len(w.order)
		events += w.events
		agg.Preemptions += st.Preemptions
		agg.Evictions += st.Evictions
		agg.CacheHitTokens += st.CacheHitTokens
		agg.PrefillTokens += st.PrefillTokens
		agg.DecodeTokens += st.DecodeTokens
		agg.SecurityEvents += st.SecurityEvents
		agg.FenceTimeouts += st.FenceTimeouts
		for k, v := range st.Aborted {
			agg.Aborted[k] += v
		}
		for k, v := range st.Finished {
			agg.Finished[k] += v
		}
		for k, v := range st.Rejected {
			agg.Rejected[k] += v
		}
	})
	t.Logf("reqs=%d events=%d %+v", reqs, events, agg)
}
