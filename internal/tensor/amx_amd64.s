//go:build amd64 && !purego

#include "textflag.h"

// AMX-INT8 Q8_0 kernel. The Go assembler does not know the AMX instructions, so they
// are spelled out as bytes (VEX encodings), each line commented with the instruction.
//
// Tiles (amxcfg, palette 1): tmm0 C 16 rows × 64 bytes (16×16 int32), tmm1 A 16 rows ×
// 32 bytes (one Q8_0 block of 16 weight rows, loaded straight from the matrix with the
// row stride), tmm2 B 8 rows × 64 bytes (one block of a packQ8x16 group: row k holds the
// 16 inputs' quants 4k..4k+3, the VNNI layout TDPBSSD wants). TDPBSSD multiplies signed
// by signed bytes, so C is the exact block sum Σ w·x of every (row, input) pair with no
// bias; the float chain then runs per row in AVX-512 as in the VNNI kernel.

DATA amxcfg<>+0(SB)/1, $1   // palette 1
DATA amxcfg<>+16(SB)/2, $64 // tmm0 bytes per row
DATA amxcfg<>+18(SB)/2, $32 // tmm1
DATA amxcfg<>+20(SB)/2, $64 // tmm2
DATA amxcfg<>+48(SB)/1, $16 // tmm0 rows
DATA amxcfg<>+49(SB)/1, $16 // tmm1
DATA amxcfg<>+50(SB)/1, $8  // tmm2
GLOBL amxcfg<>(SB), RODATA|NOPTR, $64

// ROW(off, acc): acc += float32(C row) * float32(dw*dx), C row at off(AX) (16 int32, one
// per input), dw the row's f16 block scale at (R11), dx in Z18; R11 moves to the next
// row. Z16, Z17 clobbered.
#define ROW(off, acc) \
	VCVTDQ2PS off(AX), Z16; \
	VPBROADCASTW (R11), Y17; \
	VCVTPH2PS Y17, Z17; \
	VMULPS Z18, Z17, Z17; \
	VMULPS Z17, Z16, Z16; \
	VADDPS Z16, acc, acc; \
	ADDQ BX, R11

// PF16: software prefetch of the 16 rows R12 bytes ahead of SI (R13 clobbered, R8 =
// 3·BX), as the VNNI kernels do for their 4 rows.
#define PF16 \
	LEAQ (SI)(R12*1), R13; \
	PREFETCHT0 (R13); \
	PREFETCHT0 (R13)(BX*1); \
	PREFETCHT0 (R13)(BX*2); \
	PREFETCHT0 (R13)(R8*1); \
	LEAQ (R13)(BX*4), R13; \
	PREFETCHT0 (R13); \
	PREFETCHT0 (R13)(BX*1); \
	PREFETCHT0 (R13)(BX*2); \
	PREFETCHT0 (R13)(R8*1); \
	LEAQ (R13)(BX*4), R13; \
	PREFETCHT0 (R13); \
	PREFETCHT0 (R13)(BX*1); \
	PREFETCHT0 (R13)(BX*2); \
	PREFETCHT0 (R13)(R8*1); \
	LEAQ (R13)(BX*4), R13; \
	PREFETCHT0 (R13); \
	PREFETCHT0 (R13)(BX*1); \
	PREFETCHT0 (R13)(BX*2); \
	PREFETCHT0 (R13)(R8*1)

// func q8_0x16x16AMX(w *byte, stride, nb int, px *byte, tmp *int32, out *[256]float32, pf int)
// Sixteen weight rows against the sixteen inputs of one packQ8x16 group; tmp is 1 KB of
// 64-byte aligned scratch for the C tile. out[16r+i] = row r · input i. The tile
// configuration is loaded and released within the call: the goroutine may run on
// another thread next time.
TEXT ·q8_0x16x16AMX(SB), NOSPLIT, $0-56
	MOVQ pf+48(FP), R12
	MOVQ w+0(FP), SI
	MOVQ stride+8(FP), BX
	MOVQ nb+16(FP), CX
	MOVQ px+24(FP), DI
	LEAQ amxcfg<>(SB), AX
	BYTE $0xC4; BYTE $0xE2; BYTE $0x78; BYTE $0x49; BYTE $0x00 // LDTILECFG (AX)
	MOVQ tmp+32(FP), AX
	MOVQ $64, DX
	LEAQ (BX)(BX*2), R8
	ADDQ $2, SI // the quants, after the block's f16 scale
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
	JE amxdone

amxloop:
	PF16
	BYTE $0xC4; BYTE $0xE2; BYTE $0x7B; BYTE $0x49; BYTE $0xC0                           // TILEZERO tmm0
	BYTE $0xC4; BYTE $0xE2; BYTE $0x7B; BYTE $0x4B; BYTE $0x0C; BYTE $0x1E               // TILELOADD tmm1, (SI)(BX*1)
	BYTE $0xC4; BYTE $0xE2; BYTE $0x7B; BYTE $0x4B; BYTE $0x14; BYTE $0x17               // TILELOADD tmm2, (DI)(DX*1)
	BYTE $0xC4; BYTE $0xE2; BYTE $0x6B; BYTE $0x5E; BYTE $0xC1                           // TDPBSSD tmm0, tmm1, tmm2
	BYTE $0xC4; BYTE $0xE2; BYTE $0x7A; BYTE $0x4B; BYTE $0x04; BYTE $0x10               // TILESTORED (AX)(DX*1), tmm0
	VMOVUPS 512(DI), Z18
	LEAQ -2(SI), R11
	ROW(0, Z0)
	ROW(64, Z1)
	ROW(128, Z2)
	ROW(192, Z3)
	ROW(256, Z4)
	ROW(320, Z5)
	ROW(384, Z6)
	ROW(448, Z7)
	ROW(512, Z8)
	ROW(576, Z9)
	ROW(640, Z10)
	ROW(704, Z11)
	ROW(768, Z12)
	ROW(832, Z13)
	ROW(896, Z14)
	ROW(960, Z15)
	ADDQ $34, SI
	ADDQ $640, DI
	DECQ CX
	JNZ amxloop

amxdone:
	BYTE $0xC4; BYTE $0xE2; BYTE $0x78; BYTE $0x49; BYTE $0xC0 // TILERELEASE
	MOVQ out+40(FP), AX
	VMOVUPS Z0, (AX)
	VMOVUPS Z1, 64(AX)
	VMOVUPS Z2, 128(AX)
	VMOVUPS Z3, 192(AX)
	VMOVUPS Z4, 256(AX)
	VMOVUPS Z5, 320(AX)
	VMOVUPS Z6, 384(AX)
	VMOVUPS Z7, 448(AX)
	VMOVUPS Z8, 512(AX)
	VMOVUPS Z9, 576(AX)
	VMOVUPS Z10, 640(AX)
	VMOVUPS Z11, 704(AX)
	VMOVUPS Z12, 768(AX)
	VMOVUPS Z13, 832(AX)
	VMOVUPS Z14, 896(AX)
	VMOVUPS Z15, 960(AX)
	VZEROUPPER
	RET
