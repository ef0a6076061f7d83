//go:build amd64 && !purego

#include "textflag.h"

// AVX-512 float kernels: one zmm holds the 16 lanes of one (weight row, input) pair, so
// each lane accumulates the same elements in the same order as the pure-Go reference
// (kernels_go.go), and the fold is the same fixed tree.

// Sixteen weights of one row as float32.
#define LDF16(mem, z) VCVTPH2PS mem, z
#define LDBF16(mem, z) VPMOVZXWD mem, z; VPSLLD $16, z, z
#define LDF32(mem, z) VMOVUPS mem, z

// acc += w·x. F16 products with F16-rounded activations are exact in float32, so one FMA
// rounds as the reference's multiply then add; BF16 and F32 products are rounded first.
#define MACF16(w, x, acc, t) VFMADD231PS x, w, acc
#define MACRND(w, x, acc, t) VMULPS x, w, t; VADDPS t, acc, acc

// FOLDST(z, y, x, off): out[off] (AX) = the fixed-tree sum of z's 16 lanes (k+8, k+4,
// k+2, k+1); z is clobbered.
#define FOLDST(z, y, x, off) \
	VEXTRACTF64X4 $1, z, Y24; \
	VADDPS Y24, y, y; \
	VEXTRACTF32X4 $1, y, X24; \
	VADDPS X24, x, x; \
	VMOVHLPS x, x, X24; \
	VADDPS X24, x, x; \
	VMOVSHDUP x, X24; \
	VADDSS X24, x, x; \
	VMOVSS x, off(AX)

#define ZERO16 \
	VPXORD Z0, Z0, Z0; VPXORD Z1, Z1, Z1; VPXORD Z2, Z2, Z2; VPXORD Z3, Z3, Z3; \
	VPXORD Z4, Z4, Z4; VPXORD Z5, Z5, Z5; VPXORD Z6, Z6, Z6; VPXORD Z7, Z7, Z7; \
	VPXORD Z8, Z8, Z8; VPXORD Z9, Z9, Z9; VPXORD Z10, Z10, Z10; VPXORD Z11, Z11, Z11; \
	VPXORD Z12, Z12, Z12; VPXORD Z13, Z13, Z13; VPXORD Z14, Z14, Z14; VPXORD Z15, Z15, Z15

// ---------------------------------------------------------------------------------
// 4 weight rows × 4 inputs: each converted weight vector serves four inputs.
// Accumulator Z(4i+q) is input i, row q; out[4i+q] likewise.

// R4I4(LD, MAC, wstep, name): the loop and fold of one type. SI = w, BX = stride,
// R8 = 3·stride, DI = x, DX = xstride, R9 = 3·xstride, CX = n16.
#define R4I4(LD, MAC, wstep, loop, done) \
	ZERO16; \
	TESTQ CX, CX; \
	JE done; \
loop: \
	VMOVUPS (DI), Z16; \
	VMOVUPS (DI)(DX*1), Z17; \
	VMOVUPS (DI)(DX*2), Z18; \
	VMOVUPS (DI)(R9*1), Z19; \
	LD((SI), Z20); \
	LD((SI)(BX*1), Z21); \
	LD((SI)(BX*2), Z22); \
	LD((SI)(R8*1), Z23); \
	MAC(Z20, Z16, Z0, Z24); \
	MAC(Z21, Z16, Z1, Z25); \
	MAC(Z22, Z16, Z2, Z26); \
	MAC(Z23, Z16, Z3, Z27); \
	MAC(Z20, Z17, Z4, Z28); \
	MAC(Z21, Z17, Z5, Z29); \
	MAC(Z22, Z17, Z6, Z30); \
	MAC(Z23, Z17, Z7, Z31); \
	MAC(Z20, Z18, Z8, Z24); \
	MAC(Z21, Z18, Z9, Z25); \
	MAC(Z22, Z18, Z10, Z26); \
	MAC(Z23, Z18, Z11, Z27); \
	MAC(Z20, Z19, Z12, Z28); \
	MAC(Z21, Z19, Z13, Z29); \
	MAC(Z22, Z19, Z14, Z30); \
	MAC(Z23, Z19, Z15, Z31); \
	ADDQ $wstep, SI; \
	ADDQ $64, DI; \
	DECQ CX; \
	JNZ loop; \
