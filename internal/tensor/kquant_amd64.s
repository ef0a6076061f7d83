//go:build amd64 && !purego

#include "textflag.h"

// K-quant kernels (Q4_K, Q6_K weights × Q8_K activations). Each reproduces the pure-Go
// reference order exactly (see kernels_go.go): integer super-block sums are exact
// whatever the instruction order, and the float chain per (weight row, input row) is
// the same sequence of separately rounded multiplies and adds, one SIMD lane per row.

// The argument prologues and DATA tables look like the generated kernels' (q8_amd64.s,
// attn_amd64.s): they are the ABI's and the tables' own shape, and a hand-written file cannot
// share code with a generated one.

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
// Q4_K weights × Q8_K activations. Per super-block and row: isum = Σ_j sc_j·Σ q·x (8 int32
// lanes, reduced later) and msum = Σ_j m_j·(bsum_2j + bsum_2j+1); both exact.

// Word k of a 128-bit lane broadcast to all 8 words (the same in both lanes).
DATA q4kShuf<>+0(SB)/8, $0x0100010001000100
DATA q4kShuf<>+8(SB)/8, $0x0100010001000100
DATA q4kShuf<>+16(SB)/8, $0x0100010001000100
DATA q4kShuf<>+24(SB)/8, $0x0100010001000100
DATA q4kShuf<>+32(SB)/8, $0x0302030203020302
DATA q4kShuf<>+40(SB)/8, $0x0302030203020302
DATA q4kShuf<>+48(SB)/8, $0x0302030203020302
DATA q4kShuf<>+56(SB)/8, $0x0302030203020302
DATA q4kShuf<>+64(SB)/8, $0x0504050405040504
DATA q4kShuf<>+72(SB)/8, $0x0504050405040504
DATA q4kShuf<>+80(SB)/8, $0x0504050405040504
DATA q4kShuf<>+88(SB)/8, $0x0504050405040504
DATA q4kShuf<>+96(SB)/8, $0x0706070607060706
DATA q4kShuf<>+104(SB)/8, $0x0706070607060706
DATA q4kShuf<>+112(SB)/8, $0x0706070607060706
DATA q4kShuf<>+120(SB)/8, $0x0706070607060706
DATA q4kShuf<>+128(SB)/8, $0x0908090809080908
DATA q4kShuf<>+136(SB)/8, $0x0908090809080908
DATA q4kShuf<>+144(SB)/8, $0x0908090809080908
DATA q4kShuf<>+152(SB)/8, $0x0908090809080908
DATA q4kShuf<>+160(SB)/8, $0x0b0a0b0a0b0a0b0a
DATA q4kShuf<>+168(SB)/8, $0x0b0a0b0a0b0a0b0a
DATA q4kShuf<>+176(SB)/8, $0x0b0a0b0a0b0a0b0a
DATA q4kShuf<>+184(SB)/8, $0x0b0a0b0a0b0a0b0a
DATA q4kShuf<>+192(SB)/8, $0x0d0c0d0c0d0c0d0c
DATA q4kShuf<>+200(SB)/8, $0x0d0c0d0c0d0c0d0c
DATA q4kShuf<>+208(SB)/8, $0x0d0c0d0c0d0c0d0c
DATA q4kShuf<>+216(SB)/8, $0x0d0c0d0c0d0c0d0c
DATA q4kShuf<>+224(SB)/8, $0x0f0e0f0e0f0e0f0e
DATA q4kShuf<>+232(SB)/8, $0x0f0e0f0e0f0e0f0e
DATA q4kShuf<>+240(SB)/8, $0x0f0e0f0e0f0e0f0e
DATA q4kShuf<>+248(SB)/8, $0x0f0e0f0e0f0e0f0e
GLOBL q4kShuf<>(SB), RODATA|NOPTR, $256

// [d0 dm0 d1 dm1 ...] -> [d0 d1 d2 d3 dm0 dm1 dm2 dm3]
DATA q4kPerm<>+0(SB)/4, $0
DATA q4kPerm<>+4(SB)/4, $2
DATA q4kPerm<>+8(SB)/4, $4
DATA q4kPerm<>+12(SB)/4, $6
DATA q4kPerm<>+16(SB)/4, $1
DATA q4kPerm<>+20(SB)/4, $3
DATA q4kPerm<>+24(SB)/4, $5
DATA q4kPerm<>+28(SB)/4, $7
GLOBL q4kPerm<>(SB), RODATA|NOPTR, $32

// Q4KCHUNK(j, acc): 64 elements of the row at R10 (sub-blocks 2j, 2j+1).
#define Q4KCHUNK(qoff, xoff, shlo, shhi, acc) \
	VMOVDQU qoff(R10), Y10; \
	VPAND Y14, Y10, Y11; \
	VPSRLW $4, Y10, Y10; \
	VPAND Y14, Y10, Y10; \
	VPMADDUBSW xoff(DI), Y11, Y11; \
	VPSHUFB q4kShuf<>+shlo(SB), Y12, Y9; \
	VPMADDWD Y9, Y11, Y11; \
	VPADDD Y11, acc, acc; \
	VPMADDUBSW xoff+32(DI), Y10, Y10; \
	VPSHUFB q4kShuf<>+shhi(SB), Y12, Y9; \
	VPMADDWD Y9, Y10, Y10; \
	VPADDD Y10, acc, acc

// Q4KROW(isum, msum): one row at R10. The 6-bit scales/mins are unpacked in GPRs:
// scales 0-3 = low 6 bits of bytes 0-3, mins 0-3 = of bytes 4-7; scales 4-7 = low
// nibbles of bytes 8-11 | top bits of bytes 0-3 << 4; mins 4-7 = high nibbles of
// bytes 8-11 | top bits of bytes 4-7 << 4.
#define Q4KROW(isum, msum) \
	MOVL 4(R10), AX; \
	MOVL 8(R10), R11; \
	MOVL 12(R10), R12; \
	MOVL AX, R13; \
	ANDL $0x3f3f3f3f, R13; \
	MOVL R12, R14; \
	ANDL $0x0f0f0f0f, R14; \
	SHRL $6, AX; \
	ANDL $0x03030303, AX; \
	SHLL $4, AX; \
	ORL AX, R14; \
	SHLQ $32, R14; \
	ORQ R14, R13; \
	MOVL R11, AX; \
	ANDL $0x3f3f3f3f, AX; \
	SHRL $4, R12; \
	ANDL $0x0f0f0f0f, R12; \
	SHRL $6, R11; \
	ANDL $0x03030303, R11; \
	SHLL $4, R11; \
	ORL R11, R12; \
	SHLQ $32, R12; \
	ORQ R12, AX; \
	VMOVQ R13, X12; \
	VPMOVZXBW X12, X12; \
	VINSERTI128 $1, X12, Y12, Y12; \
	VMOVQ AX, X13; \
	VPUNPCKLBW X13, X13, X13; \
	VPMOVZXBW X13, Y13; \
	VPMADDWD (R9), Y13, msum; \
	VPXOR isum, isum, isum; \
	Q4KCHUNK(16, 0, 0, 32, isum); \
	Q4KCHUNK(48, 64, 64, 96, isum); \
	Q4KCHUNK(80, 128, 128, 160, isum); \
	Q4KCHUNK(112, 192, 192, 224, isum)

