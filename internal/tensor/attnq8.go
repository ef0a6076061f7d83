package tensor

import (
	"encoding/binary"
	"fmt"
	"sync"
)

// Q8_0 KV vectors, as llama.cpp's q8_0 KV cache stores them: each vector of hd elements (a
// multiple of 32) is hd/32 blocks of an F16 scale d and 32 int8 q, the value of element j being
// d·q_j, which float32 holds exactly (11 bits times 8). The attention over such vectors is the
// F32 attention over those values: AttnScoresQ8_0 and AttnValuesQ8_0 give, bit for bit, what
// AttnScoresF32 and AttnValuesF32 give over the dequantised rows, so each (query, position)
// result depends on its own inputs alone, whatever the batch or the chunking, as for F16.
//
// The "go" set runs the scalar twins below; the amd64 sets, AVX2 kernels that dequantise as they
// go (attnq8_amd64.go, one query a call); the NEON set dequantises a row at a time and runs its
// own DotF32 and Axpy kernels over it, which are bit-exact twins of the scalar ones.

// q8RowElems bounds the rows the kernels dequantise into a pooled buffer; longer heads allocate.
const q8RowElems = 512

var q8Rows = sync.Pool{New: func() any { return new([q8RowElems]float32) }}

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
// k[t*kStride:] bytes: bit for bit AttnScoresF32 over the dequantised keys. It panics if hd is
// not a multiple of 32 or a slice is too short for the shapes.
func AttnScoresQ8_0(s []float32, sStride int, q []float32, qStride, nq int, k []byte, kStride, n, hd int, scale float32) {
	if !attnQ8Work("AttnScoresQ8_0", len(s), sStride, nq, n, len(q), qStride, hd, len(k), kStride) {
		return
	}
	ks := activeKernels.Load()
	if ks.attnScoresQ8 != nil {
		ks.attnScoresQ8(s, sStride, q, qStride, nq, k, kStride, n, hd, scale)
		return
	}
	dot := ks.dotF32
	buf, row := q8Row(hd)
	defer q8Rows.Put(buf)
	rb := Q8_0RowBytes(hd)
	for t := range n {
		DequantizeQ8_0Row(row, k[t*kStride:t*kStride+rb])
		for i := range nq {
			s[i*sStride+t] = dot(row, q[i*qStride:i*qStride+hd]) * scale
		}
	}
}

// AttnValuesQ8_0 is AttnValuesF32 over values stored as Q8_0 vectors: bit for bit AttnValuesF32
// over the dequantised rows. Positions are taken in order for every query, as there; each row is
// dequantised once for all the queries.
func AttnValuesQ8_0(out []float32, oStride int, p []float32, pStride, nq int, v []byte, vStride, n, hd int) {
	if !attnQ8Work("AttnValuesQ8_0", len(p), pStride, nq, n, len(out), oStride, hd, len(v), vStride) {
		return
	}
	ks := activeKernels.Load()
	if ks.attnValuesQ8 != nil {
		ks.attnValuesQ8(out, oStride, p, pStride, nq, v, vStride, n, hd)
		return
	}
	axpy := ks.axpy
	buf, row := q8Row(hd)
	defer q8Rows.Put(buf)
	rb := Q8_0RowBytes(hd)
	for t := range n {
		DequantizeQ8_0Row(row, v[t*vStride:t*vStride+rb])
		for i := range nq {
			axpy(out[i*oStride:i*oStride+hd], p[i*pStride+t], row)
		}
	}
}

// q8Row is a pooled buffer and its first hd elements, or a new slice for a head longer than it.
func q8Row(hd int) (*[q8RowElems]float32, []float32) {
	buf := q8Rows.Get().(*[q8RowElems]float32)
	if hd > q8RowElems {
		return buf, make([]float32, hd)
	}
	return buf, buf[:hd]
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

// attnScoresQ8_0Go is the reference arithmetic of AttnScoresQ8_0, in scalar Go: each key element
// is float32(q)·d (exact), and the score is DotF32's 16 lanes folded as fold16, times the scale.
func attnScoresQ8_0Go(s []float32, sStride int, q []float32, qStride, nq int, k []byte, kStride, n, hd int, scale float32) {
	for t := range n {
		kt := k[t*kStride:]
		for i := range nq {
			qi := q[i*qStride : i*qStride+hd]
			var acc [16]float32
			for c := 0; c < hd; c += 16 {
				blk := kt[c/qk0*q8_0Bytes:]
				d := f16At(blk)
				for l := range 16 {
					x := float32(float32(int8(blk[2+c%qk0+l])) * d)
					acc[l] += float32(x * qi[c+l])
				}
			}
			s[i*sStride+t] = fold16(&acc) * scale
		}
	}
}

// attnValuesQ8_0Go is the reference arithmetic of AttnValuesQ8_0: out_i[c] += p_i[t]·v_t[c],
// positions in order, each product and sum rounded on its own.
func attnValuesQ8_0Go(out []float32, oStride int, p []float32, pStride, nq int, v []byte, vStride, n, hd int) {
	for i := range nq {
		o := out[i*oStride : i*oStride+hd]
		for t := range n {
			a := p[i*pStride+t]
			vt := v[t*vStride:]
			for c := range o {
				blk := vt[c/qk0*q8_0Bytes:]
				x := float32(float32(int8(blk[2+c%qk0])) * f16At(blk))
				o[c] += float32(a * x)
			}
		}
	}
}
