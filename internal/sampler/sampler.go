// Package sampler turns a row of logits into the next token: penalties, greedy or seeded random
// sampling through temperature, top-k, top-p and min-p, and the log-probabilities to report.
package sampler

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/kvwarden/kvwarden/internal/tensor"
)

// Params choose how a token is drawn. The zero value is greedy with no penalties.
type Params struct {
	Temperature       float32 // 0: greedy
	TopK              int     // 0: off
	TopP              float32 // 0 or 1: off
	MinP              float32 // 0: off
	RepetitionPenalty float32 // 0 or 1: off; applies to prompt and generated tokens
	FrequencyPenalty  float32 // applies to generated tokens, per occurrence
	PresencePenalty   float32 // applies to generated tokens, once
	Seed              uint64
	TopLogprobs       int // alternatives to report; <0: no logprobs
}

// Validate rejects values no sampler can honour.
func (p *Params) Validate() error {
	bad := func(v float32) bool { return math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) }
	switch {
	case bad(p.Temperature) || p.Temperature < 0 || p.Temperature > 100:
		return fmt.Errorf("temperature %g: want a number in [0, 100]", p.Temperature)
	case p.TopK < 0:
		return fmt.Errorf("top_k %d: want 0 (off) or a positive count", p.TopK)
	case bad(p.TopP) || p.TopP < 0 || p.TopP > 1:
		return fmt.Errorf("top_p %g: want a number in (0, 1]", p.TopP)
	case bad(p.MinP) || p.MinP < 0 || p.MinP > 1:
		return fmt.Errorf("min_p %g: want a number in [0, 1]", p.MinP)
	case bad(p.RepetitionPenalty) || p.RepetitionPenalty < 0 || p.RepetitionPenalty > 10:
		return fmt.Errorf("repetition_penalty %g: want a number in (0, 10]", p.RepetitionPenalty)
	case bad(p.FrequencyPenalty) || p.FrequencyPenalty < -2 || p.FrequencyPenalty > 2:
		return fmt.Errorf("frequency_penalty %g: want a number in [-2, 2]", p.FrequencyPenalty)
	case bad(p.PresencePenalty) || p.PresencePenalty < -2 || p.PresencePenalty > 2:
		return fmt.Errorf("presence_penalty %g: want a number in [-2, 2]", p.PresencePenalty)
	case p.TopLogprobs > 20:
		return fmt.Errorf("top_logprobs %d: at most 20", p.TopLogprobs)
	}
	return nil
}

// Candidate is a token and its log-probability.
type Candidate struct {
	ID      int32
	Logprob float32
}

// Result is the chosen token with what the caller may report.
type Result struct {
	ID      int32
	Logprob float32     // log-probability of ID under the raw logits
	Top     []Candidate // TopLogprobs best tokens under the raw logits, best first
}

// Sampler holds one request's sampling state: its random stream and token counts. Use one per
// request; it is not safe for concurrent use.
//
// All arithmetic on logits is in float64: every accepted parameter is a float32, and float64 holds
// any float32 logit divided by the smallest penalty or temperature, so no accepted value can turn a
// weight into Inf or NaN. Only the exp of a weight's exponent, formed in float64 and at most 0, is
// taken in float32 over the whole vocabulary (vectorised): it is in [0, 1] whatever its argument.
type Sampler struct {
	p      Params
	bias   map[int32]float32 // added to logits before sampling (logit_bias)
	con    Constraint
	mask   []float64
	rng    *rand.Rand
	prompt map[int32]bool
	counts map[int32]int
	raw    []float64
	work   []float64
	wts    []float32 // draw's weights by token id
	idx    []int32
	bits   []uint64 // the fast draw's allowed tokens, a bit each
	// blockSums are drawAll's sums of the weights by drawBlock ids.
	blockSums []float64
	// generalOnly keeps every draw on the general path, which tests compare the fast one with.
	generalOnly bool
}