// KRED(r0, r1, r2, r3, m0, m1, m2, m3): r0 = [Σr0 Σr1 Σr2 Σr3 | Σm0 Σm1 Σm2 Σm3] of the
// eight 8-lane int32 vectors (r1, r2 clobbered).
#define KRED(r0, r1, r2, r3, m0, m1, m2, m3) \
	VPHADDD r1, r0, r0; \
	VPHADDD r3, r2, r2; \
	VPHADDD r2, r0, r0; \
	VPHADDD m1, m0, m0; \
	VPHADDD m3, m2, m2; \
	VPHADDD m2, m0, m0; \
	VPERM2I128 $0x20, m0, r0, r1; \
	VPERM2I128 $0x31, m0, r0, r2; \
	VPADDD r2, r1, r0

// Q4KACC: X8 += d·isum - dmin·msum of the four rows, Y0 = [isum rows 0..3 | msum rows 0..3]
// (Y15 = q4kPerm; Y1, Y2 clobbered).
#define Q4KACC \
	VCVTDQ2PS Y0, Y0; \
	VMOVD (SI), X1; \
	VPINSRD $1, (SI)(BX*1), X1, X1; \
	VPINSRD $2, (SI)(BX*2), X1, X1; \
	VPINSRD $3, (SI)(R8*1), X1, X1; \
	VCVTPH2PS X1, Y1; \
	VPERMPS Y1, Y15, Y1; \
	VBROADCASTSS (DX), Y2; \
	VMULPS Y2, Y1, Y1; \
	VMULPS Y1, Y0, Y0; \
	VADDPS X0, X8, X8; \
	VEXTRACTF128 $1, Y0, X1; \
	VSUBPS X1, X8, X8

// PFK(pf, off): prefetch the four rows' bytes pf+off.. (pf is an argument; R10 clobbered).
#define PFK(pf, off) \
	MOVQ pf, R10; \
	ADDQ SI, R10; \
	PREFETCHT0 off(R10); \
	PREFETCHT0 off(R10)(BX*1); \
	PREFETCHT0 off(R10)(BX*2); \
	PREFETCHT0 off(R10)(R8*1)

// func q4_Kx4AVX2(w *byte, stride, nb int, xq *int8, xd *float32, bs *int16, out *[4]float32, pf int)
TEXT ·q4_Kx4AVX2(SB), NOSPLIT, $0-64
	MOVQ w+0(FP), SI
	MOVQ stride+8(FP), BX
	MOVQ nb+16(FP), CX
	MOVQ xq+24(FP), DI
	MOVQ xd+32(FP), DX
	MOVQ bs+40(FP), R9
	LEAQ (BX)(BX*2), R8
	VPCMPEQW Y14, Y14, Y14
	VPSRLW $12, Y14, Y14
	VPACKUSWB Y14, Y14, Y14
	VMOVDQU q4kPerm<>(SB), Y15
	VXORPS X8, X8, X8
	TESTQ CX, CX
	JE q4kdone

q4kloop:
	PFK(pf+56(FP), 0)
	PFK(pf+56(FP), 64)
	PFK(pf+56(FP), 128)
	MOVQ SI, R10
	Q4KROW(Y0, Y4)
	LEAQ (SI)(BX*1), R10
	Q4KROW(Y1, Y5)
	LEAQ (SI)(BX*2), R10
	Q4KROW(Y2, Y6)
	LEAQ (SI)(R8*1), R10
	Q4KROW(Y3, Y7)
	KRED(Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7)
	Q4KACC
	ADDQ $144, SI
	ADDQ $256, DI
	ADDQ $4, DX
	ADDQ $32, R9
	DECQ CX
	JNZ q4kloop

q4kdone:
	MOVQ out+48(FP), AX
	VMOVUPS X8, (AX)
	VZEROUPPER
	RET

// ---------------------------------------------------------------------------------
// Q6_K weights × Q8_K activations: Σ_g sc_g·(Σ q6·x - 32·bsum_g) with q6 unsigned 0..63.

// Bytes 2p (×8) then 2p+1 (×8): the int8 scales of the two 16-element groups of chunk p.
DATA q6kShuf<>+0(SB)/8, $0x0000000000000000
DATA q6kShuf<>+8(SB)/8, $0x0101010101010101
DATA q6kShuf<>+16(SB)/8, $0x0202020202020202
DATA q6kShuf<>+24(SB)/8, $0x0303030303030303
DATA q6kShuf<>+32(SB)/8, $0x0404040404040404
DATA q6kShuf<>+40(SB)/8, $0x0505050505050505
DATA q6kShuf<>+48(SB)/8, $0x0606060606060606
DATA q6kShuf<>+56(SB)/8, $0x0707070707070707
DATA q6kShuf<>+64(SB)/8, $0x0808080808080808
DATA q6kShuf<>+72(SB)/8, $0x0909090909090909
DATA q6kShuf<>+80(SB)/8, $0x0a0a0a0a0a0a0a0a
DATA q6kShuf<>+88(SB)/8, $0x0b0b0b0b0b0b0b0b
DATA q6kShuf<>+96(SB)/8, $0x0c0c0c0c0c0c0c0c
DATA q6kShuf<>+104(SB)/8, $0x0d0d0d0d0d0d0d0d
DATA q6kShuf<>+112(SB)/8, $0x0e0e0e0e0e0e0e0e
DATA q6kShuf<>+120(SB)/8, $0x0f0f0f0f0f0f0f0f
GLOBL q6kShuf<>(SB), RODATA|NOPTR, $128

// Q6KDOT(q, xoff, shoff, acc): acc += scale-weighted q·x for one 32-element chunk.
#define Q6KDOT(q, xoff, shoff, acc) \
	VPMADDUBSW xoff(DI), q, q; \
	VPSHUFB q6kShuf<>+shoff(SB), X12, X9; \
	VPMOVSXBW X9, Y9; \
	VPMADDWD Y9, q, q; \
	VPADDD q, acc, acc

