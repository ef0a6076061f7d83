package tensor

import "unsafe"

// q8x4Bytes is one block of four packed Q8_0 activation rows: 4×32 quants, 16 float32
// scales and 16 int32 corrections (see packQ8x4).
const q8x4Bytes = 4*qk0 + 16*4 + 16*4

// packQ8x4 interleaves the quantised activations by groups of four input rows for the
// VNNI kernel, so that each block's data for the group is one contiguous 256-byte record
// in the order the kernel's lanes want (lane 4i+r is input i, weight row r): quants of
// inputs 0..3, then dx of input i in lanes 4i..4i+3, then 128·Σx likewise. Rows beyond
// the last whole group are left out. Assumes a little-endian layout of float32/int32,
// which holds wherever the kernel that reads it runs.
func packQ8x4(a *actBuf, n, cols int) {
	nb := cols / qk0
	groups := n / 4
	a.pxBuf = grow(a.pxBuf, groups*nb*q8x4Bytes+64)
	// Align the records to 64 bytes for the zmm loads.
	off := int(-uintptr(unsafe.Pointer(unsafe.SliceData(a.pxBuf))) & 63)
	px := a.pxBuf[off : off+groups*nb*q8x4Bytes]
	a.px = px
	for g := range groups {
		for b := range nb {
			rec := px[(g*nb+b)*q8x4Bytes : (g*nb+b+1)*q8x4Bytes]
			dx := (*[16]float32)(unsafe.Pointer(&rec[4*qk0]))
			xc := (*[16]int32)(unsafe.Pointer(&rec[4*qk0+64]))
			for i := range 4 {
				in := 4*g + i
				src := a.q[in*cols+b*qk0 : in*cols+b*qk0+qk0]
				for k, v := range src {
					rec[i*qk0+k] = byte(v)
				}
				d, s := a.d[in*nb+b], 128*a.s[in*nb+b]
				for r := range 4 {
					dx[4*i+r] = d
					xc[4*i+r] = s
				}
			}
		}
	}
}
