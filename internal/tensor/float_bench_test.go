package tensor

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkMatMulShapes times MatMul on the reference model's FFN shapes (rows×cols 2048×768
// and 768×2048) for the float and K-quant weight types, from decode (n=1) and small batches
// to prefill (n=512). It reports weight bytes per second and GFLOP/s.
func BenchmarkMatMulShapes(b *testing.B) {
	useBenchKernels(b)
	r := rand.New(rand.NewPCG(21, 22))
	p := NewPool(0)
	defer p.Close()
	for _, dt := range []DType{F16, BF16, Q4_K, Q6_K} {
		for _, s := range [][2]int{{2048, 768}, {768, 2048}} {
			m := randomMatrix(r, dt, s[0], s[1])
			for _, n := range []int{1, 8, 64, 512} {
				x := randomVec(r, n*m.Cols)
				out := make([]float32, n*m.Rows)
				b.Run(fmt.Sprintf("%s/%dx%d/n=%d", dt, s[0], s[1], n), func(b *testing.B) {
					b.SetBytes(int64(len(m.Data)))
					for b.Loop() {
						p.MatMul(m, x, n, out)
					}
					b.ReportMetric(2*float64(n*m.Rows*m.Cols)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
				})
			}
		}
	}
}

// useBenchKernels selects the kernels named by -tensor.kernels for the benchmark.
func useBenchKernels(b *testing.B) {
	if *benchKernels == "" {
		return
	}
	if err := SetKernels(*benchKernels); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { SetKernels(bestKernels().name) })
}
