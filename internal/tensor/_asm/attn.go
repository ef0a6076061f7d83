package main

import (
	. "github.com/mmcloughlin/avo/attr"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// attnFamily: the fused attention kernels over one KV page (attn.go in internal/tensor defines
// their arithmetic), Softmax's max and float64 sum, the KV cache's F16 stores and the prefetch of
// the next page.
func attnFamily(g *gen) {
	g.attnLanes = g.StaticGlobal("attnLanes")
	g.DataAttributes(RODATA | NOPTR)
	for i := range 16 {
		lane := 0
		if i < 4 {
			lane = 4 * i // 0, 4, 8, 12, then zeros: see fold4AVX512
		}
		g.AddDatum(4*i, U32(uint32(lane)))
	}
	g.scoresAVX2()
	g.scoresAVX512()
	g.scores4AVX2()
	g.scores4AVX512()
	g.scoresTileAVX2(false)
	g.scoresTileAVX2(true)
	g.valuesAVX2(false)
	g.valuesAVX2(true)
	g.valuesAVX512()
	g.prefetchRows()
	g.maxF32()
	g.sumF64()
	g.f32sToF16()
}

// m is the address base + index*scale + disp.
func m(base, index Register, scale uint8, disp int) Mem {
	return Mem{Base: base, Index: index, Scale: scale, Disp: disp}
}

// b is the address held in base.
func b(base Register) Mem { return Mem{Base: base} }

// scoreArgs loads the score kernels' arguments: DI = s, R8 = sStride bytes, SI = q, R9 = qStride
// bytes, R10 = nq, DX = k, R11 = kStride bytes, CX = n, R12 = hd16*16, X15 = scale.
func (g *gen) scoreArgs() {
	g.args(in{"s", RDI, 0, nil}, in{"sStride", R8, 2, nil}, in{"q", RSI, 0, nil}, in{"qStride", R9, 2, nil},
		in{"nq", R10, 0, nil}, in{"k", RDX, 0, nil}, in{"kStride", R11, 1, nil}, in{"n", RCX, 0, nil}, in{"hd16", R12, 4, nil})
	g.VMOVSS(g.argMem("scale"), X15)
}

// in is an argument of the attention kernels: loaded into r, shifted left by shl (elements
// to bytes; 0: as is) and, with r3, 3·r put in r3 (the fourth row's offset).
type in struct {
	name string
	r    GPPhysical
	shl  uint8
	r3   GPPhysical
}

// args loads the arguments in the order given.
func (g *gen) args(ins ...in) {
	for _, a := range ins {
		g.arg(a.name, a.r)
		if a.shl != 0 {
			g.SHLQ(U8(a.shl), a.r)
		}
		if a.r3 != nil {
			g.LEAQ(m(a.r, a.r, 2, 0), a.r3)
		}
	}
}

// scoreOut folds the 8 lanes of Y0 (lanes k and k+8 already added) as fold16 does, scales and
// stores the sum at (BX).
func (g *gen) scoreOut() {
	g.fold8(Y0, X1, g.VADDPS, g.VADDSS)
	g.VMULSS(X15, X0, X0)
	g.VMOVSS(X0, b(RBX))
}

// scoresAVX2: one (position, query) at a time, lanes 0-7 in Y0 and 8-15 in Y1, R14 the element
// index.
func (g *gen) scoresAVX2() {
	g.text("attnScoresF16x16AVX2", "func(s *float32, sStride int, q *float32, qStride, nq int, k *uint16, kStride, n, hd16 int, scale float32)")
	g.scoreNest("a2s", func() {
		g.VXORPS(Y0, Y0, Y0)
		g.VXORPS(Y1, Y1, Y1)
		g.XORQ(R14, R14)
		g.Label("a2sc")
		g.VCVTPH2PS(m(RDX, R14, 2, 0), Y2)
		g.VCVTPH2PS(m(RDX, R14, 2, 16), Y3)
		g.VMULPS(m(RAX, R14, 4, 0), Y2, Y2)
		g.VMULPS(m(RAX, R14, 4, 32), Y3, Y3)
		g.VADDPS(Y2, Y0, Y0)
		g.VADDPS(Y3, Y1, Y1)
		g.ADDQ(U8(16), R14)
		g.CMPQ(R14, R12)
		g.JLT(LabelRef("a2sc"))
	})
}

// scoresAVX512: one (position, query) at a time, the 16 lanes in Z0.
func (g *gen) scoresAVX512() {
	g.text("attnScoresF16x16AVX512", "func(s *float32, sStride int, q *float32, qStride, nq int, k *uint16, kStride, n, hd16 int, scale float32)")
	g.scoreNest("a5s", func() {
		g.VPXORD(Z0, Z0, Z0)
		g.XORQ(R14, R14)
		g.Label("a5sc")
		g.VCVTPH2PS(m(RDX, R14, 2, 0), Z2)
		g.VMULPS(m(RAX, R14, 4, 0), Z2, Z2)
		g.VADDPS(Z2, Z0, Z0)
		g.ADDQ(U8(16), R14)
		g.CMPQ(R14, R12)
		g.JLT(LabelRef("a5sc"))
		g.VEXTRACTF64X4(U8(1), Z0, Y1)
	})
}

// scoreNest emits the loops of the one-(position, query)-at-a-time score kernels: for each
// position t (DX = k_t, DI = s + 4t) and query i (AX = q_i, BX = s(i, t), R13 the queries
// left), dot sets Y0 + Y1 = the 16 lanes of k_t·q_i, which scoreOut folds and stores; p
// prefixes the labels.
func (g *gen) scoreNest(p string, dot func()) {
	g.scoreArgs()
	g.Label(p + "t")
	g.MOVQ(RSI, RAX)
	g.MOVQ(RDI, RBX)
	g.MOVQ(R10, R13)
	g.Label(p + "q")
	dot()
	g.VADDPS(Y1, Y0, Y0)
	g.scoreOut()
	g.ADDQ(R9, RAX)
	g.ADDQ(R8, RBX)
	g.DECQ(R13)
	g.JNZ(LabelRef(p + "q"))
	g.ADDQ(R11, RDX)
	g.tail(p+"t", RCX, step{RDI, 4})
}

// kacc2 adds the key chunk at lo, hi (8 halves each) times the query chunk in Y12, Y13 to alo,
// ahi (Y8, Y9 clobbered).
func (g *gen) kacc2(lo, hi Mem, alo, ahi VecPhysical) {
	g.VCVTPH2PS(lo, Y8)
	g.VCVTPH2PS(hi, Y9)
	g.VMULPS(Y12, Y8, Y8)
	g.VMULPS(Y13, Y9, Y9)
	g.VADDPS(Y8, alo, alo)
	g.VADDPS(Y9, ahi, ahi)
}

// pairAdd sets d = shuf(lo, a, b) + shuf(hi, a, b) (t clobbered): the two halves a fold
// step adds.
func (g *gen) pairAdd(shuf func(...Op), lo, hi uint8, a, b, d, t VecPhysical) {
	shuf(U8(lo), a, b, d)
	shuf(U8(hi), a, b, t)
	g.VADDPS(t, d, d)
}

// halvesAdd sets d = [b.lo + b.hi | a.lo + a.hi] (t clobbered): the k+4 step of fold16 for two
// 8-lane sums. VPERM2F128 would gather the halves in one instruction each, but it costs 8 uops on
// Zen 1 (3 cycles a throughput); an insert and an extract of a 128-bit half cost 1 or 2.
func (g *gen) halvesAdd(a, b, d, t VecPhysical) {
	g.VINSERTF128(U8(1), a.AsX(), b, d)
	g.VEXTRACTF128(U8(1), b, t.AsX())
	g.VINSERTF128(U8(0), t.AsX(), a, t)
	g.VADDPS(t, d, d)
}

// fold4AVX2 is fold4AVX512 for the sums of four positions in Y0/Y1 .. Y6/Y7 (lanes 0-7/8-15),
// times the scale X15, stored as four floats at out (Y8-Y12 clobbered).
func (g *gen) fold4AVX2(out Mem) {
	g.VADDPS(Y1, Y0, Y0)
	g.VADDPS(Y3, Y2, Y2)
	g.VADDPS(Y5, Y4, Y4)
	g.VADDPS(Y7, Y6, Y6)
	g.halvesAdd(Y2, Y0, Y8, Y9)
	g.halvesAdd(Y6, Y4, Y9, Y10)
	g.pairAdd(g.VSHUFPS, 0x44, 0xee, Y9, Y8, Y10, Y11)
	g.pairAdd(g.VSHUFPS, 0x88, 0xdd, Y10, Y10, Y11, Y12)
	g.VEXTRACTF128(U8(1), Y11, X12)
	g.VUNPCKLPS(X12, X11, X11)
	g.VMULPS(X15, X11, X11)
	g.VMOVUPS(X11, out)
}

// scores4AVX2: four positions at a time, one query at a time (sixteen registers hold no more):
// position p's sum in Y(2p), Y(2p+1), folded together. DI = s + 4t, DX = k_t, SI = q_i,
// R10 = s(i, t), BX and AX the chunk's key and query addresses, R14 the chunks left.
func (g *gen) scores4AVX2() {
	g.text("attnScoresF16x4AVX2", "func(s *float32, sStride int, q *float32, qStride, nq int, k *uint16, kStride, n4, hd16 int, scale float32)")
	g.args(in{"s", RDI, 0, nil}, in{"sStride", R8, 2, nil}, in{"qStride", R9, 2, nil}, in{"k", RDX, 0, nil},
		in{"kStride", R11, 1, R13}, in{"n4", RCX, 0, nil}, in{"hd16", R15, 0, nil})
	g.VBROADCASTSS(g.argMem("scale"), X15)
	g.Label("b2t")
	g.arg("q", RSI)
	g.MOVQ(RDI, R10)
	g.arg("nq", R12)
	g.Label("b2q")
	for _, y := range []VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7} {
		g.VXORPS(y, y, y)
	}
	g.MOVQ(RDX, RBX)
	g.MOVQ(RSI, RAX)
	g.MOVQ(R15, R14)
	g.Label("b2c")
	g.VMOVUPS(b(RAX), Y12)
	g.VMOVUPS(Mem{Base: RAX, Disp: 32}, Y13)
	g.kacc2(b(RBX), Mem{Base: RBX, Disp: 16}, Y0, Y1)
	g.kacc2(m(RBX, R11, 1, 0), m(RBX, R11, 1, 16), Y2, Y3)
	g.kacc2(m(RBX, R11, 2, 0), m(RBX, R11, 2, 16), Y4, Y5)
	g.kacc2(m(RBX, R13, 1, 0), m(RBX, R13, 1, 16), Y6, Y7)
	g.ADDQ(U8(32), RBX)
	g.ADDQ(U8(64), RAX)
	g.DECQ(R14)
	g.JNZ(LabelRef("b2c"))
	g.fold4AVX2(b(R10))
	g.ADDQ(R9, RSI)
	g.ADDQ(R8, R10)
	g.DECQ(R12)
	g.JNZ(LabelRef("b2q"))
	g.nextPositions4("b2t")
}

