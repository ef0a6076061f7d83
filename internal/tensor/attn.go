package tensor

import (
	"fmt"
	"sync"
)

// Fused attention kernels over a run of cached positions (one KV page): the key or value rows of
// one KV head sit at a fixed stride, and every query head sharing that KV head (a GQA group) is
// handled in one call, so each row is read, and widened from F16, once per call rather than once
// per head. The arithmetic:
//
//   - a score is attnScoreGo(k_t, q_i) * scale: eight chains of fused multiply-adds (fma32, one
//     rounding each), chain l taking the elements d ≡ l (mod 8) in order, summed in pairs,
//     ((0+1)+(2+3))+((4+5)+(6+7)). Eight chains are what a vector kernel keeps in flight along the
//     head, one register per (query, position), so a tile of three queries by four positions
//     runs on fused multiply-adds alone, the twelve sums folded together at the end;
//   - a value accumulation is out_i[d] = fma32(p_i[t], v_t[d], out_i[d]) for t in order: a
//     vector kernel keeps a tile of queries' accumulators in registers across the positions, and
//     one fused multiply-add per element leaves the ports for the weights' broadcasts.
//
// Keys and values widened from F16 or dequantised from Q8_0 are exact in float32, so every type's
// result is the F32 one over the widened vectors. Each (query, position) score, and each query's
// value sum, depends on its own inputs alone, whatever the call's batch.

// AttnScoresF16 sets s[i*sStride+t] = attnScoreGo(k_t, q_i) * scale for queries i < nq and
// positions t < n, where q_i = q[i*qStride:][:hd] and k_t is k[t*kStride:][:hd] widened from F16.
// It panics if a slice is too short for the shapes.
func AttnScoresF16(s []float32, sStride int, q []float32, qStride, nq int, k []uint16, kStride, n, hd int, scale float32) {
	if !attnWork("AttnScoresF16", len(s), sStride, nq, n, len(q), qStride, hd, len(k), kStride) {
		return
	}
	ks := activeKernels.Load()
	if ks.attnScores != nil {
		ks.attnScores(s, sStride, q, qStride, nq, k, kStride, n, hd, scale)
		return
	}
	rowChunks(n, hd, func(dst []float32, t0, t1 int) { widenRows(ks.f16s, dst, k, kStride, hd, t0, t1) },
		func(kf []float32, t0, t1 int) {
			ks.attnScoresF32(s[t0:], sStride, q, qStride, nq, kf, hd, t1-t0, hd, scale)
		})
}

// AttnValuesF16 adds, for queries i < nq and positions t < n in order, p[i*pStride+t] * v_t to
// out[i*oStride:][:hd] element by element, each a fused multiply-add (fma32), where v_t is
// v[t*vStride:][:hd] widened from F16. It panics if a slice is too short for the shapes.
func AttnValuesF16(out []float32, oStride int, p []float32, pStride, nq int, v []uint16, vStride, n, hd int) {
	if !attnWork("AttnValuesF16", len(p), pStride, nq, n, len(out), oStride, hd, len(v), vStride) {
		return
	}
	ks := activeKernels.Load()
	if ks.attnValues != nil {
		ks.attnValues(out, oStride, p, pStride, nq, v, vStride, n, hd)
		return
	}
	rowChunks(n, hd, func(dst []float32, t0, t1 int) { widenRows(ks.f16s, dst, v, vStride, hd, t0, t1) },
		func(vf []float32, t0, t1 int) {
			ks.attnValuesF32(out, oStride, p[t0:], pStride, nq, vf, hd, t1-t0, hd)
		})
}

// AttnScoresF32 is AttnScoresF16 over float32 keys (keys widened from F16 or dequantised from
// Q8_0 give the same bits as those kernels over the stored keys).
func AttnScoresF32(s []float32, sStride int, q []float32, qStride, nq int, k []float32, kStride, n, hd int, scale float32) {
	if !attnWork("AttnScoresF32", len(s), sStride, nq, n, len(q), qStride, hd, len(k), kStride) {
		return
	}
	activeKernels.Load().attnScoresF32(s, sStride, q, qStride, nq, k, kStride, n, hd, scale)
}

// AttnValuesF32 is AttnValuesF16 over float32 values.
func AttnValuesF32(out []float32, oStride int, p []float32, pStride, nq int, v []float32, vStride, n, hd int) {
	if !attnWork("AttnValuesF32", len(p), pStride, nq, n, len(out), oStride, hd, len(v), vStride) {
		return
	}
	activeKernels.Load().attnValuesF32(out, oStride, p, pStride, nq, v, vStride, n, hd)
}

// attnScoreGo is a score before the scale: eight chains of fused multiply-adds over the head,
// chain l taking the elements d ≡ l (mod 8) in order, then summed in pairs.
func attnScoreGo(k, q []float32) float32 {
	var c [8]float32
	for d := range k {
		c[d&7] = fma32(q[d], k[d], c[d&7])
	}
	return ((c[0] + c[1]) + (c[2] + c[3])) + ((c[4] + c[5]) + (c[6] + c[7]))
}

// attnScoresF32Go is the reference arithmetic of AttnScoresF32 (see the top of the file).
func attnScoresF32Go(s []float32, sStride int, q []float32, qStride, nq int, k []float32, kStride, n, hd int, scale float32) {
	for t := range n {
		kt := k[t*kStride : t*kStride+hd]
		for i := range nq {
			s[i*sStride+t] = attnScoreGo(kt, q[i*qStride:i*qStride+hd]) * scale
		}
	}
}

