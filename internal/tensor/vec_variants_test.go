package tensor

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// TestElementwiseVariantsBitExact runs Axpy and F16sToF32 under every kernel set and compares
// each with the pure-Go twin bit for bit, at every length around the vector width, with guard
// values after the end to catch out-of-bounds writes.
func TestElementwiseVariantsBitExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	forEachKernel(t, func(t *testing.T, _ *kernels) {
		for n := 0; n <= 40; n++ {
			x := make([]float32, n)
			base := make([]float32, n+1)
			h := make([]uint16, n)
			for i := range x {
				x[i] = float32(rng.NormFloat64())
				base[i] = float32(rng.NormFloat64() * 3)
				h[i] = uint16(rng.Uint32())
			}
			base[n] = float32(math.NaN()) // guard
			a := float32(rng.NormFloat64())
			got := append([]float32(nil), base...)
			want := append([]float32(nil), base...)
			Axpy(got[:n], a, x)
			axpyGo(want[:n], a, x)
			for i := range got {
				if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
					t.Fatalf("Axpy n=%d element %d: %v, want %v", n, i, got[i], want[i])
				}
			}
			gotH := make([]float32, n+1)
			wantH := make([]float32, n+1)
			gotH[n], wantH[n] = 7, 7
			F16sToF32(gotH[:n], h)
			f16sToF32Go(wantH[:n], h)
			for i := range gotH {
				// Signalling NaNs come out quieted from the hardware: NaN either way.
				bothNaN := math.IsNaN(float64(gotH[i])) && math.IsNaN(float64(wantH[i]))
				if math.Float32bits(gotH[i]) != math.Float32bits(wantH[i]) && !bothNaN {
					t.Fatalf("F16sToF32 n=%d element %d (0x%04x): %v, want %v", n, i, h[min(i, n-1)], gotH[i], wantH[i])
				}
			}
		}
	})
}

// TestF16sToF32AllValues converts every half once through the active kernel.
func TestF16sToF32AllValues(t *testing.T) {
	src := make([]uint16, 1<<16)
	for i := range src {
		src[i] = uint16(i)
	}
	got := make([]float32, len(src))
	want := make([]float32, len(src))
	F16sToF32(got, src)
	f16sToF32Go(want, src)
	for i := range got {
		if math.Float32bits(got[i]) != math.Float32bits(want[i]) && !(math.IsNaN(float64(got[i])) && math.IsNaN(float64(want[i]))) {
			t.Fatalf("half 0x%04x: %v, want %v", i, got[i], want[i])
		}
	}
}

// TestRoundVariantsBitExact runs the F16 and BF16 activation rounding under every kernel set
// and compares each with RoundF16 / RoundBF16 bit for bit, NaN payloads included, on random
// bit patterns and on the values around every rounding boundary (ties, the largest finite
// halves, the subnormal ranges, NaN and inf), with a guard after the end.
func TestRoundVariantsBitExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	var xs []float32
	for range 1 << 14 {
		xs = append(xs, math.Float32frombits(rng.Uint32()))
	}
	for _, b := range []uint32{0x477fe000, 0x477fefff, 0x477ff000, 0x477fffff, 0x47800000, // F16 max, its ties, overflow
		0x33000000, 0x33000001, 0x337fffff, 0x38800000, 0x387fc000, 0x387fe000, 0x38000000, // F16 subnormals
		0x3f801000, 0x3f803000, 0x3f800fff, 0x3f808000, 0x3f818000, 0x3f80ffff, // F16 and BF16 ties
		0x7f7f8000, 0x7f7fffff, 0x00000001, 0x00008000, 0x00018000, 0x807fffff, // BF16 edges
		0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001, 0xffbfffff, 0x7fffffff, 0x80000000, 0} {
		for _, d := range []int32{-1, 0, 1} {
			xs = append(xs, math.Float32frombits(uint32(int32(b)+d)))
		}
	}
	forEachKernel(t, func(t *testing.T, k *kernels) {
		for _, tc := range []struct {
			name  string
			round func(dst, src []float32)
			ref   func(float32) float32
		}{{"F16", k.roundF16s, RoundF16}, {"BF16", k.roundBF16s, RoundBF16}} {
			for _, n := range []int{0, 1, 7, 8, 9, 31, len(xs)} {
				got := make([]float32, n+1)
				got[n] = 7 // guard
				tc.round(got[:n], xs[:n])
				for i := range n {
					if w := tc.ref(xs[i]); math.Float32bits(got[i]) != math.Float32bits(w) {
						t.Fatalf("%s n=%d: %#08x rounds to %#08x, want %#08x", tc.name, n, math.Float32bits(xs[i]), math.Float32bits(got[i]), math.Float32bits(w))
					}
				}
				if got[n] != 7 {
					t.Fatalf("%s n=%d: wrote past the end", tc.name, n)
				}
			}
		}
	})
}

