//go:build amd64 && !purego

#include "textflag.h"

// AVX-512 VNNI kernels for K-quant weights against sixteen Q8_K activation rows packed
// by packQ8Kx16 (one dword lane per input), for batches and prefill: each weight block
// is unpacked once per sixteen inputs. Integer sums are exact, so any instruction order
// gives the reference's isum and msum; the float chain per (row, input) lane is the
// reference's, in its order, without FMA.
//
// Record layout per super-block (q8Kx16Bytes): 0..4095 quants (byte 64k+4i+t: input i,
// quant 4k+t), 4096 the inputs' float32 scales, 4160 + 64p: per input the int16 pair
// (bsum 2p, bsum 2p+1).

// Masks of the Q4_K scale unpacking (see q4KUNPACK).
DATA kqvShift<>+0(SB)/4, $0
DATA kqvShift<>+4(SB)/4, $0
DATA kqvShift<>+8(SB)/4, $0
DATA kqvShift<>+12(SB)/4, $4
GLOBL kqvShift<>(SB), RODATA|NOPTR, $16
DATA kqvMask1<>+0(SB)/4, $0x3f3f3f3f
DATA kqvMask1<>+4(SB)/4, $0x0f0f0f0f
DATA kqvMask1<>+8(SB)/4, $0x3f3f3f3f
DATA kqvMask1<>+12(SB)/4, $0x0f0f0f0f
GLOBL kqvMask1<>(SB), RODATA|NOPTR, $16
DATA kqvMask2<>+0(SB)/4, $0
DATA kqvMask2<>+4(SB)/4, $0x30303030
DATA kqvMask2<>+8(SB)/4, $0
DATA kqvMask2<>+12(SB)/4, $0x30303030
GLOBL kqvMask2<>(SB), RODATA|NOPTR, $16

// KPF: prefetch the four rows' next super-block lines R9 bytes ahead (R10 clobbered);
// past the end of the matrix a prefetch never faults.
#define KPF \
	LEAQ (SI)(R9*1), R10; \
	PREFETCHT0 (R10); \
	PREFETCHT0 (R10)(BX*1); \
	PREFETCHT0 (R10)(BX*2); \
	PREFETCHT0 (R10)(R8*1); \
	PREFETCHT0 128(R10); \
	PREFETCHT0 128(R10)(BX*1); \
	PREFETCHT0 128(R10)(BX*2); \
	PREFETCHT0 128(R10)(R8*1)

// q4KUNPACK(sc, off): the row's eight 6-bit scales and mins from its 12 packed bytes at
// sc (scaleMinK4, as ggml's kmask trick over the dwords u0 u1 u2): off(SP) = the scales
// as 8 int32, off+32(SP) = each min as an int16 pair (m, m), so that VPDPWSSD against
// (bsum 2k, bsum 2k+1) gives m_k·(bsum 2k + bsum 2k+1). X8..X11 clobbered.
#define q4KUNPACK(sc, off, off32) \
	VMOVDQU sc, X8; \
	VPSHUFD $0x98, X8, X9; \
	VPSHUFD $0x50, X8, X10; \
	VPSRLVD kqvShift<>(SB), X9, X9; \
	VPAND kqvMask1<>(SB), X9, X9; \
	VPSRLD $2, X10, X10; \
	VPAND kqvMask2<>(SB), X10, X10; \
	VPOR X10, X9, X9; \
	VPMOVZXBD X9, Y10; \
	VMOVDQU Y10, off(SP); \
	VPSRLDQ $8, X9, X9; \
	VPMOVZXBD X9, Y10; \
	VPSLLD $16, Y10, Y11; \
	VPOR Y11, Y10, Y10; \
	VMOVDQU Y10, off32(SP)

