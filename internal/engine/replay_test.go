//go:build incidentreplay

package engine

import (
	"io"
	"log/slog"
	"slices"
	"testing"

	"github.com/kvwarden/kvwarden/internal/clock"
	"github.com/kvwarden/kvwarden/internal/faults"
	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/tensor"
)

// TestLateWriteLanding: a cancelled request's last frame waits until its page is stamped for and
// written by another request, then lands unless delayed release (the page is in a newer
// generation) or the page header (it names another request) refuses it, and the refusal names
// the defence and is counted among the defences fired.
func TestLateWriteLanding(t *testing.T) {
	defer func() { faults.ReleaseAtOnce, faults.HeadersOff, faults.LateWrite = false, false, false }()
	writer, victim := kvtypes.TenantKey{1}, kvtypes.TenantKey{2}
	for _, tc := range []struct {
		name               string
		releaseAtOnce, off bool // faults: release, header
		newGen             bool // the page came back in a new generation
		want               kvtypes.Defence
	}{
		{"release refuses", false, true, true, kvtypes.DefenceRelease},
		{"release first when both are on", false, false, true, kvtypes.DefenceRelease},
		{"header refuses", true, false, false, kvtypes.DefenceHeader},
		{"both off: lands", true, true, false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			faults.ReleaseAtOnce, faults.HeadersOff, faults.LateWrite = tc.releaseAtOnce, tc.off, true
			cache, err := kv.NewPool(kv.Config{Layers: 1, KVHeads: 1, HeadDim: 4, PageTokens: 4, DType: tensor.F32, Pages: 2})
			if err != nil {
				t.Fatal(err)
			}
			defer cache.Close()
			log := slog.New(slog.NewTextHandler(io.Discard, nil))
			tr := newTrace(2, clock.Real{})
			old := kvtypes.PageRef{Page: 1, Gen: 3}
			cache.Stamp(1, kvtypes.Header{Tenant: writer, Request: 7, Gen: 3, Written: true})
			for i := range cache.Data(1) {
				cache.Data(1)[i] = 7 // the writer's KV
			}
			tr.last[7] = []frame{snapshot(cache, 7, writer, old)}
			tr.end(7, true) // cancelled: its last write is in flight
			cache.Invalidate(1)
			tr.landLate(cache, log)
			if len(tr.pending) != 1 || len(tr.late) != 0 {
				t.Fatalf("landed on a free page: pending %d, late %+v", len(tr.pending), tr.late)
			}

			gen := old.Gen
			if tc.newGen {
				gen++
			}
			cache.Stamp(1, kvtypes.Header{Tenant: victim, Request: 8, Gen: gen, Written: true})
			clear(cache.Data(1)) // the victim's KV
			tr.writer[1] = pageWriter{tenant: victim, request: 8, gen: gen, ok: true}
			tr.landLate(cache, log)
			if len(tr.pending) != 0 || len(tr.late) != 1 {
				t.Fatalf("pending %d, late %+v", len(tr.pending), tr.late)
			}
			lw := tr.late[0]
			landed := slices.Contains(cache.Data(1), 7)
			if lw.Landed != (tc.want == "") || landed != lw.Landed || lw.Defence != tc.want {
				t.Fatalf("late write %+v, page overwritten %v; want refused by %q", lw, landed, tc.want)
			}
			st := Stats{}
			st.Defences = map[kvtypes.Defence]uint64{}
			tr.addRefused(&st.Stats)
			if tc.want != "" && (st.Defences[tc.want] != 1 || st.SecurityEvents != 1) {
				t.Errorf("counted %+v, want %s once", st.Defences, tc.want)
			}
			if w := tr.writer[1]; landed != (w.tenant == writer) {
				t.Errorf("the trace's writer of the page is %v after landed=%v", w, landed)
			}
		})
	}
}
