package main

import (
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// argmaxFamily: tensor.Argmax's two passes on AVX-512, without and with the allowed-token bitmask
// (one 16-bit mask word per 16 values): the largest value, then the first index holding it.
func argmaxFamily(g *gen) {
	for _, masked := range []bool{false, true} {
		g.maxF32s(masked)
		g.firstEqF32(masked)
	}
}

// argmaxText starts the kernel base (masked or not) over x[:16·n16], with the further arguments
// extra and result ret: x in SI, n16 in CX, the bitmask in DX; it returns the kernel's name and its
// loop's steps.
func (g *gen) argmaxText(base, extra, ret string, masked bool) (string, []step) {
	name, bits := base+"AVX512", ""
	if masked {
		name, bits = base+"MaskAVX512", ", bits *uint16"
	}
	g.text(name, "func(x *float32, n16 int"+extra+bits+") "+ret)
	g.args(in{name: "x", r: RSI}, in{name: "n16", r: RCX})
	steps := []step{{RSI, 64}}
	if masked {
		g.arg("bits", RDX)
		steps = append(steps, step{RDX, 2})
	}
	return name, steps
}

// maxF32s: the largest of x[:16·n16] (over the lanes whose bit is set, masked), NaN never; -Inf
// when there is none. The max of each lane is exact whatever the order, but for the sign of a
// zero, which the first-index pass does not tell apart.
func (g *gen) maxF32s(masked bool) {
	name, steps := g.argmaxText("maxF32s", "", "float32", masked)
	// -Inf in every lane: all ones shifted to the sign and exponent bits.
	g.VPTERNLOGD(U8(0xff), Z0, Z0, Z0)
	g.VPSLLD(U8(23), Z0, Z0)
	g.loop(name, func() {
		g.VMOVUPS(Mem{Base: RSI}, Z1)
		// max(x, acc) gives acc where x is NaN (the second operand wins an unordered compare).
		if masked {
			g.KMOVW(Mem{Base: RDX}, K1)
			g.VMAXPS(Z0, Z1, K1, Z0)
		} else {
			g.VMAXPS(Z0, Z1, Z0)
		}
	}, steps...)
	g.VEXTRACTF64X4(U8(1), Z0, Y1)
	g.VMAXPS(Y1, Y0, Y0)
	g.VEXTRACTF128(U8(1), Y0, X1)
	g.VMAXPS(X1, X0, X0)
	g.VMOVHLPS(X0, X0, X1)
	g.VMAXPS(X1, X0, X0)
	g.VMOVSHDUP(X0, X1)
	g.VMAXSS(X1, X0, X0)
	g.VZEROUPPER()
	g.Store(X0, g.ReturnIndex(0))
	g.RET()
}

// firstEqF32: the first index i < 16·n16 with x[i] == v (and its bit set, masked), or -1.
func (g *gen) firstEqF32(masked bool) {
	name, steps := g.argmaxText("firstEqF32", ", v float32", "int", masked)
	g.VBROADCASTSS(g.argMem("v"), Z2)
	g.MOVQ(RSI, RDI) // the start, for the index
	g.loop(name, func() {
		if masked {
			g.KMOVW(Mem{Base: RDX}, K1)
			g.VCMPPS(U8(0), Mem{Base: RSI}, Z2, K1, K2)
		} else {
			g.VCMPPS(U8(0), Mem{Base: RSI}, Z2, K2)
		}
		g.KORTESTW(K2, K2)
		g.JNZ(LabelRef(name + "found"))
	}, steps...)
	g.MOVQ(I32(-1), RAX)
	g.VZEROUPPER()
	g.Store(RAX, g.ReturnIndex(0))
	g.RET()
	g.Label(name + "found")
	g.KMOVW(K2, EAX)
	g.BSFL(EAX, EAX)
	g.SUBQ(RDI, RSI)
	g.SHRQ(U8(2), RSI)
	g.ADDQ(RSI, RAX)
	g.VZEROUPPER()
	g.Store(RAX, g.ReturnIndex(0))
	g.RET()
}