// q4KCHUNK(xlo, xhi, wo): rows 0..3 lo sums Z8..Z11 += the low nibbles of the dword at
// wo(R11) (quants 4k.. of sub-block 2j) · the inputs' quants at xlo(R12); hi sums
// Z12..Z15 += the high nibbles left in place (16·q, 0..240, still VPDPBUSD's unsigned
// operand) · xhi(R12), so each weight dword costs two fused load-and-masks and no shift;
// q4KSCALE divides the exact multiple of 16 out once per sub-block. Z16..Z25 clobbered.
#define q4KCHUNK(xlo, xhi, wo) \
	VMOVDQU32 xlo(R12), Z16; \
	VMOVDQU32 xhi(R12), Z17; \
	VPANDD.BCST wo(R11), Z31, Z18; \
	VPANDD.BCST wo(R11)(BX*1), Z31, Z19; \
	VPANDD.BCST wo(R11)(BX*2), Z31, Z20; \
	VPANDD.BCST wo(R11)(R8*1), Z31, Z21; \
	VPANDD.BCST wo(R11), Z30, Z22; \
	VPANDD.BCST wo(R11)(BX*1), Z30, Z23; \
	VPANDD.BCST wo(R11)(BX*2), Z30, Z24; \
	VPANDD.BCST wo(R11)(R8*1), Z30, Z25; \
	VPDPBUSD Z16, Z18, Z8; \
	VPDPBUSD Z16, Z19, Z9; \
	VPDPBUSD Z16, Z20, Z10; \
	VPDPBUSD Z16, Z21, Z11; \
	VPDPBUSD Z17, Z22, Z12; \
	VPDPBUSD Z17, Z23, Z13; \
	VPDPBUSD Z17, Z24, Z14; \
	VPDPBUSD Z17, Z25, Z15

// q4KSCALE(lo, hi, off, off4, isum): isum += lo·scale 2j + (hi/16)·scale 2j+1, the row's
// scales at off(R13) and off4(R13).
#define q4KSCALE(lo, hi, off, off4, isum) \
	VPSRAD $4, hi, hi; \
	VPMULLD.BCST off(R13), lo, lo; \
	VPMULLD.BCST off4(R13), hi, hi; \
	VPADDD lo, isum, isum; \
	VPADDD hi, isum, isum

// FTERM(dw, isum, acc, op): acc = acc op float32(float32(isum) * float32(dw·dx)), dw the
// row's f16 at memory operand dw, dx the inputs' scales at 4096(DI). Z16 clobbered.
#define FTERM(dw, isum, acc, op) \
	VCVTDQ2PS isum, isum; \
	VPBROADCASTW dw, Y16; \
	VCVTPH2PS Y16, Z16; \
	VMULPS 4096(DI), Z16, Z16; \
	VMULPS Z16, isum, isum; \
	op isum, acc, acc

// func q4_Kx4x16VNNI(w *byte, stride, nb int, px *byte, out *[64]float32, pf int)
// Scratch: 64 bytes per row (q4KUNPACK).
TEXT ·q4_Kx4x16VNNI(SB), NOSPLIT, $256-48
	MOVQ pf+40(FP), R9
	MOVQ w+0(FP), SI
	MOVQ stride+8(FP), BX
	MOVQ nb+16(FP), CX
	MOVQ px+24(FP), DI
	LEAQ (BX)(BX*2), R8
	MOVL $0x0f0f0f0f, AX
	VPBROADCASTD AX, Z31
	MOVL $0xf0f0f0f0, AX
	VPBROADCASTD AX, Z30
	VPXORD Z0, Z0, Z0
	VPXORD Z1, Z1, Z1
	VPXORD Z2, Z2, Z2
	VPXORD Z3, Z3, Z3
	TESTQ CX, CX
	JE q4kdone

q4kloop:
	KPF
	q4KUNPACK(4(SI), 0, 32)
	q4KUNPACK(4(SI)(BX*1), 64, 96)
	q4KUNPACK(4(SI)(BX*2), 128, 160)
	q4KUNPACK(4(SI)(R8*1), 192, 224)
	VPXORD Z4, Z4, Z4
	VPXORD Z5, Z5, Z5
	VPXORD Z6, Z6, Z6
	VPXORD Z7, Z7, Z7
	LEAQ 16(SI), R11
	MOVQ DI, R12
	MOVQ SP, R13
	MOVL $4, DX

