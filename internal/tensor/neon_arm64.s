//go:build arm64 && !purego

#include "textflag.h"

// NEON kernels, hand-written: Go's arm64 assembler lacks most of the vector arithmetic they need
// (FADD, FMUL, SCVTF, FCVTL, SMULL, SADALP, SDOT, ADDP), so the macros below emit those as WORDs,
// operands in the architecture's order (d, n, m = register numbers). They are short enough that a
// generator of their own (avo has no arm64 backend) would cost more than it saves; .ci/run's
// generated-assembly check skips this file, which does not say it is generated.
//
// Bit-exactness with the pure-Go twins (kernels_go.go): integer sums are exact in any order; every
// float product and sum is its own FMUL and FADD, never the fused FMLA, each lane computing one
// term of the reference in the reference's order.

#define SDOT(d, n, m) WORD $(0x4E809400 | ((m)<<16) | ((n)<<5) | (d))   // Vd.4S += Vn.16B · Vm.16B
#define SMULL(d, n, m) WORD $(0x0E20C000 | ((m)<<16) | ((n)<<5) | (d))  // Vd.8H = Vn.8B × Vm.8B (low halves)
#define SMULL2(d, n, m) WORD $(0x4E20C000 | ((m)<<16) | ((n)<<5) | (d)) // Vd.8H = Vn.16B × Vm.16B (high halves)
#define SADDLP(d, n) WORD $(0x4E602800 | ((n)<<5) | (d))                // Vd.4S = pairwise sums of Vn.8H
#define SADALP(d, n) WORD $(0x4E606800 | ((n)<<5) | (d))                // Vd.4S += pairwise sums of Vn.8H
#define ADDP4S(d, n, m) WORD $(0x4EA0BC00 | ((m)<<16) | ((n)<<5) | (d)) // Vd.4S = pairwise sums of Vn.4S:Vm.4S
#define SCVTF4S(d, n) WORD $(0x4E21D800 | ((n)<<5) | (d))               // Vd.4S = float32(Vn.4S)
#define FCVTL4S(d, n) WORD $(0x0E217800 | ((n)<<5) | (d))               // Vd.4S = float32(Vn.4H, low half)
#define FCVTL24S(d, n) WORD $(0x4E217800 | ((n)<<5) | (d))              // Vd.4S = float32(Vn.8H, high half)
#define FMUL4S(d, n, m) WORD $(0x6E20DC00 | ((m)<<16) | ((n)<<5) | (d)) // Vd.4S = Vn.4S × Vm.4S
#define FADD4S(d, n, m) WORD $(0x4E20D400 | ((m)<<16) | ((n)<<5) | (d)) // Vd.4S = Vn.4S + Vm.4S
#define FADD2S(d, n, m) WORD $(0x0E20D400 | ((m)<<16) | ((n)<<5) | (d)) // Vd.2S = Vn.2S + Vm.2S
#define MOVI0(d) WORD $(0x6F00E400 | (d))                                 // Vd = 0
#define FADDP2S(d, n) WORD $(0x7E30D800 | ((n)<<5) | (d))               // Sd = Vn.S[0] + Vn.S[1]

// Q8_0 four rows at a time: R0, R5, R6, R7 point at the quants of the current block of rows
// 0..3 (its f16 scale 2 bytes before), R3 at the activation block (V0, V1), R4 at its scale.
// Row r's 32-byte product goes to V(16+r) as 4 partial int32 sums and its scale to V20.H[r].

// Q8ROW loads one row's block into V2, V3 and its scale into lane lane of V20.
#define Q8ROW(ptr, lane) \
	MOVHU -2(ptr), R9; \
	VMOV R9, V20.H[lane]; \
	VLD1 (ptr), [V2.B16, V3.B16]; \
	ADD $34, ptr

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

// func q8_0x4NEON(w *byte, stride, nb int, xq *int8, xd *float32, out *[4]float32)
TEXT ·q8_0x4NEON(SB), NOSPLIT, $0-48
	Q8PROLOGUE
	CBZ R2, q8neonDone
