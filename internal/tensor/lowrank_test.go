package tensor

import (
	"math"
	"math/rand/v2"
	"testing"
)

// lowRankShapes are shapes around the kernels' widths: columns around 16 and 64, ranks not a
// multiple of 4, one row and several.
var lowRankShapes = []struct{ in, out, rank, n int }{
	{768, 2048, 16, 1}, {768, 256, 16, 8}, {2048, 768, 16, 3}, {64, 64, 4, 2}, {17, 65, 3, 5},
	{15, 63, 1, 1}, {40, 130, 7, 4}, {96, 192, 8, 1}, {1, 1, 1, 1},
}

// TestLowRankAddVariantsBitExact runs LowRankAdd and LowRankAddF16 under every kernel set
// against the pure-Go twins bit for bit, with a guard after each output to catch writes past
// the end; and LowRankAddF16 must give the bits of LowRankAdd on the widened halves.
func TestLowRankAddVariantsBitExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 16))
	forEachKernel(t, func(t *testing.T, _ *kernels) {
		for _, sh := range lowRankShapes {
			a16, b16 := randHalves(rng, sh.rank*sh.in, 0.1), randHalves(rng, sh.rank*sh.out, 0.1)
			a, bT := widen(a16), widen(b16)
			x, base := randFloats(rng, sh.n*sh.in, 1), randFloats(rng, sh.n*sh.out+1, 1)
			base[sh.n*sh.out] = float32(math.NaN()) // guard
			scale := float32(rng.NormFloat64())
			ax := make([]float32, sh.n*sh.rank)
			want := append([]float32(nil), base...)
			dotsF32Go(ax, a, x, sh.rank, sh.n)
			lowRankUpGo(want[:sh.n*sh.out], bT, ax, sh.rank, sh.n, scale)
			runs := map[string]func(out []float32){
				"LowRankAdd":    func(out []float32) { LowRankAdd(out, x, sh.n, a, bT, sh.rank, scale, ax) },
				"LowRankAddF16": func(out []float32) { LowRankAddF16(out, x, sh.n, a16, b16, sh.rank, scale, ax) },
				"F16 twins": func(out []float32) {
					dotsF16Go(ax, a16, x, sh.rank, sh.n)
					lowRankUpF16Go(out, b16, ax, sh.rank, sh.n, scale)
				},
			}
			for name, run := range runs {
				got := append([]float32(nil), base...)
				run(got[:sh.n*sh.out])
				for i := range got {
					if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
						t.Fatalf("%s %+v: element %d is %v, want %v", name, sh, i, got[i], want[i])
					}
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

func randHalves(rng *rand.Rand, n int, sigma float64) []uint16 {
	s := make([]uint16, n)
	for i := range s {
		s[i] = F32ToF16(float32(rng.NormFloat64() * sigma))
	}
	return s
}

func widen(h []uint16) []float32 {
	s := make([]float32, len(h))
	for i, v := range h {
		s[i] = F16ToF32(v)
	}
	return s
}
