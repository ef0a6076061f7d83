//go:build arm64 && !purego

package tensor

import (
	"encoding/binary"
	"math"
	"unsafe"

	"golang.org/x/sys/cpu"
)

// The NEON kernels (neon_arm64.s). Each reproduces its pure-Go twin bit for bit: the integer
// parts are exact, and every float product and sum is a separate FMUL and FADD (never FMLA),
// lane for lane in the twin's order.

// q8_0x4NEON sets out[r] = dotQ8_0Go(row r, xq[:32·nb], xd[:nb]) for the 4 rows at w,
// w+stride, w+2·stride, w+3·stride; the block sums by SMULL and SADALP.
//
//go:noescape
func q8_0x4NEON(w *byte, stride, nb int, xq *int8, xd *float32, out *[4]float32)

// q8_0x4SDOT is q8_0x4NEON with the block sums by SDOT (the dotprod extension).
//
//go:noescape
func q8_0x4SDOT(w *byte, stride, nb int, xq *int8, xd *float32, out *[4]float32)

// q8_0x4x2MMLA sets out[2r+i] = dotQ8_0Go(row r, input i) for the 4 rows at w, w+stride,
// w+2·stride, w+3·stride and the 2 inputs at xq and xq+xstride (their scales at xd and
// xd+nb): the block sums by SMMLA (the i8mm extension), two rows by two inputs an instruction.
//
//go:noescape
func q8_0x4x2MMLA(w *byte, stride, nb int, xq *int8, xd *float32, xstride int, out *[8]float32)

// q4KSubsMMLA writes, for each of nb Q4_K super-blocks of the 2 rows at w and w+stride and the Q8_K
// blocks of the 2 inputs at xq and xq+xstride, the eight unscaled products q4KAdd takes, each as
// 4 int32 [r0·x0, r0·x1, r1·x0, r1·x1], to out[32b:32b+32]: by SMMLA (i8mm).
//
//go:noescape
func q4KSubsMMLA(w *byte, stride int, xq *int8, xstride, nb int, out *int32)

// q6KGroupsMMLA is q4KSubsMMLA for Q6_K: the sixteen group products q6KAdd takes, to
// out[64b:64b+64].
//
//go:noescape
func q6KGroupsMMLA(w *byte, stride int, xq *int8, xstride, nb int, out *int32)

// q4_0x4x2MMLA is q8_0x4x2MMLA for Q4_0 weights (dotQ4_0Go).
//
//go:noescape
func q4_0x4x2MMLA(w *byte, stride, nb int, xq *int8, xd *float32, xstride int, out *[8]float32)

// q4_0x4NEON is q8_0x4NEON for Q4_0 weights (dotQ4_0Go).
//
//go:noescape
func q4_0x4NEON(w *byte, stride, nb int, xq *int8, xd *float32, out *[4]float32)

// q4_0x4SDOT is q4_0x4NEON by SDOT.
//
//go:noescape
func q4_0x4SDOT(w *byte, stride, nb int, xq *int8, xd *float32, out *[4]float32)

// q4KSubsNEON writes, for each of nb Q4_K super-blocks at w and Q8_K activation blocks at xq,
// the eight unscaled 32-value products dotQ4_KGo hands q4KAdd, to out[8b:8b+8].
//
//go:noescape
func q4KSubsNEON(w *byte, xq *int8, nb int, out *int32)

// q4KSubsSDOT is q4KSubsNEON by SDOT.
//
//go:noescape
func q4KSubsSDOT(w *byte, xq *int8, nb int, out *int32)

// q6KGroupsNEON writes, for each of nb Q6_K super-blocks at w and Q8_K activation blocks at xq,
// the sixteen unscaled 16-value group products dotQ6_KGo hands q6KAdd, to out[16b:16b+16].
//
//go:noescape
func q6KGroupsNEON(w *byte, xq *int8, nb int, out *int32)

// q6KGroupsSDOT is q6KGroupsNEON by SDOT.
//
//go:noescape
func q6KGroupsSDOT(w *byte, xq *int8, nb int, out *int32)

// dotF32NEON is dotF32sGo over the leading n16·16 elements: 16 lanes, folded as fold16.
//
//go:noescape
func dotF32NEON(w, x *float32, n16 int) float32

// dotF16NEON is dotF16Go over the leading n16·16 elements of the F16 row w.
//
//go:noescape
func dotF16NEON(w *byte, x *float32, n16 int) float32

