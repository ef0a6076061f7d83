//go:build amd64 && !purego

package tensor

// q4_Kx4x16VNNI computes, for weight rows r = 0..3 at w (stride bytes apart, nb Q4_K
// super-blocks each) and the 16 inputs i of the 16-lane packQ8Kx group at px,
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

// q4_Kx4x8VNNI is q4_Kx4x16VNNI against the 8 inputs of a packQ8Kx group of 8 lanes:
// out[8r+i] = dotQ4_KGo(row r, input i) bit for bit.
//
//go:noescape
func q4_Kx4x8VNNI(w *byte, stride, nb int, px *byte, out *[32]float32, pf int)

// tileKVNNI runs 4 weight rows × 16 (or 8) packed inputs per kernel call for Q4_K or
// Q6_K weights (dt), so that each weight block is unpacked once per group of inputs
// rather than once per one or two; the inputs kLayout leaves out take the AVX-512
// kernels. Its slicing loop is shaped like tileQ8x16VNNI's, but the kernels, record sizes
// and lane counts differ per call: a shared driver would pass them all as function values.
func tileKVNNI(j *matmulJob, r0, r1 int, dt DType) {
	lanes, np := kLayout(j.n, dt)
	rb, nb := j.rowBytes, j.w.Cols/qkK
	a := j.act
	groups := (np + lanes - 1) / lanes
	recs := nb * q8KxBytes(lanes)
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
				switch {
				case lanes == 8:
					q4_Kx4x8VNNI(w, rb, nb, &a.px[g*recs], (*[32]float32)(v[:32]), pf)
					scatter8(j, (*[32]float32)(v[:32]), g, r)
				case dt == Q4_K:
					q4_Kx4x16VNNI(w, rb, nb, &a.px[g*recs], &v, pf)
					scatter16(j, &v, g, r)
				default:
					q6_Kx4x16VNNI(w, rb, nb, &a.px[g*recs], &v, pf)
					scatter16(j, &v, g, r)
				}
				pf = 0
			}
		}
	}
	tileKAVX(j, r0, r1, np, dt, true)
}

// scatter8 is scatter16 for 8 lanes: rows r..r+3 × inputs 8g.. (v[8q+i]: row r+q, input 8g+i) of the
// job's output, leaving out padding lanes.
func scatter8(j *matmulJob, v *[32]float32, g, r int) {
	rows := j.w.Rows
	for i := range min(8, j.n-8*g) {
		o := (8*g+i)*rows + r
		d := j.out[o : o+4 : o+4]
		d[0], d[1], d[2], d[3] = v[i], v[8+i], v[16+i], v[24+i]
	}
}
