//go:build amd64 && !purego

#include "textflag.h"

// AVX-512 VNNI kernels. Same contract as the AVX2 ones: exact integer block sums, then
// the reference's float chain per (weight row, input row), one zmm lane per pair.
//
// The activations are packed by packQ8x16: one dword lane per input, so a 32-quant
// block sum lands whole in one lane after eight VPDPBUSDs and needs no horizontal
// reduction. VPDPBUSD multiplies unsigned by signed bytes, so the broadcast weights are
// biased to w+128 (w XOR 0x80) and the accumulator starts at -128·Σx (from the packed
// record): -128·Σx + Σ(w+128)·x = Σ w·x exactly.

// PFV4: software prefetch of the four rows R9 bytes ahead (R10 clobbered): row groups
// interleave four streams that the hardware prefetchers follow poorly (as in the AVX2
// kernels). Prefetches past the end of the matrix never fault.
#define PFV4 \
	LEAQ (SI)(R9*1), R10; \
	PREFETCHT0 (R10); \
	PREFETCHT0 (R10)(BX*1); \
	PREFETCHT0 (R10)(BX*2); \
	PREFETCHT0 (R10)(R8*1)

// CHUNK(xo, wo): Z4..Z7 (rows 0..3) += the rows' quants 4k..4k+3 (at wo(SI), wo = 2+4k)
// against the 16 inputs' quants 4k..4k+3 (at xo(DI), xo = 64k). Z8..Z12 clobbered.
#define CHUNK(xo, wo) \
	VMOVDQU32 xo(DI), Z8; \
	VPBROADCASTD wo(SI), Z9; \
	VPBROADCASTD wo(SI)(BX*1), Z10; \
	VPBROADCASTD wo(SI)(BX*2), Z11; \
	VPBROADCASTD wo(SI)(R8*1), Z12; \
	VPXORD Z31, Z9, Z9; \
	VPXORD Z31, Z10, Z10; \
	VPXORD Z31, Z11, Z11; \
	VPXORD Z31, Z12, Z12; \
	VPDPBUSD Z8, Z9, Z4; \
	VPDPBUSD Z8, Z10, Z5; \
	VPDPBUSD Z8, Z11, Z6; \
	VPDPBUSD Z8, Z12, Z7

// SCALE(dw, isum, acc): acc += float32(isum) * float32(dw*dx) per lane, dw the row's f16
// block scale at memory operand dw, dx the inputs' scales at 512(DI). Z13 clobbered.
#define SCALE(dw, isum, acc) \
	VCVTDQ2PS isum, isum; \
	VPBROADCASTW dw, Y13; \
	VCVTPH2PS Y13, Z13; \
	VMULPS 512(DI), Z13, Z13; \
	VMULPS Z13, isum, isum; \
	VADDPS isum, acc, acc

// func q8_0x4x16VNNI(w *byte, stride, nb int, px *byte, out *[64]float32, pf int)
// Four weight rows against the sixteen inputs of one packQ8x16 group (640-byte records
// per block). out[16r+i] = row r · input i.
TEXT ·q8_0x4x16VNNI(SB), NOSPLIT, $0-48
	MOVQ pf+40(FP), R9
	MOVQ w+0(FP), SI
	MOVQ stride+8(FP), BX
	MOVQ nb+16(FP), CX
	MOVQ px+24(FP), DI
	LEAQ (BX)(BX*2), R8
	MOVL $0x80, AX
	VPBROADCASTB AX, Z31
	VPXORD Z0, Z0, Z0
	VPXORD Z1, Z1, Z1
	VPXORD Z2, Z2, Z2
	VPXORD Z3, Z3, Z3
	TESTQ CX, CX
	JE x4x16done

x4x16loop:
	PFV4
	VMOVDQU32 576(DI), Z4
	VMOVDQA32 Z4, Z5
	VMOVDQA32 Z4, Z6
	VMOVDQA32 Z4, Z7
	CHUNK(0, 2)
	CHUNK(64, 6)
	CHUNK(128, 10)
	CHUNK(192, 14)
	CHUNK(256, 18)
	CHUNK(320, 22)
	CHUNK(384, 26)
	CHUNK(448, 30)
	SCALE((SI), Z4, Z0)
	SCALE((SI)(BX*1), Z5, Z1)
	SCALE((SI)(BX*2), Z6, Z2)
	SCALE((SI)(R8*1), Z7, Z3)
	ADDQ $34, SI
	ADDQ $640, DI
	DECQ CX
	JNZ x4x16loop