// Q6KHALF(h): 128 elements: ql at 64h, qh at 128+32h, x at 128h, chunks p = 4h..4h+3.
#define Q6KHALF(qloff, qloff2, qhoff, x0, x1, x2, x3, s0, s1, s2, s3, acc) \
	VMOVDQU qloff(R10), Y4; \
	VMOVDQU qloff2(R10), Y5; \
	VMOVDQU qhoff(R10), Y6; \
	VPAND Y14, Y6, Y7; \
	VPSLLW $4, Y7, Y7; \
	VPAND Y15, Y4, Y8; \
	VPOR Y7, Y8, Y8; \
	Q6KDOT(Y8, x0, s0, acc); \
	VPSLLW $2, Y6, Y7; \
	VPAND Y13, Y7, Y7; \
	VPAND Y15, Y5, Y8; \
	VPOR Y7, Y8, Y8; \
	Q6KDOT(Y8, x1, s1, acc); \
	VPSRLW $4, Y4, Y8; \
	VPAND Y15, Y8, Y8; \
	VPAND Y13, Y6, Y7; \
	VPOR Y7, Y8, Y8; \
	Q6KDOT(Y8, x2, s2, acc); \
	VPSRLW $4, Y5, Y8; \
	VPAND Y15, Y8, Y8; \
	VPSRLW $2, Y6, Y7; \
	VPAND Y13, Y7, Y7; \
	VPOR Y7, Y8, Y8; \
	Q6KDOT(Y8, x3, s3, acc)

#define Q6KROW(acc) \
	VMOVDQU 192(R10), X12; \
	VPXOR acc, acc, acc; \
	Q6KHALF(0, 32, 128, 0, 32, 64, 96, 0, 16, 32, 48, acc); \
	Q6KHALF(64, 96, 160, 128, 160, 192, 224, 64, 80, 96, 112, acc); \
	VPMOVSXBW X12, Y9; \
	VPMADDWD (R9), Y9, Y9; \
	VPSLLD $5, Y9, Y9; \
	VPSUBD Y9, acc, acc

// func q6_Kx4AVX2(w *byte, stride, nb int, xq *int8, xd *float32, bs *int16, out *[4]float32, pf int)
TEXT ·q6_Kx4AVX2(SB), NOSPLIT, $0-64
	MOVQ w+0(FP), SI
	MOVQ stride+8(FP), BX
	MOVQ nb+16(FP), CX
	MOVQ xq+24(FP), DI
	MOVQ xd+32(FP), DX
	MOVQ bs+40(FP), R9
	LEAQ (BX)(BX*2), R8
	VPCMPEQW Y15, Y15, Y15
	VPSRLW $12, Y15, Y15
	VPACKUSWB Y15, Y15, Y15
	VPSRLW $2, Y15, Y14
	VPAND Y15, Y14, Y14
	VPSLLW $4, Y14, Y13
	VXORPS X11, X11, X11
	TESTQ CX, CX
	JE q6kdone

q6kloop:
	PFK(pf+56(FP), 0)
	PFK(pf+56(FP), 64)
	PFK(pf+56(FP), 128)
	PFK(pf+56(FP), 192)
	MOVQ SI, R10
	Q6KROW(Y0)
	LEAQ (SI)(BX*1), R10
	Q6KROW(Y1)
	LEAQ (SI)(BX*2), R10
	Q6KROW(Y2)
	LEAQ (SI)(R8*1), R10
	Q6KROW(Y3)
	HSUM4(Y0, Y1, Y2, Y3, X0)
	VCVTDQ2PS X0, X0
	DW4(208, X1)
	VBROADCASTSS (DX), X2
	VMULPS X2, X1, X1
	VMULPS X1, X0, X0
	VADDPS X0, X11, X11
	ADDQ $210, SI
	ADDQ $256, DI
	ADDQ $4, DX
	ADDQ $32, R9
	DECQ CX
	JNZ q6kloop

q6kdone:
	MOVQ out+48(FP), AX
	VMOVUPS X11, (AX)
	VZEROUPPER
	RET

// ---------------------------------------------------------------------------------
// AVX-512 Q4_K kernel: the AVX2 kernel's arithmetic (kernels_amd64.s) with two weight rows
// per zmm (row q in the low 256 bits, row q+1 in the high), the 6-bit scales of all four
// rows unpacked at once in vector registers, and the same float sequence per row.

// Per 128-bit lane of dwords [sc0-3, sc4-7, sc8-11, -]: shifts and masks giving
// [scales 0-3, scales 4-7, mins 0-3, mins 4-7] (see Q4KROW in kernels_amd64.s).
DATA q4kzShP<>+0(SB)/8, $0x0000000200000000
DATA q4kzShP<>+8(SB)/8, $0x0000000200000000
DATA q4kzMaskP<>+0(SB)/8, $0x303030303f3f3f3f
DATA q4kzMaskP<>+8(SB)/8, $0x303030303f3f3f3f
DATA q4kzShQ<>+0(SB)/8, $0x0000000000000000
DATA q4kzShQ<>+8(SB)/8, $0x0000000400000000
DATA q4kzMaskQ<>+0(SB)/8, $0x0f0f0f0f00000000
DATA q4kzMaskQ<>+8(SB)/8, $0x0f0f0f0f00000000
GLOBL q4kzShP<>(SB), RODATA|NOPTR, $16
GLOBL q4kzMaskP<>(SB), RODATA|NOPTR, $16
GLOBL q4kzShQ<>(SB), RODATA|NOPTR, $16
GLOBL q4kzMaskQ<>(SB), RODATA|NOPTR, $16

// Q4KZPAIR(woff, w1, s, shlo, shhi, acc): the 64 elements of chunk j for the row pair
// at (SI)(w0) and (SI)(w1): acc += scale-weighted nibbles · x (Z11 = x lo, Z12 = x hi
// broadcast to both halves); s holds the pair's scale words, shlo/shhi the word pickers.
#define Q4KZPAIR(wlo, whi, s, shlo, shhi, acc) \
	VMOVDQU32 wlo, Y28; \
	VINSERTI64X4 $1, whi, Z28, Z28; \
	VPANDD Z31, Z28, Z29; \
	VPSRLW $4, Z28, Z28; \
	VPANDD Z31, Z28, Z28; \
	VPMADDUBSW Z11, Z29, Z29; \
	VPSHUFB shlo, s, Z13; \
	VPMADDWD Z13, Z29, Z29; \
	VPADDD Z29, acc, acc; \
	VPMADDUBSW Z12, Z28, Z28; \
	VPSHUFB shhi, s, Z13; \
	VPMADDWD Z13, Z28, Z28; \
	VPADDD Z28, acc, acc

