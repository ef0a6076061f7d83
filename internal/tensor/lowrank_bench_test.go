package tensor

import (
	"math/rand/v2"
	"testing"
)

// benchLowRankShapes are the seven projections of a layer of dummy:ref125m (dim 768, KV dim
// 256, FFN 2048), in and out.
var benchLowRankShapes = [][2]int{{768, 768}, {768, 256}, {768, 256}, {768, 768}, {768, 2048}, {768, 2048}, {2048, 768}}

// BenchmarkLowRankDeltaDecode computes on one thread the rank-16 deltas of a decode step of 8
// sequences under 8 different adapters on all seven projections of dummy:ref125m's 12 layers,
// one row each: 42 MB of F16 weights (84 MB of F32) read once a step, more than the L3 cache,
// as BenchmarkDecodeStep8Adapters in internal/model does beside the base products.
func BenchmarkLowRankDeltaDecode(b *testing.B) {
	const rank, layers, seqs = 16, 12, 8
	type pair struct {
		a, bP     []float32
		a16, bP16 []uint16
		x, d      []float32
	}
	for _, half := range []bool{false, true} {
		name := map[bool]string{false: "f32", true: "f16"}[half]
		b.Run(name, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 2))
			ps := make([]pair, layers*seqs*len(benchLowRankShapes))
			for i := range ps {
				sh, p := benchLowRankShapes[i%len(benchLowRankShapes)], &ps[i]
				if half {
					p.a16, p.bP16 = randHalves(rng, rank*sh[0], 0.1), randHalves(rng, rank*sh[1], 0.1)
				} else {
					p.a, p.bP = randFloats(rng, rank*sh[0], 0.1), randFloats(rng, rank*sh[1], 0.1)
				}
				p.x, p.d = randFloats(rng, sh[0], 1), make([]float32, sh[1])
			}
			ax := make([]float32, rank)
			for b.Loop() {
				for i := range ps {
					p := &ps[i]
					if half {
						LowRankDeltaF16(p.d, p.x, 1, p.a16, p.bP16, rank, ax)
					} else {
						LowRankDelta(p.d, p.x, 1, p.a, p.bP, rank, ax)
					}
				}
			}
		})
	}
}
