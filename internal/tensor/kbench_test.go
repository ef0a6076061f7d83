package tensor

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkMatMulDRAM uses a 100 MB Q8_0 matrix, too big for any cache, so it measures
// the memory-bound decode case (BenchmarkMatMul's 1.6 MB matrix stays in L2/L3).
func BenchmarkMatMulDRAM(b *testing.B) { benchMatVec(b, 32768, 3072) }

// Kernel-only throughput with the weights in L1: the compute bound of the decode path.
func BenchmarkKernelL1(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	for _, dt := range allTypes {
		m := randomMatrix(r, dt, 4, 1024)
		x := randomVec(r, 1024)
		j := &matmulJob{w: m, x: x, n: 1, out: make([]float32, 4), rowBytes: m.RowBytes(), chunk: 4, act: &actBuf{}, kern: bestKernels()}
		p := &Pool{threads: 1}
		p.mm[0], p.mmTasks[0] = *j, 1
		p.act = actBuf{}
		p.mm[0].act = &p.act
		p.prepareActivations()
		k := bestKernels()
		b.Run(dt.String(), func(b *testing.B) {
			b.SetBytes(int64(len(m.Data)))
			for b.Loop() {
				p.matmulTaskWith(k, 0)
			}
		})
	}
}
