package tensor

import (
	"encoding/binary"
	"math"
)

// Pure-Go reference kernels. Every assembly kernel must reproduce these bit for bit, so
// the arithmetic order here is the definition of the results:
//
//   - Quantised types: per block an exact integer dot product, then
//     acc = acc + float32(float32(isum) * float32(dw*dx)), block after block (Q4_K also
//     subtracts float32(dmin*dx) * float32(Σ min*bsum) per super-block). No FMA: every
//     product and sum is rounded to float32 on its own, which the explicit conversions
//     below enforce (the Go spec lets them block fusion).
//   - Float types: 16 lanes; lane k accumulates elements i ≡ k (mod 16) of the leading
//     multiple of 16 with separately rounded product and sum, the lanes are folded as a
//     fixed tree (k+8, k+4, k+2, k+1), then the remaining elements are added in order.
//     F16×F16 products are exact in float32, so an FMA there gives the same bits as
//     mul+add.

// dotQ8_0Go is one Q8_0 weight row times one Q8_0 activation row.
func dotQ8_0Go(w []byte, q []int8, d []float32) float32 {
	var acc float32
	for b := range d {
		blk := w[b*q8_0Bytes : b*q8_0Bytes+q8_0Bytes]
		xq := q[b*qk0 : b*qk0+qk0]
		var s int32
		for k := range qk0 {
			s += int32(int8(blk[2+k])) * int32(xq[k])
		}
		acc += float32(float32(s) * float32(f16At(blk)*d[b]))
	}
	return acc
}

// dotQ4_0Go is one Q4_0 weight row times one Q8_0 activation row.
// Written out like dotQ8_0Go: a per-block callback would slow the portable path for no clarity.
func dotQ4_0Go(w []byte, q []int8, d []float32) float32 {
	var acc float32
	for b := range d {
		blk := w[b*q4_0Bytes : b*q4_0Bytes+q4_0Bytes]
		xq := q[b*qk0 : b*qk0+qk0]
		var s int32
		for k := range 16 {
			s += int32(int(blk[2+k]&0xf)-8) * int32(xq[k])
			s += int32(int(blk[2+k]>>4)-8) * int32(xq[k+16])
		}
		acc += float32(float32(s) * float32(f16At(blk)*d[b]))
	}
	return acc
}

// dotQ4_KGo is one Q4_K weight row times one Q8_K activation row (bs: 16 sums per
// super-block).
func dotQ4_KGo(w []byte, q []int8, d []float32, bs []int16) float32 {
	var acc float32
	for b := range d {
		blk := w[b*q4_KBytes : b*q4_KBytes+q4_KBytes]
		xq := q[b*qkK : b*qkK+qkK]
		qs := blk[q4KQsOff : q4KQsOff+128]
		var sub [8]int32 // the eight 32-value products, nibbles unscaled
		for j := range 4 {
			for l := range 32 {
				sub[2*j] += int32(qs[32*j+l]&0xf) * int32(xq[64*j+l])
				sub[2*j+1] += int32(qs[32*j+l]>>4) * int32(xq[64*j+32+l])
			}
		}
		acc = q4KAdd(acc, blk, &sub, bs[b*16:b*16+16], d[b])
	}
	return acc
}

// q4KAdd adds one Q4_K super-block's product to acc, given its eight unscaled 32-value products
// (exact, so any kernel may compute them in any order), its activations' 16-value sums and scale.
func q4KAdd(acc float32, blk []byte, sub *[8]int32, sums []int16, dx float32) float32 {
	sc := blk[q4KScOff : q4KScOff+12]
	var isum, msum int32
	for j := range 4 {
		s0, m0 := scaleMinK4(2*j, sc)
		s1, m1 := scaleMinK4(2*j+1, sc)
		isum += int32(s0)*sub[2*j] + int32(s1)*sub[2*j+1]
		msum += int32(m0)*(int32(sums[4*j])+int32(sums[4*j+1])) +
			int32(m1)*(int32(sums[4*j+2])+int32(sums[4*j+3]))
	}
	acc += float32(float32(isum) * float32(f16At(blk)*dx))
	acc -= float32(float32(msum) * float32(f16At(blk[2:])*dx))
	return acc
}

