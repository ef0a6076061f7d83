//go:build amd64 && !purego

package tensor

// attnScoresQ8_0AVX2 sets s[t] = DotF32(k_t, q) * scale for t < n (n ≥ 1), where k_t is the nb
// (≥ 1) Q8_0 blocks at k + t*kStride bytes, dequantised exactly, and q holds 32·nb floats:
// attnScoresQ8_0Go for one query, bit for bit.
//
//go:noescape
func attnScoresQ8_0AVX2(s *float32, q *float32, k *byte, kStride, n, nb int, scale float32)

// attnValuesQ8_0AVX2 adds p[t] * v_t to out[:32·nb] for t < n (n ≥ 1) in order, v_t the nb Q8_0
// blocks at v + t*vStride bytes, each product and sum rounded on its own: attnValuesQ8_0Go for
// one query, bit for bit.
//
//go:noescape
func attnValuesQ8_0AVX2(out *float32, p *float32, v *byte, vStride, n, nb int)

// attnScoresQ8_0x4AVX2 is attnScoresQ8_0AVX2 for four queries, q_i at q + i*qStride floats and
// their scores at s + i*sStride floats: each block is dequantised once for the four.
//
//go:noescape
func attnScoresQ8_0x4AVX2(s *float32, sStride int, q *float32, qStride int, k *byte, kStride, n, nb int, scale float32)

// attnValuesQ8_0x4AVX2 is attnValuesQ8_0AVX2 for four queries, out_i at out + i*oStride floats
// and p_i at p + i*pStride floats: each half block is dequantised once for the four.
//
//go:noescape
func attnValuesQ8_0x4AVX2(out *float32, oStride int, p *float32, pStride int, v *byte, vStride, n, nb int)

// dequantQ8_0AVX2 decodes the nb (≥ 1) Q8_0 blocks at src into 32·nb floats at dst, exactly.
//
//go:noescape
func dequantQ8_0AVX2(dst *float32, src *byte, nb int)

// dequantQ8_0Vec is DequantizeQ8_0Row past its checks on the AVX2 kernel.
func dequantQ8_0Vec(dst []float32, src []byte) {
	dequantQ8_0AVX2(&dst[0], &src[0], len(src)/q8_0Bytes)
}

// attnScoresQ8_0Asm and attnValuesQ8_0Asm run the AVX2 kernels four queries a call (a tile of
// many queries dequantises each key and value a quarter as often), the one to three left one a
// call; the exported functions checked the shapes (hd a whole number of blocks, n ≥ 1).
func attnScoresQ8_0Asm(s []float32, sStride int, q []float32, qStride, nq int, k []byte, kStride, n, hd int, scale float32) {
	i := 0
	for ; i+4 <= nq; i += 4 {
		attnScoresQ8_0x4AVX2(&s[i*sStride], sStride, &q[i*qStride], qStride, &k[0], kStride, n, hd/qk0, scale)
	}
	for ; i < nq; i++ {
		attnScoresQ8_0AVX2(&s[i*sStride], &q[i*qStride], &k[0], kStride, n, hd/qk0, scale)
	}
}

func attnValuesQ8_0Asm(out []float32, oStride int, p []float32, pStride, nq int, v []byte, vStride, n, hd int) {
	i := 0
	for ; i+4 <= nq; i += 4 {
		attnValuesQ8_0x4AVX2(&out[i*oStride], oStride, &p[i*pStride], pStride, &v[0], vStride, n, hd/qk0)
	}
	for ; i < nq; i++ {
		attnValuesQ8_0AVX2(&out[i*oStride], &p[i*pStride], &v[0], vStride, n, hd/qk0)
	}
}
