package main

import (
	"fmt"
	"strings"

	"github.com/mmcloughlin/avo/ir"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// q8Family: Q8_0 and Q4_0 weights × Q8_0 activations, four weight rows (SI, SI+BX,
// SI+2BX, SI+R8 with R8 = 3BX) against one or two activation rows. The two-input kernels
// are the one-input ones with every per-input step repeated: each weight block is loaded
// and unpacked once for both inputs.
//
// Each reproduces the pure-Go reference order exactly (dotQ8_0Go, dotQ4_0Go): the integer
// block sums are exact whatever the instruction order, and the float chain per (weight
// row, input row) is the same sequence of separately rounded multiplies and adds, kept in
// one SIMD lane per (row, input).
func q8Family(g *gen) {
	for _, t := range []q8Type{q8_0, q4_0} {
		g.q8x4(t, 1)
		g.q8x4(t, 2)
	}
	g.q8x4VNNI(1)
	g.q8x4VNNI(2)
	g.q8RowsVNNI()
}

type q8Type struct {
	name       string // the kernels are name+"x4AVX2", name+"x4x2AVX2"
	label      string // the prefix of their labels
	blockBytes int    // f16 scale then the 32 quants
}

var (
	q8_0 = q8Type{"q8_0", "q8", 34}
	q4_0 = q8Type{"q4_0", "q4", 18}
)

// Registers of the Q8_0/Q4_0 kernels. Per input k: its quants at xq[k] (loaded into
// x[k]), its scales at xd[k], for Q4_0 its block sums at xs[k], its four row sums in
// sums[k][0..3]. Q8_0 has no xs: R9 holds pf instead and R10 is prefetch4's scratch.
var (
	xq   = [2]GPPhysical{RDI, R12}
	xd   = [2]GPPhysical{RDX, R13}
	xs   = [2]GPPhysical{R9, R10}
	x    = [2]VecPhysical{Y8, Y12}
	sums = [2][4]VecPhysical{{Y0, Y1, Y2, Y3}, {Y4, Y5, Y6, Y7}}
	// Y15 = int16 ones (VPMADDWD against it adds word pairs), Y13 = 0x0f bytes, Y14 =
	// the float accumulators, one lane per (row, input); Y9-Y11 scratch.
	ones, nibble, acc = Y15, Y13, Y14
)

// rowMem is the address of weight row r (0..3) plus off.
func rowMem(r, off int) Mem {
	m := Mem{Base: RSI, Disp: off}
	switch r {
	case 1:
		m.Index, m.Scale = RBX, 1
	case 2:
		m.Index, m.Scale = RBX, 2
	case 3:
		m.Index, m.Scale = R8, 1
	}
	return m
}

// q8x4 emits t's kernel for n (1 or 2) inputs:
//
//	func q8_0x4AVX2(w *byte, stride, nb int, xq *int8, xd *float32, out *[4]float32, pf int)
//	func q8_0x4x2AVX2(w *byte, stride, nb int, xq0, xq1 *int8, xd0, xd1 *float32, out *[8]float32, pf int)
//	func q4_0x4AVX2(w *byte, stride, nb int, xq *int8, xd *float32, xs *int32, out *[4]float32)
//	func q4_0x4x2AVX2(w *byte, stride, nb int, xq0, xq1 *int8, xd0, xd1 *float32, xs0, xs1 *int32, out *[8]float32)
func (g *gen) q8x4(t q8Type, n int) {
	// The parameters of input k are named xq, xd, xs with one input, xq0, xq1... with two.
	names := func(p string) []string {
		if n == 1 {
			return []string{p}
		}
		return []string{p + "0", p + "1"}
	}
	params := func(p, typ string) string { return strings.Join(names(p), ", ") + " " + typ }
	sig := "func(w *byte, stride, nb int, " + params("xq", "*int8") + ", " + params("xd", "*float32")
	if t == q4_0 {
		sig += ", " + params("xs", "*int32")
	}
	sig += fmt.Sprintf(", out *[%d]float32", 4*n)
	if t == q8_0 {
		sig += ", pf int"
	}
	sig += ")"
	name, label := t.name+"x4", t.label+"x4"
	if n == 2 {
		name, label = name+"x2", label+"x2"
	}
	g.text(name+"AVX2", sig)

	g.arg("w", RSI)
	g.arg("stride", RBX)
	g.arg("nb", RCX)
	for k, p := range names("xq") {
		g.arg(p, xq[k])
	}
	for k, p := range names("xd") {
		g.arg(p, xd[k])
	}
	if t == q4_0 {
		for k, p := range names("xs") {
			g.arg(p, xs[k])
		}
	} else {
		g.arg("pf", R9)
	}
	g.LEAQ(Mem{Base: RBX, Index: RBX, Scale: 2}, R8)
	g.VPCMPEQW(ones, ones, ones)
	g.VPSRLW(U8(15), ones, ones)
	if t == q4_0 {
		g.VPCMPEQW(nibble, nibble, nibble)
		g.VPSRLW(U8(12), nibble, nibble)
		g.VPACKUSWB(nibble, nibble, nibble)
	}
	// One lane per (row, input): an xmm holds the four rows of one input, a ymm two inputs.
	vacc := vec(acc, n)
	g.VXORPS(vacc, vacc, vacc)

	steps := []step{{RSI, t.blockBytes}}
	for k := range n {
		steps = append(steps, step{xq[k], 32})
	}
	for k := range n {
		steps = append(steps, step{xd[k], 4})
	}
	if t == q4_0 {
		for k := range n {
			steps = append(steps, step{xs[k], 4})
		}
	}
	g.loop(label, func() {
		if t == q8_0 {
			g.prefetch4(RSI, 0)
		}
		for k := range n {
			g.VMOVDQU(Mem{Base: xq[k]}, x[k])
		}
		for r := range 4 {
			if t == q8_0 {
				g.rowQ8(r, n)
			} else {
				g.rowQ4(r, n)
			}
		}
		g.sumRows(n)
		if t == q4_0 {
			// Σ (nibble-8)·x = Σ nibble·x - 8·Σx.
			g.perInput(n, g.VPBROADCASTD, g.VINSERTI128, xs, X1, X2)
			v := vec(Y1, n)
			g.VPSLLD(U8(3), v, v)
			g.VPSUBD(v, vec(Y0, n), vec(Y0, n))
		}
		g.scaleAdd(n)
	}, steps...)
	g.Load(g.Param("out"), RAX)
	g.VMOVUPS(vacc, Mem{Base: RAX})
	g.VZEROUPPER()
	g.RET()
}

// vec is the register holding n inputs' four lanes: y's low half (the xmm) for one
// input, y for two.
func vec(y VecPhysical, n int) VecPhysical {
	if n == 1 {
		return y.AsX().(VecPhysical)
	}
	return y
}

// prefetch4 prefetches the four rows at base (SI, or R11 for rows 4..7 of eight) R9 (pf)
// bytes ahead, at each offset in offs; R10 clobbered. Row groups interleave four streams
// with a stride the hardware prefetchers follow poorly; without this an L3-resident matrix
// streams at a third of the L3 bandwidth. Prefetches past the end of the matrix are
// harmless (they never fault); pf = 0 after a group's first pass.
func (g *gen) prefetch4(base GPPhysical, offs ...int) {
	g.LEAQ(Mem{Base: base, Index: R9, Scale: 1}, R10)
	for r := range 4 {
		for _, off := range offs {
			g.PREFETCHT0(rowAt(R10, r, off))
		}
	}
}

// rowQ8 sets sums[k][r] = 8 int32 partial sums of weight row r's block · x[k]: the
// signs move onto x so VPMADDUBSW multiplies |w| (unsigned) by signed bytes.
func (g *gen) rowQ8(r, n int) {
	w, aw := Y10, Y11
	g.VMOVDQU(rowMem(r, 2), w)
	g.VPSIGNB(w, w, aw)
	for k := range n {
		d := sums[k][r]
		g.VPSIGNB(w, x[k], d)
		g.VPMADDUBSW(d, aw, d)
		g.VPMADDWD(ones, d, d)
	}
}

// rowQ4 is rowQ8 for a Q4_0 row's unsigned nibbles (low nibbles: elements 0-15, high:
// 16-31). The 16 bytes are broadcast to both lanes and the high lane shifted: a blend
// instead of VINSERTI128 keeps the unpacking off port 5.
func (g *gen) rowQ4(r, n int) {
	w, hi := Y10, Y11
	g.VBROADCASTI128(rowMem(r, 2), w)
	g.VPSRLW(U8(4), w, hi)
	g.VPBLENDD(U8(0xf0), hi, w, w)
	g.VPAND(nibble, w, w)
	for k := range n {
		d := sums[k][r]
		g.VPMADDUBSW(x[k], w, d)
		g.VPMADDWD(ones, d, d)
	}
}

// sumRows reduces the row sums to Y0 = [input 0 rows 0..3 | input 1 rows 0..3] (X0 with
// one input); clobbers Y1, Y2, X9 and the other sums.
func (g *gen) sumRows(n int) {
	for k := range n {
		s := sums[k]
		g.VPHADDD(s[1], s[0], s[0])
		g.VPHADDD(s[3], s[2], s[2])
		g.VPHADDD(s[2], s[0], s[0])
	}
	if n == 1 {
		g.VEXTRACTI128(U8(1), Y0, X9)
		g.VPADDD(X9, X0, X0)
		return
	}
	g.VPERM2I128(U8(0x20), Y4, Y0, Y1)
	g.VPERM2I128(U8(0x31), Y4, Y0, Y2)
	g.VPADDD(Y2, Y1, Y0)
}

// perInput sets dst (a ymm's low half) to bcast(*ptr[0]) and, with two inputs, its high
// half to bcast(*ptr[1]) by way of tmp.
func (g *gen) perInput(n int, bcast func(...Op), insert func(i, mx, y, y1 Op), ptr [2]GPPhysical, dst, tmp VecPhysical) {
	bcast(Mem{Base: ptr[0]}, dst)
	if n == 2 {
		bcast(Mem{Base: ptr[1]}, tmp)
		insert(U8(1), tmp, dst.AsY(), dst.AsY())
	}
}

// scaleAdd converts the block sums in Y0 to float and adds sum·(dw·dx) to the
// accumulators, rounding each product as the reference does.
func (g *gen) scaleAdd(n int) {
	s, dw, dx := vec(Y0, n), vec(Y1, n), vec(Y2, n)
	g.VCVTDQ2PS(s, s)
	g.weightScales4(0, X1)
	if n == 2 {
		g.VINSERTF128(U8(1), X1, Y1, Y1)
	}
	g.perInput(n, g.VBROADCASTSS, g.VINSERTF128, xd, X2, X3)
	g.mulAdd(dx, dw, s, vec(acc, n))
}

// mulAdd emits acc += s·(dw·dx) per lane, each product rounded separately as the
// reference's float chain does; dw and s are clobbered.
func (g *gen) mulAdd(dx Op, dw, s, acc VecPhysical) {
	g.VMULPS(dx, dw, dw)
	g.VMULPS(dw, s, s)
	g.VADDPS(s, acc, acc)
}

// weightScales4 sets dst (xmm) = 4 floats, the f16 at off in each of the 4 rows (AX, R11
// clobbered). The halves are gathered in a GPR: VPINSRW would put four more uops on port
// 5, which the horizontal sums already load most.
func (g *gen) weightScales4(off int, dst VecPhysical) {
	g.MOVWQZX(rowMem(0, off), RAX)
	for r := 1; r < 4; r++ {
		g.MOVWQZX(rowMem(r, off), R11)
		g.SHLQ(U8(16*r), R11)
		g.ORQ(R11, RAX)
	}
	g.VMOVQ(RAX, dst)
	g.VCVTPH2PS(dst, dst)
}

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
