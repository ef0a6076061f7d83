//go:build amd64 && !purego

#include "textflag.h"

// AMX-INT8 Q4_K kernel (amxq4k_amd64.go). The AMX instructions are spelled out as bytes,
// as in amx_amd64.s.
//
// A Q4_K super-block's integer sum is isum = Σ_j sc_j·Σ_k q_k·x_k over its eight 32-value
// sub-blocks, sc_j < 64 and q_k < 16. The unpacked weights carry each product q·sc (< 1024)
// as two byte planes, lo = q·sc mod 256 and hi = q·sc / 256, so isum = Σ x·lo + 256·Σ x·hi:
// two tile products over the whole 256 values, exact in int32, with no per-sub-block step.

DATA q4kamxcfg<>+0(SB)/1, $1   // palette 1
DATA q4kamxcfg<>+16(SB)/2, $64 // tmm0 C lo: 16 inputs × 16 rows (int32)
DATA q4kamxcfg<>+18(SB)/2, $64 // tmm1 C hi
DATA q4kamxcfg<>+20(SB)/2, $64 // tmm2 A: 16 inputs × 64 quants
DATA q4kamxcfg<>+22(SB)/2, $64 // tmm3 B lo: 16 × 64 bytes (4 quants of each of 16 rows)
DATA q4kamxcfg<>+24(SB)/2, $64 // tmm4 B hi
DATA q4kamxcfg<>+48(SB)/1, $16
DATA q4kamxcfg<>+49(SB)/1, $16
DATA q4kamxcfg<>+50(SB)/1, $16
DATA q4kamxcfg<>+51(SB)/1, $16
DATA q4kamxcfg<>+52(SB)/1, $16
GLOBL q4kamxcfg<>(SB), RODATA|NOPTR, $64

DATA q4kamxnib<>+0(SB)/4, $0x0f0f0f0f
GLOBL q4kamxnib<>(SB), RODATA|NOPTR, $4
DATA q4kamxlow<>+0(SB)/4, $0x00ff00ff
GLOBL q4kamxlow<>(SB), RODATA|NOPTR, $4

// PLANES(N, S, off): the nibbles N (a byte each) times the scale words S (each row's sc in
// both words of its dword) to the lo plane at off(DI) and the hi plane at 4096+off(DI).
// Even and odd bytes multiply as words; K1 selects the odd bytes. Z2-Z5 clobbered.
#define PLANES(N, S, off) \
	VPANDD Z17, N, Z2; \
	VPSRLW $8, N, Z3; \
	VPMULLW S, Z2, Z2; \
	VPMULLW S, Z3, Z3; \
	VPSLLW $8, Z3, Z4; \
	VPBLENDMB Z4, Z2, K1, Z5; \
	VMOVDQU64 Z5, off(DI); \
	VPSRLW $8, Z2, Z2; \
	VPBLENDMB Z3, Z2, K1, Z5; \
	VMOVDQU64 Z5, 4096+off(DI)

// SCALEW(k, Z): Z = sub-block k's 16 scales as word pairs (sc, sc) a row.
#define SCALEW(k, Z) \
	VPMOVZXBD 64+32*k(SI), Z; \
	VPSLLD $16, Z, Z2; \
	VPORD Z2, Z, Z

// MINPAIR(p): the words (m_2p, m_2p+1) a row, to 8320+64p(DI).
#define MINPAIR(p) \
	VPMOVZXBD 80+64*p(SI), Z0; \
	VPMOVZXBD 112+64*p(SI), Z1; \
	VPSLLD $16, Z1, Z1; \
	VPORD Z1, Z0, Z0; \
	VMOVDQU32 Z0, 8320+64*p(DI)

// LINE(j, t, Slo, Shi): line t of the 8 holding quant bytes 32j.. of the 16 rows (at
// 320+512j+64t(SI): low nibbles sub-block 2j, high 2j+1) to row t (low) and row 8+t
// (high) of tile j.
#define LINE(j, t, Slo, Shi) \
	VMOVDQU64 320+512*j+64*t(SI), Z6; \
	VPANDD Z16, Z6, Z7; \
	VPSRLW $4, Z6, Z6; \
	VPANDD Z16, Z6, Z6; \
	PLANES(Z7, Slo, 1024*j+64*t); \
	PLANES(Z6, Shi, 1024*j+512+64*t)

