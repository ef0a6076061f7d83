package sampler

import (
	"math"
	"testing"

	"pgregory.net/rapid"
)

// edgeFloats are the values where float32 arithmetic breaks: zeros, subnormals, the smallest
// normal, values whose reciprocal overflows, the largest finite values, and non-numbers.
var edgeFloats = []float32{
	0, float32(math.Copysign(0, -1)), math.SmallestNonzeroFloat32, 1e-45, 1e-44, 1e-40, 1e-39, 1e-38,
	1.1754944e-38, 2.9e-39, 1e-30, 1e-10, 1e-3, 0.5, 1, 1.0000001, 2, 10, 100, 100.00001, 1e30,
	math.MaxFloat32, -1e-40, -1, -2, -math.MaxFloat32,
	float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()),
}

// anyFloat draws from the whole float32 range, with the edges, the vanishing values and the
// parameter's own range weighted up so that most parameter sets are accepted.
func anyFloat(lo, hi float32) *rapid.Generator[float32] {
	own := rapid.Float32Range(lo, hi)
	tiny := rapid.Float32Range(0, 1e-30)
	return rapid.OneOf(rapid.SampledFrom(edgeFloats), rapid.Float32(), tiny, own, own, own, own, own, own, own)
}

func genParams(t *rapid.T) Params {
	return Params{
		Temperature:       anyFloat(0, 100).Draw(t, "temperature"),
		TopK:              rapid.OneOf(rapid.IntRange(-1, 5), rapid.IntRange(0, 1<<30), rapid.Just(0)).Draw(t, "top_k"),
		TopP:              anyFloat(0, 1).Draw(t, "top_p"),
		MinP:              anyFloat(0, 1).Draw(t, "min_p"),
		RepetitionPenalty: anyFloat(0, 10).Draw(t, "repetition_penalty"),
		FrequencyPenalty:  anyFloat(-2, 2).Draw(t, "frequency_penalty"),
		PresencePenalty:   anyFloat(-2, 2).Draw(t, "presence_penalty"),
		Seed:              rapid.Uint64().Draw(t, "seed"),
		TopLogprobs:       rapid.IntRange(-1, 20).Draw(t, "top_logprobs"),
	}
}

// genLogits draws finite logits from the whole float32 range (a model never emits NaN or Inf,
// but it may emit anything finite).
func genLogits(t *rapid.T) []float32 {
	finite := []float32{0, math.SmallestNonzeroFloat32, -math.SmallestNonzeroFloat32, 1e-40, math.MaxFloat32, -math.MaxFloat32, 3e38, -3e38}
	v := rapid.OneOf(rapid.SampledFrom(finite), rapid.Float32(), rapid.Float32Range(-30, 30))
	return rapid.SliceOfN(v, 1, 40).Draw(t, "logits")
}

// penalisedRef is the penalties computed naively in float64: the order of tokens a draw must
// respect.
func penalisedRef(p Params, logits []float32, prompt map[int32]bool, counts map[int32]int) []float64 {
	w := make([]float64, len(logits))
	rp := float64(p.RepetitionPenalty)
	for i, v := range logits {
		x := float64(v)
		id := int32(i)
		if rp > 0 && rp != 1 && (prompt[id] || counts[id] > 0) {
			if x > 0 {
				x /= rp
			} else {
				x *= rp
			}
		}
		if n := counts[id]; n > 0 {
			x -= float64(p.FrequencyPenalty)*float64(n) + float64(p.PresencePenalty)
		}
		w[i] = x
	}
	return w
}

func finiteLogprob(v float32) bool {
	return !math.IsNaN(float64(v)) && !math.IsInf(float64(v), 0) && v <= 0
}

