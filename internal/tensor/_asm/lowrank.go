package main

import (
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// lowRankFamily: the second product of a LoRA delta, out += scale·Bᵀ·a, with AVX2.
func lowRankFamily(g *gen) {
	g.lowRankUp()
}

// lowRankUp: for each 64-column chunk c (outer) and input row i (inner), the 64 sums
// d = Σ_k float32(a[i·rank+k]·bT[k·stride+c..]) over k = 0..rank-1 in order from 0, each
// product rounded before its add (no FMA), as lowRankUpGo does; then out[i·stride+c..] +=
// float32(d·scale). The chunk of bT (rank lines of 256 bytes) stays in L1 across the rows.
// rank, n64 and rows must be at least 1.
func (g *gen) lowRankUp() {
	g.text("lowRankUpAVX2", "func(out, bT, ax *float32, rank, stride, n64, rows int, scale float32)")
	g.arg("out", RDI)
	g.arg("bT", RSI)
	g.arg("ax", RDX)
	g.arg("rank", R8)
	g.arg("stride", R9)
	g.SHLQ(U8(2), R9) // bytes between rows of bT and of out
	g.arg("n64", R10)
	g.VBROADCASTSS(g.argMem("scale"), Y15)
	acc := []VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7}
	tmp := []VecPhysical{Y9, Y10, Y11, Y12}
	g.Label("chunk")
	g.MOVQ(RDI, R12) // out, row i
	g.MOVQ(RDX, R13) // ax, row i
	g.arg("rows", R11)
	g.Label("row")
	for _, a := range acc {
		g.VXORPS(a, a, a)
	}
	g.MOVQ(RSI, RAX) // bT, row k
	g.MOVQ(R13, RBX) // ax[i·rank+k]
	g.MOVQ(R8, RCX)
	g.Label("k")
	g.VBROADCASTSS(Mem{Base: RBX}, Y8)
	for j, a := range acc {
		t := tmp[j%len(tmp)]
		g.VMULPS(Mem{Base: RAX, Disp: 32 * j}, Y8, t)
		g.VADDPS(t, a, a)
	}
	g.ADDQ(U8(4), RBX)
	g.ADDQ(R9, RAX)
	g.DECQ(RCX)
	g.JNZ(LabelRef("k"))
	for j, a := range acc {
		o := Mem{Base: R12, Disp: 32 * j}
		g.VMULPS(Y15, a, a)
		g.VADDPS(o, a, a)
		g.VMOVUPS(a, o)
	}
	g.ADDQ(R9, R12)
	g.LEAQ(Mem{Base: R13, Index: R8, Scale: 4}, R13)
	g.DECQ(R11)
	g.JNZ(LabelRef("row"))
	g.ADDQ(U32(256), RDI)
	g.ADDQ(U32(256), RSI)
	g.DECQ(R10)
	g.JNZ(LabelRef("chunk"))
	g.VZEROUPPER()
	g.RET()
}