// KARGS: a kernel's arguments to their registers (SI w, DI xq, BX cols, R8 px, AX tmp, R9
// acc, R14 out, R10 ostride in bytes, R11 n), the tile configuration loaded (LDTILECFG
// q4kamxcfg, spelt as bytes), DX the B tiles' stride, Z20 the rows' d.
#define KARGS \
	MOVQ w+0(FP), SI; \
	MOVQ xq+8(FP), DI; \
	MOVQ cols+16(FP), BX; \
	MOVQ px+24(FP), R8; \
	MOVQ tmp+32(FP), AX; \
	MOVQ acc+40(FP), R9; \
	MOVQ out+48(FP), R14; \
	MOVQ ostride+56(FP), R10; \
	SHLQ $2, R10; \
	MOVQ n+64(FP), R11; \
	LEAQ q4kamxcfg<>(SB), DX; \
	BYTE $0xC4; BYTE $0xE2; BYTE $0x78; BYTE $0x49; BYTE $0x02; \
	MOVQ $64, DX; \
	VMOVUPS 8192(SI), Z20

// func q4Kr16AMXUnpack(rec *byte, dst *byte)
// One repackQ4Kr16 super-block record of 16 rows to the layout q4_Kr16x16AMX reads
// (q4KAMXBlock bytes): the lo plane's 4 B tiles, the hi plane's, then d and dmin as 16
// float32 each, then the min word pairs (m_2p, m_2p+1) a row for p = 0..3.
TEXT ·q4Kr16AMXUnpack(SB), NOSPLIT, $0-16
	MOVQ rec+0(FP), SI
	MOVQ dst+8(FP), DI
	VCVTPH2PS (SI), Z0
	VMOVUPS Z0, 8192(DI)
	VCVTPH2PS 32(SI), Z0
	VMOVUPS Z0, 8256(DI)
	MINPAIR(0)
	MINPAIR(1)
	MINPAIR(2)
	MINPAIR(3)
	VPBROADCASTD q4kamxnib<>(SB), Z16
	VPBROADCASTD q4kamxlow<>(SB), Z17
	MOVQ $-0x5555555555555556, AX // 0xaaaa…: the odd bytes
	KMOVQ AX, K1
	SCALEW(0, Z8)
	SCALEW(1, Z9)
	SCALEW(2, Z10)
	SCALEW(3, Z11)
	SCALEW(4, Z12)
	SCALEW(5, Z13)
	SCALEW(6, Z14)
	SCALEW(7, Z15)
	LINE(0, 0, Z8, Z9)
	LINE(0, 1, Z8, Z9)
	LINE(0, 2, Z8, Z9)
	LINE(0, 3, Z8, Z9)
	LINE(0, 4, Z8, Z9)
	LINE(0, 5, Z8, Z9)
	LINE(0, 6, Z8, Z9)
	LINE(0, 7, Z8, Z9)
	LINE(1, 0, Z10, Z11)
	LINE(1, 1, Z10, Z11)
	LINE(1, 2, Z10, Z11)
	LINE(1, 3, Z10, Z11)
	LINE(1, 4, Z10, Z11)
	LINE(1, 5, Z10, Z11)
	LINE(1, 6, Z10, Z11)
	LINE(1, 7, Z10, Z11)
	LINE(2, 0, Z12, Z13)
	LINE(2, 1, Z12, Z13)
	LINE(2, 2, Z12, Z13)
	LINE(2, 3, Z12, Z13)
	LINE(2, 4, Z12, Z13)
	LINE(2, 5, Z12, Z13)
	LINE(2, 6, Z12, Z13)
	LINE(2, 7, Z12, Z13)
	LINE(3, 0, Z14, Z15)
	LINE(3, 1, Z14, Z15)
	LINE(3, 2, Z14, Z15)
	LINE(3, 3, Z14, Z15)
	LINE(3, 4, Z14, Z15)
	LINE(3, 5, Z14, Z15)
	LINE(3, 6, Z14, Z15)
	LINE(3, 7, Z14, Z15)
	VZEROUPPER
	RET

