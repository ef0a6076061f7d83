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
	{64, 300, 4, 2}, {33, 2*LowRankPanel + 70, 5, 3}, // a last panel narrower than the others
}

// TestLowRankDeltaVariantsBitExact runs LowRankDelta and LowRankDeltaF16 under every kernel set
// against the pure-Go twins bit for bit, over a destination of stale values (every element must
// be set, none kept) with a guard after it to catch writes past the end; and LowRankDeltaF16
// must give the bits of LowRankDelta on the widened halves. The twins read B row after row, the
// kernels in panels (PanelLowRankB): the layout must not change a bit.
func TestLowRankDeltaVariantsBitExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 16))
	forEachKernel(t, func(t *testing.T, _ *kernels) {
		for _, sh := range lowRankShapes {
			a16, b16 := randHalves(rng, sh.rank*sh.in, 0.1), randHalves(rng, sh.rank*sh.out, 0.1)
			a, bT := widen(a16), widen(b16)
			x, base := randFloats(rng, sh.n*sh.in, 1), randFloats(rng, sh.n*sh.out+1, 1)
			base[sh.n*sh.out] = float32(math.NaN()) // guard
			ax := make([]float32, sh.n*sh.rank)
			want := append([]float32(nil), base...)
			dotsF32Go(ax, a, x, sh.rank, sh.n)
			lowRankUpRows(want[:sh.n*sh.out], bT, ax, sh.rank, sh.n)
			runs := map[string]func(d []float32){
				"LowRankDelta":    func(d []float32) { LowRankDelta(d, x, sh.n, a, PanelLowRankB(bT, sh.rank), sh.rank, ax) },
				"LowRankDeltaF16": func(d []float32) { LowRankDeltaF16(d, x, sh.n, a16, PanelLowRankB(b16, sh.rank), sh.rank, ax) },
				"F16 twins": func(d []float32) {
					dotsF16Go(ax, a16, x, sh.rank, sh.n)
					lowRankUpF16Go(d, PanelLowRankB(b16, sh.rank), ax, sh.rank, sh.n)
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

// lowRankUpRows is what lowRankUpGo computes, on B held row after row: the meaning of the
// panels, which the tests compare every layout and kernel against.
func lowRankUpRows(d, bT, ax []float32, rank, n int) {
	width := len(bT) / rank
	for i := range n {
		for c := range width {
			var s float32
			for k := range rank {
				s += float32(ax[i*rank+k] * bT[k*width+c])
			}
			d[i*width+c] = s
		}
	}
}

// TestLowRankDeltaRowsIndependent: a row's delta is the same bits alone as among other rows.
func TestLowRankDeltaRowsIndependent(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	const in, out, rank, n = 96, 320, 16, 6
	a, bT, x := randFloats(rng, rank*in, 0.1), randFloats(rng, rank*out, 0.1), randFloats(rng, n*in, 1)
	all := make([]float32, n*out)
	LowRankDelta(all, x, n, a, bT, rank, make([]float32, n*rank))
	for i := range n {
		one := make([]float32, out)
		LowRankDelta(one, x[i*in:(i+1)*in], 1, a, bT, rank, make([]float32, rank))
		for o, v := range one {
			if math.Float32bits(v) != math.Float32bits(all[i*out+o]) {
				t.Fatalf("row %d column %d: %v alone, %v among %d rows", i, o, v, all[i*out+o], n)
			}
		}
	}
}

// TestPanelLowRankB: the panels hold every value of B once, each where LowRankPanelIndex says,
// a panel's rows end to end and the panels in column order.
func TestPanelLowRankB(t *testing.T) {
	for _, sh := range []struct{ rank, width int }{{1, 1}, {3, 7}, {16, LowRankPanel}, {4, 2*LowRankPanel + 3}, {16, 2048}} {
		b := make([]float32, sh.rank*sh.width)
		for i := range b {
			b[i] = float32(i)
		}
		p := PanelLowRankB(b, sh.rank)
		seen := make([]bool, len(p))
		for k := range sh.rank {
			for o := range sh.width {
				i := LowRankPanelIndex(k, o, sh.rank, sh.width)
				if seen[i] || p[i] != b[k*sh.width+o] {
					t.Fatalf("%+v: B[%d][%d] at %d holds %v (seen before: %v)", sh, k, o, i, p[i], seen[i])
				}
				seen[i] = true
			}
		}
		c0 := min(LowRankPanel, sh.width) // the first panel's row 1 follows its row 0
		if sh.rank > 1 && LowRankPanelIndex(1, 0, sh.rank, sh.width) != c0 {
			t.Fatalf("%+v: row 1 of the first panel starts at %d, want %d", sh, LowRankPanelIndex(1, 0, sh.rank, sh.width), c0)
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