// attnValuesF32Go is the reference arithmetic of AttnValuesF32.
func attnValuesF32Go(out []float32, oStride int, p []float32, pStride, nq int, v []float32, vStride, n, hd int) {
	for i := range nq {
		o := out[i*oStride : i*oStride+hd]
		for t := range n {
			a, vt := p[i*pStride+t], v[t*vStride:t*vStride+hd]
			for d := range o {
				o[d] = fma32(a, vt[d], o[d])
			}
		}
	}
}

// attnRowElems is the size in floats of a pooled buffer of keys or values widened or
// dequantised for the F32 kernels: 16 KB, half an L1, so that the chunk is still there when they
// read it.
const attnRowElems = 4096

var attnRows = sync.Pool{New: func() any { return new([attnRowElems]float32) }}

// rowChunks runs n rows of hd elements through a pooled buffer a chunk at a time, in order: load
// decodes rows [t0, t1) into dst, packed hd apart; run takes them there.
func rowChunks(n, hd int, load, run func(rows []float32, t0, t1 int)) {
	buf := attnRows.Get().(*[attnRowElems]float32)
	defer attnRows.Put(buf)
	dst, rows := buf[:], attnRowElems/hd
	if rows == 0 {
		dst, rows = make([]float32, hd), 1
	}
	for t0 := 0; t0 < n; t0 += rows {
		t1 := min(n, t0+rows)
		load(dst, t0, t1)
		run(dst[:(t1-t0)*hd], t0, t1)
	}
}

// widenRows widens rows [t0, t1) of src (stride halves apart) into dst, packed hd apart, by f16s.
func widenRows(f16s func(dst []float32, src []uint16), dst []float32, src []uint16, stride, hd, t0, t1 int) {
	for t := t0; t < t1; t++ {
		f16s(dst[(t-t0)*hd:(t-t0+1)*hd], src[t*stride:t*stride+hd])
	}
}

// attnWork reports whether there is work (queries and positions) and, where there is, panics
// unless the per-(query, position) slice (sLen), the per-query vectors (qLen) and the
// per-position rows (kLen) cover the shapes, so that the assembly never reads or writes outside
// them.
func attnWork(name string, sLen, sStride, nq, n, qLen, qStride, hd, kLen, kStride int) bool {
	if nq <= 0 || n <= 0 {
		return false
	}
	if sStride < n || qStride < 0 || kStride < 0 || hd <= 0 ||
		sLen < (nq-1)*sStride+n || qLen < (nq-1)*qStride+hd || kLen < (n-1)*kStride+hd {
		panic(fmt.Sprintf("tensor: %s: %d queries × %d positions of %d: slices of %d, %d, %d with strides %d, %d, %d",
			name, nq, n, hd, sLen, qLen, kLen, sStride, qStride, kStride))
	}
	return true
}

// attnValuesF16Go is the reference arithmetic of AttnValuesF16.
func attnValuesF16Go(out []float32, oStride int, p []float32, pStride, nq int, v []uint16, vStride, n, hd int) {
	tab := f16Table()
	for i := range nq {
		o := out[i*oStride : i*oStride+hd]
		for t := range n {
			a := p[i*pStride+t]
			vt := v[t*vStride : t*vStride+hd]
			for c := range o {
				o[c] = fma32(a, tab[vt[c]], o[c])
			}
		}
	}
}

// PrefetchRows hints the CPU to bring rows t < n of size bytes at rows[t*stride:] into its caches,
// so that a kernel reading them next finds them there (the next page of a context, whose short
// strided runs the hardware prefetchers do not pick up in time). It reads nothing itself and stops
// at the end of rows.
func PrefetchRows(rows []byte, stride, n, size int) {
	if n <= 0 || size <= 0 || stride < 0 || len(rows) < size {
		return
	}
	n = min(n, (len(rows)-size)/max(stride, 1)+1)
	prefetchRows(&rows[0], stride, n, size)
}

// maxF32Go is the largest element of x (not empty). The vector kernels may return the other
// zero or NaN where x holds both zeros or a NaN; Softmax gives the same result either way (exp of
// ±0 is 1, and a NaN makes every output NaN).
func maxF32Go(x []float32) float32 {
	m := x[0]
	for _, v := range x[1:] {
		m = max(m, v)
	}
	return m
}

// sumF64Go is the float64 sum of x in Softmax's order: 16 lanes, lane k taking the elements
// i ≡ k (mod 16) of the leading multiple of 16, folded as fold16 (k+8, k+4, k+2, k+1), then the
// remaining elements in order. Sixteen chains instead of one keep a long row's sum off the
// critical path of the add latency.
func sumF64Go(x []float32) float64 {
	var a [16]float64
	n := len(x) &^ 15
	for i := 0; i < n; i += 16 {
		for k := range 16 {
			a[k] += float64(x[i+k])
		}
	}
	var s4 [4]float64
	for k := range 4 {
		s4[k] = (a[k] + a[k+8]) + (a[k+4] + a[k+12])
	}
	s := (s4[0] + s4[2]) + (s4[1] + s4[3])
	for _, v := range x[n:] {
		s += float64(v)
	}
	return s
}
