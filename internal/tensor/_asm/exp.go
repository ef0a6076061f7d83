package main

import (
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// expFamily: expf32 over 8 lanes and the kernels built on it (softmax's exp, SwiGLU),
// with scaleAVX2, softmax's other step; the exp and SwiGLU again over 16 lanes (exp16).
func expFamily(g *gen) {
	g.expsSub(false)
	g.swiglu(false)
	g.scale()
	g.expsSub(true)
	g.swiglu(true)
	g.expsSubSums()
}

// The constants of expTab (exp_amd64.go), in its order, each broadcast over 32 bytes;
// the kernels take the table's address in R8.
const (
	expLog2e = iota
	expC1
	expC2
	expP0
	expP1
	expP2
	expP3
	expP4
	expP5
	expOne
	expLo
	expHi
	expInf
	expSign
)

func expTab(i int) Mem { return Mem{Base: R8, Disp: 32 * i} }

// exp8 sets Y4 = expf32(Y0) over 8 lanes with the same operations, in the same order,
// as the Go twin; clobbers Y1-Y3, Y5.
func (g *gen) exp8() {
	g.expCore([5]VecPhysical{Y0, Y1, Y2, Y3, Y4},
		func(c int, src, dst VecPhysical) { g.VMULPS(expTab(c), src, dst) },
		func(c int, src, dst VecPhysical) { g.VADDPS(expTab(c), src, dst) })
	// x < Lo: 0; x > Hi: +Inf; NaN: x.
	g.VCMPPS(U8(1), expTab(expLo), Y0, Y5)
	g.VANDNPS(Y4, Y5, Y4)
	g.VCMPPS(U8(0x1e), expTab(expHi), Y0, Y5)
	g.VBLENDVPS(Y5, expTab(expInf), Y4, Y4)
	g.VCMPPS(U8(3), Y0, Y0, Y5)
	g.VBLENDVPS(Y5, Y0, Y4, Y4)
}

// expCore emits what exp8 and exp16 share, expf32 but for its special cases: r[4] = p·2ⁿ for x
// in r[0] (n in r[1], r[2] and r[3] scratch), each constant c of expTab applied by mulc or addc
// (c·src, c+src into dst).
func (g *gen) expCore(r [5]VecPhysical, mulc, addc func(c int, src, dst VecPhysical)) {
	x, n, t2, t3, y := r[0], r[1], r[2], r[3], r[4]
	// n = round(x·log2e); r = (x - n·C1) - n·C2.
	mulc(expLog2e, x, n)
	g.VCVTPS2DQ(n, n)
	g.VCVTDQ2PS(n, t2)
	for i, c := range []int{expC1, expC2} {
		// t3 = x - n·C1, then t3 - n·C2 (n, in t2, is not needed after).
		t, from := []VecPhysical{t3, t2}[i], []VecPhysical{x, t3}[i]
		mulc(c, t2, t)
		g.VSUBPS(t, from, t3)
	}
	// p = ((((P0·r + P1)·r + P2)·r + P3)·r + P4)·r + P5; e = p·r² + r + 1.
	g.VMULPS(t3, t3, t2)
	mulc(expP0, t3, y)
	for _, c := range []int{expP1, expP2, expP3, expP4} {
		addc(c, y, y)
		g.VMULPS(t3, y, y)
	}
	addc(expP5, y, y)
	g.VMULPS(t2, y, y)
	g.VADDPS(t3, y, y)
	addc(expOne, y, y)
	// ·2ⁿ by adding n to the exponent field.
	g.VPSLLD(U8(23), n, n)
	g.VPADDD(n, y, y)
}

// expWidth is the register width an exp kernel runs at: AVX2's 8 lanes (exp8, the table's rows
// as memory operands) or AVX-512's 16 (exp16, the rows broadcast), the same operations per lane.
type expWidth struct {
	suffix, count, label string // name suffix, count argument, label suffix
	bytes                int
	v                    func(i int) VecPhysical
	exp                  func()
	// addc, xorc: dst = table row c + (^) src.
	addc, xorc func(c int, src, dst VecPhysical)
}

func (g *gen) expWidth(wide bool) expWidth {
	if wide {
		return expWidth{"AVX512", "n16", "5", 64, func(i int) VecPhysical { return zmm[i] }, g.exp16,
			func(c int, src, dst VecPhysical) { g.VADDPS_BCST(expTab(c), src, dst) },
			func(c int, src, dst VecPhysical) { g.VXORPS_BCST(expTab(c), src, dst) }}
	}
	return expWidth{"AVX2", "n8", "", 32, func(i int) VecPhysical { return asY(zmm[i]) }, g.exp8,
		func(c int, src, dst VecPhysical) { g.VADDPS(expTab(c), src, dst) },
		func(c int, src, dst VecPhysical) { g.VXORPS(expTab(c), src, dst) }}
}

// expsSub: x[i] = expf32(x[i] - m).
func (g *gen) expsSub(wide bool) {
	w := g.expWidth(wide)
	g.text("expsSub"+w.suffix, "func(x *float32, m float32, "+w.count+" int, tab *[14][8]float32)")
	g.arg("x", RDI)
	g.VBROADCASTSS(g.argMem("m"), w.v(6))
	g.arg(w.count, RCX)
	g.arg("tab", R8)
	g.loop("exps"+w.label, func() {
		g.VMOVUPS(Mem{Base: RDI}, w.v(0))
		g.VSUBPS(w.v(6), w.v(0), w.v(0))
		w.exp()
		g.VMOVUPS(w.v(4), Mem{Base: RDI})
	}, step{RDI, w.bytes})
	g.VZEROUPPER()
	g.RET()
}

// swiglu: dst[i] = (g / (1 + expf32(-g))) * up[i], g = gate[i]; dst may alias gate or up.
func (g *gen) swiglu(wide bool) {
	w := g.expWidth(wide)
	g.text("swiglu"+w.suffix, "func(dst, gate, up *float32, "+w.count+" int, tab *[14][8]float32)")
	g.args(in{name: "dst", r: RDI}, in{name: "gate", r: RSI}, in{name: "up", r: RDX}, in{name: w.count, r: RCX}, in{name: "tab", r: R8})
	g.loop("swiglu"+w.label, func() {
		g.VMOVUPS(Mem{Base: RSI}, w.v(7))
		w.xorc(expSign, w.v(7), w.v(0))
		w.exp()
		w.addc(expOne, w.v(4), w.v(4))
		g.VDIVPS(w.v(4), w.v(7), w.v(4))
		g.VMULPS(Mem{Base: RDX}, w.v(4), w.v(4))
		g.VMOVUPS(w.v(4), Mem{Base: RDI})
	}, step{RSI, w.bytes}, step{RDX, w.bytes}, step{RDI, w.bytes})
	g.VZEROUPPER()
	g.RET()
}

// scale: x[i] *= a.
func (g *gen) scale() {
	g.text("scaleAVX2", "func(x *float32, a float32, n8 int)")
	g.arg("x", RDI)
	g.VBROADCASTSS(g.argMem("a"), Y0)
	g.arg("n8", RCX)
	g.loop("scale", func() {
		g.VMULPS(Mem{Base: RDI}, Y0, Y1)
		g.VMOVUPS(Y1, Mem{Base: RDI})
	}, step{RDI, 32})
	g.VZEROUPPER()
	g.RET()
}

// expsSubSums: expsSub and sumF64 in one pass over each of several rows of scores, each row
// with its own m, its sum added to its own float64: the online softmax's step for the rows of a
// tile that see a whole key block, in one call and one pass rather than two of each per row.
// Each 16 floats become expf32(x - m) (two exp8) and are added, widened, to sumF64's four float64
// accumulators (Y8-Y11: lanes 0-3, 4-7, 8-11, 12-15), folded as sumF64 folds them, then added
// to the row's sum. DI = the row, R9 its stride in bytes, SI = its m and DX its sum (R12 and
// R13 bytes apart), R10 the rows left, R11 = n16, BX the chunk, CX the chunks left.
func (g *gen) expsSubSums() {
	g.text("expsSubSumsAVX2", "func(x *float32, stride int, m *float32, mStride int, sums *float64, sumStride, rows, n16 int, tab *[14][8]float32)")
	g.args(in{"x", RDI, 0, nil}, in{"stride", R9, 2, nil}, in{"m", RSI, 0, nil}, in{"mStride", R12, 0, nil},
		in{"sums", RDX, 0, nil}, in{"sumStride", R13, 0, nil}, in{"rows", R10, 0, nil}, in{"n16", R11, 0, nil}, in{"tab", R8, 0, nil})
	acc := []VecPhysical{Y8, Y9, Y10, Y11}
	g.Label("expsumrow")
	g.VBROADCASTSS(b(RSI), Y6)
	for _, y := range acc {
		g.VXORPD(y, y, y)
	}
	g.MOVQ(RDI, RBX)
	g.MOVQ(R11, RCX)
	g.Label("expsumloop")
	for h := range 2 {
		g.VMOVUPS(Mem{Base: RBX, Disp: 32 * h}, Y0)
		g.VSUBPS(Y6, Y0, Y0)
		g.exp8()
		g.VMOVUPS(Y4, Mem{Base: RBX, Disp: 32 * h})
		g.VCVTPS2PD(X4, Y7)
		g.VADDPD(Y7, acc[2*h], acc[2*h])
		g.VEXTRACTF128(U8(1), Y4, X7)
		g.VCVTPS2PD(X7, Y7)
		g.VADDPD(Y7, acc[2*h+1], acc[2*h+1])
	}
	g.repeat("expsumloop", RCX, step{RBX, 64})
	g.foldF64(Y8, Y9, Y10, Y11)
	g.VADDSD(b(RDX), X0, X0)
	g.VMOVSD(X0, b(RDX))
	g.ADDQ(R12, RSI)
	g.ADDQ(R13, RDX)
	g.ADDQ(R9, RDI)
	g.tail("expsumrow", R10)
}