// New returns a sampler for one request; prompt is used by the repetition penalty.
func New(p Params, prompt []int32) *Sampler {
	s := &Sampler{p: p, rng: rand.New(rand.NewPCG(p.Seed, 0x6b7677617264656e)), counts: map[int32]int{}}
	if p.RepetitionPenalty > 0 && p.RepetitionPenalty != 1 {
		s.prompt = make(map[int32]bool, len(prompt))
		for _, t := range prompt {
			s.prompt[t] = true
		}
	}
	return s
}

// MaxLogitBias bounds each logit_bias value: ±100 excludes or forces a token, as OpenAI's does.
const MaxLogitBias = 100

// SetLogitBias adds bias[id] to token id's logit before sampling (after the penalties). Reported
// logprobs stay those of the raw logits, so they do not depend on how the request was steered.
// Ids outside the vocabulary are ignored; values are clamped to ±MaxLogitBias.
func (s *Sampler) SetLogitBias(bias map[int32]float32) {
	s.bias = make(map[int32]float32, len(bias))
	for id, b := range bias {
		if math.IsNaN(float64(b)) {
			continue
		}
		s.bias[id] = max(-MaxLogitBias, min(MaxLogitBias, b))
	}
}

// Constraint restricts the tokens a request may generate: structured outputs and tool calls
// (grammar.Constraint).
type Constraint interface {
	// Allowed returns the tokens allowed next, never empty while the request may generate; the
	// sampler does not modify it.
	Allowed() []int32
	// Advance records the token generated.
	Advance(id int32)
}

// SetConstraint makes every draw come from c.Allowed(), and every accepted token advance c.
// Like logit_bias it steers only: reported logprobs stay those of the raw logits.
func (s *Sampler) SetConstraint(c Constraint) { s.con = c }

// Accept records a generated token for the penalties and the constraint.
func (s *Sampler) Accept(id int32) {
	s.counts[id]++
	if s.con != nil {
		s.con.Advance(id)
	}
}

// Follow takes a token that another sampler of the same request (the prefill node's) sampled,
// as if this one had: it is accepted, and a random stream moves past its draw, so that the
// tokens after it are those one sampler would have drawn.
func (s *Sampler) Follow(id int32) {
	if s.p.Temperature != 0 {
		s.rng.Float64()
	}
	s.Accept(id)
}

// Sample draws the next token from logits, which it does not modify.
func (s *Sampler) Sample(logits []float32) Result {
	if s.plainGreedy() {
		// Nothing to weigh and nothing to report: the argmax of the float32 logits is the token
		// the float64 path below picks (widening is exact and keeps the order), without copying
		// the vocabulary. It is most of a decode step's cost outside the forward pass otherwise.
		id, _ := tensor.Argmax(logits, nil)
		return Result{ID: id}
	}
	if s.fastDraw() {
		return Result{ID: s.sampleFast(logits)}
	}
	raw := s.rawLogits(logits)
	var res Result
	w := s.penalised(raw)
	if s.con != nil {
		w = s.masked(w)
	}
	best := argmax(w)
	switch {
	case s.p.Temperature == 0:
		res.ID = best
	case math.IsInf(w[best], 0):
		// No finite weight to draw by (+Inf logits, or every token impossible). The draw is still
		// taken: a random sampler moves exactly one draw per token, which is what lets Follow
		// resume a request's stream on another node.
		s.rng.Float64()
		res.ID = best
	default:
		res.ID = s.draw(w, best)
	}
	if s.p.TopLogprobs >= 0 {
		lse := s.logSumExp(raw)
		res.Logprob = logprob(raw[res.ID], lse)
		res.Top = s.topLogprobs(raw, lse)
	}
	return res
}

// Score reports the log-probability of id (in the vocabulary) under the raw logits, with the TopLogprobs best
// alternatives, as Sample reports a drawn token's: a prompt token scored this way gets the very
// figure generating it would have reported. It draws nothing and changes no state.
func (s *Sampler) Score(logits []float32, id int32) Result {
	raw := s.rawLogits(logits)
	lse := s.logSumExp(raw)
	res := Result{ID: id, Logprob: logprob(raw[id], lse)}
	if s.p.TopLogprobs > 0 {
		res.Top = s.topLogprobs(raw, lse)
	}
	return res
}