done: \
	MOVQ out+40(FP), AX; \
	FOLDST(Z0, Y0, X0, 0); FOLDST(Z1, Y1, X1, 4); FOLDST(Z2, Y2, X2, 8); FOLDST(Z3, Y3, X3, 12); \
	FOLDST(Z4, Y4, X4, 16); FOLDST(Z5, Y5, X5, 20); FOLDST(Z6, Y6, X6, 24); FOLDST(Z7, Y7, X7, 28); \
	FOLDST(Z8, Y8, X8, 32); FOLDST(Z9, Y9, X9, 36); FOLDST(Z10, Y10, X10, 40); FOLDST(Z11, Y11, X11, 44); \
	FOLDST(Z12, Y12, X12, 48); FOLDST(Z13, Y13, X13, 52); FOLDST(Z14, Y14, X14, 56); FOLDST(Z15, Y15, X15, 60); \
	VZEROUPPER; \
	RET

#define R4I4ARGS \
	MOVQ w+0(FP), SI; \
	MOVQ stride+8(FP), BX; \
	MOVQ n16+16(FP), CX; \
	MOVQ x+24(FP), DI; \
	MOVQ xstride+32(FP), DX; \
	SHLQ $2, DX; \
	LEAQ (BX)(BX*2), R8; \
	LEAQ (DX)(DX*2), R9

// ---------------------------------------------------------------------------------
// 8 weight rows × 1 input (decode): eight independent accumulation chains. Rows 0-3 at
// SI, rows 4-7 at R10 = SI + 4·stride.

#define STEP8(LD, MAC) \
	VMOVUPS (DI), Z16; \
	LD((SI), Z17); \
	LD((SI)(BX*1), Z18); \
	LD((SI)(BX*2), Z19); \
	LD((SI)(R8*1), Z20); \
	LD((R10), Z21); \
	LD((R10)(BX*1), Z22); \
	LD((R10)(BX*2), Z23); \
	LD((R10)(R8*1), Z31); \
	MAC(Z17, Z16, Z0, Z24); \
	MAC(Z18, Z16, Z1, Z25); \
	MAC(Z19, Z16, Z2, Z26); \
	MAC(Z20, Z16, Z3, Z27); \
	MAC(Z21, Z16, Z4, Z28); \
	MAC(Z22, Z16, Z5, Z29); \
	MAC(Z23, Z16, Z6, Z30); \
	MAC(Z31, Z16, Z7, Z24)

// PF8(off): prefetch the eight rows pf (R11) + off bytes ahead; see PF4 in kernels_amd64.s.
#define PF8(off) \
	LEAQ off(SI)(R11*1), R12; \
	LEAQ off(R10)(R11*1), R13; \
	PREFETCHT0 (R12); \
	PREFETCHT0 (R12)(BX*1); \
	PREFETCHT0 (R12)(BX*2); \
	PREFETCHT0 (R12)(R8*1); \
	PREFETCHT0 (R13); \
	PREFETCHT0 (R13)(BX*1); \
	PREFETCHT0 (R13)(BX*2); \
	PREFETCHT0 (R13)(R8*1)

// R8I1(LD, MAC, wstep, PF): two steps (a 64-byte line of each F16/BF16 row) per prefetch,
// then the odd step.
#define R8I1(LD, MAC, wstep, PF, loop, odd, done) \
	MOVQ w+0(FP), SI; \
	MOVQ stride+8(FP), BX; \
	MOVQ n16+16(FP), CX; \
	MOVQ x+24(FP), DI; \
	MOVQ pf+40(FP), R11; \
	LEAQ (BX)(BX*2), R8; \
	LEAQ (SI)(BX*4), R10; \
	VPXORD Z0, Z0, Z0; VPXORD Z1, Z1, Z1; VPXORD Z2, Z2, Z2; VPXORD Z3, Z3, Z3; \
	VPXORD Z4, Z4, Z4; VPXORD Z5, Z5, Z5; VPXORD Z6, Z6, Z6; VPXORD Z7, Z7, Z7; \
	SHRQ $1, CX; \
	JE odd; \
loop: \
	PF(0); \
	STEP8(LD, MAC); \
	ADDQ $wstep, SI; \
	ADDQ $wstep, R10; \
	ADDQ $64, DI; \
	STEP8(LD, MAC); \
	ADDQ $wstep, SI; \
	ADDQ $wstep, R10; \
	ADDQ $64, DI; \
	DECQ CX; \
	JNZ loop; \
