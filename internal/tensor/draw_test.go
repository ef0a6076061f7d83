package tensor

import (
	"math"
	"math/rand/v2"
	"testing"
)

// drawWeightsRef is DrawWeights built from the sampler's general path: the exponent in float64
// (-Inf for NaN and disallowed logits), then Exps.
func drawWeightsRef(x []float32, m, invT float64, allowed []uint64) []float32 {
	w := make([]float32, len(x))
	for i, v := range x {
		e := math.Inf(-1)
		if v == v && (allowed == nil || allowed[i>>6]>>(i&63)&1 != 0) {
			e = float64(v)
		}
		w[i] = float32((e - m) * invT)
	}
	expsSubGo(w, 0)
	return w
}

// TestDrawWeightsBitExact compares DrawWeights under every kernel set with the general path's
// weights and sum, bit for bit, over lengths around the vector width, special logits (NaN, -Inf,
// the float32 extremes), temperatures from tiny to 100, and no mask, a random one, none allowed.
func TestDrawWeightsBitExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	lengths := []int{1003, 4099}
	for n := 1; n <= 40; n++ {
		lengths = append(lengths, n)
	}
	temps := []float32{1, 0.7, 1.3, 100, 1e-30, math.SmallestNonzeroFloat32}
	forEachKernel(t, func(t *testing.T, k *kernels) {
		for _, n := range lengths {
			x := make([]float32, n)
			for i := range x {
				// +Inf is left out: the sampler never weighs a draw whose best logit is infinite.
				v := float32(rng.NormFloat64() * 4)
				if rng.IntN(2) == 0 {
					v = -85 * rng.Float32()
				}
				if x[i] = specialOr(rng, v); math.IsInf(float64(x[i]), 1) {
					x[i] = float32(math.Inf(-1))
				}
				if rng.IntN(50) == 0 {
					x[i] = [...]float32{math.MaxFloat32, -math.MaxFloat32}[rng.IntN(2)]
				}
			}
			for _, T := range temps {
				for mask := range 3 {
					var allowed []uint64
					if mask > 0 {
						allowed = make([]uint64, (n+63)/64)
					}
					if mask == 1 {
						for i := range allowed {
							allowed[i] = rng.Uint64() & rng.Uint64()
						}
					}
					// The best allowed logit, as the sampler weighs from.
					m := math.Inf(-1)
					for i, v := range x {
						if (allowed == nil || allowed[i>>6]>>(i&63)&1 != 0) && float64(v) > m {
							m = float64(v)
						}
					}
					if math.IsInf(m, 0) {
						m = 0
					}
					invT := 1 / float64(T)
					want := drawWeightsRef(x, m, invT, allowed)
					got := make([]float32, n+1)
					got[n] = 42 // guard
					DrawWeights(got, x, m, invT, allowed)
					for i := range want {
						if !sameBits(got[i], want[i]) {
							t.Fatalf("n=%d T=%g mask=%d: weight %d (logit %g) = %g, want %g", n, T, mask, i, x[i], got[i], want[i])
						}
					}
					if got[n] != 42 {
						t.Fatalf("n=%d: wrote past the end", n)
					}
				}
			}
		}
	})
}

// BenchmarkDrawWeights is DrawWeights over Qwen2's vocabulary (151,936 logits), without and with
// a mask, on the active kernel set.
func BenchmarkDrawWeights(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	x := make([]float32, 151936)
	for i := range x {
		x[i] = float32(rng.NormFloat64() * 3)
	}
	mask := make([]uint64, (len(x)+63)/64)
	for i := range mask {
		mask[i] = rng.Uint64() | rng.Uint64()
	}
	dst := make([]float32, len(x))
	for _, bc := range []struct {
		name string
		mask []uint64
	}{{"plain", nil}, {"masked", mask}} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				DrawWeights(dst, x, 10, 1, bc.mask)
			}
		})
	}
}
