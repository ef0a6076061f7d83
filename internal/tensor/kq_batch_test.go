package tensor

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestKQuantBatches holds the K-quant tiles to the Go reference bit for bit: batches of
// one VNNI r16 call and of several (uneven widths), past several slices of calls, row
// counts with a remainder outside the 16-row groups, one and several super-blocks,
// random, raw (inf/NaN scales) and saturated encodings.
func TestKQuantBatches(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	p := NewPool(2)
	defer p.Close()
	type shape struct{ rows, cols, n int }
	shapes := []shape{{40, 768, 1}, {37, 256, 9}, {7, 256, 15}, {48, 512, 8}, {4, 256, 4}, {5, 256, 13}, {133, 256, 17},
		{33, 256, 11}, {12, 2048, 16}, {5, 256, 24}, {37, 768, 33}, {9, 512, 70}}
	if testing.Short() {
		shapes = shapes[:5]
	}
	for _, dt := range []DType{Q4_K, Q6_K} {
		for _, s := range shapes {
			label := fmt.Sprintf("%s %dx%d n=%d", dt, s.rows, s.cols, s.n)
			matchGoKernels(t, p, randomMatrix(r, dt, s.rows, s.cols), randomVec(r, s.n*s.cols), s.n, false, label+" random")
			matchGoKernels(t, p, rawMatrix(r, dt, s.rows, s.cols), wideVec(r, s.n*s.cols), s.n, true, label+" raw")
			matchGoKernels(t, p, saturatedK(dt, s.rows, s.cols), saturatedVec(r, s.n*s.cols), s.n, false, label+" saturated")
		}
	}
}

// saturatedK is a matrix whose quants, scales and mins are all at their extremes (Q4_K
// nibbles 15, scales and mins 63; Q6_K values 63 and scales -1, -128 or 127), so the
// integer sums are as large as the format allows.
func saturatedK(dt DType, rows, cols int) *Matrix {
	m := &Matrix{Type: dt, Rows: rows, Cols: cols}
	m.Data = make([]byte, rows*m.RowBytes())
	for i := range m.Data {
		m.Data[i] = 0xff
	}
	bb := dt.BlockBytes()
	for b := 0; b < len(m.Data); b += bb {
		switch dt {
		case Q4_K:
			binary.LittleEndian.PutUint16(m.Data[b:], F32ToF16(0.001))
			binary.LittleEndian.PutUint16(m.Data[b+2:], F32ToF16(0.002))
		case Q6_K:
			for g := range 16 {
				m.Data[b+q6KScOff+g] = []byte{0xff, 0x80, 0x7f}[(b/bb+g)%3]
			}
			binary.LittleEndian.PutUint16(m.Data[b+q6KDOff:], F32ToF16(0.001))
		}
	}
	return m
}

// saturatedVec quantises to ±127 almost everywhere: values ±1 with random signs.
func saturatedVec(r *rand.Rand, n int) []float32 {
	x := make([]float32, n)
	for i := range x {
		x[i] = []float32{-1, 1}[r.IntN(2)]
	}
	return x
}
