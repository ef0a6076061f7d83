package tensor

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkMatMulDecode runs n=1 Q8_0 MatMuls over the weight shapes of one decode step
// of the reference model (dummy:ref125m: 12 layers, dim 768, FFN 2048, vocab 32000),
// ~106 MB: out of L2, so it measures the L3 streaming rate plus the per-call overheads.
func BenchmarkMatMulDecode(b *testing.B) {
	benchDecodeStep(b, rand.New(rand.NewPCG(3, 3)), 12, 768, 256, 2048, 32000)
}

// benchDecodeStep times the n=1 Q8_0 MatMuls of one decode step of a model with the given
// layers, model dim, KV dim (K and V projections), FFN dim and vocab (0: no output head).
func benchDecodeStep(b *testing.B, r *rand.Rand, layers, dim, kvDim, ffn, vocab int) {
	type mm struct {
		m   *Matrix
		x   []float32
		out []float32
	}
	var ms []mm
	var bytes int64
	add := func(rows, cols int) {
		m := randomMatrix(r, Q8_0, rows, cols)
		ms = append(ms, mm{m, randomVec(r, cols), make([]float32, rows)})
		bytes += int64(len(m.Data))
	}
	for range layers {
		add(dim, dim)
		add(kvDim, dim)
		add(kvDim, dim)
		add(dim, dim)
		add(ffn, dim)
		add(ffn, dim)
		add(dim, ffn)
	}
	if vocab > 0 {
		add(vocab, dim)
	}
	benchThreads(b, func(b *testing.B, p *Pool) {
		b.SetBytes(bytes)
		for b.Loop() {
			for _, c := range ms {
				p.MatMul(c.m, c.x, 1, c.out)
			}
		}
	})
}

// benchThreads runs f as sub-benchmarks on pools of 1 and 2 threads.
func benchThreads(b *testing.B, f func(b *testing.B, p *Pool)) {
	for _, th := range []int{1, 2} {
		p := NewPool(th)
		b.Run(fmt.Sprintf("threads=%d", th), func(b *testing.B) { f(b, p) })
		p.Close()
	}
}

// BenchmarkMatMulTiny measures the fixed cost of one MatMul call (activation
// quantisation, task hand-out, synchronisation) on a matrix too small to matter.
func BenchmarkMatMulTiny(b *testing.B) { benchMatVec(b, 64, 768) }

// benchMatVec times the n=1 MatMul of a random rows×cols Q8_0 matrix.
func benchMatVec(b *testing.B, rows, cols int) {
	r := rand.New(rand.NewPCG(4, 4))
	m := randomMatrix(r, Q8_0, rows, cols)
	x := randomVec(r, cols)
	out := make([]float32, rows)
	benchThreads(b, func(b *testing.B, p *Pool) {
		b.SetBytes(int64(len(m.Data)))
		for b.Loop() {
			p.MatMul(m, x, 1, out)
		}
	})
}

// BenchmarkMatMulPrefill runs the Q8_0 MatMuls of one 512-token prompt through one layer
// of the reference model (the GEMM path); it reports GFLOP/s.
func BenchmarkMatMulPrefill(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 5))
	const n = 512
	type mm struct {
		m   *Matrix
		x   []float32
		out []float32
	}
	var ms []mm
	var flop float64
	for _, s := range [][2]int{{768, 768}, {256, 768}, {256, 768}, {768, 768}, {2048, 768}, {2048, 768}, {768, 2048}} {
		m := randomMatrix(r, Q8_0, s[0], s[1])
		ms = append(ms, mm{m, randomVec(r, n*s[1]), make([]float32, n*s[0])})
		flop += 2 * float64(n*s[0]*s[1])
	}
	p := NewPool(0)
	defer p.Close()
	for b.Loop() {
		for _, c := range ms {
			p.MatMul(c.m, c.x, n, c.out)
		}
	}
	b.ReportMetric(flop*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
}
