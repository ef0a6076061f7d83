package tensor

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkMatMulStream runs the n=1 Q8_0 MatMuls of a decode step of a 1B-parameter
// model (16 layers, dim 2048, 4 KV heads of 128, FFN 8192): 1.03 GB of weights, more
// than the L3 of any machine we run on, so it measures the weight stream from memory
// (BenchmarkMatMulDecode's 106 MB stays in a large L3).
func BenchmarkMatMulStream(b *testing.B) {
	if testing.Short() {
		b.Skip("allocates 1 GB")
	}
	benchDecodeStep(b, rand.New(rand.NewPCG(6, 6)), 16, 2048, 512, 8192, 0)
}
