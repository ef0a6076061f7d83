package sampler

import (
	"math"

	"github.com/kvwarden/kvwarden/internal/tensor"
)

// The fast draw: a request that only steers by temperature, min_p and a constraint (no penalty,
// bias, top-k, top-p or logprobs, which is what a client sets most often) draws the token the
// general path draws, from the float32 logits as they are. The general path's float64 copy of
// the vocabulary and its float64 masked copy are skipped: widening a float32 is exact, so the
// argmax of the float32 logits over the allowed tokens is the float64 argmax, and
// tensor.DrawWeights forms each weight's exponent in float64 as draw does and exponentiates it in
// one vectorised pass with the same bits; both paths then draw with drawAll. A constraint's
// allowed set becomes a bitmask of the vocabulary (a bit per token, set from the allowed list)
// rather than a 151,936-entry float64 mask.

// maskedConstraint is a Constraint that may have its allowed set at hand as a bitmask of the
// vocabulary (grammar.Constraint for a large set): bit id%64 of word id/64; nil when it has none,
// and then Allowed gives the set. The sampler does not modify it.
type maskedConstraint interface {
	AllowedMask() []uint64
}

// allowedMask is the constraint's bitmask for a vocabulary of n tokens, if it has one that covers it.
func (s *Sampler) allowedMask(n int) []uint64 {
	if mc, ok := s.con.(maskedConstraint); ok {
		if m := mc.AllowedMask(); len(m) >= (n+63)/64 {
			return m
		}
	}
	return nil
}

// fastDraw reports whether Sample may take the fast draw.
func (s *Sampler) fastDraw() bool {
	rp := s.p.RepetitionPenalty
	tp := s.p.TopP
	return !s.generalOnly && s.p.TopLogprobs < 0 && len(s.bias) == 0 && (rp == 0 || rp == 1) &&
		s.p.FrequencyPenalty == 0 && s.p.PresencePenalty == 0 && s.p.TopK == 0 && !(tp > 0 && tp < 1) &&
		(s.p.Temperature != 0 || s.con != nil)
}

// sampleFast is Sample's token on the fast draw.
func (s *Sampler) sampleFast(logits []float32) int32 {
	var allowed []uint64
	var best int32
	var bv float32
	if s.con == nil {
		best, bv = tensor.Argmax(logits, nil)
	} else if m := s.allowedMask(len(logits)); m != nil {
		allowed = m
		best, bv = tensor.Argmax(logits, m)
	} else {
		allowed, best, bv = s.allowedBits(logits)
	}
	switch {
	case s.p.Temperature == 0:
		return best
	case math.IsInf(float64(bv), 0) || bv != bv:
		s.rng.Float64() // as Sample: one draw per token, whatever the weights
		return best
	}
	if cap(s.wts) < len(logits) {
		s.wts = make([]float32, len(logits))
	}
	s.wts = s.wts[:len(logits)]
	tensor.DrawWeights(s.wts, logits, float64(bv), 1/float64(s.p.Temperature), allowed)
	return s.drawAll(best)
}

// allowedBits sets s.bits to the constraint's allowed tokens (ids outside the vocabulary are
// ignored, as masked does) and returns it with the masked argmax: the lowest id of the largest
// allowed logit, and that logit; id 0 and -Inf when no allowed logit is above -Inf, as argmax of
// the masked float64 copy gives.
func (s *Sampler) allowedBits(logits []float32) ([]uint64, int32, float32) {
	n := len(logits)
	words := (n + 63) / 64
	if cap(s.bits) < words {
		s.bits = make([]uint64, words)
	}
	bits := s.bits[:words]
	clear(bits)
	best, bv := int32(0), float32(math.Inf(-1))
	found := false
	// The list runs in id order within each cost (grammar.Constraint's), so the word being set is
	// kept in a register while the ids stay in it, not read and written back per id.
	cur, word := int32(-1), uint64(0)
	for _, id := range s.con.Allowed() {
		if id < 0 || int(id) >= n {
			continue
		}
		if w := id >> 6; w != cur {
			if cur >= 0 {
				bits[cur] |= word
			}
			cur, word = w, 0
		}
		word |= 1 << (id & 63)
		// The list is not in id order: ties go to the lower id, as in a scan by id. NaN is never
		// above anything, as rawLogits' -Inf.
		if v := logits[id]; v > bv || (found && v == bv && id < best) {
			best, bv, found = id, v, true
		}
	}
	if cur >= 0 {
		bits[cur] |= word
	}
	return bits, best, bv
}
