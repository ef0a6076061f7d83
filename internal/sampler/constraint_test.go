package sampler

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// fixedConstraint allows a given set per step and records what it was told.
type fixedConstraint struct {
	allow    [][]int32
	advanced []int32
}

func (c *fixedConstraint) Allowed() []int32 { return c.allow[len(c.advanced)] }
func (c *fixedConstraint) Advance(id int32) { c.advanced = append(c.advanced, id) }

func TestConstraintMasksEveryDraw(t *testing.T) {
	logits := make([]float32, 50)
	for i := range logits {
		logits[i] = float32(i % 7)
	}
	logits[10] = 100 // the unconstrained favourite, never allowed
	tests := []struct {
		name string
		p    Params
	}{
		{"greedy", Params{TopLogprobs: 2}},
		{"temperature", Params{Temperature: 1, Seed: 7, TopLogprobs: -1}},
		{"top-k", Params{Temperature: 2, TopK: 3, Seed: 8, TopLogprobs: -1}},
		{"top-p", Params{Temperature: 1.5, TopP: 0.5, Seed: 9, TopLogprobs: -1}},
		{"min-p and penalties", Params{Temperature: 1, MinP: 0.5, PresencePenalty: 2, RepetitionPenalty: 1.5, Seed: 10, TopLogprobs: -1}},
	}
	for _, tc := range tests {
		rng := rand.New(rand.NewPCG(1, 2))
		c := &fixedConstraint{}
		for range 200 {
			set := []int32{rng.Int32N(10)}
			for range rng.IntN(3) {
				set = append(set, 11+rng.Int32N(39))
			}
			c.allow = append(c.allow, set)
		}
		s := New(tc.p, nil)
		s.SetLogitBias(map[int32]float32{11: 50})
		s.SetConstraint(c)
		for step := range 200 {
			set := c.allow[step]
			r := s.Sample(logits)
			if !slices.Contains(set, r.ID) {
				t.Fatalf("%s step %d: drew %d outside %v", tc.name, step, r.ID, set)
			}
			if tc.p.Temperature == 0 {
				biased := func(id int32) float32 {
					if id == 11 {
						return logits[id] + 50
					}
					return logits[id]
				}
				best := set[0]
				for _, id := range set {
					if biased(id) > biased(best) || (biased(id) == biased(best) && id < best) {
						best = id
					}
				}
				if r.ID != best {
					t.Fatalf("greedy step %d: drew %d, want the best allowed %d of %v", step, r.ID, best, set)
				}
				if len(r.Top) == 0 || r.Top[0].ID != 10 {
					t.Fatalf("greedy step %d: top logprobs %v are not those of the raw logits", step, r.Top)
				}
			}
			s.Accept(r.ID)
		}
		if len(c.advanced) != 200 {
			t.Fatalf("%s: constraint advanced %d times, want 200", tc.name, len(c.advanced))
		}
	}
}