// TestQuantQ8_0VariantsBitExact runs every kernel set's activation quantiser against
// quantActQ8_0 bit for bit, scales, quants and sums, on rows of blocks that each stress one
// rule: ties of the rounding, a multiplier that overflows (subnormal blocks), a scale that
// overflows f16, infinities, NaNs (skipped by amax, quantised to -128), signed zeros.
func TestQuantQ8_0VariantsBitExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 28))
	inf, nan := float32(math.Inf(1)), float32(math.NaN())
	special := []float32{0, float32(math.Copysign(0, -1)), inf, -inf, nan, 1e-40, -1e-45, 3e38, -3e38, 0.5, 1.5, 2.54, 0.03}
	var x []float32
	for b := range 64 {
		for k := range qk0 {
			var v float32
			switch b % 4 {
			case 0: // random
				v = float32(rng.NormFloat64() * 4)
			case 1: // halves: ties at id = 127/16.5
				v = float32(k) - 15.5
			case 2: // a few specials among tiny or huge values
				v = float32(rng.NormFloat64()) * []float32{1e-40, 1e-3, 1e30, 3e37}[b/4%4]
				if rng.IntN(4) == 0 {
					v = special[rng.IntN(len(special))]
				}
			default: // specials only
				v = special[rng.IntN(len(special))]
			}
			x = append(x, v)
		}
	}
	nb := len(x) / qk0
	wq, wd, ws := make([]int8, len(x)), make([]float32, nb), make([]int32, nb)
	quantActQ8_0(x, wq, wd, ws)
	forEachKernel(t, func(t *testing.T, k *kernels) {
		for _, blocks := range []int{0, 1, 2, 7, nb} {
			n := blocks * qk0
			q, d, s := make([]int8, n+1), make([]float32, blocks+1), make([]int32, blocks+1)
			q[n], d[blocks], s[blocks] = 7, 7, 7 // guards
			k.quantQ8_0(x[:n], q[:n], d[:blocks], s[:blocks])
			for b := range blocks {
				if math.Float32bits(d[b]) != math.Float32bits(wd[b]) || s[b] != ws[b] {
					t.Fatalf("%d blocks, block %d (%v): d=%g s=%d, want d=%g s=%d", blocks, b, x[b*qk0:(b+1)*qk0], d[b], s[b], wd[b], ws[b])
				}
				for i := b * qk0; i < (b+1)*qk0; i++ {
					if q[i] != wq[i] {
						t.Fatalf("%d blocks, block %d: q[%d] = %d (x %g), want %d", blocks, b, i, q[i], x[i], wq[i])
					}
				}
			}
			if q[n] != 7 || d[blocks] != 7 || s[blocks] != 7 {
				t.Fatalf("%d blocks: wrote past the end", blocks)
			}
		}
	})
}

