package sampler

import (
	"math"
	"math/rand/v2"
	"testing"

	"pgregory.net/rapid"
)

// TestPlainGreedyMatchesFullPath: greedy without logprobs takes the float32 argmax shortcut; its
// token, and the full float64 path's (which reporting logprobs forces), must be the plain argmax
// loop's, for any logits: ties, signed zeros, infinities and NaNs included.
func TestPlainGreedyMatchesFullPath(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		logits := rapid.SliceOfN(rapid.OneOf(rapid.SampledFrom(edgeFloats), rapid.Float32()), 1, 64).Draw(t, "logits")
		fast := New(Params{TopLogprobs: -1}, nil)
		if !fast.plainGreedy() {
			t.Fatal("greedy without logprobs does not take the shortcut")
		}
		full := New(Params{TopLogprobs: 0}, nil)
		want := naiveArgmax(logits)
		if got := fast.Sample(logits).ID; got != want {
			t.Fatalf("shortcut chose %d, want %d", got, want)
		}
		if got := full.Sample(logits).ID; got != want {
			t.Fatalf("full path chose %d, want %d", got, want)
		}
	})
}

// naiveArgmax is the first index of the largest logit, NaN as -Inf, compared in float64.
func naiveArgmax(logits []float32) int32 {
	x := make([]float64, len(logits))
	for i, v := range logits {
		x[i] = float64(v)
		if math.IsNaN(x[i]) {
			x[i] = math.Inf(-1)
		}
	}
	best := 0
	for i, v := range x {
		if v > x[best] {
			best = i
		}
	}
	return int32(best)
}

// TestPlainGreedyOnlyWhenPlain: any penalty, bias, constraint, temperature or logprobs request
// leaves the shortcut, since each changes or reports more than the raw argmax.
func TestPlainGreedyOnlyWhenPlain(t *testing.T) {
	for _, tc := range []struct {
		name string
		p    Params
		set  func(*Sampler)
	}{
		{"temperature", Params{Temperature: 0.5, TopLogprobs: -1}, nil},
		{"logprobs", Params{TopLogprobs: 0}, nil},
		{"repetition", Params{RepetitionPenalty: 1.1, TopLogprobs: -1}, nil},
		{"frequency", Params{FrequencyPenalty: 0.5, TopLogprobs: -1}, nil},
		{"presence", Params{PresencePenalty: -0.5, TopLogprobs: -1}, nil},
		{"bias", Params{TopLogprobs: -1}, func(s *Sampler) { s.SetLogitBias(map[int32]float32{1: 5}) }},
		{"constraint", Params{TopLogprobs: -1}, func(s *Sampler) { s.SetConstraint(&fixedConstraint{allow: [][]int32{{1}}}) }},
	} {
		s := New(tc.p, nil)
		if tc.set != nil {
			tc.set(s)
		}
		if s.plainGreedy() {
			t.Errorf("%s: took the plain-greedy shortcut", tc.name)
		}
	}
}

// BenchmarkSampleGreedy is the sampling of a greedy decode step over the reference model's
// vocabulary (32000): plain is the shortcut, logprobs the full path.
func BenchmarkSampleGreedy(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	logits := make([]float32, 32000)
	for i := range logits {
		logits[i] = float32(rng.NormFloat64()) * 3
	}
	for _, bc := range []struct {
		name string
		top  int
	}{{"plain", -1}, {"logprobs", 0}} {
		b.Run(bc.name, func(b *testing.B) {
			s := New(Params{TopLogprobs: bc.top}, nil)
			b.ReportAllocs()
			for b.Loop() {
				s.Sample(logits)
			}
		})
	}
}

// BenchmarkSampleTemperature is a draw at temperature 0.8 over the whole vocabulary (no top-k or
// top-p), the OpenAI API's default kind of request.
func BenchmarkSampleTemperature(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	logits := make([]float32, 32000)
	for i := range logits {
		logits[i] = float32(rng.NormFloat64()) * 3
	}
	s := New(Params{Temperature: 0.8, Seed: 1, TopLogprobs: -1}, nil)
	for b.Loop() {
		s.Sample(logits)
	}
}
