package sampler

import (
	"math"

	"github.com/kvwarden/kvwarden/internal/tensor"
)

// The passes over the whole vocabulary, a decode step's per-token cost outside the forward pass:
// the argmax, the draw over every token, the sums and the log-sum-exp.

// argmax returns the first index of the largest value, so ties resolve the same way every time;
// NaNs are never the largest (rawLogits has made them -Inf), and it is 0 when nothing is above
// -Inf. On float32 logits it is the token argmax of their float64 copy gives: widening is exact
// and keeps the order.
func argmax[T float32 | float64](x []T) int32 {
	best, bv := 0, T(math.Inf(-1))
	i := 0
	// Blocks of 8 are tested against the best so far with comparisons that do not depend on each
	// other and are almost always false; only a block holding a new best is scanned in order.
	for ; i+8 <= len(x); i += 8 {
		b := x[i : i+8 : i+8]
		if b[0] > bv || b[1] > bv || b[2] > bv || b[3] > bv || b[4] > bv || b[5] > bv || b[6] > bv || b[7] > bv {
			for j, v := range b {
				if v > bv { // false for NaN
					best, bv = i+j, v
				}
			}
		}
	}
	for ; i < len(x); i++ {
		if x[i] > bv {
			best, bv = i, x[i]
		}
	}
	return int32(best)
}

// drawAll is draw over the whole vocabulary (no top-k or top-p) from the weights in s.wts, by id,
// whose sum64 is z: min_p zeroes the weights it drops, and zero weights are skipped, which is
// drawing from the tokens kept without listing them.
func (s *Sampler) drawAll(best int32, z float64) int32 {
	wts := s.wts
	if mp := s.p.MinP; mp > 0 {
		for id, wt := range wts {
			if wt < mp && int32(id) != best { // the best token's weight is 1: it always stays
				wts[id] = 0
			}
		}
		z = sum64(wts)
	}
	u := s.rng.Float64() * z
	chosen := best
	for id, wt := range wts {
		if wt == 0 {
			continue
		}
		// Rounding may leave u just above zero after the last token: keep the last possible one.
		chosen = int32(id)
		if u -= float64(wt); u < 0 {
			break
		}
	}
	return chosen
}

// sum64 is the float64 sum of x over four chains: one chain of dependent adds is latency-bound.
func sum64(x []float32) float64 {
	var s0, s1, s2, s3 float64
	i := 0
	for ; i+4 <= len(x); i += 4 {
		v := x[i : i+4 : i+4]
		s0 += float64(v[0])
		s1 += float64(v[1])
		s2 += float64(v[2])
		s3 += float64(v[3])
	}
	for ; i < len(x); i++ {
		s0 += float64(x[i])
	}
	return (s0 + s1) + (s2 + s3)
}

// logSumExp is log Σ exp(x), the max factored out; the exps are one vectorised float32 pass (each
// argument is at most 0), summed in float64.
func (s *Sampler) logSumExp(x []float64) float64 {
	m := x[argmax(x)]
	if math.IsInf(m, 0) {
		return m
	}
	s.wts = s.wts[:0]
	for _, v := range x {
		s.wts = append(s.wts, float32(v-m))
	}
	tensor.Exps(s.wts)
	return m + math.Log(sum64(s.wts))
}
