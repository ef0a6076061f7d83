package main

import (
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// scoresTileAVX2: three queries times two positions at a time, so that each widened key chunk
// serves three queries (the x4 kernel widens it again for every query): query i's sums of
// positions 0 and 1 in Y(4i), Y(4i+1) and Y(4i+2), Y(4i+3) (lanes 0-7 and 8-15), each
// accumulated chunk by chunk as DotF32's lanes are, then folded as fold16. DI = s + 4t, DX = k_t,
// SI = q, AX the triple's query chunk, R14 its key chunk, BX = s(i, t), R10 the triples left,
// R13 the chunks left, R12 = 3*qStride - hd16*64 (from a triple's last chunk to the next triple).
// The keys are F16, or with f32 floats already widened (attnScoresF32x3x2AVX2).
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
	g.VBROADCASTSS(g.argMem("scale"), Y15)
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
			for t, k := range []VecPhysical{Y12, Y13} {
				g.VMULPS(qm, k, Y14)
				g.VADDPS(Y14, acc[i][t][h], acc[i][t][h])
			}
		}
	}
	g.ADDQ(U8(64), RAX)
	g.ADDQ(U8(16*esz), R14)
	g.DECQ(R13)
	g.JNZ(LabelRef(p + "c"))
	for i := range acc {
		for t := range acc[i] {
			g.VADDPS(acc[i][t][1], acc[i][t][0], acc[i][t][0])
		}
	}
	tmp := [4]VecPhysical{Y12, Y13, Y14, Y1}
	x := g.fold4Sums([4]VecPhysical{Y0, Y2, Y4, Y6}, tmp)
	g.VMOVLPS(x, b(RBX))
	g.VMOVHPS(x, m(RBX, R8, 1, 0))
	x = g.fold4Sums([4]VecPhysical{Y8, Y10, Y8, Y10}, tmp)
	g.VMOVLPS(x, m(RBX, R8, 2, 0))
	g.ADDQ(R12, RAX)
	g.LEAQ(m(RBX, R8, 2, 0), RBX)
	g.ADDQ(R8, RBX)
	g.DECQ(R10)
	g.JNZ(LabelRef(p + "q"))
	g.ADDQ(U8(8), RDI)
	g.LEAQ(m(RDX, R11, 2, 0), RDX)
	g.tail(p+"t", RCX)
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
