//go:build amd64 && !purego

package tensor

import (
	"errors"
	"unsafe"

	"golang.org/x/sys/cpu"
)

// q8_0r16x16AMX computes, for the 16 rows of one repackQ8r16 group at w (nb blocks) and
// 16 inputs, their quants at xq (cols bytes apart, all 16 rows readable) and their
// packQ8r16 records at px, out[ostride·i + r] = dotQ8_0Go(row r, input i) bit for bit
// for the first n inputs, writing nothing else; tmp is 1 KB of 64-byte aligned scratch.
//
//go:noescape
func q8_0r16x16AMX(w *byte, nb int, xq *int8, cols int, px *byte, tmp *int32, out *float32, ostride, n int)

// amxErr says why the amx kernels are not available (nil: they are).
var amxErr = func() error {
	if !hasVNNI() || !cpu.X86.HasAMXTile || !cpu.X86.HasAMXInt8 {
		return errors.New("CPU lacks AMX-TILE/AMX-INT8 (or AVX-512 VNNI)")
	}
	return requestAMX()
}()

// amxKernels is vnniKernels with Q8_0 batches over q8r16MaxN and Q4_K and Q6_K ones from
// kAMXMinN on AMX (Q4_0 stays on VNNI: a tile must be bytes in memory, which Q4_0's nibbles
// are not, and the K-quants pay for unpacking theirs only because their prompts are their
// largest products).
var amxKernels = func() *kernels {
	k := *vnniKernels
	k.name = "amx"
	k.q8r16AMX = true
	k.tiles[Q4_K] = func(j *matmulJob, r0, r1 int) { tileKAMX(j, r0, r1, Q4_K) }
	k.tiles[Q6_K] = func(j *matmulJob, r0, r1 int) { tileKAMX(j, r0, r1, Q6_K) }
	k.kAMXFrom = kAMXMinN
	return &k
}()

// tileQ8r16AMX runs the job's inputs, 16 a call, against groups [g0, g1) of the
// repacked weights w: inputs by slices of q8x16Slice·16, whose activations stay in L2
// while every group of the task passes over them.
func tileQ8r16AMX(j *matmulJob, w []byte, g0, g1 int) {
	nb, rows, cols := j.w.Cols/qk0, j.w.Rows, j.w.Cols
	a := j.act
	slices := (j.n + 15) / 16
	_ = a.q[:slices*16*cols] // the last slice's rows past n are read (and not used)
	_ = a.px[slices*nb*128-1]
	var tmpBuf [256 + 16]int32
	tmp := &tmpBuf[(-uintptr(unsafe.Pointer(&tmpBuf[0]))&63)/4]
	for s0 := 0; s0 < slices; s0 += q8x16Slice {
		for g := g0; g < g1; g++ {
			for s := s0; s < min(slices, s0+q8x16Slice); s++ {
				q8_0r16x16AMX(&w[g*nb*q8r16Block], nb, &a.q[16*s*cols], cols, &a.px[s*nb*128], tmp, &j.out[16*s*rows+16*g], rows, min(16, j.n-16*s))
			}
		}
	}
}