odd: \
	TESTQ $1, n16+16(FP); \
	JE done; \
	STEP8(LD, MAC); \
done: \
	MOVQ out+32(FP), AX; \
	FOLDST(Z0, Y0, X0, 0); FOLDST(Z1, Y1, X1, 4); FOLDST(Z2, Y2, X2, 8); FOLDST(Z3, Y3, X3, 12); \
	FOLDST(Z4, Y4, X4, 16); FOLDST(Z5, Y5, X5, 20); FOLDST(Z6, Y6, X6, 24); FOLDST(Z7, Y7, X7, 28); \
	VZEROUPPER; \
	RET

// The prefetches for one 64-byte line of each row (F16, BF16) or two (F32).
#define PFHALF(off) PF8(off)
#define PFFULL(off) PF8(off); PF8(off+64)

// ---------------------------------------------------------------------------------
// 4 weight rows × 6 inputs (prefill): each converted weight vector serves six inputs, so
// conversions take a smaller share of the vector ports than in R4I4. Accumulator
// Z(4i+q) is input i, row q; out[4i+q] likewise; inputs 4 and 5 at R10 = DI + 4·xstride.

#define R4I6(LD, MAC, wstep, loop, done) \
	VPXORD Z0, Z0, Z0; VPXORD Z1, Z1, Z1; VPXORD Z2, Z2, Z2; VPXORD Z3, Z3, Z3; \
	VPXORD Z4, Z4, Z4; VPXORD Z5, Z5, Z5; VPXORD Z6, Z6, Z6; VPXORD Z7, Z7, Z7; \
	VPXORD Z8, Z8, Z8; VPXORD Z9, Z9, Z9; VPXORD Z10, Z10, Z10; VPXORD Z11, Z11, Z11; \
	VPXORD Z12, Z12, Z12; VPXORD Z13, Z13, Z13; VPXORD Z14, Z14, Z14; VPXORD Z15, Z15, Z15; \
	VPXORD Z16, Z16, Z16; VPXORD Z17, Z17, Z17; VPXORD Z18, Z18, Z18; VPXORD Z19, Z19, Z19; \
	VPXORD Z20, Z20, Z20; VPXORD Z21, Z21, Z21; VPXORD Z22, Z22, Z22; VPXORD Z23, Z23, Z23; \
	LEAQ (DI)(DX*4), R10; \
	TESTQ CX, CX; \
	JE done; \
loop: \
	LD((SI), Z24); \
	LD((SI)(BX*1), Z25); \
	LD((SI)(BX*2), Z26); \
	LD((SI)(R8*1), Z27); \
	VMOVUPS (DI), Z28; \
	MAC(Z24, Z28, Z0, Z30); \
	MAC(Z25, Z28, Z1, Z31); \
	MAC(Z26, Z28, Z2, Z30); \
	MAC(Z27, Z28, Z3, Z31); \
	VMOVUPS (DI)(DX*1), Z29; \
	MAC(Z24, Z29, Z4, Z30); \
	MAC(Z25, Z29, Z5, Z31); \
	MAC(Z26, Z29, Z6, Z30); \
	MAC(Z27, Z29, Z7, Z31); \
	VMOVUPS (DI)(DX*2), Z28; \
	MAC(Z24, Z28, Z8, Z30); \
	MAC(Z25, Z28, Z9, Z31); \
	MAC(Z26, Z28, Z10, Z30); \
	MAC(Z27, Z28, Z11, Z31); \
	VMOVUPS (DI)(R9*1), Z29; \
	MAC(Z24, Z29, Z12, Z30); \
	MAC(Z25, Z29, Z13, Z31); \
	MAC(Z26, Z29, Z14, Z30); \
	MAC(Z27, Z29, Z15, Z31); \
	VMOVUPS (R10), Z28; \
	MAC(Z24, Z28, Z16, Z30); \
	MAC(Z25, Z28, Z17, Z31); \
	MAC(Z26, Z28, Z18, Z30); \
	MAC(Z27, Z28, Z19, Z31); \
	VMOVUPS (R10)(DX*1), Z29; \
	MAC(Z24, Z29, Z20, Z30); \
	MAC(Z25, Z29, Z21, Z31); \
	MAC(Z26, Z29, Z22, Z30); \
	MAC(Z27, Z29, Z23, Z31); \
	ADDQ $wstep, SI; \
	ADDQ $64, DI; \
	ADDQ $64, R10; \
	DECQ CX; \
	JNZ loop; \
