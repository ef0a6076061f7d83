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