// TILES(hiop): one pass's two tile products, its 16 inputs' quants at (DI), then DI to
// the next pass, the C tiles stored at (AX) and 1024(AX). The bytes are, in order (a
// comment cannot sit inside a macro): TILEZERO tmm0; TILEZERO tmm1; for c = 0..3
// {TILELOADD tmm2, 64c(DI)(BX*1); TILELOADD tmm3, 1024c(SI)(DX*1); TDPBSUD tmm0, tmm2,
// tmm3; TILELOADD tmm4, 4096+1024c(SI)(DX*1); TDPBSUD tmm1, tmm2, tmm4 (hiop $0x5A) or
// TDPBSSD (hiop $0x5B: a signed hi plane)}; TILESTORED (AX)(DX*1), tmm0; TILESTORED
// 1024(AX)(DX*1), tmm1.
#define TILES(hiop) \
	BYTE $0xC4; BYTE $0xE2; BYTE $0x7B; BYTE $0x49; BYTE $0xC0; \
	BYTE $0xC4; BYTE $0xE2; BYTE $0x7B; BYTE $0x49; BYTE $0xC8; \
	BYTE $0xC4; BYTE $0xE2; BYTE $0x7B; BYTE $0x4B; BYTE $0x94; BYTE $0x1F; LONG $0; \
	BYTE $0xC4; BYTE $0xE2; BYTE $0x7B; BYTE $0x4B; BYTE $0x9C; BYTE $0x16; LONG $0; \
	BYTE $0xC4; BYTE $0xE2; BYTE $0x62; BYTE $0x5E; BYTE $0xC2; \
	BYTE $0xC4; BYTE $0xE2; BYTE $0x7B; BYTE $0x4B; BYTE $0xA4; BYTE $0x16; LONG $4096; \
	BYTE $0xC4; BYTE $0xE2; BYTE hiop; BYTE $0x5E; BYTE $0xCA; \
	BYTE $0xC4; BYTE $0xE2; BYTE $0x7B; BYTE $0x4B; BYTE $0x94; BYTE $0x1F; LONG $64; \
	BYTE $0xC4; BYTE $0xE2; BYTE $0x7B; BYTE $0x4B; BYTE $0x9C; BYTE $0x16; LONG $1024; \
	BYTE $0xC4; BYTE $0xE2; BYTE $0x62; BYTE $0x5E; BYTE $0xC2; \
	BYTE $0xC4; BYTE $0xE2; BYTE $0x7B; BYTE $0x4B; BYTE $0xA4; BYTE $0x16; LONG $5120; \
	BYTE $0xC4; BYTE $0xE2; BYTE hiop; BYTE $0x5E; BYTE $0xCA; \
	BYTE $0xC4; BYTE $0xE2; BYTE $0x7B; BYTE $0x4B; BYTE $0x94; BYTE $0x1F; LONG $128; \
	BYTE $0xC4; BYTE $0xE2; BYTE $0x7B; BYTE $0x4B; BYTE $0x9C; BYTE $0x16; LONG $2048; \
	BYTE $0xC4; BYTE $0xE2; BYTE $0x62; BYTE $0x5E; BYTE $0xC2; \
	BYTE $0xC4; BYTE $0xE2; BYTE $0x7B; BYTE $0x4B; BYTE $0xA4; BYTE $0x16; LONG $6144; \
	BYTE $0xC4; BYTE $0xE2; BYTE hiop; BYTE $0x5E; BYTE $0xCA; \
	BYTE $0xC4; BYTE $0xE2; BYTE $0x7B; BYTE $0x4B; BYTE $0x94; BYTE $0x1F; LONG $192; \
	BYTE $0xC4; BYTE $0xE2; BYTE $0x7B; BYTE $0x4B; BYTE $0x9C; BYTE $0x16; LONG $3072; \
	BYTE $0xC4; BYTE $0xE2; BYTE $0x62; BYTE $0x5E; BYTE $0xC2; \
	BYTE $0xC4; BYTE $0xE2; BYTE $0x7B; BYTE $0x4B; BYTE $0xA4; BYTE $0x16; LONG $7168; \
	BYTE $0xC4; BYTE $0xE2; BYTE hiop; BYTE $0x5E; BYTE $0xCA; \
	BYTE $0xC4; BYTE $0xE2; BYTE $0x7A; BYTE $0x4B; BYTE $0x04; BYTE $0x10; \
	BYTE $0xC4; BYTE $0xE2; BYTE $0x7A; BYTE $0x4B; BYTE $0x8C; BYTE $0x10; LONG $1024; \
	MOVQ BX, CX; \
	SHLQ $4, CX; \
	ADDQ CX, DI

