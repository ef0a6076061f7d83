//go:build amd64 && !purego

package tensor

// q4_Kx4x16VNNI computes, for weight rows r = 0..3 at w (stride bytes apart, nb Q4_K
// super-blocks each) and the 16 inputs i of the packQ8Kx16 group at px,
// out[16r+i] = dotQ4_KGo(row r, input i) bit for bit (zero for padding lanes). It
// prefetches the rows pf bytes ahead.
//
//go:noescape
func q4_Kx4x16VNNI(w *byte, stride, nb int, px *byte, out *[64]float32, pf int)

// q6_Kx4x16VNNI is q4_Kx4x16VNNI for Q6_K weight rows: out[16r+i] = dotQ6_KGo(row r,
// input i) bit for bit.
//
//go:noescape
func q6_Kx4x16VNNI(w *byte, stride, nb int, px *byte, out *[64]float32, pf int)

// tileKVNNI runs 4 weight rows × 16 packed inputs per kernel call for Q4_K or Q6_K
// weights (dt), so that each weight block is unpacked once per sixteen inputs rather
// than once per one or two; the inputs kPacked leaves out take the AVX-512 kernels.
func tileKVNNI(j *matmulJob, r0, r1 int, dt DType) {
	np := kPacked(j.n, dt)
	rb, nb := j.rowBytes, j.w.Cols/qkK
	a := j.act
	groups := (np + 15) / 16
	r4 := r0 + (r1-r0)&^3
	var v [64]float32
	// As tileQ8x16VNNI: slices of groups whose packed activations stay in L2 while the
	// task's rows pass over them.
	for g0 := 0; g0 < groups; g0 += q8x16Slice {
		g1 := min(groups, g0+q8x16Slice)
		for r := r0; r < r4; r += 4 {
			w := &j.w.Data[r*rb]
			pf := kPrefetchRows * rb
			for g := g0; g < g1; g++ {
				// Direct calls (not function values) keep v on the stack.
				if dt == Q4_K {
					q4_Kx4x16VNNI(w, rb, nb, &a.px[g*nb*q8Kx16Bytes], &v, pf)
				} else {
					q6_Kx4x16VNNI(w, rb, nb, &a.px[g*nb*q8Kx16Bytes], &v, pf)
				}
				pf = 0
				scatter16(j, v[:], g, r, 4)
			}
		}
	}
	tileKAVX(j, r0, r1, np, dt, true)
}
