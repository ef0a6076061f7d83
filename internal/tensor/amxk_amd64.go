//go:build amd64 && !purego

package tensor

import (
	"sync"
	"unsafe"
)

// The AMX K-quant path (amxk_amd64.s): prompts' Q4_K and Q6_K products on AMX tiles, from
// the repackQ4Kr16 and repackQ6Kr16 layouts the VNNI kernels read, each 16-row super-block
// unpacked once a pass into the two byte planes of its scaled quants and then run against
// every input of the pass.

const (
	// q4KAMXBlock is an unpacked super-block of 16 rows: two planes of 4 tiles of 1 KB, d
	// and dmin as 16 float32, 4 min word pairs a row.
	q4KAMXBlock = 8192 + 64 + 64 + 4*64
	// q6KAMXBlock is an unpacked Q6_K super-block of 16 rows: two planes, then d.
	q6KAMXBlock = 8192 + 64
	// kAMXMinN is the smallest batch that takes the AMX path (kernels.kAMXFrom): below it
	// the unpacking costs more than the tiles save (at 16, 2048×768 Q4_K: 690 GFLOP/s
	// against the VNNI kernels' 610–670; at 32, 930 against 670–700).
	kAMXMinN = 16
	// kAMXChunk is how many inputs a pass of tileKAMX sums up at a time (a multiple of 16).
	kAMXChunk = 512
)

// q4Kr16AMXUnpack writes the q4KAMXBlock bytes of one repackQ4Kr16 super-block record
// (16 rows) to dst, 64-byte aligned; q6Kr16AMXUnpack the q6KAMXBlock bytes of a
// repackQ6Kr16 one.
//
//go:noescape
func q4Kr16AMXUnpack(rec *byte, dst *byte)

//go:noescape
func q6Kr16AMXUnpack(rec *byte, dst *byte)

// q4_Kr16x16AMX adds one unpacked super-block's products with n inputs to their sums in acc
// (acc[16i + r] for input i, row r; zero first when first != 0), q4KAdd's float chain, and
// when last != 0 stores them to out[ostride·i + r] instead: their quants of the super-block
// at xq, cols bytes apart (a last partial 16's rows past n are read but not used), their
// packQ8Kx16 records at px, q4KAMXPerSlice bytes a 16. tmp is 4 KB of scratch, 4096-byte
// aligned. q6_Kr16x16AMX is the same for a q6Kr16AMXUnpack super-block (q6KAdd's chain).
//
//go:noescape
func q4_Kr16x16AMX(w *byte, xq *int8, cols int, px *byte, tmp *int32, acc, out *float32, ostride, n, first, last int)

//go:noescape
func q6_Kr16x16AMX(w *byte, xq *int8, cols int, px *byte, tmp *int32, acc, out *float32, ostride, n, first, last int)

// tileKAMX is the amx set's Q4_K or Q6_K (dt) tile: batches from kAMXFrom on the AMX
// path, smaller ones the VNNI kernels.
func tileKAMX(j *matmulJob, r0, r1 int, dt DType) {
	if j.n < j.kern.kAMXFrom {
		tileKr16(j, r0, r1, dt)
		return
	}
	rest, block, unpack, kernel := tileQ4K4AVX2, q4Kr16Block, q4Kr16AMXUnpack, q4_Kr16x16AMX
	if dt == Q6_K {
		rest, block, unpack, kernel = tileQ6K4AVX2, q6Kr16Block, q6Kr16AMXUnpack, q6_Kr16x16AMX
	}
	g0, g1 := wholeGroups(j, r0, r1, 16, rest)
	if g1 <= g0 {
		return
	}
	nb, rows, cols := j.w.Cols/qkK, j.w.Rows, j.w.Cols
	w := j.w.r16()
	a := j.act
	slices := (j.n + 15) / 16
	_ = w[g1*nb*block-1]
	_ = a.q[:slices*16*cols] // the last slice's rows past n are read (and not used)
	_ = a.px[nb*slices*q4KAMXPerSlice-1]
	_ = j.out[(j.n-1)*rows+16*g1-1]
	s := kAMXScratch.Get().(*kAMXBufs)
	defer kAMXScratch.Put(s)
	ub, tmp, acc := s.views()
	for g := g0; g < g1; g++ {
		for c0 := 0; c0 < j.n; c0 += kAMXChunk {
			n := min(kAMXChunk, j.n-c0)
			for b := range nb {
				unpack(&w[(g*nb+b)*block], ub)
				px := &a.px[(b*slices+c0/16)*q4KAMXPerSlice]
				kernel(ub, &a.q[c0*cols+b*qkK], cols, px, tmp, &acc[0], &j.out[c0*rows+16*g], rows, n,
					boolInt(b == 0), boolInt(b == nb-1))
			}
		}
	}
}

// kAMXBufs is one tileKAMX call's scratch: an unpacked super-block, the C tiles' two 2 KB
// halves, and the sums of a chunk of inputs, 16 floats an input back to back (out's rows, a
// whole row length apart, fall in a few cache sets; the last super-block's sums go to out
// as the kernel makes them, its stores spread between its tile products). Pooled, not on
// the stack: 49 KB zeroed per call would cost small batches more than their tiles.
type kAMXBufs struct {
	u   [q4KAMXBlock + 64]byte
	tmp [2 * 1024]int32 // 4 KB, 4096-aligned, in 8 KB
	acc [16*kAMXChunk + 16]float32
}

var kAMXScratch = sync.Pool{New: func() any { return new(kAMXBufs) }}

// views returns the aligned parts of s.
func (s *kAMXBufs) views() (u *byte, tmp *int32, acc []float32) {
	u = &s.u[-uintptr(unsafe.Pointer(&s.u[0]))&63]
	tmp = &s.tmp[(-uintptr(unsafe.Pointer(&s.tmp[0]))&4095)/4]
	acc = s.acc[(-uintptr(unsafe.Pointer(&s.acc[0]))&63)/4:][:16*kAMXChunk]
	return u, tmp, acc
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
