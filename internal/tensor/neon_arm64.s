//go:build arm64 && !purego

#include "textflag.h"

// NEON kernels, hand-written: Go's arm64 assembler lacks most of the vector arithmetic they need
// (FADD, FMUL, SCVTF, FCVTL, SMULL, SADALP, SDOT, ADDP), so the macros below emit those as WORDs,
// operands in the architecture's order (d, n, m = register numbers). They are short enough that a
// generator of their own (avo has no arm64 backend) would cost more than it saves; .ci/run's
// generated-assembly check skips this file, which does not say it is generated.
//
// Bit-exactness with the pure-Go twins (kernels_go.go): integer sums are exact in any order; every
// float product and sum is its own FMUL and FADD, each lane computing one term of the reference in
// the reference's order, but for the attention's scores and values, whose references
// (attnScoreGo, attnValuesF32Go) are fused multiply-adds: FMLA.

#define SDOT(d, n, m) WORD $(0x4E809400 | ((m)<<16) | ((n)<<5) | (d))   // Vd.4S += Vn.16B · Vm.16B
#define SMULL(d, n, m) WORD $(0x0E20C000 | ((m)<<16) | ((n)<<5) | (d))  // Vd.8H = Vn.8B × Vm.8B (low halves)
#define SMULL2(d, n, m) WORD $(0x4E20C000 | ((m)<<16) | ((n)<<5) | (d)) // Vd.8H = Vn.16B × Vm.16B (high halves)
#define SADDLP(d, n) WORD $(0x4E602800 | ((n)<<5) | (d))                // Vd.4S = pairwise sums of Vn.8H
#define SADALP(d, n) WORD $(0x4E606800 | ((n)<<5) | (d))                // Vd.4S += pairwise sums of Vn.8H
#define ADDP4S(d, n, m) WORD $(0x4EA0BC00 | ((m)<<16) | ((n)<<5) | (d)) // Vd.4S = pairwise sums of Vn.4S:Vm.4S
#define SCVTF4S(d, n) WORD $(0x4E21D800 | ((n)<<5) | (d))               // Vd.4S = float32(Vn.4S)
#define FCVTL4S(d, n) WORD $(0x0E217800 | ((n)<<5) | (d))               // Vd.4S = float32(Vn.4H, low half)
#define FCVTL24S(d, n) WORD $(0x4E217800 | ((n)<<5) | (d))              // Vd.4S = float32(Vn.8H, high half)
#define SHLL4S(d, n) WORD $(0x2E613800 | ((n)<<5) | (d))                // Vd.4S = Vn.4H << 16 (BF16 to float32)
#define SHLL24S(d, n) WORD $(0x6E613800 | ((n)<<5) | (d))               // Vd.4S = Vn.8H high half << 16
#define FMUL4S(d, n, m) WORD $(0x6E20DC00 | ((m)<<16) | ((n)<<5) | (d)) // Vd.4S = Vn.4S × Vm.4S
#define FADD4S(d, n, m) WORD $(0x4E20D400 | ((m)<<16) | ((n)<<5) | (d)) // Vd.4S = Vn.4S + Vm.4S
#define FMLA4S(d, n, m) WORD $(0x4E20CC00 | ((m)<<16) | ((n)<<5) | (d)) // Vd.4S += Vn.4S × Vm.4S, fused (one rounding)
#define FADDP4S(d, n, m) WORD $(0x6E20D400 | ((m)<<16) | ((n)<<5) | (d)) // Vd.4S = pairwise sums of Vn.4S:Vm.4S
#define FADD2S(d, n, m) WORD $(0x0E20D400 | ((m)<<16) | ((n)<<5) | (d)) // Vd.2S = Vn.2S + Vm.2S
#define MOVI0(d) WORD $(0x6F00E400 | (d))                                 // Vd = 0
#define FABS4S(d, n) WORD $(0x4EA0F800 | ((n)<<5) | (d))                // Vd.4S = |Vn.4S|
#define FCMGT4S(d, n, m) WORD $(0x6EA0E400 | ((m)<<16) | ((n)<<5) | (d)) // Vd.4S = Vn.4S > Vm.4S ? ~0 : 0
#define FACGT4S(d, n, m) WORD $(0x6EA0EC00 | ((m)<<16) | ((n)<<5) | (d)) // Vd.4S = |Vn.4S| > |Vm.4S| ? ~0 : 0
#define BIT(d, n, m) WORD $(0x6EA01C00 | ((m)<<16) | ((n)<<5) | (d))     // Vd = Vm ? Vn : Vd, bit by bit
#define BIF(d, n, m) WORD $(0x6EE01C00 | ((m)<<16) | ((n)<<5) | (d))     // Vd = Vm ? Vd : Vn, bit by bit
#define FMAXV4S(d, n) WORD $(0x6E30F800 | ((n)<<5) | (d))               // Sd = max of Vn.4S
#define FSUB4S(d, n, m) WORD $(0x4EA0D400 | ((m)<<16) | ((n)<<5) | (d)) // Vd.4S = Vn.4S - Vm.4S
#define FCVTZS4S(d, n) WORD $(0x4EA1B800 | ((n)<<5) | (d))              // Vd.4S = int32(Vn.4S), saturating
#define SQXTN4H(d, n) WORD $(0x0E614800 | ((n)<<5) | (d))               // Vd.4H = sat16(Vn.4S)
#define SQXTN28H(d, n) WORD $(0x4E614800 | ((n)<<5) | (d))              // Vd.8H high half = sat16(Vn.4S)
#define SQXTN8B(d, n) WORD $(0x0E214800 | ((n)<<5) | (d))               // Vd.8B = sat8(Vn.8H)
#define SQXTN216B(d, n) WORD $(0x4E214800 | ((n)<<5) | (d))             // Vd.16B high half = sat8(Vn.8H)
#define SADDLP8H(d, n) WORD $(0x4E202800 | ((n)<<5) | (d))              // Vd.8H = pairwise sums of Vn.16B
#define SADALP8H(d, n) WORD $(0x4E206800 | ((n)<<5) | (d))              // Vd.8H += pairwise sums of Vn.16B
#define SADDLV8H(d, n) WORD $(0x4E703800 | ((n)<<5) | (d))              // Sd = sum of Vn.8H
#define FCVTHS(d, n) WORD $(0x1E23C000 | ((n)<<5) | (d))                // Hd = f16(Sn), to nearest even
#define FCVTSH(d, n) WORD $(0x1EE24000 | ((n)<<5) | (d))                // Sd = float32(Hn)
#define FADDP2S(d, n) WORD $(0x7E30D800 | ((n)<<5) | (d))               // Sd = Vn.S[0] + Vn.S[1]
#define SMMLA(d, n, m) WORD $(0x4E80A400 | ((m)<<16) | ((n)<<5) | (d))  // Vd.4S += (2×8 Vn.16B) · (2×8 Vm.16B)ᵀ (i8mm)
#define ZIP1D(d, n, m) WORD $(0x4EC03800 | ((m)<<16) | ((n)<<5) | (d))  // Vd.2D = Vn.D[0], Vm.D[0]
#define ZIP2D(d, n, m) WORD $(0x4EC07800 | ((m)<<16) | ((n)<<5) | (d))  // Vd.2D = Vn.D[1], Vm.D[1]
#define ZIP1S(d, n, m) WORD $(0x4E803800 | ((m)<<16) | ((n)<<5) | (d))  // Vd.4S = Vn.S[0], Vm.S[0], Vn.S[1], Vm.S[1]
#define ZIP2S(d, n, m) WORD $(0x4E807800 | ((m)<<16) | ((n)<<5) | (d))  // Vd.4S = Vn.S[2], Vm.S[2], Vn.S[3], Vm.S[3]

