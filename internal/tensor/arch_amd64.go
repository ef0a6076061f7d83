//go:build amd64 && !purego

package tensor

import (
	"encoding/binary"
	"math"

	"golang.org/x/sys/cpu"
)

//go:noescape
func q4_Kx4AVX2(w *byte, stride, nb int, xq *int8, xd *float32, bs *int16, out *[4]float32)

//go:noescape
func q6_Kx4AVX2(w *byte, stride, nb int, xq *int8, xd *float32, bs *int16, out *[4]float32)

//go:noescape
func f16x4AVX2(w *byte, stride, n16 int, x *float32, out *[4]float32)

//go:noescape
func bf16x4AVX2(w *byte, stride, n16 int, x *float32, out *[4]float32)

//go:noescape
func f32x4AVX2(w *byte, stride, n16 int, x *float32, out *[4]float32)

//go:noescape
func dotF32AVX2(a, b *float32, n16 int) float32

func archKernels() []*kernels {
	if !(cpu.X86.HasAVX2 && cpu.X86.HasFMA && cpu.X86.HasF16C) {
		return nil
	}
	if hasVNNI() {
		return []*kernels{avx2Kernels, vnniKernels}
	}
	return []*kernels{avx2Kernels}
}

// avx2Kernels mirrors goKernels entry for entry, as a table of the other implementation should.
var avx2Kernels = &kernels{
	name: "avx2",
	tiles: [...]tileFunc{
		Q8_0: func(j *matmulJob, r0, r1 int) { tileQ8AVX2(j, r0, r1, Q8_0) },
		Q4_0: func(j *matmulJob, r0, r1 int) { tileQ8AVX2(j, r0, r1, Q4_0) },
		Q4_K: func(j *matmulJob, r0, r1 int) { tileKAVX2(j, r0, r1, Q4_K) },
		Q6_K: func(j *matmulJob, r0, r1 int) { tileKAVX2(j, r0, r1, Q6_K) },
		F16:  func(j *matmulJob, r0, r1 int) { tileFloatAVX2(j, r0, r1, j.act.f, F16) },
		BF16: func(j *matmulJob, r0, r1 int) { tileFloatAVX2(j, r0, r1, j.act.f, BF16) },
		F32:  func(j *matmulJob, r0, r1 int) { tileFloatAVX2(j, r0, r1, j.x, F32) },
	},
	dotF32:  dotF32sAVX2,
	axpy:    axpyVec,
	f16s:    f16sToF32Vec,
	expsSub: expsSubVec,
	swiglu:  swigluVec,
	scale:   scaleVec,
}

func dotF32sAVX2(a, b []float32) float32 {
	b = b[:len(a)]
	n := len(a) &^ 15
	if n == 0 {
		return dotF32sGo(a, b)
	}
	s := dotF32AVX2(&a[0], &b[0], n/16)
	for i := n; i < len(a); i++ {
		s += float32(a[i] * b[i])
	}
	return s
}

// q8PrefetchRows is how many rows ahead the Q8_0 kernels prefetch.
const q8PrefetchRows = 8

// scatter4 writes a 4-row result for input i.
func scatter4(out []float32, rows, i, r int, v *[4]float32) {
	o := out[i*rows+r : i*rows+r+4]
	o[0], o[1], o[2], o[3] = v[0], v[1], v[2], v[3]
}

// tileQ8AVX2 runs the 4-row Q8_0 or Q4_0 kernels (dt) over all the job's inputs.
func tileQ8AVX2(j *matmulJob, r0, r1 int, dt DType) {
	rb := j.rowBytes
	r4 := r0 + (r1-r0)&^3
	for r := r0; r < r4; r += 4 {
		// Prefetch the group two ahead: far enough to cover the L3 latency; only the first
		// pass over a group needs it, later inputs find the rows in L1.
		q8RowGroupAVX2(j, r, 0, dt, q8PrefetchRows*rb)
	}
	if r4 < r1 {
		dot := dotQ8_0Go
		if dt == Q4_0 {
			dot = dotQ4_0Go
		}
		tileQ8Go(j, r4, r1, dot)
	}
}

