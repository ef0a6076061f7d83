package engine

import (
	"fmt"
	"math"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/kvwarden/kvwarden/internal/core"
	"github.com/kvwarden/kvwarden/internal/faults"
	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/sampler"
)

// TestDraftingStopsWhereItDoesNotPay runs a draft-model engine in a synctest bubble where a step
// takes a second plus a fixed time per draft it feeds, timed by the engine on its clock (the
// draft model's passes take no time there: the core assumes its prior cost for them). With 60 ms
// a draft, a draft model of another seed (its drafts rejected) stops drafting after its first
// try and probes now and then, and the model drafting for itself (every draft accepted) drafts in
// every decode; with a second a draft (verification as dear as decoding), even accepted drafts
// do not pay, and it stops. The answers are plain decoding's, and the engine reports the step
// costs it timed.
func TestDraftingStopsWhereItDoesNotPay(t *testing.T) {
	if faults.Available {
		t.Skip("the incident-replay build never speculates (Engine.speculates)")
	}
	m, tok := loadModel(t, draftTarget)
	const decodes = 60
	req := Request{Spec: Spec{Tenant: "a", Prompt: copyPrompt(0, 30), MaxTokens: decodes + 1, IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: -1}}}
	want := fmt.Sprint(drain(mustSubmit(t, startEngine(t, m, tok, testConfig, nil), req)))
	for _, tc := range []struct {
		draft            string
		perDraft         time.Duration
		least, most      int // steps with drafts
		mostPlainDecodes int
	}{
		{draftOther, 60 * time.Millisecond, 2, 6, decodes},
		{draftTarget, 60 * time.Millisecond, 6, decodes, 2}, // the first times the plain step; the last may have no room
		{draftTarget, time.Second, 1, 6, decodes},
	} {
		t.Run(fmt.Sprintf("%s, %v a draft", tc.draft, tc.perDraft), func(t *testing.T) {
			dm, dt := loadModel(t, tc.draft)
			synctest.Test(t, func(t *testing.T) {
				e := startEngine(t, m, tok, testConfig, func(c *Config) {
					c.Speculative = SpecConfig{Mode: SpecDraft, Tokens: 8, DraftModel: dm, DraftTokenizer: dt, DraftMinProb: -1}
				})
				var drafting, plain atomic.Int64
				e.beforeStep = func(batch []core.Seq, _ *kv.Pool) {
					if len(batch) == 0 {
						return
					}
					d := batch[0].Draft
					if d > 0 {
						drafting.Add(1)
					} else if batch[0].Start >= len(req.Prompt) {
						plain.Add(1)
					}
					time.Sleep(time.Second + time.Duration(d)*tc.perDraft)
				}
				if got := fmt.Sprint(drain(mustSubmit(t, e, req))); got != want {
					t.Fatalf("drafting changed the answer\n got %s\nwant %s", got, want)
				}
				st := e.Stats()
				if n, p := int(drafting.Load()), int(plain.Load()); n < tc.least || n > tc.most || p > tc.mostPlainDecodes {
					t.Errorf("%d steps drafted, %d decoded plainly (%d of %d drafts accepted); want %d to %d drafting, at most %d plain",
						n, p, st.AcceptedTokens, st.DraftTokens, tc.least, tc.most, tc.mostPlainDecodes)
				}
				if k, want := st.SpecCost.StepCost(2), 1+tc.perDraft.Seconds(); math.Abs(k-want) > 1e-6 {
					t.Errorf("a step feeding 2 tokens costs %.4f steps, want %.4f (timed steps %v)", k, want, st.SpecCost.Step)
				}
			})
		})
	}
}

// linear is n step costs growing by slope per token from 1.
func linear(n int, slope float64) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = 1 + float64(i)*slope
	}
	return s
}

// TestSpecMeter: the costs reported from the timings: none before a decode step was timed;
// then in plain steps, sizes not timed interpolated between those that were and extended past
// them by the nearest slope (the core's assumed one with a single size); steps with a prefill
// chunk, a failed sequence or nothing in them are not timed.
func TestSpecMeter(t *testing.T) {
	type timing struct {
		fed     []int // tokens each sequence fed; a negative count: a prefill chunk of that many
		seconds float64
		failed  bool
	}
	for _, tc := range []struct {
		name     string
		steps    []timing
		passes   [][2]float64 // a draft model's passes: positions, seconds
		want     []float64    // Step, of 12 sizes; nil: nothing reported
		draft    float64
		catchUp  float64
		reported bool
	}{
		{name: "nothing timed"},
		{name: "a prefill, a failure, an empty step", steps: []timing{{[]int{-5}, 1, false}, {[]int{1}, 1, true}, {nil, 1, false}}},
		{name: "a draft model's passes without a decode step", passes: [][2]float64{{1, 0.5}}},
		{name: "the plain step alone", steps: []timing{{[]int{1}, 2, false}}, reported: true,
			want: linear(12, core.SpecPriorSlope)},
		{name: "plain and 8 drafts", steps: []timing{{[]int{1}, 1, false}, {[]int{9}, 1.4, false}}, reported: true,
			want: linear(12, 0.05)},
		{name: "8 drafts before a plain step", steps: []timing{{[]int{9}, 1.5, false}}},
		{name: "8 drafts, then a plain step", steps: []timing{{[]int{9}, 1.5, false}, {[]int{1}, 1, false}}, reported: true,
			want: linear(12, core.SpecPriorSlope)},
		{name: "two decodes, one with 2 drafts", steps: []timing{{[]int{1}, 1, false}, {[]int{1, 3}, 1.2, false}}, reported: true,
			want: linear(12, 0.2/3)},
		{name: "an average", steps: []timing{{[]int{1}, 1, false}, {[]int{1}, 1.8, false}}, reported: true,
			want: linear(12, core.SpecPriorSlope)},
		{name: "a draft model", steps: []timing{{[]int{1}, 2, false}, {[]int{5}, 2.4, false}}, passes: [][2]float64{{1, 1}, {2, 1}, {40, 8}, {8, 5}},
			reported: true, draft: 0.5, catchUp: 0.1,
			want: linear(12, 0.05)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := newSpecMeter(nil, 12)
			for _, st := range tc.steps {
				var batch []core.Seq
				var streams []*stream
				for _, n := range st.fed {
					s := &stream{prompt: 100}
					b := core.Seq{Tokens: make([]int32, max(n, -n)), Start: 100, Logits: true}
					if n < 0 {
						b.Start = 50
					}
					batch, streams = append(batch, b), append(streams, s)
				}
				run := make([]int, len(batch))
				for i := range run {
					run[i] = i
				}
				if st.failed {
					run = run[:0]
				}
				m.observeStep(batch, streams, run, time.Duration(st.seconds*float64(time.Second)))
			}
			for _, p := range tc.passes {
				m.observeDraft(int(p[0]), time.Duration(p[1]*float64(time.Second)))
			}
			got := m.report()
			if (got != nil) != tc.reported {
				t.Fatalf("reported %+v", got)
			}
			if got == nil {
				return
			}
			for i := range tc.want {
				if math.Abs(got.Step[i]-tc.want[i]) > 1e-9 {
					t.Fatalf("steps %v, want %v", got.Step, tc.want)
				}
			}
			if math.Abs(got.Draft-tc.draft) > 1e-9 || math.Abs(got.CatchUp-tc.catchUp) > 1e-9 {
				t.Fatalf("draft pass %g, catch-up %g; want %g, %g", got.Draft, got.CatchUp, tc.draft, tc.catchUp)
			}
			if m.report() != nil {
				t.Fatal("reported again with nothing new timed")
			}
		})
	}
}
