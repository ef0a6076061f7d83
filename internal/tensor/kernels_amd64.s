//go:build amd64 && !purego

#include "textflag.h"

// AVX2 kernels. Each reproduces the pure-Go reference order exactly (see kernels_go.go):
// integer block sums are exact whatever the instruction order, and the float chain per
// (weight row, input row) is the same sequence of separately rounded multiplies and adds,
// kept in one SIMD lane per row.

// ---------------------------------------------------------------------------------
// Row-group helpers of the Q6_K kernel (the Q8_0/Q4_0 kernels are generated: q8_amd64.s).

// HSUM4(a, b, c, d, xa): xa (the low half of a) = [Σa Σb Σc Σd] (b, c clobbered).
#define HSUM4(a, b, c, d, xa) \
	VPHADDD b, a, a; \
	VPHADDD d, c, c; \
	VPHADDD c, a, a; \
	VEXTRACTI128 $1, a, X9; \
	VPADDD X9, xa, xa

// DW4(off, dst): dst (xmm) = 4 floats, the f16 at off in each of the 4 rows (AX, R11
// clobbered).
// The halves are gathered in a GPR: VPINSRW would put four more uops on port 5, which
// the horizontal sums already load most.
#define DW4(off, dst) \
	MOVWQZX off(SI), AX; \
	MOVWQZX off(SI)(BX*1), R11; \
	SHLQ $16, R11; \
	ORQ R11, AX; \
	MOVWQZX off(SI)(BX*2), R11; \
	SHLQ $32, R11; \
	ORQ R11, AX; \
	MOVWQZX off(SI)(R8*1), R11; \
	SHLQ $48, R11; \
	ORQ R11, AX; \
	VMOVQ AX, dst; \
	VCVTPH2PS dst, dst

// ---------------------------------------------------------------------------------
// Float weights × float activations, 16 lanes per (row, input) pair in two ymm.

// FOLD16(lo, hi, xlo, xt): xlo[0] = the fixed-tree sum of the 16 lanes in lo, hi.
#define FOLD16(lo, hi, xlo, xt) \
	VADDPS hi, lo, lo; \
	VEXTRACTF128 $1, lo, xt; \
	VADDPS xt, xlo, xlo; \
	VMOVHLPS xlo, xlo, xt; \
	VADDPS xt, xlo, xlo; \
	VMOVSHDUP xlo, xt; \
	VADDSS xt, xlo, xlo

// FOLDOUT4: fold the four rows' accumulators Y0..Y7 and store out[0..3] (AX).
#define FOLDOUT4 \
	FOLD16(Y0, Y1, X0, X9); \
	FOLD16(Y2, Y3, X2, X9); \
	FOLD16(Y4, Y5, X4, X9); \
	FOLD16(Y6, Y7, X6, X9); \
	VMOVSS X0, 0(AX); \
	VMOVSS X2, 4(AX); \
	VMOVSS X4, 8(AX); \
	VMOVSS X6, 12(AX)

#define ZERO8 \
	VXORPS Y0, Y0, Y0; \
	VXORPS Y1, Y1, Y1; \
	VXORPS Y2, Y2, Y2; \
	VXORPS Y3, Y3, Y3; \
	VXORPS Y4, Y4, Y4; \
	VXORPS Y5, Y5, Y5; \
	VXORPS Y6, Y6, Y6; \
	VXORPS Y7, Y7, Y7

// F16 products with F16-rounded activations are exact in float32 (22 significant bits,
// exponents well inside float32's range), so FMA rounds once exactly like the
// reference's separate multiply and add.
#define ROWF16(wmem0, wmem1, alo, ahi) \
	VCVTPH2PS wmem0, Y10; \
	VCVTPH2PS wmem1, Y11; \
	VFMADD231PS Y8, Y10, alo; \
	VFMADD231PS Y9, Y11, ahi

// func f16x4AVX2(w *byte, stride, n16 int, x *float32, out *[4]float32)
TEXT ·f16x4AVX2(SB), NOSPLIT, $0-40
	MOVQ w+0(FP), SI
	MOVQ stride+8(FP), BX
	MOVQ n16+16(FP), CX
	MOVQ x+24(FP), DI
	LEAQ (BX)(BX*2), R8
	ZERO8
	TESTQ CX, CX
	JE f16x4done