// SUMS: Z1 = isum·(d·dx) and Z2 = msum·(dmin·dx) for the input whose C rows are at (R12)
// and 1024(R12) and whose scale is at (R13), its sum pairs at 64+64p(R13).
#define SUMS \
	VPSLLD $8, 1024(R12), Z1; \
	VPADDD (R12), Z1, Z1; \
	VPXORD Z2, Z2, Z2; \
	VPDPWSSD.BCST 64(R13), Z22, Z2; \
	VPDPWSSD.BCST 128(R13), Z23, Z2; \
	VPDPWSSD.BCST 192(R13), Z24, Z2; \
	VPDPWSSD.BCST 256(R13), Z25, Z2; \
	VCVTDQ2PS Z1, Z1; \
	VMULPS.BCST (R13), Z20, Z4; \
	VMULPS Z4, Z1, Z1; \
	VCVTDQ2PS Z2, Z2; \
	VMULPS.BCST (R13), Z21, Z5; \
	VMULPS Z5, Z2, Z2

// NEXT: the next input's C rows, record, acc and out rows; CX counts down.
#define NEXT \
	ADDQ $64, R12; \
	ADDQ $4, R13; \
	ADDQ $64, R9; \
	ADDQ R10, R14; \
	DECQ CX

// func q4_Kr16x16AMX(w *byte, xq *int8, cols int, px *byte, tmp *int32, acc, out *float32, ostride, n, first, last int)
// One unpacked super-block of 16 rows at w against n inputs, 16 a pass: their quants of
// this super-block at xq (cols bytes apart; the rows of a last partial pass past n are
// read, not used) and their records at px (q4KAMXPerSlice bytes a pass: 16 scales dx, then
// the (s_2p, s_2p+1) word pairs of the 32-value sums, [p][input]). For input i < n, with a =
// its 16 rows' sums at acc+64i (0 when first): a += isum·(d·dx), then a -= msum·(dmin·dx),
// q4KAdd's chain, stored back to acc, or when last to out+4·ostride·i. tmp is 4 KB of
// scratch, 4096-byte aligned.
TEXT ·q4_Kr16x16AMX(SB), NOSPLIT, $0-88
	KARGS
	VMOVUPS 8256(SI), Z21
	VMOVDQU32 8320(SI), Z22
	VMOVDQU32 8384(SI), Z23
	VMOVDQU32 8448(SI), Z24
	VMOVDQU32 8512(SI), Z25

	TILES($0x5A)

q4kamxpass:
	// The next pass's tiles go to the other half of tmp while this pass's sums are made,
	// so the tile unit and the vector units work at once.
	MOVQ AX, R12
	XORQ $2048, AX
	CMPQ R11, $16
	JLE q4kamxsums
	TILES($0x5A)

q4kamxsums:
	MOVQ $16, CX
	CMPQ R11, CX
	CMOVQLT R11, CX
	MOVQ R8, R13
	CMPQ first+72(FP), $0
	JNE q4kamxfirst
	CMPQ last+80(FP), $0
	JNE q4kamxlastonly

q4kamxmid:
	BYTE $0x41; BYTE $0x0F; BYTE $0x0D; BYTE $0x0E // PREFETCHW (R14)
	SUMS
	VADDPS (R9), Z1, Z6
	VSUBPS Z2, Z6, Z6
	VMOVUPS Z6, (R9)
	NEXT
	JNZ q4kamxmid
	JMP q4kamxdone

