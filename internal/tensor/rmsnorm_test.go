package tensor

import (
	"math"
	"math/rand/v2"
	"testing"
)

// rmsNormSeq is RMSNorm with ggml's one sequential float64 sum of squares.
func rmsNormSeq(dst, x, weight []float32, eps float32) {
	var sum float64
	for _, v := range x {
		sum += float64(v * v)
	}
	scale := 1 / float32(math.Sqrt(float64(float32(sum/float64(len(x)))+eps)))
	for i, v := range x {
		dst[i] = float32(v*scale) * weight[i]
	}
}

// TestRMSNormMatchesSequentialSum: RMSNorm's four partial sums give the bits of ggml's sequential
// sum on model-like rows (hidden sizes of the reference models, activations over many scales,
// outliers included), so splitting the chain changes no model output.
func TestRMSNormMatchesSequentialSum(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 12))
	for _, dim := range []int{7, 64, 288, 768, 2048} {
		w := make([]float32, dim)
		for i := range w {
			w[i] = float32(rng.NormFloat64())
		}
		x, got, want := make([]float32, dim), make([]float32, dim), make([]float32, dim)
		for row := range 2000 {
			scale := math.Pow(10, float64(row%13-6))
			for i := range x {
				x[i] = float32(rng.NormFloat64() * scale)
				if rng.IntN(100) == 0 {
					x[i] *= 1000 // an outlier channel
				}
			}
			RMSNorm(got, x, w, 1e-5)
			rmsNormSeq(want, x, w, 1e-5)
			for i := range got {
				if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
					t.Fatalf("dim %d row %d: [%d] = %g, sequential sum gives %g", dim, row, i, got[i], want[i])
				}
			}
		}
	}
}

func BenchmarkRMSNorm(b *testing.B) {
	x, w, dst := make([]float32, 768), make([]float32, 768), make([]float32, 768)
	for i := range x {
		x[i], w[i] = float32(i%17)-8, 1
	}
	for b.Loop() {
		RMSNorm(dst, x, w, 1e-5)
	}
}