x4x16done:
	MOVQ out+32(FP), AX
	VMOVUPS Z0, (AX)
	VMOVUPS Z1, 64(AX)
	VMOVUPS Z2, 128(AX)
	VMOVUPS Z3, 192(AX)
	VZEROUPPER
	RET

// CHUNK4(xlo, xhi, wo): Z4..Z7 (rows 0..3) += the rows' Q4_0 quants 4k..4k+3 (low
// nibbles of the 4 bytes at wo(SI), wo = 2+4k) and 16+4k.. (their high nibbles) against
// the 16 inputs' quants at xlo(DI) and xhi(DI). The nibbles, 0..15, are VPDPBUSD's
// unsigned operand as they are; the accumulator starts at -8·Σx. Z8..Z12, Z19..Z23
// clobbered.
#define CHUNK4(xlo, xhi, wo) \
	VMOVDQU32 xlo(DI), Z8; \
	VMOVDQU32 xhi(DI), Z19; \
	VPBROADCASTD wo(SI), Z9; \
	VPBROADCASTD wo(SI)(BX*1), Z10; \
	VPBROADCASTD wo(SI)(BX*2), Z11; \
	VPBROADCASTD wo(SI)(R8*1), Z12; \
	VPANDD Z31, Z9, Z20; \
	VPANDD Z31, Z10, Z21; \
	VPANDD Z31, Z11, Z22; \
	VPANDD Z31, Z12, Z23; \
	VPSRLD $4, Z9, Z9; \
	VPSRLD $4, Z10, Z10; \
	VPSRLD $4, Z11, Z11; \
	VPSRLD $4, Z12, Z12; \
	VPANDD Z31, Z9, Z9; \
	VPANDD Z31, Z10, Z10; \
	VPANDD Z31, Z11, Z11; \
	VPANDD Z31, Z12, Z12; \
	VPDPBUSD Z8, Z20, Z4; \
	VPDPBUSD Z8, Z21, Z5; \
	VPDPBUSD Z8, Z22, Z6; \
	VPDPBUSD Z8, Z23, Z7; \
	VPDPBUSD Z19, Z9, Z4; \
	VPDPBUSD Z19, Z10, Z5; \
	VPDPBUSD Z19, Z11, Z6; \
	VPDPBUSD Z19, Z12, Z7

// func q4_0x4x16VNNI(w *byte, stride, nb int, px *byte, out *[64]float32, pf int)
// q8_0x4x16VNNI for Q4_0 weights (18-byte blocks): -8·Σx is the packed -128·Σx shifted
// right by 4, exactly.
TEXT ·q4_0x4x16VNNI(SB), NOSPLIT, $0-48
	MOVQ pf+40(FP), R9
	MOVQ w+0(FP), SI
	MOVQ stride+8(FP), BX
	MOVQ nb+16(FP), CX
	MOVQ px+24(FP), DI
	LEAQ (BX)(BX*2), R8
	MOVL $0x0f, AX
	VPBROADCASTB AX, Z31
	VPXORD Z0, Z0, Z0
	VPXORD Z1, Z1, Z1
	VPXORD Z2, Z2, Z2
	VPXORD Z3, Z3, Z3
	TESTQ CX, CX
	JE q4x16done

q4x16loop:
	PFV4
	VMOVDQU32 576(DI), Z4
	VPSRAD $4, Z4, Z4
	VMOVDQA32 Z4, Z5
	VMOVDQA32 Z4, Z6
	VMOVDQA32 Z4, Z7
	CHUNK4(0, 256, 2)
	CHUNK4(64, 320, 6)
	CHUNK4(128, 384, 10)
	CHUNK4(192, 448, 14)
	SCALE((SI), Z4, Z0)
	SCALE((SI)(BX*1), Z5, Z1)
	SCALE((SI)(BX*2), Z6, Z2)
	SCALE((SI)(R8*1), Z7, Z3)
	ADDQ $18, SI
	ADDQ $640, DI
	DECQ CX
	JNZ q4x16loop

