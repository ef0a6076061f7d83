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
	g.MOVL(U32(0x7fffffff), EAX)
	g.VMOVD(EAX, absMask.AsX())
	g.VPBROADCASTD(absMask.AsX(), absMask)
	g.MOVL(U32(math.Float32bits(127)), EAX)
	g.VMOVD(EAX, c127)
	g.MOVL(I32(-128), EAX)
	g.VMOVD(EAX, lo.AsX())
	g.VPBROADCASTD(lo.AsX(), lo)
	g.MOVL(U32(127), EAX)
	g.VMOVD(EAX, hi.AsX())
	g.VPBROADCASTD(hi.AsX(), hi)
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
		g.Comment("d = amax/127 as f16; id = 127/amax, or 0 where amax = 0.")
		g.VDIVSS(c127, X8, X6)
		g.VCVTPS2PH(U8(0), X6, X6)
		g.VCVTPH2PS(X6, X6)
		g.VMOVSS(X6, Mem{Base: RDX})
		g.VDIVSS(X8, c127, X7)
		g.VCMPSS(U8(4), zero.AsX(), X8, X5) // not equal
		g.VANDPS(X5, X7, X7)
		g.VBROADCASTSS(X7, Y7)
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
//     ±inf where Go's conversion on amd64 does too; the int8 conversion keeps the low byte, so
//     those become 0 (masked to a byte, the values pack without saturating);
//   - bs sums each 16 quants: VPSADBW over the quants biased to unsigned (x XOR 0x80) sums
//     eight at a time, less 16·128 per group.
func (g *gen) quantQ8KAVX2(perm Mem) {
	g.text("quantQ8_KAVX2", "func(x *float32, q *int8, d *float32, bs *int16, nb int)")
	g.args(in{name: "x", r: RSI}, in{name: "q", r: RDI}, in{name: "d", r: RDX}, in{name: "bs", r: R8}, in{name: "nb", r: RCX})
	absMask, order, byteMask, hi, iscale, zero, bias := Y15, Y14, Y13, Y12, Y11, Y10, Y9
	g.MOVL(U32(0x7fffffff), EAX)
	g.VMOVD(EAX, absMask.AsX())
	g.VPBROADCASTD(absMask.AsX(), absMask)
	g.VMOVDQU(perm, order)
	g.MOVL(U32(0xff), EAX)
	g.VMOVD(EAX, byteMask.AsX())
	g.VPBROADCASTD(byteMask.AsX(), byteMask)
	g.MOVL(U32(127), EAX)
	g.VMOVD(EAX, hi.AsX())
	g.VPBROADCASTD(hi.AsX(), hi)
	g.MOVL(U32(0x80808080), EAX)
	g.VMOVD(EAX, bias.AsX())
	g.VPBROADCASTD(bias.AsX(), bias)
	g.VXORPS(zero, zero, zero)
	accs := []VecPhysical{Y4, Y5, Y6, Y7}
	g.loop("q8k", func() {
		g.Comment("amax over four running maxima; NaN lanes of |x| give the second operand.")
		for i := range 32 {
			a := accs[i%4]
			g.VANDPS(Mem{Base: RSI, Disp: 32 * i}, absMask, Y0)
			if i < 4 {
				g.VMAXPS(zero, Y0, a)
			} else {
				g.VMAXPS(a, Y0, a)
			}
		}
		g.VMAXPS(Y5, Y4, Y4)
		g.VMAXPS(Y7, Y6, Y6)
		g.VMAXPS(Y6, Y4, Y4)
		g.maxLanesY(Y4, Y0)
		g.VUCOMISS(zero.AsX(), X4)
		g.JE(LabelRef("q8kzero"))
		g.Comment("mx: the first value whose magnitude is amax.")
		g.VBROADCASTSS(X4, Y4)
		g.XORQ(R9, R9)
		g.Label("q8kscan")
		g.VANDPS(Mem{Base: RSI, Index: R9, Scale: 1}, absMask, Y0)
		g.VCMPPS(U8(0), Y4, Y0, Y0) // equal, ordered
		g.VMOVMSKPS(Y0, EAX)
		g.ADDQ(U32(32), R9)
		g.TESTL(EAX, EAX)
		g.JE(LabelRef("q8kscan"))
		g.BSFL(EAX, EAX)
		g.LEAQ(Mem{Base: R9, Index: RAX, Scale: 4, Disp: -32}, R9)
		g.VMOVSS(Mem{Base: RSI, Index: R9, Scale: 1}, X0)
		g.Comment("iscale = -127/mx, d = 1/iscale.")
		g.MOVL(U32(math.Float32bits(-127)), EAX)
		g.VMOVD(EAX, X1)
		g.VDIVSS(X0, X1, iscale.AsX())
		g.MOVL(U32(math.Float32bits(1)), EAX)
		g.VMOVD(EAX, X1)
		g.VDIVSS(iscale.AsX(), X1, X1)
		g.VMOVSS(X1, Mem{Base: RDX})
		g.VBROADCASTSS(iscale.AsX(), iscale)
		xs := []VecPhysical{Y0, Y1, Y2, Y3}
		for c := range 8 {
			for i, y := range xs {
				g.VMULPS(Mem{Base: RSI, Disp: 128*c + 32*i}, iscale, y)
			}
			for _, y := range xs {
				g.VCVTPS2DQ(y, y)
				g.VPMINSD(hi, y, y)
				g.VPAND(byteMask, y, y)
			}
			g.VPACKUSDW(Y1, Y0, Y0)
			g.VPACKUSDW(Y3, Y2, Y2)
			g.VPACKUSWB(Y2, Y0, Y0)
			g.VPERMD(Y0, order, Y0)
			g.VMOVDQU(Y0, Mem{Base: RDI, Disp: 32 * c})
			g.Comment("Groups 2c and 2c+1: two eight-byte sums each.")
			g.VPXOR(bias, Y0, Y0)
			g.VPSADBW(zero, Y0, Y0)
			g.VPSHUFD(U8(0x4e), Y0, Y1)
			g.VPADDQ(Y1, Y0, Y0)
			g.VMOVD(X0, EAX)
			g.SUBL(U32(16*128), EAX)
			g.MOVW(AX, Mem{Base: R8, Disp: 4 * c})
			g.VEXTRACTI128(U8(1), Y0, X0)
			g.VMOVD(X0, EAX)
			g.SUBL(U32(16*128), EAX)
			g.MOVW(AX, Mem{Base: R8, Disp: 4*c + 2})
		}
		g.JMP(LabelRef("q8knext"))
		g.Label("q8kzero")
		g.MOVL(U32(0), Mem{Base: RDX})
		for c := range 8 {
			g.VMOVDQU(zero, Mem{Base: RDI, Disp: 32 * c})
		}
		g.VMOVDQU(zero, Mem{Base: R8})
		g.Label("q8knext")
	}, step{RSI, 4 * 256}, step{RDI, 256}, step{RDX, 4}, step{R8, 32})
	g.VZEROUPPER()
	g.RET()
}