// Q8_0 (and Q4_0) four rows at a time: R0, R5, R6, R7 point at the quants of the current block of
// rows 0..3 (its f16 scale 2 bytes before), R3 at the activation block (V0, V1), R4 at its scale.
// Row r's 32-byte product goes to V(16+r) as 4 partial int32 sums and its scale to V20.H[r].

// Q8ROW loads one row's block into V2, V3 and its scale into lane lane of V20.
#define Q8ROW(ptr, lane) \
	MOVHU -2(ptr), R9; \
	VMOV R9, V20.H[lane]; \
	VLD1 (ptr), [V2.B16, V3.B16]; \
	ADD $34, ptr

// Q4ROW loads one Q4_0 row's block (16 bytes of nibble pairs, its f16 scale 2 bytes before) as
// the 32 values less 8 into V2 (elements 0-15, low nibbles) and V3 (16-31, high nibbles), given
// V26 = 16 × 0x0F and V27 = 16 × 8, with its scale into lane lane of V20.
#define Q4ROW(ptr, lane) \
	MOVHU -2(ptr), R9; \
	VMOV R9, V20.H[lane]; \
	VLD1 (ptr), [V3.B16]; \
	ADD $18, ptr; \
	VAND V26.B16, V3.B16, V2.B16; \
	VUSHR $4, V3.B16, V3.B16; \
	VSUB V27.B16, V2.B16, V2.B16; \
	VSUB V27.B16, V3.B16, V3.B16

// Q8DOT_SMULL: V(acc).4S = the block product's partial sums by widening multiplies.
#define Q8DOT_SMULL(acc) \
	SMULL(4, 2, 0); \
	SMULL2(5, 2, 0); \
	SMULL(6, 3, 1); \
	SMULL2(7, 3, 1); \
	SADDLP(acc, 4); \
	SADALP(acc, 5); \
	SADALP(acc, 6); \
	SADALP(acc, 7)

// Q8DOT_SDOT: the same by two SDOTs.
#define Q8DOT_SDOT(acc) \
	MOVI0(acc); \
	SDOT(acc, 2, 0); \
	SDOT(acc, 3, 1)

// Q8SCALE reduces V16..V19 to the 4 rows' block sums and adds
// float32(float32(sum) * float32(dw*dx)) to each row's accumulator in V24, as dotQ8_0Go.
#define Q8SCALE \
	ADDP4S(16, 16, 17); \
	ADDP4S(18, 18, 19); \
	ADDP4S(16, 16, 18); \
	FCVTL4S(20, 20); \
	FMOVS.P 4(R4), F21; \
	VDUP V21.S[0], V21.S4; \
	FMUL4S(20, 20, 21); \
	SCVTF4S(16, 16); \
	FMUL4S(16, 16, 20); \
	FADD4S(24, 24, 16)

#define Q8PROLOGUE \
	MOVD w+0(FP), R0; \
	MOVD stride+8(FP), R1; \
	MOVD nb+16(FP), R2; \
	MOVD xq+24(FP), R3; \
	MOVD xd+32(FP), R4; \
	ADD $2, R0; \
	ADD R1, R0, R5; \
	ADD R1, R5, R6; \
	ADD R1, R6, R7; \
	VEOR V24.B16, V24.B16, V24.B16

// FOLD16 folds the 16 lanes in V16..V19 (lanes 0-3, 4-7, 8-11, 12-15) as fold16 into F0:
// s8 = lanes k + k+8, s4 = s8[k] + s8[k+4], then (s4[0]+s4[2]) + (s4[1]+s4[3]).
#define FOLD16 \
	FADD4S(16, 16, 18); \
	FADD4S(17, 17, 19); \
	FADD4S(16, 16, 17); \
	VEXT $8, V16.B16, V16.B16, V17.B16; \
	FADD2S(16, 16, 17); \
	FADDP2S(0, 16)