f16x4loop:
	VMOVUPS (DI), Y8
	VMOVUPS 32(DI), Y9
	ROWF16(0(SI), 16(SI), Y0, Y1)
	ROWF16(0(SI)(BX*1), 16(SI)(BX*1), Y2, Y3)
	ROWF16(0(SI)(BX*2), 16(SI)(BX*2), Y4, Y5)
	ROWF16(0(SI)(R8*1), 16(SI)(R8*1), Y6, Y7)
	ADDQ $32, SI
	ADDQ $64, DI
	DECQ CX
	JNZ f16x4loop

f16x4done:
	MOVQ out+32(FP), AX
	FOLDOUT4
	VZEROUPPER
	RET

// BF16 products have 16 significant bits but can leave float32's exponent range, so
// unlike F16 they are rounded before the add, as in the reference.
#define ROWBF16(wmem0, wmem1, alo, ahi) \
	VPMOVZXWD wmem0, Y10; \
	VPMOVZXWD wmem1, Y11; \
	VPSLLD $16, Y10, Y10; \
	VPSLLD $16, Y11, Y11; \
	VMULPS Y8, Y10, Y10; \
	VMULPS Y9, Y11, Y11; \
	VADDPS Y10, alo, alo; \
	VADDPS Y11, ahi, ahi

// func bf16x4AVX2(w *byte, stride, n16 int, x *float32, out *[4]float32)
TEXT ·bf16x4AVX2(SB), NOSPLIT, $0-40
	MOVQ w+0(FP), SI
	MOVQ stride+8(FP), BX
	MOVQ n16+16(FP), CX
	MOVQ x+24(FP), DI
	LEAQ (BX)(BX*2), R8
	ZERO8
	TESTQ CX, CX
	JE bf16x4done

bf16x4loop:
	VMOVUPS (DI), Y8
	VMOVUPS 32(DI), Y9
	ROWBF16(0(SI), 16(SI), Y0, Y1)
	ROWBF16(0(SI)(BX*1), 16(SI)(BX*1), Y2, Y3)
	ROWBF16(0(SI)(BX*2), 16(SI)(BX*2), Y4, Y5)
	ROWBF16(0(SI)(R8*1), 16(SI)(R8*1), Y6, Y7)
	ADDQ $32, SI
	ADDQ $64, DI
	DECQ CX
	JNZ bf16x4loop

bf16x4done:
	MOVQ out+32(FP), AX
	FOLDOUT4
	VZEROUPPER
	RET

// F32 products are not exact, so multiply and add are rounded separately (no FMA).
#define ROWF32(wmem0, wmem1, alo, ahi) \
	VMULPS wmem0, Y8, Y10; \
	VMULPS wmem1, Y9, Y11; \
	VADDPS Y10, alo, alo; \
	VADDPS Y11, ahi, ahi

// func f32x4AVX2(w *byte, stride, n16 int, x *float32, out *[4]float32)
TEXT ·f32x4AVX2(SB), NOSPLIT, $0-40
	MOVQ w+0(FP), SI
	MOVQ stride+8(FP), BX
	MOVQ n16+16(FP), CX
	MOVQ x+24(FP), DI
	LEAQ (BX)(BX*2), R8
	ZERO8
	TESTQ CX, CX
	JE f32x4done

f32x4loop:
	VMOVUPS (DI), Y8
	VMOVUPS 32(DI), Y9
	ROWF32(0(SI), 32(SI), Y0, Y1)
	ROWF32(0(SI)(BX*1), 32(SI)(BX*1), Y2, Y3)
	ROWF32(0(SI)(BX*2), 32(SI)(BX*2), Y4, Y5)
	ROWF32(0(SI)(R8*1), 32(SI)(R8*1), Y6, Y7)
	ADDQ $64, SI
	ADDQ $64, DI
	DECQ CX
	JNZ f32x4loop

f32x4done:
	MOVQ out+32(FP), AX
	FOLDOUT4
	VZEROUPPER
	RET

