package tensor

import (
	"encoding/binary"
	"unsafe"
)

// The Q4_K and Q6_K layouts of the amd64 AVX-512 VNNI kernels for decode and small batches
// (kr16_amd64.go), kept with Matrix in repacked as the Q8_0 one is, and the activations'
// layout those kernels read.

const (
	// q4Kr16Block is a repacked super-block of 16 rows: 64 bytes more than their 16 blocks
	// (the same density as repackQ4Kr8's).
	q4Kr16Block = 32 + 32 + 16*16 + 16*128
	// q6Kr16Block is a repacked super-block of 16 rows: the quants unpacked to a byte each.
	q6Kr16Block = 32 + 16*16 + 16*256
	// kr16PerInput is a packQ8Kr record's bytes per input: 256 quants, the scale dx, then
	// for p < 8 the int16 pair (bs 2p, bs 2p+1).
	kr16PerInput = qkK + 4 + 16*2
	// kr16MaxN is the most inputs one r16 kernel call takes.
	kr16MaxN = 8
	// q4KAMXPerSlice is packQ8Kx16's record of 16 inputs for one super-block: 16 scales dx,
	// then 4 × 16 dwords of 32-value sum pairs.
	q4KAMXPerSlice = 64 + 4*64
)

// repackQ4Kr16 and repackQ6Kr16 lay the whole groups of 16 rows of a Q4_K or Q6_K matrix
// out for the r16 kernels: repackQ4K's and repackQ6K's layouts for 16 rows.
func repackQ4Kr16(m *Matrix, out []byte) { repackQ4K(m, out, 16) }
func repackQ6Kr16(m *Matrix, out []byte) { repackQ6K(m, out, 16) }

// q6Unpack sets u to a Q6_K block's 256 quants as bytes q+32 (0..63), in element order.
func q6Unpack(blk []byte, u *[qkK]byte) {
	for h := range 2 {
		ql, qh := blk[64*h:], blk[q6KQhOff+32*h:]
		for l := range 32 {
			q1, q2, q3, q4 := q6Quad(ql[l], ql[l+32], qh[l])
			u[128*h+l], u[128*h+l+32] = byte(q1+32), byte(q2+32)
			u[128*h+l+64], u[128*h+l+96] = byte(q3+32), byte(q4+32)
		}
	}
}

// kr16Tiles is how many kernel calls take n inputs, and kr16Width the width of call t of
// them: as even as kr16MaxN allows, so that each call's shared work (loading and masking
// the weights) spreads over as many inputs as the next one's.
func kr16Tiles(n int) int { return (n + kr16MaxN - 1) / kr16MaxN }

func kr16Width(n, t int) int {
	tiles := kr16Tiles(n)
	w := n / tiles
	if t < n%tiles {
		w++
	}
	return w
}

// packQ8Kr lays out n quantised Q8_K inputs for the r16 kernels by their calls (kr16Width):
// call t's inputs, from input i0 on, at nb·kr16PerInput·i0, and in it per super-block one
// record of its inputs' kr16PerInput bytes each, input after input.
func packQ8Kr(a *actBuf, n, cols int) {
	nb := cols / qkK
	px := a.packed(nb * n * kr16PerInput)
	i0 := 0
	for t := range kr16Tiles(n) {
		w := kr16Width(n, t)
		base := i0 * nb * kr16PerInput
		for b := range nb {
			rec := px[base+b*w*kr16PerInput : base+(b+1)*w*kr16PerInput]
			for i := range w {
				in := i0 + i
				r := rec[kr16PerInput*i : kr16PerInput*(i+1)]
				copy(r[:qkK], unsafe.Slice((*byte)(unsafe.Pointer(&a.q[in*cols+b*qkK])), qkK))
				binary.LittleEndian.PutUint32(r[qkK:], *(*uint32)(unsafe.Pointer(&a.d[in*nb+b])))
				bs := a.bs[(in*nb+b)*16 : (in*nb+b)*16+16]
				for p := range 8 {
					binary.LittleEndian.PutUint16(r[qkK+4+4*p:], uint16(bs[2*p]))
					binary.LittleEndian.PutUint16(r[qkK+6+4*p:], uint16(bs[2*p+1]))
				}
			}
		}
		i0 += w
	}
}

// packQ8Kx16 lays out n quantised Q8_K inputs for q4_Kr16x16AMX and q6_Kr16x16AMX: per super-block b and
// slice s of 16 inputs, a record of their scales and, for p < 4, the word pairs (s_2p,
// s_2p+1) of their 32-value sums s_k = bs_2k + bs_2k+1 (zero for inputs past n).
func packQ8Kx16(a *actBuf, n, cols int) {
	nb := cols / qkK
	slices := (n + 15) / 16
	px := a.packed(nb * slices * q4KAMXPerSlice)
	clear(px)
	for b := range nb {
		for i := range n {
			rec := px[(b*slices+i/16)*q4KAMXPerSlice:][:q4KAMXPerSlice]
			binary.LittleEndian.PutUint32(rec[4*(i%16):], *(*uint32)(unsafe.Pointer(&a.d[i*nb+b])))
			bs := a.bs[(i*nb+b)*16:][:16]
			for p := range 4 {
				lo, hi := bs[4*p]+bs[4*p+1], bs[4*p+2]+bs[4*p+3]
				binary.LittleEndian.PutUint32(rec[64+64*p+4*(i%16):], uint32(uint16(lo))|uint32(uint16(hi))<<16)
			}
		}
	}
}
