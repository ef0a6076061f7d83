package core

import (
	"math"
	"testing"

	"pgregory.net/rapid"
)

// linearSteps is a Step table of n entries where each fed token beyond the first adds slope.
func linearSteps(n int, slope float64) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = 1 + float64(i)*slope
	}
	return s
}

func TestExpectedTokens(t *testing.T) {
	for _, tc := range []struct {
		a    float64
		k    int
		want float64
	}{
		{0, 8, 1}, {1, 8, 9}, {0.5, 2, 1.75}, {0.68, 1, 1.68}, {0.9, 3, 1 + 0.9 + 0.81 + 0.729},
	} {
		if got := expectedTokens(tc.a, tc.k); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("E(%d) at a=%g: %g, want %g", tc.k, tc.a, got, tc.want)
		}
	}
}

// TestDraftLen: the draft length chosen from the acceptance and the costs. The 1.1B model's
// figures on two cores: a Q4_K draft model's pass costs 0.66 of a Q8_0 step, and at 68%
// acceptance drafting loses, where lookup (no draft pass) gains.
func TestDraftLen(t *testing.T) {
	memoryBound := linearSteps(13, 0.06) // verifying extra tokens costs little
	computeBound := linearSteps(13, 1)   // each fed token costs a step: only certain drafts pay
	for _, tc := range []struct {
		name   string
		cost   SpecCost
		a      float64
		m      int // decoding requests
		behind int
		want   int
	}{
		{"draft model at 68%: no draft", SpecCost{Step: memoryBound, Draft: 0.66}, 0.68, 1, 0, 0},
		{"draft model at 100%: the most", SpecCost{Step: memoryBound, Draft: 0.66}, 1, 1, 0, 8},
		{"draft model at 90%: short", SpecCost{Step: memoryBound, Draft: 0.66}, 0.9, 1, 0, 2},
		{"draft model at 90% after a long pause: the catch-up does not pay", SpecCost{Step: memoryBound, Draft: 0.66, CatchUp: 0.2}, 0.9, 1, 20, 0},
		{"cheap draft model at 68%", SpecCost{Step: memoryBound, Draft: 0.05}, 0.68, 1, 0, 4},
		{"lookup at 68%", SpecCost{Step: memoryBound}, 0.68, 1, 0, 5},
		{"lookup at 30%", SpecCost{Step: memoryBound}, 0.3, 1, 0, 2},
		{"lookup at 0%", SpecCost{Step: memoryBound}, 0, 1, 0, 0},
		{"lookup, compute-bound, 95%", SpecCost{Step: computeBound}, 0.95, 1, 0, 0},
		{"lookup, compute-bound, 100%", SpecCost{Step: computeBound}, 1, 1, 0, 0},
		{"lookup at 68% beside 3 others", SpecCost{Step: memoryBound}, 0.68, 4, 0, 3},
		{"draft model at 90% beside 3 others", SpecCost{Step: memoryBound, Draft: 0.66}, 0.9, 4, 0, 0},
		{"no step timed yet", priorSpecCost(false), 1, 1, 0, 0},
		{"a plain step timed, lookup at 50%", SpecCost{Step: []float64{1}}, 0.5, 1, 0, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// hits/tries give the acceptance; wait is far off, so no probe.
			sp := &speculation{hits: tc.a, tries: 1, behind: tc.behind, wait: 1000, tried: true}
			if got := sp.draftLen(&tc.cost, tc.m, 8); got != tc.want {
				k, g := tc.cost.bestDraft(tc.a, tc.m, tc.behind, 8)
				t.Fatalf("drafts %d, want %d (best %d at gain %.3f)", got, tc.want, k, g)
			}
		})
	}
}

// TestFirstTry: a new request tries, at most as far as specFirstRisk plain steps of extra cost,
// then lengthens its drafts while they are accepted and stops when they are not.
func TestFirstTry(t *testing.T) {
	memoryBound := linearSteps(9, 0.04)
	for _, tc := range []struct {
		name    string
		cost    SpecCost
		accept  func(step int) bool // whether the step's drafts are all accepted (else none is)
		lengths []int               // the drafts of its first decodes
	}{
		{"lookup tries all 8", SpecCost{Step: memoryBound}, func(int) bool { return true }, []int{8, 8, 8}},
		{"a dear draft model tries 2, then lengthens", SpecCost{Step: memoryBound, Draft: 0.79}, func(int) bool { return true }, []int{2, 8, 8}},
		{"a dear draft model tries 2, then stops", SpecCost{Step: memoryBound, Draft: 0.79}, func(int) bool { return false }, []int{2, 0, 0}},
		{"a cheap draft model tries 8", SpecCost{Step: memoryBound, Draft: 0.1}, func(int) bool { return true }, []int{8, 8, 8}},
		{"verification as dear as decoding: never tries", SpecCost{Step: linearSteps(9, 1)}, func(int) bool { return true }, []int{0, 0, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &Core{cfg: Config{SpecTokens: 8}}
			sp := c.speculationFor(&RequestSpec{Speculate: true})
			for i, want := range tc.lengths {
				k := sp.draftLen(&tc.cost, 1, 8)
				if k != want {
					t.Fatalf("decode %d drafts %d, want %d (acceptance estimate %.2f)", i, k, want, sp.acceptance())
				}
				if k > 0 {
					sp.adapt(k, map[bool]int{true: k}[tc.accept(i)])
				} else {
					sp.behind++
				}
			}
		})
	}
}