// func dotF32AVX2(a, b *float32, n16 int) float32
// The 16 lanes are split over four registers (lanes 0-7, 8-15 twice, alternating chunks
// would change the order), so only two chains run; that is enough for vectors of a few
// thousand elements.
TEXT ·dotF32AVX2(SB), NOSPLIT, $0-28
	MOVQ a+0(FP), SI
	MOVQ b+8(FP), DI
	MOVQ n16+16(FP), CX
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	TESTQ CX, CX
	JE dotdone

dotloop:
	VMOVUPS (DI), Y8
	VMOVUPS 32(DI), Y9
	VMULPS (SI), Y8, Y10
	VMULPS 32(SI), Y9, Y11
	VADDPS Y10, Y0, Y0
	VADDPS Y11, Y1, Y1
	ADDQ $64, SI
	ADDQ $64, DI
	DECQ CX
	JNZ dotloop

dotdone:
	FOLD16(Y0, Y1, X0, X9)
	VMOVSS X0, ret+24(FP)
	VZEROUPPER
	RET

// ---------------------------------------------------------------------------------
// Q4_K weights × Q8_K activations. Per super-block and row: isum = Σ_j sc_j·Σ q·x (8 int32
// lanes, reduced later) and msum = Σ_j m_j·(bsum_2j + bsum_2j+1); both exact.

// Word k of a 128-bit lane broadcast to all 8 words (the same in both lanes).
DATA q4kShuf<>+0(SB)/8, $0x0100010001000100
DATA q4kShuf<>+8(SB)/8, $0x0100010001000100
DATA q4kShuf<>+16(SB)/8, $0x0100010001000100
DATA q4kShuf<>+24(SB)/8, $0x0100010001000100
DATA q4kShuf<>+32(SB)/8, $0x0302030203020302
DATA q4kShuf<>+40(SB)/8, $0x0302030203020302
DATA q4kShuf<>+48(SB)/8, $0x0302030203020302
DATA q4kShuf<>+56(SB)/8, $0x0302030203020302
DATA q4kShuf<>+64(SB)/8, $0x0504050405040504
DATA q4kShuf<>+72(SB)/8, $0x0504050405040504
DATA q4kShuf<>+80(SB)/8, $0x0504050405040504
DATA q4kShuf<>+88(SB)/8, $0x0504050405040504
DATA q4kShuf<>+96(SB)/8, $0x0706070607060706
DATA q4kShuf<>+104(SB)/8, $0x0706070607060706
DATA q4kShuf<>+112(SB)/8, $0x0706070607060706
DATA q4kShuf<>+120(SB)/8, $0x0706070607060706
DATA q4kShuf<>+128(SB)/8, $0x0908090809080908
DATA q4kShuf<>+136(SB)/8, $0x0908090809080908
DATA q4kShuf<>+144(SB)/8, $0x0908090809080908
DATA q4kShuf<>+152(SB)/8, $0x0908090809080908
DATA q4kShuf<>+160(SB)/8, $0x0b0a0b0a0b0a0b0a
DATA q4kShuf<>+168(SB)/8, $0x0b0a0b0a0b0a0b0a
DATA q4kShuf<>+176(SB)/8, $0x0b0a0b0a0b0a0b0a
DATA q4kShuf<>+184(SB)/8, $0x0b0a0b0a0b0a0b0a
DATA q4kShuf<>+192(SB)/8, $0x0d0c0d0c0d0c0d0c
DATA q4kShuf<>+200(SB)/8, $0x0d0c0d0c0d0c0d0c
DATA q4kShuf<>+208(SB)/8, $0x0d0c0d0c0d0c0d0c
DATA q4kShuf<>+216(SB)/8, $0x0d0c0d0c0d0c0d0c
DATA q4kShuf<>+224(SB)/8, $0x0f0e0f0e0f0e0f0e
DATA q4kShuf<>+232(SB)/8, $0x0f0e0f0e0f0e0f0e
DATA q4kShuf<>+240(SB)/8, $0x0f0e0f0e0f0e0f0e
DATA q4kShuf<>+248(SB)/8, $0x0f0e0f0e0f0e0f0e
GLOBL q4kShuf<>(SB), RODATA|NOPTR, $256