q4kj:
	// Sub-blocks 2j and 2j+1: qs bytes 32j.. at R11, quants 64j.. at R12.
	VPXORD Z8, Z8, Z8
	VPXORD Z9, Z9, Z9
	VPXORD Z10, Z10, Z10
	VPXORD Z11, Z11, Z11
	VPXORD Z12, Z12, Z12
	VPXORD Z13, Z13, Z13
	VPXORD Z14, Z14, Z14
	VPXORD Z15, Z15, Z15
	q4KCHUNK(0, 512, 0)
	q4KCHUNK(64, 576, 4)
	q4KCHUNK(128, 640, 8)
	q4KCHUNK(192, 704, 12)
	q4KCHUNK(256, 768, 16)
	q4KCHUNK(320, 832, 20)
	q4KCHUNK(384, 896, 24)
	q4KCHUNK(448, 960, 28)
	q4KSCALE(Z8, Z12, 0, 4, Z4)
	q4KSCALE(Z9, Z13, 64, 68, Z5)
	q4KSCALE(Z10, Z14, 128, 132, Z6)
	q4KSCALE(Z11, Z15, 192, 196, Z7)
	ADDQ $32, R11
	ADDQ $1024, R12
	ADDQ $8, R13
	DECQ DX
	JNZ q4kj

	// msum per row: Σ_k m_k·(bsum 2k + bsum 2k+1).
	VPXORD Z8, Z8, Z8
	VPXORD Z9, Z9, Z9
	VPXORD Z10, Z10, Z10
	VPXORD Z11, Z11, Z11
	VMOVDQU32 4160(DI), Z16
	VPDPWSSD.BCST 32(SP), Z16, Z8
	VPDPWSSD.BCST 96(SP), Z16, Z9
	VPDPWSSD.BCST 160(SP), Z16, Z10
	VPDPWSSD.BCST 224(SP), Z16, Z11
	VMOVDQU32 4224(DI), Z16
	VPDPWSSD.BCST 36(SP), Z16, Z8
	VPDPWSSD.BCST 100(SP), Z16, Z9
	VPDPWSSD.BCST 164(SP), Z16, Z10
	VPDPWSSD.BCST 228(SP), Z16, Z11
	VMOVDQU32 4288(DI), Z16
	VPDPWSSD.BCST 40(SP), Z16, Z8
	VPDPWSSD.BCST 104(SP), Z16, Z9
	VPDPWSSD.BCST 168(SP), Z16, Z10
	VPDPWSSD.BCST 232(SP), Z16, Z11
	VMOVDQU32 4352(DI), Z16
	VPDPWSSD.BCST 44(SP), Z16, Z8
	VPDPWSSD.BCST 108(SP), Z16, Z9
	VPDPWSSD.BCST 172(SP), Z16, Z10
	VPDPWSSD.BCST 236(SP), Z16, Z11
	VMOVDQU32 4416(DI), Z16
	VPDPWSSD.BCST 48(SP), Z16, Z8
	VPDPWSSD.BCST 112(SP), Z16, Z9
	VPDPWSSD.BCST 176(SP), Z16, Z10
	VPDPWSSD.BCST 240(SP), Z16, Z11
	VMOVDQU32 4480(DI), Z16
	VPDPWSSD.BCST 52(SP), Z16, Z8
	VPDPWSSD.BCST 116(SP), Z16, Z9
	VPDPWSSD.BCST 180(SP), Z16, Z10
	VPDPWSSD.BCST 244(SP), Z16, Z11
	VMOVDQU32 4544(DI), Z16
	VPDPWSSD.BCST 56(SP), Z16, Z8
	VPDPWSSD.BCST 120(SP), Z16, Z9
	VPDPWSSD.BCST 184(SP), Z16, Z10
	VPDPWSSD.BCST 248(SP), Z16, Z11
	VMOVDQU32 4608(DI), Z16
	VPDPWSSD.BCST 60(SP), Z16, Z8
	VPDPWSSD.BCST 124(SP), Z16, Z9
	VPDPWSSD.BCST 188(SP), Z16, Z10
	VPDPWSSD.BCST 252(SP), Z16, Z11
	FTERM((SI), Z4, Z0, VADDPS)
	FTERM(2(SI), Z8, Z0, VSUBPS)
	FTERM((SI)(BX*1), Z5, Z1, VADDPS)
	FTERM(2(SI)(BX*1), Z9, Z1, VSUBPS)
	FTERM((SI)(BX*2), Z6, Z2, VADDPS)
	FTERM(2(SI)(BX*2), Z10, Z2, VSUBPS)
	FTERM((SI)(R8*1), Z7, Z3, VADDPS)
	FTERM(2(SI)(R8*1), Z11, Z3, VSUBPS)
	ADDQ $144, SI
	ADDQ $4672, DI
	DECQ CX
	JNZ q4kloop

