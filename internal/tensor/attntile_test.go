package tensor

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// onlineAttention runs one query's attention over n positions of the values v (hd each) with
// scores s, block by block of AttnKeyBlock, as the model's tiles do: the value sum divided by
// the softmax's sum.
func onlineAttention(s, v []float32, n, hd int) []float32 {
	out := make([]float32, hd)
	var st OnlineSoftmax
	block := make([]float32, AttnKeyBlock)
	for b0 := 0; b0 < n; b0 += AttnKeyBlock {
		m := min(AttnKeyBlock, n-b0)
		copy(block, s[b0:b0+m])
		st.Step(block[:m], out)
		AttnValuesF32(out, hd, block, AttnKeyBlock, 1, v[b0*hd:], hd, m, hd)
	}
	st.Finish(out)
	return out
}

// TestOnlineSoftmaxBitExact: the blocked softmax gives the pure-Go set's bits on every kernel
// set, with scores whose maximum rises, falls and repeats across blocks (every rescale path),
// and stays within float32 rounding of the softmax over the whole row.
func TestOnlineSoftmaxBitExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 3))
	const hd = 24
	for _, n := range []int{1, 7, AttnKeyBlock, AttnKeyBlock + 1, 3*AttnKeyBlock + 17} {
		for _, trend := range []float64{-0.2, 0, 0.2} { // scores falling, flat or rising with position
			s, v := make([]float32, n), floats(rng, n*hd, 1)
			for i := range s {
				s[i] = float32(rng.NormFloat64()*3 + trend*float64(i))
			}
			useKernels(t, goKernels)
			want := onlineAttention(s, v, n, hd)
			exact := make([]float64, hd)
			m := float64(slices.Max(s))
			var sum float64
			for i, x := range s {
				w := math.Exp(float64(x) - m)
				sum += w
				for c := range exact {
					exact[c] += w * float64(v[i*hd+c])
				}
			}
			for c := range exact {
				if d := math.Abs(float64(want[c]) - exact[c]/sum); d > 1e-5*(1+math.Abs(exact[c]/sum)) {
					t.Fatalf("n %d trend %v: element %d = %v, exact %v", n, trend, c, want[c], exact[c]/sum)
				}
			}
			forEachKernel(t, func(t *testing.T, _ *kernels) {
				got := onlineAttention(s, v, n, hd)
				for c := range got {
					if !sameBits(got[c], want[c]) {
						t.Fatalf("n %d trend %v: element %d = %v, the go set's %v", n, trend, c, got[c], want[c])
					}
				}
			})
		}
	}
}

// TestOnlineSoftmaxEmpty: no key leaves the value sum as it is, and an empty block changes nothing.
func TestOnlineSoftmaxEmpty(t *testing.T) {
	var st OnlineSoftmax
	out := []float32{1, 2}
	st.Step(nil, out)
	st.Finish(out)
	if out[0] != 1 || out[1] != 2 || st != (OnlineSoftmax{}) {
		t.Errorf("empty softmax: out %v, state %+v", out, st)
	}
}