// dotBF16NEON is dotBF16Go over the leading n16·16 elements of the BF16 row w.
//
//go:noescape
func dotBF16NEON(w *byte, x *float32, n16 int) float32

// attnAxpyNEON sets dst[i] = fma32(a, x[i], dst[i]) for i < 4·n4 (n4 ≥ 1).
//
//go:noescape
func attnAxpyNEON(dst, x *float32, a float32, n4 int)

// attnScoreNEON is attnScoreGo over 8·n8 (n8 ≥ 1) elements of k and q.
//
//go:noescape
func attnScoreNEON(k, q *float32, n8 int) float32

// axpyNEON sets dst[i] += float32(a*x[i]) for i < 4·n4.
//
//go:noescape
func axpyNEON(dst, x *float32, a float32, n4 int)

// quantQ8_0NEON is quantActQ8_0 over nb blocks of x.
//
//go:noescape
func quantQ8_0NEON(x *float32, q *int8, d *float32, s *int32, nb int)

// axpyF16NEON sets dst[i] += float32(a*F16ToF32(v[i])) for i < 8·n8.
//
//go:noescape
func axpyF16NEON(dst *float32, v *uint16, a float32, n8 int)

func archKernels() []*kernels {
	if !cpu.ARM64.HasASIMD {
		return nil
	}
	if cpu.ARM64.HasASIMDDP && cpu.ARM64.HasI8MM {
		return []*kernels{neonKernels, dotprodKernels, i8mmKernels}
	}
	if cpu.ARM64.HasASIMDDP {
		return []*kernels{neonKernels, dotprodKernels}
	}
	return []*kernels{neonKernels}
}

// neonKernels is goKernels with the Q8_0, Q4_0, Q4_K, Q6_K, F32, F16 and BF16 products, the Q8_0
// activation quantiser, DotF32, Axpy and the F32 attention on NEON (the F16 and Q8_0 attention
// over keys and values widened to F32); the rest is the reference.
var neonKernels = func() *kernels {
	k := *goKernels
	k.name = "neon"
	quantTilesNEON(&k, false)
	k.tiles[F32] = func(j *matmulJob, r0, r1 int) { tileFloatNEON(j, r0, r1, j.x, F32) }
	k.tiles[F16] = func(j *matmulJob, r0, r1 int) { tileFloatNEON(j, r0, r1, j.act.f, F16) }
	k.tiles[BF16] = func(j *matmulJob, r0, r1 int) { tileFloatNEON(j, r0, r1, j.act.f, BF16) }
	k.dotF32 = dotF32sNEON
	k.quantQ8_0 = quantActQ8_0NEON
	k.axpy = axpyVecNEON
	k.dotsF32, k.lowRankUp, k.lowRankUpF16 = dotsF32NEON, lowRankUpNEON, lowRankUpF16NEON
	k.attnScoresF32, k.attnValuesF32 = attnScoresF32NEON, attnValuesF32NEON
	k.attnValuesQ8 = nil // a chunk of rows dequantised, then attnValuesF32NEON
	return &k
}()

// dotprodKernels is neonKernels with the quantised products on SDOT.
var dotprodKernels = func() *kernels {
	k := *neonKernels
	k.name = "dotprod"
	quantTilesNEON(&k, true)
	return &k
}()

// i8mmKernels is dotprodKernels with the Q8_0 and Q4_0 products of two inputs at a time on SMMLA.
var i8mmKernels = func() *kernels {
	k := *dotprodKernels
	k.name = "i8mm"
	k.tiles[Q8_0] = func(j *matmulJob, r0, r1 int) { tileQ8MMLA(j, r0, r1, Q8_0) }
	k.tiles[Q4_0] = func(j *matmulJob, r0, r1 int) { tileQ8MMLA(j, r0, r1, Q4_0) }
	k.tiles[Q4_K] = func(j *matmulJob, r0, r1 int) { tileKMMLA(j, r0, r1, Q4_K) }
	k.tiles[Q6_K] = func(j *matmulJob, r0, r1 int) { tileKMMLA(j, r0, r1, Q6_K) }
	return &k
}()