q4x16done:
	MOVQ out+32(FP), AX
	VMOVUPS Z0, (AX)
	VMOVUPS Z1, 64(AX)
	VMOVUPS Z2, 128(AX)
	VMOVUPS Z3, 192(AX)
	VZEROUPPER
	RET

// func quantQ8_0AVX512(x *float32, q *int8, d *float32, s *int32, nb int)
// quantActQ8_0 for nb blocks, bit for bit: VMAXPS skips NaN like the reference's
// comparison when its second operand is the running maximum, VCVTPS2DQ rounds half to
// even (the default MXCSR) as roundMagic32 does for these magnitudes and turns NaN into
// MinInt32, and the clamp to [-128, 127] precedes the sum as in the reference.
TEXT ·quantQ8_0AVX512(SB), NOSPLIT, $0-40
	MOVQ x+0(FP), SI
	MOVQ q+8(FP), DI
	MOVQ d+16(FP), DX
	MOVQ s+24(FP), R8
	MOVQ nb+32(FP), CX
	MOVL $0x7fffffff, AX
	VPBROADCASTD AX, Z31
	MOVL $0x42fe0000, AX // 127.0
	VMOVD AX, X30
	MOVL $-128, AX
	VPBROADCASTD AX, Z29
	MOVL $127, AX
	VPBROADCASTD AX, Z28
	VXORPS X27, X27, X27
	VXORPS X9, X9, X9
	TESTQ CX, CX
	JE quantdone

quantloop:
	VMOVUPS (SI), Z0
	VMOVUPS 64(SI), Z1
	VANDPS Z31, Z0, Z2
	VANDPS Z31, Z1, Z3
	VMAXPS Z27, Z2, Z4 // NaN lanes of |x| give the second operand
	VMAXPS Z4, Z3, Z4
	VEXTRACTF64X4 $1, Z4, Y5
	VMAXPS Y5, Y4, Y4
	VEXTRACTF128 $1, Y4, X5
	VMAXPS X5, X4, X4
	VPERMILPS $0x4e, X4, X5
	VMAXPS X5, X4, X4
	VPERMILPS $0xb1, X4, X5
	VMAXPS X5, X4, X4 // amax in every lane
	VDIVSS X30, X4, X6 // amax/127
	VCVTPS2PH $0, X6, X6
	VCVTPH2PS X6, X6
	VMOVSS X6, (DX)
	VDIVSS X4, X30, X7    // id = 127/amax
	VCMPSS $4, X9, X4, X8  // amax != 0 (X9 = 0)
	VANDPS X8, X7, X7     // else id = 0
	VBROADCASTSS X7, Z7
	VMULPS Z7, Z0, Z0
	VMULPS Z7, Z1, Z1
	VCVTPS2DQ Z0, Z0
	VCVTPS2DQ Z1, Z1
	VPMAXSD Z29, Z0, Z0
	VPMINSD Z28, Z0, Z0
	VPMAXSD Z29, Z1, Z1
	VPMINSD Z28, Z1, Z1
	VPMOVDB Z0, (DI)
	VPMOVDB Z1, 16(DI)
	VPADDD Z1, Z0, Z0
	VEXTRACTI64X4 $1, Z0, Y1
	VPADDD Y1, Y0, Y0
	VEXTRACTI128 $1, Y0, X1
	VPADDD X1, X0, X0
	VPSHUFD $0x4e, X0, X1
	VPADDD X1, X0, X0
	VPSHUFD $0xb1, X0, X1
	VPADDD X1, X0, X0
	VMOVD X0, (R8)
	ADDQ $128, SI
	ADDQ $32, DI
	ADDQ $4, DX
	ADDQ $4, R8
	DECQ CX
	JNZ quantloop

quantdone:
	VZEROUPPER
	RET

// 8-lane Q8_0 kernel: two weight rows per zmm (rows in the halves, the 8 inputs of a
// packQ8x group of 8 lanes in the dword lanes of each half), so that batches of 8 fill
// every lane. Each row pair's 32 block quants sit biased in one register (Z8..Z11:
// rows 2p in the low half, 2p+1 in the high one); VPERMD with Z20+k (k in the low
// lanes, 8+k in the high ones) broadcasts their dword k to the half's lanes.