q4kamxlastonly:
	SUMS
	VADDPS (R9), Z1, Z6
	VSUBPS Z2, Z6, Z6
	VMOVUPS Z6, (R14)
	NEXT
	JNZ q4kamxlastonly
	JMP q4kamxdone

q4kamxfirst:
	CMPQ last+80(FP), $0
	JNE q4kamxboth

q4kamxfirstonly:
	BYTE $0x41; BYTE $0x0F; BYTE $0x0D; BYTE $0x0E // PREFETCHW (R14)
	SUMS
	VXORPS Z6, Z6, Z6
	VADDPS Z1, Z6, Z6
	VSUBPS Z2, Z6, Z6
	VMOVUPS Z6, (R9)
	NEXT
	JNZ q4kamxfirstonly
	JMP q4kamxdone

q4kamxboth:
	SUMS
	VXORPS Z6, Z6, Z6
	VADDPS Z1, Z6, Z6
	VSUBPS Z2, Z6, Z6
	VMOVUPS Z6, (R14)
	NEXT
	JNZ q4kamxboth

q4kamxdone:
	ADDQ $320, R8
	SUBQ $16, R11
	JGT q4kamxpass
	BYTE $0xC4; BYTE $0xE2; BYTE $0x78; BYTE $0x49; BYTE $0xC0 // TILERELEASE
	VZEROUPPER
	RET

// Q6_K: a super-block's isum = Σ_k sc_k·Σ (q-32)·x over its sixteen 16-value groups, sc_k
// signed bytes, so each product p = sc·(q-32) is in [-4064, 4096]: the lo plane holds p
// mod 256 (unsigned), the hi plane p / 256 rounded down (signed, [-16, 16]), multiplied by
// TDPBSUD and TDPBSSD. There are no mins.

DATA q6kamx32<>+0(SB)/4, $0x00200020
GLOBL q6kamx32<>(SB), RODATA|NOPTR, $4

// PLANES6(S, e): line e of the record's quant bytes q+32 (at 288+64e(SI), 4 of each row)
// times the scale words S to the lo plane at 64e(DI) and the hi plane at 4096+64e(DI).
#define PLANES6(S, e) \
	VMOVDQU64 288+64*(e)(SI), Z6; \
	VPANDD Z17, Z6, Z2; \
	VPSRLW $8, Z6, Z3; \
	VPSUBW Z18, Z2, Z2; \
	VPSUBW Z18, Z3, Z3; \
	VPMULLW S, Z2, Z2; \
	VPMULLW S, Z3, Z3; \
	VPSLLW $8, Z3, Z4; \
	VPBLENDMB Z4, Z2, K1, Z5; \
	VMOVDQU64 Z5, 64*(e)(DI); \
	VPSRLW $8, Z2, Z2; \
	VPBLENDMB Z3, Z2, K1, Z5; \
	VMOVDQU64 Z5, 4096+64*(e)(DI)

// GROUP6(p): the lines of groups 2p and 2p+1 (lines 8p..8p+7). Their scales are the
// record's (sc_2p, sc_2p+1) byte pairs a row at 32+32p(SI); K2 selects the odd words.
#define GROUP6(p) \
	VPMOVSXBW 32+32*p(SI), Z0; \
	VPSLLD $16, Z0, Z1; \
	VPBLENDMW Z1, Z0, K2, Z7; \
	VPSRLD $16, Z0, Z1; \
	VPBLENDMW Z0, Z1, K2, Z8; \
	PLANES6(Z7, 8*p); \
	PLANES6(Z7, 8*p+1); \
	PLANES6(Z7, 8*p+2); \
	PLANES6(Z7, 8*p+3); \
	PLANES6(Z8, 8*p+4); \
	PLANES6(Z8, 8*p+5); \
	PLANES6(Z8, 8*p+6); \
	PLANES6(Z8, 8*p+7)