done: \
	MOVQ out+40(FP), AX; \
	FOLDST(Z0, Y0, X0, 0); FOLDST(Z1, Y1, X1, 4); FOLDST(Z2, Y2, X2, 8); FOLDST(Z3, Y3, X3, 12); \
	FOLDST(Z4, Y4, X4, 16); FOLDST(Z5, Y5, X5, 20); FOLDST(Z6, Y6, X6, 24); FOLDST(Z7, Y7, X7, 28); \
	FOLDST(Z8, Y8, X8, 32); FOLDST(Z9, Y9, X9, 36); FOLDST(Z10, Y10, X10, 40); FOLDST(Z11, Y11, X11, 44); \
	FOLDST(Z12, Y12, X12, 48); FOLDST(Z13, Y13, X13, 52); FOLDST(Z14, Y14, X14, 56); FOLDST(Z15, Y15, X15, 60); \
	FOLDST(Z16, Y16, X16, 64); FOLDST(Z17, Y17, X17, 68); FOLDST(Z18, Y18, X18, 72); FOLDST(Z19, Y19, X19, 76); \
	FOLDST(Z20, Y20, X20, 80); FOLDST(Z21, Y21, X21, 84); FOLDST(Z22, Y22, X22, 88); FOLDST(Z23, Y23, X23, 92); \
	VZEROUPPER; \
	RET

// func f16x4x6AVX512(w *byte, stride, n16 int, x *float32, xstride int, out *[24]float32)
TEXT ·f16x4x6AVX512(SB), NOSPLIT, $0-48
	R4I4ARGS
	R4I6(LDF16, MACF16, 32, f16x4x6loop, f16x4x6done)

// func bf16x4x6AVX512(w *byte, stride, n16 int, x *float32, xstride int, out *[24]float32)
TEXT ·bf16x4x6AVX512(SB), NOSPLIT, $0-48
	R4I4ARGS
	R4I6(LDBF16, MACRND, 32, bf16x4x6loop, bf16x4x6done)

// func f32x4x6AVX512(w *byte, stride, n16 int, x *float32, xstride int, out *[24]float32)
TEXT ·f32x4x6AVX512(SB), NOSPLIT, $0-48
	R4I4ARGS
	R4I6(LDF32, MACRND, 64, f32x4x6loop, f32x4x6done)

// func f16x4x4AVX512(w *byte, stride, n16 int, x *float32, xstride int, out *[16]float32)
TEXT ·f16x4x4AVX512(SB), NOSPLIT, $0-48
	R4I4ARGS
	R4I4(LDF16, MACF16, 32, f16x4x4loop, f16x4x4done)

// func bf16x4x4AVX512(w *byte, stride, n16 int, x *float32, xstride int, out *[16]float32)
TEXT ·bf16x4x4AVX512(SB), NOSPLIT, $0-48
	R4I4ARGS
	R4I4(LDBF16, MACRND, 32, bf16x4x4loop, bf16x4x4done)

// func f32x4x4AVX512(w *byte, stride, n16 int, x *float32, xstride int, out *[16]float32)
TEXT ·f32x4x4AVX512(SB), NOSPLIT, $0-48
	R4I4ARGS
	R4I4(LDF32, MACRND, 64, f32x4x4loop, f32x4x4done)

// func f16x8AVX512(w *byte, stride, n16 int, x *float32, out *[8]float32, pf int)
TEXT ·f16x8AVX512(SB), NOSPLIT, $0-48
	R8I1(LDF16, MACF16, 32, PFHALF, f16x8loop, f16x8odd, f16x8done)

// func bf16x8AVX512(w *byte, stride, n16 int, x *float32, out *[8]float32, pf int)
TEXT ·bf16x8AVX512(SB), NOSPLIT, $0-48
	R8I1(LDBF16, MACRND, 32, PFHALF, bf16x8loop, bf16x8odd, bf16x8done)

// func f32x8AVX512(w *byte, stride, n16 int, x *float32, out *[8]float32, pf int)
TEXT ·f32x8AVX512(SB), NOSPLIT, $0-48
	R8I1(LDF32, MACRND, 64, PFFULL, f32x8loop, f32x8odd, f32x8done)
