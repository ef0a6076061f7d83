//go:build amd64 && !purego

#include "textflag.h"

// Fused attention kernels; attn.go defines their arithmetic and attn_amd64.go their arguments.

// SCOREARGS loads the score kernels' arguments: DI = s, R8 = sStride bytes, SI = q,
// R9 = qStride bytes, R10 = nq, DX = k, R11 = kStride bytes, CX = n, R12 = hd16*16, X15 = scale.
#define SCOREARGS \
	MOVQ s+0(FP), DI; \
	MOVQ sStride+8(FP), R8; \
	SHLQ $2, R8; \
	MOVQ q+16(FP), SI; \
	MOVQ qStride+24(FP), R9; \
	SHLQ $2, R9; \
	MOVQ nq+32(FP), R10; \
	MOVQ k+40(FP), DX; \
	MOVQ kStride+48(FP), R11; \
	SHLQ $1, R11; \
	MOVQ n+56(FP), CX; \
	MOVQ hd16+64(FP), R12; \
	SHLQ $4, R12; \
	VMOVSS scale+72(FP), X15

// SCOREOUT: fold the 8 lanes of Y0 (lanes k and k+8 already added) as fold16 does, scale, store
// at (BX).
#define SCOREOUT \
	VEXTRACTF128 $1, Y0, X1; \
	VADDPS X1, X0, X0; \
	VMOVHLPS X0, X0, X1; \
	VADDPS X1, X0, X0; \
	VMOVSHDUP X0, X1; \
	VADDSS X1, X0, X0; \
	VMULSS X15, X0, X0; \
	VMOVSS X0, (BX)

// VALUEARGS loads the value kernels' arguments: AX = out, DX = oStride bytes, R14 = 3*oStride
// bytes, R13 = p, R9 = pStride bytes, R12 = 3*pStride bytes, R10 = nq, DI = v, R11 = vStride
// bytes, R8 = hd16. Query i's accumulator is at (AX) + i*DX, its weight of position t at
// (BX) + i*R9 with BX = p + 4t.
#define VALUEARGS \
	MOVQ out+0(FP), AX; \
	MOVQ oStride+8(FP), DX; \
	SHLQ $2, DX; \
	LEAQ (DX)(DX*2), R14; \
	MOVQ p+16(FP), R13; \
	MOVQ pStride+24(FP), R9; \
	SHLQ $2, R9; \
	LEAQ (R9)(R9*2), R12; \
	MOVQ nq+32(FP), R10; \
	MOVQ v+40(FP), DI; \
	MOVQ vStride+48(FP), R11; \
	SHLQ $1, R11; \
	MOVQ hd16+64(FP), R8

// attnLanes picks lanes 0, 4, 8 and 12 (VPERMPS): where FOLD4 leaves its four sums.
DATA attnLanes<>+0(SB)/4, $0
DATA attnLanes<>+4(SB)/4, $4
DATA attnLanes<>+8(SB)/4, $8
DATA attnLanes<>+12(SB)/4, $12
GLOBL attnLanes<>(SB), RODATA|NOPTR, $64

// QACC(q, a, b, c, d): positions 0-3 (Z16-Z19) times the query chunk q, added to the lanes of a,
// b, c, d (Z20-Z23 clobbered).
#define QACC(q, a, b, c, d) \
	VMULPS q, Z16, Z20; \
	VADDPS Z20, a, a; \
	VMULPS q, Z17, Z21; \
	VADDPS Z21, b, b; \
	VMULPS q, Z18, Z22; \
	VADDPS Z22, c, c; \
	VMULPS q, Z19, Z23; \
	VADDPS Z23, d, d

// FOLD4(a, b, c, d, mem): fold16 of each of the four 16-lane sums a, b, c, d at once (every add
// pairs the lanes fold16 pairs: k+8, k+4, then (0+2)+(1+3)), times the scale Z28, stored as four
// floats at mem (Z21-Z23 clobbered).
#define FOLD4(a, b, c, d, mem) \
	VSHUFF64X2 $0x44, b, a, Z21; \
	VSHUFF64X2 $0xEE, b, a, Z22; \
	VADDPS Z22, Z21, Z21; \
	VSHUFF64X2 $0x44, d, c, Z22; \
	VSHUFF64X2 $0xEE, d, c, Z23; \
	VADDPS Z23, Z22, Z22; \
	VSHUFF32X4 $0x88, Z22, Z21, Z23; \
	VSHUFF32X4 $0xDD, Z22, Z21, Z21; \
	VADDPS Z21, Z23, Z21; \
	VPERMILPS $0x4E, Z21, Z22; \
	VADDPS Z22, Z21, Z21; \
	VMOVSHDUP Z21, Z22; \
	VADDPS Z22, Z21, Z21; \
	VMULPS Z28, Z21, Z21; \
	VPERMPS Z21, Z29, Z21; \
	VMOVUPS X21, mem