// tileKMMLA computes the Q4_K or Q6_K (dt) rows [r0, r1) two rows by two inputs at a time: the
// kernel sums each super-block's unscaled products for the four pairs, q4KAdd or q6KAdd scales
// each pair's as the reference does. An odd last row or input takes the SDOT kernels.
func tileKMMLA(j *matmulJob, r0, r1 int, dt DType) {
	cols, nb, rows := j.w.Cols, j.w.Cols/qkK, j.w.Rows
	bb, rb := dt.BlockBytes(), j.rowBytes
	a := j.act
	per := 32 // int32s a super-block: 8 products (16 groups for Q6_K) × 4 pairs
	if dt == Q6_K {
		per = 64
	}
	var sub [kChunk * 64]int32
	r2, n2 := r0+(r1-r0)&^1, j.n&^1
	for r := r0; r < r2; r += 2 {
		rows2 := [2][]byte{j.w.Data[r*rb : (r+1)*rb], j.w.Data[(r+1)*rb : (r+2)*rb]}
		for i := 0; i < n2; i += 2 {
			var acc [4]float32 // [r·i, r·i+1, r+1·i, r+1·i+1]
			for b0 := 0; b0 < nb; b0 += kChunk {
				n := min(kChunk, nb-b0)
				w, xq := &rows2[0][b0*bb], &a.q[i*cols+b0*qkK]
				if dt == Q6_K {
					q6KGroupsMMLA(w, rb, xq, cols, n, &sub[0])
				} else {
					q4KSubsMMLA(w, rb, xq, cols, n, &sub[0])
				}
				for k := range n {
					b := b0 + k
					s := sub[k*per : (k+1)*per]
					for p := range 4 {
						blk, x := rows2[p>>1][b*bb:(b+1)*bb], i+p&1
						if dt == Q6_K {
							var g [16]int32
							for t := range g {
								g[t] = s[4*t+p]
							}
							acc[p] = q6KAdd(acc[p], blk, &g, a.d[x*nb+b])
						} else {
							var g [8]int32
							for t := range g {
								g[t] = s[4*t+p]
							}
							acc[p] = q4KAdd(acc[p], blk, &g, a.bs[(x*nb+b)*16:(x*nb+b)*16+16], a.d[x*nb+b])
						}
					}
				}
			}
			j.out[i*rows+r], j.out[(i+1)*rows+r], j.out[i*rows+r+1], j.out[(i+1)*rows+r+1] = acc[0], acc[1], acc[2], acc[3]
		}
		if n2 < j.n {
			tileKNEONInputs(j, r, r+2, n2, j.n, dt, true)
		}
	}
	if r2 < r1 {
		tileKNEONInputs(j, r2, r1, 0, j.n, dt, true)
	}
}

// tileQ8MMLA runs the 4-row, 2-input Q8_0 or Q4_0 (dt) kernel over the job's inputs in pairs,
// the 4-row SDOT kernel over an odd last input, and the reference over the rows past the last
// group of 4.
func tileQ8MMLA(j *matmulJob, r0, r1 int, dt DType) {
	rb, cols, rows := j.rowBytes, j.w.Cols, j.w.Rows
	nb := cols / qk0
	a := j.act
	r4 := r0 + (r1-r0)&^3
	var v [8]float32
	var v4 [4]float32
	for r := r0; r < r4; r += 4 {
		w := &j.w.Data[r*rb]
		i := 0
		for ; i+1 < j.n; i += 2 {
			if dt == Q4_0 {
				q4_0x4x2MMLA(w, rb, nb, &a.q[i*cols], &a.d[i*nb], cols, &v)
			} else {
				q8_0x4x2MMLA(w, rb, nb, &a.q[i*cols], &a.d[i*nb], cols, &v)
			}
			o0, o1 := j.out[i*rows+r:i*rows+r+4], j.out[(i+1)*rows+r:(i+1)*rows+r+4]
			o0[0], o1[0], o0[1], o1[1] = v[0], v[1], v[2], v[3]
			o0[2], o1[2], o0[3], o1[3] = v[4], v[5], v[6], v[7]
		}
		if i < j.n {
			if dt == Q4_0 {
				q4_0x4SDOT(w, rb, nb, &a.q[i*cols], &a.d[i*nb], &v4)
			} else {
				q8_0x4SDOT(w, rb, nb, &a.q[i*cols], &a.d[i*nb], &v4)
			}
			copy(j.out[i*rows+r:i*rows+r+4], v4[:])
		}
	}
	if r4 < r1 {
		dot := dotQ8_0Go
		if dt == Q4_0 {
			dot = dotQ4_0Go
		}
		tileQ8Go(j, r4, r1, dot)
	}
}

