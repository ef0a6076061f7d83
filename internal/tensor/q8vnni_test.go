//go:build amd64 && !purego

package tensor

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"
)

// TestQ8VNNIExtremes checks the VNNI Q8_0 kernels bit for bit against dotQ8_0Go where the
// w^0x80 trick is most at risk: quants at -128 and 127 on both sides (an activation is
// -128 only when its block held a NaN), and the largest f16 scales.
func TestQ8VNNIExtremes(t *testing.T) {
	if !hasVNNI() {
		t.Skip("no AVX-512 VNNI on this CPU")
	}
	r := rand.New(rand.NewPCG(12, 12))
	fill := func(w []byte, xq []int8, wv, xv func() int8) {
		for i := range w {
			if i%q8_0Bytes >= 2 {
				w[i] = byte(wv())
			}
		}
		for i := range xq {
			xq[i] = xv()
		}
	}
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
		for _, nb := range []int{0, 2, 4, 64} {
			const stride = 3 // extra blocks a row, so rows are not adjacent
			rb := (nb + stride) * q8_0Bytes
			w := make([]byte, 4*rb)
			xq := make([]int8, 2*nb*qk0)
			xd := make([]float32, 2*nb)
			xs := make([]int32, 2*nb)
			fill(w, xq, c.wv, c.xv)
			for q := range 4 {
				for b := range nb {
					binary.LittleEndian.PutUint16(w[q*rb+b*q8_0Bytes:], c.scale+uint16(b+q))
				}
			}
			for b := range xd {
				xd[b] = float32(b+1) * 0.37
				for _, v := range xq[b*qk0 : (b+1)*qk0] {
					xs[b] += int32(v)
				}
			}
			var want [8]float32
			for k := range 2 {
				for q := range 4 {
					want[4*k+q] = dotQ8_0Go(w[q*rb:], xq[k*nb*qk0:], xd[k*nb:(k+1)*nb])
				}
			}
			var one [4]float32
			var two [8]float32
			p := func(s []int8) *int8 {
				if len(s) == 0 {
					return nil
				}
				return &s[0]
			}
			pf := func(s []float32) *float32 {
				if len(s) == 0 {
					return nil
				}
				return &s[0]
			}
			pi := func(s []int32) *int32 {
				if len(s) == 0 {
					return nil
				}
				return &s[0]
			}
			q8_0x4VNNI(&w[0], rb, nb, p(xq), pf(xd), pi(xs), &one, 0)
			q8_0x4x2VNNI(&w[0], rb, nb, p(xq), pf(xd), pi(xs), nb*qk0, 4*nb, &two, 0)
			for q := range 8 {
				if q < 4 && math.Float32bits(one[q]) != math.Float32bits(want[q]) {
					t.Errorf("%s nb=%d: q8_0x4VNNI row %d = %v, want %v", c.name, nb, q, one[q], want[q])
				}
				if math.Float32bits(two[q]) != math.Float32bits(want[q]) {
					t.Errorf("%s nb=%d: q8_0x4x2VNNI out[%d] = %v, want %v", c.name, nb, q, two[q], want[q])
				}
			}
		}
	}
}