// TestStepCost: measured entries as they are, beyond them the slope of the last two, and the
// prior slope with fewer than two.
func TestStepCost(t *testing.T) {
	for _, tc := range []struct {
		step []float64
		n    int
		want float64
	}{
		{nil, 1, 1}, {nil, 17, 2}, {[]float64{1}, 9, 1.5}, {[]float64{1, 1.2, 1.3}, 2, 1.2},
		{[]float64{1, 1.2, 1.3}, 5, 1.5}, {[]float64{1, 1.2, 1.1}, 7, 1.1},
	} {
		sc := SpecCost{Step: tc.step}
		if got := sc.StepCost(tc.n); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("Step %v, %d tokens: %g, want %g", tc.step, tc.n, got, tc.want)
		}
	}
}

// TestProbes: a request whose drafts keep failing probes with one draft after sitting out
// specFirstWait decodes, then ever more rarely, up to once every specMaxWait; where a draft
// model's catch-up makes a probe dear it never probes; a probe that succeeds often enough brings
// drafting back.
func TestProbes(t *testing.T) {
	lookup := SpecCost{Step: linearSteps(9, 0.06)}
	dearCatchUp := SpecCost{Step: linearSteps(9, 0.06), Draft: 0.66, CatchUp: 0.2}
	probesAt := func(sc SpecCost, accept bool, decodes int) (at []int, resumed bool) {
		sp := &speculation{hits: 0, tries: 4, wait: specFirstWait}
		for d := 0; d < decodes; d++ {
			switch k := sp.draftLen(&sc, 1, 8); {
			case k == 1 && sp.probing:
				at = append(at, d)
				sp.adapt(1, map[bool]int{true: 1}[accept])
			case k > 0:
				return at, true
			default:
				sp.behind++
			}
		}
		return at, false
	}
	at, resumed := probesAt(lookup, false, 300)
	want := []int{4, 13, 30, 63, 128, 193, 258} // 4, 8, 16, 32, 64, 64, 64 sat out between them
	if resumed || len(at) != len(want) {
		t.Fatalf("probes at decodes %v (drafting again: %v), want %v", at, resumed, want)
	}
	for i := range want {
		if at[i] != want[i] {
			t.Fatalf("probes at decodes %v, want %v", at, want)
		}
	}
	if at, _ := probesAt(dearCatchUp, false, 1000); len(at) != 0 {
		t.Fatalf("a draft model whose catch-up costs %.2f a position probed at %v", dearCatchUp.CatchUp, at)
	}
	if _, resumed := probesAt(lookup, true, 300); !resumed {
		t.Fatalf("probes that succeed never brought drafting back")
	}
}

// TestDraftLenProperties: whatever the costs and acceptance, draftLen drafts at most most
// tokens; it drafts more than one only where that beats plain decoding by the margin, at the
// best length; and a probe's cost stays within its share of the decodes sat out.
func TestDraftLenProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 16).Draw(t, "measured")
		step := []float64{1}
		for range n - 1 {
			step = append(step, step[len(step)-1]+rapid.Float64Range(0, 1).Draw(t, "slope"))
		}
		sc := SpecCost{Step: step, Draft: rapid.Float64Range(0, 2).Draw(t, "draft"), CatchUp: rapid.Float64Range(0, 0.5).Draw(t, "catchUp")}
		a := rapid.Float64Range(0, 1).Draw(t, "a")
		m := rapid.IntRange(1, 4).Draw(t, "m")
		most := rapid.IntRange(1, 12).Draw(t, "most")
		behind := rapid.IntRange(0, 200).Draw(t, "behind")
		sp := &speculation{hits: a, tries: 1, behind: behind, wait: rapid.IntRange(1, specMaxWait).Draw(t, "wait"), tried: true}
		k := sp.draftLen(&sc, m, most)
		if k < 0 || k > most {
			t.Fatalf("drafts %d of at most %d", k, most)
		}
		best, g := sc.bestDraft(a, m, behind, most)
		for j := 1; j <= most; j++ {
			if sc.gain(a, j, m, behind) > g {
				t.Fatalf("best length %d (gain %g), but %d gains %g", best, g, j, sc.gain(a, j, m, behind))
			}
		}
		switch {
		case k > 0 && !sp.probing && (k != best || g <= 1+specMargin):
			t.Fatalf("drafts %d, best %d at gain %g", k, best, g)
		case sp.probing && (k != 1 || sc.extraCost(1, m, behind) > specProbeShare*float64(behind)):
			t.Fatalf("probe of %d costing %g after %d decodes", k, sc.extraCost(1, m, behind), behind)
		case k == 0 && g > 1+specMargin:
			t.Fatalf("no draft at gain %g", g)
		}
		// More acceptance never lowers the gain.
		if b := rapid.Float64Range(a, 1).Draw(t, "b"); sc.gain(b, best, m, behind) < g-1e-9 {
			t.Fatalf("gain %g at a=%g, %g at a=%g", g, a, sc.gain(b, best, m, behind), b)
		}
	})
}