#define Q4KZCHUNK(qoff, xoff, shlo, shhi) \
	VBROADCASTI64X4 xoff(DI), Z11; \
	VBROADCASTI64X4 xoff+32(DI), Z12; \
	Q4KZPAIR(qoff(SI), qoff(SI)(BX*1), Z9, shlo, shhi, Z0); \
	Q4KZPAIR(qoff(SI)(BX*2), qoff(SI)(R8*1), Z10, shlo, shhi, Z2)

// The AVX-512 kernels' shared pieces: the two kernels of a type (one input, two inputs)
// set up and load the same way.

// Q4KZCONST: Z31 = 0x0f bytes, Z16-Z23 the q4kShuf word pickers.
#define Q4KZCONST \
	VPTERNLOGD $0xff, Z31, Z31, Z31; \
	VPSRLW $12, Z31, Z31; \
	VPACKUSWB Z31, Z31, Z31; \
	VBROADCASTI32X4 q4kShuf<>+0(SB), Z16; \
	VBROADCASTI32X4 q4kShuf<>+32(SB), Z17; \
	VBROADCASTI32X4 q4kShuf<>+64(SB), Z18; \
	VBROADCASTI32X4 q4kShuf<>+96(SB), Z19; \
	VBROADCASTI32X4 q4kShuf<>+128(SB), Z20; \
	VBROADCASTI32X4 q4kShuf<>+160(SB), Z21; \
	VBROADCASTI32X4 q4kShuf<>+192(SB), Z22; \
	VBROADCASTI32X4 q4kShuf<>+224(SB), Z23

// PFKZ: prefetch the four rows' first 192 bytes at pf (R11) past SI (R10 clobbered).
#define PFKZ \
	LEAQ (SI)(R11*1), R10; \
	PREFETCHT0 (R10); \
	PREFETCHT0 (R10)(BX*1); \
	PREFETCHT0 (R10)(BX*2); \
	PREFETCHT0 (R10)(R8*1); \
	PREFETCHT0 64(R10); \
	PREFETCHT0 64(R10)(BX*1); \
	PREFETCHT0 64(R10)(BX*2); \
	PREFETCHT0 64(R10)(R8*1); \
	PREFETCHT0 128(R10); \
	PREFETCHT0 128(R10)(BX*1); \
	PREFETCHT0 128(R10)(BX*2); \
	PREFETCHT0 128(R10)(R8*1)

// Q4KZSCMIN: Z25 lane q = row q's [scales 0-7, mins 0-7] bytes; Z14 lane q = row q's mins
// as byte pairs [m0 m0 m1 m1 ...] (Z24, Z26, Z27 clobbered).
#define Q4KZSCMIN \
	VMOVDQU32 4(SI), X24; \
	VINSERTI32X4 $1, 4(SI)(BX*1), Y24, Y24; \
	VMOVDQU32 4(SI)(BX*2), X25; \
	VINSERTI32X4 $1, 4(SI)(R8*1), Y25, Y25; \
	VINSERTI64X4 $1, Y25, Z24, Z24; \
	VPSHUFD $0x50, Z24, Z25; \
	VPSHUFD $0xaa, Z24, Z26; \
	VBROADCASTI32X4 q4kzShP<>(SB), Z27; \
	VPSRLVD Z27, Z25, Z25; \
	VBROADCASTI32X4 q4kzMaskP<>(SB), Z27; \
	VPANDD Z27, Z25, Z25; \
	VBROADCASTI32X4 q4kzShQ<>(SB), Z27; \
	VPSRLVD Z27, Z26, Z26; \
	VBROADCASTI32X4 q4kzMaskQ<>(SB), Z27; \
	VPANDD Z27, Z26, Z26; \
	VPORD Z26, Z25, Z25; \
	VPUNPCKHBW Z25, Z25, Z14

// func q4_Kx4AVX512(w *byte, stride, nb int, xq *int8, xd *float32, bs *int16, out *[4]float32, pf int)
TEXT ·q4_Kx4AVX512(SB), NOSPLIT, $0-64
	MOVQ w+0(FP), SI
	MOVQ stride+8(FP), BX
	MOVQ nb+16(FP), CX
	MOVQ xq+24(FP), DI
	MOVQ xd+32(FP), DX
	MOVQ bs+40(FP), R9
	MOVQ pf+56(FP), R11
	LEAQ (BX)(BX*2), R8
	Q4KZCONST
	VMOVDQU q4kPerm<>(SB), Y15
	VXORPS X8, X8, X8
	TESTQ CX, CX
	JE q4kzdone

q4kzloop:
	PFKZ

	Q4KZSCMIN
	VBROADCASTI64X4 (R9), Z30

	// Rows 0, 1: Z9 = scale words [row 0, row 0, row 1, row 1] by lane; Z4 = msum.
	VPMOVZXBW Y25, Z9
	VSHUFI64X2 $0xa0, Z9, Z9, Z9
	VPMOVZXBW Y14, Z27
	VPMADDWD Z30, Z27, Z4
	// Rows 2, 3 likewise in Z10, Z6.
	VEXTRACTI64X4 $1, Z25, Y26
	VPMOVZXBW Y26, Z10
	VSHUFI64X2 $0xa0, Z10, Z10, Z10
	VEXTRACTI64X4 $1, Z14, Y26
	VPMOVZXBW Y26, Z27
	VPMADDWD Z30, Z27, Z6

	VPXORD Z0, Z0, Z0
	VPXORD Z2, Z2, Z2
	Q4KZCHUNK(16, 0, Z16, Z17)
	Q4KZCHUNK(48, 64, Z18, Z19)
	Q4KZCHUNK(80, 128, Z20, Z21)
	Q4KZCHUNK(112, 192, Z22, Z23)

	// Y0..Y3 = isum rows 0..3, Y4..Y7 = msum rows 0..3 (8 lanes each), then as q4_Kx4AVX2.
	VEXTRACTI64X4 $1, Z0, Y1
	VEXTRACTI64X4 $1, Z2, Y3
	VEXTRACTI64X4 $1, Z4, Y5
	VEXTRACTI64X4 $1, Z6, Y7
	KRED(Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7)
	Q4KACC
	ADDQ $144, SI
	ADDQ $256, DI
	ADDQ $4, DX
	ADDQ $32, R9
	DECQ CX
	JNZ q4kzloop

q4kzdone:
	MOVQ out+48(FP), AX
	VMOVUPS X8, (AX)
	VZEROUPPER
	RET

