package tensor

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestArgmaxMatchesScan compares Argmax under every kernel set with the scan it stands for, over
// lengths around the vector width, ties, signed zeros, NaN and ±Inf, all -Inf, and no mask, a
// random one, a dense one and none allowed.
func TestArgmaxMatchesScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	lengths := []int{0, 1003, 4099}
	for n := 1; n <= 70; n++ {
		lengths = append(lengths, n)
	}
	pool := []float32{0, float32(math.Copysign(0, -1)), 1, 1, 2, -1, float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN())}
	forEachKernel(t, func(t *testing.T, k *kernels) {
		for _, n := range lengths {
			for trial := range 12 {
				x := make([]float32, n)
				for i := range x {
					switch trial % 4 {
					case 0:
						x[i] = float32(rng.NormFloat64())
					case 1:
						x[i] = pool[rng.IntN(len(pool))]
					case 2:
						x[i] = pool[rng.IntN(2)] // zeros only: which sign comes first
					default:
						x[i] = [...]float32{float32(math.Inf(-1)), float32(math.NaN())}[rng.IntN(2)]
					}
				}
				var allowed []uint64
				if mode := trial / 4; mode > 0 {
					allowed = make([]uint64, (n+63)/64)
					for i := range allowed {
						switch mode {
						case 1:
							allowed[i] = rng.Uint64()
						case 2:
							allowed[i] = ^(uint64(1) << rng.IntN(64))
						}
					}
				}
				wi, wv := argmaxGo(x, allowed)
				gi, gv := Argmax(x, allowed)
				if gi != wi || math.Float32bits(gv) != math.Float32bits(wv) {
					t.Fatalf("n=%d trial %d: Argmax %d (%g), the scan %d (%g)", n, trial, gi, gv, wi, wv)
				}
			}
		}
	})
}

// BenchmarkArgmax is the argmax of Qwen2's vocabulary (151,936 logits), alone and masked.
func BenchmarkArgmax(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	x := make([]float32, 151936)
	for i := range x {
		x[i] = float32(rng.NormFloat64())
	}
	mask := make([]uint64, (len(x)+63)/64)
	for i := range mask {
		mask[i] = rng.Uint64() | rng.Uint64()
	}
	b.Run("plain", func(b *testing.B) {
		for b.Loop() {
			Argmax(x, nil)
		}
	})
	b.Run("masked", func(b *testing.B) {
		for b.Loop() {
			Argmax(x, mask)
		}
	})
}
