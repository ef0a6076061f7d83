//go:build amd64 && !purego

package tensor

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"
)

// TestQ8r16Extremes checks every r16 kernel (1 to 8 inputs over one, two or four groups
// of 16 repacked rows) bit for bit against dotQ8_0Go where the +128 bias is most at risk:
// quants at -128 and 127 on both sides (an activation is -128 only when its block held a
// NaN), and the largest f16 scales.
func TestQ8r16Extremes(t *testing.T) {
	if !hasVNNI() {
		t.Skip("no AVX-512 VNNI on this CPU")
	}
	r := rand.New(rand.NewPCG(12, 12))
	rnd := func() int8 { return int8(r.Uint32()) }
	cases := []struct {
		name   string
		wv, xv func() int8
		scale  uint16
	}{
		{"min×min", func() int8 { return -128 }, func() int8 { return -128 }, 0x3c00},
		{"min×max", func() int8 { return -128 }, func() int8 { return 127 }, 0x3c00},
		{"max×min", func() int8 { return 127 }, func() int8 { return -128 }, 0x7800},
		{"random", rnd, rnd, 0x1400},
		{"random±128", func() int8 { return []int8{-128, 127, -127}[r.IntN(3)] }, func() int8 { return []int8{-128, 127}[r.IntN(2)] }, 0x2e66},
	}
	for _, c := range cases {
		for _, nb := range []int{1, 3, 64} {
			m := &Matrix{Type: Q8_0, Rows: 64, Cols: nb * qk0}
			rb := m.RowBytes()
			m.Data = make([]byte, m.Rows*rb)
			for i := range m.Data {
				switch i % q8_0Bytes {
				case 0:
					binary.LittleEndian.PutUint16(m.Data[i:], c.scale+uint16(i/rb%7))
				case 1:
				default:
					m.Data[i] = byte(c.wv())
				}
			}
			w := make([]byte, m.Rows/16*nb*q8r16Block)
			repackQ8r16(m, w)
			const maxN = q8r16MaxN
			a := &actBuf{q: make([]int8, maxN*m.Cols), d: make([]float32, maxN*nb), s: make([]int32, maxN*nb)}
			for i := range a.q {
				a.q[i] = c.xv()
				a.s[i/qk0] += int32(a.q[i])
			}
			for b := range a.d {
				a.d[b] = float32(b+1) * 0.37
			}
			for n := 1; n <= maxN; n++ {
				packQ8r(a, n, m.Cols)
				kernels := []struct {
					k       q8r16Kernel
					streams int
				}{{q8r16Kernels[n], 1}, {q8r16Kernels2[n], 2}}
				if n <= 4 {
					kernels = append(kernels, struct {
						k       q8r16Kernel
						streams int
					}{q8r16Kernels4[n], 4})
				}
				for _, k := range kernels {
					// The streams are groups 4/streams apart: 0, or 0 and 2, or 0..3.
					q := 4 / k.streams
					out := make([]float32, n*m.Rows)
					k.k(&w[0], q*nb*q8r16Block, nb, &a.px[0], &out[0], m.Rows, 16*q, 0)
					for i := range n {
						for row := range m.Rows {
							want := float32(0)
							if row/16%q == 0 {
								want = dotQ8_0Go(m.Data[row*rb:], a.q[i*m.Cols:], a.d[i*nb:(i+1)*nb])
							}
							if got := out[i*m.Rows+row]; math.Float32bits(got) != math.Float32bits(want) {
								t.Fatalf("%s nb=%d n=%d streams=%d: input %d row %d = %v, want %v", c.name, nb, n, k.streams, i, row, got, want)
							}
						}
					}
				}
			}
		}
	}
}
