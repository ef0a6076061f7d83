package main

import (
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// floatFamily: F16, BF16 and F32 weights × float32 activations with AVX2, four weight rows
// (SI, SI+BX, SI+2BX, SI+R8 with R8 = 3BX) against one input, and dotF32AVX2. The 16
// lanes of a (row, input) pair are two ymm; each lane accumulates the same elements in the
// same order as the pure-Go reference (dotF16Go, dotBF16Go, dotF32Go), and fold16 is its
// fixed tree.
func floatFamily(g *gen) {
	for _, t := range floatTypes {
		g.floatx4AVX2(t)
	}
	g.dotF32()
}

// floatType is the weight element type of the float kernels.
type floatType struct {
	name  string // the kernels are name+"x4AVX2", name+"x4x4AVX512"...
	bytes int    // of 16 weights, one step of a row
	// widen turns 16 weights into float32, stage by stage (stage 0 reads memory, the others
	// the register); none for F32, whose multiply reads the weights directly.
	widen []func(g *gen, src Op, dst VecPhysical)
	// exact: the products are exact in float32, so one FMA rounds as the reference's
	// multiply then add. F16 weights × F16-rounded activations have 22 significant bits and
	// exponents well inside float32's range; BF16 products can leave it and F32 products
	// are not exact, so theirs are rounded before the add.
	exact bool
}

var (
	f16 = floatType{"f16", 32, []func(*gen, Op, VecPhysical){
		func(g *gen, src Op, dst VecPhysical) { g.VCVTPH2PS(src, dst) },
	}, true}
	// BF16 is the high half of a float32.
	bf16 = floatType{"bf16", 32, []func(*gen, Op, VecPhysical){
		func(g *gen, src Op, dst VecPhysical) { g.VPMOVZXWD(src, dst) },
		func(g *gen, src Op, dst VecPhysical) { g.VPSLLD(U8(16), src, dst) },
	}, false}
	f32 = floatType{"f32", 64, nil, false}

	floatTypes = []floatType{f16, bf16, f32}
)

// mac emits acc += w·x (w holds widened weights), rounded as t requires; tmp is scratch.
func (g *gen) mac(t floatType, w, x, acc, tmp VecPhysical) {
	if t.exact {
		g.VFMADD231PS(x, w, acc)
		return
	}
	g.VMULPS(x, w, tmp)
	g.VADDPS(tmp, acc, acc)
}

// Registers of the AVX2 kernels: the activations' 16 lanes in xlo, xhi, a row's widened
// weights (or products) in wlo, whi, fold16's scratch in foldTmp.
var (
	xlo, xhi, wlo, whi = Y8, Y9, Y10, Y11
	foldTmp            = X9
)

// rowAVX2 emits alo, ahi += the 16 weights at lo, hi × xlo, xhi. Each stage runs on both
// halves before the next, so the two chains interleave.
func (g *gen) rowAVX2(t floatType, lo, hi Mem, alo, ahi VecPhysical) {
	if t.widen == nil {
		g.VMULPS(lo, xlo, wlo)
		g.VMULPS(hi, xhi, whi)
		g.VADDPS(wlo, alo, alo)
		g.VADDPS(whi, ahi, ahi)
		return
	}
	var srcLo, srcHi Op = lo, hi
	for _, stage := range t.widen {
		stage(g, srcLo, wlo)
		stage(g, srcHi, whi)
		srcLo, srcHi = wlo, whi
	}
	if t.exact {
		g.VFMADD231PS(xlo, wlo, alo)
		g.VFMADD231PS(xhi, whi, ahi)
		return
	}
	g.VMULPS(xlo, wlo, wlo)
	g.VMULPS(xhi, whi, whi)
	g.VADDPS(wlo, alo, alo)
	g.VADDPS(whi, ahi, ahi)
}

// floatArgs loads the float kernels' common arguments: the weights w (SI), their row
// stride (BX), the 16-element chunk count n16 (CX) and the input x (DI).
func (g *gen) floatArgs() {
	g.arg("w", RSI)
	g.arg("stride", RBX)
	g.arg("n16", RCX)
	g.arg("x", RDI)
}

// fold16 leaves in lo's low lane the fixed-tree sum (k+8, k+4, k+2, k+1) of the 16 lanes
// in lo, hi; hi and foldTmp are clobbered.
func (g *gen) fold16(lo, hi VecPhysical) {
	g.VADDPS(hi, lo, lo)
	g.fold8(lo, foldTmp, g.VADDPS, g.VADDSS)
}

// fold8 leaves in y's low lane the reduction by ps (k+4), then fold4, of y's 8 lanes; t (an
// xmm) is clobbered.
func (g *gen) fold8(y VecPhysical, t Register, ps, ss func(...Op)) {
	x := y.AsX()
	g.VEXTRACTF128(U8(1), y, t)
	ps(t, x, x)
	g.fold4(x, t, ps, ss)
}

// fold4 leaves in x's low lane the reduction of x's 4 lanes, k+2 by ps then k+1 by ss: the
// tail of every horizontal sum and max here; t is clobbered.
func (g *gen) fold4(x, t Register, ps, ss func(...Op)) {
	g.VMOVHLPS(x, x, t)
	ps(t, x, x)
	g.VMOVSHDUP(x, t)
	ss(t, x, x)
}

// floatx4AVX2 emits
//
//	func f16x4AVX2(w *byte, stride, n16 int, x *float32, out *[4]float32)
//
// for t; row q accumulates in Y(2q), Y(2q+1).
func (g *gen) floatx4AVX2(t floatType) { g.floatx4(t, t.name+"x4", false) }

// floatx4 emits floatx4AVX2's kernel as name+"AVX2"; with prefetch it takes a last argument
// pf *byte and, each step, issues PREFETCHT0 for the 4·t.bytes bytes at pf, pf advancing by
// as much: the step reads as many bytes of its four rows, so a caller pointing pf at the next
// four rows (contiguous) has them in flight when it comes to them.
func (g *gen) floatx4(t floatType, name string, prefetch bool) {
	sig := "func(w *byte, stride, n16 int, x *float32, out *[4]float32)"
	steps := []step{{RSI, t.bytes}, {RDI, 64}}
	if prefetch {
		sig = "func(w *byte, stride, n16 int, x *float32, out *[4]float32, pf *byte)"
		steps = append(steps, step{R10, 4 * t.bytes})
	}
	g.text(name+"AVX2", sig)
	g.floatArgs()
	if prefetch {
		g.arg("pf", R10)
	}
	g.LEAQ(Mem{Base: RBX, Index: RBX, Scale: 2}, R8)
	acc := []VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7}
	for _, a := range acc {
		g.VXORPS(a, a, a)
	}
	g.loop(name, func() {
		for l := 0; prefetch && l < 4*t.bytes; l += 64 {
			g.PREFETCHT0(Mem{Base: R10, Disp: l})
		}
		g.VMOVUPS(Mem{Base: RDI}, xlo)
		g.VMOVUPS(Mem{Base: RDI, Disp: 32}, xhi)
		for q := range 4 {
			g.rowAVX2(t, rowMem(q, 0), rowMem(q, t.bytes/2), acc[2*q], acc[2*q+1])
		}
	}, steps...)
	g.arg("out", RAX)
	for q := range 4 {
		g.fold16(acc[2*q], acc[2*q+1])
	}
	for q := range 4 {
		g.VMOVSS(acc[2*q].AsX(), Mem{Base: RAX, Disp: 4 * q})
	}
	g.VZEROUPPER()
	g.RET()
}

// dotF32: one F32 row (a at SI) against one input (b at DI). The 16 lanes are two ymm
// (splitting them further would change the order), so only two chains run; that is enough
// for vectors of a few thousand elements.
func (g *gen) dotF32() {
	g.text("dotF32AVX2", "func(a, b *float32, n16 int) float32")
	g.arg("a", RSI)
	g.arg("b", RDI)
	g.arg("n16", RCX)
	g.VXORPS(Y0, Y0, Y0)
	g.VXORPS(Y1, Y1, Y1)
	g.loop("dot", func() {
		g.VMOVUPS(Mem{Base: RDI}, xlo)
		g.VMOVUPS(Mem{Base: RDI, Disp: 32}, xhi)
		g.rowAVX2(f32, rowMem(0, 0), rowMem(0, 32), Y0, Y1)
	}, step{RSI, 64}, step{RDI, 64})
	g.fold16(Y0, Y1)
	// VMOVSS as the hand-written kernel had (Store would emit SSE's MOVSS).
	g.VMOVSS(X0, g.ret())
	g.VZEROUPPER()
	g.RET()
}
