package tensor

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"
)

var benchKernels = flag.String("tensor.kernels", "", "kernel implementation for benchmarks (default: best available)")

// BenchmarkMatMul reports weight bytes per second, the figure that bounds decode speed.
func BenchmarkMatMul(b *testing.B) {
	useBenchKernels(b)
	r := rand.New(rand.NewPCG(1, 1))
	p := NewPool(0)
	defer p.Close()
	for _, dt := range allTypes {
		m := randomMatrix(r, dt, 2048, 768)
		for _, n := range []int{1, 8, 64} {
			x := randomVec(r, n*m.Cols)
			out := make([]float32, n*m.Rows)
			b.Run(fmt.Sprintf("%s/n=%d", dt, n), func(b *testing.B) {
				b.SetBytes(int64(len(m.Data)))
				for b.Loop() {
					p.MatMul(m, x, n, out)
				}
			})
		}
	}
}

func BenchmarkDotF32(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	x, y := randomVec(r, 4096), randomVec(r, 4096)
	b.SetBytes(2 * 4 * 4096)
	for b.Loop() {
		DotF32(x, y)
	}
}
