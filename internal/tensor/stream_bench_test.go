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
	r := rand.New(rand.NewPCG(6, 6))
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
	for range 16 {
		add(2048, 2048)
		add(512, 2048)
		add(512, 2048)
		add(2048, 2048)
		add(8192, 2048)
		add(8192, 2048)
		add(2048, 8192)
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
