package model

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kvwarden/kvwarden/internal/tensor"
)

// copySpec is a reduced dummy:ref1b with the copy circuit (source/dummycopy.go): the same head
// size, vocabulary and circuit, half the width (codes of 256 dimensions) and 3 layers, so it
// runs in seconds.
const copySpec = "dummy:llama,dim=1024,layers=3,heads=16,kv_heads=4,ffn=1024,vocab=32000,ctx=512,seed=5"

// randomOpening is BOS then random tokens past the special ones.
func randomOpening(seed uint64, n, vocab int) []int32 {
	rng := rand.New(rand.NewPCG(seed, 1))
	s := []int32{1}
	for len(s) < n {
		s = append(s, int32(3+rng.IntN(vocab-3)))
	}
	return s
}

// copyTask runs the bench's copy task (internal/bench/spectask.go) on h: a random opening S, the
// model's greedy continuation G of it, then the greedy answer to S+G+Q, Q the end of S.
func copyTask(h *harness, seed uint64, opening, gen int) (g, answer []int32) {
	s := randomOpening(seed, opening, h.m.Vocab)
	g, _ = h.greedy(s, gen, false)
	answer, _ = h.greedy(slices.Concat(s, g, s[len(s)-32:]), gen, false)
	return g, answer
}

// agreement is the share of positions where a and b hold the same token.
func agreement(a, b []int32) float64 {
	same := 0
	for i := range a {
		if a[i] == b[i] {
			same++
		}
	}
	return float64(same) / float64(len(a))
}

// TestCopyModelQuotes: a copy model's answer on the copy task re-quotes G, as a trained model's
// does; its Q4_K copy gives the same G and answer (so as a draft model it agrees); the same spec
// without the circuit does neither.
func TestCopyModelQuotes(t *testing.T) {
	skipCopyModelShort(t)
	gens := map[string][][]int32{}
	for _, c := range []struct {
		name, spec string
		copies     bool
	}{
		{"q8_0", copySpec + ",type=q8_0,copy=true", true},
		{"q4_k", copySpec + ",type=q4_k,copy=true", true},
		{"random", copySpec + ",type=q8_0", false},
	} {
		h := newHarness(t, generated(t, c.spec, t.TempDir()), tensor.F16, 2)
		for rep := range 2 {
			g, answer := copyTask(h, uint64(rep), 160, 64)
			gens[c.name] = append(gens[c.name], g)
			share := agreement(g, answer)
			t.Logf("%s, rep %d: the answer re-quotes %.0f%% of G", c.name, rep, 100*share)
			if c.copies && share < 0.95 {
				t.Errorf("%s, rep %d: the answer re-quotes %.0f%% of G, want 95%% or more", c.name, rep, 100*share)
			}
			if !c.copies && share > 0.5 {
				t.Errorf("%s, rep %d: the answer re-quotes %.0f%% of G without the circuit", c.name, rep, 100*share)
			}
		}
	}
	for rep := range gens["q8_0"] {
		if share := agreement(gens["q8_0"][rep], gens["q4_k"][rep]); share < 0.95 {
			t.Errorf("rep %d: the Q4_K model's G agrees with the Q8_0 model's on %.0f%% of tokens, want 95%% or more", rep, 100*share)
		}
	}
}

// TestCopyModelMargins teacher-forces a repeated span: greedy decoding must copy at every
// position whose token occurs once before, with a logit margin, and the copy must be sure at
// temperature 1, as a trained model quoting is (so a draft model's probability bar lets it
// draft); after a token seen nowhere before, no token may stand out.
func TestCopyModelMargins(t *testing.T) {
	skipCopyModelShort(t)
	h := newHarness(t, generated(t, copySpec+",type=q8_0,copy=true", t.TempDir()), tensor.F16, 2)
	s := randomOpening(9, 200, h.m.Vocab)
	seen := map[int32]int{}
	for _, tok := range s {
		seen[tok]++
	}
	// top is the largest probability at temperature 1; p the probability of id.
	probs := func(logits []float32, id int32) (top, p float64) {
		mx, z := slices.Max(logits), 0.0
		for _, v := range logits {
			z += math.Exp(float64(v - mx))
		}
		return 1 / z, math.Exp(float64(logits[id]-mx)) / z
	}
	seq := h.newSeq(77)
	logits := h.step([]*seqState{seq}, [][]int32{slices.Concat(s, s[1:60])})[0]
	minGap, minP, steps := math.Inf(1), 1.0, 0
	for i := 59; i < 150; i++ {
		if i > 59 {
			logits = h.step([]*seqState{seq}, [][]int32{{s[i]}})[0]
		}
		if seen[s[i]] > 1 {
			continue // an ambiguous match: either continuation is a copy
		}
		want, other := s[i+1], math.Inf(-1)
		for j, v := range logits {
			if int32(j) != want {
				other = max(other, float64(v))
			}
		}
		minGap = min(minGap, float64(logits[want])-other)
		_, p := probs(logits, want)
		minP = min(minP, p)
		steps++
	}
	fresh := int32(0)
	for seen[fresh] > 0 || fresh < 3 {
		fresh++
	}
	top, _ := probs(h.step([]*seqState{seq}, [][]int32{{fresh}})[0], 0)
	t.Logf("%d steps: smallest margin %.2f, smallest probability of the copy %.3f; after a new token the top probability is %.5f", steps, minGap, minP, top)
	if minGap < 4 {
		t.Errorf("the copy's logit leads the others' by %.2f at least, want 4", minGap)
	}
	if minP < 0.6 {
		t.Errorf("at temperature 1 the copy's probability falls to %.3f, want 0.6 or more", minP)
	}
	if top > 0.01 {
		t.Errorf("after a token seen nowhere before, a token has probability %.4f, want 0.01 at most", top)
	}
}

// skipCopyModelShort skips a copy-model test under -short (CI's arm64 run under emulation): what it
// checks is the generated weights, the same bytes on every architecture, which the native run
// settles, while its forward passes were three quarters of the emulated model tests' time; every
// kernel's bits on arm64 are the other tests' to check.
func skipCopyModelShort(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the copy model's weights are the same on every architecture; the native run checks them")
	}
}