// PFV8: PFV4 for rows 0..3 (at SI) and 4..7 (at R11). R10 clobbered.
#define PFV8 \
	LEAQ (SI)(R9*1), R10; \
	PREFETCHT0 (R10); \
	PREFETCHT0 (R10)(BX*1); \
	PREFETCHT0 (R10)(BX*2); \
	PREFETCHT0 (R10)(R8*1); \
	LEAQ (R11)(R9*1), R10; \
	PREFETCHT0 (R10); \
	PREFETCHT0 (R10)(BX*1); \
	PREFETCHT0 (R10)(BX*2); \
	PREFETCHT0 (R10)(R8*1)

// PAIR(lo, hi, y, z): z = the 32 quants at memory operands lo and hi, +128; y is z's
// low half.
#define PAIR(lo, hi, y, z) \
	VMOVDQU lo, y; \
	VINSERTI64X4 $1, hi, z, z; \
	VPXORD Z31, z, z

// CHUNK8(k, idx): Z4..Z7 (row pairs) += the pairs' quants 4k..4k+3 against the 8 inputs'
// (at 32k(DI), in both halves). Z12..Z16 clobbered.
#define CHUNK8(xo, idx) \
	VBROADCASTI64X4 xo(DI), Z16; \
	VPERMD Z8, idx, Z12; \
	VPERMD Z9, idx, Z13; \
	VPERMD Z10, idx, Z14; \
	VPERMD Z11, idx, Z15; \
	VPDPBUSD Z16, Z12, Z4; \
	VPDPBUSD Z16, Z13, Z5; \
	VPDPBUSD Z16, Z14, Z6; \
	VPDPBUSD Z16, Z15, Z7

// SCALES8: Y17 = the eight rows' f16 block scales (at SI, SI+BX, ..., R11+R8) as floats.
// Four rows go into a GPR by SHRD (port 1, which 512-bit code leaves to scalar work); the
// zeroing breaks the chain. AX, DX, R12 clobbered.
#define SCALES8 \
	XORL AX, AX; \
	MOVL (SI), R12; SHRQ $16, R12, AX; \
	MOVL (SI)(BX*1), R12; SHRQ $16, R12, AX; \
	MOVL (SI)(BX*2), R12; SHRQ $16, R12, AX; \
	MOVL (SI)(R8*1), R12; SHRQ $16, R12, AX; \
	XORL DX, DX; \
	MOVL (R11), R12; SHRQ $16, R12, DX; \
	MOVL (R11)(BX*1), R12; SHRQ $16, R12, DX; \
	MOVL (R11)(BX*2), R12; SHRQ $16, R12, DX; \
	MOVL (R11)(R8*1), R12; SHRQ $16, R12, DX; \
	VMOVQ AX, X17; \
	VPINSRQ $1, DX, X17, X17; \
	VCVTPH2PS X17, Y17

// SCALE2(idx, isum, acc): acc += float32(isum) * float32(dw*dx) per lane for a row pair,
// dw its rows' scales picked from Y17 by idx (2p in the low half, 2p+1 in the high), dx
// the inputs' scales (twice) at 256(DI). Z13 clobbered.
#define SCALE2(idx, isum, acc) \
	VCVTDQ2PS isum, isum; \
	VPERMPS Z17, idx, Z13; \
	VMULPS 256(DI), Z13, Z13; \
	VMULPS Z13, isum, isum; \
	VADDPS isum, acc, acc

