package main

import (
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// vecFamily: element-wise vector kernels, 8 float32 lanes a step.
func vecFamily(g *gen) {
	g.axpy()
	g.f16sToF32()
}

// axpy: dst[i] += a*x[i], multiply and add rounded separately (no FMA), as the Go twin does.
func (g *gen) axpy() {
	g.text("axpyAVX2", "func(dst, x *float32, a float32, n8 int)")
	g.arg("dst", RDI)
	g.arg("x", RSI)
	g.VBROADCASTSS(g.argMem("a"), Y0)
	g.arg("n8", RCX)
	g.loop("axpy", func() {
		g.VMULPS(Mem{Base: RSI}, Y0, Y1)
		g.VADDPS(Mem{Base: RDI}, Y1, Y1)
		g.VMOVUPS(Y1, Mem{Base: RDI})
	}, step{RSI, 32}, step{RDI, 32})
	g.VZEROUPPER()
	g.RET()
}

// f16sToF32: dst[i] = the float32 value of the half src[i] (exact).
func (g *gen) f16sToF32() {
	g.text("f16sToF32F16C", "func(dst *float32, src *uint16, n8 int)")
	g.arg("dst", RDI)
	g.arg("src", RSI)
	g.arg("n8", RCX)
	g.loop("f16", func() {
		g.VCVTPH2PS(Mem{Base: RSI}, Y0)
		g.VMOVUPS(Y0, Mem{Base: RDI})
	}, step{RSI, 16}, step{RDI, 32})
	g.VZEROUPPER()
	g.RET()
}
