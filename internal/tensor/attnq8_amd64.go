//go:build amd64 && !purego

package tensor

// attnValuesQ8_0AVX2 adds p[t] * v_t to out[:32·nb] for t < n (n ≥ 1) in order, v_t the nb Q8_0
// blocks at v + t*vStride bytes, by fused multiply-adds: attnValuesQ8_0Go for one query, bit for
// bit.
//
//go:noescape
func attnValuesQ8_0AVX2(out *float32, p *float32, v *byte, vStride, n, nb int)

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

// attnValuesQ8_0Asm runs the AVX2 value kernels four queries a call (a tile of many queries
// dequantises each value a quarter as often), the one to three left one a call; the exported
// function checked the shapes (hd a whole number of blocks, n ≥ 1).
func attnValuesQ8_0Asm(out []float32, oStride int, p []float32, pStride, nq int, v []byte, vStride, n, hd int) {
	i := 0
	for ; i+4 <= nq; i += 4 {
		attnValuesQ8_0x4AVX2(&out[i*oStride], oStride, &p[i*pStride], pStride, &v[0], vStride, n, hd/qk0)
	}
	for ; i < nq; i++ {
		attnValuesQ8_0AVX2(&out[i*oStride], &p[i*pStride], &v[0], vStride, n, hd/qk0)
	}
}
