package main

import (
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// drawFamily: a random draw's weights over the vocabulary in one pass (tensor.DrawWeights), without
// and with the allowed-token bitmask of a constrained request.
func drawFamily(g *gen) {
	g.drawWeights("drawWeightsAVX2", false)
	g.drawWeights("drawWeightsMaskAVX2", true)
}

// drawWeights: dst[i] = expf32(float32((float64(x[i]) - m) · invT)), 0 where x[i] is NaN (or, masked,
// where bit i of bits is clear), and sums[k] += dst[i] in float64 for i ≡ k mod 4, in order: the
// four chains of the sampler's sum64. lanes is {1, 2, 4, ..., 128}, the bit of each lane in its byte.
func (g *gen) drawWeights(name string, masked bool) {
	sig := "func(dst, x *float32, n8 int, m, invT float64, tab *[14][8]float32, sums *[4]float64)"
	if masked {
		sig = "func(dst, x *float32, n8 int, m, invT float64, tab *[14][8]float32, sums *[4]float64, bits *byte, lanes *[8]uint32)"
	}
	g.text(name, sig)
	g.args(in{name: "dst", r: RDI}, in{name: "x", r: RSI}, in{name: "n8", r: RCX}, in{name: "tab", r: R8}, in{name: "sums", r: R9})
	g.VBROADCASTSD(g.argMem("m"), Y6)
	g.VBROADCASTSD(g.argMem("invT"), Y7)
	g.VMOVUPD(Mem{Base: R9}, Y8)
	steps := []step{{RSI, 32}, {RDI, 32}}
	if masked {
		g.args(in{name: "bits", r: RDX}, in{name: "lanes", r: R10})
		g.VMOVDQU(Mem{Base: R10}, Y12)
		steps = append(steps, step{RDX, 1})
	}
	g.loop(name, func() {
		// The exponent in float64, as the sampler's general path forms it, four lanes at a time.
		g.VCVTPS2PD(Mem{Base: RSI}, Y0)
		g.VCVTPS2PD(Mem{Base: RSI, Disp: 16}, Y1)
		g.VSUBPD(Y6, Y0, Y0)
		g.VSUBPD(Y6, Y1, Y1)
		g.VMULPD(Y7, Y0, Y0)
		g.VMULPD(Y7, Y1, Y1)
		g.VCVTPD2PSY(Y0, X0)
		g.VCVTPD2PSY(Y1, X1)
		g.VINSERTF128(U8(1), X1, Y0, Y0)
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
		// Lanes k and k+4 both belong to chain k: the lower half first, as sum64 adds them.
		g.VCVTPS2PD(X4, Y1)
		g.VADDPD(Y1, Y8, Y8)
		g.VEXTRACTF128(U8(1), Y4, X2)
		g.VCVTPS2PD(X2, Y2)
		g.VADDPD(Y2, Y8, Y8)
	}, steps...)
	g.VMOVUPD(Y8, Mem{Base: R9})
	g.VZEROUPPER()
	g.RET()
}
