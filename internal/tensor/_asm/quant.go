package main

import (
	"math"

	. "github.com/mmcloughlin/avo/attr"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// quantFamily is quant_amd64.s: the AVX2 activation quantisers (quantActQ8_0 for the Q8_0 and
// Q4_0 products, quantActQ8_K for Q4_K and Q6_K), bit for bit. A decode step converts each
// matrix product's input on the calling thread alone while the other workers wait, so the
// scalar versions cost a batch-1 step several per cent.
func quantFamily(g *gen) {
	// VPACKSS/VPACKUS interleave the 128-bit lanes: dwords 0, 4, 1, 5, ... of the packed bytes
	// are the inputs' groups of four in order.
	perm := g.StaticGlobal("quantPackOrder")
	g.DataAttributes(RODATA | NOPTR)
	for i, v := range []uint32{0, 4, 1, 5, 2, 6, 3, 7} {
		g.AddDatum(4*i, U32(v))
	}
	g.quantQ8AVX2(perm)
	g.quantQ8KAVX2(perm)
}

// maxLanesY leaves the maximum of y's 8 lanes in every lane of its xmm (t clobbered); no lane may
// be NaN.
func (g *gen) maxLanesY(y, t VecPhysical) {
	g.VEXTRACTF128(U8(1), y, t.AsX())
	g.VMAXPS(t.AsX(), y.AsX(), y.AsX())
	for _, imm := range []uint8{0x4e, 0xb1} {
		g.VPERMILPS(U8(imm), y.AsX(), t.AsX())
		g.VMAXPS(t.AsX(), y.AsX(), y.AsX())
	}
}

// quantQ8AVX2 emits
//
//	func quantQ8_0AVX2(x *float32, q *int8, d *float32, s *int32, nb int)
//
// quantQ8_0AVX512 on YMM registers: quantActQ8_0 for nb blocks, bit for bit. VMAXPS skips NaN
// like the reference's comparison when its second operand is the running maximum, VCVTPS2DQ
// rounds half to even as roundMagic32 does for these magnitudes and turns NaN and overflow into
// MinInt32, which the clamp to [-128, 127] (before the sum, as in the reference) makes -128; the
// clamped values pack without saturating.
func (g *gen) quantQ8AVX2(perm Mem) {
	g.text("quantQ8_0AVX2", "func(x *float32, q *int8, d *float32, s *int32, nb int)")
	g.args(in{name: "x", r: RSI}, in{name: "q", r: RDI}, in{name: "d", r: RDX}, in{name: "s", r: R8}, in{name: "nb", r: RCX})
	absMask, c127, lo, hi, zero, order := Y15, X14, Y13, Y12, Y11, Y10
	g.broadcastD(absMask, 0x7fffffff)
	g.MOVL(U32(math.Float32bits(127)), EAX)
	g.VMOVD(EAX, c127)
	g.broadcastD(lo, 0xffffff80) // -128
	g.broadcastD(hi, 127)
	g.VXORPS(zero, zero, zero)
	g.VMOVDQU(perm, order)
	xs := []VecPhysical{Y0, Y1, Y2, Y3}
	g.loop("quant", func() {
		for i, y := range xs {
			g.VMOVUPS(Mem{Base: RSI, Disp: 32 * i}, y)
		}
		g.Comment("NaN lanes of |x| give the second operand.")
		for i, y := range xs {
			g.VANDPS(absMask, y, Y4)
			if i == 0 {
				g.VMAXPS(zero, Y4, Y8)
			} else {
				g.VMAXPS(Y8, Y4, Y8)
			}
		}
		g.maxLanesY(Y8, Y9)
		g.q8Scale(X8, c127, zero.AsX(), X6, X5, Y7)
		for _, y := range xs {
			g.VMULPS(Y7, y, y)
		}
		for _, y := range xs {
			g.VCVTPS2DQ(y, y)
		}
		for _, y := range xs {
			g.VPMAXSD(lo, y, y)
			g.VPMINSD(hi, y, y)
		}
		g.VPADDD(Y1, Y0, Y4)
		g.VPADDD(Y3, Y2, Y5)
		g.VPADDD(Y5, Y4, Y4)
		g.VEXTRACTI128(U8(1), Y4, X5)
		g.VPADDD(X5, X4, X4)
		for _, imm := range []uint8{0x4e, 0xb1} {
			g.VPSHUFD(U8(imm), X4, X5)
			g.VPADDD(X5, X4, X4)
		}
		g.VMOVD(X4, Mem{Base: R8})
		g.VPACKSSDW(Y1, Y0, Y0)
		g.VPACKSSDW(Y3, Y2, Y2)
		g.VPACKSSWB(Y2, Y0, Y0)
		g.VPERMD(Y0, order, Y0)
		g.VMOVDQU(Y0, Mem{Base: RDI})
	}, step{RSI, 128}, step{RDI, 32}, step{RDX, 4}, step{R8, 4})
	g.VZEROUPPER()
	g.RET()
}

// q8Scale ends a Q8_0 block's scale (amax in the low lane, c127 = 127, zero = 0): it stores
// d = f16(amax/127) at (DX) and sets every lane of id to 127/amax, or 0 where amax = 0 (t and m
// clobbered). The AVX2 and AVX-512 quantisers share it.
func (g *gen) q8Scale(amax, c127 VecPhysical, zero Op, t, m, id VecPhysical) {
	g.Comment("d = amax/127 as f16; id = 127/amax, or 0 where amax = 0.")
	g.VDIVSS(c127, amax, t)
	g.VCVTPS2PH(U8(0), t, t)
	g.VCVTPH2PS(t, t)
	g.VMOVSS(t, Mem{Base: RDX})
	g.VDIVSS(amax, c127, id.AsX())
	g.VCMPSS(U8(4), zero, amax, m) // not equal
	g.VANDPS(m, id.AsX(), id.AsX())
	g.VBROADCASTSS(id.AsX(), id)
}

// quantQ8KAVX2 emits
//
//	func quantQ8_KAVX2(x *float32, q *int8, d *float32, bs *int16, nb int)
//
// quantActQ8_K for nb super-blocks of 256 values, bit for bit:
//   - amax as in quantQ8AVX2 (NaN skipped); a block whose amax is 0 gets zeros;
//   - mx, the reference's first value of largest magnitude, is the first whose |x| equals amax
//     (an ordered compare: NaN never does);
//   - iscale = -127/mx and d = 1/iscale, in float32;
//   - each quant is int8(min(127, int32(round(iscale·x)))): VCVTPS2DQ rounds half to even as
//     roundMagic32 does (|iscale·x| <= 127 for finite iscale), and gives MinInt32 for NaN and
//     ±inf, as the reference takes; the int8 conversion keeps the low byte, so those become 0
//     (masked to a byte, the values pack without saturating);
//   - bs sums each 16 quants: VPSADBW over the quants biased to unsigned (x XOR 0x80) sums
//     eight at a time, less 16·128 per group.
func (g *gen) quantQ8KAVX2(perm Mem) {
	g.text("quantQ8_KAVX2", "func(x *float32, q *int8, d *float32, bs *int16, nb int)")
	g.args(in{name: "x", r: RSI}, in{name: "q", r: RDI}, in{name: "d", r: RDX}, in{name: "bs", r: R8}, in{name: "nb", r: RCX})
	c := q8kRegs{absMask: Y15, order: Y14, byteMask: Y13, hi: Y12, iscale: Y11, zero: Y10, bias: Y9}
	g.broadcastD(c.absMask, 0x7fffffff)
	g.VMOVDQU(perm, c.order)
	g.broadcastD(c.byteMask, 0xff)
	g.broadcastD(c.hi, 127)
	g.broadcastD(c.bias, 0x80808080)
	g.VXORPS(c.zero, c.zero, c.zero)
	g.loop("q8k", func() {
		g.q8kAmax(c)
		g.VUCOMISS(c.zero.AsX(), X4)
		g.JE(LabelRef("q8kzero"))
		g.q8kFirstMax(c)
		g.Comment("iscale = -127/mx, d = 1/iscale.")
		g.MOVL(U32(math.Float32bits(-127)), EAX)
		g.VMOVD(EAX, X1)
		g.VDIVSS(X0, X1, c.iscale.AsX())
		g.MOVL(U32(math.Float32bits(1)), EAX)
		g.VMOVD(EAX, X1)
		g.VDIVSS(c.iscale.AsX(), X1, X1)
		g.VMOVSS(X1, Mem{Base: RDX})
		g.VBROADCASTSS(c.iscale.AsX(), c.iscale)
		for k := range 8 {
			g.q8kQuant32(c, k)
		}
		g.JMP(LabelRef("q8knext"))
		g.Label("q8kzero")
		g.MOVL(U32(0), Mem{Base: RDX})
		for k := range 8 {
			g.VMOVDQU(c.zero, Mem{Base: RDI, Disp: 32 * k})
		}
		g.VMOVDQU(c.zero, Mem{Base: R8})
		g.Label("q8knext")
	}, step{RSI, 4 * 256}, step{RDI, 256}, step{RDX, 4}, step{R8, 32})
	g.VZEROUPPER()
	g.RET()
}

// q8kRegs are quantQ8KAVX2's constants (and iscale, set per super-block).
type q8kRegs struct{ absMask, order, byteMask, hi, iscale, zero, bias VecPhysical }

// broadcastD sets every dword of y to v (EAX clobbered).
func (g *gen) broadcastD(y VecPhysical, v uint32) {
	g.MOVL(U32(v), EAX)
	g.VMOVD(EAX, y.AsX())
	g.VPBROADCASTD(y.AsX(), y)
}

// q8kAmax leaves the super-block's largest magnitude at RSI in every lane of X4, over four running
// maxima (Y4-Y7; Y0 clobbered); NaN lanes of |x| give the second operand, the running maximum.
func (g *gen) q8kAmax(c q8kRegs) {
	accs := []VecPhysical{Y4, Y5, Y6, Y7}
	for i := range 32 {
		a := accs[i%4]
		g.VANDPS(Mem{Base: RSI, Disp: 32 * i}, c.absMask, Y0)
		if i < 4 {
			g.VMAXPS(c.zero, Y0, a)
		} else {
			g.VMAXPS(a, Y0, a)
		}
	}
	g.VMAXPS(Y5, Y4, Y4)
	g.VMAXPS(Y7, Y6, Y6)
	g.VMAXPS(Y6, Y4, Y4)
	g.maxLanesY(Y4, Y0)
}

// q8kFirstMax loads into X0 the first value at RSI whose magnitude is amax (X4, not 0): one is,
// amax being one of them (R9, RAX, Y0 and Y4 clobbered).
func (g *gen) q8kFirstMax(c q8kRegs) {
	g.VBROADCASTSS(X4, Y4)
	g.XORQ(R9, R9)
	g.Label("q8kscan")
	g.VANDPS(Mem{Base: RSI, Index: R9, Scale: 1}, c.absMask, Y0)
	g.VCMPPS(U8(0), Y4, Y0, Y0) // equal, ordered
	g.VMOVMSKPS(Y0, EAX)
	g.ADDQ(U32(32), R9)
	g.TESTL(EAX, EAX)
	g.JE(LabelRef("q8kscan"))
	g.BSFL(EAX, EAX)
	g.LEAQ(Mem{Base: R9, Index: RAX, Scale: 4, Disp: -32}, R9)
	g.VMOVSS(Mem{Base: RSI, Index: R9, Scale: 1}, X0)
}

// q8kQuant32 quantises values 32k..32k+31 of the super-block by iscale into q, and writes the sums
// of their two groups of 16 (Y0-Y3, EAX clobbered).
func (g *gen) q8kQuant32(c q8kRegs, k int) {
	xs := []VecPhysical{Y0, Y1, Y2, Y3}
	for i, y := range xs {
		g.VMULPS(Mem{Base: RSI, Disp: 128*k + 32*i}, c.iscale, y)
	}
	for _, y := range xs {
		g.VCVTPS2DQ(y, y)
		g.VPMINSD(c.hi, y, y)
		g.VPAND(c.byteMask, y, y)
	}
	g.VPACKUSDW(Y1, Y0, Y0)
	g.VPACKUSDW(Y3, Y2, Y2)
	g.VPACKUSWB(Y2, Y0, Y0)
	g.VPERMD(Y0, c.order, Y0)
	g.VMOVDQU(Y0, Mem{Base: RDI, Disp: 32 * k})
	g.Comment("Groups 2k and 2k+1: two eight-byte sums each.")
	g.VPXOR(c.bias, Y0, Y0)
	g.VPSADBW(c.zero, Y0, Y0)
	g.VPSHUFD(U8(0x4e), Y0, Y1)
	g.VPADDQ(Y1, Y0, Y0)
	g.VMOVD(X0, EAX)
	g.SUBL(U32(16*128), EAX)
	g.MOVW(AX, Mem{Base: R8, Disp: 4 * k})
	g.VEXTRACTI128(U8(1), Y0, X0)
	g.VMOVD(X0, EAX)
	g.SUBL(U32(16*128), EAX)
	g.MOVW(AX, Mem{Base: R8, Disp: 4*k + 2})
}
