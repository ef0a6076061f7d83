package tensor

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkMatMulVocab times a large vocabulary's output projection on a tiny model
// (qwen2-tiny-random: 151,936 rows × 64 columns, F16) at decode batches 1, 2 and 4: it is
// bandwidth-bound, so a batch of 2 should cost about what a batch of 1 does.
func BenchmarkMatMulVocab(b *testing.B) {
	useBenchKernels(b)
	r := rand.New(rand.NewPCG(23, 24))
	p := NewPool(0)
	defer p.Close()
	for _, rows := range []int{4096, 151936} {
		m := randomMatrix(r, F16, rows, 64)
		for _, n := range []int{1, 2, 4} {
			x := randomVec(r, n*m.Cols)
			out := make([]float32, n*m.Rows)
			b.Run(fmt.Sprintf("%d/n=%d", rows, n), func(b *testing.B) {
				b.SetBytes(int64(len(m.Data)))
				for b.Loop() {
					p.MatMul(m, x, n, out)
				}
			})
		}
	}
}
