package tensor

import (
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