// Q4KZPAIR2: Q4KZPAIR against two inputs (x lo/hi in Z11/Z12 and Z13/Z15): the nibbles
// and scale words are unpacked once for both.
#define Q4KZPAIR2(wlo, whi, s, shlo, shhi, acc0, acc1) \
	VMOVDQU32 wlo, Y24; \
	VINSERTI64X4 $1, whi, Z24, Z24; \
	VPANDD Z31, Z24, Z25; \
	VPSRLW $4, Z24, Z24; \
	VPANDD Z31, Z24, Z24; \
	VPSHUFB shlo, s, Z26; \
	VPSHUFB shhi, s, Z27; \
	VPMADDUBSW Z11, Z25, Z28; \
	VPMADDWD Z26, Z28, Z28; \
	VPADDD Z28, acc0, acc0; \
	VPMADDUBSW Z12, Z24, Z28; \
	VPMADDWD Z27, Z28, Z28; \
	VPADDD Z28, acc0, acc0; \
	VPMADDUBSW Z13, Z25, Z28; \
	VPMADDWD Z26, Z28, Z28; \
	VPADDD Z28, acc1, acc1; \
	VPMADDUBSW Z15, Z24, Z28; \
	VPMADDWD Z27, Z28, Z28; \
	VPADDD Z28, acc1, acc1

#define Q4KZCHUNK2(qoff, xoff, shlo, shhi) \
	VBROADCASTI64X4 xoff(DI), Z11; \
	VBROADCASTI64X4 xoff+32(DI), Z12; \
	VBROADCASTI64X4 xoff(R12), Z13; \
	VBROADCASTI64X4 xoff+32(R12), Z15; \
	Q4KZPAIR2(qoff(SI), qoff(SI)(BX*1), Z9, shlo, shhi, Z0, Z1); \
	Q4KZPAIR2(qoff(SI)(BX*2), qoff(SI)(R8*1), Z10, shlo, shhi, Z2, Z3)

// func q4_Kx4x2AVX512(w *byte, stride, nb int, xq0, xq1 *int8, xd0, xd1 *float32, bs0, bs1 *int16, out *[8]float32, pf int)
// Four weight rows against two inputs.
TEXT ·q4_Kx4x2AVX512(SB), NOSPLIT, $0-88
	MOVQ w+0(FP), SI
	MOVQ stride+8(FP), BX
	MOVQ nb+16(FP), CX
	MOVQ xq0+24(FP), DI
	MOVQ xq1+32(FP), R12
	MOVQ xd0+40(FP), DX
	MOVQ xd1+48(FP), R13
	MOVQ bs0+56(FP), R9
	MOVQ bs1+64(FP), R14
	MOVQ pf+80(FP), R11
	LEAQ (BX)(BX*2), R8
	Q4KZCONST
	VXORPS X8, X8, X8
	VXORPS X29, X29, X29
	TESTQ CX, CX
	JE q4kz2done

q4kz2loop:
	PFKZ

	// Scales and mins as in q4_Kx4AVX512; msums of input 1 in Z5, Z7.
	Q4KZSCMIN
	VBROADCASTI64X4 (R9), Z28
	VBROADCASTI64X4 (R14), Z26

	VPMOVZXBW Y25, Z9
	VSHUFI64X2 $0xa0, Z9, Z9, Z9
	VPMOVZXBW Y14, Z27
	VPMADDWD Z28, Z27, Z4
	VPMADDWD Z26, Z27, Z5
	VEXTRACTI64X4 $1, Z25, Y24
	VPMOVZXBW Y24, Z10
	VSHUFI64X2 $0xa0, Z10, Z10, Z10
	VEXTRACTI64X4 $1, Z14, Y24
	VPMOVZXBW Y24, Z27
	VPMADDWD Z28, Z27, Z6
	VPMADDWD Z26, Z27, Z7

	VPXORD Z0, Z0, Z0
	VPXORD Z1, Z1, Z1
	VPXORD Z2, Z2, Z2
	VPXORD Z3, Z3, Z3
	Q4KZCHUNK2(16, 0, Z16, Z17)
	Q4KZCHUNK2(48, 64, Z18, Z19)
	Q4KZCHUNK2(80, 128, Z20, Z21)
	Q4KZCHUNK2(112, 192, Z22, Z23)

	// Input 1 (isums Z1, Z3, msums Z5, Z7) into Y1, then input 0 into Y0.
	VEXTRACTI64X4 $1, Z1, Y9
	VEXTRACTI64X4 $1, Z3, Y10
	VEXTRACTI64X4 $1, Z5, Y11
	VEXTRACTI64X4 $1, Z7, Y12
	KRED(Y1, Y9, Y3, Y10, Y5, Y11, Y7, Y12)
	VEXTRACTI64X4 $1, Z0, Y9
	VEXTRACTI64X4 $1, Z2, Y10
	VEXTRACTI64X4 $1, Z4, Y11
	VEXTRACTI64X4 $1, Z6, Y12
	KRED(Y0, Y9, Y2, Y10, Y4, Y11, Y6, Y12)
	// Y13 = [d rows 0..3 | dmin rows 0..3].
	VMOVD (SI), X13
	VPINSRD $1, (SI)(BX*1), X13, X13
	VPINSRD $2, (SI)(BX*2), X13, X13
	VPINSRD $3, (SI)(R8*1), X13, X13
	VCVTPH2PS X13, Y13
	VMOVDQU q4kPerm<>(SB), Y14
	VPERMPS Y13, Y14, Y13
	VCVTDQ2PS Y0, Y0
	VBROADCASTSS (DX), Y2
	VMULPS Y2, Y13, Y2
	VMULPS Y2, Y0, Y0
	VADDPS X0, X8, X8
	VEXTRACTF128 $1, Y0, X2
	VSUBPS X2, X8, X8
	VCVTDQ2PS Y1, Y1
	VBROADCASTSS (R13), Y2
	VMULPS Y2, Y13, Y2
	VMULPS Y2, Y1, Y1
	VADDPS X1, X29, X29
	VEXTRACTF128 $1, Y1, X2
	VSUBPS X2, X29, X29
	ADDQ $144, SI
	ADDQ $256, DI
	ADDQ $256, R12
	ADDQ $4, DX
	ADDQ $4, R13
	ADDQ $32, R9
	ADDQ $32, R14
	DECQ CX
	JNZ q4kz2loop

q4kz2done:
	MOVQ out+72(FP), AX
	VMOVUPS X8, (AX)
	VMOVUPS X29, 16(AX)
	VZEROUPPER
	RET

// ---------------------------------------------------------------------------------
// AVX-512 Q6_K kernel: q6_Kx4AVX2's arithmetic with two weight rows per zmm as in
// q4_Kx4AVX512, the 6-bit values assembled with VPTERNLOGD, and each chunk's scales
// picked from the sign-extended scale words with VPERMW.