// func q6Kr16AMXUnpack(rec *byte, dst *byte)
// One repackQ6Kr16 super-block record of 16 rows to the layout q6_Kr16x16AMX reads
// (q6KAMXBlock bytes): the lo plane's 4 B tiles, the hi plane's, then d as 16 float32.
TEXT ·q6Kr16AMXUnpack(SB), NOSPLIT, $0-16
	MOVQ rec+0(FP), SI
	MOVQ dst+8(FP), DI
	VCVTPH2PS (SI), Z0
	VMOVUPS Z0, 8192(DI)
	VPBROADCASTD q4kamxlow<>(SB), Z17
	VPBROADCASTD q6kamx32<>(SB), Z18
	MOVQ $-0x5555555555555556, AX // 0xaaaa…: the odd bytes
	KMOVQ AX, K1
	MOVL $0xaaaaaaaa, AX // the odd words
	KMOVD AX, K2
	GROUP6(0)
	GROUP6(1)
	GROUP6(2)
	GROUP6(3)
	GROUP6(4)
	GROUP6(5)
	GROUP6(6)
	GROUP6(7)
	VZEROUPPER
	RET

// SUMS6: Z1 = isum·(d·dx) for the input whose C rows are at (R12) and 1024(R12) and whose
// scale is at (R13).
#define SUMS6 \
	VPSLLD $8, 1024(R12), Z1; \
	VPADDD (R12), Z1, Z1; \
	VCVTDQ2PS Z1, Z1; \
	VMULPS.BCST (R13), Z20, Z4; \
	VMULPS Z4, Z1, Z1

// func q6_Kr16x16AMX(w *byte, xq *int8, cols int, px *byte, tmp *int32, acc, out *float32, ostride, n, first, last int)
// q4_Kr16x16AMX for an unpacked Q6_K super-block (q6Kr16AMXUnpack): a += isum·(d·dx),
// q6KAdd's chain; px's records as q4_Kr16x16AMX's (their sum pairs unused).
TEXT ·q6_Kr16x16AMX(SB), NOSPLIT, $0-88
	KARGS
	TILES($0x5B)

q6kamxpass:
	MOVQ AX, R12
	XORQ $2048, AX
	CMPQ R11, $16
	JLE q6kamxsums
	TILES($0x5B)

q6kamxsums:
	MOVQ $16, CX
	CMPQ R11, CX
	CMOVQLT R11, CX
	MOVQ R8, R13
	CMPQ first+72(FP), $0
	JNE q6kamxfirst
	CMPQ last+80(FP), $0
	JNE q6kamxlastonly

q6kamxmid:
	BYTE $0x41; BYTE $0x0F; BYTE $0x0D; BYTE $0x0E // PREFETCHW (R14)
	SUMS6
	VADDPS (R9), Z1, Z6
	VMOVUPS Z6, (R9)
	NEXT
	JNZ q6kamxmid
	JMP q6kamxdone

q6kamxlastonly:
	SUMS6
	VADDPS (R9), Z1, Z6
	VMOVUPS Z6, (R14)
	NEXT
	JNZ q6kamxlastonly
	JMP q6kamxdone

q6kamxfirst:
	CMPQ last+80(FP), $0
	JNE q6kamxboth

q6kamxfirstonly:
	BYTE $0x41; BYTE $0x0F; BYTE $0x0D; BYTE $0x0E // PREFETCHW (R14)
	SUMS6
	VXORPS Z6, Z6, Z6
	VADDPS Z1, Z6, Z6
	VMOVUPS Z6, (R9)
	NEXT
	JNZ q6kamxfirstonly
	JMP q6kamxdone

q6kamxboth:
	SUMS6
	VXORPS Z6, Z6, Z6
	VADDPS Z1, Z6, Z6
	VMOVUPS Z6, (R14)
	NEXT
	JNZ q6kamxboth

q6kamxdone:
	ADDQ $320, R8
	SUBQ $16, R11
	JGT q6kamxpass
	BYTE $0xC4; BYTE $0xE2; BYTE $0x78; BYTE $0x49; BYTE $0xC0 // TILERELEASE
	VZEROUPPER
	RET
