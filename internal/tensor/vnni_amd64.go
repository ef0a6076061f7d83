//go:build amd64 && !purego

package tensor

import "golang.org/x/sys/cpu"

// q8_0x4x16VNNI computes, for weight rows r = 0..3 at w (stride bytes apart, nb Q8_0
// blocks each) and the 16 inputs i of the 16-lane packQ8x group at px,
// out[16r+i] = dotQ8_0Go(row r, input i) bit for bit (zero for padding lanes). It
// prefetches the rows pf bytes ahead.
//
//go:noescape
func q8_0x4x16VNNI(w *byte, stride, nb int, px *byte, out *[64]float32, pf int)

// q8_0x8x8VNNI computes, for weight rows r = 0..7 at w (stride bytes apart, nb Q8_0
// blocks each) and the first n (1..8) inputs i of the 8-lane packQ8x group at px,
// out[ostride·i + r] = dotQ8_0Go(row r, input i) bit for bit, writing nothing else. It
// prefetches the rows pf bytes ahead. Hand-written (kernels_vnni_amd64.s).
//
//go:noescape
func q8_0x8x8VNNI(w *byte, stride, nb int, px *byte, out *float32, ostride, n, pf int)

// q4_0x4x16VNNI is q8_0x4x16VNNI for Q4_0 weight rows: out[16r+i] = dotQ4_0Go(row r,
// input i) bit for bit.
//
//go:noescape
func q4_0x4x16VNNI(w *byte, stride, nb int, px *byte, out *[64]float32, pf int)

// quantQ8_0AVX512 is quantActQ8_0 for nb blocks: x and q hold 32·nb values, d and s nb.
//
//go:noescape
func quantQ8_0AVX512(x *float32, q *int8, d *float32, s *int32, nb int)

// quantActQ8_0AVX512 is quantActQ8_0 on AVX-512, bit for bit.
func quantActQ8_0AVX512(x []float32, q []int8, d []float32, s []int32) {
	nb := len(d)
	if nb == 0 {
		return
	}
	_, _, _ = x[nb*qk0-1], q[nb*qk0-1], s[nb-1]
	quantQ8_0AVX512(&x[0], &q[0], &d[0], &s[0], nb)
}

func hasVNNI() bool {
	return cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VL && cpu.X86.HasAVX512VNNI
}

// vnniKernels is avx512Kernels with the Q8_0, Q4_0, Q4_K and Q6_K tiles on AVX-512 VNNI.
var vnniKernels = func() *kernels {
	k := *avx512Kernels
	k.name = "avx512vnni"
	k.tiles[Q8_0] = func(j *matmulJob, r0, r1 int) { tileQ8VNNI(j, r0, r1, Q8_0) }
	k.tiles[Q4_0] = func(j *matmulJob, r0, r1 int) { tileQ8VNNI(j, r0, r1, Q4_0) }
	k.packQ8x16 = true
	k.q8VNNI = true
	k.q8x8 = true
	k.tiles[Q4_K] = func(j *matmulJob, r0, r1 int) { tileKVNNI(j, r0, r1, Q4_K) }
	k.tiles[Q6_K] = func(j *matmulJob, r0, r1 int) { tileKVNNI(j, r0, r1, Q6_K) }
	k.packQ8Kx = true
	k.quantQ8_0 = quantActQ8_0AVX512
	return &k
}()

// q8x16Slice is how many 16-lane packQ8x groups the Q8_0 tiles run against the task's rows
// at a time: 64 inputs of 2048 columns pack into 320 KB, which stays in L2.
const q8x16Slice = 4

// scatter16 writes the rows r..r+nr-1 × inputs 16g.. block v (v[16q+i]: row r+q, input
// 16g+i) of the job's output, leaving out padding lanes.
func scatter16(j *matmulJob, v []float32, g, r, nr int) {
	rows := j.w.Rows
	for i := range min(16, j.n-16*g) {
		o := j.out[(16*g+i)*rows+r : (16*g+i)*rows+r+nr]
		for q := range o {
			o[q] = v[16*q+i]
		}
	}
}

// tileQ8VNNI runs 4 weight rows × 16 packed inputs per kernel call for Q8_0 or Q4_0
// weights (dt), or 8 × 8 for Q8_0 batches up to q8x8MaxN; batches under q8x16MinN take
// the AVX2 kernels.
func tileQ8VNNI(j *matmulJob, r0, r1 int, dt DType) {
	if j.n < q8x16MinN {
		tileQ8AVX2(j, r0, r1, dt)
		return
	}
	if j.kern.q8Lanes(j.n, dt) == 8 {
		tileQ8x8VNNI(j, r0, r1)
		return
	}
	tileQ8x16VNNI(j, r0, r1, dt)
}

// tileQ8x8VNNI runs 8 weight rows × 8 packed inputs per kernel call for a Q8_0 job
// whose activations are packed by eights (at most two groups, which stay in L1); rows
// past the last 8 take the AVX2 kernels.
func tileQ8x8VNNI(j *matmulJob, r0, r1 int) {
	rb, nb := j.rowBytes, j.w.Cols/qk0
	a := j.act
	groups := (j.n + 7) / 8
	rows := j.w.Rows
	r8 := r0 + (r1-r0)&^7
	for r := r0; r < r8; r += 8 {
		w := &j.w.Data[r*rb]
		pf := q8PrefetchRows * rb
		for g := range groups {
			n := min(8, j.n-8*g)
			_ = j.out[(8*g+n-1)*rows+r+7] // the kernel writes up to here
			q8_0x8x8VNNI(w, rb, nb, &a.px[g*nb*q8xBytes(8)], &j.out[8*g*rows+r], rows, n, pf)
			pf = 0
		}
	}
	if r8 < r1 {
		tileQ8AVX2(j, r8, r1, Q8_0)
	}
}

// tileQ8x16VNNI is tileQ8VNNI for a job whose activations are packed.
func tileQ8x16VNNI(j *matmulJob, r0, r1 int, dt DType) {
	rb, nb := j.rowBytes, j.w.Cols/qk0
	a := j.act
	groups := (j.n + 15) / 16
	r4 := r0 + (r1-r0)&^3
	var v [64]float32
	// Inputs in slices so that their packed activations stay in L2 while every row group
	// of the task passes over them; the 4 weight rows stay in L1.
	for g0 := 0; g0 < groups; g0 += q8x16Slice {
		g1 := min(groups, g0+q8x16Slice)
		for r := r0; r < r4; r += 4 {
			w := &j.w.Data[r*rb]
			// Only the first pass over the rows streams them from memory.
			pf := q8PrefetchRows * rb
			for g := g0; g < g1; g++ {
				// Direct calls (not function values) keep v on the stack.
				if dt == Q4_0 {
					q4_0x4x16VNNI(w, rb, nb, &a.px[g*nb*q8x16Bytes], &v, pf)
				} else {
					q8_0x4x16VNNI(w, rb, nb, &a.px[g*nb*q8x16Bytes], &v, pf)
				}
				pf = 0
				scatter16(j, v[:], g, r, 4)
			}
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