// dotQ6_KGo is one Q6_K weight row times one Q8_K activation row.
func dotQ6_KGo(w []byte, q []int8, d []float32) float32 {
	var acc float32
	for b := range d {
		blk := w[b*q6_KBytes : b*q6_KBytes+q6_KBytes]
		xq := q[b*qkK : b*qkK+qkK]
		var g [16]int32 // per 16-element group, half h's in g[8h:8h+8]
		for h := range 2 {
			ql := blk[64*h : 64*h+64]
			qh := blk[q6KQhOff+32*h : q6KQhOff+32*h+32]
			x := xq[128*h : 128*h+128]
			gh := g[8*h : 8*h+8]
			for l := range 32 {
				is := l / 16
				q1, q2, q3, q4 := q6Quad(ql[l], ql[l+32], qh[l])
				gh[is] += q1 * int32(x[l])
				gh[is+2] += q2 * int32(x[l+32])
				gh[is+4] += q3 * int32(x[l+64])
				gh[is+6] += q4 * int32(x[l+96])
			}
		}
		acc = q6KAdd(acc, blk, &g, d[b])
	}
	return acc
}

// q6KAdd adds one Q6_K super-block's product to acc, given its sixteen unscaled 16-value group
// products (exact, so any kernel may compute them in any order) and the activations' scale.
func q6KAdd(acc float32, blk []byte, g *[16]int32, dx float32) float32 {
	sc := blk[q6KScOff : q6KScOff+16]
	var isum int32
	for k := range 16 {
		isum += int32(int8(sc[k])) * g[k]
	}
	return acc + float32(float32(isum)*float32(f16At(blk[q6KDOff:])*dx))
}

func fold16(a *[16]float32) float32 {
	var s8 [8]float32
	for k := range 8 {
		s8[k] = a[k] + a[k+8]
	}
	s4 := [4]float32{s8[0] + s8[4], s8[1] + s8[5], s8[2] + s8[6], s8[3] + s8[7]}
	return (s4[0] + s4[2]) + (s4[1] + s4[3])
}

// dotF16Go: x already rounded to F16 precision.
func dotF16Go(w []byte, x []float32) float32 {
	tab := f16Table()
	var acc [16]float32
	n := len(x) &^ 15
	for i := 0; i < n; i += 16 {
		for k := range 16 {
			acc[k] += float32(tab[le16(w[2*(i+k):])] * x[i+k])
		}
	}
	s := fold16(&acc)
	for i := n; i < len(x); i++ {
		s += float32(tab[le16(w[2*i:])] * x[i])
	}
	return s
}

// dotBF16Go: x already rounded to BF16 precision.
// The float dots repeat one loop on purpose: a per-element callback would slow the portable path.
func dotBF16Go(w []byte, x []float32) float32 {
	var acc [16]float32
	n := len(x) &^ 15
	for i := 0; i < n; i += 16 {
		for k := range 16 {
			acc[k] += float32(BF16ToF32(le16(w[2*(i+k):])) * x[i+k])
		}
	}
	s := fold16(&acc)
	for i := n; i < len(x); i++ {
		s += float32(BF16ToF32(le16(w[2*i:])) * x[i])
	}
	return s
}

func dotF32Go(w []byte, x []float32) float32 {
	f := func(i int) float32 { return math.Float32frombits(binary.LittleEndian.Uint32(w[4*i:])) }
	var acc [16]float32
	n := len(x) &^ 15
	for i := 0; i < n; i += 16 {
		for k := range 16 {
			acc[k] += float32(f(i+k) * x[i+k])
		}
	}
	s := fold16(&acc)
	for i := n; i < len(x); i++ {
		s += float32(f(i) * x[i])
	}
	return s
}

