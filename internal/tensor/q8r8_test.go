//go:build amd64 && !purego

package tensor

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"golang.org/x/sys/cpu"
)

// TestQ8r8Extremes checks every r8 kernel, AVX2 and (where the CPU has it) AVX-VNNI (tiles of
// 1 to q8r8MaxN inputs over one group of 8 repacked rows) bit for bit against dotQ8_0Go where the sign trick and the int16
// pair sums are most at risk: weight quants at -128 (|w| = 128, VPMADDUBSW's largest
// unsigned byte) and 127 against activations at ±127, -128 activations in a block whose
// scale is NaN (the only way quantActQ8_0 makes one) against NaN weight scales, the
// largest f16 scales, and inputs
// strided as MatMul lays them out.
func TestQ8r8Extremes(t *testing.T) {
	if len(archKernels()) == 0 {
		t.Skip("no AVX2, FMA and F16C on this CPU")
	}
	type table struct {
		name   string
		k      []q8r8Kernel
		repack func(*Matrix, []byte)
	}
	kernelTables := []table{{"avx2", q8r8Kernels, repackQ8r8}}
	if cpu.X86.HasAVXVNNI {
		kernelTables = append(kernelTables, table{"avxvnni", q8r8VNNIKernels, repackQ8r8Biased})
	}
	r := rand.New(rand.NewPCG(8, 8))
	rnd := func() int8 { return int8(r.Uint32()) }
	cases := []struct {
		name   string
		wv, xv func() int8
		scale  uint16
		nanD   bool // every third input block: quants -128, scale NaN; every fifth row's scales NaN
	}{
		{"min×min+", func() int8 { return -128 }, func() int8 { return -127 }, 0x3c00, false},
		{"min×max", func() int8 { return -128 }, func() int8 { return 127 }, 0x7bff, false},
		{"max×min", func() int8 { return 127 }, func() int8 { return -127 }, 0x7800, false},
		{"random", rnd, func() int8 { return int8(r.IntN(255) - 127) }, 0x1400, false},
		{"random±", func() int8 { return []int8{-128, 127, -127}[r.IntN(3)] }, func() int8 { return []int8{-127, 127}[r.IntN(2)] }, 0x2e66, false},
		{"nan blocks", rnd, func() int8 { return int8(r.IntN(255) - 127) }, 0x3c00, true},
	}
	for _, c := range cases {
		for _, nb := range []int{1, 3, 64} {
			m := &Matrix{Type: Q8_0, Rows: 24, Cols: nb * qk0}
			rb := m.RowBytes()
			m.Data = make([]byte, m.Rows*rb)
			for i := range m.Data {
				switch i % q8_0Bytes {
				case 0:
					binary.LittleEndian.PutUint16(m.Data[i:], c.scale-uint16(i/rb%7))
					if c.nanD && i/rb%5 == 0 {
						// A NaN weight scale too, with a payload of its own: which NaN
						// comes out of dw·dx is the operand order's.
						binary.LittleEndian.PutUint16(m.Data[i:], 0x7e01+uint16(i/rb))
					}
				case 1:
				default:
					m.Data[i] = byte(c.wv())
				}
			}
			w := make([]byte, m.Rows/8*nb*q8r8Block)
			const maxN = q8r8MaxN
			q, d := make([]int8, maxN*m.Cols), make([]float32, maxN*nb)
			for i := range q {
				q[i] = c.xv()
			}
			for b := range d {
				d[b] = float32(b+1) * 0.37
				if c.nanD && b%3 == 1 {
					d[b] = float32(math.NaN())
					for k := range qk0 {
						q[b*qk0+k] = -128
					}
				}
			}
			xs := make([]int32, maxN*nb) // -128·Σx a block, for the AVX-VNNI kernels
			for b := range xs {
				for _, v := range q[b*qk0 : (b+1)*qk0] {
					xs[b] -= 128 * int32(v)
				}
			}
			for _, ks := range kernelTables {
				ks.repack(m, w)
				for n := 1; n < len(ks.k); n++ {
					for g := range m.Rows / 8 {
						out := make([]float32, n*m.Rows)
						ks.k[n](&w[g*nb*q8r8Block], nb, &q[0], m.Cols, &d[0], &xs[0], 4*nb, &out[8*g], m.Rows, 0)
						for i := range n {
							for row := range m.Rows {
								want := float32(0)
								if row/8 == g {
									want = dotQ8_0Go(m.Data[row*rb:], q[i*m.Cols:], d[i*nb:(i+1)*nb])
								}
								if got := out[i*m.Rows+row]; math.Float32bits(got) != math.Float32bits(want) {
									t.Fatalf("%s %s nb=%d n=%d group %d: input %d row %d = %v (%#x), want %v (%#x)", ks.name, c.name, nb, n, g, i, row, got, math.Float32bits(got), want, math.Float32bits(want))
								}
							}
						}
					}
				}
			}
		}
	}
}

// TestMatMulR8Shapes runs the AVX2 Q8_0, Q4_K and Q6_K tiles (the kernels on rows
// repacked by eight, the 4-row kernels and pure-Go rows around them) over batches 1..16
// and shapes whose rows are not a multiple of 8, with more than one task, against the
// pure-Go reference bit for bit.
func TestMatMulR8Shapes(t *testing.T) {
	if len(archKernels()) == 0 {
		t.Skip("no AVX2, FMA and F16C on this CPU")
	}
	r := rand.New(rand.NewPCG(88, 8))
	p := NewPool(2)
	defer p.Close()
	const maxN = 16
	useKernels(t, goKernels)
	for _, shape := range []struct {
		dt         DType
		rows, cols int
	}{
		{Q8_0, 1, 32}, {Q8_0, 7, 64}, {Q8_0, 8, 32}, {Q8_0, 21, 96}, {Q8_0, 67, 160}, {Q8_0, 203, 64},
		{Q4_K, 1, 256}, {Q4_K, 7, 512}, {Q4_K, 8, 256}, {Q4_K, 21, 256}, {Q4_K, 67, 768}, {Q4_K, 203, 256},
		{Q6_K, 1, 256}, {Q6_K, 8, 512}, {Q6_K, 29, 256}, {Q6_K, 203, 768},
	} {
		m := randomMatrix(r, shape.dt, shape.rows, shape.cols)
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
					t.Fatalf("%s %dx%d n=%d: out[%d,%d] = %v, want %v", m.Type, m.Rows, m.Cols, n, i/m.Rows, i%m.Rows, out[i], ref[i])
				}
			}
		}
	}
}