// rawLogits copies logits to float64 into the sampler's buffer.
func (s *Sampler) rawLogits(logits []float32) []float64 {
	raw := s.raw[:0]
	for _, v := range logits {
		// A broken model's NaN makes its token impossible rather than poisoning every weight.
		if math.IsNaN(float64(v)) {
			v = float32(math.Inf(-1))
		}
		raw = append(raw, float64(v))
	}
	s.raw = raw
	return raw
}

func (s *Sampler) penalised(raw []float64) []float64 {
	rp := float64(s.p.RepetitionPenalty)
	needRep := rp > 0 && rp != 1
	if !needRep && s.p.FrequencyPenalty == 0 && s.p.PresencePenalty == 0 && len(s.bias) == 0 {
		return raw
	}
	s.work = append(s.work[:0], raw...)
	w := s.work
	if needRep {
		pen := func(id int32) {
			if w[id] > 0 {
				w[id] /= rp
			} else {
				w[id] *= rp
			}
		}
		for id := range s.prompt {
			pen(id)
		}
		for id := range s.counts {
			if !s.prompt[id] {
				pen(id)
			}
		}
	}
	// The product rounded alone (float64()): no FMA on any architecture, so the same token.
	for id, n := range s.counts {
		w[id] -= float64(float64(s.p.FrequencyPenalty)*float64(n)) + float64(s.p.PresencePenalty)
	}
	for id, b := range s.bias {
		if id >= 0 && int(id) < len(w) {
			w[id] += float64(b)
		}
	}
	return w
}

// masked copies w with every token the constraint does not allow made impossible.
func (s *Sampler) masked(w []float64) []float64 {
	m := s.mask[:0]
	for range w {
		m = append(m, math.Inf(-1))
	}
	for _, id := range s.con.Allowed() {
		if id >= 0 && int(id) < len(w) {
			m[id] = w[id]
		}
	}
	s.mask = m
	return m
}

// plainGreedy says the token is the argmax of the logits as they are: greedy, no penalty, bias
// or constraint, and no logprobs to report.
func (s *Sampler) plainGreedy() bool {
	rp := s.p.RepetitionPenalty
	return s.p.Temperature == 0 && s.p.TopLogprobs < 0 && s.con == nil && len(s.bias) == 0 &&
		(rp == 0 || rp == 1) && s.p.FrequencyPenalty == 0 && s.p.PresencePenalty == 0
}

// draw samples through temperature, top-k, top-p and min-p with the request's random stream;
// best is the argmax of w, which is finite. Only top-k and top-p need tokens in order, and only
// the best few of them, so the candidates are selected with a bounded heap instead of sorting the
// vocabulary.
func (s *Sampler) draw(w []float64, best int32) int32 {
	// In float64 1/T is finite for every positive float32 T, and each weight is in [0, 1] with the
	// best token's exactly 1: a vanishing temperature leaves only the best token(s), which is greedy.
	invT := 1 / float64(s.p.Temperature)
	maxv := w[best]
	weight := func(id int32) float64 { return math.Exp((w[id] - maxv) * invT) }
	if s.p.TopK == 0 {
		// Every token's weight is needed (top-p's total, or the draw over the whole vocabulary):
		// one vectorised float32 exp over the vocabulary instead of a math.Exp per token, which
		// made a draw cost a sixth of a decode step. The exponent is formed in float64 (finite for
		// any accepted T) and is at most 0, so each weight is in [0, 1], the best token's 1.
		s.wts = s.wts[:0]
		for _, v := range w {
			s.wts = append(s.wts, float32((v-maxv)*invT))
		}
		tensor.Exps(s.wts)
		wts := s.wts
		weight = func(id int32) float64 { return float64(wts[id]) }
	}

	var idx []int32
	switch tp := s.p.TopP; {
	case s.p.TopK > 0:
		idx = s.best(w, min(s.p.TopK, len(w)))
		if tp > 0 && tp < 1 {
			idx = s.nucleus(idx, weight, sumWeights(idx, weight), float64(tp))
		}
	case tp > 0 && tp < 1:
		z := tensor.SumF64(s.wts)
		for m := 64; ; m *= 4 {
			idx = s.best(w, min(m, len(w)))
			if mass := sumWeights(idx, weight); mass >= float64(tp)*z || len(idx) == len(w) {
				idx = s.nucleus(idx, weight, z, float64(tp))
				break
			}
		}
	default:
		return s.drawAll(best)
	}
	if mp := float64(s.p.MinP); mp > 0 {
		// The best token has weight 1 and stays whatever min_p is, so idx is never empty.
		kept := idx[:0]
		for _, id := range idx {
			if id == best || weight(id) >= mp {
				kept = append(kept, id)
			}
		}
		idx = kept
	}
	u := s.rng.Float64() * sumWeights(idx, weight)
	chosen := best
	for _, id := range idx {
		wt := weight(id)
		if wt == 0 {
			continue
		}
		// Rounding may leave u just above zero after the last token: keep the last possible one.
		chosen = id
		if u -= wt; u < 0 {
			break
		}
	}
	return chosen
}