q8neonLoop:
	VLD1.P 32(R3), [V0.B16, V1.B16]
	Q8ROW(R0, 0)
	Q8DOT_SMULL(16)
	Q8ROW(R5, 1)
	Q8DOT_SMULL(17)
	Q8ROW(R6, 2)
	Q8DOT_SMULL(18)
	Q8ROW(R7, 3)
	Q8DOT_SMULL(19)
	Q8SCALE
	SUBS $1, R2
	BNE q8neonLoop
q8neonDone:
	MOVD out+40(FP), R8
	VST1 [V24.S4], (R8)
	RET

// func q8_0x4SDOT(w *byte, stride, nb int, xq *int8, xd *float32, out *[4]float32)
TEXT ·q8_0x4SDOT(SB), NOSPLIT, $0-48
	Q8PROLOGUE
	CBZ R2, q8sdotDone
q8sdotLoop:
	VLD1.P 32(R3), [V0.B16, V1.B16]
	Q8ROW(R0, 0)
	Q8DOT_SDOT(16)
	Q8ROW(R5, 1)
	Q8DOT_SDOT(17)
	Q8ROW(R6, 2)
	Q8DOT_SDOT(18)
	Q8ROW(R7, 3)
	Q8DOT_SDOT(19)
	Q8SCALE
	SUBS $1, R2
	BNE q8sdotLoop
q8sdotDone:
	MOVD out+40(FP), R8
	VST1 [V24.S4], (R8)
	RET

// FOLD16 folds the 16 lanes in V16..V19 (lanes 0-3, 4-7, 8-11, 12-15) as fold16 into F0:
// s8 = lanes k + k+8, s4 = s8[k] + s8[k+4], then (s4[0]+s4[2]) + (s4[1]+s4[3]).
#define FOLD16 \
	FADD4S(16, 16, 18); \
	FADD4S(17, 17, 19); \
	FADD4S(16, 16, 17); \
	VEXT $8, V16.B16, V16.B16, V17.B16; \
	FADD2S(16, 16, 17); \
	FADDP2S(0, 16)

// ACC16 adds the products of V0..V3 and V4..V7 (lanes 0-15) to the accumulators V16..V19.
#define ACC16 \
	FMUL4S(0, 0, 4); \
	FMUL4S(1, 1, 5); \
	FMUL4S(2, 2, 6); \
	FMUL4S(3, 3, 7); \
	FADD4S(16, 16, 0); \
	FADD4S(17, 17, 1); \
	FADD4S(18, 18, 2); \
	FADD4S(19, 19, 3)

#define ZERO16 \
	VEOR V16.B16, V16.B16, V16.B16; \
	VEOR V17.B16, V17.B16, V17.B16; \
	VEOR V18.B16, V18.B16, V18.B16; \
	VEOR V19.B16, V19.B16, V19.B16

// func dotF32NEON(a, b *float32, n16 int) float32
TEXT ·dotF32NEON(SB), NOSPLIT, $0-28
	MOVD a+0(FP), R0
	MOVD b+8(FP), R1
	MOVD n16+16(FP), R2
	ZERO16
	CBZ R2, dotf32Done
dotf32Loop:
	VLD1.P 64(R0), [V0.S4, V1.S4, V2.S4, V3.S4]
	VLD1.P 64(R1), [V4.S4, V5.S4, V6.S4, V7.S4]
	ACC16
	SUBS $1, R2
	BNE dotf32Loop
dotf32Done:
	FOLD16
	FMOVS F0, ret+24(FP)
	RET

// func dotF16NEON(w *byte, x *float32, n16 int) float32
TEXT ·dotF16NEON(SB), NOSPLIT, $0-28
	MOVD w+0(FP), R0
	MOVD x+8(FP), R1
	MOVD n16+16(FP), R2
	ZERO16
	CBZ R2, dotf16Done
dotf16Loop:
	VLD1.P 32(R0), [V8.H8, V9.H8]
	FCVTL4S(0, 8)
	FCVTL24S(1, 8)
	FCVTL4S(2, 9)
	FCVTL24S(3, 9)
	VLD1.P 64(R1), [V4.S4, V5.S4, V6.S4, V7.S4]
	ACC16
	SUBS $1, R2
	BNE dotf16Loop
dotf16Done:
	FOLD16
	FMOVS F0, ret+24(FP)
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