// ACC16 adds the products of V0..V3 (lanes 0-15 of the row) and the next 16 floats of x at R1 to
// the accumulators V16..V19.
#define ACC16 \
	VLD1.P 64(R1), [V4.S4, V5.S4, V6.S4, V7.S4]; \
	FMUL4S(0, 0, 4); \
	FMUL4S(1, 1, 5); \
	FMUL4S(2, 2, 6); \
	FMUL4S(3, 3, 7); \
	FADD4S(16, 16, 0); \
	FADD4S(17, 17, 1); \
	FADD4S(18, 18, 2); \
	FADD4S(19, 19, 3)

// DOTPROLOGUE loads the arguments of func(w *T, x *float32, n16 int) float32 (R0, R1, R2) and
// zeroes the accumulators.
#define DOTPROLOGUE \
	MOVD w+0(FP), R0; \
	MOVD x+8(FP), R1; \
	MOVD n16+16(FP), R2; \
	VEOR V16.B16, V16.B16, V16.B16; \
	VEOR V17.B16, V17.B16, V17.B16; \
	VEOR V18.B16, V18.B16, V18.B16; \
	VEOR V19.B16, V19.B16, V19.B16

#define DOTEPILOGUE \
	FOLD16; \
	FMOVS F0, ret+24(FP); \
	RET

// LOADHALF16 loads 16 halves of the row at R0 into V8, V9.
#define LOADHALF16 VLD1.P 32(R0), [V8.H8, V9.H8]

// Q4KPROLOGUE loads the arguments of the Q4_K sums kernels (below) and V26 = 16 × 0x0F.
#define Q4KPROLOGUE \
	MOVD w+0(FP), R0; \
	MOVD xq+8(FP), R1; \
	MOVD nb+16(FP), R2; \
	MOVD out+24(FP), R3; \
	MOVW $0x0F, R9; \
	VDUP R9, V26.B16

// Q6KPROLOGUE loads the arguments of the Q6_K group kernels (below) and their constants: V26 = 16 ×
// 0x0F, V27 = 16 × 0x30, V28 = 16 × 32.
#define Q6KPROLOGUE \
	MOVD w+0(FP), R0; \
	MOVD xq+8(FP), R1; \
	MOVD nb+16(FP), R2; \
	MOVD out+24(FP), R3; \
	MOVW $0x0F, R9; \
	VDUP R9, V26.B16; \
	MOVW $0x30, R9; \
	VDUP R9, V27.B16; \
	MOVW $32, R9; \
	VDUP R9, V28.B16

// Q8X4BLOCK multiplies one block of the 4 rows (ROW loads a row's values into V2, V3, DOT sums
// them against V0, V1) and adds it to the accumulators.
#define Q8X4BLOCK(ROW, DOT) \
	VLD1.P 32(R3), [V0.B16, V1.B16]; \
	ROW(R0, 0); \
	DOT(16); \
	ROW(R5, 1); \
	DOT(17); \
	ROW(R6, 2); \
	DOT(18); \
	ROW(R7, 3); \
	DOT(19); \
	Q8SCALE

#define Q8X4EPILOGUE \
	MOVD out+40(FP), R8; \
	VST1 [V24.S4], (R8); \
	RET

// Q8_0 four rows by two inputs with SMMLA (i8mm): SMMLA takes two rows of 8 bytes from each
// operand and adds their 2×2 products, so the two inputs' blocks (V0:V1 at R3, V2:V3 at R10) are
// interleaved 8 bytes at a time into V4..V7 once per block, and each pair of weight rows likewise
// into V12..V15. V16 = [r0·x0, r0·x1, r1·x0, r1·x1] and V17 the same for rows 2, 3: the int32
// block sums, exact, then each lane scaled as dotQ8_0Go scales its (row, input) sum.

// MMROWS loads the blocks of the rows at pa and pb into V8:V9 and V2:V3 (the second input's block
// is interleaved by then), their scales into lanes la and lb of V20.
#define MMROWS(pa, la, pb, lb) \
	MOVHU -2(pa), R9; \
	VMOV R9, V20.H[la]; \
	VLD1 (pa), [V8.B16, V9.B16]; \
	ADD $34, pa; \
	Q8ROW(pb, lb)

// MMPAIR interleaves two rows' blocks, loaded into V8:V9 and V2:V3, and sums them into V(acc).
#define MMPAIR(acc) \
	ZIP1D(12, 8, 2); \
	ZIP2D(13, 8, 2); \
	ZIP1D(14, 9, 3); \
	ZIP2D(15, 9, 3); \
	MOVI0(acc); \
	SMMLA(acc, 12, 4); \
	SMMLA(acc, 13, 5); \
	SMMLA(acc, 14, 6); \
	SMMLA(acc, 15, 7)

// MM4ROWS is MMROWS for Q4_0 rows (Q4ROW's), given Q4CONSTS.
#define MM4ROWS(pa, la, pb, lb) \
	Q4ROW(pa, la); \
	VMOV V2.B16, V8.B16; \
	VMOV V3.B16, V9.B16; \
	Q4ROW(pb, lb)

// MMPROLOGUE adds to Q8PROLOGUE the second input's quants (R10) and scales (R11).
#define MMPROLOGUE \
	Q8PROLOGUE; \
	MOVD xstride+40(FP), R10; \
	ADD R3, R10, R10; \
	LSL $2, R2, R11; \
	ADD R4, R11, R11; \
	VEOR V25.B16, V25.B16, V25.B16

