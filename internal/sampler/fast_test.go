package sampler

import (
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// TestFastDrawMatchesGeneral: a request the fast draw serves (temperature, min_p, a constraint;
// no penalty, bias, top-k, top-p or logprobs) draws the very tokens the general path draws, token
// after token from the same seed, for any logits (ties, NaN and ±Inf included), temperature,
// min_p and allowed sets (unordered, repeated, out of the vocabulary, empty). Lengths past 8 and
// 64 reach the vectorised kernel and several mask words, past drawBlock several blocks of the
// draw. A wrong rounding shows in about one case in a thousand, so it runs ten times rapid's
// default.
func TestFastDrawMatchesGeneral(t *testing.T) {
	for range 10 {
		rapid.Check(t, fastMatchesGeneral)
	}
}

func fastMatchesGeneral(t *rapid.T) {
	n := rapid.OneOf(rapid.IntRange(1, 20), rapid.IntRange(60, 300), rapid.IntRange(drawBlock-2, 3*drawBlock+2)).Draw(t, "vocab")
	v := rapid.OneOf(rapid.SampledFrom(edgeFloats), rapid.Float32Range(-30, 30), rapid.Float32Range(-30, 30),
		rapid.Float32Range(-2, 2), rapid.SampledFrom([]float32{0, 1, 3}))
	logits := rapid.SliceOfN(v, n, n).Draw(t, "logits")
	p := Params{
		Temperature: rapid.OneOf(anyFloat(0, 100), rapid.Just[float32](1)).Draw(t, "temperature"),
		MinP:        rapid.OneOf(rapid.Just[float32](0), anyFloat(0, 1)).Draw(t, "min_p"),
		TopP:        rapid.SampledFrom([]float32{0, 1}).Draw(t, "top_p"),
		Seed:        rapid.Uint64().Draw(t, "seed"),
		TopLogprobs: -1,
	}
	if p.Validate() != nil {
		t.Skip("invalid parameters")
	}
	// Greedy without a constraint is plainGreedy's, not the fast draw's.
	constrained := p.Temperature == 0 || rapid.Bool().Draw(t, "constrained")
	steps := rapid.IntRange(1, 6).Draw(t, "steps")
	var allow [][]int32
	if constrained {
		id := rapid.OneOf(rapid.IntRange(0, n-1), rapid.IntRange(0, n-1), rapid.IntRange(-2, n+2))
		for range steps {
			if !rapid.Bool().Draw(t, "dense") {
				allow = append(allow, rapid.SliceOfN(rapid.Map(id, func(i int) int32 { return int32(i) }), 0, 2*n).Draw(t, "allowed"))
				continue
			}
			// Most of the vocabulary, by id within two costs, as a grammar's string state lists it.
			drop := rapid.SliceOfN(rapid.IntRange(0, n-1), 0, 3).Draw(t, "left out")
			var set []int32
			for cost := range 2 {
				for id := range n {
					if id%2 == cost && !slices.Contains(drop, id) {
						set = append(set, int32(id))
					}
				}
			}
			allow = append(allow, set)
		}
	}
	fast, general := New(p, nil), New(p, nil)
	general.generalOnly = true
	if constrained {
		if rapid.Bool().Draw(t, "as a mask") {
			// Some steps' sets also come as a bitmask, with bits past the vocabulary set.
			fast.SetConstraint(&maskConstraint{fixedConstraint{allow: allow}, n, rapid.Bool().Draw(t, "stray bits")})
		} else {
			fast.SetConstraint(&fixedConstraint{allow: allow})
		}
		general.SetConstraint(&fixedConstraint{allow: allow})
	}
	if !fast.fastDraw() {
		t.Fatalf("%+v constrained=%v: not on the fast draw", p, constrained)
	}
	for step := range steps {
		got, want := fast.Sample(logits), general.Sample(logits)
		if got.ID != want.ID {
			t.Fatalf("step %d: fast draw chose %d, general path %d", step, got.ID, want.ID)
		}
		fast.Accept(got.ID)
		general.Accept(want.ID)
	}
}

// TestFastDrawOnlyWhenItMatches: every parameter the fast draw does not implement sends the draw
// down the general path.
func TestFastDrawOnlyWhenItMatches(t *testing.T) {
	for _, tc := range []struct {
		name string
		p    Params
		bias bool
		want bool
	}{
		{"temperature", Params{Temperature: 0.8, TopLogprobs: -1}, false, true},
		{"min-p", Params{Temperature: 0.8, MinP: 0.1, TopP: 1, TopLogprobs: -1}, false, true},
		{"plain greedy", Params{TopLogprobs: -1}, false, false},
		{"logprobs", Params{Temperature: 0.8, TopLogprobs: 0}, false, false},
		{"top-k", Params{Temperature: 0.8, TopK: 40, TopLogprobs: -1}, false, false},
		{"top-p", Params{Temperature: 0.8, TopP: 0.9, TopLogprobs: -1}, false, false},
		{"repetition", Params{Temperature: 0.8, RepetitionPenalty: 1.1, TopLogprobs: -1}, false, false},
		{"frequency", Params{Temperature: 0.8, FrequencyPenalty: 0.5, TopLogprobs: -1}, false, false},
		{"presence", Params{Temperature: 0.8, PresencePenalty: 0.5, TopLogprobs: -1}, false, false},
		{"bias", Params{Temperature: 0.8, TopLogprobs: -1}, true, false},
	} {
		s := New(tc.p, nil)
		if tc.bias {
			s.SetLogitBias(map[int32]float32{1: 5})
		}
		if got := s.fastDraw(); got != tc.want {
			t.Errorf("%s: fast draw %v, want %v", tc.name, got, tc.want)
		}
	}
}

// BenchmarkSampleQwen is a draw over Qwen2's vocabulary (151,936) at temperature 1, alone and
// constrained to most of the vocabulary (a JSON string's state) or a few hundred tokens, on the
// fast draw from the allowed list, from a bitmask (a grammar's large sets), and on the general
// path.
func BenchmarkSampleQwen(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	logits := make([]float32, 151936)
	for i := range logits {
		logits[i] = float32(rng.NormFloat64()) * 3
	}
	// As a grammar lists them: by cost (three here), by id within a cost.
	var most, few []int32
	for cost := range int32(3) {
		for id := range int32(len(logits)) {
			if id%3 == cost && rng.IntN(20) != 0 {
				most = append(most, id)
			}
			if id%3 == cost && rng.IntN(500) == 0 {
				few = append(few, id)
			}
		}
	}
	for _, bc := range []struct {
		name  string
		allow []int32
	}{{"plain", nil}, {"most", most}, {"few", few}} {
		for _, path := range []string{"fast", "mask", "general"} {
			if path == "mask" && bc.allow == nil {
				continue
			}
			b.Run(bc.name+"/"+path, func(b *testing.B) {
				s := New(Params{Temperature: 1, Seed: 3, TopLogprobs: -1}, nil)
				s.generalOnly = path == "general"
				switch {
				case path == "mask":
					m := make([]uint64, (len(logits)+63)/64)
					for _, id := range bc.allow {
						m[id>>6] |= 1 << (id & 63)
					}
					s.SetConstraint(constantMask{bc.allow, m})
				case bc.allow != nil:
					s.SetConstraint(constant(bc.allow))
				}
				b.ReportAllocs()
				for b.Loop() {
					s.Sample(logits)
				}
			})
		}
	}
}

// constant allows the same tokens at every step.
type constant []int32

func (c constant) Allowed() []int32 { return c }
func (c constant) Advance(int32)    {}

// constantMask is constant with its bitmask.
type constantMask struct {
	constant
	mask []uint64
}

func (c constantMask) AllowedMask() []uint64 { return c.mask }

// maskConstraint is a fixedConstraint that also gives each step's set as a bitmask, on odd steps
// (on even ones it has none), as grammar.Constraint does for large sets.
type maskConstraint struct {
	fixedConstraint
	vocab int
	stray bool // set the bits past the vocabulary too
}

func (c *maskConstraint) AllowedMask() []uint64 {
	if len(c.advanced)%2 == 0 {
		return nil
	}
	words := (c.vocab + 63) / 64
	m := make([]uint64, words+1)
	for _, id := range c.Allowed() {
		if id >= 0 && int(id) < c.vocab {
			m[id>>6] |= 1 << (id & 63)
		}
	}
	if c.stray {
		if c.vocab%64 != 0 {
			m[words-1] |= ^uint64(0) << (c.vocab % 64)
		}
		m[words] = ^uint64(0)
	}
	return m
}
