package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// expFamily: expf32 over 8 lanes and the kernels built on it (softmax's exp, SwiGLU),
// with scaleAVX2, softmax's other step; the exp and SwiGLU again over 16 lanes (exp16).
func expFamily(g *gen) {
	g.expsSubAVX2()
	g.swiglu(false)
	g.scale()
	g.expsSubAVX512()
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
	var p prog
	g.expCore(&p, expRegs{Y0, Y1, Y2, Y3, Y4}, g.VMULPS, g.VADDPS)
	g.expSpecial8(&p, Y0, Y4, Y5)
	g.emit(p)
}

// expRegs are an exp's registers: x in, the result y out, n, t2 and t3 scratch.
type expRegs struct{ x, n, t2, t3, y VecPhysical }

// expSpecial8 adds exp8's special cases to p: y = 0 where x < Lo, +Inf where x > Hi, x where x is
// NaN (mask scratch).
func (g *gen) expSpecial8(p *prog, x, y, mask VecPhysical) {
	blendv := func(o ...Op) { g.VBLENDVPS(o[0], o[1], o[2], o[3]) }
	p.add(g.VCMPPS, U8(1), expTab(expLo), x, mask)
	p.add(g.VANDNPS, y, mask, y)
	p.add(g.VCMPPS, U8(0x1e), expTab(expHi), x, mask)
	p.add(blendv, mask, expTab(expInf), y, y)
	p.add(g.VCMPPS, U8(3), x, x, mask)
	p.add(blendv, mask, x, y, y)
}

// prog is a sequence of instructions not yet emitted.
type prog []func()

// add appends the instruction f (an avo method) on ops.
func (p *prog) add(f func(...Op), ops ...Op) { *p = append(*p, func() { f(ops...) }) }

// emit emits the progs' instructions interleaved, one of each in turn: independent dependency
// chains side by side, so that the out-of-order core finds several ready in the few it sees
// ahead, where one exp alone is a chain of twenty-odd dependent instructions.
func (g *gen) emit(progs ...prog) {
	for i := 0; ; i++ {
		done := true
		for _, p := range progs {
			if i < len(p) {
				p[i]()
				done = false
			}
		}
		if done {
			return
		}
	}
}