// q8RowGroupAVX2 multiplies weight rows r..r+3 with inputs i0 onwards, two inputs a call
// while two remain; pf is the Q8_0 prefetch distance for the first call (Q4_0 has none).
func q8RowGroupAVX2(j *matmulJob, r, i0 int, dt DType, pf int) {
	rb, cols, rows := j.rowBytes, j.w.Cols, j.w.Rows
	nb := cols / qk0
	a := j.act
	w := &j.w.Data[r*rb]
	// Direct calls (not function values) keep v on the stack.
	var v [8]float32
	i := i0
	for ; i+2 <= j.n; i += 2 {
		if dt == Q4_0 {
			q4_0x4x2AVX2(w, rb, nb, &a.q[i*cols], &a.q[(i+1)*cols], &a.d[i*nb], &a.d[(i+1)*nb], &a.s[i*nb], &a.s[(i+1)*nb], &v)
		} else {
			q8_0x4x2AVX2(w, rb, nb, &a.q[i*cols], &a.q[(i+1)*cols], &a.d[i*nb], &a.d[(i+1)*nb], &v, pf)
		}
		scatter4(j.out, rows, i, r, (*[4]float32)(v[:4]))
		scatter4(j.out, rows, i+1, r, (*[4]float32)(v[4:]))
		pf = 0
	}
	for ; i < j.n; i++ {
		if dt == Q4_0 {
			q4_0x4AVX2(w, rb, nb, &a.q[i*cols], &a.d[i*nb], &a.s[i*nb], (*[4]float32)(v[:4]))
		} else {
			q8_0x4AVX2(w, rb, nb, &a.q[i*cols], &a.d[i*nb], (*[4]float32)(v[:4]), pf)
		}
		scatter4(j.out, rows, i, r, (*[4]float32)(v[:4]))
		pf = 0
	}
}

// tileFloatAVX2 runs the 4-row kernel over the leading multiple of 16 columns and adds
// the remaining columns in order, as the reference does.
func tileFloatAVX2(j *matmulJob, r0, r1 int, x []float32, dt DType) {
	// Direct calls (not function values) keep v on the stack.
	elem, dot := elemF32, dotF32Go
	switch dt {
	case F16:
		elem, dot = elemF16, dotF16Go
	case BF16:
		elem, dot = elemBF16, dotBF16Go
	}
	rb, cols, rows := j.rowBytes, j.w.Cols, j.w.Rows
	n16 := cols &^ 15
	r4 := r0 + (r1-r0)&^3
	if n16 == 0 {
		r4 = r0
	}
	var v [4]float32
	for r := r0; r < r4; r += 4 {
		w := &j.w.Data[r*rb]
		for i := range j.n {
			xi := x[i*cols : (i+1)*cols]
			switch dt {
			case F16:
				f16x4AVX2(w, rb, n16/16, &xi[0], &v)
			case BF16:
				bf16x4AVX2(w, rb, n16/16, &xi[0], &v)
			default:
				f32x4AVX2(w, rb, n16/16, &xi[0], &v)
			}
			for t := n16; t < cols; t++ {
				for q := range 4 {
					v[q] += float32(elem(j.w.Data[(r+q)*rb:], t) * xi[t])
				}
			}
			scatter4(j.out, rows, i, r, &v)
		}
	}
	if r4 < r1 {
		tileFloatGo(j, r4, r1, x, dot)
	}
}

func elemF16(row []byte, t int) float32  { return F16ToF32(binary.LittleEndian.Uint16(row[2*t:])) }
func elemBF16(row []byte, t int) float32 { return BF16ToF32(binary.LittleEndian.Uint16(row[2*t:])) }
func elemF32(row []byte, t int) float32 {
	return math.Float32frombits(binary.LittleEndian.Uint32(row[4*t:]))
}

// tileKAVX2 runs the 4-row K-quant kernels; rows are streamed once per input, the four
// weight rows staying in L1 across inputs.
func tileKAVX2(j *matmulJob, r0, r1 int, dt DType) {
	rb, cols, rows := j.rowBytes, j.w.Cols, j.w.Rows
	nb := cols / qkK
	a := j.act
	r4 := r0 + (r1-r0)&^3
	var v [4]float32
	for r := r0; r < r4; r += 4 {
		w := &j.w.Data[r*rb]
		for i := range j.n {
			if dt == Q4_K {
				q4_Kx4AVX2(w, rb, nb, &a.q[i*cols], &a.d[i*nb], &a.bs[i*nb*16], &v)
			} else {
				q6_Kx4AVX2(w, rb, nb, &a.q[i*cols], &a.d[i*nb], &a.bs[i*nb*16], &v)
			}
			scatter4(j.out, rows, i, r, &v)
		}
	}
	if r4 < r1 {
		tileKGo(j, r4, r1, dt)
	}
}
