//go:build amd64 && !purego

#include "textflag.h"

// Register-only FMA loops: 12 independent accumulators cover the 4-cycle latency of two FMA
// ports, so the loop runs at the issue rate, which is the ceiling any F32 kernel can reach.

// func fmaZMM(iters int)
TEXT ·fmaZMM(SB), NOSPLIT, $0-8
	MOVQ iters+0(FP), CX
	VXORPS Z0, Z0, Z0
	VXORPS Z1, Z1, Z1
	VXORPS Z2, Z2, Z2
	VXORPS Z3, Z3, Z3
	VXORPS Z4, Z4, Z4
	VXORPS Z5, Z5, Z5
	VXORPS Z6, Z6, Z6
	VXORPS Z7, Z7, Z7
	VXORPS Z8, Z8, Z8
	VXORPS Z9, Z9, Z9
	VXORPS Z10, Z10, Z10
	VXORPS Z11, Z11, Z11
	VXORPS Z14, Z14, Z14
	VXORPS Z15, Z15, Z15
	TESTQ CX, CX
	JLE zdone
zloop:
	VFMADD231PS Z14, Z15, Z0
	VFMADD231PS Z14, Z15, Z1
	VFMADD231PS Z14, Z15, Z2
	VFMADD231PS Z14, Z15, Z3
	VFMADD231PS Z14, Z15, Z4
	VFMADD231PS Z14, Z15, Z5
	VFMADD231PS Z14, Z15, Z6
	VFMADD231PS Z14, Z15, Z7
	VFMADD231PS Z14, Z15, Z8
	VFMADD231PS Z14, Z15, Z9
	VFMADD231PS Z14, Z15, Z10
	VFMADD231PS Z14, Z15, Z11
	DECQ CX
	JNZ zloop
zdone:
	VZEROUPPER
	RET

// func fmaYMM(iters int)
// fmaZMM again on YMM registers, line for line: assembly has no generics, and a macro would hide
// the instruction stream being measured.
TEXT ·fmaYMM(SB), NOSPLIT, $0-8
	MOVQ iters+0(FP), CX
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	VXORPS Y2, Y2, Y2
	VXORPS Y3, Y3, Y3
	VXORPS Y4, Y4, Y4
	VXORPS Y5, Y5, Y5
	VXORPS Y6, Y6, Y6
	VXORPS Y7, Y7, Y7
	VXORPS Y8, Y8, Y8
	VXORPS Y9, Y9, Y9
	VXORPS Y10, Y10, Y10
	VXORPS Y11, Y11, Y11
	VXORPS Y14, Y14, Y14
	VXORPS Y15, Y15, Y15
	TESTQ CX, CX
	JLE ydone
yloop:
	VFMADD231PS Y14, Y15, Y0
	VFMADD231PS Y14, Y15, Y1
	VFMADD231PS Y14, Y15, Y2
	VFMADD231PS Y14, Y15, Y3
	VFMADD231PS Y14, Y15, Y4
	VFMADD231PS Y14, Y15, Y5
	VFMADD231PS Y14, Y15, Y6
	VFMADD231PS Y14, Y15, Y7
	VFMADD231PS Y14, Y15, Y8
	VFMADD231PS Y14, Y15, Y9
	VFMADD231PS Y14, Y15, Y10
	VFMADD231PS Y14, Y15, Y11
	DECQ CX
	JNZ yloop
ydone:
	VZEROUPPER
	RET

// func readYMM(p *uint64, n int) uint64
// Reads n 128-byte blocks with 32-byte loads folded by XOR, so the result depends on every byte
// and the loads cannot be optimised away.
TEXT ·readYMM(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	VPXOR Y2, Y2, Y2
	VPXOR Y3, Y3, Y3
	TESTQ CX, CX
	JLE rdone
rloop:
	VPXOR 0(SI), Y0, Y0
	VPXOR 32(SI), Y1, Y1
	VPXOR 64(SI), Y2, Y2
	VPXOR 96(SI), Y3, Y3
	ADDQ $128, SI
	DECQ CX
	JNZ rloop
rdone:
	VPXOR Y1, Y0, Y0
	VPXOR Y3, Y2, Y2
	VPXOR Y2, Y0, Y0
	VMOVQ X0, AX
	VZEROUPPER
	MOVQ AX, ret+16(FP)
	RET
