//go:build amd64 && !purego

#include "textflag.h"

// AMX-INT8 Q8_0 kernel. The Go assembler does not know the AMX instructions, so they
// are spelled out as bytes (VEX encodings), each line commented with the instruction.
//
// The kernel on repacked weights (repackQ8r16): tmm0 C 16 inputs × 16 rows (int32), tmm1 A
// 16 inputs × 32 bytes (one block of their quants, straight from the quantised rows),
// tmm2 B 8 × 64 bytes (one repacked block's quants: k-th row holds the 16 weight rows'
// quants 4k..4k+3, the VNNI layout). TDPBSUD multiplies the signed activations by the
// weights biased +128, so -128·Σx comes off each sum.
DATA amxr16cfg<>+0(SB)/1, $1   // palette 1
DATA amxr16cfg<>+16(SB)/2, $64 // tmm0 bytes per row
DATA amxr16cfg<>+18(SB)/2, $32 // tmm1
DATA amxr16cfg<>+20(SB)/2, $64 // tmm2
DATA amxr16cfg<>+48(SB)/1, $16 // tmm0 rows
DATA amxr16cfg<>+49(SB)/1, $16 // tmm1
DATA amxr16cfg<>+50(SB)/1, $8  // tmm2
GLOBL amxr16cfg<>(SB), RODATA|NOPTR, $64

// IN16(i, acc): acc += float32(C row i + -128·Σx_i) * float32(dw·dx_i), C at (AX), dw the
// 16 rows' scales in Z16, dx_i at 4i(R8) and -128·Σx_i at 64+4i(R8). Z17, Z18 clobbered.
#define IN16(i, acc) \
	VMOVDQU32 64*i(AX), Z17; \
	VPADDD.BCST 64+4*i(R8), Z17, Z17; \
	VCVTDQ2PS Z17, Z17; \
	VMULPS.BCST 4*i(R8), Z16, Z18; \
	VMULPS Z18, Z17, Z17; \
	VADDPS Z17, acc, acc

// OUT16(i, acc): stores input i's 16 rows at (R9) unless i ≥ R11, then R9 moves to the
// next input.
#define OUT16(i, acc) \
	CMPQ R11, $i; \
	JLE amxr16ret; \
	VMOVUPS acc, (R9); \
	ADDQ R10, R9

// func q8_0r16x16AMX(w *byte, nb int, xq *int8, cols int, px *byte, tmp *int32, out *float32, ostride, n int)
// One group of 16 repacked rows (nb blocks at w) against 16 inputs: their quants at xq
// (cols bytes apart; rows past the n real ones are read but not used) and their packQ8r16
// scale records at px. out[ostride·i + r] = row r · input i for i < n; tmp is 1 KB of
// 64-byte aligned scratch for the C tile.
TEXT ·q8_0r16x16AMX(SB), NOSPLIT, $0-72
	MOVQ w+0(FP), SI
	MOVQ nb+8(FP), CX
	MOVQ xq+16(FP), DI
	MOVQ cols+24(FP), BX
	MOVQ px+32(FP), R8
	LEAQ amxr16cfg<>(SB), AX
	BYTE $0xC4; BYTE $0xE2; BYTE $0x78; BYTE $0x49; BYTE $0x00 // LDTILECFG (AX)
	MOVQ tmp+40(FP), AX
	MOVQ $64, DX
	VPXORD Z0, Z0, Z0
	VPXORD Z1, Z1, Z1
	VPXORD Z2, Z2, Z2
	VPXORD Z3, Z3, Z3
	VPXORD Z4, Z4, Z4
	VPXORD Z5, Z5, Z5
	VPXORD Z6, Z6, Z6
	VPXORD Z7, Z7, Z7
	VPXORD Z8, Z8, Z8
	VPXORD Z9, Z9, Z9
	VPXORD Z10, Z10, Z10
	VPXORD Z11, Z11, Z11
	VPXORD Z12, Z12, Z12
	VPXORD Z13, Z13, Z13
	VPXORD Z14, Z14, Z14
	VPXORD Z15, Z15, Z15
	TESTQ CX, CX
	JE amxr16done

amxr16loop:
	BYTE $0xC4; BYTE $0xE2; BYTE $0x7B; BYTE $0x49; BYTE $0xC0             // TILEZERO tmm0
	BYTE $0xC4; BYTE $0xE2; BYTE $0x7B; BYTE $0x4B; BYTE $0x0C; BYTE $0x1F // TILELOADD tmm1, (DI)(BX*1)
	BYTE $0xC4; BYTE $0xE2; BYTE $0x7B; BYTE $0x4B; BYTE $0x54; BYTE $0x16; BYTE $0x20 // TILELOADD tmm2, 32(SI)(DX*1)
	BYTE $0xC4; BYTE $0xE2; BYTE $0x6A; BYTE $0x5E; BYTE $0xC1             // TDPBSUD tmm0, tmm1, tmm2
	BYTE $0xC4; BYTE $0xE2; BYTE $0x7A; BYTE $0x4B; BYTE $0x04; BYTE $0x10 // TILESTORED (AX)(DX*1), tmm0
	VCVTPH2PS (SI), Z16
	IN16(0, Z0)
	IN16(1, Z1)
	IN16(2, Z2)
	IN16(3, Z3)
	IN16(4, Z4)
	IN16(5, Z5)
	IN16(6, Z6)
	IN16(7, Z7)
	IN16(8, Z8)
	IN16(9, Z9)
	IN16(10, Z10)
	IN16(11, Z11)
	IN16(12, Z12)
	IN16(13, Z13)
	IN16(14, Z14)
	IN16(15, Z15)
	ADDQ $544, SI
	ADDQ $32, DI
	ADDQ $128, R8
	DECQ CX
	JNZ amxr16loop

amxr16done:
	BYTE $0xC4; BYTE $0xE2; BYTE $0x78; BYTE $0x49; BYTE $0xC0 // TILERELEASE
	MOVQ out+48(FP), R9
	MOVQ ostride+56(FP), R10
	SHLQ $2, R10
	MOVQ n+64(FP), R11
	OUT16(0, Z0)
	OUT16(1, Z1)
	OUT16(2, Z2)
	OUT16(3, Z3)
	OUT16(4, Z4)
	OUT16(5, Z5)
	OUT16(6, Z6)
	OUT16(7, Z7)
	OUT16(8, Z8)
	OUT16(9, Z9)
	OUT16(10, Z10)
	OUT16(11, Z11)
	OUT16(12, Z12)
	OUT16(13, Z13)
	OUT16(14, Z14)
	OUT16(15, Z15)

amxr16ret:
	VZEROUPPER
	RET