// TestQuantQ8_KVariantsBitExact runs every kernel set's Q8_K activation quantiser against
// quantActQ8_K bit for bit, scales, quants and 16-value sums, on super-blocks that each stress
// one rule: the first value of largest magnitude decides the sign (both signs present, at either
// end), ties of the rounding, zero, NaN (skipped by amax, quantised to 0) and all-NaN blocks,
// infinities, a multiplier that overflows (subnormal blocks), huge values and signed zeros.
func TestQuantQ8_KVariantsBitExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 30))
	inf, nan := float32(math.Inf(1)), float32(math.NaN())
	special := []float32{0, float32(math.Copysign(0, -1)), inf, -inf, nan, 1e-40, -1e-45, 3e38, -3e38, 0.5, 1.5, 2.54}
	block := func(f func(k int) float32) []float32 {
		x := make([]float32, qkK)
		for k := range x {
			x[k] = f(k)
		}
		return x
	}
	normal := func(scale float64) func(int) float32 {
		return func(int) float32 { return float32(rng.NormFloat64() * scale) }
	}
	withAt := func(f func(int) float32, at map[int]float32) func(int) float32 {
		return func(k int) float32 {
			if v, ok := at[k]; ok {
				return v
			}
			return f(k)
		}
	}
	var x []float32
	for _, b := range [][]float32{
		block(normal(4)),
		block(withAt(normal(1), map[int]float32{17: -9, 200: 9})), // -9 first: mx = -9
		block(withAt(normal(1), map[int]float32{17: 9, 200: -9})),
		block(withAt(normal(1), map[int]float32{0: -9})),
		block(withAt(normal(1), map[int]float32{255: 9})),
		block(func(k int) float32 { return float32(k%64) - 31.5 }), // ties at iscale = -127/-31.5
		block(func(int) float32 { return 0 }),
		block(func(int) float32 { return float32(math.Copysign(0, -1)) }),
		block(func(int) float32 { return nan }),
		block(withAt(normal(2), map[int]float32{3: nan, 100: nan, 101: -nan})),
		block(withAt(normal(2), map[int]float32{40: inf})),
		block(withAt(normal(2), map[int]float32{40: -inf, 41: inf})),
		block(normal(1e-40)), // iscale overflows
		block(withAt(normal(1e-42), map[int]float32{7: 0})),
		block(normal(1e37)),
		block(func(int) float32 { return special[rng.IntN(len(special))] }),
		block(func(int) float32 { return float32(rng.IntN(5) - 2) }), // many ties of the maximum
	} {
		x = append(x, b...)
	}
	nb := len(x) / qkK
	wq, wd, wbs := make([]int8, len(x)), make([]float32, nb), make([]int16, 16*nb)
	quantActQ8_K(x, wq, wd, wbs)
	forEachKernel(t, func(t *testing.T, k *kernels) {
		for _, blocks := range []int{0, 1, 2, nb} {
			n := blocks * qkK
			q, d, bs := make([]int8, n+1), make([]float32, blocks+1), make([]int16, 16*blocks+1)
			q[n], d[blocks], bs[16*blocks] = 7, 7, 7 // guards
			k.quantQ8_K(x[:n], q[:n], d[:blocks], bs[:16*blocks])
			for b := range blocks {
				if math.Float32bits(d[b]) != math.Float32bits(wd[b]) {
					t.Fatalf("%d blocks, block %d: d=%g, want %g", blocks, b, d[b], wd[b])
				}
				for i := b * qkK; i < (b+1)*qkK; i++ {
					if q[i] != wq[i] {
						t.Fatalf("%d blocks, block %d: q[%d] = %d (x %g), want %d", blocks, b, i, q[i], x[i], wq[i])
					}
				}
				for g := 16 * b; g < 16*(b+1); g++ {
					if bs[g] != wbs[g] {
						t.Fatalf("%d blocks, block %d: bs[%d] = %d, want %d", blocks, b, g, bs[g], wbs[g])
					}
				}
			}
			if q[n] != 7 || d[blocks] != 7 || bs[16*blocks] != 7 {
				t.Fatalf("%d blocks: wrote past the end", blocks)
			}
		}
	})
}

// TestQuantActQ8_KOverflow pins the reference's quants where the multiplier overflows (a block
// whose largest magnitude is subnormal): ±inf and NaN products give 0 on every architecture, as
// the AVX2 kernel gives, where Go's own conversion gives MaxInt32 for +inf on arm64 (127).
func TestQuantActQ8_KOverflow(t *testing.T) {
	x := make([]float32, qkK)
	x[0], x[1], x[2] = 1e-40, -1e-40, 5e-41 // iscale = -127/1e-40 overflows to -inf
	q, d, bs := make([]int8, qkK), make([]float32, 1), make([]int16, 16)
	quantActQ8_K(x, q, d, bs)
	for i, v := range q {
		if v != 0 {
			t.Fatalf("q[%d] = %d (x %g), want 0", i, v, x[i])
		}
	}
	if math.Float32bits(d[0]) != math.Float32bits(float32(math.Copysign(0, -1))) || bs[0] != 0 {
		t.Fatalf("d = %g, bs[0] = %d, want -0 and 0", d[0], bs[0])
	}
}

// BenchmarkQuantAct measures each kernel set's activation quantisers on one row of a decode step's
// widths (768: Q, K, V, gate, up, the output head; 2048: down).
func BenchmarkQuantAct(b *testing.B) {
	rng := rand.New(rand.NewPCG(31, 32))
	for _, k := range availableKernels {
		for _, cols := range []int{768, 2048} {
			x := make([]float32, cols)
			for i := range x {
				x[i] = float32(rng.NormFloat64())
			}
			q := make([]int8, cols)
			d, s := make([]float32, cols/qk0), make([]int32, cols/qk0)
			dK, bs := make([]float32, cols/qkK), make([]int16, cols/16)
			b.Run(fmt.Sprintf("Q8_0/%s/%d", k.name, cols), func(b *testing.B) {
				for b.Loop() {
					k.quantQ8_0(x, q, d, s)
				}
			})
			b.Run(fmt.Sprintf("Q8_K/%s/%d", k.name, cols), func(b *testing.B) {
				for b.Loop() {
					k.quantQ8_K(x, q, dK, bs)
				}
			})
		}
	}
}
