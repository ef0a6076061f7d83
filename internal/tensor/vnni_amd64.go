//go:build amd64 && !purego

package tensor

import "golang.org/x/sys/cpu"

//go:noescape
func q8_0x4x4VNNI(w *byte, stride, nb int, px *byte, out *[16]float32)

func hasVNNI() bool {
	return cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VL && cpu.X86.HasAVX512VNNI
}

// vnniKernels is avx2Kernels with the Q8_0 tiles on AVX-512 VNNI.
var vnniKernels = func() *kernels {
	k := *avx2Kernels
	k.name = "avx512vnni"
	k.tiles[Q8_0] = tileQ8_0VNNI
	k.packQ8x4 = true
	return &k
}()

// q8x4Slice is how many inputs tileQ8_0VNNI runs against the task's rows at a time:
// 64 inputs of 2048 columns pack into 256 KB.
const q8x4Slice = 64

// tileQ8_0VNNI runs 4 weight rows × 4 inputs per pass over the packed activations; the
// inputs left over (n mod 4, and all of them for n < 4) take the AVX2 kernels.
func tileQ8_0VNNI(j *matmulJob, r0, r1 int) {
	n4 := j.n &^ 3
	if n4 == 0 {
		tileQ8AVX2(j, r0, r1, Q8_0)
		return
	}
	rb, cols, rows := j.rowBytes, j.w.Cols, j.w.Rows
	nb := cols / qk0
	a := j.act
	r4 := r0 + (r1-r0)&^3
	var v [16]float32
	// Inputs in slices of q8x4Slice so that their packed activations stay in L2 while
	// every row group of the task passes over them; the 4 weight rows stay in L1.
	for g0 := 0; g0 < n4; g0 += q8x4Slice {
		g1 := min(n4, g0+q8x4Slice)
		for r := r0; r < r4; r += 4 {
			w := &j.w.Data[r*rb]
			for g := g0; g < g1; g += 4 {
				q8_0x4x4VNNI(w, rb, nb, &a.px[g/4*nb*q8x4Bytes], &v)
				for i := range 4 {
					scatter4(j.out, rows, g+i, r, (*[4]float32)(v[4*i:]))
				}
			}
		}
	}
	for r := r0; r < r4; r += 4 {
		q8RowGroupAVX2(j, r, n4, Q8_0, 0)
	}
	if r4 < r1 {
		tileQ8Go(j, r4, r1, dotQ8_0Go)
	}
}
