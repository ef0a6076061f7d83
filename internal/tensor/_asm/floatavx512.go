package main

import (
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// floatAVX512Family: the float kernels (float.go's element types) with AVX-512. One zmm
// holds the 16 lanes of one (weight row, input) pair, so each lane accumulates the same
// elements in the same order as the pure-Go reference, and foldStore is its fixed tree.
// Four weight rows at SI, SI+BX, SI+2BX, SI+R8 (R8 = 3BX), as in the AVX2 kernels.
func floatAVX512Family(g *gen) {
	foldLanes8 = g.table("floatFoldLanes8", dwords(0, 4, 8, 12, 1, 5, 9, 13, 0, 0, 0, 0, 0, 0, 0, 0)...)
	for _, t := range floatTypes {
		g.floatx4xN(t, 6)
	}
	for _, t := range floatTypes {
		g.floatx4xN(t, 4)
	}
	for _, t := range floatTypes {
		g.floatx8(t)
	}
	for _, t := range floatTypes {
		g.floatx8x2(t)
	}
}

// zmm is Z0..Z31 by number.
var zmm = []VecPhysical{
	Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15,
	Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23, Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31,
}

// foldScratch is foldStore's scratch register.
var foldScratch = Z24

// load512 emits z = the 16 weights at m as float32.
func (g *gen) load512(t floatType, m Mem, z VecPhysical) {
	if t.widen == nil {
		g.VMOVUPS(m, z)
		return
	}
	var src Op = m
	for _, stage := range t.widen {
		stage(g, src, z)
		src = z
	}
}

// foldStore emits out[k] (AX) = the fixed-tree sum of zmm[k]'s 16 lanes (k+8, k+4, k+2,
// k+1); zmm[k] is clobbered.
func (g *gen) foldStore(k int) {
	z := zmm[k]
	y, x := z.AsY(), z.AsX()
	ty, tx := foldScratch.AsY(), foldScratch.AsX()
	g.VEXTRACTF64X4(U8(1), z, ty)
	g.VADDPS(ty, y, y)
	g.VEXTRACTF32X4(U8(1), y, tx)
	g.VADDPS(tx, x, x)
	g.fold4(x, tx, g.VADDPS, g.VADDSS)
	g.VMOVSS(x, Mem{Base: RAX, Disp: 4 * k})
}

// foldLanes8 is fold8Store's lane order: row q's sum is in lane 4q (q < 4) or 4(q-4)+1.
var foldLanes8 Mem

// fold8Store emits out[k] (AX + disp) = foldStore's sum of a[k]'s 16 lanes for the eight
// accumulators a, folded together rather than one by one: each step adds the same pairs of
// lanes as foldStore does (k+8, k+4, k+2, k+1), for two, four or eight rows per instruction.
// Z16-Z24 are clobbered.
func (g *gen) fold8Store(a []VecPhysical, disp int) {
	// k+8: rows 2p, 2p+1 side by side in S_p (Z16, Z18, Z20, Z22), eight lanes each.
	for p := range 4 {
		g.pairAdd(g.VSHUFF64X2, 0x44, 0xee, a[2*p+1], a[2*p], zmm[16+2*p], zmm[17+2*p])
	}
	// k+4: rows 0-3 (Z16) and 4-7 (Z20), a 128-bit chunk each.
	for _, h := range []int{16, 20} {
		g.VSHUFF32X4(U8(0x88), zmm[h+2], zmm[h], zmm[h+1])
		g.VSHUFF32X4(U8(0xdd), zmm[h+2], zmm[h], zmm[h+3])
		g.VADDPS(zmm[h+3], zmm[h+1], zmm[h])
	}
	// k+2: chunk q holds rows q and q+4, two lanes each; then k+1.
	g.VSHUFPS(U8(0x44), Z20, Z16, Z17)
	g.VSHUFPS(U8(0xee), Z20, Z16, Z18)
	g.VADDPS(Z18, Z17, Z16)
	g.VSHUFPS(U8(0x88), Z16, Z16, Z17)
	g.VSHUFPS(U8(0xdd), Z16, Z16, Z18)
	g.VADDPS(Z18, Z17, Z16)
	g.VMOVUPS(foldLanes8, Z24)
	g.VPERMPS(Z16, Z24, Z16)
	g.VMOVUPS(Y16, Mem{Base: RAX, Disp: disp})
}

// zeroZ zeroes Z0..Z(n-1).
func (g *gen) zeroZ(n int) {
	for _, z := range zmm[:n] {
		g.VPXORD(z, z, z)
	}
}

// floatx4xN emits, for t and n = 4 or 6 inputs,
//
//	func f16x4x4AVX512(w *byte, stride, n16 int, x *float32, xstride int, out *[16]float32)
//	func f16x4x6AVX512(w *byte, stride, n16 int, x *float32, xstride int, out *[24]float32)
//
// Each widened weight vector serves every input. Accumulator Z(4i+q) is input i, row q;
// out[4i+q] likewise. Inputs at DI, DI+DX, DI+2DX, DI+R9 (R9 = 3DX), and for six inputs
// R10, R10+DX (R10 = DI+4DX).
func (g *gen) floatx4xN(t floatType, n int) {
	name := t.name + "x4x4"
	if n == 6 {
		name = t.name + "x4x6"
	}
	g.text(name+"AVX512", "func(w *byte, stride, n16 int, x *float32, xstride int, out *["+
		map[int]string{4: "16", 6: "24"}[n]+"]float32)")
	g.floatArgs()
	g.arg("xstride", RDX)
	g.SHLQ(U8(2), RDX)
	g.LEAQ(Mem{Base: RBX, Index: RBX, Scale: 2}, R8)
	g.LEAQ(Mem{Base: RDX, Index: RDX, Scale: 2}, R9)
	g.zeroZ(4 * n)
	inputs := []Mem{
		{Base: RDI}, {Base: RDI, Index: RDX, Scale: 1}, {Base: RDI, Index: RDX, Scale: 2},
		{Base: RDI, Index: R9, Scale: 1}, {Base: R10}, {Base: R10, Index: RDX, Scale: 1},
	}
	steps := []step{{RSI, t.bytes}, {RDI, 64}}
	if n == 6 {
		g.LEAQ(Mem{Base: RDI, Index: RDX, Scale: 4}, R10)
		steps = append(steps, step{R10, 64})
	}
	g.loop(name, func() {
		if n == 4 {
			// Four inputs leave room to load them all first: x in Z16-Z19, weights in
			// Z20-Z23, products in Z24-Z31.
			for i := range 4 {
				g.VMOVUPS(inputs[i], zmm[16+i])
			}
			for q := range 4 {
				g.load512(t, rowMem(q, 0), zmm[20+q])
			}
			for i := range 4 {
				for q := range 4 {
					g.mac(t, zmm[20+q], zmm[16+i], zmm[4*i+q], zmm[24+(4*i+q)%8])
				}
			}
			return
		}
		// Six: weights in Z24-Z27, each input in Z28 or Z29 in turn, products in Z30, Z31.
		for q := range 4 {
			g.load512(t, rowMem(q, 0), zmm[24+q])
		}
		for i := range 6 {
			g.VMOVUPS(inputs[i], zmm[28+i%2])
			for q := range 4 {
				g.mac(t, zmm[24+q], zmm[28+i%2], zmm[4*i+q], zmm[30+q%2])
			}
		}
	}, steps...)
	g.arg("out", RAX)
	for k := range 4 * n {
		g.foldStore(k)
	}
	g.VZEROUPPER()
	g.RET()
}

// Registers of floatx8: rows 0-3 at SI (rowMem), rows 4-7 at R10 = SI + 4·stride; the input
// in Z16, row k's weights in w8[k], its products in p8[k], its sum in Z(k).
var (
	w8 = []VecPhysical{Z17, Z18, Z19, Z20, Z21, Z22, Z23, Z31}
	p8 = []VecPhysical{Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z24}
)

// floatx8 emits, for t,
//
//	func f16x8AVX512(w *byte, stride, n16 int, x *float32, out *[8]float32, pf int)
//
// 8 weight rows × 1 input (decode): eight independent accumulation chains. Two steps (a
// 64-byte line of each F16/BF16 row) per prefetch of the rows pf (R11) bytes ahead, then
// the odd step.
func (g *gen) floatx8(t floatType) {
	name := t.name + "x8"
	g.text(name+"AVX512", "func(w *byte, stride, n16 int, x *float32, out *[8]float32, pf int)")
	g.floatArgs()
	g.rows8Args()
	g.zeroZ(8)
	step8 := func() {
		g.VMOVUPS(Mem{Base: RDI}, Z16)
		for k := range 8 {
			g.load512(t, row8(k), w8[k])
		}
		for k := range 8 {
			g.mac(t, w8[k], Z16, zmm[k], p8[k])
		}
	}
	g.rows8Loop(t, name, step8)
	g.arg("out", RAX)
	g.fold8Store(zmm[:8], 0)
	g.VZEROUPPER()
	g.RET()
}

// rows8Args loads what floatx8 and floatx8x2 address their rows with: pf in R11, 3·stride in
// R8, the fifth row (SI + 4·stride) in R10.
func (g *gen) rows8Args() {
	g.arg("pf", R11)
	g.LEAQ(Mem{Base: RBX, Index: RBX, Scale: 2}, R8)
	g.LEAQ(Mem{Base: RSI, Index: RBX, Scale: 4}, R10)
}

// rows8Loop emits the loop of floatx8 and floatx8x2 around step8 (one 16-column step of the 8
// rows): two steps (a 64-byte line of each F16/BF16 row, 128 bytes of each F32 row) per
// prefetch of the rows pf (R11) bytes ahead, then the odd step; the label name+"done" follows.
func (g *gen) rows8Loop(t floatType, name string, step8 func()) {
	advance := func() {
		g.ADDQ(Imm(uint64(t.bytes)), RSI)
		g.ADDQ(Imm(uint64(t.bytes)), R10)
		g.ADDQ(U8(64), RDI)
	}
	g.SHRQ(U8(1), RCX)
	g.JE(LabelRef(name + "odd"))
	g.Label(name + "loop")
	for off := 0; off < 2*t.bytes; off += 64 {
		g.prefetch8(off)
	}
	step8()
	advance()
	step8()
	advance()
	g.DECQ(RCX)
	g.JNZ(LabelRef(name + "loop"))
	g.Label(name + "odd")
	g.TESTQ(U32(1), g.argMem("n16"))
	g.JE(LabelRef(name + "done"))
	step8()
	g.Label(name + "done")
}

// row8 is the address of floatx8's weight row k (0..7).
func row8(k int) Mem {
	m := rowMem(k%4, 0)
	if k >= 4 {
		m.Base = R10
	}
	return m
}

// prefetch8 prefetches the eight rows pf (R11) + off bytes ahead (R12, R13 clobbered); see
// prefetch4 in q8.go for why.
func (g *gen) prefetch8(off int) {
	g.LEAQ(Mem{Base: RSI, Index: R11, Scale: 1, Disp: off}, R12)
	g.LEAQ(Mem{Base: R10, Index: R11, Scale: 1, Disp: off}, R13)
	for _, base := range []Register{R12, R13} {
		for q := range 4 {
			m := rowMem(q, 0)
			m.Base = base
			g.PREFETCHT0(m)
		}
	}
}

// floatx8x2 emits, for t,
//
//	func f16x8x2AVX512(w *byte, stride, n16 int, x *float32, xstride int, out *float32, ostride int, pf int)
//
// floatx8 for two inputs (a decode batch of two): each widened weight vector serves both, so the
// rows are read and widened once. Accumulator Z(8i+k) is input i, row k, stored at
// out[i·ostride+k] (straight into a matrix product's rows). Inputs at DI and DI+DX, in Z16 and
// Z17; row k's weights in Z(18+k); products in Z26-Z31.
func (g *gen) floatx8x2(t floatType) {
	name := t.name + "x8x2"
	g.text(name+"AVX512", "func(w *byte, stride, n16 int, x *float32, xstride int, out *float32, ostride int, pf int)")
	g.floatArgs()
	g.arg("xstride", RDX)
	g.SHLQ(U8(2), RDX)
	g.rows8Args()
	g.zeroZ(16)
	step8 := func() {
		g.VMOVUPS(Mem{Base: RDI}, Z16)
		g.VMOVUPS(Mem{Base: RDI, Index: RDX, Scale: 1}, Z17)
		for k := range 8 {
			g.load512(t, row8(k), zmm[18+k])
		}
		for k := range 8 {
			for i := range 2 {
				g.mac(t, zmm[18+k], zmm[16+i], zmm[8*i+k], zmm[26+(2*k+i)%6])
			}
		}
	}
	g.rows8Loop(t, name, step8)
	g.arg("out", RAX)
	g.fold8Store(zmm[:8], 0)
	g.arg("ostride", RDX)
	g.LEAQ(Mem{Base: RAX, Index: RDX, Scale: 4}, RAX)
	g.fold8Store(zmm[8:16], 0)
	g.VZEROUPPER()
	g.RET()
}

// pairAdd sets d = shuf(lo, a, b) + shuf(hi, a, b) (t clobbered): the two halves a fold
// step adds.
func (g *gen) pairAdd(shuf func(...Op), lo, hi uint8, a, b, d, t VecPhysical) {
	shuf(U8(lo), a, b, d)
	shuf(U8(hi), a, b, t)
	g.VADDPS(t, d, d)
}
