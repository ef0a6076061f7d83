package main

import (
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// expFamily: expf32 over 8 lanes and the kernels built on it (softmax's exp, SwiGLU),
// with scaleAVX2, softmax's other step; the exp and SwiGLU again over 16 lanes (exp16).
func expFamily(g *gen) {
	g.expsSub()
	g.swiglu()
	g.scale()
	g.expsSubAVX512()
	g.swigluAVX512()
}

// The constants of expTab (exp_amd64.go), in its order, each broadcast over 32 bytes;
// the kernels take the table's address in R8.
const (
	expLog2e = iota
	expC1
	expC2
	expP0
	expP1
	expP2
	expP3
	expP4
	expP5
	expOne
	expLo
	expHi
	expInf
	expSign
)

func expTab(i int) Mem { return Mem{Base: R8, Disp: 32 * i} }

// exp8 sets Y4 = expf32(Y0) over 8 lanes with the same operations, in the same order,
// as the Go twin; clobbers Y1-Y3, Y5.
func (g *gen) exp8() {
	g.expCore([5]VecPhysical{Y0, Y1, Y2, Y3, Y4},
		func(c int, src, dst VecPhysical) { g.VMULPS(expTab(c), src, dst) },
		func(c int, src, dst VecPhysical) { g.VADDPS(expTab(c), src, dst) })
	// x < Lo: 0; x > Hi: +Inf; NaN: x.
	g.VCMPPS(U8(1), expTab(expLo), Y0, Y5)
	g.VANDNPS(Y4, Y5, Y4)
	g.VCMPPS(U8(0x1e), expTab(expHi), Y0, Y5)
	g.VBLENDVPS(Y5, expTab(expInf), Y4, Y4)
	g.VCMPPS(U8(3), Y0, Y0, Y5)
	g.VBLENDVPS(Y5, Y0, Y4, Y4)
}

// expCore emits what exp8 and exp16 share, expf32 but for its special cases: r[4] = p·2ⁿ for x
// in r[0] (n in r[1], r[2] and r[3] scratch), each constant c of expTab applied by mulc or addc
// (c·src, c+src into dst).
func (g *gen) expCore(r [5]VecPhysical, mulc, addc func(c int, src, dst VecPhysical)) {
	x, n, t2, t3, y := r[0], r[1], r[2], r[3], r[4]
	// n = round(x·log2e); r = (x - n·C1) - n·C2.
	mulc(expLog2e, x, n)
	g.VCVTPS2DQ(n, n)
	g.VCVTDQ2PS(n, t2)
	for i, c := range []int{expC1, expC2} {
		// t3 = x - n·C1, then t3 - n·C2 (n, in t2, is not needed after).
		t, from := []VecPhysical{t3, t2}[i], []VecPhysical{x, t3}[i]
		mulc(c, t2, t)
		g.VSUBPS(t, from, t3)
	}
	// p = ((((P0·r + P1)·r + P2)·r + P3)·r + P4)·r + P5; e = p·r² + r + 1.
	g.VMULPS(t3, t3, t2)
	mulc(expP0, t3, y)
	for _, c := range []int{expP1, expP2, expP3, expP4} {
		addc(c, y, y)
		g.VMULPS(t3, y, y)
	}
	addc(expP5, y, y)
	g.VMULPS(t2, y, y)
	g.VADDPS(t3, y, y)
	addc(expOne, y, y)
	// ·2ⁿ by adding n to the exponent field.
	g.VPSLLD(U8(23), n, n)
	g.VPADDD(n, y, y)
}

// expsSub: x[i] = expf32(x[i] - m).
func (g *gen) expsSub() {
	g.text("expsSubAVX2", "func(x *float32, m float32, n8 int, tab *[14][8]float32)")
	g.arg("x", RDI)
	g.VBROADCASTSS(g.argMem("m"), Y6)
	g.arg("n8", RCX)
	g.arg("tab", R8)
	g.loop("exps", func() {
		g.VMOVUPS(Mem{Base: RDI}, Y0)
		g.VSUBPS(Y6, Y0, Y0)
		g.exp8()
		g.VMOVUPS(Y4, Mem{Base: RDI})
	}, step{RDI, 32})
	g.VZEROUPPER()
	g.RET()
}

// expsSubAVX512 is expsSub over 16 lanes: the same operations per lane (exp16 is exp8's).
func (g *gen) expsSubAVX512() {
	g.text("expsSubAVX512", "func(x *float32, m float32, n16 int, tab *[14][8]float32)")
	g.arg("x", RDI)
	g.VBROADCASTSS(g.argMem("m"), Z6)
	g.arg("n16", RCX)
	g.arg("tab", R8)
	g.loop("exps5", func() {
		g.VMOVUPS(Mem{Base: RDI}, Z0)
		g.VSUBPS(Z6, Z0, Z0)
		g.exp16()
		g.VMOVUPS(Z4, Mem{Base: RDI})
	}, step{RDI, 64})
	g.VZEROUPPER()
	g.RET()
}

// swigluAVX512 is swiglu over 16 lanes, the same operations per lane.
func (g *gen) swigluAVX512() {
	g.text("swigluAVX512", "func(dst, gate, up *float32, n16 int, tab *[14][8]float32)")
	g.args(in{name: "dst", r: RDI}, in{name: "gate", r: RSI}, in{name: "up", r: RDX}, in{name: "n16", r: RCX}, in{name: "tab", r: R8})
	g.loop("swiglu5", func() {
		g.VMOVUPS(Mem{Base: RSI}, Z7)
		g.VXORPS_BCST(expTab(expSign), Z7, Z0)
		g.exp16()
		g.VADDPS_BCST(expTab(expOne), Z4, Z4)
		g.VDIVPS(Z4, Z7, Z4)
		g.VMULPS(Mem{Base: RDX}, Z4, Z4)
		g.VMOVUPS(Z4, Mem{Base: RDI})
	}, step{RSI, 64}, step{RDX, 64}, step{RDI, 64})
	g.VZEROUPPER()
	g.RET()
}

// swiglu: dst[i] = (g / (1 + expf32(-g))) * up[i], g = gate[i]; dst may alias gate or up.
func (g *gen) swiglu() {
	g.text("swigluAVX2", "func(dst, gate, up *float32, n8 int, tab *[14][8]float32)")
	g.args(in{name: "dst", r: RDI}, in{name: "gate", r: RSI}, in{name: "up", r: RDX}, in{name: "n8", r: RCX}, in{name: "tab", r: R8})
	g.loop("swiglu", func() {
		g.VMOVUPS(Mem{Base: RSI}, Y7)
		g.VXORPS(expTab(expSign), Y7, Y0)
		g.exp8()
		g.VADDPS(expTab(expOne), Y4, Y4)
		g.VDIVPS(Y4, Y7, Y4)
		g.VMULPS(Mem{Base: RDX}, Y4, Y4)
		g.VMOVUPS(Y4, Mem{Base: RDI})
	}, step{RSI, 32}, step{RDX, 32}, step{RDI, 32})
	g.VZEROUPPER()
	g.RET()
}

// scale: x[i] *= a.
func (g *gen) scale() {
	g.text("scaleAVX2", "func(x *float32, a float32, n8 int)")
	g.arg("x", RDI)
	g.VBROADCASTSS(g.argMem("a"), Y0)
	g.arg("n8", RCX)
	g.loop("scale", func() {
		g.VMULPS(Mem{Base: RDI}, Y0, Y1)
		g.VMOVUPS(Y1, Mem{Base: RDI})
	}, step{RDI, 32})
	g.VZEROUPPER()
	g.RET()
}