// qacc adds positions 0-3 (Z16-Z19) times the query chunk q to the lanes of a (Z20-Z23
// clobbered).
func (g *gen) qacc(q VecPhysical, a [4]VecPhysical) {
	for p, k := range []VecPhysical{Z16, Z17, Z18, Z19} {
		t := []VecPhysical{Z20, Z21, Z22, Z23}[p]
		g.VMULPS(q, k, t)
		g.VADDPS(t, a[p], a[p])
	}
}

// fold4AVX512 is fold16 of each of the four 16-lane sums a at once (every add pairs the lanes
// fold16 pairs: k+8, k+4, then (0+2)+(1+3)), times the scale Z28, the sums left in lanes 0, 4, 8
// and 12, gathered by attnLanes (Z29) and stored as four floats at out (Z21-Z23 clobbered).
func (g *gen) fold4AVX512(a [4]VecPhysical, out Mem) {
	g.pairAdd(g.VSHUFF64X2, 0x44, 0xee, a[1], a[0], Z21, Z22)
	g.pairAdd(g.VSHUFF64X2, 0x44, 0xee, a[3], a[2], Z22, Z23)
	g.VSHUFF32X4(U8(0x88), Z22, Z21, Z23)
	g.VSHUFF32X4(U8(0xdd), Z22, Z21, Z21)
	g.VADDPS(Z21, Z23, Z21)
	g.VPERMILPS(U8(0x4e), Z21, Z22)
	g.VADDPS(Z22, Z21, Z21)
	g.VMOVSHDUP(Z21, Z22)
	g.VADDPS(Z22, Z21, Z21)
	g.VMULPS(Z28, Z21, Z21)
	g.VPERMPS(Z21, Z29, Z21)
	g.VMOVUPS(X21, out)
}