// func q8_0x8x8VNNI(w *byte, stride, nb int, px *byte, out *float32, ostride, n, pf int)
// Eight weight rows against the eight inputs of one 8-lane packQ8x group (384-byte
// records per block): out[ostride·i + r] = row r · input i for the first n inputs.
TEXT ·q8_0x8x8VNNI(SB), NOSPLIT, $0-64
	MOVQ pf+56(FP), R9
	MOVQ w+0(FP), SI
	MOVQ stride+8(FP), BX
	MOVQ nb+16(FP), CX
	MOVQ px+24(FP), DI
	LEAQ (BX)(BX*2), R8
	LEAQ (SI)(BX*4), R11
	MOVL $0x80, AX
	VPBROADCASTB AX, Z31
	// Z20..Z27: the VPERMD indices, k | 8+k.
	MOVL $8, AX
	VPBROADCASTD AX, Y21
	VPXORD Z20, Z20, Z20
	VINSERTI64X4 $1, Y21, Z20, Z20
	MOVL $1, AX
	VPBROADCASTD AX, Z30
	VPADDD Z30, Z20, Z21
	VPADDD Z30, Z21, Z22
	VPADDD Z30, Z22, Z23
	VPADDD Z30, Z23, Z24
	VPADDD Z30, Z24, Z25
	VPADDD Z30, Z25, Z26
	VPADDD Z30, Z26, Z27
	// Z18, Z19, Z28, Z29: the VPERMPS indices of the row pairs' scales, 2p | 2p+1.
	VPSRLD $3, Z20, Z18
	VPADDD Z30, Z30, Z30
	VPADDD Z30, Z18, Z19
	VPADDD Z30, Z19, Z28
	VPADDD Z30, Z28, Z29
	VPXORD Z0, Z0, Z0
	VPXORD Z1, Z1, Z1
	VPXORD Z2, Z2, Z2
	VPXORD Z3, Z3, Z3
	TESTQ CX, CX
	JE x8x8done

x8x8loop:
	PFV8
	SCALES8
	PAIR(2(SI), 2(SI)(BX*1), Y8, Z8)
	PAIR(2(SI)(BX*2), 2(SI)(R8*1), Y9, Z9)
	PAIR(2(R11), 2(R11)(BX*1), Y10, Z10)
	PAIR(2(R11)(BX*2), 2(R11)(R8*1), Y11, Z11)
	VMOVDQU32 320(DI), Z4
	VMOVDQA32 Z4, Z5
	VMOVDQA32 Z4, Z6
	VMOVDQA32 Z4, Z7
	CHUNK8(0, Z20)
	CHUNK8(32, Z21)
	CHUNK8(64, Z22)
	CHUNK8(96, Z23)
	CHUNK8(128, Z24)
	CHUNK8(160, Z25)
	CHUNK8(192, Z26)
	CHUNK8(224, Z27)
	SCALE2(Z18, Z4, Z0)
	SCALE2(Z19, Z5, Z1)
	SCALE2(Z28, Z6, Z2)
	SCALE2(Z29, Z7, Z3)
	ADDQ $34, SI
	ADDQ $34, R11
	ADDQ $384, DI
	DECQ CX
	JNZ x8x8loop

x8x8done:
	// Lane h·8+i of Z_p is row 2p+h, input i: scatter it to out[ostride·i + 2p+h] for the
	// inputs i < n (K1 = the n low bits in each half; a scatter clears its mask).
	MOVQ ostride+40(FP), AX
	VPBROADCASTD AX, Z12
	VPMULLD x8x8Lanes<>(SB), Z12, Z12
	VPSRLD $3, Z20, Z13
	VPADDD Z13, Z12, Z12
	MOVQ n+48(FP), CX
	MOVL $1, DX
	SHLL CX, DX
	DECL DX
	MOVL DX, CX
	SHLL $8, CX
	ORL CX, DX
	MOVQ out+32(FP), AX
	KMOVW DX, K1
	VSCATTERDPS Z0, K1, (AX)(Z12*4)
	KMOVW DX, K1
	VSCATTERDPS Z1, K1, 8(AX)(Z12*4)
	KMOVW DX, K1
	VSCATTERDPS Z2, K1, 16(AX)(Z12*4)
	KMOVW DX, K1
	VSCATTERDPS Z3, K1, 24(AX)(Z12*4)
	VZEROUPPER
	RET

// x8x8Lanes: the input of each lane of a row pair's zmm.
DATA x8x8Lanes<>+0(SB)/8, $0x0000000100000000
DATA x8x8Lanes<>+8(SB)/8, $0x0000000300000002
DATA x8x8Lanes<>+16(SB)/8, $0x0000000500000004
DATA x8x8Lanes<>+24(SB)/8, $0x0000000700000006
DATA x8x8Lanes<>+32(SB)/8, $0x0000000100000000
DATA x8x8Lanes<>+40(SB)/8, $0x0000000300000002
DATA x8x8Lanes<>+48(SB)/8, $0x0000000500000004
DATA x8x8Lanes<>+56(SB)/8, $0x0000000700000006
GLOBL x8x8Lanes<>(SB), RODATA|NOPTR, $64
