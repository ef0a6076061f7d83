//go:build amd64 && !purego

package tensor

import "unsafe"

// The AMX Q4_K path (amxq4k_amd64.s): prompts' Q4_K products on AMX tiles, from the
// repackQ4Kr16 layout the VNNI kernels read, each 16-row super-block unpacked once a call
// into the two byte planes of its scaled quants and then run against every input.

const (
	// q4KAMXBlock is an unpacked super-block of 16 rows: two planes of 4 tiles of 1 KB, d
	// and dmin as 16 float32, 4 min word pairs a row.
	q4KAMXBlock = 8192 + 64 + 64 + 4*64
	// q4KAMXMinN is the smallest batch that takes the AMX path (kernels.q4KAMXFrom): below
	// it the unpacking costs more than the tiles save.
	q4KAMXMinN = 16
	// q4KAMXChunk is how many inputs a pass of tileQ4KAMX sums up at a time (a multiple of 16).
	q4KAMXChunk = 512
)

// q4Kr16AMXUnpack writes the q4KAMXBlock bytes of one repackQ4Kr16 super-block record
// (16 rows) to dst, 64-byte aligned.
//
//go:noescape
func q4Kr16AMXUnpack(rec *byte, dst *byte)

// q4_Kr16x16AMX adds one unpacked super-block's products with n inputs to their sums in acc
// (acc[16i + r] for input i, row r; zero first when first != 0), q4KAdd's float chain, and
// when last != 0 stores them to out[ostride·i + r] instead: their quants of the super-block
// at xq, cols bytes apart (a last partial 16's rows past n are read but not used), their
// packQ8Kx16 records at px, q4KAMXPerSlice bytes a 16. tmp is 2 KB of 64-byte aligned
// scratch.
//
//go:noescape
func q4_Kr16x16AMX(w *byte, xq *int8, cols int, px *byte, tmp *int32, acc, out *float32, ostride, n, first, last int)

// tileQ4KAMX is the amx set's Q4_K tile: batches from q4KAMXFrom on the AMX path, smaller
// ones the VNNI kernels.
func tileQ4KAMX(j *matmulJob, r0, r1 int) {
	if j.n < j.kern.q4KAMXFrom {
		tileKr16(j, r0, r1, Q4_K)
		return
	}
	g0, g1 := wholeGroups(j, r0, r1, 16, tileQ4K4AVX2)
	if g1 <= g0 {
		return
	}
	nb, rows, cols := j.w.Cols/qkK, j.w.Rows, j.w.Cols
	w := j.w.r16()
	a := j.act
	slices := (j.n + 15) / 16
	_ = w[g1*nb*q4Kr16Block-1]
	_ = a.q[:slices*16*cols] // the last slice's rows past n are read (and not used)
	_ = a.px[nb*slices*q4KAMXPerSlice-1]
	_ = j.out[(j.n-1)*rows+16*g1-1]
	var ubuf [q4KAMXBlock + 64]byte
	ub := &ubuf[-uintptr(unsafe.Pointer(&ubuf[0]))&63]
	var tbuf [512 + 16]int32
	tmp := &tbuf[(-uintptr(unsafe.Pointer(&tbuf[0]))&63)/4]
	// The sums build up in acc, 16 floats an input back to back (out's rows, a whole row
	// length apart, fall in a few cache sets), and the last super-block's go to out as the
	// kernel makes them, its stores spread between its tile products.
	var abuf [16*q4KAMXChunk + 16]float32
	acc := abuf[(-uintptr(unsafe.Pointer(&abuf[0]))&63)/4:][:16*q4KAMXChunk]
	for g := g0; g < g1; g++ {
		for c0 := 0; c0 < j.n; c0 += q4KAMXChunk {
			n := min(q4KAMXChunk, j.n-c0)
			for b := range nb {
				q4Kr16AMXUnpack(&w[(g*nb+b)*q4Kr16Block], ub)
				px := &a.px[(b*slices+c0/16)*q4KAMXPerSlice]
				q4_Kr16x16AMX(ub, &a.q[c0*cols+b*qkK], cols, px, tmp, &acc[0], &j.out[c0*rows+16*g], rows, n,
					boolInt(b == 0), boolInt(b == nb-1))
			}
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
