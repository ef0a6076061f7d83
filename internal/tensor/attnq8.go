package tensor

import (
	"encoding/binary"
	"fmt"
)

// Q8_0 KV vectors, as llama.cpp's q8_0 KV cache stores them: each vector of hd elements (a
// multiple of 32) is hd/32 blocks of an F16 scale d and 32 int8 q, the value of element j being
// d·q_j, which float32 holds exactly (11 bits times 8). The attention over such vectors is the
// F32 attention over those values: AttnScoresQ8_0 and AttnValuesQ8_0 give, bit for bit, what
// AttnScoresF32 and AttnValuesF32 give over the dequantised rows, so each (query, position)
// result depends on its own inputs alone, whatever the batch or the chunking, as for F16.
//
// The scores dequantise a chunk of keys (DequantizeQ8_0Row, exact on every set) and run the
// set's F32 score kernel over it. The values: the "go" set runs the scalar twin below; the amd64
// sets, AVX2 kernels that dequantise as they go (attnq8_amd64.go); the NEON set dequantises a
// chunk of rows as the scores do and runs its F32 value kernel over it.

// Q8_0RowBytes is the size of one Q8_0 vector of hd elements (hd a multiple of 32).
func Q8_0RowBytes(hd int) int { return hd / qk0 * q8_0Bytes }

// QuantizeQ8_0Row encodes src, a whole number of 32-element blocks, into the Q8_0 blocks of
// dst by the rule llama.cpp's x86 quantize_row_q8_0 applies to the q8_0 KV cache (quantActQ8_0:
// d = f16(amax/127), q = x·(127/amax) rounded half to even), on the active kernel set, whose
// quantisers are bit-exact twins. It panics if dst is not exactly the encoding's size.
func QuantizeQ8_0Row(dst []byte, src []float32) {
	nb := len(src) / qk0
	if len(src)%qk0 != 0 || len(dst) != nb*q8_0Bytes {
		panic(fmt.Sprintf("tensor: QuantizeQ8_0Row: %d floats into %d bytes", len(src), len(dst)))
	}
	quant := activeKernels.Load().quantQ8_0
	const chunk = 8
	var q [chunk * qk0]int8
	var d [chunk]float32
	var s [chunk]int32
	for b0 := 0; b0 < nb; b0 += chunk {
		m := min(chunk, nb-b0)
		quant(src[b0*qk0:(b0+m)*qk0], q[:m*qk0], d[:m], s[:m])
		putQ8_0Blocks(dst[b0*q8_0Bytes:(b0+m)*q8_0Bytes], q[:m*qk0], d[:m])
	}
}

// putQ8_0Blocks writes the blocks of scales d (F16 values already) and values q into dst.
func putQ8_0Blocks(dst []byte, q []int8, d []float32) {
	for b := range d {
		blk := dst[b*q8_0Bytes : (b+1)*q8_0Bytes]
		binary.LittleEndian.PutUint16(blk, F32ToF16(d[b]))
		for j := range qk0 {
			blk[2+j] = byte(q[b*qk0+j])
		}
	}
}

// DequantizeQ8_0Row decodes the Q8_0 blocks of src into dst[:32 per block], exactly (every set
// gives the same bits: d·q is exact in float32). A run of vectors is one row of blocks.
func DequantizeQ8_0Row(dst []float32, src []byte) {
	nb := len(src) / q8_0Bytes
	if nb == 0 {
		return
	}
	_ = dst[nb*qk0-1]
	if dq := activeKernels.Load().dequantQ8_0; dq != nil {
		dq(dst, src[:nb*q8_0Bytes])
		return
	}
	dequantQ8_0Go(dst, src[:nb*q8_0Bytes])
}

// dequantQ8_0Go is DequantizeQ8_0Row's reference, a block at a time.
func dequantQ8_0Go(dst []float32, src []byte) {
	for b := range len(src) / q8_0Bytes {
		dequantQ8_0(src[b*q8_0Bytes:(b+1)*q8_0Bytes], dst[b*qk0:(b+1)*qk0])
	}
}