// KACC2(lo, hi, alo, ahi): the key chunk at lo, hi (8 halves each) times the query chunk in
// Y12, Y13, added to alo, ahi (Y8, Y9 clobbered).
#define KACC2(lo, hi, alo, ahi) \
	VCVTPH2PS lo, Y8; \
	VCVTPH2PS hi, Y9; \
	VMULPS Y12, Y8, Y8; \
	VMULPS Y13, Y9, Y9; \
	VADDPS Y8, alo, alo; \
	VADDPS Y9, ahi, ahi

// FOLD4AVX2(mem): FOLD4 for the sums of four positions in Y0/Y1 .. Y6/Y7 (lanes 0-7/8-15),
// times the scale X15, stored as four floats at mem (Y8-Y12 clobbered).
#define FOLD4AVX2(mem) \
	VADDPS Y1, Y0, Y0; \
	VADDPS Y3, Y2, Y2; \
	VADDPS Y5, Y4, Y4; \
	VADDPS Y7, Y6, Y6; \
	VPERM2F128 $0x20, Y2, Y0, Y8; \
	VPERM2F128 $0x31, Y2, Y0, Y9; \
	VADDPS Y9, Y8, Y8; \
	VPERM2F128 $0x20, Y6, Y4, Y9; \
	VPERM2F128 $0x31, Y6, Y4, Y10; \
	VADDPS Y10, Y9, Y9; \
	VSHUFPS $0x44, Y9, Y8, Y10; \
	VSHUFPS $0xEE, Y9, Y8, Y11; \
	VADDPS Y11, Y10, Y10; \
	VSHUFPS $0x88, Y10, Y10, Y11; \
	VSHUFPS $0xDD, Y10, Y10, Y12; \
	VADDPS Y12, Y11, Y11; \
	VEXTRACTF128 $1, Y11, X12; \
	VUNPCKLPS X12, X11, X11; \
	VMULPS X15, X11, X11; \
	VMOVUPS X11, mem

// func attnScoresF16x16AVX2(s *float32, sStride int, q *float32, qStride, nq int, k *uint16, kStride, n, hd16 int, scale float32)
// Per (position, query): lanes 0-7 in Y0 and 8-15 in Y1, R14 the element index.
TEXT ·attnScoresF16x16AVX2(SB), NOSPLIT, $0-76
	SCOREARGS

a2st:
	MOVQ SI, AX
	MOVQ DI, BX
	MOVQ R10, R13

a2sq:
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	XORQ R14, R14

a2sc:
	VCVTPH2PS (DX)(R14*2), Y2
	VCVTPH2PS 16(DX)(R14*2), Y3
	VMULPS (AX)(R14*4), Y2, Y2
	VMULPS 32(AX)(R14*4), Y3, Y3
	VADDPS Y2, Y0, Y0
	VADDPS Y3, Y1, Y1
	ADDQ $16, R14
	CMPQ R14, R12
	JLT a2sc
	VADDPS Y1, Y0, Y0
	SCOREOUT
	ADDQ R9, AX
	ADDQ R8, BX
	DECQ R13
	JNZ a2sq
	ADDQ R11, DX
	ADDQ $4, DI
	DECQ CX
	JNZ a2st
	VZEROUPPER
	RET

// func attnScoresF16x16AVX512(s *float32, sStride int, q *float32, qStride, nq int, k *uint16, kStride, n, hd16 int, scale float32)
// Per (position, query): the 16 lanes in Z0.
TEXT ·attnScoresF16x16AVX512(SB), NOSPLIT, $0-76
	SCOREARGS

a5st:
	MOVQ SI, AX
	MOVQ DI, BX
	MOVQ R10, R13

a5sq:
	VPXORD Z0, Z0, Z0
	XORQ R14, R14