// [d0 dm0 d1 dm1 ...] -> [d0 d1 d2 d3 dm0 dm1 dm2 dm3]
DATA q4kPerm<>+0(SB)/4, $0
DATA q4kPerm<>+4(SB)/4, $2
DATA q4kPerm<>+8(SB)/4, $4
DATA q4kPerm<>+12(SB)/4, $6
DATA q4kPerm<>+16(SB)/4, $1
DATA q4kPerm<>+20(SB)/4, $3
DATA q4kPerm<>+24(SB)/4, $5
DATA q4kPerm<>+28(SB)/4, $7
GLOBL q4kPerm<>(SB), RODATA|NOPTR, $32

// Q4KCHUNK(j, acc): 64 elements of the row at R10 (sub-blocks 2j, 2j+1).
#define Q4KCHUNK(qoff, xoff, shlo, shhi, acc) \
	VMOVDQU qoff(R10), Y10; \
	VPAND Y14, Y10, Y11; \
	VPSRLW $4, Y10, Y10; \
	VPAND Y14, Y10, Y10; \
	VPMADDUBSW xoff(DI), Y11, Y11; \
	VPSHUFB q4kShuf<>+shlo(SB), Y12, Y9; \
	VPMADDWD Y9, Y11, Y11; \
	VPADDD Y11, acc, acc; \
	VPMADDUBSW xoff+32(DI), Y10, Y10; \
	VPSHUFB q4kShuf<>+shhi(SB), Y12, Y9; \
	VPMADDWD Y9, Y10, Y10; \
	VPADDD Y10, acc, acc

// Q4KROW(isum, msum): one row at R10. The 6-bit scales/mins are unpacked in GPRs:
// scales 0-3 = low 6 bits of bytes 0-3, mins 0-3 = of bytes 4-7; scales 4-7 = low
// nibbles of bytes 8-11 | top bits of bytes 0-3 << 4; mins 4-7 = high nibbles of
// bytes 8-11 | top bits of bytes 4-7 << 4.
#define Q4KROW(isum, msum) \
	MOVL 4(R10), AX; \
	MOVL 8(R10), R11; \
	MOVL 12(R10), R12; \
	MOVL AX, R13; \
	ANDL $0x3f3f3f3f, R13; \
	MOVL R12, R14; \
	ANDL $0x0f0f0f0f, R14; \
	SHRL $6, AX; \
	ANDL $0x03030303, AX; \
	SHLL $4, AX; \
	ORL AX, R14; \
	SHLQ $32, R14; \
	ORQ R14, R13; \
	MOVL R11, AX; \
	ANDL $0x3f3f3f3f, AX; \
	SHRL $4, R12; \
	ANDL $0x0f0f0f0f, R12; \
	SHRL $6, R11; \
	ANDL $0x03030303, R11; \
	SHLL $4, R11; \
	ORL R11, R12; \
	SHLQ $32, R12; \
	ORQ R12, AX; \
	VMOVQ R13, X12; \
	VPMOVZXBW X12, X12; \
	VINSERTI128 $1, X12, Y12, Y12; \
	VMOVQ AX, X13; \
	VPUNPCKLBW X13, X13, X13; \
	VPMOVZXBW X13, Y13; \
	VPMADDWD (R9), Y13, msum; \
	VPXOR isum, isum, isum; \
	Q4KCHUNK(16, 0, 0, 32, isum); \
	Q4KCHUNK(48, 64, 64, 96, isum); \
	Q4KCHUNK(80, 128, 128, 160, isum); \
	Q4KCHUNK(112, 192, 192, 224, isum)

// PFK(pf, off): prefetch the four rows' bytes pf+off.. (pf is an argument; R10 clobbered).
#define PFK(pf, off) \
	MOVQ pf, R10; \
	ADDQ SI, R10; \
	PREFETCHT0 off(R10); \
	PREFETCHT0 off(R10)(BX*1); \
	PREFETCHT0 off(R10)(BX*2); \
	PREFETCHT0 off(R10)(R8*1)

// func q4_Kx4AVX2(w *byte, stride, nb int, xq *int8, xd *float32, bs *int16, out *[4]float32, pf int)
TEXT ·q4_Kx4AVX2(SB), NOSPLIT, $0-64
	MOVQ w+0(FP), SI
	MOVQ stride+8(FP), BX
	MOVQ nb+16(FP), CX
	MOVQ xq+24(FP), DI
	MOVQ xd+32(FP), DX
	MOVQ bs+40(FP), R9
	LEAQ (BX)(BX*2), R8
	VPCMPEQW Y14, Y14, Y14
	VPSRLW $12, Y14, Y14
	VPACKUSWB Y14, Y14, Y14
	VMOVDQU q4kPerm<>(SB), Y15
	VXORPS X8, X8, X8
	TESTQ CX, CX
	JE q4kdone

