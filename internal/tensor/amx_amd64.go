//go:build amd64 && !purego

package tensor

import (
	"errors"
	"unsafe"

	"golang.org/x/sys/cpu"
)

// q8_0x16x16AMX computes, for weight rows r = 0..15 at w (stride bytes apart, nb Q8_0
// blocks each) and the 16 inputs i of the 16-lane packQ8x group at px,
// out[16r+i] = dotQ8_0Go(row r, input i) bit for bit (zero for padding lanes); tmp is
// 1 KB of 64-byte aligned scratch. It prefetches the rows pf bytes ahead.
//
//go:noescape
func q8_0x16x16AMX(w *byte, stride, nb int, px *byte, tmp *int32, out *[256]float32, pf int)

// amxErr says why the amx kernels are not available (nil: they are).
var amxErr = func() error {
	if !hasVNNI() || !cpu.X86.HasAMXTile || !cpu.X86.HasAMXInt8 {
		return errors.New("CPU lacks AMX-TILE/AMX-INT8 (or AVX-512 VNNI)")
	}
	return requestAMX()
}()

// amxPrefetchRows is how many rows ahead the AMX kernel prefetches: the next group.
const amxPrefetchRows = 16

// amxKernels is vnniKernels with the Q8_0 tiles on AMX (Q4_0 stays on VNNI: the A tile
// must be bytes in memory, which Q4_0's nibbles are not).
var amxKernels = func() *kernels {
	k := *vnniKernels
	k.name = "amx"
	k.tiles[Q8_0] = tileQ8_0AMX
	return &k
}()

// tileQ8_0AMX runs 16 weight rows × 16 packed inputs per kernel call; the rows left
// over (fewer than 16) take the VNNI kernel, batches up to q8x8MaxN the 8-lane VNNI
// tile (as fast as the half-empty AMX tiles or faster, see q8x8MaxN), under q8x16MinN
// the AVX2 kernels.
func tileQ8_0AMX(j *matmulJob, r0, r1 int) {
	if j.n <= q8x8MaxN {
		tileQ8VNNI(j, r0, r1, Q8_0)
		return
	}
	rb, nb := j.rowBytes, j.w.Cols/qk0
	a := j.act
	groups := (j.n + 15) / 16
	r16 := r0 + (r1-r0)&^15
	var v [256]float32
	var tmpBuf [256 + 16]int32
	tmp := &tmpBuf[(-uintptr(unsafe.Pointer(&tmpBuf[0]))&63)/4]
	for g0 := 0; g0 < groups; g0 += q8x16Slice {
		g1 := min(groups, g0+q8x16Slice)
		for r := r0; r < r16; r += 16 {
			w := &j.w.Data[r*rb]
			// Only the first pass over the rows streams them from memory.
			pf := amxPrefetchRows * rb
			for g := g0; g < g1; g++ {
				q8_0x16x16AMX(w, rb, nb, &a.px[g*nb*q8x16Bytes], tmp, &v, pf)
				pf = 0
				scatter16(j, v[:], g, r, 16)
			}
		}
	}
	if r16 < r1 {
		tileQ8x16VNNI(j, r16, r1, Q8_0)
	}
}