// VPERMW indices for chunk p (0..7): words 0-7 of each 256-bit half take scale 2p of
// that half's row, words 8-15 scale 2p+1 (the row's 16 scale words start at word 0 or 16).
DATA q6kzIdx<>+0(SB)/8, $0x0000000000000000
DATA q6kzIdx<>+8(SB)/8, $0x0000000000000000
DATA q6kzIdx<>+16(SB)/8, $0x0001000100010001
DATA q6kzIdx<>+24(SB)/8, $0x0001000100010001
DATA q6kzIdx<>+32(SB)/8, $0x0010001000100010
DATA q6kzIdx<>+40(SB)/8, $0x0010001000100010
DATA q6kzIdx<>+48(SB)/8, $0x0011001100110011
DATA q6kzIdx<>+56(SB)/8, $0x0011001100110011
DATA q6kzIdx<>+64(SB)/8, $0x0002000200020002
DATA q6kzIdx<>+72(SB)/8, $0x0002000200020002
DATA q6kzIdx<>+80(SB)/8, $0x0003000300030003
DATA q6kzIdx<>+88(SB)/8, $0x0003000300030003
DATA q6kzIdx<>+96(SB)/8, $0x0012001200120012
DATA q6kzIdx<>+104(SB)/8, $0x0012001200120012
DATA q6kzIdx<>+112(SB)/8, $0x0013001300130013
DATA q6kzIdx<>+120(SB)/8, $0x0013001300130013
DATA q6kzIdx<>+128(SB)/8, $0x0004000400040004
DATA q6kzIdx<>+136(SB)/8, $0x0004000400040004
DATA q6kzIdx<>+144(SB)/8, $0x0005000500050005
DATA q6kzIdx<>+152(SB)/8, $0x0005000500050005
DATA q6kzIdx<>+160(SB)/8, $0x0014001400140014
DATA q6kzIdx<>+168(SB)/8, $0x0014001400140014
DATA q6kzIdx<>+176(SB)/8, $0x0015001500150015
DATA q6kzIdx<>+184(SB)/8, $0x0015001500150015
DATA q6kzIdx<>+192(SB)/8, $0x0006000600060006
DATA q6kzIdx<>+200(SB)/8, $0x0006000600060006
DATA q6kzIdx<>+208(SB)/8, $0x0007000700070007
DATA q6kzIdx<>+216(SB)/8, $0x0007000700070007
DATA q6kzIdx<>+224(SB)/8, $0x0016001600160016
DATA q6kzIdx<>+232(SB)/8, $0x0016001600160016
DATA q6kzIdx<>+240(SB)/8, $0x0017001700170017
DATA q6kzIdx<>+248(SB)/8, $0x0017001700170017
DATA q6kzIdx<>+256(SB)/8, $0x0008000800080008
DATA q6kzIdx<>+264(SB)/8, $0x0008000800080008
DATA q6kzIdx<>+272(SB)/8, $0x0009000900090009
DATA q6kzIdx<>+280(SB)/8, $0x0009000900090009
DATA q6kzIdx<>+288(SB)/8, $0x0018001800180018
DATA q6kzIdx<>+296(SB)/8, $0x0018001800180018
DATA q6kzIdx<>+304(SB)/8, $0x0019001900190019
DATA q6kzIdx<>+312(SB)/8, $0x0019001900190019
DATA q6kzIdx<>+320(SB)/8, $0x000a000a000a000a
DATA q6kzIdx<>+328(SB)/8, $0x000a000a000a000a
DATA q6kzIdx<>+336(SB)/8, $0x000b000b000b000b
DATA q6kzIdx<>+344(SB)/8, $0x000b000b000b000b
DATA q6kzIdx<>+352(SB)/8, $0x001a001a001a001a
DATA q6kzIdx<>+360(SB)/8, $0x001a001a001a001a
DATA q6kzIdx<>+368(SB)/8, $0x001b001b001b001b
DATA q6kzIdx<>+376(SB)/8, $0x001b001b001b001b
DATA q6kzIdx<>+384(SB)/8, $0x000c000c000c000c
DATA q6kzIdx<>+392(SB)/8, $0x000c000c000c000c
DATA q6kzIdx<>+400(SB)/8, $0x000d000d000d000d
DATA q6kzIdx<>+408(SB)/8, $0x000d000d000d000d
DATA q6kzIdx<>+416(SB)/8, $0x001c001c001c001c
DATA q6kzIdx<>+424(SB)/8, $0x001c001c001c001c
DATA q6kzIdx<>+432(SB)/8, $0x001d001d001d001d
DATA q6kzIdx<>+440(SB)/8, $0x001d001d001d001d
DATA q6kzIdx<>+448(SB)/8, $0x000e000e000e000e
DATA q6kzIdx<>+456(SB)/8, $0x000e000e000e000e
DATA q6kzIdx<>+464(SB)/8, $0x000f000f000f000f
DATA q6kzIdx<>+472(SB)/8, $0x000f000f000f000f
DATA q6kzIdx<>+480(SB)/8, $0x001e001e001e001e
DATA q6kzIdx<>+488(SB)/8, $0x001e001e001e001e
DATA q6kzIdx<>+496(SB)/8, $0x001f001f001f001f
DATA q6kzIdx<>+504(SB)/8, $0x001f001f001f001f
GLOBL q6kzIdx<>(SB), RODATA|NOPTR, $512

// Q6KZHALF: the 128 elements of one half for a row pair: the two rows' first and second
// 32 ql bytes and their 32 qh bytes (each as low row, high row), x chunks in Z11-Z14,
// scale words in s, the four chunks' VPERMW indices i0-i3. Z30 = 0x30 bytes, Z31 = 0x0f.
#define Q6KZHALF(ql0lo, ql0hi, ql1lo, ql1hi, qhlo, qhhi, s, acc, i0, i1, i2, i3) \
	VMOVDQU32 ql0lo, Y24; \
	VINSERTI64X4 $1, ql0hi, Z24, Z24; \
	VMOVDQU32 ql1lo, Y25; \
	VINSERTI64X4 $1, ql1hi, Z25, Z25; \
	VMOVDQU32 qhlo, Y26; \
	VINSERTI64X4 $1, qhhi, Z26, Z26; \
	VPSLLW $4, Z26, Z27; \
	VPANDD Z30, Z27, Z27; \
	VPTERNLOGD $0xf8, Z31, Z24, Z27; \
	Q6KZDOT(Z11, s, i0, acc); \
	VPSLLW $2, Z26, Z27; \
	VPANDD Z30, Z27, Z27; \
	VPTERNLOGD $0xf8, Z31, Z25, Z27; \
	Q6KZDOT(Z12, s, i1, acc); \
	VPANDD Z30, Z26, Z27; \
	VPSRLW $4, Z24, Z28; \
	VPTERNLOGD $0xf8, Z31, Z28, Z27; \
	Q6KZDOT(Z13, s, i2, acc); \
	VPSRLW $2, Z26, Z27; \
	VPANDD Z30, Z27, Z27; \
	VPSRLW $4, Z25, Z28; \
	VPTERNLOGD $0xf8, Z31, Z28, Z27; \
	Q6KZDOT(Z14, s, i3, acc)

