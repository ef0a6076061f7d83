package sampler

import (
	"math"

	"github.com/kvwarden/kvwarden/internal/tensor"
)

// The passes over the whole vocabulary, a decode step's per-token cost outside the forward pass:
// the general path's argmax, the draw over every token and the log-sum-exp.

// argmax returns the first index of the largest value, so ties resolve the same way every time;
// NaNs are never the largest (rawLogits has made them -Inf), and it is 0 when nothing is above
// -Inf: on the general path's float64 logits the token tensor.Argmax gives on their float32
// originals, widening being exact and keeping the order.
func argmax(x []float64) int32 {
	best, bv := 0, math.Inf(-1)
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

// drawBlock is the number of token ids whose weights drawAll sums together before it looks at
// them one by one. It is a constant, not a function of the threads or the batch, so the draw's
// arithmetic, and with it the token, is the same wherever the request runs.
const drawBlock = 1024

// drawAll is draw over the whole vocabulary (no top-k or top-p) from the weights in s.wts, by id:
// min_p zeroes the weights it drops, and zero weights are skipped, which is drawing from the
// tokens kept without listing them.
//
// The weights are summed by blocks of drawBlock ids (tensor.SumF64 each, the blocks' sums added
// in order for the total z), u is drawn uniform in [0, z), and walkDown finds the token it lands
// on. The blocks keep the draw off a float64 chain over every id, which over Qwen's 151,936 tokens
// is about 200 µs of dependent adds on the step's critical path.
func (s *Sampler) drawAll(best int32) int32 {
	wts := s.wts
	if mp := s.p.MinP; mp > 0 {
		for id, wt := range wts {
			if wt < mp && int32(id) != best { // the best token's weight is 1: it always stays
				wts[id] = 0
			}
		}
	}
	s.blockSums = s.blockSums[:0]
	z := 0.0
	for lo := 0; lo < len(wts); lo += drawBlock {
		bs := tensor.SumF64(wts[lo:min(lo+drawBlock, len(wts))])
		s.blockSums = append(s.blockSums, bs)
		z += bs
	}
	return walkDown(wts, s.blockSums, s.rng.Float64()*z, best)
}

// walkDown is the token u lands on: u is taken down by the block sums sums (of drawBlock weights
// each) to the block it would cross zero in, then by the weights of that block one at a time.
// Rounding may leave u at or above zero past the last token with a weight: that token is kept
// then. best is the answer only when every weight is 0.
func walkDown(wts []float32, sums []float64, u float64, best int32) int32 {
	blk := -1
	for b, bs := range sums {
		if bs == 0 {
			continue
		}
		blk = b * drawBlock
		if u-bs < 0 {
			break
		}
		u -= bs
	}
	if blk < 0 {
		return best
	}
	chosen := best
	for id, wt := range wts[blk:min(blk+drawBlock, len(wts))] {
		if wt == 0 {
			continue
		}
		chosen = int32(blk + id)
		if u -= float64(wt); u < 0 {
			break
		}
	}
	return chosen
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
	return m + math.Log(tensor.SumF64(s.wts))
}
