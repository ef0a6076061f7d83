package main

import (
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// halfFamily: float32s rounded to F16 or BF16 and widened back (RoundF16, RoundBF16), 8
// lanes a step.
func halfFamily(g *gen) {
	g.roundHalves("roundF16sF16C", "rf16", nil, func() {
		// VCVTPS2PH with imm 0 rounds to nearest even whatever MXCSR says, and handles
		// overflow, subnormals and NaN as F32ToF16 does; widening is exact.
		g.VMOVUPS(Mem{Base: RSI}, Y0)
		g.VCVTPS2PH(U8(0), Y0, X1)
		g.VCVTPH2PS(X1, Y1)
		g.VMOVUPS(Y1, Mem{Base: RDI})
	})
	// BF16 has no conversion instruction in AVX2: F32ToBF16 on the bits, then the low half
	// cleared: b + 0x7fff + (b>>16 & 1), or for a NaN b | 0x400000 (forced quiet).
	one, rounding, high, abs, inf, quiet := Y14, Y13, Y12, Y11, Y10, Y9
	g.roundHalves("roundBF16sAVX2", "rbf16", func() {
		g.VPCMPEQD(Y15, Y15, Y15) // all ones
		g.VPSRLD(U8(31), Y15, one)
		g.VPSRLD(U8(17), Y15, rounding) // 0x7fff
		g.VPSLLD(U8(16), Y15, high)     // 0xffff0000
		g.VPSRLD(U8(1), Y15, abs)       // 0x7fffffff
		g.VPSRLD(U8(24), Y15, inf)
		g.VPSLLD(U8(23), inf, inf)   // 0x7f800000
		g.VPSLLD(U8(22), one, quiet) // 0x400000
	}, func() {
		g.VMOVDQU(Mem{Base: RSI}, Y0)
		g.VPSRLD(U8(16), Y0, Y1)
		g.VPAND(one, Y1, Y1)
		g.VPADDD(rounding, Y0, Y2)
		g.VPADDD(Y1, Y2, Y2)
		g.VPAND(abs, Y0, Y3)
		g.VPCMPGTD(inf, Y3, Y3) // NaN
		g.VPOR(quiet, Y0, Y4)
		g.VPBLENDVB(Y3, Y4, Y2, Y2)
		g.VPAND(high, Y2, Y2)
		g.VMOVDQU(Y2, Mem{Base: RDI})
	})
}

// roundHalves emits func name(dst, src *float32, n8 int): setup (if any) after the
// arguments, then body n8 times on src at SI, dst at DI.
func (g *gen) roundHalves(name, label string, setup, body func()) {
	g.text(name, "func(dst, src *float32, n8 int)")
	g.arg("dst", RDI)
	g.arg("src", RSI)
	g.arg("n8", RCX)
	if setup != nil {
		setup()
	}
	g.loop(label, body, step{RSI, 32}, step{RDI, 32})
	g.VZEROUPPER()
	g.RET()
}
