//go:build amd64 && !purego

package tensor

// attnScoresF16x16AVX2 sets *s(i, t) = DotF32(k_t, q_i) * scale for i < nq, t < n over hd16*16
// elements (the whole head: the callers pass only multiples of 16), where s(i, t) is at
// s + i*sStride + t floats, q_i at q + i*qStride floats and k_t at k + t*kStride halves.
//
//go:noescape
func attnScoresF16x16AVX2(s *float32, sStride int, q *float32, qStride, nq int, k *uint16, kStride, n, hd16 int, scale float32)

// attnScoresF16x16AVX512 is attnScoresF16x16AVX2 on AVX-512 registers.
//
//go:noescape
func attnScoresF16x16AVX512(s *float32, sStride int, q *float32, qStride, nq int, k *uint16, kStride, n, hd16 int, scale float32)

// attnScoresF16x4AVX2 is attnScoresF16x16AVX2 for n = 4*n4 positions, four at a time.
//
//go:noescape
func attnScoresF16x4AVX2(s *float32, sStride int, q *float32, qStride, nq int, k *uint16, kStride, n4, hd16 int, scale float32)

// attnScoresF16x3x2AVX2 is attnScoresF16x16AVX2 for nq = 3*nq3 queries and n = 2*n2 positions,
// three queries times two positions at a time: each key chunk is widened once for three queries.
//
//go:noescape
func attnScoresF16x3x2AVX2(s *float32, sStride int, q *float32, qStride, nq3 int, k *uint16, kStride, n2, hd16 int, scale float32)

// attnScoresF32x3x2AVX2 is attnScoresF16x3x2AVX2 over float32 keys, k_t at k + t*kStride floats.
//
//go:noescape
func attnScoresF32x3x2AVX2(s *float32, sStride int, q *float32, qStride, nq3 int, k *float32, kStride, n2, hd16 int, scale float32)

// attnScoresF16x4AVX512 is attnScoresF16x16AVX2 for 1 ≤ nq ≤ 4 queries and n = 4*n4 positions,
// four positions at a time.
//
//go:noescape
func attnScoresF16x4AVX512(s *float32, sStride int, q *float32, qStride, nq int, k *uint16, kStride, n4, hd16 int, scale float32)

// attnValuesF16x16AVX2 adds p_i[t] * v_t to out_i for t < n in order, for 1 ≤ nq ≤ 4 queries,
// over hd16*16 elements, each product and sum rounded on its own (attnValuesF16Go): out_i is at
// out + i*oStride floats, p_i[t] at p + i*pStride + t floats and v_t at v + t*vStride halves.
//
//go:noescape
func attnValuesF16x16AVX2(out *float32, oStride int, p *float32, pStride, nq int, v *uint16, vStride, n, hd16 int)

// attnValuesF32x16AVX2 is attnValuesF16x16AVX2 over float32 values, v_t at v + t*vStride floats.
//
//go:noescape
func attnValuesF32x16AVX2(out *float32, oStride int, p *float32, pStride, nq int, v *float32, vStride, n, hd16 int)

// attnValuesF16x16AVX512 is attnValuesF16x16AVX2 on AVX-512 registers.
//
//go:noescape
func attnValuesF16x16AVX512(out *float32, oStride int, p *float32, pStride, nq int, v *uint16, vStride, n, hd16 int)

// attnScoresF16Kernel and attnValuesF16Kernel are the shapes of the kernels above.
type (
	attnScoresF16Kernel func(s *float32, sStride int, q *float32, qStride, nq int, k *uint16, kStride, n, hd16 int, scale float32)
	attnValuesF16Kernel func(out *float32, oStride int, p *float32, pStride, nq int, v *uint16, vStride, n, hd16 int)
)

// attnScoresF16Asm runs AttnScoresF16 on one instruction set's kernels: x4 over the leading
// multiple of four positions, at most group queries a call, then x16 over the rest. Head sizes
// that are not a multiple of 16 (rare) go to the Go twin; the exported function checked the shapes.
func attnScoresF16Asm(x4 attnScoresF16Kernel, group int, x16 attnScoresF16Kernel, s []float32, sStride int, q []float32, qStride, nq int, k []uint16, kStride, n, hd int, scale float32) {
	if hd&15 != 0 {
		attnScoresF16Go(s, sStride, q, qStride, nq, k, kStride, n, hd, scale)
		return
	}
	n4 := n &^ 3
	if n4 > 0 {
		for i := 0; i < nq; i += group {
			x4(&s[i*sStride], sStride, &q[i*qStride], qStride, min(group, nq-i), &k[0], kStride, n4/4, hd/16, scale)
		}
	}
	if n4 < n {
		x16(&s[n4], sStride, &q[0], qStride, nq, &k[n4*kStride], kStride, n-n4, hd/16, scale)
	}
}

// attnValuesF16Asm runs AttnValuesF16 on one instruction set's kernel, four queries a call.
func attnValuesF16Asm(x16 attnValuesF16Kernel, out []float32, oStride int, p []float32, pStride, nq int, v []uint16, vStride, n, hd int) {
	if hd&15 != 0 {
		attnValuesF16Go(out, oStride, p, pStride, nq, v, vStride, n, hd)
		return
	}
	for i := 0; i < nq; i += 4 {
		x16(&out[i*oStride], oStride, &p[i*pStride], pStride, min(4, nq-i), &v[0], vStride, n, hd/16)
	}
}

// The AVX2 score kernel over four positions takes every query in one call (group nq > 0); the
// AVX-512 one takes four at most.

