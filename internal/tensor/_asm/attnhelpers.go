package main

import (
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The attention family's helpers beside its fused kernels (attn.go): the next page's prefetch,
// Softmax's max and float64 sum, and the KV cache's F16 stores.

// prefetchRows: PREFETCHT0 of every 64-byte line of each row, and of its last byte (the last
// line, when the row does not start on one).
func (g *gen) prefetchRows() {
	g.text("prefetchRows", "func(p *byte, stride, n, rowBytes int)")
	g.arg("p", RSI)
	g.arg("stride", R8)
	g.arg("n", RCX)
	g.arg("rowBytes", R9)
	g.Label("pfrow")
	g.XORQ(RAX, RAX)
	g.Label("pfline")
	g.PREFETCHT0(m(RSI, RAX, 1, 0))
	g.ADDQ(U8(64), RAX)
	g.CMPQ(RAX, R9)
	g.JLT(LabelRef("pfline"))
	g.PREFETCHT0(m(RSI, R9, 1, -1))
	g.ADDQ(R8, RSI)
	g.DECQ(RCX)
	g.JNZ(LabelRef("pfrow"))
	g.RET()
}

// maxF32: VMAXPS over 8 lanes, then across them.
func (g *gen) maxF32() {
	g.text("maxF32AVX2", "func(x *float32, n8 int) float32")
	g.arg("x", RSI)
	g.arg("n8", RCX)
	g.VMOVUPS(b(RSI), Y0)
	g.Label("mxloop")
	g.VMAXPS(b(RSI), Y0, Y0)
	g.ADDQ(U8(32), RSI)
	g.DECQ(RCX)
	g.JNZ(LabelRef("mxloop"))
	g.fold8(Y0, X1, g.VMAXPS, g.VMAXSS)
	g.retX0()
}

// sumF64: sumF64Go's 16 float64 lanes in Y0-Y3 (lanes 0-3, 4-7, 8-11, 12-15), folded k+8,
// k+4, k+2, k+1.
func (g *gen) sumF64() {
	g.text("sumF64AVX2", "func(x *float32, n16 int) float64")
	g.arg("x", RSI)
	g.arg("n16", RCX)
	acc := []VecPhysical{Y0, Y1, Y2, Y3}
	for _, y := range acc {
		g.VXORPD(y, y, y)
	}
	g.Label("sdloop")
	for i, y := range []VecPhysical{Y4, Y5, Y6, Y7} {
		g.VCVTPS2PD(Mem{Base: RSI, Disp: 16 * i}, y)
	}
	for i, y := range []VecPhysical{Y4, Y5, Y6, Y7} {
		g.VADDPD(y, acc[i], acc[i])
	}
	g.ADDQ(U8(64), RSI)
	g.DECQ(RCX)
	g.JNZ(LabelRef("sdloop"))
	g.foldF64(Y0, Y1, Y2, Y3)
	g.retX0()
}

// foldF64 folds sumF64Go's 16 float64 lanes, held in l0 (lanes 0-3), l4 (4-7), l8 (8-11) and
// l12 (12-15), into X0's low lane in its order: k+8, k+4, k+2, k+1. It overwrites l0, l4 and
// X1. Every kernel that sums as sumF64 ends with it, so the order is written once.
func (g *gen) foldF64(l0, l4, l8, l12 VecPhysical) {
	g.VADDPD(l8, l0, l0)
	g.VADDPD(l12, l4, l4)
	g.VADDPD(l4, l0, Y0)
	g.VEXTRACTF128(U8(1), Y0, X1)
	g.VADDPD(X1, X0, X0)
	g.VUNPCKHPD(X0, X0, X1)
	g.VADDSD(X1, X0, X0)
}

// retX0 returns X0's low lane as the function's result.
func (g *gen) retX0() {
	g.Store(X0, g.ReturnIndex(0))
	g.VZEROUPPER()
	g.RET()
}

// f32sToF16: VCVTPS2PH rounding to nearest even (imm 0), 8 at a time.
func (g *gen) f32sToF16() {
	g.text("f32sToF16F16C", "func(dst *uint16, src *float32, n8 int)")
	g.arg("dst", RDI)
	g.arg("src", RSI)
	g.arg("n8", RCX)
	g.Label("h16loop")
	g.VMOVUPS(b(RSI), Y0)
	g.VCVTPS2PH(U8(0), Y0, X0)
	g.VMOVDQU(X0, b(RDI))
	g.tail("h16loop", RCX, step{RSI, 32}, step{RDI, 16})
}