// quantTilesNEON sets k's quantised product tiles, their block sums by SDOT if sdot.
func quantTilesNEON(k *kernels, sdot bool) {
	k.tiles[Q8_0] = func(j *matmulJob, r0, r1 int) { tileQ8NEON(j, r0, r1, Q8_0, sdot) }
	k.tiles[Q4_0] = func(j *matmulJob, r0, r1 int) { tileQ8NEON(j, r0, r1, Q4_0, sdot) }
	k.tiles[Q4_K] = func(j *matmulJob, r0, r1 int) { tileKNEON(j, r0, r1, Q4_K, sdot) }
	k.tiles[Q6_K] = func(j *matmulJob, r0, r1 int) { tileKNEON(j, r0, r1, Q6_K, sdot) }
}

// tileQ8NEON runs the 4-row Q8_0 or Q4_0 (dt) kernel over all the job's inputs, and the
// reference over the rows past the last group of 4.
func tileQ8NEON(j *matmulJob, r0, r1 int, dt DType, sdot bool) {
	rb, cols, rows := j.rowBytes, j.w.Cols, j.w.Rows
	nb := cols / qk0
	a := j.act
	r4 := r0 + (r1-r0)&^3
	// Direct calls (not function values) keep v on the stack.
	var v [4]float32
	for r := r0; r < r4; r += 4 {
		w := &j.w.Data[r*rb]
		for i := range j.n {
			xq, xd := &a.q[i*cols], &a.d[i*nb]
			switch {
			case dt == Q4_0 && sdot:
				q4_0x4SDOT(w, rb, nb, xq, xd, &v)
			case dt == Q4_0:
				q4_0x4NEON(w, rb, nb, xq, xd, &v)
			case sdot:
				q8_0x4SDOT(w, rb, nb, xq, xd, &v)
			default:
				q8_0x4NEON(w, rb, nb, xq, xd, &v)
			}
			o := j.out[i*rows+r : i*rows+r+4]
			o[0], o[1], o[2], o[3] = v[0], v[1], v[2], v[3]
		}
	}
	if r4 < r1 {
		dot := dotQ8_0Go
		if dt == Q4_0 {
			dot = dotQ4_0Go
		}
		tileQ8Go(j, r4, r1, dot)
	}
}

// tileFloatNEON computes each F32, F16 or BF16 row's dot products with the kernel over the leading
// multiple of 16 columns and adds the rest in order, as the reference does.
func tileFloatNEON(j *matmulJob, r0, r1 int, x []float32, dt DType) {
	cols, rows := j.w.Cols, j.w.Rows
	n16 := cols &^ 15
	for r := r0; r < r1; r++ {
		row := j.w.Data[r*j.rowBytes : (r+1)*j.rowBytes]
		for i := range j.n {
			xi := x[i*cols : (i+1)*cols]
			var s float32
			switch dt {
			case F16:
				if n16 > 0 {
					s = dotF16NEON(&row[0], &xi[0], n16/16)
				}
				for t := n16; t < cols; t++ {
					s += float32(f16At(row[2*t:]) * xi[t])
				}
			case BF16:
				if n16 > 0 {
					s = dotBF16NEON(&row[0], &xi[0], n16/16)
				}
				for t := n16; t < cols; t++ {
					s += float32(BF16ToF32(le16(row[2*t:])) * xi[t])
				}
			default:
				if n16 > 0 {
					s = dotF32NEON((*float32)(unsafe.Pointer(&row[0])), &xi[0], n16/16)
				}
				for t := n16; t < cols; t++ {
					s += float32(math.Float32frombits(binary.LittleEndian.Uint32(row[4*t:])) * xi[t])
				}
			}
			j.out[i*rows+r] = s
		}
	}
}

func dotF32sNEON(a, b []float32) float32 {
	b = b[:len(a)]
	n := len(a) &^ 15
	if n == 0 {
		return dotF32sGo(a, b)
	}
	s := dotF32NEON(&a[0], &b[0], n/16)
	for i := n; i < len(a); i++ {
		s += float32(a[i] * b[i])
	}
	return s
}