// expCore adds to p what exp8 and exp16 share, expf32 but for its special cases: r.y = p·2ⁿ for
// r.x (n in r.n, r.t2 and r.t3 scratch), each constant of expTab applied by mul or add (its row,
// then src and dst, as operands).
func (g *gen) expCore(p *prog, r expRegs, mul, add func(...Op)) {
	x, n, t2, t3, y := r.x, r.n, r.t2, r.t3, r.y
	// n = round(x·log2e); r = (x - n·C1) - n·C2.
	p.add(mul, expTab(expLog2e), x, n)
	p.add(g.VCVTPS2DQ, n, n)
	p.add(g.VCVTDQ2PS, n, t2)
	for i, c := range []int{expC1, expC2} {
		// t3 = x - n·C1, then t3 - n·C2 (n, in t2, is not needed after).
		t, from := []VecPhysical{t3, t2}[i], []VecPhysical{x, t3}[i]
		p.add(mul, expTab(c), t2, t)
		p.add(g.VSUBPS, t, from, t3)
	}
	// p = ((((P0·r + P1)·r + P2)·r + P3)·r + P4)·r + P5; e = p·r² + r + 1.
	p.add(g.VMULPS, t3, t3, t2)
	p.add(mul, expTab(expP0), t3, y)
	for _, c := range []int{expP1, expP2, expP3, expP4} {
		p.add(add, expTab(c), y, y)
		p.add(g.VMULPS, t3, y, y)
	}
	p.add(add, expTab(expP5), y, y)
	p.add(g.VMULPS, t2, y, y)
	p.add(g.VADDPS, t3, y, y)
	p.add(add, expTab(expOne), y, y)
	// ·2ⁿ by adding n to the exponent field.
	p.add(g.VPSLLD, U8(23), n, n)
	p.add(g.VPADDD, n, y, y)
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

// expsSubAVX2: x[i] = expf32(x[i] - m), by expsSubChunks.
func (g *gen) expsSubAVX2() {
	g.text("expsSubAVX2", "func(x *float32, m float32, n8 int, tab *[14][8]float32)")
	g.args(in{name: "x", r: RDI}, in{name: "n8", r: RDX}, in{name: "tab", r: R8})
	g.expsSubChunks("exps", RDI, RDX, g.argMem("m"), 2, 1)
	g.VZEROUPPER()
	g.RET()
}

// expsSubAVX512: x[i] = expf32(x[i] - m), 16 at a time.
func (g *gen) expsSubAVX512() {
	w := g.expWidth(true)
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

// expsSubSums: expsSub and sumF64 over each of several rows of scores, each row with its own m,
// its sum added to its own float64: the online softmax's step for the rows of a tile that see a
// whole key block, in one call rather than two per row. A row's exponentials first
// (expsSubChunks, which needs every vector register), then its sum from L1: each 16 floats
// widened and added to sumF64's four float64 accumulators (Y8-Y11: lanes 0-3, 4-7, 8-11, 12-15)
// as sumF64 adds them, folded as sumF64 folds them, then added to the row's sum. DI = the row, R9
// its stride in bytes, SI = its m and DX its sum (R12 and R13 bytes apart), R10 the rows left,
// R11 = n16, AX = n8, BX the chunk, CX the chunks left.
func (g *gen) expsSubSums() {
	g.text("expsSubSumsAVX2", "func(x *float32, stride int, m *float32, mStride int, sums *float64, sumStride, rows, n16 int, tab *[14][8]float32)")
	g.args(in{"x", RDI, 0, nil}, in{"stride", R9, 2, nil}, in{"m", RSI, 0, nil}, in{"mStride", R12, 0, nil},
		in{"sums", RDX, 0, nil}, in{"sumStride", R13, 0, nil}, in{"rows", R10, 0, nil}, in{"n16", R11, 0, nil}, in{"tab", R8, 0, nil})
	g.Label("expsumrow")
	g.MOVQ(RDI, RBX)
	g.LEAQ(Mem{Base: R11, Index: R11, Scale: 1}, RAX)
	g.expsSubChunks("expsum", RBX, RAX, b(RSI), 2)
	g.Label("expsumsum")
	acc := []VecPhysical{Y8, Y9, Y10, Y11}
	for _, y := range acc {
		g.VXORPD(y, y, y)
	}
	g.MOVQ(RDI, RBX)
	g.MOVQ(R11, RCX)
	g.Label("expsumloop")
	for i, a := range acc {
		g.VCVTPS2PD(Mem{Base: RBX, Disp: 16 * i}, Y0)
		g.VADDPD(Y0, a, a)
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

// expsSubChunks emits x = expf32(x - m) on the n8 chunks of 8 floats at ptr (which it advances
// past them), m the float32 at mp: four chunks at a time, their exp8 interleaved (expSub8Prog) as
// one exp alone is a chain of twenty-odd dependent instructions that leaves the core waiting,
// then each of tails (2, 1: the binary digits of n8 mod 4 that may be set) chunks where that bit
// of n8 is. Labels start with label; clobbers CX and Y0-Y15.
func (g *gen) expsSubChunks(label string, ptr, n8 GPPhysical, mp Mem, tails ...int) {
	regs := [4][4]VecPhysical{{Y0, Y1, Y2, Y3}, {Y4, Y5, Y6, Y7}, {Y8, Y9, Y10, Y11}, {Y12, Y13, Y14, Y15}}
	exps := func(chunks int) {
		progs := make([]prog, chunks)
		for i := range progs {
			progs[i] = g.expSub8Prog(Mem{Base: ptr, Disp: 32 * i}, mp, regs[i])
		}
		g.emit(progs...)
	}
	g.MOVQ(n8, RCX)
	g.SHRQ(U8(2), RCX)
	g.JZ(LabelRef(label + "tails"))
	g.Label(label + "quad")
	exps(4)
	g.repeat(label+"quad", RCX, step{ptr, 128})
	g.Label(label + "tails")
	for _, t := range tails {
		skip := fmt.Sprintf("%sno%d", label, t)
		g.TESTQ(U32(t), n8)
		g.JZ(LabelRef(skip))
		exps(t)
		g.ADDQ(U8(32*t), ptr)
		g.Label(skip)
	}
}

// expSub8Prog is expsSub's step on the 8 floats at chunk, on four registers r where exp8 takes
// six: chunk = expf32(chunk - m), m the float32 at mp. x - m is formed again for the special
// cases, where exp8 keeps it: the same operation on the same operands, the same bits.
func (g *gen) expSub8Prog(chunk, mp Mem, r [4]VecPhysical) prog {
	var p prog
	a, n, t2, t3 := r[0], r[1], r[2], r[3]
	xsubm := func(x, m VecPhysical) {
		p.add(g.VBROADCASTSS, mp, m)
		p.add(g.VMOVUPS, chunk, x)
		p.add(g.VSUBPS, m, x, x)
	}
	xsubm(a, n)
	// x (in a) is not read after r = x - n·C1: y takes its register.
	g.expCore(&p, expRegs{x: a, n: n, t2: t2, t3: t3, y: a}, g.VMULPS, g.VADDPS)
	xsubm(t3, t2)
	g.expSpecial8(&p, t3, a, t2)
	p.add(g.VMOVUPS, a, chunk)
	return p
}