// Q6KZDOT(x, s, idx, acc): acc += scale-weighted Z27 (6-bit values) · x.
#define Q6KZDOT(x, s, idx, acc) \
	VPMADDUBSW x, Z27, Z27; \
	VPERMW s, idx, Z28; \
	VPMADDWD Z28, Z27, Z27; \
	VPADDD Z27, acc, acc

#define Q6KZX(xoff) \
	VBROADCASTI64X4 xoff(DI), Z11; \
	VBROADCASTI64X4 xoff+32(DI), Z12; \
	VBROADCASTI64X4 xoff+64(DI), Z13; \
	VBROADCASTI64X4 xoff+96(DI), Z14

// Q6KZHALF2: Q6KZHALF against two inputs (x chunks in Z11-Z14 and Z1, Z3, Z5, Z7).
#define Q6KZHALF2(ql0lo, ql0hi, ql1lo, ql1hi, qhlo, qhhi, s, acc0, acc1, i0, i1, i2, i3) \
	VMOVDQU32 ql0lo, Y24; \
	VINSERTI64X4 $1, ql0hi, Z24, Z24; \
	VMOVDQU32 ql1lo, Y25; \
	VINSERTI64X4 $1, ql1hi, Z25, Z25; \
	VMOVDQU32 qhlo, Y26; \
	VINSERTI64X4 $1, qhhi, Z26, Z26; \
	VPSLLW $4, Z26, Z27; \
	VPANDD Z30, Z27, Z27; \
	VPTERNLOGD $0xf8, Z31, Z24, Z27; \
	Q6KZDOT2(Z11, Z1, s, i0, acc0, acc1); \
	VPSLLW $2, Z26, Z27; \
	VPANDD Z30, Z27, Z27; \
	VPTERNLOGD $0xf8, Z31, Z25, Z27; \
	Q6KZDOT2(Z12, Z3, s, i1, acc0, acc1); \
	VPANDD Z30, Z26, Z27; \
	VPSRLW $4, Z24, Z28; \
	VPTERNLOGD $0xf8, Z31, Z28, Z27; \
	Q6KZDOT2(Z13, Z5, s, i2, acc0, acc1); \
	VPSRLW $2, Z26, Z27; \
	VPANDD Z30, Z27, Z27; \
	VPSRLW $4, Z25, Z28; \
	VPTERNLOGD $0xf8, Z31, Z28, Z27; \
	Q6KZDOT2(Z14, Z7, s, i3, acc0, acc1)

// Q6KZDOT2(x0, x1, s, idx, acc0, acc1): Q6KZDOT for two inputs sharing the scale words.
#define Q6KZDOT2(x0, x1, s, idx, acc0, acc1) \
	VPERMW s, idx, Z28; \
	VPMADDUBSW x0, Z27, Z29; \
	VPMADDWD Z28, Z29, Z29; \
	VPADDD Z29, acc0, acc0; \
	VPMADDUBSW x1, Z27, Z29; \
	VPMADDWD Z28, Z29, Z29; \
	VPADDD Z29, acc1, acc1

#define Q6KZX2(xoff) \
	Q6KZX(xoff); \
	VBROADCASTI64X4 xoff(R12), Z1; \
	VBROADCASTI64X4 xoff+32(R12), Z3; \
	VBROADCASTI64X4 xoff+64(R12), Z5; \
	VBROADCASTI64X4 xoff+96(R12), Z7

// Q6KZBS(bs, s, acc): acc -= 32·Σ sc·bsum for a row pair.
#define Q6KZBS(bs, s, acc) \
	VBROADCASTI64X4 bs, Z29; \
	VPMADDWD Z29, s, Z27; \
	VPSLLD $5, Z27, Z27; \
	VPSUBD Z27, acc, acc

// Q6KZCONST: Z31 = 0x0f bytes, Z30 = 0x30 bytes, Z16-Z23 the q6kzIdx tables.
#define Q6KZCONST \
	VPTERNLOGD $0xff, Z31, Z31, Z31; \
	VPSRLW $12, Z31, Z31; \
	VPACKUSWB Z31, Z31, Z31; \
	VPSRLW $2, Z31, Z30; \
	VPANDD Z31, Z30, Z30; \
	VPSLLW $4, Z30, Z30; \
	VMOVDQU32 q6kzIdx<>+0(SB), Z16; \
	VMOVDQU32 q6kzIdx<>+64(SB), Z17; \
	VMOVDQU32 q6kzIdx<>+128(SB), Z18; \
	VMOVDQU32 q6kzIdx<>+192(SB), Z19; \
	VMOVDQU32 q6kzIdx<>+256(SB), Z20; \
	VMOVDQU32 q6kzIdx<>+320(SB), Z21; \
	VMOVDQU32 q6kzIdx<>+384(SB), Z22; \
	VMOVDQU32 q6kzIdx<>+448(SB), Z23

// Q6KZSCALES: Z9 = scale words [row 0 | row 1], Z10 = [row 2 | row 3] (Y24 clobbered).
#define Q6KZSCALES \
	VMOVDQU32 192(SI), X24; \
	VINSERTI32X4 $1, 192(SI)(BX*1), Y24, Y24; \
	VPMOVSXBW Y24, Z9; \
	VMOVDQU32 192(SI)(BX*2), X24; \
	VINSERTI32X4 $1, 192(SI)(R8*1), Y24, Y24; \
	VPMOVSXBW Y24, Z10

// func q6_Kx4x2AVX512(w *byte, stride, nb int, xq0, xq1 *int8, xd0, xd1 *float32, bs0, bs1 *int16, out *[8]float32, pf int)
// Four weight rows against two inputs.
TEXT ·q6_Kx4x2AVX512(SB), NOSPLIT, $0-88
	MOVQ w+0(FP), SI
	MOVQ stride+8(FP), BX
	MOVQ nb+16(FP), CX
	MOVQ xq0+24(FP), DI
	MOVQ xq1+32(FP), R12
	MOVQ xd0+40(FP), DX
	MOVQ xd1+48(FP), R13
	MOVQ bs0+56(FP), R9
	MOVQ bs1+64(FP), R14
	LEAQ (BX)(BX*2), R8
	Q6KZCONST
	VXORPS X8, X8, X8
	VXORPS X15, X15, X15
	TESTQ CX, CX
	JE q6kz2done