q4kdone:
	MOVQ out+32(FP), AX
	VMOVUPS Z0, (AX)
	VMOVUPS Z1, 64(AX)
	VMOVUPS Z2, 128(AX)
	VMOVUPS Z3, 192(AX)
	VZEROUPPER
	RET

// ---------------------------------------------------------------------------------
// Q6_K: per 16-quant group g, isum += sc_g·Σ(q-32)·x = sc_g·Σq·x - 32·sc_g·bsum_g, q the
// unsigned 6-bit value (VPDPBUSD's unsigned operand). The accumulator starts at
// -32·Σ_g sc_g·bsum_g (VPDPWSSD of the (sc 2p, sc 2p+1) pairs against the packed bsum
// pairs).

// q6KCHUNK(qlo, qho, xa, xb, s2): for the quarter pair (Q, Q+2) of half h, rows 0..3
// sums Z8..Z11 += quarter Q's quants 4k.. · the inputs' at xa(R13), Z12..Z15 += quarter
// Q+2's · xb(R13). The dword at qlo(R11) holds their low 4 bits (low, high nibble of
// each byte), the one at qho(R12) their top 2 bits at bits 2Q..2Q+1 and 2Q+4..2Q+5 of
// each byte: shifted right by s2 = 2Q they sit at bits 0..1 and 4..5. Z18..Z21
// clobbered. VPTERNLOGD $0xd8 is C ? B : A (bits 4..5 from the high bits, the rest from
// the nibble).
#define q6KROW(ql, qh, xa, xb, s2, acca, accb) \
	VPANDD.BCST ql, Z31, Z18; \
	VPSRLD.BCST $s2, qh, Z19; \
	VPSLLD $4, Z19, Z20; \
	VPTERNLOGD $0xd8, Z30, Z20, Z18; \
	VPSRLD.BCST $4, ql, Z21; \
	VPTERNLOGD $0xd8, Z30, Z19, Z21; \
	VPANDD Z29, Z21, Z21; \
	VPDPBUSD xa, Z18, acca; \
	VPDPBUSD xb, Z21, accb

#define q6KCHUNK(qlo, qho, xa, xb, s2) \
	VMOVDQU32 xa(R13), Z16; \
	VMOVDQU32 xb(R13), Z17; \
	q6KROW(qlo(R11), qho(R12), Z16, Z17, s2, Z8, Z12); \
	q6KROW(qlo(R11)(BX*1), qho(R12)(BX*1), Z16, Z17, s2, Z9, Z13); \
	q6KROW(qlo(R11)(BX*2), qho(R12)(BX*2), Z16, Z17, s2, Z10, Z14); \
	q6KROW(qlo(R11)(R8*1), qho(R12)(R8*1), Z16, Z17, s2, Z11, Z15)

// q6KSCALE(a, b, offa, offb, isum): isum += a·sc at offa(R10) + b·sc at offb(R10).
#define q6KSCALE(a, b, offa, offb, isum) \
	VPMULLD.BCST offa(R10), a, a; \
	VPMULLD.BCST offb(R10), b, b; \
	VPADDD a, isum, isum; \
	VPADDD b, isum, isum

// func q6_Kx4x16VNNI(w *byte, stride, nb int, px *byte, out *[64]float32, pf int)
// Scratch: 128 bytes per row, the 16 scales as int32 then as int16.
TEXT ·q6_Kx4x16VNNI(SB), NOSPLIT, $512-48
	MOVQ pf+40(FP), R9
	MOVQ w+0(FP), SI
	MOVQ stride+8(FP), BX
	MOVQ nb+16(FP), CX
	MOVQ px+24(FP), DI
	LEAQ (BX)(BX*2), R8
	MOVL $0x0f, AX
	VPBROADCASTB AX, Z31
	MOVL $0x30, AX
	VPBROADCASTB AX, Z30
	MOVL $0x3f, AX
	VPBROADCASTB AX, Z29
	VPXORD Z0, Z0, Z0
	VPXORD Z1, Z1, Z1
	VPXORD Z2, Z2, Z2
	VPXORD Z3, Z3, Z3
	TESTQ CX, CX
	JE q6kdone

