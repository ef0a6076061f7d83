package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// drawFamily: a random draw's weights over the vocabulary in one pass (tensor.DrawWeights), without
// and with the allowed-token bitmask of a constrained request.
func drawFamily(g *gen) {
	g.drawWeights("drawWeightsAVX2", false)
	g.drawWeights("drawWeightsMaskAVX2", true)
	g.drawWeightsAVX512("drawWeightsAVX512", false, false)
	g.drawWeightsAVX512("drawWeightsMaskAVX512", true, false)
	g.drawWeightsAVX512("drawWeightsT1AVX512", false, true)
	g.drawWeightsAVX512("drawWeightsT1MaskAVX512", true, true)
}

// drawWeights: dst[i] = expf32(float32((float64(x[i]) - m) · invT)), 0 where x[i] is NaN (or, masked,
// where bit i of bits is clear). lanes is {1, 2, 4, ..., 128}, the bit of each lane in its byte.
func (g *gen) drawWeights(name string, masked bool) {
	extra := ""
	if masked {
		extra = ", bits *byte, lanes *[8]uint32"
	}
	g.drawText(name, 8, extra)
	g.VBROADCASTSD(g.argMem("m"), Y6)
	g.VBROADCASTSD(g.argMem("invT"), Y7)
	steps := []step{{RSI, 32}, {RDI, 32}}
	if masked {
		g.args(in{name: "bits", r: RDX}, in{name: "lanes", r: R10})
		g.VMOVDQU(Mem{Base: R10}, Y12)
		steps = append(steps, step{RDX, 1})
	}
	g.loop(name, func() {
		g.exponent(false)
		// NaN logits weigh nothing (the general path makes them -Inf).
		g.VMOVUPS(Mem{Base: RSI}, Y10)
		g.VCMPPS(U8(3), Y10, Y10, Y10)
		g.exp8()
		g.VANDNPS(Y4, Y10, Y4)
		if masked {
			g.MOVBLZX(Mem{Base: RDX}, EAX)
			g.VMOVD(EAX, X11)
			g.VPBROADCASTD(X11, Y11)
			g.VPAND(Y12, Y11, Y11)
			g.VPCMPEQD(Y12, Y11, Y11)
			g.VANDPS(Y11, Y4, Y4)
		}
		g.VMOVUPS(Y4, Mem{Base: RDI})
	}, steps...)
	g.drawDone()
}

// exp16 is exp8 on 16 lanes (AVX-512): Z4 = expf32(Z0) by the same operations in the same
// order, each constant broadcast from its expTab row; Z1-Z3, Z5 and K1-K3 are clobbered.
func (g *gen) exp16() {
	var p prog
	g.expCore(&p, expRegs{x: Z0, n: Z1, t2: Z2, t3: Z3, y: Z4}, g.VMULPS_BCST, g.VADDPS_BCST)
	g.emit(p)
	// x < Lo: 0; x > Hi: +Inf; NaN: x (exclusive conditions).
	g.VCMPPS_BCST(U8(1), expTab(expLo), Z0, K1)
	g.VPXORD(Z4, Z4, K1, Z4)
	g.VCMPPS_BCST(U8(0x1e), expTab(expHi), Z0, K2)
	g.VBROADCASTSS(expTab(expInf), Z5)
	g.VMOVAPS(Z5, K2, Z4)
	g.VCMPPS(U8(3), Z0, Z0, K3)
	g.VMOVAPS(Z0, K3, Z4)
}

// drawText starts a drawWeights kernel over lanes at a time (8 or 16): its signature (count n8 or
// n16; extra the masked kernel's further arguments) and the arguments every one loads.
func (g *gen) drawText(name string, lanes int, extra string) {
	g.text(name, fmt.Sprintf("func(dst, x *float32, n%d int, m, invT float64, tab *[14][8]float32%s)", lanes, extra))
	g.args(in{name: "dst", r: RDI}, in{name: "x", r: RSI}, in{name: fmt.Sprintf("n%d", lanes), r: RCX}, in{name: "tab", r: R8})
}

// drawDone returns.
func (g *gen) drawDone() {
	g.VZEROUPPER()
	g.RET()
}

// drawWeightsAVX512 is drawWeights on 16 lanes, with the same bits. t1 is its temperature-1 form for an
// m that is a float32 (invT is not read): then the float64 exponent, x - m rounded to float32, is
// x - m in float32, both roundings being correct and float64 holding more than twice float32's
// precision, so one float32 subtraction forms it.
func (g *gen) drawWeightsAVX512(name string, masked, t1 bool) {
	extra := ""
	if masked {
		extra = ", bits *uint16"
	}
	g.drawText(name, 16, extra)
	if t1 {
		g.VCVTSD2SS(g.argMem("m"), X6, X6)
		g.VBROADCASTSS(X6, Z6)
	} else {
		g.VBROADCASTSD(g.argMem("m"), Z6)
		g.VBROADCASTSD(g.argMem("invT"), Z7)
	}
	steps := []step{{RSI, 64}, {RDI, 64}}
	if masked {
		g.arg("bits", RDX)
		steps = append(steps, step{RDX, 2})
	}
	g.loop(name, func() {
		g.VMOVUPS(Mem{Base: RSI}, Z10)
		g.VCMPPS(U8(3), Z10, Z10, K4)
		if t1 {
			g.VSUBPS(Z6, Z10, Z0)
		} else {
			g.exponent(true)
		}
		g.exp16()
		g.VPXORD(Z4, Z4, K4, Z4)
		if masked {
			g.KMOVW(Mem{Base: RDX}, K5)
			g.VMOVAPS_Z(Z4, K5, Z4)
		}
		g.VMOVUPS(Z4, Mem{Base: RDI})
	}, steps...)
	g.drawDone()
}

// exponent sets Y0 (wide: Z0) = float32((float64(x) - m) · invT) for the 8 (16) logits at SI, m
// in Y6 (Z6) and invT in Y7 (Z7) as float64: the exponent as the sampler's general path forms it,
// in two halves.
func (g *gen) exponent(wide bool) {
	a, b, half := Y0, Y1, 16
	if wide {
		a, b, half = Z0, Z1, 32
	}
	m, invT := Y6, Y7
	if wide {
		m, invT = Z6, Z7
	}
	g.VCVTPS2PD(Mem{Base: RSI}, a)
	g.VCVTPS2PD(Mem{Base: RSI, Disp: half}, b)
	g.VSUBPD(m, a, a)
	g.VSUBPD(m, b, b)
	g.VMULPD(invT, a, a)
	g.VMULPD(invT, b, b)
	if wide {
		g.VCVTPD2PS(Z0, Y0)
		g.VCVTPD2PS(Z1, Y1)
		g.VINSERTF64X4(U8(1), Y1, Z0, Z0)
		return
	}
	g.VCVTPD2PSY(Y0, X0)
	g.VCVTPD2PSY(Y1, X1)
	g.VINSERTF128(U8(1), X1, Y0, Y0)
}
