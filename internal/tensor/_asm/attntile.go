package main

import (
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// scoresTileAVX2: three queries times two positions at a time, so that each widened key chunk
// serves three queries (the x4 kernel widens it again for every query): query i's sums of
// positions 0 and 1 in Y(4i), Y(4i+1) and Y(4i+2), Y(4i+3) (lanes 0-7 and 8-15), each
// accumulated chunk by chunk as DotF32's lanes are, then folded as fold16 (fold3x2). Each query
// chunk is loaded once into Y15 for both positions: with it as a memory operand of every multiply
// the loads, not the multiplies and adds, bound the loop. DI = s + 4t, DX = k_t, SI = q, AX the
// triple's query chunk, R14 its key chunk, BX = s(i, t), R10 the triples left, R13 the chunks
// left, R12 = 3*qStride - hd16*64 (from a triple's last chunk to the next triple). The keys are
// F16, or with f32 floats already widened (attnScoresF32x3x2AVX2).
func (g *gen) scoresTileAVX2(f32 bool) {
	name, kt, esz := "attnScoresF16x3x2AVX2", "*uint16", 2
	if f32 {
		name, kt, esz = "attnScoresF32x3x2AVX2", "*float32", 4
	}
	g.text(name, "func(s *float32, sStride int, q *float32, qStride, nq3 int, k "+kt+", kStride, n2, hd16 int, scale float32)")
	g.args(in{"s", RDI, 0, nil}, in{"sStride", R8, 2, nil}, in{"q", RSI, 0, nil}, in{"qStride", R9, 2, nil},
		in{"k", RDX, 0, nil}, in{"kStride", R11, uint8(esz / 2), nil}, in{"n2", RCX, 0, nil}, in{"hd16", R15, 0, nil})
	p := "c2"
	if f32 {
		p = "c4"
	}
	load := func(src Mem, dst VecPhysical) { g.VCVTPH2PS(src, dst) }
	if f32 {
		load = func(src Mem, dst VecPhysical) { g.VMOVUPS(src, dst) }
	}
	g.LEAQ(m(R9, R9, 2, 0), R12)
	g.MOVQ(R15, RAX)
	g.SHLQ(U8(6), RAX)
	g.SUBQ(RAX, R12)
	acc := [3][2][2]VecPhysical{{{Y0, Y1}, {Y2, Y3}}, {{Y4, Y5}, {Y6, Y7}}, {{Y8, Y9}, {Y10, Y11}}}
	g.Label(p + "t")
	g.MOVQ(RSI, RAX)
	g.MOVQ(RDI, RBX)
	g.arg("nq3", R10)
	g.Label(p + "q")
	for _, y := range []VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11} {
		g.VXORPS(y, y, y)
	}
	g.MOVQ(RDX, R14)
	g.MOVQ(R15, R13)
	g.Label(p + "c")
	for h := range 2 {
		load(Mem{Base: R14, Disp: 8 * esz * h}, Y12)
		load(m(R14, R11, 1, 8*esz*h), Y13)
		qs := []Mem{{Base: RAX, Disp: 32 * h}, m(RAX, R9, 1, 32*h), m(RAX, R9, 2, 32*h)}
		for i, qm := range qs {
			g.VMOVUPS(qm, Y15)
			for t, k := range []VecPhysical{Y12, Y13} {
				g.VMULPS(Y15, k, Y14)
				g.VADDPS(Y14, acc[i][t][h], acc[i][t][h])
			}
		}
	}
	g.ADDQ(U8(64), RAX)
	g.ADDQ(U8(16*esz), R14)
	g.DECQ(R13)
	g.JNZ(LabelRef(p + "c"))
	g.fold3x2(acc)
	g.ADDQ(R12, RAX)
	g.LEAQ(m(RBX, R8, 2, 0), RBX)
	g.ADDQ(R8, RBX)
	g.DECQ(R10)
	g.JNZ(LabelRef(p + "q"))
	g.ADDQ(U8(8), RDI)
	g.LEAQ(m(RDX, R11, 2, 0), RDX)
	g.tail(p+"t", RCX)
}

// fold3x2 folds the six 16-lane sums acc[i][t] (lanes 0-7, 8-15) as fold16 does, scales them
// and stores query i's two at BX + i*R8, four or two scores at a time rather than one: per sum an
// add of the halves (k+8) and of its 128-bit halves (k+4), then a transpose-and-add of pairs of
// sums (UNPCKLPD/UNPCKHPD: lanes k and k+2) and of pairs of pairs (SHUFPS 0x88/0xDD: (0+2) and
// (1+3)), which leaves the sums in order for one multiply by the scale and one store per row.
// Each add is one of fold16's, its operands swapped at most. Clobbers Y0-Y15.
func (g *gen) fold3x2(acc [3][2][2]VecPhysical) {
	var s4 [6]Register // query i's position t at 2i+t: lanes 0-3 of fold16's s4
	for i := range acc {
		for t, a := range acc[i] {
			g.VADDPS(a[1], a[0], a[0])
			g.VEXTRACTF128(U8(1), a[0], a[1].AsX())
			g.VADDPS(a[1].AsX(), a[0].AsX(), a[0].AsX())
			s4[2*i+t] = a[0].AsX()
		}
	}
	// Pair p = (s4[2p], s4[2p+1]) to [x0+x2, x1+x3, y0+y2, y1+y3] in pairs[p].
	pairs := [3]VecPhysical{X12, X13, X14}
	for p, d := range pairs {
		g.VUNPCKLPD(s4[2*p+1], s4[2*p], d)
		g.VUNPCKHPD(s4[2*p+1], s4[2*p], X15)
		g.VADDPS(X15, d, d)
	}
	g.VBROADCASTSS(g.argMem("scale"), X15)
	// Queries 0 and 1 ([q0t0, q0t1, q1t0, q1t1]), then query 2 (twice).
	for _, o := range [][2]VecPhysical{{X12, X13}, {X14, X14}} {
		g.VSHUFPS(U8(0x88), o[1], o[0], X0)
		g.VSHUFPS(U8(0xdd), o[1], o[0], X1)
		g.VADDPS(X1, X0, X0)
		g.VMULPS(X15, X0, X0)
		if o[0] == X12 {
			g.VMOVLPS(X0, b(RBX))
			g.VMOVHPS(X0, m(RBX, R8, 1, 0))
		} else {
			g.VMOVLPS(X0, m(RBX, R8, 2, 0))
		}
	}
}

// fold4Sums is fold4AVX2 from the four 8-lane sums s (lanes k and k+8 already added; they may
// repeat), times the scale in Y15: it returns the X register holding the four results in the
// order of s, t clobbered.
func (g *gen) fold4Sums(s [4]VecPhysical, t [4]VecPhysical) Register {
	g.halvesAdd(s[1], s[0], t[0], t[1])
	g.halvesAdd(s[3], s[2], t[1], t[2])
	g.pairAdd(g.VSHUFPS, 0x44, 0xee, t[1], t[0], t[2], t[3])
	g.pairAdd(g.VSHUFPS, 0x88, 0xdd, t[2], t[2], t[3], t[0])
	g.VEXTRACTF128(U8(1), t[3], t[0].AsX())
	g.VUNPCKLPS(t[0].AsX(), t[3].AsX(), t[3].AsX())
	g.VMULPS(X15, t[3].AsX(), t[3].AsX())
	return t[3].AsX()
}