func axpyVecNEON(dst []float32, a float32, x []float32) {
	x = x[:len(dst)]
	n := len(dst) &^ 3
	if n > 0 {
		axpyNEON(&dst[0], &x[0], a, n/4)
	}
	for i := n; i < len(dst); i++ {
		dst[i] += float32(a * x[i])
	}
}

// attnScoresF32NEON is attnScoresF32Go a score at a time on attnScoreNEON; heads that are not
// a multiple of 8 (rare) take the Go twin.
func attnScoresF32NEON(s []float32, sStride int, q []float32, qStride, nq int, k []float32, kStride, n, hd int, scale float32) {
	if hd&7 != 0 {
		attnScoresF32Go(s, sStride, q, qStride, nq, k, kStride, n, hd, scale)
		return
	}
	for t := range n {
		kt := k[t*kStride : t*kStride+hd]
		for i := range nq {
			s[i*sStride+t] = attnScoreNEON(&kt[0], &q[i*qStride : i*qStride+hd][0], hd/8) * scale
		}
	}
}

// attnValuesF32NEON is attnValuesF32Go a (query, position) at a time on attnAxpyNEON over the
// leading multiple of 4 elements, the rest in Go.
func attnValuesF32NEON(out []float32, oStride int, p []float32, pStride, nq int, v []float32, vStride, n, hd int) {
	n4 := hd &^ 3
	for i := range nq {
		o := out[i*oStride : i*oStride+hd]
		for t := range n {
			a, vt := p[i*pStride+t], v[t*vStride:t*vStride+hd]
			if n4 > 0 {
				attnAxpyNEON(&o[0], &vt[0], a, n4/4)
			}
			for d := n4; d < hd; d++ {
				o[d] = fma32(a, vt[d], o[d])
			}
		}
	}
}

func quantActQ8_0NEON(x []float32, q []int8, d []float32, s []int32) {
	nb := len(d)
	if nb == 0 {
		return
	}
	_, _, _ = x[nb*qk0-1], q[nb*qk0-1], s[nb-1]
	quantQ8_0NEON(&x[0], &q[0], &d[0], &s[0], nb)
}

// kChunk is how many K-quant super-blocks the NEON kernels sum per call: their sums stay on the stack.
const kChunk = 16

// tileKNEON computes the Q4_K or Q6_K (dt) rows [r0, r1) against all the job's inputs: the kernel
// sums each super-block's unscaled products, q4KAdd or q6KAdd scales them as the reference does.
func tileKNEON(j *matmulJob, r0, r1 int, dt DType, sdot bool) {
	tileKNEONInputs(j, r0, r1, 0, j.n, dt, sdot)
}

// tileKNEONInputs is tileKNEON for the inputs [i0, i1).
func tileKNEONInputs(j *matmulJob, r0, r1, i0, i1 int, dt DType, sdot bool) {
	cols, nb, rows := j.w.Cols, j.w.Cols/qkK, j.w.Rows
	bb := dt.BlockBytes()
	a := j.act
	var sub4 [kChunk][8]int32
	var sub6 [kChunk][16]int32
	for r := r0; r < r1; r++ {
		row := j.w.Data[r*j.rowBytes : (r+1)*j.rowBytes]
		for i := i0; i < i1; i++ {
			q, d, bs := a.q[i*cols:(i+1)*cols], a.d[i*nb:(i+1)*nb], a.bs[i*nb*16:(i+1)*nb*16]
			var acc float32
			for b0 := 0; b0 < nb; b0 += kChunk {
				n := min(kChunk, nb-b0)
				w, xq := &row[b0*bb], &q[b0*qkK]
				switch {
				case dt == Q6_K && sdot:
					q6KGroupsSDOT(w, xq, n, &sub6[0][0])
				case dt == Q6_K:
					q6KGroupsNEON(w, xq, n, &sub6[0][0])
				case sdot:
					q4KSubsSDOT(w, xq, n, &sub4[0][0])
				default:
					q4KSubsNEON(w, xq, n, &sub4[0][0])
				}
				for k := range n {
					b := b0 + k
					blk := row[b*bb : (b+1)*bb]
					if dt == Q6_K {
						acc = q6KAdd(acc, blk, &sub6[k], d[b])
					} else {
						acc = q4KAdd(acc, blk, &sub4[k], bs[b*16:b*16+16], d[b])
					}
				}
			}
			j.out[i*rows+r] = acc
		}
	}
}