// attnScoresF16AVX2 takes the queries three at a time over pairs of positions (a tile of many
// queries widens each key a third as often as the x4 kernel does), an odd last position on x16,
// and the one or two queries left on the x4 and x16 kernels.
func attnScoresF16AVX2(s []float32, sStride int, q []float32, qStride, nq int, k []uint16, kStride, n, hd int, scale float32) {
	nq3, n2 := nq/3*3, n&^1
	if hd&15 == 0 && nq3 > 0 && n2 > 0 {
		attnScoresF16x3x2AVX2(&s[0], sStride, &q[0], qStride, nq3/3, &k[0], kStride, n2/2, hd/16, scale)
		if n2 < n {
			attnScoresF16x16AVX2(&s[n2], sStride, &q[0], qStride, nq3, &k[n2*kStride], kStride, 1, hd/16, scale)
		}
		if nq3 == nq {
			return
		}
		s, q, nq = s[nq3*sStride:], q[nq3*qStride:], nq-nq3
	}
	attnScoresF16Asm(attnScoresF16x4AVX2, nq, attnScoresF16x16AVX2, s, sStride, q, qStride, nq, k, kStride, n, hd, scale)
}

// attnScoresF32AVX2 is attnScoresF16AVX2's split over float32 keys (keys a tile decoded once for
// all its queries): the triples of queries over pairs of positions on the x3x2 kernel, the rest (an odd last position, one or two queries, heads not a multiple of 16) a
// pair at a time on the DotF32 kernel, which gives the same bits.
func attnScoresF32AVX2(s []float32, sStride int, q []float32, qStride, nq int, k []float32, kStride, n, hd int, scale float32) {
	nq3, n2 := nq/3*3, n&^1
	if hd&15 != 0 || nq3 == 0 || n2 == 0 {
		attnScoresF32Dot(dotF32sAVX2, s, sStride, q, qStride, nq, k, kStride, n, hd, scale)
		return
	}
	attnScoresF32x3x2AVX2(&s[0], sStride, &q[0], qStride, nq3/3, &k[0], kStride, n2/2, hd/16, scale)
	if n2 < n {
		attnScoresF32Dot(dotF32sAVX2, s[n2:], sStride, q, qStride, nq3, k[n2*kStride:], kStride, 1, hd, scale)
	}
	if nq3 < nq {
		attnScoresF32Dot(dotF32sAVX2, s[nq3*sStride:], sStride, q[nq3*qStride:], qStride, nq-nq3, k, kStride, n, hd, scale)
	}
}

// attnValuesF32AVX2 runs AttnValuesF32 four queries a call on the x16 kernel.
func attnValuesF32AVX2(out []float32, oStride int, p []float32, pStride, nq int, v []float32, vStride, n, hd int) {
	if hd&15 != 0 {
		attnValuesF32Axpy(axpyVec, out, oStride, p, pStride, nq, v, vStride, n, hd)
		return
	}
	for i := 0; i < nq; i += 4 {
		attnValuesF32x16AVX2(&out[i*oStride], oStride, &p[i*pStride], pStride, min(4, nq-i), &v[0], vStride, n, hd/16)
	}
}

func attnScoresF16AVX512(s []float32, sStride int, q []float32, qStride, nq int, k []uint16, kStride, n, hd int, scale float32) {
	attnScoresF16Asm(attnScoresF16x4AVX512, 4, attnScoresF16x16AVX512, s, sStride, q, qStride, nq, k, kStride, n, hd, scale)
}

func attnValuesF16AVX2(out []float32, oStride int, p []float32, pStride, nq int, v []uint16, vStride, n, hd int) {
	attnValuesF16Asm(attnValuesF16x16AVX2, out, oStride, p, pStride, nq, v, vStride, n, hd)
}

func attnValuesF16AVX512(out []float32, oStride int, p []float32, pStride, nq int, v []uint16, vStride, n, hd int) {
	attnValuesF16Asm(attnValuesF16x16AVX512, out, oStride, p, pStride, nq, v, vStride, n, hd)
}

// prefetchRows issues PREFETCHT0 for every 64-byte line of rows t < n of rowBytes bytes at
// p + t*stride bytes.
//
//go:noescape
func prefetchRows(p *byte, stride, n, rowBytes int)

// maxF32AVX2 is the largest of x[0 : 8*n8] (n8 ≥ 1), by VMAXPS.
//
//go:noescape
func maxF32AVX2(x *float32, n8 int) float32

// sumF64AVX2 is sumF64Go's 16-lane sum of x[0 : 16*n16], folded.
//
//go:noescape
func sumF64AVX2(x *float32, n16 int) float64

func maxF32Vec(x []float32) float32 {
	n := len(x) &^ 7
	if n == 0 {
		return maxF32Go(x)
	}
	m := maxF32AVX2(&x[0], n/8)
	for _, v := range x[n:] {
		m = max(m, v)
	}
	return m
}

func sumF64Vec(x []float32) float64 {
	n := len(x) &^ 15
	if n == 0 {
		return sumF64Go(x)
	}
	s := sumF64AVX2(&x[0], n/16)
	for _, v := range x[n:] {
		s += float64(v)
	}
	return s
}

// f32sToF16F16C narrows src[0 : 8*n8] into dst by VCVTPS2PH, rounding to nearest even as
// F32ToF16 does (NaNs quieted the same way).
//
//go:noescape
func f32sToF16F16C(dst *uint16, src *float32, n8 int)

func f32sToF16Vec(dst []uint16, src []float32) {
	dst = dst[:len(src)]
	n := len(src) &^ 7
	if n > 0 {
		f32sToF16F16C(&dst[0], &src[0], n/8)
	}
	f32sToF16Go(dst[n:], src[n:])
}
