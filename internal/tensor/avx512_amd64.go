//go:build amd64 && !purego

package tensor

import "golang.org/x/sys/cpu"

// The AVX-512 float kernels. Each computes, for its weight rows and inputs, exactly what
// dotF16Go / dotBF16Go / dotF32Go compute over the leading n16·16 columns (x already
// rounded to the weight type for F16 and BF16): 16 lanes accumulated in column order,
// then folded as fold16.

// f16x4x4AVX512 sets out[4i+q] = dotF16Go(row q, x[i·xstride:]) over n16·16 columns, for the
// 4 rows at w (stride bytes apart) and the 4 inputs at x (xstride floats apart).
//
//go:noescape
func f16x4x4AVX512(w *byte, stride, n16 int, x *float32, xstride int, out *[16]float32)

// bf16x4x4AVX512 is f16x4x4AVX512 for BF16 weights (dotBF16Go).
//
//go:noescape
func bf16x4x4AVX512(w *byte, stride, n16 int, x *float32, xstride int, out *[16]float32)

// f32x4x4AVX512 is f16x4x4AVX512 for F32 weights (dotF32Go).
//
//go:noescape
func f32x4x4AVX512(w *byte, stride, n16 int, x *float32, xstride int, out *[16]float32)

// f16x4x6AVX512 is f16x4x4AVX512 for 6 inputs: out[4i+q] = dotF16Go(row q, x[i·xstride:]).
//
//go:noescape
func f16x4x6AVX512(w *byte, stride, n16 int, x *float32, xstride int, out *[24]float32)

// bf16x4x6AVX512 is f16x4x6AVX512 for BF16 weights (dotBF16Go).
//
//go:noescape
func bf16x4x6AVX512(w *byte, stride, n16 int, x *float32, xstride int, out *[24]float32)

// f32x4x6AVX512 is f16x4x6AVX512 for F32 weights (dotF32Go).
//
//go:noescape
func f32x4x6AVX512(w *byte, stride, n16 int, x *float32, xstride int, out *[24]float32)

// f16x8AVX512 sets out[q] = dotF16Go(row q, x) over n16·16 columns for the 8 rows at w,
// prefetching the rows pf bytes ahead (0: the current rows, harmless).
//
//go:noescape
func f16x8AVX512(w *byte, stride, n16 int, x *float32, out *[8]float32, pf int)

// bf16x8AVX512 is f16x8AVX512 for BF16 weights (dotBF16Go).
//
//go:noescape
func bf16x8AVX512(w *byte, stride, n16 int, x *float32, out *[8]float32, pf int)

// f32x8AVX512 is f16x8AVX512 for F32 weights (dotF32Go).
//
//go:noescape
func f32x8AVX512(w *byte, stride, n16 int, x *float32, out *[8]float32, pf int)

// f16x8x2AVX512 is f16x8AVX512 for the two inputs at x and x+xstride floats, each 8-row group
// read and widened once for both: out[i·ostride+q] = dotF16Go(row q, input i).
//
//go:noescape
func f16x8x2AVX512(w *byte, stride, n16 int, x *float32, xstride int, out *float32, ostride int, pf int)

// bf16x8x2AVX512 is f16x8x2AVX512 for BF16 weights (dotBF16Go).
//
//go:noescape
func bf16x8x2AVX512(w *byte, stride, n16 int, x *float32, xstride int, out *float32, ostride int, pf int)

// f32x8x2AVX512 is f16x8x2AVX512 for F32 weights (dotF32Go).
//
//go:noescape
func f32x8x2AVX512(w *byte, stride, n16 int, x *float32, xstride int, out *float32, ostride int, pf int)

// q4_Kx4AVX512 is q4_Kx4AVX2 on AVX-512: out[q] = dotQ4_KGo(row q, xq, xd, bs) over nb
// super-blocks for the 4 rows at w, prefetching the rows pf bytes ahead.
//
//go:noescape
func q4_Kx4AVX512(w *byte, stride, nb int, xq *int8, xd *float32, bs *int16, out *[4]float32, pf int)