func dotF32sGo(a, b []float32) float32 {
	b = b[:len(a)]
	var acc [16]float32
	n := len(a) &^ 15
	for i := 0; i < n; i += 16 {
		for k := range 16 {
			acc[k] += float32(a[i+k] * b[i+k])
		}
	}
	s := fold16(&acc)
	for i := n; i < len(a); i++ {
		s += float32(a[i] * b[i])
	}
	return s
}

// quantActQ8_0 quantises activations to Q8_0 the way ggml's x86 (AVX/AVX2)
// quantize_row_q8_0 does: multiplier 127/amax (not 1/d), round half to even, and the
// scale stored, hence used, as f16(amax/127). s receives each block's sum of values.
func quantActQ8_0(x []float32, q []int8, d []float32, s []int32) {
	for b := range d {
		xb := x[b*qk0 : b*qk0+qk0 : b*qk0+qk0]
		qb := q[b*qk0 : b*qk0+qk0 : b*qk0+qk0]
		var amax float32
		for _, v := range xb {
			if a := abs32(v); a > amax {
				amax = a
			}
		}
		d[b] = RoundF16(amax / 127)
		var id float32
		if amax != 0 {
			id = 127 / amax
		}
		var sum int32
		for k, v := range xb {
			// Saturate as VPACKSSDW/VPACKSSWB do (finite inputs stay within ±127 anyway). NaN and
			// values beyond int32 (an infinite input, or id overflowing for subnormal blocks) give
			// -128, what VCVTPS2DQ's 0x80000000 saturates to, on every architecture: Go's own
			// conversion differs there by architecture (arm64: 0 for NaN, ±MaxInt32 beyond).
			qv := int32(-128)
			if r := roundMagic32(v * id); r >= -(1<<31) && r < 1<<31 {
				qv = max(-128, min(127, int32(r)))
			}
			qb[k] = int8(qv)
			sum += qv
		}
		s[b] = sum
	}
}

// roundMagic32 rounds half to even for |f| < 2^22 by adding and removing 1.5·2^23 in
// float32 (ggml's nearest_int does the same); larger values, inf and NaN pass through.
func roundMagic32(f float32) float32 {
	const magic = 12582912
	// float32(f): inlined into roundMagic32(v * id), the product must round before the add.
	return float32(float32(f)+magic) - magic
}

// quantActQ8_K quantises activations to Q8_K as ggml's quantize_row_q8_K_ref does: the
// signed value of largest magnitude maps to -127, d = 1/iscale is kept in float32, and
// bs gets the sum of each 16 values.
func quantActQ8_K(x []float32, q []int8, d []float32, bs []int16) {
	for b := range d {
		xb := x[b*qkK : b*qkK+qkK]
		qb := q[b*qkK : b*qkK+qkK]
		var amax, mx float32
		for _, v := range xb {
			if a := abs32(v); a > amax {
				amax, mx = a, v
			}
		}
		if amax == 0 {
			d[b] = 0
			clear(qb)
			clear(bs[16*b : 16*b+16])
			continue
		}
		iscale := -127 / mx
		for k, v := range xb {
			// NaN and ±inf (iscale overflows for subnormal blocks) take MinInt32, what VCVTPS2DQ
			// and Go's conversion on amd64 give, whose low byte is 0; Go's own conversion gives
			// MaxInt32 for +inf on arm64.
			qv := int32(math.MinInt32)
			if r := roundMagic32(iscale * v); r >= -(1<<31) && r < 1<<31 {
				qv = int32(r)
			}
			qb[k] = int8(min(127, qv))
		}
		for g := range 16 {
			var s int16
			for _, v := range qb[16*g : 16*g+16] {
				s += int16(v)
			}
			bs[16*b+g] = s
		}
		d[b] = 1 / iscale
	}
}