// MMBLOCK is one block of the 4 rows (loaded by ROWS) by the 2 inputs.
#define MMBLOCK(ROWS) \
	VLD1.P 32(R3), [V0.B16, V1.B16]; \
	VLD1.P 32(R10), [V2.B16, V3.B16]; \
	ZIP1D(4, 0, 2); \
	ZIP2D(5, 0, 2); \
	ZIP1D(6, 1, 3); \
	ZIP2D(7, 1, 3); \
	ROWS(R0, 0, R5, 1); \
	MMPAIR(16); \
	ROWS(R6, 2, R7, 3); \
	MMPAIR(17); \
	MMSCALE

// MMSCALE scales the sums: [dw0, dw0, dw1, dw1] and [dw2, dw2, dw3, dw3] times
// [dx0, dx1, dx0, dx1], lane for lane as Q8SCALE, into the accumulators V24 and V25.
#define MMSCALE \
	FCVTL4S(20, 20); \
	FMOVS.P 4(R4), F21; \
	FMOVS.P 4(R11), F22; \
	ZIP1S(21, 21, 22); \
	ZIP1D(22, 21, 21); \
	ZIP1S(23, 20, 20); \
	ZIP2S(20, 20, 20); \
	FMUL4S(23, 23, 22); \
	FMUL4S(20, 20, 22); \
	SCVTF4S(16, 16); \
	SCVTF4S(17, 17); \
	FMUL4S(16, 16, 23); \
	FMUL4S(17, 17, 20); \
	FADD4S(24, 24, 16); \
	FADD4S(25, 25, 17)

#define MMEPILOGUE \
	MOVD out+48(FP), R8; \
	VST1 [V24.S4, V25.S4], (R8); \
	RET

// KMMPROLOGUE loads the arguments of the Q4_K and Q6_K SMMLA kernels (at the end).
#define KMMPROLOGUE \
	MOVD w+0(FP), R0; \
	MOVD stride+8(FP), R5; \
	ADD R0, R5, R5; \
	MOVD xq+16(FP), R1; \
	MOVD xstride+24(FP), R6; \
	ADD R1, R6, R6; \
	MOVD nb+32(FP), R2; \
	MOVD out+40(FP), R3; \
	MOVW $0x0F, R9; \
	VDUP R9, V26.B16

// Q4KBLOCK sums one Q4_K super-block's eight products with SUMS.
#define Q4KBLOCK(SUMS) \
	ADD $16, R0; /* past d, dmin and the scales */ \
	Q4KLOAD; \
	SUMS(16, 17); \
	Q4KLOAD; \
	SUMS(18, 19); \
	Q4KLOAD; \
	SUMS(20, 21); \
	Q4KLOAD; \
	SUMS(22, 23); \
	Q4KSTORE

// func q8_0x4NEON(w *byte, stride, nb int, xq *int8, xd *float32, out *[4]float32)
TEXT ·q8_0x4NEON(SB), NOSPLIT, $0-48
	Q8PROLOGUE
	CBZ R2, q8neonDone
q8neonLoop:
	Q8X4BLOCK(Q8ROW, Q8DOT_SMULL)
	SUBS $1, R2
	BNE q8neonLoop
q8neonDone:
	Q8X4EPILOGUE

// func q8_0x4SDOT(w *byte, stride, nb int, xq *int8, xd *float32, out *[4]float32)
TEXT ·q8_0x4SDOT(SB), NOSPLIT, $0-48
	Q8PROLOGUE
	CBZ R2, q8sdotDone
q8sdotLoop:
	Q8X4BLOCK(Q8ROW, Q8DOT_SDOT)
	SUBS $1, R2
	BNE q8sdotLoop
q8sdotDone:
	Q8X4EPILOGUE

// func dotF32NEON(w, x *float32, n16 int) float32
TEXT ·dotF32NEON(SB), NOSPLIT, $0-28
	DOTPROLOGUE
	CBZ R2, dotf32Done
dotf32Loop:
	VLD1.P 64(R0), [V0.S4, V1.S4, V2.S4, V3.S4]
	ACC16
	SUBS $1, R2
	BNE dotf32Loop
dotf32Done:
	DOTEPILOGUE

// func dotF16NEON(w *byte, x *float32, n16 int) float32
TEXT ·dotF16NEON(SB), NOSPLIT, $0-28
	DOTPROLOGUE
	CBZ R2, dotf16Done
dotf16Loop:
	LOADHALF16
	FCVTL4S(0, 8)
	FCVTL24S(1, 8)
	FCVTL4S(2, 9)
	FCVTL24S(3, 9)
	ACC16
	SUBS $1, R2
	BNE dotf16Loop
dotf16Done:
	DOTEPILOGUE

// func dotBF16NEON(w *byte, x *float32, n16 int) float32: BF16 widens by a 16-bit shift.
TEXT ·dotBF16NEON(SB), NOSPLIT, $0-28
	DOTPROLOGUE
	CBZ R2, dotbf16Done
dotbf16Loop:
	LOADHALF16
	SHLL4S(0, 8)
	SHLL24S(1, 8)
	SHLL4S(2, 9)
	SHLL24S(3, 9)
	ACC16
	SUBS $1, R2
	BNE dotbf16Loop
dotbf16Done:
	DOTEPILOGUE

// func attnScoreNEON(k, q *float32, n8 int) float32: chains 0-3 in V16, 4-7 in V17, each lane
// one FMLA per eight elements, then summed in pairs by FADDP: (0+1, 2+3, 4+5, 6+7), then
// ((0+1)+(2+3), (4+5)+(6+7)), then those two.
TEXT ·attnScoreNEON(SB), NOSPLIT, $0-28
	MOVD k+0(FP), R0
	MOVD q+8(FP), R1
	MOVD n8+16(FP), R2
	VEOR V16.B16, V16.B16, V16.B16
	VEOR V17.B16, V17.B16, V17.B16
