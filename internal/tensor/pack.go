package tensor

import "unsafe"

// q8x16Bytes is one block of sixteen packed Q8_0 activation rows: 16×32 quants, 16
// float32 scales and 16 int32 corrections (see packQ8x16).
const q8x16Bytes = 16*qk0 + 16*4 + 16*4

// q8x16MinN is the smallest batch the Q8_0/Q4_0 VNNI and AMX tiles pack: below it the
// 16-lane records would be mostly padding, and the AVX2 kernels are faster.
const q8x16MinN = 4

// packQ8x16 lays the quantised activations out by groups of sixteen input rows, the
// layout both VPDPBUSD (one input per dword lane) and AMX's TDPBSSD (the B tile in
// VNNI order: 8 rows of 16 inputs × 4 bytes) multiply with no shuffling. Per group and
// block one contiguous record: byte 64k+4i+t is input i's quant 4k+t (k < 8), then the
// 16 inputs' block scales dx as float32, then -128·Σx as int32 (the VNNI kernel biases
// the weights by +128). Lanes past the last input are zero, so they compute zeros that
// nobody reads. Assumes a little-endian layout of float32/int32, which holds wherever
// the kernels that read it run.
func packQ8x16(a *actBuf, n, cols int) {
	nb := cols / qk0
	groups := (n + 15) / 16
	a.pxBuf = grow(a.pxBuf, groups*nb*q8x16Bytes+64)
	// Align the records to 64 bytes for the zmm loads and tile rows.
	off := int(-uintptr(unsafe.Pointer(unsafe.SliceData(a.pxBuf))) & 63)
	px := a.pxBuf[off : off+groups*nb*q8x16Bytes]
	a.px = px
	for g := range groups {
		for b := range nb {
			rec := px[(g*nb+b)*q8x16Bytes : (g*nb+b+1)*q8x16Bytes]
			dx := (*[16]float32)(unsafe.Pointer(&rec[16*qk0]))
			xc := (*[16]int32)(unsafe.Pointer(&rec[16*qk0+64]))
			for i := range 16 {
				in := 16*g + i
				if in >= n {
					for k := range qk0 / 4 {
						*(*uint32)(unsafe.Pointer(&rec[64*k+4*i])) = 0
					}
					dx[i], xc[i] = 0, 0
					continue
				}
				src := a.q[in*cols+b*qk0 : in*cols+b*qk0+qk0]
				for k := range qk0 / 4 {
					// Four quants at once: the bytes keep their order within a dword.
					v := *(*uint32)(unsafe.Pointer(&src[4*k]))
					*(*uint32)(unsafe.Pointer(&rec[64*k+4*i])) = v
				}
				dx[i], xc[i] = a.d[in*nb+b], -128*a.s[in*nb+b]
			}
		}
	}
}

// kPacked is how many of n inputs the K-quant VNNI tiles take, in groups of sixteen: a
// group's kernel call costs the same however many of its lanes are inputs, about as
// much as 8 (Q4_K) or 12 (Q6_K, whose unpacking costs more) inputs through the
// AVX-512 kernels, so a last group with fewer inputs is left to those (measured with
// BenchmarkMatMulShapes at n=8).
func kPacked(n int, dt DType) int {
	minFill := 8
	if dt == Q6_K {
		minFill = 12
	}
	if n%16 >= minFill {
		return n
	}
	return n &^ 15
}

// q8Kx16Bytes is one super-block of sixteen packed Q8_K activation rows: 16×256 quants,
// 16 float32 scales and 16×16 int16 sums of sixteen quants (see packQ8Kx16).
const q8Kx16Bytes = 16*qkK + 16*4 + 16*16*2

// packQ8Kx16 is packQ8x16 for Q8_K activations (the K-quant VNNI tiles): per group of
// sixteen inputs and super-block one record, byte 64k+4i+t = input i's quant 4k+t
// (k < 64), then the 16 scales d as float32, then for p < 8 one dword per input holding
// its sums bs[2p] and bs[2p+1] as int16, the operand layout of VPDPWSSD. Padding lanes
// are zero.
func packQ8Kx16(a *actBuf, n, cols int) {
	nb := cols / qkK
	groups := (n + 15) / 16
	a.pxBuf = grow(a.pxBuf, groups*nb*q8Kx16Bytes+64)
	off := int(-uintptr(unsafe.Pointer(unsafe.SliceData(a.pxBuf))) & 63)
	px := a.pxBuf[off : off+groups*nb*q8Kx16Bytes]
	a.px = px
	for g := range groups {
		for b := range nb {
			rec := px[(g*nb+b)*q8Kx16Bytes : (g*nb+b+1)*q8Kx16Bytes]
			dx := (*[16]float32)(unsafe.Pointer(&rec[16*qkK]))
			sums := (*[8][16]uint32)(unsafe.Pointer(&rec[16*qkK+64]))
			for i := range 16 {
				in := 16*g + i
				if in >= n {
					for k := range qkK / 4 {
						*(*uint32)(unsafe.Pointer(&rec[64*k+4*i])) = 0
					}
					dx[i] = 0
					for p := range sums {
						sums[p][i] = 0
					}
					continue
				}
				src := a.q[in*cols+b*qkK : in*cols+b*qkK+qkK]
				for k := range qkK / 4 {
					*(*uint32)(unsafe.Pointer(&rec[64*k+4*i])) = *(*uint32)(unsafe.Pointer(&src[4*k]))
				}
				dx[i] = a.d[in*nb+b]
				bs := a.bs[(in*nb+b)*16 : (in*nb+b)*16+16]
				for p := range sums {
					sums[p][i] = uint32(uint16(bs[2*p])) | uint32(uint16(bs[2*p+1]))<<16
				}
			}
		}
	}
}