q6kloop:
	KPF
	VPMOVSXBD 192(SI), Z8
	VMOVDQU32 Z8, 0(SP)
	VPMOVSXBW 192(SI), Y8
	VMOVDQU Y8, 64(SP)
	VPMOVSXBD 192(SI)(BX*1), Z8
	VMOVDQU32 Z8, 128(SP)
	VPMOVSXBW 192(SI)(BX*1), Y8
	VMOVDQU Y8, 192(SP)
	VPMOVSXBD 192(SI)(BX*2), Z8
	VMOVDQU32 Z8, 256(SP)
	VPMOVSXBW 192(SI)(BX*2), Y8
	VMOVDQU Y8, 320(SP)
	VPMOVSXBD 192(SI)(R8*1), Z8
	VMOVDQU32 Z8, 384(SP)
	VPMOVSXBW 192(SI)(R8*1), Y8
	VMOVDQU Y8, 448(SP)
	VPXORD Z4, Z4, Z4
	VPXORD Z5, Z5, Z5
	VPXORD Z6, Z6, Z6
	VPXORD Z7, Z7, Z7
	VMOVDQU32 4160(DI), Z16
	VPDPWSSD.BCST 64(SP), Z16, Z4
	VPDPWSSD.BCST 192(SP), Z16, Z5
	VPDPWSSD.BCST 320(SP), Z16, Z6
	VPDPWSSD.BCST 448(SP), Z16, Z7
	VMOVDQU32 4224(DI), Z16
	VPDPWSSD.BCST 68(SP), Z16, Z4
	VPDPWSSD.BCST 196(SP), Z16, Z5
	VPDPWSSD.BCST 324(SP), Z16, Z6
	VPDPWSSD.BCST 452(SP), Z16, Z7
	VMOVDQU32 4288(DI), Z16
	VPDPWSSD.BCST 72(SP), Z16, Z4
	VPDPWSSD.BCST 200(SP), Z16, Z5
	VPDPWSSD.BCST 328(SP), Z16, Z6
	VPDPWSSD.BCST 456(SP), Z16, Z7
	VMOVDQU32 4352(DI), Z16
	VPDPWSSD.BCST 76(SP), Z16, Z4
	VPDPWSSD.BCST 204(SP), Z16, Z5
	VPDPWSSD.BCST 332(SP), Z16, Z6
	VPDPWSSD.BCST 460(SP), Z16, Z7
	VMOVDQU32 4416(DI), Z16
	VPDPWSSD.BCST 80(SP), Z16, Z4
	VPDPWSSD.BCST 208(SP), Z16, Z5
	VPDPWSSD.BCST 336(SP), Z16, Z6
	VPDPWSSD.BCST 464(SP), Z16, Z7
	VMOVDQU32 4480(DI), Z16
	VPDPWSSD.BCST 84(SP), Z16, Z4
	VPDPWSSD.BCST 212(SP), Z16, Z5
	VPDPWSSD.BCST 340(SP), Z16, Z6
	VPDPWSSD.BCST 468(SP), Z16, Z7
	VMOVDQU32 4544(DI), Z16
	VPDPWSSD.BCST 88(SP), Z16, Z4
	VPDPWSSD.BCST 216(SP), Z16, Z5
	VPDPWSSD.BCST 344(SP), Z16, Z6
	VPDPWSSD.BCST 472(SP), Z16, Z7
	VMOVDQU32 4608(DI), Z16
	VPDPWSSD.BCST 92(SP), Z16, Z4
	VPDPWSSD.BCST 220(SP), Z16, Z5
	VPDPWSSD.BCST 348(SP), Z16, Z6
	VPDPWSSD.BCST 476(SP), Z16, Z7
	VPXORD Z8, Z8, Z8
	VPSLLD $5, Z4, Z4
	VPSUBD Z4, Z8, Z4
	VPSLLD $5, Z5, Z5
	VPSUBD Z5, Z8, Z5
	VPSLLD $5, Z6, Z6
	VPSUBD Z6, Z8, Z6
	VPSLLD $5, Z7, Z7
	VPSUBD Z7, Z8, Z7
	MOVQ SI, R11
	MOVQ SI, R12
	MOVQ DI, R13
	MOVQ SP, R10
	MOVL $2, DX