// q4_Kx4x2AVX512 is q4_Kx4AVX512 against two inputs: out[4i+q] = dotQ4_KGo(row q, xq_i,
// xd_i, bs_i).
//
//go:noescape
func q4_Kx4x2AVX512(w *byte, stride, nb int, xq0, xq1 *int8, xd0, xd1 *float32, bs0, bs1 *int16, out *[8]float32, pf int)

// q6_Kx4AVX512 is q6_Kx4AVX2 on AVX-512 (dotQ6_KGo).
//
//go:noescape
func q6_Kx4AVX512(w *byte, stride, nb int, xq *int8, xd *float32, bs *int16, out *[4]float32, pf int)

// q6_Kx4x2AVX512 is q6_Kx4AVX512 against two inputs, as q4_Kx4x2AVX512.
//
//go:noescape
func q6_Kx4x2AVX512(w *byte, stride, nb int, xq0, xq1 *int8, xd0, xd1 *float32, bs0, bs1 *int16, out *[8]float32, pf int)

func hasAVX512() bool {
	return cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VL
}

// avx512Kernels is avx2Kernels with the float tiles on AVX-512; the attention keeps the AVX2
// tiles (attn_amd64.go). Q4_K and Q6_K keep the AVX2 kernels on rows repacked by eight: on Zen 4
// they beat the AVX-512 4-row kernels (tileKAVX) at every batch, prefill 1.35× and decode 1.3×
// on a 125M Q4_K_M model.
var avx512Kernels = func() *kernels {
	k := *avx2Kernels
	k.name = "avx512"
	k.tiles[F16] = func(j *matmulJob, r0, r1 int) { tileFloatAVX512(j, r0, r1, j.act.f, F16) }
	k.tiles[BF16] = func(j *matmulJob, r0, r1 int) { tileFloatAVX512(j, r0, r1, j.act.f, BF16) }
	k.tiles[F32] = func(j *matmulJob, r0, r1 int) { tileFloatAVX512(j, r0, r1, j.x, F32) }
	k.argmaxMax, k.argmaxFirst, k.drawWeights = maxF32sVec, firstEqF32Vec, drawWeightsAVX512Vec
	k.expsSub, k.swiglu = expsSubVec512, swigluVec512
	k.expsSubSums = nil // its 16-lane exp, then the sum, row by row
	return &k
}()

// float6Min is the smallest batch whose inputs go 6 to a kernel call: below it, groups of 4
// leave fewer inputs to the single-input kernel.
const float6Min = 12

// floatPrefetchRows is how far ahead, in rows, the decode kernels prefetch: two 8-row
// groups, as the Q8_0 kernels do.
const floatPrefetchRows = 16

// tileFloatAVX512 runs 4 rows × 6 or 4 inputs per kernel call for the leading inputs,
// with the inputs outermost so that their activation rows stay in L1 while the task's
// weight rows stream from L2; the inputs left over take 8 rows a call, each group for all of
// them, then 4 (AVX2), and the rows left over the reference.
func tileFloatAVX512(j *matmulJob, r0, r1 int, x []float32, dt DType) {
	rb, cols, rows := j.rowBytes, j.w.Cols, j.w.Rows
	n16 := cols &^ 15
	if n16 == 0 {
		tileFloatGo(j, r0, r1, x, floatDot(dt))
		return
	}
	r4 := r0 + (r1-r0)&^3
	r8 := r0 + (r4-r0)&^7
	// Groups of 6 inputs where there are enough of them, then of 4, then single inputs.
	n6 := 0
	if j.n >= float6Min {
		n6 = j.n / 6 * 6
	}
	n4 := n6 + (j.n-n6)&^3
	// Direct calls (not function values) keep v on the stack.
	var v [24]float32
	for g := 0; g < n6; g += 6 {
		xg := &x[g*cols]
		for r := r0; r < r4; r += 4 {
			w := &j.w.Data[r*rb]
			switch dt {
			case F16:
				f16x4x6AVX512(w, rb, n16/16, xg, cols, &v)
			case BF16:
				bf16x4x6AVX512(w, rb, n16/16, xg, cols, &v)
			default:
				f32x4x6AVX512(w, rb, n16/16, xg, cols, &v)
			}
			for i := range 6 {
				vi := v[4*i : 4*i+4]
				addFloatTail(j, r, x[(g+i)*cols:(g+i+1)*cols], dt, vi)
				scatter4(j.out, rows, g+i, r, (*[4]float32)(vi))
			}
		}
	}
	for g := n6; g < n4; g += 4 {
		xg := &x[g*cols]
		for r := r0; r < r4; r += 4 {
			w := &j.w.Data[r*rb]
			switch dt {
			case F16:
				f16x4x4AVX512(w, rb, n16/16, xg, cols, (*[16]float32)(v[:16]))
			case BF16:
				bf16x4x4AVX512(w, rb, n16/16, xg, cols, (*[16]float32)(v[:16]))
			default:
				f32x4x4AVX512(w, rb, n16/16, xg, cols, (*[16]float32)(v[:16]))
			}
			for i := range 4 {
				vi := v[4*i : 4*i+4]
				addFloatTail(j, r, x[(g+i)*cols:(g+i+1)*cols], dt, vi)
				scatter4(j.out, rows, g+i, r, (*[4]float32)(vi))
			}
		}
	}
	floatRows8AVX512(j, r0, r8, n4, x, dt)
	floatRowsAVX2(j, r8, r4, n4, j.n, x, dt)
	if r4 < r1 {
		tileFloatGo(j, r4, r1, x, floatDot(dt))
	}
}