a5sc:
	VCVTPH2PS (DX)(R14*2), Z2
	VMULPS (AX)(R14*4), Z2, Z2
	VADDPS Z2, Z0, Z0
	ADDQ $16, R14
	CMPQ R14, R12
	JLT a5sc
	VEXTRACTF64X4 $1, Z0, Y1
	VADDPS Y1, Y0, Y0
	SCOREOUT
	ADDQ R9, AX
	ADDQ R8, BX
	DECQ R13
	JNZ a5sq
	ADDQ R11, DX
	ADDQ $4, DI
	DECQ CX
	JNZ a5st
	VZEROUPPER
	RET

// func attnValuesF16x16AVX2(out *float32, oStride int, p *float32, pStride, nq int, v *uint16, vStride, n, hd16 int)
// 16 elements at a time: query i's accumulators in Y(2i), Y(2i+1) across all the positions.
TEXT ·attnValuesF16x16AVX2(SB), NOSPLIT, $0-72
	VALUEARGS

a2vc:
	VMOVUPS (AX), Y0
	VMOVUPS 32(AX), Y1
	CMPQ R10, $2
	JLT a2vl
	VMOVUPS (AX)(DX*1), Y2
	VMOVUPS 32(AX)(DX*1), Y3
	CMPQ R10, $3
	JLT a2vl
	VMOVUPS (AX)(DX*2), Y4
	VMOVUPS 32(AX)(DX*2), Y5
	CMPQ R10, $4
	JLT a2vl
	VMOVUPS (AX)(R14*1), Y6
	VMOVUPS 32(AX)(R14*1), Y7

a2vl:
	MOVQ R13, BX
	MOVQ DI, SI
	MOVQ n+56(FP), CX

a2vt:
	VCVTPH2PS (SI), Y8
	VCVTPH2PS 16(SI), Y9
	VBROADCASTSS (BX), Y10
	VMULPS Y8, Y10, Y11
	VMULPS Y9, Y10, Y12
	VADDPS Y11, Y0, Y0
	VADDPS Y12, Y1, Y1
	CMPQ R10, $2
	JLT a2vn
	VBROADCASTSS (BX)(R9*1), Y10
	VMULPS Y8, Y10, Y11
	VMULPS Y9, Y10, Y12
	VADDPS Y11, Y2, Y2
	VADDPS Y12, Y3, Y3
	CMPQ R10, $3
	JLT a2vn
	VBROADCASTSS (BX)(R9*2), Y10
	VMULPS Y8, Y10, Y11
	VMULPS Y9, Y10, Y12
	VADDPS Y11, Y4, Y4
	VADDPS Y12, Y5, Y5
	CMPQ R10, $4
	JLT a2vn
	VBROADCASTSS (BX)(R12*1), Y10
	VMULPS Y8, Y10, Y11
	VMULPS Y9, Y10, Y12
	VADDPS Y11, Y6, Y6
	VADDPS Y12, Y7, Y7

a2vn:
	ADDQ $4, BX
	ADDQ R11, SI
	DECQ CX
	JNZ a2vt
	VMOVUPS Y0, (AX)
	VMOVUPS Y1, 32(AX)
	CMPQ R10, $2
	JLT a2vs
	VMOVUPS Y2, (AX)(DX*1)
	VMOVUPS Y3, 32(AX)(DX*1)
	CMPQ R10, $3
	JLT a2vs
	VMOVUPS Y4, (AX)(DX*2)
	VMOVUPS Y5, 32(AX)(DX*2)
	CMPQ R10, $4
	JLT a2vs
	VMOVUPS Y6, (AX)(R14*1)
	VMOVUPS Y7, 32(AX)(R14*1)

a2vs:
	ADDQ $64, AX
	ADDQ $32, DI
	DECQ R8
	JNZ a2vc
	VZEROUPPER
	RET

// func attnValuesF16x16AVX512(out *float32, oStride int, p *float32, pStride, nq int, v *uint16, vStride, n, hd16 int)
// 32 elements at a time while two chunks of 16 remain (query i's accumulators in Z(2i), Z(2i+1):
// eight independent chains), then a last chunk of 16 (Z(2i) only).
TEXT ·attnValuesF16x16AVX512(SB), NOSPLIT, $0-72
	VALUEARGS

