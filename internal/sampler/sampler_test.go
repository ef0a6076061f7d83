package sampler

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestGreedyAndTies(t *testing.T) {
	s := New(Params{TopLogprobs: -1}, nil)
	if got := s.Sample([]float32{1, 3, 3, 2}).ID; got != 1 {
		t.Fatalf("greedy tie picked %d, want the lowest id 1", got)
	}
}

func TestPenalties(t *testing.T) {
	logits := []float32{2, 1.9, -1}
	s := New(Params{PresencePenalty: 0.5, TopLogprobs: -1}, nil)
	s.Accept(0)
	if got := s.Sample(logits).ID; got != 1 {
		t.Fatalf("presence penalty: got %d, want 1", got)
	}
	if logits[0] != 2 {
		t.Fatal("Sample modified the logits")
	}
	s = New(Params{RepetitionPenalty: 1.2, TopLogprobs: -1}, []int32{0})
	if got := s.Sample(logits).ID; got != 1 {
		t.Fatalf("repetition penalty over the prompt: got %d, want 1", got)
	}
	s = New(Params{FrequencyPenalty: 0.06, TopLogprobs: -1}, nil)
	s.Accept(0)
	if got := s.Sample(logits).ID; got != 0 {
		t.Fatalf("one occurrence at 0.06 should not flip: got %d", got)
	}
	s.Accept(0)
	if got := s.Sample(logits).ID; got != 1 {
		t.Fatalf("two occurrences should flip: got %d", got)
	}
}

func TestSeededReproducible(t *testing.T) {
	logits := make([]float32, 1000)
	for i := range logits {
		logits[i] = float32(math.Sin(float64(i)))
	}
	p := Params{Temperature: 1, TopP: 0.95, TopK: 50, Seed: 42, TopLogprobs: -1}
	a, b := New(p, nil), New(p, nil)
	for i := 0; i < 100; i++ {
		x, y := a.Sample(logits).ID, b.Sample(logits).ID
		if x != y {
			t.Fatalf("draw %d: %d vs %d with the same seed", i, x, y)
		}
	}
	c := New(Params{Temperature: 1, Seed: 43, TopLogprobs: -1}, nil)
	d := New(Params{Temperature: 1, Seed: 42, TopLogprobs: -1}, nil)
	same := 0
	for i := 0; i < 50; i++ {
		if c.Sample(logits).ID == d.Sample(logits).ID {
			same++
		}
	}
	if same == 50 {
		t.Fatal("different seeds gave identical streams")
	}
}

func TestTruncation(t *testing.T) {
	logits := []float32{5, 4, 3, 0, -1}
	for _, c := range []struct {
		name    string
		p       Params
		allowed map[int32]bool
	}{
		{"top_k 2", Params{Temperature: 5, TopK: 2}, map[int32]bool{0: true, 1: true}},
		{"top_p small", Params{Temperature: 1, TopP: 0.5}, map[int32]bool{0: true}},
		{"min_p", Params{Temperature: 1, MinP: 0.2}, map[int32]bool{0: true, 1: true}},
	} {
		for seed := uint64(0); seed < 200; seed++ {
			c.p.Seed = seed
			c.p.TopLogprobs = -1
			if id := New(c.p, nil).Sample(logits).ID; !c.allowed[id] {
				t.Fatalf("%s: drew %d", c.name, id)
			}
		}
	}
	// Without truncation at a high temperature every token appears.
	seen := map[int32]bool{}
	for seed := uint64(0); seed < 500; seed++ {
		seen[New(Params{Temperature: 100, Seed: seed, TopLogprobs: -1}, nil).Sample(logits).ID] = true
	}
	if len(seen) != len(logits) {
		t.Fatalf("temperature 100 drew only %v", seen)
	}
}

func TestLogprobs(t *testing.T) {
	logits := []float32{1, 2, 3}
	r := New(Params{TopLogprobs: 2}, nil).Sample(logits)
	lse := math.Log(math.Exp(1) + math.Exp(2) + math.Exp(3))
	if r.ID != 2 || math.Abs(float64(r.Logprob)-(3-lse)) > 1e-6 {
		t.Fatalf("logprob %v for %d", r.Logprob, r.ID)
	}
	if len(r.Top) != 2 || r.Top[0].ID != 2 || r.Top[1].ID != 1 || math.Abs(float64(r.Top[1].Logprob)-(2-lse)) > 1e-6 {
		t.Fatalf("top logprobs %+v", r.Top)
	}
}