// floatRows8AVX512 computes rows [r0, r8), a multiple of 8, for inputs [i0, j.n): those a tile's
// groups of 4 or 6 left over (up to 3). They run against each 8-row group in turn, so the group is
// read from memory once and from L1 by the others: a decode batch of 2 read the whole matrix twice,
// which made the output projection of a large vocabulary cost double. Two of them share one call,
// which widens the weights once for both: at decode batch 2 the widening, not the memory, bounds a
// small model's vocabulary projection. Without tail columns the kernels' sums are the results,
// stored straight into out.
func floatRows8AVX512(j *matmulJob, r0, r8, i0 int, x []float32, dt DType) {
	rb, cols, rows := j.rowBytes, j.w.Cols, j.w.Rows
	n16 := cols &^ 15
	// Direct calls (not function values) keep v on the stack.
	var v [16]float32
	direct := n16 == cols
	for r := r0; r < r8; r += 8 {
		w := &j.w.Data[r*rb]
		i := i0
		for ; i+2 <= j.n; i += 2 {
			o, os := &v[0], 8
			if direct {
				o, os = &j.out[i*rows+r], rows
			}
			switch dt {
			case F16:
				f16x8x2AVX512(w, rb, n16/16, &x[i*cols], cols, o, os, floatPrefetchRows*rb)
			case BF16:
				bf16x8x2AVX512(w, rb, n16/16, &x[i*cols], cols, o, os, floatPrefetchRows*rb)
			default:
				f32x8x2AVX512(w, rb, n16/16, &x[i*cols], cols, o, os, floatPrefetchRows*rb)
			}
			if !direct {
				for k := range 2 {
					vk := v[8*k : 8*k+8]
					addFloatTail(j, r, x[(i+k)*cols:(i+k+1)*cols], dt, vk)
					scatter4(j.out, rows, i+k, r, (*[4]float32)(vk[:4]))
					scatter4(j.out, rows, i+k, r+4, (*[4]float32)(vk[4:]))
				}
			}
		}
		for ; i < j.n; i++ {
			xi := x[i*cols : (i+1)*cols]
			o := (*[8]float32)(v[:8])
			if direct {
				o = (*[8]float32)(j.out[i*rows+r:])
			}
			switch dt {
			case F16:
				f16x8AVX512(w, rb, n16/16, &xi[0], o, floatPrefetchRows*rb)
			case BF16:
				bf16x8AVX512(w, rb, n16/16, &xi[0], o, floatPrefetchRows*rb)
			default:
				f32x8AVX512(w, rb, n16/16, &xi[0], o, floatPrefetchRows*rb)
			}
			if !direct {
				addFloatTail(j, r, xi, dt, v[:8])
				scatter4(j.out, rows, i, r, (*[4]float32)(v[:4]))
				scatter4(j.out, rows, i, r+4, (*[4]float32)(v[4:8]))
			}
		}
	}
}
