//go:build amd64 && !purego

package tensor

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"golang.org/x/sys/cpu"
)

// TestQ4Kr8Extremes checks every r8 Q4_K kernel, AVX2 and (where the CPU has it) AVX-VNNI
// (tiles of 1 to q4Kr8MaxN inputs over each group of 8 repacked rows) bit for bit against dotQ4_KGo where the 16-bit word sums are
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
			m := &Matrix{Type: Q4_K, Rows: 32, Cols: nb * qkK}
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
			checkKr8(t, fmt.Sprintf("%s nb=%d", c.name, nb), m, c.xv, c.nanScales)
		}
	}
}

// checkKr8 runs every r8 kernel of m's type (Q4_K or Q6_K, 32 rows), AVX2 and where the CPU
// has it AVX-VNNI, on each of its groups, and where the CPU has AVX-512 VNNI every r16 kernel, against kr16MaxN strided Q8_K inputs
// of quants xv (every third block's dx NaN when nanDx, the first among them), bit for bit
// against the pure-Go dot product.
func checkKr8(t *testing.T, name string, m *Matrix, xv func() int8, nanDx bool) {
	t.Helper()
	nb, rb := m.Cols/qkK, m.RowBytes()
	block, kernels, vnniKernels := q4Kr8Block, &q4Kr8Kernels, &q4Kr8VNNIKernels
	repack := repackQ4Kr8
	if m.Type == Q6_K {
		block, kernels, vnniKernels, repack = q6Kr8Block, &q6Kr8Kernels, &q6Kr8VNNIKernels, repackQ6Kr8
	}
	w := make([]byte, m.Rows/8*nb*block)
	repack(m, w)
	const maxN = kr16MaxN
	a := &actBuf{q: make([]int8, maxN*m.Cols), d: make([]float32, maxN*nb), bs: make([]int16, maxN*nb*16)}
	q, d, bs := a.q, a.d, a.bs
	for i := range q {
		q[i] = xv()
		bs[i/16] += int16(q[i])
	}
	for b := range d {
		d[b] = float32(b+1) * 0.37
		if nanDx && b%3 == 0 {
			d[b] = float32(math.NaN())
		}
	}
	// check compares input i's products with rows [g·size, (g+1)·size) of out, the other
	// rows zero.
	check := func(kind string, n, g, size int, out []float32) {
		t.Helper()
		for i := range n {
			for row := range m.Rows {
				want := float32(0)
				if row/size == g {
					x, dx := q[i*m.Cols:], d[i*nb:(i+1)*nb]
					if m.Type == Q6_K {
						want = dotQ6_KGo(m.Data[row*rb:], x, dx)
					} else {
						want = dotQ4_KGo(m.Data[row*rb:], x, dx, bs[i*nb*16:])
					}
				}
				if got := out[i*m.Rows+row]; math.Float32bits(got) != math.Float32bits(want) {
					t.Fatalf("%s %s %s n=%d group %d: input %d row %d = %v (%#x), want %v (%#x)", m.Type, kind, name, n, g, i, row, got, math.Float32bits(got), want, math.Float32bits(want))
				}
			}
		}
	}
	tables := []*[q4Kr8MaxN + 1]q4Kr8Kernel{kernels}
	if cpu.X86.HasAVXVNNI {
		tables = append(tables, vnniKernels)
	}
	for _, kernels := range tables {
		for n := 1; n <= q4Kr8MaxN; n++ {
			for g := range m.Rows / 8 {
				out := make([]float32, n*m.Rows)
				kernels[n](&w[g*nb*block], nb, &q[0], m.Cols, &d[0], 4*nb, &bs[0], 32*nb, &out[8*g], m.Rows)
				check("r8", n, g, 8, out)
			}
		}
	}
	if !hasVNNI() {
		return
	}
	block16, kernels16 := q4Kr16Block, &q4Kr16Kernels
	w16 := make([]byte, m.Rows/16*nb*q4Kr16Block)
	repackQ4Kr16(m, w16)
	if m.Type == Q6_K {
		block16, kernels16 = q6Kr16Block, &q6Kr16Kernels
		w16 = make([]byte, m.Rows/16*nb*q6Kr16Block)
		repackQ6Kr16(m, w16)
	}
	for n := 1; n <= kr16MaxN; n++ {
		packQ8Kr(a, n, m.Cols)
		for g := range m.Rows / 16 {
			out := make([]float32, n*m.Rows)
			kernels16[n](&w16[g*nb*block16], nb, &a.px[0], &out[16*g], m.Rows, 0)
			check("r16", n, g, 16, out)
		}
	}
}

// TestQ6Kr8Extremes is TestQ4Kr8Extremes for the Q6_K kernels: all quants 31 or -32
// (bytes 63 or 0 as repacked, the largest word sums) against activations all -128 or
// 127, scales -128 and 127, random quants and scales, the largest f16 d, NaN d against
// NaN dx.
func TestQ6Kr8Extremes(t *testing.T) {
	if len(archKernels()) == 0 {
		t.Skip("no AVX2, FMA and F16C on this CPU")
	}
	r := rand.New(rand.NewPCG(6, 8))
	rnd := func() byte { return byte(r.Uint32()) }
	cases := []struct {
		name      string
		qb        func() byte // a ql or qh byte
		sc        func() byte
		d         uint16
		xv        func() int8
		nanScales bool
	}{
		{"max×min", func() byte { return 0xff }, func() byte { return 0x7f }, 0x7bff, func() int8 { return -128 }, false},
		{"max×max", func() byte { return 0xff }, func() byte { return 0x80 }, 0x7800, func() int8 { return 127 }, false},
		{"min×min", func() byte { return 0 }, func() byte { return 0x80 }, 0x7bff, func() int8 { return -128 }, false},
		{"random", rnd, rnd, 0x1400, func() int8 { return int8(r.IntN(255) - 127) }, false},
		{"nan", rnd, rnd, 0x2e66, func() int8 { return int8(r.IntN(255) - 127) }, true},
	}
	for _, c := range cases {
		for _, nb := range []int{1, 3} {
			m := &Matrix{Type: Q6_K, Rows: 32, Cols: nb * qkK}
			rb := m.RowBytes()
			m.Data = make([]byte, m.Rows*rb)
			for row := range m.Rows {
				for b := range nb {
					blk := m.Data[row*rb+b*q6_KBytes : row*rb+(b+1)*q6_KBytes]
					for i := range q6KScOff {
						blk[i] = c.qb()
					}
					for i := q6KScOff; i < q6KDOff; i++ {
						blk[i] = c.sc()
					}
					d := c.d - uint16(row%7)
					if c.nanScales && row%5 == 0 {
						d = 0x7e01 + uint16(row) // a NaN with a payload of its own
					}
					binary.LittleEndian.PutUint16(blk[q6KDOff:], d)
				}
			}
			checkKr8(t, fmt.Sprintf("%s nb=%d", c.name, nb), m, c.xv, c.nanScales)
		}
	}
}
