package main

import (
	"math"

	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// vnniFamily: the AVX-512 VNNI Q8_0 and Q4_0 tiles against activations packed by packQ8x,
// and the AVX-512 activation quantizer. Same contract as q8Family: exact integer block
// sums, then the reference's float chain per (weight row, input), one zmm lane per pair.
//
// A packed record holds one block of every input of a group, one dword lane per input, so
// a 32-quant block sum lands whole in one lane after eight VPDPBUSDs and needs no
// horizontal reduction. VPDPBUSD multiplies unsigned by signed bytes, so Q8_0 weights go
// in biased to w+128 (w XOR 0x80) and the accumulator starts at -128·Σx (from the packed
// record): -128·Σx + Σ(w+128)·x = Σ w·x exactly.
func vnniFamily(g *gen) {
	// The input of each lane of the 8-row kernel's row-pair registers.
	lanes := g.table("x8x8Lanes", dwords(0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7)...)
	g.x4x16VNNI(q8_0)
	g.x4x16VNNI(q4_0)
	g.quantQ8AVX512()
	g.x8x8VNNI(lanes)
}

// Registers of the packed kernels: the weight rows at SI, SI+BX, SI+2BX, SI+R8 (rowAt; the
// 8-row kernel's rows 4..7 likewise from R11), the packed record at DI, the float
// accumulators Z0..Z3 (a row, or a row pair, each), the block sums Z4..Z7 likewise.
var (
	pkAcc  = [4]VecPhysical{Z0, Z1, Z2, Z3}
	pkSums = [4]VecPhysical{Z4, Z5, Z6, Z7}
	pkMask = Z31 // 0x80 bytes (the bias), or 0x0f (Q4_0's nibble mask)
)

// bytesOf sets pkMask to b in every byte (AX clobbered).
func (g *gen) bytesOf(b uint32) {
	g.MOVL(U32(b), EAX)
	g.VPBROADCASTB(EAX, pkMask)
}

// startSums sets the four block sums to the record's -128·Σx at off(DI), shifted right by
// shift (Q4_0's nibbles are unbiased, 0..15: -8·Σx is -128·Σx >> 4 exactly).
func (g *gen) startSums(off int, shift uint8) {
	s := pkSums[0]
	g.VMOVDQU32(Mem{Base: RDI, Disp: off}, s)
	if shift != 0 {
		g.VPSRAD(U8(shift), s, s)
	}
	for _, t := range pkSums[1:] {
		g.VMOVDQA32(s, t)
	}
}

// x4x16VNNI emits t's kernel for four weight rows against the sixteen inputs of one
// 16-lane packQ8x group (640-byte records: the quants, 64 bytes per 4 of them, then the
// 16 scales at 512, the 16 -128·Σx at 576); out[16r+i] = row r · input i:
//
//	func q8_0x4x16VNNI(w *byte, stride, nb int, px *byte, out *[64]float32, pf int)
//	func q4_0x4x16VNNI(w *byte, stride, nb int, px *byte, out *[64]float32, pf int)
func (g *gen) x4x16VNNI(t q8Type) {
	g.text(t.name+"x4x16VNNI", "func(w *byte, stride, nb int, px *byte, out *[64]float32, pf int)")
	g.kqArgs() // the K-quant tiles take the same arguments
	if t == q8_0 {
		g.bytesOf(0x80)
	} else {
		g.bytesOf(0x0f)
	}
	g.zeroZ(4)
	g.loop(t.label+"x16", func() {
		g.prefetch4(RSI, 0)
		if t == q8_0 {
			g.startSums(576, 0)
			for k := range 8 {
				g.chunkQ8(k)
			}
		} else {
			g.startSums(576, 4)
			for k := range 4 {
				g.chunkQ4(k)
			}
		}
		for r := range 4 {
			s := pkSums[r]
			g.VCVTDQ2PS(s, s)
			g.VPBROADCASTW(rowMem(r, 0), Y13)
			g.VCVTPH2PS(Y13, Z13)
			g.mulAdd(Mem{Base: RDI, Disp: 512}, Z13, s, pkAcc[r])
		}
	}, step{RSI, t.blockBytes}, step{RDI, 640})
	g.kStore(64, pkAcc[:]...)
}

// wq is where the four rows' broadcast weight quants go.
var wq = [4]VecPhysical{Z9, Z10, Z11, Z12}

// broadcastRows sets wq[r] = the dword at off in row r, in every lane.
func (g *gen) broadcastRows(off int) {
	for r, w := range wq {
		g.VPBROADCASTD(rowMem(r, off), w)
	}
}

// chunkQ8 adds to the four block sums the rows' quants 4k..4k+3 against the sixteen
// inputs' (Z8). Z8..Z12 clobbered.
func (g *gen) chunkQ8(k int) {
	g.VMOVDQU32(Mem{Base: RDI, Disp: 64 * k}, Z8)
	g.broadcastRows(2 + 4*k)
	for _, w := range wq {
		g.VPXORD(pkMask, w, w)
	}
	for r, w := range wq {
		g.vpdpbusd(Z8, w, pkSums[r])
	}
}

// chunkQ4 adds to the four block sums the rows' Q4_0 quants 4k..4k+3 (the low nibbles of
// the 4 bytes at 2+4k) against the inputs' (Z8), and 16+4k.. (their high nibbles) against
// the inputs' at 256+64k (Z19). The nibbles, 0..15, are VPDPBUSD's unsigned operand as
// they are. Z8..Z12, Z19..Z23 clobbered.
func (g *gen) chunkQ4(k int) {
	lo := [4]VecPhysical{Z20, Z21, Z22, Z23}
	g.VMOVDQU32(Mem{Base: RDI, Disp: 64 * k}, Z8)
	g.VMOVDQU32(Mem{Base: RDI, Disp: 256 + 64*k}, Z19)
	g.broadcastRows(2 + 4*k)
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
		g.Comment("d = amax/127 as f16; id = 127/amax, or 0 where amax = 0 (X9 = 0).")
		g.VDIVSS(X30, X4, X6)
		g.VCVTPS2PH(U8(0), X6, X6)
		g.VCVTPH2PS(X6, X6)
		g.VMOVSS(X6, Mem{Base: RDX})
		g.VDIVSS(X4, X30, X7)
		g.VCMPSS(U8(4), X9, X4, X8) // not equal
		g.VANDPS(X8, X7, X7)
		g.VBROADCASTSS(X7, Z7)
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

// Registers of the 8-row kernel: per row pair p (rows 2p, 2p+1 in the low and high halves
// of a zmm; the 8 inputs in the dword lanes of each half) its 32 biased block quants
// (x8Quants), those of one 4-quant step broadcast per lane (x8Step); the VPERMD indices
// that broadcast dword k to each half's lanes (x8Idx[k]: k in the low lanes, 8+k in the
// high ones) and the VPERMPS ones that pick the pair's scales (x8ScaleIdx[p]: 2p | 2p+1).
var (
	x8Quants   = [4]VecPhysical{Z8, Z9, Z10, Z11}
	x8Step     = [4]VecPhysical{Z12, Z13, Z14, Z15}
	x8Idx      = [8]VecPhysical{Z20, Z21, Z22, Z23, Z24, Z25, Z26, Z27}
	x8ScaleIdx = [4]VecPhysical{Z18, Z19, Z28, Z29}
)

// x8x8VNNI emits the kernel for eight weight rows against the eight inputs of one 8-lane
// packQ8x group (384-byte records: the quants, 32 bytes per 4 of them, then the 8 scales
// and the 8 -128·Σx, each twice), so that batches of 8 fill every lane; out[ostride·i + r]
// = row r · input i for the first n inputs. lanes is the table of each lane's input:
//
//	func q8_0x8x8VNNI(w *byte, stride, nb int, px *byte, out *float32, ostride, n, pf int)
func (g *gen) x8x8VNNI(lanes Mem) {
	g.text("q8_0x8x8VNNI", "func(w *byte, stride, nb int, px *byte, out *float32, ostride, rstride, n, pf int)")
	g.kqArgs() // the K-quant tiles take the same arguments
	g.LEAQ(Mem{Base: RSI, Index: RBX, Scale: 4}, R11)
	g.bytesOf(0x80)
	g.Comment("x8Idx: k | 8+k, Z30 = 1s.")
	g.MOVL(U32(8), EAX)
	g.VPBROADCASTD(EAX, Y21)
	g.VPXORD(Z20, Z20, Z20)
	g.VINSERTI64X4(U8(1), Y21, Z20, Z20)
	g.MOVL(U32(1), EAX)
	g.VPBROADCASTD(EAX, Z30)
	for k := 1; k < 8; k++ {
		g.VPADDD(Z30, x8Idx[k-1], x8Idx[k])
	}
	g.Comment("x8ScaleIdx: 2p | 2p+1, Z30 = 2s.")
	g.VPSRLD(U8(3), x8Idx[0], x8ScaleIdx[0])
	g.VPADDD(Z30, Z30, Z30)
	for p := 1; p < 4; p++ {
		g.VPADDD(Z30, x8ScaleIdx[p-1], x8ScaleIdx[p])
	}
	g.zeroZ(4)
	g.loop("x8x8", func() {
		g.prefetch4(RSI, 0)
		g.prefetch4(R11, 0)
		g.Comment("Y17 = the eight rows' scales (AX, DX, R12 clobbered).")
		g.scales8([2]Mem{{Base: RSI}, {Base: R11}}, [2]GPPhysical{RAX, RDX}, R12, Y17)
		for p, z := range x8Quants {
			base := []GPPhysical{RSI, R11}[p/2]
			lo, hi := rowAt(base, 2*(p%2), 2), rowAt(base, 2*(p%2)+1, 2)
			g.VMOVDQU(lo, z.AsY())
			g.VINSERTI64X4(U8(1), hi, z, z)
			g.VPXORD(pkMask, z, z)
		}
		g.startSums(320, 0)
		for k, idx := range x8Idx {
			// The pairs' quants 4k..4k+3 against the 8 inputs', in both halves.
			g.VBROADCASTI64X4(Mem{Base: RDI, Disp: 32 * k}, Z16)
			for p, z := range x8Quants {
				g.VPERMD(z, idx, x8Step[p])
			}
			for p, s := range pkSums {
				g.vpdpbusd(Z16, x8Step[p], s)
			}
		}
		for p, s := range pkSums {
			g.VCVTDQ2PS(s, s)
			g.VPERMPS(Z17, x8ScaleIdx[p], Z13)
			g.mulAdd(Mem{Base: RDI, Disp: 256}, Z13, s, pkAcc[p])
		}
	}, step{RSI, 34}, step{R11, 34}, step{RDI, 384})
	g.x8Scatter(lanes)
	g.VZEROUPPER()
	g.RET()
}

// x8Scatter stores x8x8VNNI's results (pkAcc) for the first n inputs.
func (g *gen) x8Scatter(lanes Mem) {
	g.Comment(
		"Lane h·8+i of Z_p is row 2p+h, input i: scatter it to out[ostride·i + rstride·(2p+h)]",
		"for the inputs i < n (K1 = the n low bits in each half; a scatter clears its mask).")
	g.arg("ostride", RAX)
	g.VPBROADCASTD(EAX, Z12)
	g.VPMULLD(lanes, Z12, Z12)
	g.arg("rstride", R10)
	g.VPBROADCASTD(R10.As32(), Z16)
	g.VPSRLD(U8(3), x8Idx[0], Z13)
	g.VPMULLD(Z16, Z13, Z13)
	g.VPADDD(Z13, Z12, Z12)
	g.SHLQ(U8(3), R10) // a row pair's rstride·2 floats, in bytes
	g.arg("n", RCX)
	g.MOVL(U32(1), EDX)
	g.SHLL(CL, EDX)
	g.DECL(EDX)
	g.MOVL(EDX, ECX)
	g.SHLL(U8(8), ECX)
	g.ORL(ECX, EDX)
	g.arg("out", RAX)
	for p, a := range pkAcc {
		g.KMOVW(EDX, K1)
		g.VSCATTERDPS(a, K1, Mem{Base: RAX, Index: Z12, Scale: 4})
		if p < len(pkAcc)-1 {
			g.ADDQ(R10, RAX)
		}
	}
}