// ifQueries jumps to label unless more than i queries (R10) are in the call.
func (g *gen) ifQueries(i int, label string) {
	g.CMPQ(R10, U8(i+1))
	g.JLT(LabelRef(label))
}

// scores4AVX512: four positions at a time, each key chunk widened once for all the queries:
// query i's sums of positions 0-3 in Z(4i)..Z(4i+3), folded together. DI = s + 4t, DX = k_t,
// R14 the element index, BX and AX the chunk's key and query addresses.
func (g *gen) scores4AVX512() {
	g.text("attnScoresF16x4AVX512", "func(s *float32, sStride int, q *float32, qStride, nq int, k *uint16, kStride, n4, hd16 int, scale float32)")
	g.args(in{"s", RDI, 0, nil}, in{"sStride", R8, 2, nil}, in{"q", RSI, 0, nil}, in{"qStride", R9, 2, R12},
		in{"nq", R10, 0, nil}, in{"k", RDX, 0, nil}, in{"kStride", R11, 1, R13}, in{"n4", RCX, 0, nil}, in{"hd16", R15, 4, nil})
	g.VBROADCASTSS(g.argMem("scale"), Z28)
	g.VMOVUPS(g.attnLanes, Z29)
	acc := [4][4]VecPhysical{{Z0, Z1, Z2, Z3}, {Z4, Z5, Z6, Z7}, {Z8, Z9, Z10, Z11}, {Z12, Z13, Z14, Z15}}
	g.Label("b5t")
	for _, a := range acc {
		for _, z := range a {
			g.VPXORD(z, z, z)
		}
	}
	g.XORQ(R14, R14)
	g.Label("b5c")
	g.LEAQ(m(RDX, R14, 2, 0), RBX)
	g.LEAQ(m(RSI, R14, 4, 0), RAX)
	g.VCVTPH2PS(b(RBX), Z16)
	g.VCVTPH2PS(m(RBX, R11, 1, 0), Z17)
	g.VCVTPH2PS(m(RBX, R11, 2, 0), Z18)
	g.VCVTPH2PS(m(RBX, R13, 1, 0), Z19)
	qs := []Mem{b(RAX), m(RAX, R9, 1, 0), m(RAX, R9, 2, 0), m(RAX, R12, 1, 0)}
	for i := range 4 {
		if i > 0 {
			g.ifQueries(i, "b5cn")
		}
		g.VMOVUPS(qs[i], Z24)
		g.qacc(Z24, acc[i])
	}
	g.Label("b5cn")
	g.ADDQ(U8(16), R14)
	g.CMPQ(R14, R15)
	g.JLT(LabelRef("b5c"))
	outs := []Mem{b(RDI), m(RDI, R8, 1, 0), m(RDI, R8, 2, 0), m(RAX, R8, 1, 0)}
	for i := range 4 {
		if i > 0 {
			g.ifQueries(i, "b5tn")
		}
		if i == 3 {
			g.LEAQ(m(RDI, R8, 2, 0), RAX)
		}
		g.fold4AVX512(acc[i], outs[i])
	}
	g.Label("b5tn")
	g.nextPositions4("b5t")
}