q6kh:
	// Half h: ql bytes 64h.. at R11, qh bytes 128+32h.. at 128(R12), quants 128h.. at
	// R13, the scales of groups 8h.. at R10.
	VPXORD Z8, Z8, Z8
	VPXORD Z9, Z9, Z9
	VPXORD Z10, Z10, Z10
	VPXORD Z11, Z11, Z11
	VPXORD Z12, Z12, Z12
	VPXORD Z13, Z13, Z13
	VPXORD Z14, Z14, Z14
	VPXORD Z15, Z15, Z15
	q6KCHUNK(0, 128, 0, 1024, 0)
	q6KCHUNK(4, 132, 64, 1088, 0)
	q6KCHUNK(8, 136, 128, 1152, 0)
	q6KCHUNK(12, 140, 192, 1216, 0)
	q6KSCALE(Z8, Z12, 0, 16, Z4)
	q6KSCALE(Z9, Z13, 128, 144, Z5)
	q6KSCALE(Z10, Z14, 256, 272, Z6)
	q6KSCALE(Z11, Z15, 384, 400, Z7)
	VPXORD Z8, Z8, Z8
	VPXORD Z9, Z9, Z9
	VPXORD Z10, Z10, Z10
	VPXORD Z11, Z11, Z11
	VPXORD Z12, Z12, Z12
	VPXORD Z13, Z13, Z13
	VPXORD Z14, Z14, Z14
	VPXORD Z15, Z15, Z15
	q6KCHUNK(16, 144, 256, 1280, 0)
	q6KCHUNK(20, 148, 320, 1344, 0)
	q6KCHUNK(24, 152, 384, 1408, 0)
	q6KCHUNK(28, 156, 448, 1472, 0)
	q6KSCALE(Z8, Z12, 4, 20, Z4)
	q6KSCALE(Z9, Z13, 132, 148, Z5)
	q6KSCALE(Z10, Z14, 260, 276, Z6)
	q6KSCALE(Z11, Z15, 388, 404, Z7)
	VPXORD Z8, Z8, Z8
	VPXORD Z9, Z9, Z9
	VPXORD Z10, Z10, Z10
	VPXORD Z11, Z11, Z11
	VPXORD Z12, Z12, Z12
	VPXORD Z13, Z13, Z13
	VPXORD Z14, Z14, Z14
	VPXORD Z15, Z15, Z15
	q6KCHUNK(32, 128, 512, 1536, 2)
	q6KCHUNK(36, 132, 576, 1600, 2)
	q6KCHUNK(40, 136, 640, 1664, 2)
	q6KCHUNK(44, 140, 704, 1728, 2)
	q6KSCALE(Z8, Z12, 8, 24, Z4)
	q6KSCALE(Z9, Z13, 136, 152, Z5)
	q6KSCALE(Z10, Z14, 264, 280, Z6)
	q6KSCALE(Z11, Z15, 392, 408, Z7)
	VPXORD Z8, Z8, Z8
	VPXORD Z9, Z9, Z9
	VPXORD Z10, Z10, Z10
	VPXORD Z11, Z11, Z11
	VPXORD Z12, Z12, Z12
	VPXORD Z13, Z13, Z13
	VPXORD Z14, Z14, Z14
	VPXORD Z15, Z15, Z15
	q6KCHUNK(48, 144, 768, 1792, 2)
	q6KCHUNK(52, 148, 832, 1856, 2)
	q6KCHUNK(56, 152, 896, 1920, 2)
	q6KCHUNK(60, 156, 960, 1984, 2)
	q6KSCALE(Z8, Z12, 12, 28, Z4)
	q6KSCALE(Z9, Z13, 140, 156, Z5)
	q6KSCALE(Z10, Z14, 268, 284, Z6)
	q6KSCALE(Z11, Z15, 396, 412, Z7)
	ADDQ $64, R11
	ADDQ $32, R12
	ADDQ $2048, R13
	ADDQ $32, R10
	DECQ DX
	JNZ q6kh

	FTERM(208(SI), Z4, Z0, VADDPS)
	FTERM(208(SI)(BX*1), Z5, Z1, VADDPS)
	FTERM(208(SI)(BX*2), Z6, Z2, VADDPS)
	FTERM(208(SI)(R8*1), Z7, Z3, VADDPS)
	ADDQ $210, SI
	ADDQ $4672, DI
	DECQ CX
	JNZ q6kloop

q6kdone:
	MOVQ out+32(FP), AX
	VMOVUPS Z0, (AX)
	VMOVUPS Z1, 64(AX)
	VMOVUPS Z2, 128(AX)
	VMOVUPS Z3, 192(AX)
	VZEROUPPER
	RET

