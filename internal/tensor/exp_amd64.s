//go:build amd64 && !purego

#include "textflag.h"

// Table offsets (expTab in exp_amd64.go): each constant broadcast over 32 bytes.
#define LOG2E 0(R8)
#define C1 32(R8)
#define C2 64(R8)
#define P0 96(R8)
#define P1 128(R8)
#define P2 160(R8)
#define P3 192(R8)
#define P4 224(R8)
#define P5 256(R8)
#define ONE 288(R8)
#define LO 320(R8)
#define HI 352(R8)
#define INF 384(R8)
#define SIGN 416(R8)

// EXP8 sets Y4 = expf32(Y0) over 8 lanes with the same operations, in the same order,
// as the Go twin; clobbers Y1-Y3, Y5.
#define EXP8 \
	VMULPS LOG2E, Y0, Y1; \
	VCVTPS2DQ Y1, Y1; \
	VCVTDQ2PS Y1, Y2; \
	VMULPS C1, Y2, Y3; \
	VSUBPS Y3, Y0, Y3; \
	VMULPS C2, Y2, Y2; \
	VSUBPS Y2, Y3, Y3; \
	VMULPS Y3, Y3, Y2; \
	VMULPS P0, Y3, Y4; \
	VADDPS P1, Y4, Y4; \
	VMULPS Y3, Y4, Y4; \
	VADDPS P2, Y4, Y4; \
	VMULPS Y3, Y4, Y4; \
	VADDPS P3, Y4, Y4; \
	VMULPS Y3, Y4, Y4; \
	VADDPS P4, Y4, Y4; \
	VMULPS Y3, Y4, Y4; \
	VADDPS P5, Y4, Y4; \
	VMULPS Y2, Y4, Y4; \
	VADDPS Y3, Y4, Y4; \
	VADDPS ONE, Y4, Y4; \
	VPSLLD $23, Y1, Y1; \
	VPADDD Y1, Y4, Y4; \
	VCMPPS $1, LO, Y0, Y5; \
	VANDNPS Y4, Y5, Y4; \
	VCMPPS $0x1e, HI, Y0, Y5; \
	VBLENDVPS Y5, INF, Y4, Y4; \
	VCMPPS $3, Y0, Y0, Y5; \
	VBLENDVPS Y5, Y0, Y4, Y4

// func expsSubAVX2(x *float32, m float32, n8 int, tab *[expTabLen][8]float32)
// x[i] = expf32(x[i] - m).
TEXT ·expsSubAVX2(SB), NOSPLIT, $0-32
	MOVQ x+0(FP), DI
	VBROADCASTSS m+8(FP), Y6
	MOVQ n8+16(FP), CX
	MOVQ tab+24(FP), R8
	TESTQ CX, CX
	JE expsdone

expsloop:
	VMOVUPS (DI), Y0
	VSUBPS Y6, Y0, Y0
	EXP8
	VMOVUPS Y4, (DI)
	ADDQ $32, DI
	DECQ CX
	JNZ expsloop

expsdone:
	VZEROUPPER
	RET

// func swigluAVX2(dst, gate, up *float32, n8 int, tab *[expTabLen][8]float32)
// dst[i] = (g / (1 + expf32(-g))) * up[i], g = gate[i]; dst may alias gate or up.
TEXT ·swigluAVX2(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ gate+8(FP), SI
	MOVQ up+16(FP), DX
	MOVQ n8+24(FP), CX
	MOVQ tab+32(FP), R8
	TESTQ CX, CX
	JE swigludone

swigluloop:
	VMOVUPS (SI), Y7
	VXORPS SIGN, Y7, Y0
	EXP8
	VADDPS ONE, Y4, Y4
	VDIVPS Y4, Y7, Y4
	VMULPS (DX), Y4, Y4
	VMOVUPS Y4, (DI)
	ADDQ $32, SI
	ADDQ $32, DX
	ADDQ $32, DI
	DECQ CX
	JNZ swigluloop

swigludone:
	VZEROUPPER
	RET

// func scaleAVX2(x *float32, a float32, n8 int)
TEXT ·scaleAVX2(SB), NOSPLIT, $0-24
	MOVQ x+0(FP), DI
	VBROADCASTSS a+8(FP), Y0
	MOVQ n8+16(FP), CX
	TESTQ CX, CX
	JE scaledone

scaleloop:
	VMULPS (DI), Y0, Y1
	VMOVUPS Y1, (DI)
	ADDQ $32, DI
	DECQ CX
	JNZ scaleloop

scaledone:
	VZEROUPPER
	RET