a5vc:
	CMPQ R8, $2
	JLT a5v1
	VMOVUPS (AX), Z0
	VMOVUPS 64(AX), Z1
	CMPQ R10, $2
	JLT a5vl
	VMOVUPS (AX)(DX*1), Z2
	VMOVUPS 64(AX)(DX*1), Z3
	CMPQ R10, $3
	JLT a5vl
	VMOVUPS (AX)(DX*2), Z4
	VMOVUPS 64(AX)(DX*2), Z5
	CMPQ R10, $4
	JLT a5vl
	VMOVUPS (AX)(R14*1), Z6
	VMOVUPS 64(AX)(R14*1), Z7

a5vl:
	MOVQ R13, BX
	MOVQ DI, SI
	MOVQ n+56(FP), CX

a5vt:
	VCVTPH2PS (SI), Z8
	VCVTPH2PS 32(SI), Z9
	VBROADCASTSS (BX), Z10
	VMULPS Z8, Z10, Z11
	VMULPS Z9, Z10, Z12
	VADDPS Z11, Z0, Z0
	VADDPS Z12, Z1, Z1
	CMPQ R10, $2
	JLT a5vn
	VBROADCASTSS (BX)(R9*1), Z10
	VMULPS Z8, Z10, Z11
	VMULPS Z9, Z10, Z12
	VADDPS Z11, Z2, Z2
	VADDPS Z12, Z3, Z3
	CMPQ R10, $3
	JLT a5vn
	VBROADCASTSS (BX)(R9*2), Z10
	VMULPS Z8, Z10, Z11
	VMULPS Z9, Z10, Z12
	VADDPS Z11, Z4, Z4
	VADDPS Z12, Z5, Z5
	CMPQ R10, $4
	JLT a5vn
	VBROADCASTSS (BX)(R12*1), Z10
	VMULPS Z8, Z10, Z11
	VMULPS Z9, Z10, Z12
	VADDPS Z11, Z6, Z6
	VADDPS Z12, Z7, Z7

a5vn:
	ADDQ $4, BX
	ADDQ R11, SI
	DECQ CX
	JNZ a5vt
	VMOVUPS Z0, (AX)
	VMOVUPS Z1, 64(AX)
	CMPQ R10, $2
	JLT a5vs
	VMOVUPS Z2, (AX)(DX*1)
	VMOVUPS Z3, 64(AX)(DX*1)
	CMPQ R10, $3
	JLT a5vs
	VMOVUPS Z4, (AX)(DX*2)
	VMOVUPS Z5, 64(AX)(DX*2)
	CMPQ R10, $4
	JLT a5vs
	VMOVUPS Z6, (AX)(R14*1)
	VMOVUPS Z7, 64(AX)(R14*1)

a5vs:
	ADDQ $128, AX
	ADDQ $64, DI
	SUBQ $2, R8
	JNZ a5vc
	VZEROUPPER
	RET

a5v1:
	VMOVUPS (AX), Z0
	CMPQ R10, $2
	JLT a5v1l
	VMOVUPS (AX)(DX*1), Z2
	CMPQ R10, $3
	JLT a5v1l
	VMOVUPS (AX)(DX*2), Z4
	CMPQ R10, $4
	JLT a5v1l
	VMOVUPS (AX)(R14*1), Z6

a5v1l:
	MOVQ R13, BX
	MOVQ DI, SI
	MOVQ n+56(FP), CX

a5v1t:
	VCVTPH2PS (SI), Z8
	VBROADCASTSS (BX), Z10
	VMULPS Z8, Z10, Z11
	VADDPS Z11, Z0, Z0
	CMPQ R10, $2
	JLT a5v1n
	VBROADCASTSS (BX)(R9*1), Z10
	VMULPS Z8, Z10, Z11
	VADDPS Z11, Z2, Z2
	CMPQ R10, $3
	JLT a5v1n
	VBROADCASTSS (BX)(R9*2), Z10
	VMULPS Z8, Z10, Z11
	VADDPS Z11, Z4, Z4
	CMPQ R10, $4
	JLT a5v1n
	VBROADCASTSS (BX)(R12*1), Z10
	VMULPS Z8, Z10, Z11
	VADDPS Z11, Z6, Z6

a5v1n:
	ADDQ $4, BX
	ADDQ R11, SI
	DECQ CX
	JNZ a5v1t
	VMOVUPS Z0, (AX)
	CMPQ R10, $2
	JLT a5v1s
	VMOVUPS Z2, (AX)(DX*1)
	CMPQ R10, $3
	JLT a5v1s
	VMOVUPS Z4, (AX)(DX*2)
	CMPQ R10, $4
	JLT a5v1s
	VMOVUPS Z6, (AX)(R14*1)

