package tensor

import "fmt"

// Fused attention kernels over a run of cached positions (one KV page): the key or value rows of
// one KV head sit at a fixed stride, and every query head sharing that KV head (a GQA group) is
// handled in one call, so each row is read, and widened from F16, once per call rather than once
// per head. The arithmetic is that of DotF32 and Axpy, which the attention used before:
//
//   - a score is DotF32(k_t, q_i) * scale: 16 lanes over the leading multiple of 16, each product
//     and sum rounded on its own, the lanes folded as fold16, then the rest added in order;
//   - a value accumulation is out_i[d] += float32(p_i[t] * v_t[d]) for t in order, as Axpy.
//
// So each (query, position) result depends on its own inputs alone, whatever the call's batch.

// AttnScoresF16 sets s[i*sStride+t] = DotF32(k_t, q_i) * scale for queries i < nq and positions
// t < n, where q_i = q[i*qStride:][:hd] and k_t is k[t*kStride:][:hd] widened from F16.
// It panics if a slice is too short for the shapes.
func AttnScoresF16(s []float32, sStride int, q []float32, qStride, nq int, k []uint16, kStride, n, hd int, scale float32) {
	if !attnWork("AttnScoresF16", len(s), sStride, nq, n, len(q), qStride, hd, len(k), kStride) {
		return
	}
	activeKernels.Load().attnScores(s, sStride, q, qStride, nq, k, kStride, n, hd, scale)
}

// AttnValuesF16 adds, for queries i < nq and positions t < n in order, p[i*pStride+t] * v_t to
// out[i*oStride:][:hd], where v_t is v[t*vStride:][:hd] widened from F16; each product and sum is
// rounded on its own, as Axpy does. It panics if a slice is too short for the shapes.
func AttnValuesF16(out []float32, oStride int, p []float32, pStride, nq int, v []uint16, vStride, n, hd int) {
	if !attnWork("AttnValuesF16", len(p), pStride, nq, n, len(out), oStride, hd, len(v), vStride) {
		return
	}
	activeKernels.Load().attnValues(out, oStride, p, pStride, nq, v, vStride, n, hd)
}

// AttnScoresF32 is AttnScoresF16 over float32 keys (keys widened from F16 or dequantised from
// Q8_0 give the same bits as those kernels over the stored keys).
func AttnScoresF32(s []float32, sStride int, q []float32, qStride, nq int, k []float32, kStride, n, hd int, scale float32) {
	if !attnWork("AttnScoresF32", len(s), sStride, nq, n, len(q), qStride, hd, len(k), kStride) {
		return
	}
	ks := activeKernels.Load()
	if ks.attnScoresF32 != nil {
		ks.attnScoresF32(s, sStride, q, qStride, nq, k, kStride, n, hd, scale)
		return
	}
	attnScoresF32Dot(ks.dotF32, s, sStride, q, qStride, nq, k, kStride, n, hd, scale)
}

// attnScoresF32Dot is AttnScoresF32 a (query, position) at a time on dot, a DotF32 kernel: with
// the Go set's, the reference arithmetic of the vector kernels.
func attnScoresF32Dot(dot func(a, b []float32) float32, s []float32, sStride int, q []float32, qStride, nq int, k []float32, kStride, n, hd int, scale float32) {
	for t := range n {
		kt := k[t*kStride : t*kStride+hd]
		for i := range nq {
			s[i*sStride+t] = dot(kt, q[i*qStride:i*qStride+hd]) * scale
		}
	}
}

// AttnValuesF32 is AttnValuesF16 over float32 values. Shaped like AttnScoresF32 but kept
// apart: each loop nest fixes its own summation order, which the F16 kernels match.
func AttnValuesF32(out []float32, oStride int, p []float32, pStride, nq int, v []float32, vStride, n, hd int) {
	if !attnWork("AttnValuesF32", len(p), pStride, nq, n, len(out), oStride, hd, len(v), vStride) {
		return
	}
	ks := activeKernels.Load()
	if ks.attnValuesF32 != nil {
		ks.attnValuesF32(out, oStride, p, pStride, nq, v, vStride, n, hd)
		return
	}
	attnValuesF32Axpy(ks.axpy, out, oStride, p, pStride, nq, v, vStride, n, hd)
}

// attnValuesF32Axpy is AttnValuesF32 a (query, position) at a time on axpy, an Axpy kernel.
func attnValuesF32Axpy(axpy func(y []float32, a float32, x []float32), out []float32, oStride int, p []float32, pStride, nq int, v []float32, vStride, n, hd int) {
	for i := range nq {
		o := out[i*oStride : i*oStride+hd]
		for t := range n {
			axpy(o, p[i*pStride+t], v[t*vStride:t*vStride+hd])
		}
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

// attnScoresF16Go is the reference arithmetic of AttnScoresF16 (see the top of the file).
func attnScoresF16Go(s []float32, sStride int, q []float32, qStride, nq int, k []uint16, kStride, n, hd int, scale float32) {
	tab := f16Table()
	n16 := hd &^ 15
	for t := range n {
		kt := k[t*kStride : t*kStride+hd]
		for i := range nq {
			qi := q[i*qStride : i*qStride+hd]
			var acc [16]float32
			for c := 0; c < n16; c += 16 {
				for l := range 16 {
					acc[l] += float32(tab[kt[c+l]] * qi[c+l])
				}
			}
			d := fold16(&acc)
			for c := n16; c < hd; c++ {
				d += float32(tab[kt[c]] * qi[c])
			}
			s[i*sStride+t] = d * scale
		}
	}
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
				o[c] += float32(a * tab[vt[c]])
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
