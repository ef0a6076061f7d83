package tensor

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestLowRankAddVariantsBitExact runs LowRankAdd under every kernel set against the pure-Go
// twins bit for bit, over shapes around the kernels' widths (columns around 16 and 64, ranks
// not a multiple of 4), with a guard after each output to catch writes past the end.
func TestLowRankAddVariantsBitExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 16))
	shapes := []struct{ in, out, rank, n int }{
		{768, 2048, 16, 1}, {768, 256, 16, 8}, {2048, 768, 16, 3}, {64, 64, 4, 2}, {17, 65, 3, 5},
		{15, 63, 1, 1}, {40, 130, 7, 4}, {96, 192, 8, 1}, {1, 1, 1, 1},
	}
	forEachKernel(t, func(t *testing.T, _ *kernels) {
		for _, sh := range shapes {
			a, bT := randFloats(rng, sh.rank*sh.in, 0.1), randFloats(rng, sh.rank*sh.out, 0.1)
			x, base := randFloats(rng, sh.n*sh.in, 1), randFloats(rng, sh.n*sh.out+1, 1)
			base[sh.n*sh.out] = float32(math.NaN()) // guard
			scale := float32(rng.NormFloat64())
			got, want := append([]float32(nil), base...), append([]float32(nil), base...)
			LowRankAdd(got[:sh.n*sh.out], x, sh.n, a, bT, sh.rank, scale, make([]float32, sh.n*sh.rank))
			ax := make([]float32, sh.n*sh.rank)
			dotsF32Go(ax, a, x, sh.rank, sh.n)
			lowRankUpGo(want[:sh.n*sh.out], bT, ax, sh.rank, sh.n, scale)
			for i := range got {
				if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
					t.Fatalf("%+v: element %d is %v, want %v", sh, i, got[i], want[i])
				}
			}
		}
	})
}

// TestLowRankAddRowsIndependent: a row's update is the same bits alone as among other rows.
func TestLowRankAddRowsIndependent(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	const in, out, rank, n = 96, 320, 16, 6
	a, bT, x := randFloats(rng, rank*in, 0.1), randFloats(rng, rank*out, 0.1), randFloats(rng, n*in, 1)
	all := make([]float32, n*out)
	LowRankAdd(all, x, n, a, bT, rank, 0.75, make([]float32, n*rank))
	for i := range n {
		one := make([]float32, out)
		LowRankAdd(one, x[i*in:(i+1)*in], 1, a, bT, rank, 0.75, make([]float32, rank))
		for o, v := range one {
			if math.Float32bits(v) != math.Float32bits(all[i*out+o]) {
				t.Fatalf("row %d column %d: %v alone, %v among %d rows", i, o, v, all[i*out+o], n)
			}
		}
	}
}

func randFloats(rng *rand.Rand, n int, sigma float64) []float32 {
	s := make([]float32, n)
	for i := range s {
		s[i] = float32(rng.NormFloat64() * sigma)
	}
	return s
}
