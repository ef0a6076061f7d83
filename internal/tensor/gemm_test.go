package tensor

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestKernelsExtremeValuesBatched is TestKernelsExtremeValues at batch sizes that reach
// the blocked (several inputs per pass) kernels and their leftover-input paths, on row
// counts with a tail that is not a multiple of 4.
func TestKernelsExtremeValuesBatched(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 20))
	for _, th := range []int{1, 2} {
		p := NewPool(th)
		defer p.Close()
		for _, dt := range []DType{Q8_0, Q4_0} {
			for _, n := range []int{4, 5, 8, 11, 16} {
				cols := colsFor(dt)
				m := rawMatrix(r, dt, 27, cols)
				x := wideVec(r, n*cols)
				// Whole zero blocks and blocks of ±amax give zero and extreme sums.
				clear(x[:qk0])
				for k := range qk0 {
					x[cols+k] = float32(1 - 2*(k&1))
				}
				matchGoKernels(t, p, m, x, n, true, fmt.Sprintf("%s threads=%d n=%d", dt, th, n))
			}
		}
	}
}

// TestMatMulSaturatedBlocks: weights and activations at the int8 extremes (-128 weights,
// ±127 activations) give the largest block sums, where a biased or sign-split integer
// dot product would overflow an intermediate first.
func TestMatMulSaturatedBlocks(t *testing.T) {
	p := NewPool(2)
	defer p.Close()
	const rows, cols, n = 12, 256, 9
	m := &Matrix{Type: Q8_0, Rows: rows, Cols: cols, Data: make([]byte, rows*cols/qk0*q8_0Bytes)}
	for b := 0; b < len(m.Data); b += q8_0Bytes {
		putF16(m.Data[b:], 0.5)
		for k := range qk0 {
			v := int8(-128)
			if (b/q8_0Bytes)%3 == 1 && k%2 == 1 {
				v = 127
			}
			m.Data[b+2+k] = byte(v)
		}
	}
	x := make([]float32, n*cols)
	for i := range x {
		x[i] = float32(1 - 2*((i/qk0)&1)) // whole blocks of +1 or -1: quantised to ±127
	}
	matchGoKernels(t, p, m, x, n, false, "saturated blocks")
}

func putF16(b []byte, v float32) {
	h := F32ToF16(v)
	b[0], b[1] = byte(h), byte(h>>8)
}