attnScoreLoop:
	VLD1.P 32(R0), [V0.S4, V1.S4]
	VLD1.P 32(R1), [V2.S4, V3.S4]
	FMLA4S(16, 0, 2)
	FMLA4S(17, 1, 3)
	SUBS $1, R2
	BNE attnScoreLoop
	FADDP4S(0, 16, 17)
	FADDP4S(0, 0, 0)
	FADDP2S(0, 0)
	FMOVS F0, ret+24(FP)
	RET

// func attnAxpyNEON(dst, x *float32, a float32, n4 int): axpyNEON by FMLA.
TEXT ·attnAxpyNEON(SB), NOSPLIT, $0-32
	MOVD dst+0(FP), R0
	MOVD x+8(FP), R1
	FMOVS a+16(FP), F2
	MOVD n4+24(FP), R2
	VDUP V2.S[0], V2.S4
attnAxpyLoop:
	VLD1.P 16(R1), [V1.S4]
	VLD1 (R0), [V0.S4]
	FMLA4S(0, 1, 2)
	VST1.P [V0.S4], 16(R0)
	SUBS $1, R2
	BNE attnAxpyLoop
	RET

// func axpyNEON(dst, x *float32, a float32, n4 int)
TEXT ·axpyNEON(SB), NOSPLIT, $0-32
	MOVD dst+0(FP), R0
	MOVD x+8(FP), R1
	FMOVS a+16(FP), F2
	MOVD n4+24(FP), R2
	VDUP V2.S[0], V2.S4
	CBZ R2, axpyDone
axpyLoop:
	VLD1.P 16(R1), [V1.S4]
	VLD1 (R0), [V0.S4]
	FMUL4S(1, 1, 2)
	FADD4S(0, 0, 1)
	VST1.P [V0.S4], 16(R0)
	SUBS $1, R2
	BNE axpyLoop
axpyDone:
	RET

// func axpyF16NEON(dst *float32, v *uint16, a float32, n8 int)
TEXT ·axpyF16NEON(SB), NOSPLIT, $0-32
	MOVD dst+0(FP), R0
	MOVD v+8(FP), R1
	FMOVS a+16(FP), F2
	MOVD n8+24(FP), R2
	VDUP V2.S[0], V2.S4
	CBZ R2, axpyf16Done
axpyf16Loop:
	VLD1.P 16(R1), [V3.H8]
	FCVTL4S(4, 3)
	FCVTL24S(5, 3)
	VLD1 (R0), [V0.S4, V1.S4]
	FMUL4S(4, 4, 2)
	FMUL4S(5, 5, 2)
	FADD4S(0, 0, 4)
	FADD4S(1, 1, 5)
	VST1.P [V0.S4, V1.S4], 32(R0)
	SUBS $1, R2
	BNE axpyf16Loop
axpyf16Done:
	RET

// QMAX: V16 = V16 where Vn is not greater (NaN never is), else Vn: quantActQ8_0's running
// "if a > amax" per lane, whose result, the largest non-NaN value, does not depend on the order.
#define QMAX(n) \
	FCMGT4S(17, n, 16); \
	BIT(16, n, 17)

// QUANT4 quantises the 4 values in Vk by the multiplier in V18 as quantActQ8_0 does:
// r = float32(float32(v*id) + magic) - magic, then int32(r), or MinInt32 (saturating to -128 below)
// where r is NaN or |r| >= 2^31; Vt is scratch.
#define QUANT4(k, t) \
	FMUL4S(k, k, 18); \
	FADD4S(k, k, 28); \
	FSUB4S(k, k, 28); \
	FACGT4S(t, 29, k); \
	FCVTZS4S(k, k); \
	BIF(k, 30, t)

// func quantQ8_0NEON(x *float32, q *int8, d *float32, s *int32, nb int)
TEXT ·quantQ8_0NEON(SB), NOSPLIT, $0-40
	MOVD x+0(FP), R0
	MOVD q+8(FP), R1
	MOVD d+16(FP), R2
	MOVD s+24(FP), R3
	MOVD nb+32(FP), R4
	MOVW $0x4B400000, R5 // 1.5·2^23, roundMagic32's magic
	VDUP R5, V28.S4
	MOVW $0x4F000000, R5 // 2^31
	VDUP R5, V29.S4
	MOVW $0x80000000, R5
	VDUP R5, V30.S4
	MOVW $0x42FE0000, R5 // 127
	FMOVS R5, F27
	CBZ R4, quantDone
quantLoop:
	VLD1.P 64(R0), [V0.S4, V1.S4, V2.S4, V3.S4]
	VLD1.P 64(R0), [V4.S4, V5.S4, V6.S4, V7.S4]
	// amax over the block's |x|, NaN skipped.
	FABS4S(8, 0)
	FABS4S(9, 1)
	FABS4S(10, 2)
	FABS4S(11, 3)
	FABS4S(12, 4)
	FABS4S(13, 5)
	FABS4S(14, 6)
	FABS4S(15, 7)
	VEOR V16.B16, V16.B16, V16.B16
	QMAX(8)
	QMAX(9)
	QMAX(10)
	QMAX(11)
	QMAX(12)
	QMAX(13)
	QMAX(14)
	QMAX(15)
	FMAXV4S(16, 16)
	// d = RoundF16(amax/127); id = 127/amax, or 0 where amax is 0.
	FDIVS F27, F16, F17
	FCVTHS(17, 17)
	FCVTSH(17, 17)
	FMOVS.P F17, 4(R2)
	FDIVS F16, F27, F18
	VEOR V19.B16, V19.B16, V19.B16
	FCMPS F19, F16
	FCSELS EQ, F19, F18, F18
	VDUP V18.S[0], V18.S4
	QUANT4(0, 8)
	QUANT4(1, 9)
	QUANT4(2, 10)
	QUANT4(3, 11)
	QUANT4(4, 12)
	QUANT4(5, 13)
	QUANT4(6, 14)
	QUANT4(7, 15)
	// Saturate to int16, then int8 (VPACKSSDW, VPACKSSWB), store, and sum.
	SQXTN4H(8, 0)
	SQXTN28H(8, 1)
	SQXTN4H(9, 2)
	SQXTN28H(9, 3)
	SQXTN4H(10, 4)
	SQXTN28H(10, 5)
	SQXTN4H(11, 6)
	SQXTN28H(11, 7)
	SQXTN8B(12, 8)
	SQXTN216B(12, 9)
	SQXTN8B(13, 10)
	SQXTN216B(13, 11)
	VST1.P [V12.B16, V13.B16], 32(R1)
	SADDLP8H(14, 12)
	SADALP8H(14, 13)
	SADDLV8H(14, 14)
	FMOVS.P F14, 4(R3)
	SUBS $1, R4
	BNE quantLoop
