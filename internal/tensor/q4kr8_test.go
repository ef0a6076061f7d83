//go:build amd64 && !purego

package tensor

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"
)

// TestQ4Kr8Extremes checks every r8 Q4_K kernel (tiles of 1 to q4Kr8MaxN inputs over each
// group of 8 repacked rows) bit for bit against dotQ4_KGo where the 16-bit word sums are
// most at risk: all nibbles 15 against activations all -128 or 127 (the largest sums,
// 8·2·15·128), the largest 6-bit scales and mins, random scale bytes (every packing of
// the 12), the largest f16 d and dmin, NaN scales in both, and strided inputs.
func TestQ4Kr8Extremes(t *testing.T) {
	if len(archKernels()) == 0 {
		t.Skip("no AVX2, FMA and F16C on this CPU")
	}
	r := rand.New(rand.NewPCG(4, 8))
	cases := []struct {
		name      string
		nib       func() byte // a quant byte (two nibbles)
		sc        func() byte // a scales byte
		d, dmin   uint16
		xv        func() int8
		nanScales bool // every fifth row's d NaN, every third input block's dx NaN (the first among them)
	}{
		{"max×min", func() byte { return 0xff }, func() byte { return 0xff }, 0x7bff, 0x7bff, func() int8 { return -128 }, false},
		{"max×max", func() byte { return 0xff }, func() byte { return 0xff }, 0x7800, 0x3c00, func() int8 { return 127 }, false},
		{"zero×max", func() byte { return 0 }, func() byte { return 0xff }, 0x3c00, 0x7bff, func() int8 { return 127 }, false},
		{"random", func() byte { return byte(r.Uint32()) }, func() byte { return byte(r.Uint32()) }, 0x1400, 0x1000, func() int8 { return int8(r.IntN(255) - 127) }, false},
		{"nan", func() byte { return byte(r.Uint32()) }, func() byte { return byte(r.Uint32()) }, 0x2e66, 0x2c00, func() int8 { return int8(r.IntN(255) - 127) }, true},
	}
	for _, c := range cases {
		for _, nb := range []int{1, 3} {
			m := &Matrix{Type: Q4_K, Rows: 24, Cols: nb * qkK}
			rb := m.RowBytes()
			m.Data = make([]byte, m.Rows*rb)
			for row := range m.Rows {
				for b := range nb {
					blk := m.Data[row*rb+b*q4_KBytes : row*rb+(b+1)*q4_KBytes]
					d := c.d - uint16(row%7)
					if c.nanScales && row%5 == 0 {
						d = 0x7e01 + uint16(row) // a NaN with a payload of its own
					}
					binary.LittleEndian.PutUint16(blk, d)
					binary.LittleEndian.PutUint16(blk[2:], c.dmin-uint16(b%3))
					for i := q4KScOff; i < q4KQsOff; i++ {
						blk[i] = c.sc()
					}
					for i := q4KQsOff; i < q4_KBytes; i++ {
						blk[i] = c.nib()
					}
				}
			}
			w := make([]byte, m.Rows/8*nb*q4Kr8Block)
			repackQ4Kr8(m, w)
			const maxN = q4Kr8MaxN
			q, d, bs := make([]int8, maxN*m.Cols), make([]float32, maxN*nb), make([]int16, maxN*nb*16)
			for i := range q {
				q[i] = c.xv()
				bs[i/16] += int16(q[i])
			}
			for b := range d {
				d[b] = float32(b+1) * 0.37
				if c.nanScales && b%3 == 0 {
					d[b] = float32(math.NaN())
				}
			}
			for n := 1; n <= maxN; n++ {
				for g := range m.Rows / 8 {
					out := make([]float32, n*m.Rows)
					q4Kr8Kernels[n](&w[g*nb*q4Kr8Block], nb, &q[0], m.Cols, &d[0], 4*nb, &bs[0], 32*nb, &out[8*g], m.Rows)
					for i := range n {
						for row := range m.Rows {
							want := float32(0)
							if row/8 == g {
								want = dotQ4_KGo(m.Data[row*rb:], q[i*m.Cols:], d[i*nb:(i+1)*nb], bs[i*nb*16:])
							}
							if got := out[i*m.Rows+row]; math.Float32bits(got) != math.Float32bits(want) {
								t.Fatalf("%s nb=%d n=%d group %d: input %d row %d = %v (%#x), want %v (%#x)", c.name, nb, n, g, i, row, got, math.Float32bits(got), want, math.Float32bits(want))
							}
						}
					}
				}
			}
		}
	}
}

// TestMatMulQ4Kr8Shapes runs the AVX2 Q4_K tile (the repacked kernels from q4Kr8MinN
// inputs, the 4-row kernels below and around them) over batches 1..16 and shapes whose
// rows are not a multiple of 8, with more than one task, against the pure-Go reference
// bit for bit.
func TestMatMulQ4Kr8Shapes(t *testing.T) {
	if len(archKernels()) == 0 {
		t.Skip("no AVX2, FMA and F16C on this CPU")
	}
	r := rand.New(rand.NewPCG(44, 8))
	p := NewPool(2)
	defer p.Close()
	const maxN = 16
	useKernels(t, goKernels)
	for _, shape := range []struct{ rows, cols int }{{1, 256}, {7, 512}, {8, 256}, {21, 256}, {67, 768}, {203, 256}} {
		m := randomMatrix(r, Q4_K, shape.rows, shape.cols)
		x := make([]float32, maxN*m.Cols)
		for i := range x {
			x[i] = float32(r.NormFloat64())
		}
		ref := make([]float32, maxN*m.Rows)
		activeKernels.Store(goKernels)
		p.MatMul(m, x, maxN, ref)
		activeKernels.Store(avx2Kernels)
		for n := 1; n <= maxN; n++ {
			out := make([]float32, n*m.Rows)
			p.MatMul(m, x, n, out)
			for i := range out {
				if math.Float32bits(out[i]) != math.Float32bits(ref[i]) {
					t.Fatalf("%dx%d n=%d: out[%d,%d] = %v, want %v", m.Rows, m.Cols, n, i/m.Rows, i%m.Rows, out[i], ref[i])
				}
			}
		}
	}
}
