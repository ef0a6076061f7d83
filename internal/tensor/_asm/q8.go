package main

import (
	"fmt"
	"strings"

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
func rowMem(r, off int) Mem { return inputMem(r, RSI, RSI, RBX, R8, off) }

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