q6kz2loop:
	PFK(pf+80(FP), 0)
	PFK(pf+80(FP), 64)
	PFK(pf+80(FP), 128)
	PFK(pf+80(FP), 192)
	Q6KZSCALES
	VPXORD Z0, Z0, Z0
	VPXORD Z2, Z2, Z2
	VPXORD Z4, Z4, Z4
	VPXORD Z6, Z6, Z6
	Q6KZX2(0)
	Q6KZHALF2(0(SI), 0(SI)(BX*1), 32(SI), 32(SI)(BX*1), 128(SI), 128(SI)(BX*1), Z9, Z0, Z4, Z16, Z17, Z18, Z19)
	Q6KZHALF2(0(SI)(BX*2), 0(SI)(R8*1), 32(SI)(BX*2), 32(SI)(R8*1), 128(SI)(BX*2), 128(SI)(R8*1), Z10, Z2, Z6, Z16, Z17, Z18, Z19)
	Q6KZX2(128)
	Q6KZHALF2(64(SI), 64(SI)(BX*1), 96(SI), 96(SI)(BX*1), 160(SI), 160(SI)(BX*1), Z9, Z0, Z4, Z20, Z21, Z22, Z23)
	Q6KZHALF2(64(SI)(BX*2), 64(SI)(R8*1), 96(SI)(BX*2), 96(SI)(R8*1), 160(SI)(BX*2), 160(SI)(R8*1), Z10, Z2, Z6, Z20, Z21, Z22, Z23)
	Q6KZBS((R9), Z9, Z0)
	Q6KZBS((R9), Z10, Z2)
	Q6KZBS((R14), Z9, Z4)
	Q6KZBS((R14), Z10, Z6)
	// Input 1 into X4, then input 0 into X0.
	VEXTRACTI64X4 $1, Z4, Y5
	VEXTRACTI64X4 $1, Z6, Y7
	HSUM4(Y4, Y5, Y6, Y7, X4)
	VEXTRACTI64X4 $1, Z0, Y1
	VEXTRACTI64X4 $1, Z2, Y3
	HSUM4(Y0, Y1, Y2, Y3, X0)
	DW4(208, X1)
	VCVTDQ2PS X0, X0
	VBROADCASTSS (DX), X2
	VMULPS X2, X1, X2
	VMULPS X2, X0, X0
	VADDPS X0, X8, X8
	VCVTDQ2PS X4, X4
	VBROADCASTSS (R13), X2
	VMULPS X2, X1, X2
	VMULPS X2, X4, X4
	VADDPS X4, X15, X15
	ADDQ $210, SI
	ADDQ $256, DI
	ADDQ $256, R12
	ADDQ $4, DX
	ADDQ $4, R13
	ADDQ $32, R9
	ADDQ $32, R14
	DECQ CX
	JNZ q6kz2loop

q6kz2done:
	MOVQ out+72(FP), AX
	VMOVUPS X8, (AX)
	VMOVUPS X15, 16(AX)
	VZEROUPPER
	RET

// q6_Kx4AVX512 stays written out beside q6_Kx4x2AVX512: every step differs in the
// registers and macros of one input against two; what is the same is in macros above.
// func q6_Kx4AVX512(w *byte, stride, nb int, xq *int8, xd *float32, bs *int16, out *[4]float32, pf int)
TEXT ·q6_Kx4AVX512(SB), NOSPLIT, $0-64
	MOVQ w+0(FP), SI
	MOVQ stride+8(FP), BX
	MOVQ nb+16(FP), CX
	MOVQ xq+24(FP), DI
	MOVQ xd+32(FP), DX
	MOVQ bs+40(FP), R9
	LEAQ (BX)(BX*2), R8
	Q6KZCONST
	VXORPS X8, X8, X8
	TESTQ CX, CX
	JE q6kzdone

q6kzloop:
	PFK(pf+56(FP), 0)
	PFK(pf+56(FP), 64)
	PFK(pf+56(FP), 128)
	PFK(pf+56(FP), 192)
	Q6KZSCALES
	VPXORD Z0, Z0, Z0
	VPXORD Z2, Z2, Z2
	Q6KZX(0)
	Q6KZHALF(0(SI), 0(SI)(BX*1), 32(SI), 32(SI)(BX*1), 128(SI), 128(SI)(BX*1), Z9, Z0, Z16, Z17, Z18, Z19)
	Q6KZHALF(0(SI)(BX*2), 0(SI)(R8*1), 32(SI)(BX*2), 32(SI)(R8*1), 128(SI)(BX*2), 128(SI)(R8*1), Z10, Z2, Z16, Z17, Z18, Z19)
	Q6KZX(128)
	Q6KZHALF(64(SI), 64(SI)(BX*1), 96(SI), 96(SI)(BX*1), 160(SI), 160(SI)(BX*1), Z9, Z0, Z20, Z21, Z22, Z23)
	Q6KZHALF(64(SI)(BX*2), 64(SI)(R8*1), 96(SI)(BX*2), 96(SI)(R8*1), 160(SI)(BX*2), 160(SI)(R8*1), Z10, Z2, Z20, Z21, Z22, Z23)
	// Subtract 32·Σ sc·bsum per row.
	VBROADCASTI64X4 (R9), Z29
	VPMADDWD Z29, Z9, Z27
	VPSLLD $5, Z27, Z27
	VPSUBD Z27, Z0, Z0
	VPMADDWD Z29, Z10, Z27
	VPSLLD $5, Z27, Z27
	VPSUBD Z27, Z2, Z2
	VEXTRACTI64X4 $1, Z0, Y1
	VEXTRACTI64X4 $1, Z2, Y3
	HSUM4(Y0, Y1, Y2, Y3, X0)
	VCVTDQ2PS X0, X0
	DW4(208, X1)
	VBROADCASTSS (DX), X2
	VMULPS X2, X1, X1
	VMULPS X1, X0, X0
	VADDPS X0, X8, X8
	ADDQ $210, SI
	ADDQ $256, DI
	ADDQ $4, DX
	ADDQ $32, R9
	DECQ CX
	JNZ q6kzloop

q6kzdone:
	MOVQ out+48(FP), AX
	VMOVUPS X8, (AX)
	VZEROUPPER
	RET
