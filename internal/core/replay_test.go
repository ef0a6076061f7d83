//go:build incidentreplay

package core

import (
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/faults"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// TestDelayedRelease is what the release defence does in the core, which the incident's chain
// does not need (it has no late writer; internal/replay TestLateWriteChain has one): a request
// aborted while its step is in flight keeps its pages quarantined until the step is advanced, and
// they come back in a new generation, so a late write stamped for the old lifetime never matches
// the next owner's page table. With the fault the pages are free at once, in the same generation.
func TestDelayedRelease(t *testing.T) {
	defer faults.SetDefences(kvtypes.Defences[:])
	for _, tc := range []struct {
		name        string
		on          bool
		quarantined int
		newGen      bool
	}{
		{"defence on", true, 1, true},
		{"fault on", false, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.on {
				faults.SetDefences(kvtypes.Defences[:])
			} else {
				faults.SetDefences(nil)
			}
			c, res, rd := oneRequestInStep(t)
			now := time.Unix(0, 0)
			old := rd.Batch[0].Pages[0]
			if err := c.Abort(now, res.ID, kvtypes.AbortCancelled); err != nil {
				t.Fatal(err)
			}
			if q := c.Stats().PagesQuarantined; q != tc.quarantined {
				t.Errorf("quarantined pages while the step is in flight: %d, want %d", q, tc.quarantined)
			}
			if err := c.Advance(StepResult{Seqs: make([]SeqResult, 1)}); err != nil {
				t.Fatal(err)
			}
			if _, err := c.Submit(now, RequestSpec{Tenant: "b", Prompt: []int32{3}, MaxTokens: 4}); err != nil {
				t.Fatal(err)
			}
			c.Ready()
			c.Advance(StepResult{Seqs: make([]SeqResult, 1)})
			rd = c.Ready()
			if len(rd.Batch) != 1 || rd.Batch[0].Pages[0].Page != old.Page {
				t.Fatalf("the page was not reused: %+v", rd.Batch)
			}
			if got := rd.Batch[0].Pages[0].Gen != old.Gen; got != tc.newGen {
				t.Errorf("generation %d after %d: new generation %v, want %v", rd.Batch[0].Pages[0].Gen, old.Gen, got, tc.newGen)
			}
		})
	}
}
