package main

import (
	"math"

	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// vnniFamily: the AVX-512 VNNI Q4_0 tile against activations packed by packQ8x, and the
// AVX-512 activation quantizer. Same contract as q8Family: exact integer block sums, then
// the reference's float chain per (weight row, input), one zmm lane per pair.
//
// A packed record holds one block of every input of a group, one dword lane per input, so
// a 32-quant block sum lands whole in one lane after eight VPDPBUSDs and needs no
// horizontal reduction. VPDPBUSD multiplies unsigned by signed bytes: Q4_0's nibbles are
// unsigned already, and the accumulator starts at -8·Σx (from the packed record's
// -128·Σx): -8·Σx + Σ(w+8)·x = Σ w·x exactly.
func vnniFamily(g *gen) {
	g.x4x16VNNI()
	g.quantQ8AVX512()
}

// Registers of the Q4_0 tile: the weight rows at SI, SI+BX, SI+2BX, SI+R8 (rowAt), the
// packed record at DI, the float accumulators Z0..Z3 (a row each), the block sums Z4..Z7
// likewise, the nibble mask, and the four rows' broadcast quants.
var (
	pkAcc  = [4]VecPhysical{Z0, Z1, Z2, Z3}
	pkSums = [4]VecPhysical{Z4, Z5, Z6, Z7}
	pkMask = Z31 // 0x0f bytes
	wq     = [4]VecPhysical{Z9, Z10, Z11, Z12}
)

// x4x16VNNI emits the Q4_0 kernel for four weight rows against the sixteen inputs of one
// 16-lane packQ8x group (640-byte records: the quants, 64 bytes per 4 of them, then the
// 16 scales at 512, the 16 -128·Σx at 576); out[16r+i] = row r · input i:
//
//	func q4_0x4x16VNNI(w *byte, stride, nb int, px *byte, out *[64]float32, pf int)
func (g *gen) x4x16VNNI() {
	g.text("q4_0x4x16VNNI", "func(w *byte, stride, nb int, px *byte, out *[64]float32, pf int)")
	g.kqArgs() // the K-quant tiles take the same arguments
	g.MOVL(U32(0x0f), EAX)
	g.VPBROADCASTB(EAX, pkMask)
	g.zeroZ(4)
	g.loop(q4_0.label+"x16", func() {
		g.prefetch4(RSI, 0)
		// The nibbles are unbiased, 0..15: -8·Σx is -128·Σx >> 4 exactly.
		s := pkSums[0]
		g.VMOVDQU32(Mem{Base: RDI, Disp: 576}, s)
		g.VPSRAD(U8(4), s, s)
		for _, t := range pkSums[1:] {
			g.VMOVDQA32(s, t)
		}
		for k := range 4 {
			g.chunkQ4(k)
		}
		for r := range 4 {
			s := pkSums[r]
			g.VCVTDQ2PS(s, s)
			g.VPBROADCASTW(rowMem(r, 0), Y13)
			g.VCVTPH2PS(Y13, Z13)
			g.mulAdd(Mem{Base: RDI, Disp: 512}, Z13, s, pkAcc[r])
		}
	}, step{RSI, q4_0.blockBytes}, step{RDI, 640})
	g.kStore(64, pkAcc[:]...)
}

// chunkQ4 adds to the four block sums the rows' Q4_0 quants 4k..4k+3 (the low nibbles of
// the 4 bytes at 2+4k) against the inputs' (Z8), and 16+4k.. (their high nibbles) against
// the inputs' at 256+64k (Z19). The nibbles, 0..15, are VPDPBUSD's unsigned operand as
// they are. Z8..Z12, Z19..Z23 clobbered.
func (g *gen) chunkQ4(k int) {
	lo := [4]VecPhysical{Z20, Z21, Z22, Z23}
	g.VMOVDQU32(Mem{Base: RDI, Disp: 64 * k}, Z8)
	g.VMOVDQU32(Mem{Base: RDI, Disp: 256 + 64*k}, Z19)
	for r, w := range wq {
		g.VPBROADCASTD(rowMem(r, 2+4*k), w)
	}
	for r, w := range wq {
		g.VPANDD(pkMask, w, lo[r])
	}
	for _, w := range wq {
		g.VPSRLD(U8(4), w, w)
	}
	for _, w := range wq {
		g.VPANDD(pkMask, w, w)
	}
	for r := range 4 {
		g.vpdpbusd(Z8, lo[r], pkSums[r])
	}
	for r, w := range wq {
		g.vpdpbusd(Z19, w, pkSums[r])
	}
}

// quantQ8AVX512 emits
//
//	func quantQ8_0AVX512(x *float32, q *int8, d *float32, s *int32, nb int)
//
// quantActQ8_0 for nb blocks, bit for bit: VMAXPS skips NaN like the reference's comparison
// when its second operand is the running maximum, VCVTPS2DQ rounds half to even (the
// default MXCSR) as roundMagic32 does for these magnitudes and turns NaN into MinInt32, and
// the clamp to [-128, 127] precedes the sum as in the reference.
func (g *gen) quantQ8AVX512() {
	g.text("quantQ8_0AVX512", "func(x *float32, q *int8, d *float32, s *int32, nb int)")
	g.args(in{name: "x", r: RSI}, in{name: "q", r: RDI}, in{name: "d", r: RDX}, in{name: "s", r: R8}, in{name: "nb", r: RCX})
	g.MOVL(U32(0x7fffffff), EAX)
	g.VPBROADCASTD(EAX, Z31)
	g.MOVL(U32(math.Float32bits(127)), EAX)
	g.VMOVD(EAX, X30)
	g.MOVL(I32(-128), EAX)
	g.VPBROADCASTD(EAX, Z29)
	g.MOVL(U32(127), EAX)
	g.VPBROADCASTD(EAX, Z28)
	g.VXORPS(X27, X27, X27)
	g.VXORPS(X9, X9, X9)
	g.loop("quant", func() {
		g.VMOVUPS(Mem{Base: RSI}, Z0)
		g.VMOVUPS(Mem{Base: RSI, Disp: 64}, Z1)
		g.VANDPS(Z31, Z0, Z2)
		g.VANDPS(Z31, Z1, Z3)
		g.Comment("NaN lanes of |x| give the second operand.")
		g.VMAXPS(Z27, Z2, Z4)
		g.VMAXPS(Z4, Z3, Z4)
		g.everyLane(Z4, Z5, true, g.VPERMILPS, g.VMAXPS)
		g.q8Scale(X4, X30, X9, X6, X8, Z7)
		for _, z := range []VecPhysical{Z0, Z1} {
			g.VMULPS(Z7, z, z)
		}
		for _, z := range []VecPhysical{Z0, Z1} {
			g.VCVTPS2DQ(z, z)
		}
		for _, z := range []VecPhysical{Z0, Z1} {
			g.VPMAXSD(Z29, z, z)
			g.VPMINSD(Z28, z, z)
		}
		g.VPMOVDB(Z0, Mem{Base: RDI})
		g.VPMOVDB(Z1, Mem{Base: RDI, Disp: 16})
		g.VPADDD(Z1, Z0, Z0)
		g.everyLane(Z0, Z1, false, g.VPSHUFD, g.VPADDD)
		g.VMOVD(X0, Mem{Base: R8})
	}, step{RSI, 128}, step{RDI, 32}, step{RDX, 4}, step{R8, 4})
	g.VZEROUPPER()
	g.RET()
}

// everyLane leaves op's reduction of z's 16 lanes in every lane of its xmm: the halves
// (k+8, then k+4, by VEXTRACTF or, where float is false, VEXTRACTI), then swapped pairs of
// lanes by shuf (0x4e, then 0xb1); t is clobbered.
func (g *gen) everyLane(z, t VecPhysical, float bool, shuf, op func(...Op)) {
	y, ty, x, tx := z.AsY(), t.AsY(), z.AsX(), t.AsX()
	if float {
		g.VEXTRACTF64X4(U8(1), z, ty)
	} else {
		g.VEXTRACTI64X4(U8(1), z, ty)
	}
	op(ty, y, y)
	if float {
		g.VEXTRACTF128(U8(1), y, tx)
	} else {
		g.VEXTRACTI128(U8(1), y, tx)
	}
	op(tx, x, x)
	for _, imm := range []uint8{0x4e, 0xb1} {
		shuf(U8(imm), x, tx)
		op(tx, x, x)
	}
}

// kqArgs loads R9 = pf, SI = w, BX = stride, CX = nb, DI = px and R8 = 3·stride.
func (g *gen) kqArgs() {
	g.arg("pf", R9)
	g.arg("w", RSI)
	g.arg("stride", RBX)
	g.arg("nb", RCX)
	g.arg("px", RDI)
	g.LEAQ(Mem{Base: RBX, Index: RBX, Scale: 2}, R8)
}