quantDone:
	RET

#define Q4CONSTS \
	MOVW $0x0F, R9; \
	VDUP R9, V26.B16; \
	MOVW $8, R9; \
	VDUP R9, V27.B16

// func q4_0x4NEON(w *byte, stride, nb int, xq *int8, xd *float32, out *[4]float32)
TEXT ·q4_0x4NEON(SB), NOSPLIT, $0-48
	Q8PROLOGUE
	Q4CONSTS
	CBZ R2, q4neonDone
q4neonLoop:
	Q8X4BLOCK(Q4ROW, Q8DOT_SMULL)
	SUBS $1, R2
	BNE q4neonLoop
q4neonDone:
	Q8X4EPILOGUE

// func q4_0x4SDOT(w *byte, stride, nb int, xq *int8, xd *float32, out *[4]float32)
TEXT ·q4_0x4SDOT(SB), NOSPLIT, $0-48
	Q8PROLOGUE
	Q4CONSTS
	CBZ R2, q4sdotDone
q4sdotLoop:
	Q8X4BLOCK(Q4ROW, Q8DOT_SDOT)
	SUBS $1, R2
	BNE q4sdotLoop
q4sdotDone:
	Q8X4EPILOGUE

// Q4_K's unscaled 32-value products: for each super-block (w advancing 144 bytes, xq 256), the
// eight sums of nibble × activation q4KAdd takes, stored at out. Per 64 values j: the 32 bytes of
// nibbles in V0, V1, the activations in V2..V5; low nibbles pair with V2, V3, high with V4, V5.
// V26 holds 16 × 0x0F.

// Q4KNIBBLES splits V0, V1 into low nibbles V6, V7 and high nibbles V0, V1.
#define Q4KNIBBLES \
	VAND V26.B16, V0.B16, V6.B16; \
	VAND V26.B16, V1.B16, V7.B16; \
	VUSHR $4, V0.B16, V0.B16; \
	VUSHR $4, V1.B16, V1.B16

// Q4KSUMS_SDOT: V(lo) = partial sums of V6·V2 + V7·V3, V(hi) of V0·V4 + V1·V5.
#define Q4KSUMS_SDOT(lo, hi) \
	MOVI0(lo); \
	MOVI0(hi); \
	SDOT(lo, 6, 2); \
	SDOT(lo, 7, 3); \
	SDOT(hi, 0, 4); \
	SDOT(hi, 1, 5)

// Q4KSUMS_SMULL: the same by widening multiplies (a nibble, 0..15, is a valid int8).
#define Q4KSUMS_SMULL(lo, hi) \
	SMULL(8, 6, 2); \
	SMULL2(9, 6, 2); \
	SMULL(10, 7, 3); \
	SMULL2(11, 7, 3); \
	SADDLP(lo, 8); \
	SADALP(lo, 9); \
	SADALP(lo, 10); \
	SADALP(lo, 11); \
	SMULL(8, 0, 4); \
	SMULL2(9, 0, 4); \
	SMULL(10, 1, 5); \
	SMULL2(11, 1, 5); \
	SADDLP(hi, 8); \
	SADALP(hi, 9); \
	SADALP(hi, 10); \
	SADALP(hi, 11)

#define Q4KLOAD \
	VLD1.P 32(R0), [V0.B16, V1.B16]; \
	VLD1.P 64(R1), [V2.B16, V3.B16, V4.B16, V5.B16]; \
	Q4KNIBBLES

// Q4KSTORE reduces V16..V23 (the eight products' partial sums, in order) and stores them.
#define Q4KSTORE \
	ADDP4S(16, 16, 17); \
	ADDP4S(18, 18, 19); \
	ADDP4S(16, 16, 18); \
	ADDP4S(17, 20, 21); \
	ADDP4S(22, 22, 23); \
	ADDP4S(17, 17, 22); \
	VST1.P [V16.S4, V17.S4], 32(R3)

// func q4KSubsNEON(w *byte, xq *int8, nb int, out *int32)
TEXT ·q4KSubsNEON(SB), NOSPLIT, $0-32
	Q4KPROLOGUE
	CBZ R2, q4ksDone
q4ksLoop:
	Q4KBLOCK(Q4KSUMS_SMULL)
	SUBS $1, R2
	BNE q4ksLoop
q4ksDone:
	RET

// func q4KSubsSDOT(w *byte, xq *int8, nb int, out *int32)
TEXT ·q4KSubsSDOT(SB), NOSPLIT, $0-32
	Q4KPROLOGUE
	CBZ R2, q4kdDone