// AttnScoresQ8_0 is AttnScoresF32 over keys stored as Q8_0 vectors of hd elements, k_t at
// k[t*kStride:] bytes: bit for bit AttnScoresF32 over the dequantised keys, which it runs on a
// chunk of rows at a time dequantised into a pooled buffer. It panics if hd is not a multiple of
// 32 or a slice is too short for the shapes.
func AttnScoresQ8_0(s []float32, sStride int, q []float32, qStride, nq int, k []byte, kStride, n, hd int, scale float32) {
	if !attnQ8Work("AttnScoresQ8_0", len(s), sStride, nq, n, len(q), qStride, hd, len(k), kStride) {
		return
	}
	scores := activeKernels.Load().attnScoresF32
	rowChunks(n, hd, func(dst []float32, t0, t1 int) { dequantRows(dst, k, kStride, hd, t0, t1) },
		func(kf []float32, t0, t1 int) { scores(s[t0:], sStride, q, qStride, nq, kf, hd, t1-t0, hd, scale) })
}

// AttnValuesQ8_0 is AttnValuesF32 over values stored as Q8_0 vectors: bit for bit AttnValuesF32
// over the dequantised rows. Positions are taken in order for every query, as there.
func AttnValuesQ8_0(out []float32, oStride int, p []float32, pStride, nq int, v []byte, vStride, n, hd int) {
	if !attnQ8Work("AttnValuesQ8_0", len(p), pStride, nq, n, len(out), oStride, hd, len(v), vStride) {
		return
	}
	ks := activeKernels.Load()
	if ks.attnValuesQ8 != nil {
		ks.attnValuesQ8(out, oStride, p, pStride, nq, v, vStride, n, hd)
		return
	}
	rowChunks(n, hd, func(dst []float32, t0, t1 int) { dequantRows(dst, v, vStride, hd, t0, t1) },
		func(vf []float32, t0, t1 int) { ks.attnValuesF32(out, oStride, p[t0:], pStride, nq, vf, hd, t1-t0, hd) })
}

// dequantRows dequantises the Q8_0 vectors [t0, t1) of hd elements, stride bytes apart in src,
// into dst, packed hd apart.
func dequantRows(dst []float32, src []byte, stride, hd, t0, t1 int) {
	rb := Q8_0RowBytes(hd)
	if stride == rb { // a run of vectors is one row of blocks
		DequantizeQ8_0Row(dst, src[t0*rb:t1*rb])
		return
	}
	for t := t0; t < t1; t++ {
		DequantizeQ8_0Row(dst[(t-t0)*hd:], src[t*stride:t*stride+rb])
	}
}

// attnQ8Work is attnWork for Q8_0 rows: hd a multiple of 32, and rows of Q8_0RowBytes(hd) bytes.
func attnQ8Work(name string, sLen, sStride, nq, n, qLen, qStride, hd, kLen, kStride int) bool {
	if nq <= 0 || n <= 0 {
		return false
	}
	if hd <= 0 || hd%qk0 != 0 {
		panic(fmt.Sprintf("tensor: %s: head of %d elements is not a whole number of Q8_0 blocks", name, hd))
	}
	rb := Q8_0RowBytes(hd)
	if kStride < rb || kLen < (n-1)*kStride+rb {
		panic(fmt.Sprintf("tensor: %s: %d rows of %d bytes at stride %d in %d bytes", name, n, rb, kStride, kLen))
	}
	return attnWork(name, sLen, sStride, nq, n, qLen, qStride, hd, hd, 0)
}

// attnValuesQ8_0Go is the reference arithmetic of AttnValuesQ8_0: out_i[c] = fma32(p_i[t],
// v_t[c], out_i[c]), positions in order.
func attnValuesQ8_0Go(out []float32, oStride int, p []float32, pStride, nq int, v []byte, vStride, n, hd int) {
	for i := range nq {
		o := out[i*oStride : i*oStride+hd]
		for t := range n {
			a := p[i*pStride+t]
			vt := v[t*vStride:]
			for c := range o {
				blk := vt[c/qk0*q8_0Bytes:]
				x := float32(float32(int8(blk[2+c%qk0])) * f16At(blk))
				o[c] = fma32(a, x, o[c])
			}
		}
	}
}
