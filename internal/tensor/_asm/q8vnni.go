package main

import (
	"fmt"

	"github.com/mmcloughlin/avo/ir"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The Q8_0 decode kernels on AVX-512 VNNI (part of q8Family): one or two inputs against four
// weight rows, a row's two blocks per ZMM, and the whole range of a matrix-vector task in
// one call.

// q8x4VNNI emits the Q8_0 kernel on AVX-512 VNNI for n (1 or 2) inputs, two blocks a step:
//
//	func q8_0x4VNNI(w *byte, stride, nb int, xq *int8, xd *float32, xs *int32, out *[4]float32, pf int)
//	func q8_0x4x2VNNI(w *byte, stride, nb int, xq *int8, xd *float32, xs *int32, qstride, dstride int, out *[8]float32, pf int)
//
// nb must be even; the second input is qstride bytes after the first's quants and
// dstride bytes after its scales and sums. A ZMM holds one row's two blocks against
// the two blocks' 64 contiguous activation bytes. VPDPBUSD multiplies unsigned by
// signed bytes: the weights go in as w^0x80 = w+128, and 128·Σx (xs: the activations'
// block sums) comes off the exact block sums afterwards. The float chain is
// dotQ8_0Go's: block b's four rows, then block b+1's, each product rounded separately.
func (g *gen) q8x4VNNI(n int) {
	name, sig := "q8_0x4VNNI", "func(w *byte, stride, nb int, xq *int8, xd *float32, xs *int32, out *[4]float32, pf int)"
	if n == 2 {
		name, sig = "q8_0x4x2VNNI", "func(w *byte, stride, nb int, xq *int8, xd *float32, xs *int32, qstride, dstride int, out *[8]float32, pf int)"
	}
	g.text(name, sig)
	g.args(in{name: "w", r: RSI}, in{name: "stride", r: RBX}, in{name: "nb", r: RCX}, in{name: "xq", r: RDI},
		in{name: "xd", r: RDX}, in{name: "xs", r: R12}, in{name: "pf", r: R9})
	if n == 2 {
		g.arg("qstride", vnniQoff)
		g.arg("dstride", vnniDoff)
	}
	g.vnniStart(RCX)
	for k := range n {
		g.VPXORD(vnniAcc[k], vnniAcc[k], vnniAcc[k])
	}
	g.vnniBlockPairs(fmt.Sprintf("q8v%d", n), n)
	g.Load(g.Param("out"), RAX)
	for k := range n {
		g.VMOVUPS(vnniAcc[k], Mem{Base: RAX, Disp: 16 * k})
	}
	g.VZEROUPPER()
	g.RET()
}

// vnniStart sets R8 = 3·stride, halves count (blocks go in pairs) and sets the bias.
func (g *gen) vnniStart(count GPPhysical) {
	g.LEAQ(Mem{Base: RBX, Index: RBX, Scale: 2}, R8)
	g.SHRQ(U8(1), count)
	g.MOVL(U32(0x80808080), EAX)
	g.VPBROADCASTD(EAX, vnniBias)
}

// vnniBlockPairs is the block loop of the VNNI decode kernels: CX pairs of blocks of the
// four rows at SI against n inputs, into vnniAcc.
func (g *gen) vnniBlockPairs(label string, n int) {
	g.loop(label, func() {
		g.prefetch4(RSI, 0, 64) // two blocks, 68 bytes: two lines a row keep ahead
		g.dotsVNNI(n)
		for k := range n {
			g.sumRows2(vnniSums[k], vnniTmp[k])
			g.blockSumsVNNI(k)
		}
		// Y12 = the two blocks' scales of the four rows (AX, R10, R11 clobbered).
		g.scales8([2]Mem{{Base: RSI}, {Base: RSI, Disp: 34}}, [2]GPPhysical{RAX, R11}, R10, Y12)
		for k := range n {
			g.scaleAdd2(k)
		}
	}, step{RSI, 68}, step{RDI, 64}, step{RDX, 8}, step{R12, 8})
}

// q8RowsVNNI emits q8_0x4VNNI's arithmetic for one input over groups groups of four rows
// in one call (a matrix-vector task's whole range), group g being rows g, g+q, g+2q and
// g+3q of the range (stride = q rows, ostride = q floats apart in out), so that each of
// the four rows the kernel reads side by side is a sequential stream of its own that the
// hardware prefetchers follow:
//
//	func q8_0x4gVNNI(w *byte, stride, nb int, xq *int8, xd *float32, xs *int32, out *float32, ostride, groups, pf int)
//
// nb must be even. Against four adjacent rows a group (whose interleaved lines within a
// page the prefetchers follow poorly), a decode step's matrix-vector products stream
// about 30% faster from L3 and 18% faster from memory; one call instead of one per group
// also takes the per-group Go call and result copy out.
func (g *gen) q8RowsVNNI() {
	g.text("q8_0x4gVNNI", "func(w *byte, stride, nb int, xq *int8, xd *float32, xs *int32, out *float32, ostride, groups, pf int)")
	g.args(in{name: "w", r: RSI}, in{name: "stride", r: RBX}, in{name: "nb", r: R13}, in{name: "out", r: R15},
		in{name: "groups", r: R14}, in{name: "pf", r: R9})
	g.vnniStart(R13)
	g.TESTQ(R14, R14)
	g.JE(LabelRef("q8grpdone"))
	g.Label("q8grploop")
	g.arg("xq", RDI)
	g.arg("xd", RDX)
	g.arg("xs", R12)
	g.MOVQ(R13, RCX)
	g.VPXORD(vnniAcc[0], vnniAcc[0], vnniAcc[0])
	g.vnniBlockPairs("q8g", 1)
	// The block loop left SI one row on: the next row of each stream.
	g.arg("ostride", RAX)
	g.VMOVSS(vnniAcc[0], Mem{Base: R15})
	g.VEXTRACTPS(U8(1), vnniAcc[0], Mem{Base: R15, Index: RAX, Scale: 1})
	g.VEXTRACTPS(U8(2), vnniAcc[0], Mem{Base: R15, Index: RAX, Scale: 2})
	g.LEAQ(Mem{Base: RAX, Index: RAX, Scale: 2}, R10)
	g.VEXTRACTPS(U8(3), vnniAcc[0], Mem{Base: R15, Index: R10, Scale: 1})
	g.ADDQ(U8(4), R15)
	g.DECQ(R14)
	g.JNZ(LabelRef("q8grploop"))
	g.Label("q8grpdone")
	g.VZEROUPPER()
	g.RET()
}

// Registers of the VNNI kernels beyond q8x4's: the second input's activations are
// vnniQoff (quants) and vnniDoff (scales, sums) bytes after the first's; per input its
// activations (vnniX), row sums, the reduction's scratch (its result in the first's low
// half) and accumulator. X16 and up take EVEX forms only (no VINSERTI128 and the like).
var (
	vnniQoff, vnniDoff = R13, R14
	vnniBias           = Z15 // 0x80 bytes
	vnniX              = [2]VecPhysical{Z8, Z9}
	vnniSums           = [2][4]VecPhysical{{Z0, Z1, Z2, Z3}, {Z16, Z17, Z18, Z19}}
	vnniTmp            = [2][4]VecPhysical{{Z4, Z5, Z6, Z7}, {Z20, Z21, Z22, Z23}}
	vnniAcc            = [2]VecPhysical{X14, X30}
)

// vnniIn is input k's activation address base+disp.
func vnniIn(base GPPhysical, k int, off GPPhysical, disp int) Mem {
	if k == 0 {
		return Mem{Base: base, Disp: disp}
	}
	return Mem{Base: base, Index: off, Scale: 1, Disp: disp}
}

// dotsVNNI sets vnniSums[k][r] = row r's two blocks (w^0x80) · input k, 8 lanes a block.
func (g *gen) dotsVNNI(n int) {
	for k := range n {
		g.VMOVDQU64(vnniIn(RDI, k, vnniQoff, 0), vnniX[k])
	}
	for r := range 4 {
		w := []VecPhysical{Z10, Z11}[r%2]
		g.VMOVDQU(rowMem(r, 2), w.AsY())
		g.VINSERTI64X4(U8(1), rowMem(r, 2+34), w, w)
		g.VPXORD(vnniBias, w, w)
		for k := range n {
			d := vnniSums[k][r]
			g.VPXORD(d, d, d)
			g.vpdpbusd(vnniX[k], w, d)
		}
	}
}

// blockSumsVNNI turns input k's reduced sums into the exact block sums, as floats:
// t[0] = float(t[0] - 128·[xs[0] ×4 | xs[1] ×4]).
func (g *gen) blockSumsVNNI(k int) {
	t := vnniTmp[k]
	g.VPBROADCASTD(vnniIn(R12, k, vnniDoff, 0), t[1].AsX())
	g.VPBROADCASTD(vnniIn(R12, k, vnniDoff, 4), t[2].AsX())
	g.VINSERTI32X4(U8(1), t[2].AsX(), t[1].AsY(), t[1].AsY())
	g.VPSLLD(U8(7), t[1].AsY(), t[1].AsY())
	g.VPSUBD(t[1].AsY(), t[0].AsY(), t[0].AsY())
	g.VCVTDQ2PS(t[0].AsY(), t[0].AsY())
}

// scales8 sets v (a ymm) = eight f16 scales as floats: the four rows' (rowAt) at at[0],
// then at at[1]. Four go into each GPR of dst by way of tmp: SHRD shifts each in at the top
// (port 1, which 512-bit code leaves to scalar work); the zeroing breaks the chain.
func (g *gen) scales8(at [2]Mem, dst [2]GPPhysical, tmp GPPhysical, v VecPhysical) {
	for b, d := range dst {
		g.XORL(d.As32(), d.As32())
		for r := range 4 {
			g.MOVL(rowAt(at[b].Base, r, at[b].Disp), tmp.As32())
			g.SHRQ(U8(16), tmp, d)
		}
	}
	g.VMOVQ(dst[0], v.AsX())
	g.VPINSRQ(U8(1), dst[1], v.AsX(), v.AsX())
	g.VCVTPH2PS(v.AsX(), v)
}

// scaleAdd2 adds input k's two blocks to its accumulator in order, each product
// sum·(dw·dx) rounded as the reference does.
func (g *gen) scaleAdd2(k int) {
	t, acc := vnniTmp[k], vnniAcc[k]
	g.VBROADCASTSS(vnniIn(RDX, k, vnniDoff, 0), t[1].AsX())
	g.VBROADCASTSS(vnniIn(RDX, k, vnniDoff, 4), t[2].AsX())
	g.VINSERTF32X4(U8(1), t[2].AsX(), t[1].AsY(), t[1].AsY())
	g.VMULPS(Y12, t[1].AsY(), t[1].AsY())
	g.VMULPS(t[1].AsY(), t[0].AsY(), t[0].AsY())
	g.VADDPS(t[0].AsX(), acc, acc)
	g.VEXTRACTF32X4(U8(1), t[0].AsY(), t[0].AsX())
	g.VADDPS(t[0].AsX(), acc, acc)
}

// sumRows2 reduces s (row r's two blocks, eight int32 lanes each) to t[0]'s low half =
// [block 0 rows 0..3 | block 1 rows 0..3]; clobbers t[1..3].
func (g *gen) sumRows2(s, t [4]VecPhysical) {
	// Per 128-bit chunk: [r0 r1 r0 r1] and [r2 r3 r2 r3], then [r0 r1 r2 r3].
	g.VPUNPCKLDQ(s[1], s[0], t[0])
	g.VPUNPCKHDQ(s[1], s[0], t[1])
	g.VPADDD(t[1], t[0], t[0])
	g.VPUNPCKLDQ(s[3], s[2], t[1])
	g.VPUNPCKHDQ(s[3], s[2], t[2])
	g.VPADDD(t[2], t[1], t[1])
	g.VPUNPCKLQDQ(t[1], t[0], t[2])
	g.VPUNPCKHQDQ(t[1], t[0], t[3])
	g.VPADDD(t[3], t[2], t[2])
	// Chunks 0, 1 are block 0's, 2, 3 block 1's: [c0 c2] + [c1 c3].
	g.VSHUFI64X2(U8(0x88), t[2], t[2], t[0])
	g.VSHUFI64X2(U8(0xdd), t[2], t[2], t[1])
	g.VPADDD(t[1].AsY(), t[0].AsY(), t[0].AsY())
}

// vpdpbusd emits VPDPBUSD x, u, acc (acc += Σ4 u·x, u unsigned bytes, x signed), which
// this avo does not know.
func (g *gen) vpdpbusd(x, u, acc VecPhysical) {
	g.Instruction(&ir.Instruction{
		Opcode:   "VPDPBUSD",
		Operands: []Op{x, u, acc},
		Inputs:   []Op{x, u, acc},
		Outputs:  []Op{acc},
		ISA:      []string{"AVX512_VNNI"},
	})
}
