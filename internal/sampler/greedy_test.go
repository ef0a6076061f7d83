package sampler

import (
	"math/rand/v2"
	"testing"

	"pgregory.net/rapid"
)

// TestPlainGreedyMatchesFullPath: greedy without logprobs takes the float32 argmax shortcut; its
// token must be the one the full float64 path (which reporting logprobs forces) draws, for any
// logits: ties, signed zeros, infinities and NaNs included.
func TestPlainGreedyMatchesFullPath(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		logits := rapid.SliceOfN(rapid.OneOf(rapid.SampledFrom(edgeFloats), rapid.Float32()), 1, 64).Draw(t, "logits")
		fast := New(Params{TopLogprobs: -1}, nil)
		if !fast.plainGreedy() {
			t.Fatal("greedy without logprobs does not take the shortcut")
		}
		full := New(Params{TopLogprobs: 0}, nil)
		if got, want := fast.Sample(logits).ID, full.Sample(logits).ID; got != want {
			t.Fatalf("shortcut chose %d, the full path %d", got, want)
		}
	})
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