// TestSampleProperties checks every accepted parameter set over the whole float range, each
// parameter at its edges and all at once: the token is a valid id that the parameters allow,
// logprobs are finite, a vanishing temperature or top_p is greedy, and a seed fixes the stream.
func TestSampleProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genParams(t)
		if p.Validate() != nil {
			return
		}
		logits := genLogits(t)
		n := int32(len(logits))
		prompt := rapid.SliceOfN(rapid.Int32Range(0, n-1), 0, 5).Draw(t, "prompt")
		steps := rapid.IntRange(1, 4).Draw(t, "steps")
		a, b := New(p, prompt), New(p, prompt)
		inPrompt := map[int32]bool{}
		for _, id := range prompt {
			inPrompt[id] = true
		}
		counts := map[int32]int{}
		for step := range steps {
			r := a.Sample(logits)
			if r2 := b.Sample(logits); r2.ID != r.ID {
				t.Fatalf("step %d: same seed drew %d and %d", step, r.ID, r2.ID)
			}
			if r.ID < 0 || r.ID >= n {
				t.Fatalf("step %d: token %d outside [0, %d)", step, r.ID, n)
			}
			w := penalisedRef(p, logits, inPrompt, counts)
			best := 0
			for i, v := range w {
				if v > w[best] {
					best = i
				}
			}
			gap := w[best] - w[r.ID] // how much worse than the best the chosen token is
			switch {
			case p.Temperature == 0:
				if r.ID != int32(best) {
					t.Fatalf("step %d: greedy drew %d, want %d", step, r.ID, best)
				}
			case gap/float64(p.Temperature) >= 746:
				// Its weight exp(-gap/T) is below the smallest float64: it cannot be drawn.
				// With a vanishing temperature this leaves only the best token(s): greedy.
				t.Fatalf("step %d: drew %d (%g below the best %d) at temperature %g", step, r.ID, gap, best, p.Temperature)
			}
			if p.TopP > 0 && p.TopP <= 1e-30 && r.ID != int32(best) {
				t.Fatalf("step %d: top_p %g drew %d, want the best %d", step, p.TopP, r.ID, best)
			}
			if p.TopLogprobs >= 0 {
				if !finiteLogprob(r.Logprob) {
					t.Fatalf("step %d: logprob %g", step, r.Logprob)
				}
				if want := min(p.TopLogprobs, int(n)); len(r.Top) != want {
					t.Fatalf("step %d: %d alternatives, want %d", step, len(r.Top), want)
				}
				for i, c := range r.Top {
					if c.ID < 0 || c.ID >= n || !finiteLogprob(c.Logprob) || (i > 0 && c.Logprob > r.Top[i-1].Logprob) {
						t.Fatalf("step %d: alternatives %+v", step, r.Top)
					}
				}
			}
			a.Accept(r.ID)
			b.Accept(r.ID)
			counts[r.ID]++
		}
	})
}

// TestFollowResumesTheStream: a sampler that takes its first token from another sampler of the
// same request (Follow, as a decode node does after the prefill node sampled) then draws exactly
// what one sampler would have, whatever the logits, including those with no finite weight.
func TestFollowResumesTheStream(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genParams(t)
		if p.Validate() != nil {
			t.Skip("parameters the API refuses")
		}
		prompt := rapid.SliceOfN(rapid.Int32Range(0, 39), 1, 8).Draw(t, "prompt")
		steps := rapid.SliceOfN(rapid.SliceOfN(rapid.Float32Range(-30, 30), 40, 40), 2, 5).Draw(t, "steps")
		if rapid.Bool().Draw(t, "degenerate first") { // a +Inf logit leaves nothing to draw by
			steps[0][rapid.IntRange(0, 39).Draw(t, "inf at")] = float32(math.Inf(1))
		}
		one, prefill := New(p, prompt), New(p, prompt)
		decode := New(p, prompt)
		first := prefill.Sample(steps[0])
		if got := one.Sample(steps[0]); got.ID != first.ID {
			t.Fatalf("two samplers of one seed differ: %d, %d", got.ID, first.ID)
		}
		one.Accept(first.ID)
		decode.Follow(first.ID)
		for i, logits := range steps[1:] {
			a, b := one.Sample(logits), decode.Sample(logits)
			if a.ID != b.ID {
				t.Fatalf("token %d: one sampler draws %d, the resumed one %d", i+1, a.ID, b.ID)
			}
			one.Accept(a.ID)
			decode.Accept(b.ID)
		}
	})
}