q4kloop:
	PFK(pf+56(FP), 0)
	PFK(pf+56(FP), 64)
	PFK(pf+56(FP), 128)
	MOVQ SI, R10
	Q4KROW(Y0, Y4)
	LEAQ (SI)(BX*1), R10
	Q4KROW(Y1, Y5)
	LEAQ (SI)(BX*2), R10
	Q4KROW(Y2, Y6)
	LEAQ (SI)(R8*1), R10
	Q4KROW(Y3, Y7)
	// Y0 = [isum rows 0..3 | msum rows 0..3]
	VPHADDD Y1, Y0, Y0
	VPHADDD Y3, Y2, Y2
	VPHADDD Y2, Y0, Y0
	VPHADDD Y5, Y4, Y4
	VPHADDD Y7, Y6, Y6
	VPHADDD Y6, Y4, Y4
	VPERM2I128 $0x20, Y4, Y0, Y1
	VPERM2I128 $0x31, Y4, Y0, Y2
	VPADDD Y2, Y1, Y0
	VCVTDQ2PS Y0, Y0
	VMOVD (SI), X1
	VPINSRD $1, (SI)(BX*1), X1, X1
	VPINSRD $2, (SI)(BX*2), X1, X1
	VPINSRD $3, (SI)(R8*1), X1, X1
	VCVTPH2PS X1, Y1
	VPERMPS Y1, Y15, Y1
	VBROADCASTSS (DX), Y2
	VMULPS Y2, Y1, Y1
	VMULPS Y1, Y0, Y0
	VADDPS X0, X8, X8
	VEXTRACTF128 $1, Y0, X1
	VSUBPS X1, X8, X8
	ADDQ $144, SI
	ADDQ $256, DI
	ADDQ $4, DX
	ADDQ $32, R9
	DECQ CX
	JNZ q4kloop

q4kdone:
	MOVQ out+48(FP), AX
	VMOVUPS X8, (AX)
	VZEROUPPER
	RET

// ---------------------------------------------------------------------------------
// Q6_K weights × Q8_K activations: Σ_g sc_g·(Σ q6·x - 32·bsum_g) with q6 unsigned 0..63.

// Bytes 2p (×8) then 2p+1 (×8): the int8 scales of the two 16-element groups of chunk p.
DATA q6kShuf<>+0(SB)/8, $0x0000000000000000
DATA q6kShuf<>+8(SB)/8, $0x0101010101010101
DATA q6kShuf<>+16(SB)/8, $0x0202020202020202
DATA q6kShuf<>+24(SB)/8, $0x0303030303030303
DATA q6kShuf<>+32(SB)/8, $0x0404040404040404
DATA q6kShuf<>+40(SB)/8, $0x0505050505050505
DATA q6kShuf<>+48(SB)/8, $0x0606060606060606
DATA q6kShuf<>+56(SB)/8, $0x0707070707070707
DATA q6kShuf<>+64(SB)/8, $0x0808080808080808
DATA q6kShuf<>+72(SB)/8, $0x0909090909090909
DATA q6kShuf<>+80(SB)/8, $0x0a0a0a0a0a0a0a0a
DATA q6kShuf<>+88(SB)/8, $0x0b0b0b0b0b0b0b0b
DATA q6kShuf<>+96(SB)/8, $0x0c0c0c0c0c0c0c0c
DATA q6kShuf<>+104(SB)/8, $0x0d0d0d0d0d0d0d0d
DATA q6kShuf<>+112(SB)/8, $0x0e0e0e0e0e0e0e0e
DATA q6kShuf<>+120(SB)/8, $0x0f0f0f0f0f0f0f0f
GLOBL q6kShuf<>(SB), RODATA|NOPTR, $128

// Q6KDOT(q, xoff, shoff, acc): acc += scale-weighted q·x for one 32-element chunk.
#define Q6KDOT(q, xoff, shoff, acc) \
	VPMADDUBSW xoff(DI), q, q; \
	VPSHUFB q6kShuf<>+shoff(SB), X12, X9; \
	VPMOVSXBW X9, Y9; \
	VPMADDWD Y9, q, q; \
	VPADDD q, acc, acc

