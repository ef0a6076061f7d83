package core

import (
	"testing"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// TestPausedAloneIsIdle: with only paused requests running, the core has no work, so the engine
// blocks until Resume (or a deadline) rather than stepping empty batches.
func TestPausedAloneIsIdle(t *testing.T) {
	c := newTestCore(t, Config{})
	res, err := c.Submit(epoch0, RequestSpec{Tenant: "a", Prompt: []int32{1, 2}, MaxTokens: 4})
	if err != nil {
		t.Fatal(err)
	}
	rd := c.Ready()
	if len(rd.Batch) != 1 {
		t.Fatalf("batch %d, want 1", len(rd.Batch))
	}
	if err := c.Advance(StepResult{Seqs: []SeqResult{{Token: 5}}}); err != nil {
		t.Fatal(err)
	}
	if err := c.Pause(epoch0, res.ID); err != nil {
		t.Fatal(err)
	}
	c.Ready() // streams the first token
	if err := c.Advance(StepResult{}); err != nil {
		t.Fatal(err)
	}
	if c.HasReady() {
		t.Fatal("HasReady with only a paused request")
	}
	if err := c.Resume(epoch0, res.ID); err != nil {
		t.Fatal(err)
	}
	if !c.HasReady() {
		t.Fatal("no HasReady after Resume")
	}
	if rd := c.Ready(); len(rd.Batch) != 1 || rd.Batch[0].Request != res.ID {
		t.Fatalf("resumed request not batched: %+v", rd.Batch)
	}
	c.Advance(StepResult{Seqs: []SeqResult{{Token: 6}}})
	if err := c.Abort(epoch0, res.ID, kvtypes.AbortCancelled); err != nil {
		t.Fatal(err)
	}
	if err := c.Check(); err != nil {
		t.Fatal(err)
	}
}
