//go:build amd64 && !purego

#include "textflag.h"

// func axpyAVX2(dst, x *float32, a float32, n8 int)
// dst[i] += a*x[i], multiply and add rounded separately (no FMA), as the Go twin does.
TEXT ·axpyAVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ x+8(FP), SI
	VBROADCASTSS a+16(FP), Y0
	MOVQ n8+24(FP), CX
	TESTQ CX, CX
	JE axpydone

axpyloop:
	VMULPS (SI), Y0, Y1
	VADDPS (DI), Y1, Y1
	VMOVUPS Y1, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ axpyloop

axpydone:
	VZEROUPPER
	RET

// func f16sToF32F16C(dst *float32, src *uint16, n8 int)
// Exact half-to-single conversion, 8 at a time.
TEXT ·f16sToF32F16C(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n8+16(FP), CX
	TESTQ CX, CX
	JE f16done

f16loop:
	VCVTPH2PS (SI), Y0
	VMOVUPS Y0, (DI)
	ADDQ $16, SI
	ADDQ $32, DI
	DECQ CX
	JNZ f16loop

f16done:
	VZEROUPPER
	RET