// ---------------------------------------------------------------------------------
// Q4_K against eight inputs (packQ8Kx with 8 lanes, ymm): a batch of 8 would leave half
// of the zmm kernel's lanes empty, and ymm VPDPBUSD issues on two ports where zmm has
// one, so this does the same work per input at about half the cost. Same order as
// q4_Kx4x16VNNI; the record offsets are halved (quants 32k+4i+t, scales at 2048,
// bsum pairs at 2080 + 32p).

#define q4KCHUNK8(xlo, xhi, wo) \
	VMOVDQU32 xlo(R12), Y16; \
	VMOVDQU32 xhi(R12), Y17; \
	VPANDD.BCST wo(R11), Y31, Y18; \
	VPANDD.BCST wo(R11)(BX*1), Y31, Y19; \
	VPANDD.BCST wo(R11)(BX*2), Y31, Y20; \
	VPANDD.BCST wo(R11)(R8*1), Y31, Y21; \
	VPANDD.BCST wo(R11), Y30, Y22; \
	VPANDD.BCST wo(R11)(BX*1), Y30, Y23; \
	VPANDD.BCST wo(R11)(BX*2), Y30, Y24; \
	VPANDD.BCST wo(R11)(R8*1), Y30, Y25; \
	VPDPBUSD Y16, Y18, Y8; \
	VPDPBUSD Y16, Y19, Y9; \
	VPDPBUSD Y16, Y20, Y10; \
	VPDPBUSD Y16, Y21, Y11; \
	VPDPBUSD Y17, Y22, Y12; \
	VPDPBUSD Y17, Y23, Y13; \
	VPDPBUSD Y17, Y24, Y14; \
	VPDPBUSD Y17, Y25, Y15

#define q4KSCALE8(lo, hi, off, off4, isum) \
	VPSRAD $4, hi, hi; \
	VPMULLD.BCST off(R13), lo, lo; \
	VPMULLD.BCST off4(R13), hi, hi; \
	VPADDD lo, isum, isum; \
	VPADDD hi, isum, isum

#define FTERM8(dw, isum, acc, op) \
	VCVTDQ2PS isum, isum; \
	VPBROADCASTW dw, X16; \
	VCVTPH2PS X16, Y16; \
	VMULPS 2048(DI), Y16, Y16; \
	VMULPS Y16, isum, isum; \
	op isum, acc, acc

// func q4_Kx4x8VNNI(w *byte, stride, nb int, px *byte, out *[32]float32, pf int)
TEXT ·q4_Kx4x8VNNI(SB), NOSPLIT, $256-48
	MOVQ pf+40(FP), R9
	MOVQ w+0(FP), SI
	MOVQ stride+8(FP), BX
	MOVQ nb+16(FP), CX
	MOVQ px+24(FP), DI
	LEAQ (BX)(BX*2), R8
	MOVL $0x0f0f0f0f, AX
	VPBROADCASTD AX, Y31
	MOVL $0xf0f0f0f0, AX
	VPBROADCASTD AX, Y30
	VPXORD Y0, Y0, Y0
	VPXORD Y1, Y1, Y1
	VPXORD Y2, Y2, Y2
	VPXORD Y3, Y3, Y3
	TESTQ CX, CX
	JE q4k8done

q4k8loop:
	KPF
	q4KUNPACK(4(SI), 0, 32)
	q4KUNPACK(4(SI)(BX*1), 64, 96)
	q4KUNPACK(4(SI)(BX*2), 128, 160)
	q4KUNPACK(4(SI)(R8*1), 192, 224)
	VPXORD Y4, Y4, Y4
	VPXORD Y5, Y5, Y5
	VPXORD Y6, Y6, Y6
	VPXORD Y7, Y7, Y7
	LEAQ 16(SI), R11
	MOVQ DI, R12
	MOVQ SP, R13
	MOVL $4, DX