// nextPositions4 ends the four-positions-at-a-time score kernels: DI and DX step four
// positions, and the loop repeats at label while positions (CX) remain.
func (g *gen) nextPositions4(label string) {
	g.ADDQ(U8(16), RDI)
	g.LEAQ(m(RDX, R11, 4, 0), RDX)
	g.tail(label, RCX)
}

// valueArgs loads the value kernels' arguments (vStride from elements to bytes by vShift: 1 for
// halves, 2 for floats): AX = out, DX = oStride bytes, R14 = 3*oStride bytes, R13 = p,
// R9 = pStride bytes, R12 = 3*pStride bytes, R10 = nq, DI = v, R11 = vStride bytes, R8 = hd16. Query i's accumulator is at (AX) + i*DX, its weight of position t at
// (BX) + i*R9 with BX = p + 4t.
func (g *gen) valueArgs(vShift uint8) {
	g.args(in{"out", RAX, 0, nil}, in{"oStride", RDX, 2, R14}, in{"p", R13, 0, nil}, in{"pStride", R9, 2, R12},
		in{"nq", R10, 0, nil}, in{"v", RDI, 0, nil}, in{"vStride", R11, vShift, nil}, in{"hd16", R8, 0, nil})
}

// outs are query i's accumulator addresses at displacement disp; weights its weight's.
func outs(disp int) []Mem {
	return []Mem{{Base: RAX, Disp: disp}, m(RAX, RDX, 1, disp), m(RAX, RDX, 2, disp), m(RAX, R14, 1, disp)}
}