func TestValidate(t *testing.T) {
	bad := []Params{
		{Temperature: -1}, {Temperature: float32(math.NaN())}, {TopP: 1.5}, {TopK: -1},
		{MinP: 2}, {FrequencyPenalty: 3}, {PresencePenalty: -3}, {RepetitionPenalty: -1}, {TopLogprobs: 21},
	}
	for _, p := range bad {
		if p.Validate() == nil {
			t.Errorf("%+v accepted", p)
		}
	}
	if err := (&Params{Temperature: 0.7, TopP: 0.9, TopK: 40}).Validate(); err != nil {
		t.Error(err)
	}
}

func BenchmarkSampleTopP(b *testing.B) {
	// Peaked like a language model's logits: a few likely tokens over a broad tail.
	logits := make([]float32, 32000)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range logits {
		logits[i] = float32(rng.NormFloat64() * 2)
	}
	for i := 0; i < 20; i++ {
		logits[rng.IntN(len(logits))] += 12
	}
	s := New(Params{Temperature: 0.8, TopP: 0.95, Seed: 1, TopLogprobs: -1}, nil)
	for b.Loop() {
		s.Sample(logits)
	}
}

// TestExtremeParams pins the cases that once produced NaN weights or the wrong meaning: each
// accepted extreme behaves as its meaning says.
func TestExtremeParams(t *testing.T) {
	logits := []float32{1, 3, 2, -math.MaxFloat32, math.MaxFloat32 / 2}
	cases := []struct {
		name string
		p    Params
		want int32
	}{
		{"subnormal temperature is greedy", Params{Temperature: 1e-45}, 4},
		{"temperature below the normal range is greedy", Params{Temperature: 1e-40}, 4},
		{"tiny top_p keeps the best token", Params{Temperature: 100, TopP: math.SmallestNonzeroFloat32}, 4},
		{"min_p 1 keeps the best token", Params{Temperature: 100, MinP: 1}, 4},
		{"tiny repetition penalty favours the prompt", Params{Temperature: 1e-45, RepetitionPenalty: 1e-40}, 1},
		{"largest repetition penalty", Params{Temperature: 1, RepetitionPenalty: 10, TopK: 1}, 4},
	}
	for _, c := range cases {
		for seed := uint64(0); seed < 50; seed++ {
			c.p.Seed, c.p.TopLogprobs = seed, 5
			if err := c.p.Validate(); err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			r := New(c.p, []int32{1, 3}).Sample(logits)
			if r.ID != c.want {
				t.Fatalf("%s: drew %d, want %d", c.name, r.ID, c.want)
			}
			for _, lp := range append([]Candidate{{r.ID, r.Logprob}}, r.Top...) {
				if !finiteLogprob(lp.Logprob) {
					t.Fatalf("%s: logprob %v for %d", c.name, lp.Logprob, lp.ID)
				}
			}
		}
	}
}

func TestLogitBias(t *testing.T) {
	logits := []float32{3, 1, 2, -1}
	for _, c := range []struct {
		name string
		bias map[int32]float32
		want int32
	}{
		{"none", nil, 0},
		{"force", map[int32]float32{3: 100}, 3},
		{"ban best", map[int32]float32{0: -100}, 2},
		{"nudge", map[int32]float32{1: 2.5}, 1},
		{"clamped", map[int32]float32{3: 1e9, 1: 200}, 1}, // both become +100: token 1 has the larger logit
		{"outside vocab ignored", map[int32]float32{99: 100, -1: 100}, 0},
	} {
		s := New(Params{TopLogprobs: 0}, nil)
		if c.bias != nil {
			s.SetLogitBias(c.bias)
		}
		r := s.Sample(logits)
		if r.ID != c.want {
			t.Errorf("%s: %d, want %d", c.name, r.ID, c.want)
		}
		// Reported logprobs are the raw logits', whatever the bias.
		raw := New(Params{TopLogprobs: 0}, nil)
		if want := raw.Score(logits, r.ID); r.Logprob != want.Logprob {
			t.Errorf("%s: logprob %v, raw %v", c.name, r.Logprob, want.Logprob)
		}
	}
}
