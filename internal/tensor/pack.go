package tensor

import "unsafe"

// q8x16Bytes is one block of 16 packed Q8_0 activation rows (packQ8x): 16×32 quants,
// then 16 float32 scales and 16 int32 corrections, the record of the Q4_0 VNNI tile.
const q8x16Bytes = 16*qk0 + 16*4 + 16*4

// q8x16MinN is the smallest batch the Q4_0 VNNI tile packs: below it the records would be
// mostly padding, and the AVX2 kernels are faster.
const q8x16MinN = 4

// packed returns a.px as size bytes of a.pxBuf aligned to 64 bytes, for the zmm loads and
// tile rows that read the packed records.
func (a *actBuf) packed(size int) []byte {
	a.pxBuf = grow(a.pxBuf, size+64)
	off := int(-uintptr(unsafe.Pointer(unsafe.SliceData(a.pxBuf))) & 63)
	a.px = a.pxBuf[off : off+size]
	return a.px
}

// packQ8x lays the quantised activations out by groups of 16 input rows, the layout
// VPDPBUSD multiplies with one input per dword lane and no shuffling. Per group and block
// one contiguous record: byte 64k+4i+t is input i's quant 4k+t (k < 8), then the 16
// float32 block scales dx, then 16 int32 -128·Σx. Lanes past the last input are zero, so
// they compute zeros that nobody reads. Assumes a little-endian layout of float32/int32,
// which holds wherever the kernels that read it run.
func packQ8x(a *actBuf, n, cols int) {
	const lanes = 16
	nb := cols / qk0
	groups := (n + lanes - 1) / lanes
	rb := q8x16Bytes
	px := a.packed(groups * nb * rb)
	for g := range groups {
		for b := range nb {
			rec := px[(g*nb+b)*rb : (g*nb+b+1)*rb]
			dx := (*[16]float32)(unsafe.Pointer(&rec[lanes*qk0]))
			xc := (*[16]int32)(unsafe.Pointer(&rec[lanes*qk0+64]))
			for i := range lanes {
				in := lanes*g + i
				if in >= n {
					for k := range qk0 / 4 {
						*(*uint32)(unsafe.Pointer(&rec[4*lanes*k+4*i])) = 0
					}
					dx[i], xc[i] = 0, 0
					continue
				}
				src := a.q[in*cols+b*qk0 : in*cols+b*qk0+qk0]
				for k := range qk0 / 4 {
					// Four quants at once: the bytes keep their order within a dword.
					v := *(*uint32)(unsafe.Pointer(&src[4*k]))
					*(*uint32)(unsafe.Pointer(&rec[4*lanes*k+4*i])) = v
				}
				dx[i], xc[i] = a.d[in*nb+b], -128*a.s[in*nb+b]
			}
		}
	}
}