var weights = []Mem{b(RBX), m(RBX, R9, 1, 0), m(RBX, R9, 2, 0), m(RBX, R12, 1, 0)}

// valueChunk emits one pass over the positions for a chunk of the accumulators: width
// registers per query (query i's in acc[i]) of lanes floats each, loaded from and stored to the
// accumulators, the values widened into Y8/Z8 onwards (loaded as they are with f32); name prefixes
// its labels.
func (g *gen) valueChunk(name string, acc [][]VecPhysical, vals, prods []VecPhysical, bcast VecPhysical, bytes int, f32 bool) {
	for i, a := range acc {
		if i > 0 {
			g.ifQueries(i, name+"l")
		}
		for c, r := range a {
			g.VMOVUPS(outs(c * bytes)[i], r)
		}
	}
	g.Label(name + "l")
	g.MOVQ(R13, RBX)
	g.MOVQ(RDI, RSI)
	g.arg("n", RCX)
	g.Label(name + "t")
	for c, v := range vals {
		if f32 {
			g.VMOVUPS(Mem{Base: RSI, Disp: c * bytes}, v)
		} else {
			g.VCVTPH2PS(Mem{Base: RSI, Disp: c * bytes / 2}, v)
		}
	}
	for i, a := range acc {
		if i > 0 {
			g.ifQueries(i, name+"n")
		}
		g.VBROADCASTSS(weights[i], bcast)
		for c := range a {
			g.VMULPS(vals[c], bcast, prods[c])
		}
		for c, r := range a {
			g.VADDPS(prods[c], r, r)
		}
	}
	g.Label(name + "n")
	g.ADDQ(U8(4), RBX)
	g.ADDQ(R11, RSI)
	g.DECQ(RCX)
	g.JNZ(LabelRef(name + "t"))
	for i, a := range acc {
		if i > 0 {
			g.ifQueries(i, name+"s")
		}
		for c, r := range a {
			g.VMOVUPS(r, outs(c * bytes)[i])
		}
	}
	g.Label(name + "s")
}

// valuesAVX2: 16 elements at a time, query i's accumulators in Y(2i), Y(2i+1) across all the
// positions; the values F16, or with f32 floats already widened (attnValuesF32x16AVX2).
func (g *gen) valuesAVX2(f32 bool) {
	name, vt, p, esz := "attnValuesF16x16AVX2", "*uint16", "a2v", 2
	if f32 {
		name, vt, p, esz = "attnValuesF32x16AVX2", "*float32", "a4v", 4
	}
	g.text(name, "func(out *float32, oStride int, p *float32, pStride, nq int, v "+vt+", vStride, n, hd16 int)")
	g.valueArgs(uint8(esz / 2))
	g.Label(p + "c")
	g.valueChunk(p, [][]VecPhysical{{Y0, Y1}, {Y2, Y3}, {Y4, Y5}, {Y6, Y7}}, []VecPhysical{Y8, Y9}, []VecPhysical{Y11, Y12}, Y10, 32, f32)
	g.tail(p+"c", R8, step{RAX, 64}, step{RDI, 16 * esz})
}

// valuesAVX512: 32 elements at a time while two chunks of 16 remain (query i's accumulators in
// Z(2i), Z(2i+1): eight independent chains), then a last chunk of 16 (Z(2i) only).
func (g *gen) valuesAVX512() {
	g.text("attnValuesF16x16AVX512", "func(out *float32, oStride int, p *float32, pStride, nq int, v *uint16, vStride, n, hd16 int)")
	g.valueArgs(1)
	g.Label("a5vc")
	g.CMPQ(R8, U8(2))
	g.JLT(LabelRef("a5v1"))
	g.valueChunk("a5v", [][]VecPhysical{{Z0, Z1}, {Z2, Z3}, {Z4, Z5}, {Z6, Z7}}, []VecPhysical{Z8, Z9}, []VecPhysical{Z11, Z12}, Z10, 64, false)
	g.ADDQ(U8(128), RAX)
	g.ADDQ(U8(64), RDI)
	g.SUBQ(U8(2), R8)
	g.JNZ(LabelRef("a5vc"))
	g.VZEROUPPER()
	g.RET()
	g.Label("a5v1")
	g.valueChunk("a5v1", [][]VecPhysical{{Z0}, {Z2}, {Z4}, {Z6}}, []VecPhysical{Z8}, []VecPhysical{Z11}, Z10, 64, false)
	g.VZEROUPPER()
	g.RET()
}