q4kdLoop:
	Q4KBLOCK(Q4KSUMS_SDOT)
	SUBS $1, R2
	BNE q4kdLoop
q4kdDone:
	RET

// Q6_K's unscaled 16-value group products: for each super-block (w advancing 210 bytes, xq 256),
// the sixteen sums of 6-bit value × activation q6KAdd takes, stored at out. Per 128-value half, the
// 64 bytes of low nibbles are in V0..V3, the 32 bytes of high bit pairs in V4, V5, the activations
// in V8..V15; group k's values are built in V6 (V7 scratch) as q6Quad does and its product goes to
// V(16+k).

// Q6VAL sets v = (lo | hi) - 32 from the low-nibble expression in v and the high pairs, already
// moved to bits 4-5, in t.
#define Q6VAL(v, t) \
	VAND V27.B16, t.B16, t.B16; \
	VORR t.B16, v.B16, v.B16; \
	VSUB V28.B16, v.B16, v.B16

// Q6G1R: q1 or q2 (ql's low nibbles, qh's pair moved up by sh) into v, t scratch; Q6G3R: q3 (high
// nibbles, qh's bits 4-5 in place); Q6G4R: q4 (qh's bits 6-7 moved down 2). Q6G1, Q6G3 and Q6G4
// build into V6 with V7 scratch.
#define Q6G1R(v, t, ql, qh, sh) \
	VAND V26.B16, ql.B16, v.B16; \
	VSHL $sh, qh.B16, t.B16; \
	Q6VAL(v, t)
#define Q6G3R(v, t, ql, qh) \
	VUSHR $4, ql.B16, v.B16; \
	VMOV qh.B16, t.B16; \
	Q6VAL(v, t)
#define Q6G4R(v, t, ql, qh) \
	VUSHR $4, ql.B16, v.B16; \
	VUSHR $2, qh.B16, t.B16; \
	Q6VAL(v, t)
#define Q6G1(ql, qh, sh) Q6G1R(V6, V7, ql, qh, sh)
#define Q6G3(ql, qh) Q6G3R(V6, V7, ql, qh)
#define Q6G4(ql, qh) Q6G4R(V6, V7, ql, qh)

#define GDOT_SDOT(acc, x) \
	MOVI0(acc); \
	SDOT(acc, 6, x)
#define GDOT_SMULL(acc, x) \
	SMULL(24, 6, x); \
	SMULL2(25, 6, x); \
	SADDLP(acc, 24); \
	SADALP(acc, 25)

// Q6HALF computes one half's eight group products with GDOT, its low nibbles at R4, high pairs at
// R5, and stores them.
#define Q6HALF(GDOT) \
	VLD1 (R4), [V0.B16, V1.B16, V2.B16, V3.B16]; \
	VLD1 (R5), [V4.B16, V5.B16]; \
	VLD1.P 64(R1), [V8.B16, V9.B16, V10.B16, V11.B16]; \
	VLD1.P 64(R1), [V12.B16, V13.B16, V14.B16, V15.B16]; \
	Q6G1(V0, V4, 4); \
	GDOT(16, 8); \
	Q6G1(V1, V5, 4); \
	GDOT(17, 9); \
	Q6G1(V2, V4, 2); \
	GDOT(18, 10); \
	Q6G1(V3, V5, 2); \
	GDOT(19, 11); \
	Q6G3(V0, V4); \
	GDOT(20, 12); \
	Q6G3(V1, V5); \
	GDOT(21, 13); \
	Q6G4(V2, V4); \
	GDOT(22, 14); \
	Q6G4(V3, V5); \
	GDOT(23, 15); \
	Q4KSTORE

// Q6BLOCK computes one super-block's sixteen group products and moves R0 to the next.
#define Q6BLOCK(GDOT) \
	MOVD R0, R4; \
	ADD $128, R0, R5; \
	Q6HALF(GDOT); \
	ADD $64, R0, R4; \
	ADD $160, R0, R5; \
	Q6HALF(GDOT); \
	ADD $210, R0

// func q6KGroupsNEON(w *byte, xq *int8, nb int, out *int32)
TEXT ·q6KGroupsNEON(SB), NOSPLIT, $0-32
	Q6KPROLOGUE
	CBZ R2, q6gnDone
q6gnLoop:
	Q6BLOCK(GDOT_SMULL)
	SUBS $1, R2
	BNE q6gnLoop
q6gnDone:
	RET

// func q6KGroupsSDOT(w *byte, xq *int8, nb int, out *int32)
TEXT ·q6KGroupsSDOT(SB), NOSPLIT, $0-32
	Q6KPROLOGUE
	CBZ R2, q6gdDone
q6gdLoop:
	Q6BLOCK(GDOT_SDOT)
	SUBS $1, R2
	BNE q6gdLoop
q6gdDone:
	RET

// func q8_0x4x2MMLA(w *byte, stride, nb int, xq *int8, xd *float32, xstride int, out *[8]float32)
TEXT ·q8_0x4x2MMLA(SB), NOSPLIT, $0-56
	MMPROLOGUE
	CBZ R2, mmla8Done
mmla8Loop:
	MMBLOCK(MMROWS)
	SUBS $1, R2
	BNE mmla8Loop
mmla8Done:
	MMEPILOGUE

// func q4_0x4x2MMLA(w *byte, stride, nb int, xq *int8, xd *float32, xstride int, out *[8]float32)
TEXT ·q4_0x4x2MMLA(SB), NOSPLIT, $0-56
	MMPROLOGUE
	Q4CONSTS
	CBZ R2, mmla4Done
mmla4Loop:
	MMBLOCK(MM4ROWS)
	SUBS $1, R2
	BNE mmla4Loop
mmla4Done:
	MMEPILOGUE