q4k8j:
	VPXORD Y8, Y8, Y8
	VPXORD Y9, Y9, Y9
	VPXORD Y10, Y10, Y10
	VPXORD Y11, Y11, Y11
	VPXORD Y12, Y12, Y12
	VPXORD Y13, Y13, Y13
	VPXORD Y14, Y14, Y14
	VPXORD Y15, Y15, Y15
	q4KCHUNK8(0, 256, 0)
	q4KCHUNK8(32, 288, 4)
	q4KCHUNK8(64, 320, 8)
	q4KCHUNK8(96, 352, 12)
	q4KCHUNK8(128, 384, 16)
	q4KCHUNK8(160, 416, 20)
	q4KCHUNK8(192, 448, 24)
	q4KCHUNK8(224, 480, 28)
	q4KSCALE8(Y8, Y12, 0, 4, Y4)
	q4KSCALE8(Y9, Y13, 64, 68, Y5)
	q4KSCALE8(Y10, Y14, 128, 132, Y6)
	q4KSCALE8(Y11, Y15, 192, 196, Y7)
	ADDQ $32, R11
	ADDQ $512, R12
	ADDQ $8, R13
	DECQ DX
	JNZ q4k8j

	VPXORD Y8, Y8, Y8
	VPXORD Y9, Y9, Y9
	VPXORD Y10, Y10, Y10
	VPXORD Y11, Y11, Y11
	VMOVDQU32 2080(DI), Y16
	VPDPWSSD.BCST 32(SP), Y16, Y8
	VPDPWSSD.BCST 96(SP), Y16, Y9
	VPDPWSSD.BCST 160(SP), Y16, Y10
	VPDPWSSD.BCST 224(SP), Y16, Y11
	VMOVDQU32 2112(DI), Y16
	VPDPWSSD.BCST 36(SP), Y16, Y8
	VPDPWSSD.BCST 100(SP), Y16, Y9
	VPDPWSSD.BCST 164(SP), Y16, Y10
	VPDPWSSD.BCST 228(SP), Y16, Y11
	VMOVDQU32 2144(DI), Y16
	VPDPWSSD.BCST 40(SP), Y16, Y8
	VPDPWSSD.BCST 104(SP), Y16, Y9
	VPDPWSSD.BCST 168(SP), Y16, Y10
	VPDPWSSD.BCST 232(SP), Y16, Y11
	VMOVDQU32 2176(DI), Y16
	VPDPWSSD.BCST 44(SP), Y16, Y8
	VPDPWSSD.BCST 108(SP), Y16, Y9
	VPDPWSSD.BCST 172(SP), Y16, Y10
	VPDPWSSD.BCST 236(SP), Y16, Y11
	VMOVDQU32 2208(DI), Y16
	VPDPWSSD.BCST 48(SP), Y16, Y8
	VPDPWSSD.BCST 112(SP), Y16, Y9
	VPDPWSSD.BCST 176(SP), Y16, Y10
	VPDPWSSD.BCST 240(SP), Y16, Y11
	VMOVDQU32 2240(DI), Y16
	VPDPWSSD.BCST 52(SP), Y16, Y8
	VPDPWSSD.BCST 116(SP), Y16, Y9
	VPDPWSSD.BCST 180(SP), Y16, Y10
	VPDPWSSD.BCST 244(SP), Y16, Y11
	VMOVDQU32 2272(DI), Y16
	VPDPWSSD.BCST 56(SP), Y16, Y8
	VPDPWSSD.BCST 120(SP), Y16, Y9
	VPDPWSSD.BCST 184(SP), Y16, Y10
	VPDPWSSD.BCST 248(SP), Y16, Y11
	VMOVDQU32 2304(DI), Y16
	VPDPWSSD.BCST 60(SP), Y16, Y8
	VPDPWSSD.BCST 124(SP), Y16, Y9
	VPDPWSSD.BCST 188(SP), Y16, Y10
	VPDPWSSD.BCST 252(SP), Y16, Y11
	FTERM8((SI), Y4, Y0, VADDPS)
	FTERM8(2(SI), Y8, Y0, VSUBPS)
	FTERM8((SI)(BX*1), Y5, Y1, VADDPS)
	FTERM8(2(SI)(BX*1), Y9, Y1, VSUBPS)
	FTERM8((SI)(BX*2), Y6, Y2, VADDPS)
	FTERM8(2(SI)(BX*2), Y10, Y2, VSUBPS)
	FTERM8((SI)(R8*1), Y7, Y3, VADDPS)
	FTERM8(2(SI)(R8*1), Y11, Y3, VSUBPS)
	ADDQ $144, SI
	ADDQ $2336, DI
	DECQ CX
	JNZ q4k8loop

q4k8done:
	MOVQ out+32(FP), AX
	VMOVUPS Y0, (AX)
	VMOVUPS Y1, 32(AX)
	VMOVUPS Y2, 64(AX)
	VMOVUPS Y3, 96(AX)
	VZEROUPPER
	RET
