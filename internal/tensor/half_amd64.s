//go:build amd64 && !purego

#include "textflag.h"

// func roundF16sF16C(dst, src *float32, n8 int)
// To half and back: VCVTPS2PH with imm 0 rounds to nearest even whatever MXCSR says, and
// handles overflow, subnormals and NaN as F32ToF16 does; widening is exact.
TEXT ·roundF16sF16C(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n8+16(FP), CX
	TESTQ CX, CX
	JE rf16done

rf16loop:
	VMOVUPS (SI), Y0
	VCVTPS2PH $0, Y0, X1
	VCVTPH2PS X1, Y1
	VMOVUPS Y1, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ rf16loop

rf16done:
	VZEROUPPER
	RET

// func roundBF16sAVX2(dst, src *float32, n8 int)
// F32ToBF16 on the bits, then the low half cleared: b + 0x7fff + (b>>16 & 1), or for a
// NaN b | 0x400000 (forced quiet).
TEXT ·roundBF16sAVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n8+16(FP), CX
	VPCMPEQD Y15, Y15, Y15
	VPSRLD $31, Y15, Y14 // 1
	VPSRLD $17, Y15, Y13 // 0x7fff
	VPSLLD $16, Y15, Y12 // 0xffff0000
	VPSRLD $1, Y15, Y11 // 0x7fffffff
	VPSRLD $24, Y15, Y10
	VPSLLD $23, Y10, Y10 // 0x7f800000
	VPSLLD $22, Y14, Y9 // 0x400000
	TESTQ CX, CX
	JE rbf16done

rbf16loop:
	VMOVDQU (SI), Y0
	VPSRLD $16, Y0, Y1
	VPAND Y14, Y1, Y1
	VPADDD Y13, Y0, Y2
	VPADDD Y1, Y2, Y2
	VPAND Y11, Y0, Y3
	VPCMPGTD Y10, Y3, Y3
	VPOR Y9, Y0, Y4
	VPBLENDVB Y3, Y4, Y2, Y2
	VPAND Y12, Y2, Y2
	VMOVDQU Y2, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ rbf16loop

rbf16done:
	VZEROUPPER
	RET
