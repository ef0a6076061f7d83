//go:build amd64 && !purego

#include "textflag.h"

// AVX-512 VNNI kernels. Same contract as the AVX2 ones: exact integer block sums, then
// the reference's float chain per (weight row, input row), one zmm lane per pair.
//
// VPDPBUSD multiplies unsigned by signed bytes, so the weights are biased to w+128
// (w XOR 0x80) and 128·Σx is subtracted afterwards: Σ(w+128)·x - 128·Σx = Σ w·x exactly.

// DW4V(dst): dst (xmm) = the 4 rows' f16 block scales at SI as floats (AX, R11 clobbered).
#define DW4V(dst) \
	MOVWQZX (SI), AX; \
	MOVWQZX (SI)(BX*1), R11; \
	SHLQ $16, R11; \
	ORQ R11, AX; \
	MOVWQZX (SI)(BX*2), R11; \
	SHLQ $32, R11; \
	ORQ R11, AX; \
	MOVWQZX (SI)(R8*1), R11; \
	SHLQ $48, R11; \
	ORQ R11, AX; \
	VMOVQ AX, dst; \
	VCVTPH2PS dst, dst

// ROWDP(wmem, da, db): da, db = dword partial sums of one weight row against the input
// pairs in Z8 and Z9 (Z10 clobbered, Z15 = 0x80 bytes).
#define ROWDP(wmem, da, db) \
	VBROADCASTI64X4 wmem, Z10; \
	VPXORD Z15, Z10, Z10; \
	VPXORD da, da, da; \
	VPXORD db, db, db; \
	VPDPBUSD Z8, Z10, da; \
	VPDPBUSD Z9, Z10, db

// RED4(a, b, c, d, t0, t1): a = per 128-bit chunk [Σa Σb Σc Σd] over the chunk's four
// dwords (b, c, d, t0, t1 clobbered).
#define RED4(a, b, c, d, t0, t1) \
	VPUNPCKLDQ b, a, t0; \
	VPUNPCKHDQ b, a, t1; \
	VPADDD t1, t0, a; \
	VPUNPCKLDQ d, c, t0; \
	VPUNPCKHDQ d, c, t1; \
	VPADDD t1, t0, c; \
	VPUNPCKLQDQ c, a, t0; \
	VPUNPCKHQDQ c, a, t1; \
	VPADDD t1, t0, a

// func q8_0x4x4VNNI(w *byte, stride, nb int, px *byte, out *[16]float32)
// Four weight rows against four input rows packed by packQ8x4: per block 256 bytes,
// the four inputs' 32 quants, then 16 floats dx (lane 4i+r: input i's block scale), then
// 16 int32 128·Σx. out[4i+r] = row r · input i.
TEXT ·q8_0x4x4VNNI(SB), NOSPLIT, $0-40
	MOVQ w+0(FP), SI
	MOVQ stride+8(FP), BX
	MOVQ nb+16(FP), CX
	MOVQ px+24(FP), DI
	LEAQ (BX)(BX*2), R8
	MOVL $0x80, AX
	VPBROADCASTB AX, Z15
	VPXORD Z14, Z14, Z14
	TESTQ CX, CX
	JE x4x4done

x4x4loop:
	VMOVDQU64 (DI), Z8
	VMOVDQU64 64(DI), Z9
	ROWDP(2(SI), Z0, Z4)
	ROWDP(2(SI)(BX*1), Z1, Z5)
	ROWDP(2(SI)(BX*2), Z2, Z6)
	ROWDP(2(SI)(R8*1), Z3, Z7)
	// Z0 chunks: input 0 low half, input 0 high half, input 1 low, input 1 high; each
	// chunk [row 0..3]. Z4 likewise for inputs 2, 3.
	RED4(Z0, Z1, Z2, Z3, Z10, Z11)
	RED4(Z4, Z5, Z6, Z7, Z10, Z11)
	VSHUFI64X2 $0x88, Z4, Z0, Z1
	VSHUFI64X2 $0xdd, Z4, Z0, Z2
	VPADDD Z2, Z1, Z0
	VPSUBD 192(DI), Z0, Z0
	VCVTDQ2PS Z0, Z0
	DW4V(X1)
	VSHUFF32X4 $0, Z1, Z1, Z1
	VMULPS 128(DI), Z1, Z1
	VMULPS Z1, Z0, Z0
	VADDPS Z0, Z14, Z14
	ADDQ $34, SI
	ADDQ $256, DI
	DECQ CX
	JNZ x4x4loop

x4x4done:
	MOVQ out+32(FP), AX
	VMOVUPS Z14, (AX)
	VZEROUPPER
	RET