a5v1s:
	VZEROUPPER
	RET

// func attnScoresF16x4AVX512(s *float32, sStride int, q *float32, qStride, nq int, k *uint16, kStride, n4, hd16 int, scale float32)
// Four positions at a time, each key chunk widened once for all the queries: query i's sums of
// positions 0-3 in Z(4i)..Z(4i+3), folded together. DI = s + 4t, DX = k_t, R14 the element index,
// BX and AX the chunk's key and query addresses.
TEXT ·attnScoresF16x4AVX512(SB), NOSPLIT, $0-76
	MOVQ s+0(FP), DI
	MOVQ sStride+8(FP), R8
	SHLQ $2, R8
	MOVQ q+16(FP), SI
	MOVQ qStride+24(FP), R9
	SHLQ $2, R9
	LEAQ (R9)(R9*2), R12
	MOVQ nq+32(FP), R10
	MOVQ k+40(FP), DX
	MOVQ kStride+48(FP), R11
	SHLQ $1, R11
	LEAQ (R11)(R11*2), R13
	MOVQ n4+56(FP), CX
	MOVQ hd16+64(FP), R15
	SHLQ $4, R15
	VBROADCASTSS scale+72(FP), Z28
	VMOVUPS attnLanes<>(SB), Z29

b5t:
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
	XORQ R14, R14

b5c:
	LEAQ (DX)(R14*2), BX
	LEAQ (SI)(R14*4), AX
	VCVTPH2PS (BX), Z16
	VCVTPH2PS (BX)(R11*1), Z17
	VCVTPH2PS (BX)(R11*2), Z18
	VCVTPH2PS (BX)(R13*1), Z19
	VMOVUPS (AX), Z24
	QACC(Z24, Z0, Z1, Z2, Z3)
	CMPQ R10, $2
	JLT b5cn
	VMOVUPS (AX)(R9*1), Z24
	QACC(Z24, Z4, Z5, Z6, Z7)
	CMPQ R10, $3
	JLT b5cn
	VMOVUPS (AX)(R9*2), Z24
	QACC(Z24, Z8, Z9, Z10, Z11)
	CMPQ R10, $4
	JLT b5cn
	VMOVUPS (AX)(R12*1), Z24
	QACC(Z24, Z12, Z13, Z14, Z15)

b5cn:
	ADDQ $16, R14
	CMPQ R14, R15
	JLT b5c
	FOLD4(Z0, Z1, Z2, Z3, (DI))
	CMPQ R10, $2
	JLT b5tn
	FOLD4(Z4, Z5, Z6, Z7, (DI)(R8*1))
	CMPQ R10, $3
	JLT b5tn
	FOLD4(Z8, Z9, Z10, Z11, (DI)(R8*2))
	CMPQ R10, $4
	JLT b5tn
	LEAQ (DI)(R8*2), AX
	FOLD4(Z12, Z13, Z14, Z15, (AX)(R8*1))

b5tn:
	ADDQ $16, DI
	LEAQ (DX)(R11*4), DX
	DECQ CX
	JNZ b5t
	VZEROUPPER
	RET

// func prefetchRows(p unsafe.Pointer, stride, n, rowBytes int)
TEXT ·prefetchRows(SB), NOSPLIT, $0-32
	MOVQ p+0(FP), SI
	MOVQ stride+8(FP), R8
	MOVQ n+16(FP), CX
	MOVQ rowBytes+24(FP), R9

pfrow:
	XORQ AX, AX

pfline:
	PREFETCHT0 (SI)(AX*1)
	ADDQ $64, AX
	CMPQ AX, R9
	JLT pfline
	PREFETCHT0 -1(SI)(R9*1) // the last line, when the row does not start on one
	ADDQ R8, SI
	DECQ CX
	JNZ pfrow
	RET

// func maxF32AVX2(x *float32, n8 int) float32
TEXT ·maxF32AVX2(SB), NOSPLIT, $0-20
	MOVQ x+0(FP), SI
	MOVQ n8+8(FP), CX
	VMOVUPS (SI), Y0