// Q6KHALF(h): 128 elements: ql at 64h, qh at 128+32h, x at 128h, chunks p = 4h..4h+3.
#define Q6KHALF(qloff, qloff2, qhoff, x0, x1, x2, x3, s0, s1, s2, s3, acc) \
	VMOVDQU qloff(R10), Y4; \
	VMOVDQU qloff2(R10), Y5; \
	VMOVDQU qhoff(R10), Y6; \
	VPAND Y14, Y6, Y7; \
	VPSLLW $4, Y7, Y7; \
	VPAND Y15, Y4, Y8; \
	VPOR Y7, Y8, Y8; \
	Q6KDOT(Y8, x0, s0, acc); \
	VPSLLW $2, Y6, Y7; \
	VPAND Y13, Y7, Y7; \
	VPAND Y15, Y5, Y8; \
	VPOR Y7, Y8, Y8; \
	Q6KDOT(Y8, x1, s1, acc); \
	VPSRLW $4, Y4, Y8; \
	VPAND Y15, Y8, Y8; \
	VPAND Y13, Y6, Y7; \
	VPOR Y7, Y8, Y8; \
	Q6KDOT(Y8, x2, s2, acc); \
	VPSRLW $4, Y5, Y8; \
	VPAND Y15, Y8, Y8; \
	VPSRLW $2, Y6, Y7; \
	VPAND Y13, Y7, Y7; \
	VPOR Y7, Y8, Y8; \
	Q6KDOT(Y8, x3, s3, acc)

#define Q6KROW(acc) \
	VMOVDQU 192(R10), X12; \
	VPXOR acc, acc, acc; \
	Q6KHALF(0, 32, 128, 0, 32, 64, 96, 0, 16, 32, 48, acc); \
	Q6KHALF(64, 96, 160, 128, 160, 192, 224, 64, 80, 96, 112, acc); \
	VPMOVSXBW X12, Y9; \
	VPMADDWD (R9), Y9, Y9; \
	VPSLLD $5, Y9, Y9; \
	VPSUBD Y9, acc, acc

// func q6_Kx4AVX2(w *byte, stride, nb int, xq *int8, xd *float32, bs *int16, out *[4]float32, pf int)
TEXT ·q6_Kx4AVX2(SB), NOSPLIT, $0-64
	MOVQ w+0(FP), SI
	MOVQ stride+8(FP), BX
	MOVQ nb+16(FP), CX
	MOVQ xq+24(FP), DI
	MOVQ xd+32(FP), DX
	MOVQ bs+40(FP), R9
	LEAQ (BX)(BX*2), R8
	VPCMPEQW Y15, Y15, Y15
	VPSRLW $12, Y15, Y15
	VPACKUSWB Y15, Y15, Y15
	VPSRLW $2, Y15, Y14
	VPAND Y15, Y14, Y14
	VPSLLW $4, Y14, Y13
	VXORPS X11, X11, X11
	TESTQ CX, CX
	JE q6kdone

q6kloop:
	PFK(pf+56(FP), 0)
	PFK(pf+56(FP), 64)
	PFK(pf+56(FP), 128)
	PFK(pf+56(FP), 192)
	MOVQ SI, R10
	Q6KROW(Y0)
	LEAQ (SI)(BX*1), R10
	Q6KROW(Y1)
	LEAQ (SI)(BX*2), R10
	Q6KROW(Y2)
	LEAQ (SI)(R8*1), R10
	Q6KROW(Y3)
	HSUM4(Y0, Y1, Y2, Y3, X0)
	VCVTDQ2PS X0, X0
	DW4(208, X1)
	VBROADCASTSS (DX), X2
	VMULPS X2, X1, X1
	VMULPS X1, X0, X0
	VADDPS X0, X11, X11
	ADDQ $210, SI
	ADDQ $256, DI
	ADDQ $4, DX
	ADDQ $32, R9
	DECQ CX
	JNZ q6kloop

q6kdone:
	MOVQ out+48(FP), AX
	VMOVUPS X11, (AX)
	VZEROUPPER
	RET