// Q4_K and Q6_K by two rows (R0, R5) and two inputs (R1, R6) with SMMLA: the unscaled products
// q4KAdd and q6KAdd take, for each of nb super-blocks, stored at R3 a vector per 32-value product
// (Q4_K) or 16-value group (Q6_K): [r0·x0, r0·x1, r1·x0, r1·x1]. Both inputs' values, and both
// rows', are interleaved 8 bytes at a time before the SMMLAs, as in q8_0x4x2MMLA.

// KMMSUM sums rows (V(a), V(b)) against inputs (V(x), V(y)) into V(acc): 8 bytes of each row
// interleaved with the other's, the inputs likewise, two SMMLAs. V18..V21 scratch.
#define KMMSUM(acc, a, b, x, y) \
	ZIP1D(18, a, b); \
	ZIP2D(19, a, b); \
	ZIP1D(20, x, y); \
	ZIP2D(21, x, y); \
	SMMLA(acc, 18, 20); \
	SMMLA(acc, 19, 21)

// Q4KMM64 is one 64-value step of Q4_K: both rows' 32 bytes of nibbles (V0:V1, V8:V9, split into
// low V6:V7, V10:V11 and high V0:V1, V8:V9) against both inputs' 64 values (V2..V5, V12..V15).
#define Q4KMM64 \
	VLD1.P 32(R0), [V0.B16, V1.B16]; \
	VLD1.P 32(R5), [V8.B16, V9.B16]; \
	VLD1.P 64(R1), [V2.B16, V3.B16, V4.B16, V5.B16]; \
	VLD1.P 64(R6), [V12.B16, V13.B16, V14.B16, V15.B16]; \
	Q4KNIBBLES; \
	VAND V26.B16, V8.B16, V10.B16; \
	VAND V26.B16, V9.B16, V11.B16; \
	VUSHR $4, V8.B16, V8.B16; \
	VUSHR $4, V9.B16, V9.B16; \
	MOVI0(22); \
	KMMSUM(22, 6, 10, 2, 12); \
	KMMSUM(22, 7, 11, 3, 13); \
	MOVI0(23); \
	KMMSUM(23, 0, 8, 4, 14); \
	KMMSUM(23, 1, 9, 5, 15); \
	VST1.P [V22.S4, V23.S4], 32(R3)

// func q4KSubsMMLA(w *byte, stride int, xq *int8, xstride, nb int, out *int32)
TEXT ·q4KSubsMMLA(SB), NOSPLIT, $0-48
	KMMPROLOGUE
	CBZ R2, q4kmDone
q4kmLoop:
	ADD $16, R0
	ADD $16, R5
	Q4KMM64
	Q4KMM64
	Q4KMM64
	Q4KMM64
	SUBS $1, R2
	BNE q4kmLoop
q4kmDone:
	RET

// Q6MMGROUP is one 16-value group of Q6_K: row 0's values built by BUILD into V6, row 1's into
// V14, against 16 values of each input.
#define Q6MMGROUP(B0, B1) \
	B0; \
	B1; \
	VLD1.P 16(R1), [V16.B16]; \
	VLD1.P 16(R6), [V17.B16]; \
	MOVI0(22); \
	KMMSUM(22, 6, 14, 16, 17); \
	VST1.P [V22.S4], 16(R3)

// Q6MMHALF is one 128-value half: row 0's low nibbles at R4 and high pairs at R7 into V0..V5, row
// 1's at R8 and R10 into V8..V13.
#define Q6MMHALF \
	VLD1 (R4), [V0.B16, V1.B16, V2.B16, V3.B16]; \
	VLD1 (R7), [V4.B16, V5.B16]; \
	VLD1 (R8), [V8.B16, V9.B16, V10.B16, V11.B16]; \
	VLD1 (R10), [V12.B16, V13.B16]; \
	Q6MMGROUP(Q6G1R(V6, V7, V0, V4, 4), Q6G1R(V14, V15, V8, V12, 4)); \
	Q6MMGROUP(Q6G1R(V6, V7, V1, V5, 4), Q6G1R(V14, V15, V9, V13, 4)); \
	Q6MMGROUP(Q6G1R(V6, V7, V2, V4, 2), Q6G1R(V14, V15, V10, V12, 2)); \
	Q6MMGROUP(Q6G1R(V6, V7, V3, V5, 2), Q6G1R(V14, V15, V11, V13, 2)); \
	Q6MMGROUP(Q6G3R(V6, V7, V0, V4), Q6G3R(V14, V15, V8, V12)); \
	Q6MMGROUP(Q6G3R(V6, V7, V1, V5), Q6G3R(V14, V15, V9, V13)); \
	Q6MMGROUP(Q6G4R(V6, V7, V2, V4), Q6G4R(V14, V15, V10, V12)); \
	Q6MMGROUP(Q6G4R(V6, V7, V3, V5), Q6G4R(V14, V15, V11, V13))

// func q6KGroupsMMLA(w *byte, stride int, xq *int8, xstride, nb int, out *int32)
TEXT ·q6KGroupsMMLA(SB), NOSPLIT, $0-48
	KMMPROLOGUE
	MOVW $0x30, R9
	VDUP R9, V27.B16
	MOVW $32, R9
	VDUP R9, V28.B16
	CBZ R2, q6kmDone
q6kmLoop:
	MOVD R0, R4
	ADD $128, R0, R7
	MOVD R5, R8
	ADD $128, R5, R10
	Q6MMHALF
	ADD $64, R0, R4
	ADD $160, R0, R7
	ADD $64, R5, R8
	ADD $160, R5, R10
	Q6MMHALF
	ADD $210, R0
	ADD $210, R5
	SUBS $1, R2
	BNE q6kmLoop
q6kmDone:
	RET