mxloop:
	VMAXPS (SI), Y0, Y0
	ADDQ $32, SI
	DECQ CX
	JNZ mxloop
	VEXTRACTF128 $1, Y0, X1
	VMAXPS X1, X0, X0
	VMOVHLPS X0, X0, X1
	VMAXPS X1, X0, X0
	VMOVSHDUP X0, X1
	VMAXSS X1, X0, X0
	VMOVSS X0, ret+16(FP)
	VZEROUPPER
	RET

// func sumF64AVX2(x *float32, n16 int) float64
// Lanes 0-3, 4-7, 8-11 and 12-15 in Y0-Y3.
TEXT ·sumF64AVX2(SB), NOSPLIT, $0-24
	MOVQ x+0(FP), SI
	MOVQ n16+8(FP), CX
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3

sdloop:
	VCVTPS2PD (SI), Y4
	VCVTPS2PD 16(SI), Y5
	VCVTPS2PD 32(SI), Y6
	VCVTPS2PD 48(SI), Y7
	VADDPD Y4, Y0, Y0
	VADDPD Y5, Y1, Y1
	VADDPD Y6, Y2, Y2
	VADDPD Y7, Y3, Y3
	ADDQ $64, SI
	DECQ CX
	JNZ sdloop
	VADDPD Y2, Y0, Y0 // k + k+8
	VADDPD Y3, Y1, Y1
	VADDPD Y1, Y0, Y0 // + k+4
	VEXTRACTF128 $1, Y0, X1
	VADDPD X1, X0, X0 // + k+2
	VUNPCKHPD X0, X0, X1
	VADDSD X1, X0, X0 // + k+1
	VMOVSD X0, ret+16(FP)
	VZEROUPPER
	RET

// func f32sToF16F16C(dst *uint16, src *float32, n8 int)
TEXT ·f32sToF16F16C(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n8+16(FP), CX

h16loop:
	VMOVUPS (SI), Y0
	VCVTPS2PH $0, Y0, X0
	VMOVDQU X0, (DI)
	ADDQ $32, SI
	ADDQ $16, DI
	DECQ CX
	JNZ h16loop
	VZEROUPPER
	RET

// func attnScoresF16x4AVX2(s *float32, sStride int, q *float32, qStride, nq int, k *uint16, kStride, n4, hd16 int, scale float32)
// Four positions at a time, one query at a time (sixteen registers hold no more): position p's
// sum in Y(2p), Y(2p+1), folded together. DI = s + 4t, DX = k_t, SI = q_i, R10 = s(i, t),
// BX and AX the chunk's key and query addresses, R14 the chunks left.
TEXT ·attnScoresF16x4AVX2(SB), NOSPLIT, $0-76
	MOVQ s+0(FP), DI
	MOVQ sStride+8(FP), R8
	SHLQ $2, R8
	MOVQ qStride+24(FP), R9
	SHLQ $2, R9
	MOVQ k+40(FP), DX
	MOVQ kStride+48(FP), R11
	SHLQ $1, R11
	LEAQ (R11)(R11*2), R13
	MOVQ n4+56(FP), CX
	MOVQ hd16+64(FP), R15
	VBROADCASTSS scale+72(FP), X15

b2t:
	MOVQ q+16(FP), SI
	MOVQ DI, R10
	MOVQ nq+32(FP), R12

b2q:
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	VXORPS Y2, Y2, Y2
	VXORPS Y3, Y3, Y3
	VXORPS Y4, Y4, Y4
	VXORPS Y5, Y5, Y5
	VXORPS Y6, Y6, Y6
	VXORPS Y7, Y7, Y7
	MOVQ DX, BX
	MOVQ SI, AX
	MOVQ R15, R14

b2c:
	VMOVUPS (AX), Y12
	VMOVUPS 32(AX), Y13
	KACC2((BX), 16(BX), Y0, Y1)
	KACC2((BX)(R11*1), 16(BX)(R11*1), Y2, Y3)
	KACC2((BX)(R11*2), 16(BX)(R11*2), Y4, Y5)
	KACC2((BX)(R13*1), 16(BX)(R13*1), Y6, Y7)
	ADDQ $32, BX
	ADDQ $64, AX
	DECQ R14
	JNZ b2c
	FOLD4AVX2((R10))
	ADDQ R9, SI
	ADDQ R8, R10
	DECQ R12
	JNZ b2q
	ADDQ $16, DI
	LEAQ (DX)(R11*4), DX
	DECQ CX
	JNZ b2t
	VZEROUPPER
	RET