func sumWeights(idx []int32, weight func(int32) float64) float64 {
	var t float64
	for _, id := range idx {
		t += weight(id)
	}
	return t
}

// nucleus keeps the shortest prefix of idx (best first) whose mass reaches p of z.
func (s *Sampler) nucleus(idx []int32, weight func(int32) float64, z, p float64) []int32 {
	var cum float64
	for i, id := range idx {
		cum += weight(id)
		if cum >= p*z {
			return idx[:i+1]
		}
	}
	return idx
}

// better orders tokens by logit, then by lower id, so selection never depends on scan order.
func better(w []float64, a, b int32) bool {
	return w[a] > w[b] || (w[a] == w[b] && a < b)
}

// best returns the k best token ids, best first.
func (s *Sampler) best(w []float64, k int) []int32 {
	h := s.idx[:0]
	// h is a min-heap (worst at the root) of at most k ids.
	down := func(i int) {
		for {
			l := 2*i + 1
			if l >= len(h) {
				return
			}
			c := l
			if r := l + 1; r < len(h) && better(w, h[l], h[r]) {
				c = r
			}
			if !better(w, h[i], h[c]) {
				return
			}
			h[i], h[c] = h[c], h[i]
			i = c
		}
	}
	for i := range w {
		id := int32(i)
		if len(h) < k {
			h = append(h, id)
			for j := len(h) - 1; j > 0; {
				p := (j - 1) / 2
				if !better(w, h[p], h[j]) {
					break
				}
				h[p], h[j] = h[j], h[p]
				j = p
			}
		} else if better(w, id, h[0]) {
			h[0] = id
			down(0)
		}
	}
	slices.SortFunc(h, func(a, b int32) int {
		if better(w, a, b) {
			return -1
		}
		return 1
	})
	s.idx = h
	return h
}

// logprob reports v - lse as a float32. The difference of two float32 logits can exceed the float32
// range, and an impossible token's is -Inf: both are reported as the most negative float32, so a
// logprob is always finite (JSON cannot carry an infinity).
func logprob(v, lse float64) float32 {
	d := v - lse
	if math.IsNaN(d) || d < -math.MaxFloat32 {
		return -math.MaxFloat32
	}
	return float32(min(d, 0))
}

func (s *Sampler) topLogprobs(raw []float64, lse float64) []Candidate {
	k := s.p.TopLogprobs
	if k == 0 {
		return nil
	}
	top := s.best(raw, min(k, len(raw)))
	out := make([]Candidate, len(top))
	for i, id := range top {
		out[i] = Candidate{ID: id, Logprob: logprob(raw[id], lse)}
	}
	return out
}
