package main

import (
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// attnQ8Family: the attention kernels over Q8_0 KV vectors (attnq8.go in internal/tensor defines
// their arithmetic: each element d·q exactly, then the F32 attention's order), one query or four
// a call.
func attnQ8Family(g *gen) {
	g.scoresQ8_0AVX2()
	g.valuesQ8_0AVX2()
	g.scoresQ8_0x4AVX2()
	g.valuesQ8_0x4AVX2()
	g.dequantQ8_0AVX2()
}

// dequantQ8_0AVX2: the nb (≥ 1) blocks at SI into 32·nb floats at DI, each d·q exactly.
func (g *gen) dequantQ8_0AVX2() {
	g.text("dequantQ8_0AVX2", "func(dst *float32, src *byte, nb int)")
	g.arg("dst", RDI)
	g.arg("src", RSI)
	g.arg("nb", RCX)
	g.Label("q8dq")
	g.q8KVScale(RSI, Y4)
	for j, y := range []VecPhysical{Y0, Y1, Y2, Y3} {
		g.q8Dequant8(RSI, j, Y4, y)
		g.VMOVUPS(y, Mem{Base: RDI, Disp: 32 * j})
	}
	g.tail("q8dq", RCX, step{RSI, q8BlockBytes}, step{RDI, 128})
}

// q8BlockBytes is a Q8_0 block: an f16 scale, then 32 int8 values.
const q8BlockBytes = 34

// q8Dequant8 sets y to the 8 values of chunk j (elements 8j..8j+7) of the block at blk times the
// scale in dScale: sign-extended, converted (exactly) and multiplied (exactly, 11 × 8 bits).
func (g *gen) q8Dequant8(blk Register, j int, dScale, y VecPhysical) {
	g.VPMOVSXBD(Mem{Base: blk, Disp: 2 + 8*j}, y)
	g.VCVTDQ2PS(y, y)
	g.VMULPS(dScale, y, y)
}

// q8KVScale broadcasts the f16 scale of the block at blk, widened, into y's 8 lanes.
func (g *gen) q8KVScale(blk Register, y VecPhysical) {
	g.VPBROADCASTW(b(blk), y.AsX())
	g.VCVTPH2PS(y.AsX(), y)
}

// scoresQ8_0AVX2: for each position t (DX = k_t, DI = s + 4t), the nb blocks of k_t against q
// (AX), chunk j of each block into Y0 (j even: lanes 0-7 of a 16-lane chunk) or Y1 (j odd:
// lanes 8-15), as attnScoresQ8_0Go's acc; then folded as fold16, scaled and stored.
func (g *gen) scoresQ8_0AVX2() {
	g.text("attnScoresQ8_0AVX2", "func(s *float32, q *float32, k *byte, kStride, n, nb int, scale float32)")
	g.arg("s", RDI)
	g.arg("q", RSI)
	g.arg("k", RDX)
	g.arg("kStride", R11)
	g.arg("n", RCX)
	g.arg("nb", R12)
	g.VMOVSS(g.argMem("scale"), X15)
	g.Label("q8st")
	g.VXORPS(Y0, Y0, Y0)
	g.VXORPS(Y1, Y1, Y1)
	g.MOVQ(RDX, R14)
	g.MOVQ(RSI, RAX)
	g.MOVQ(R12, R13)
	g.Label("q8sb")
	g.q8KVScale(R14, Y4)
	vals := []VecPhysical{Y5, Y6, Y7, Y8}
	for j, y := range vals {
		g.q8Dequant8(R14, j, Y4, y)
		g.VMULPS(Mem{Base: RAX, Disp: 32 * j}, y, y)
	}
	for j, y := range vals {
		acc := []VecPhysical{Y0, Y1}[j%2]
		g.VADDPS(y, acc, acc)
	}
	g.ADDQ(U8(q8BlockBytes), R14)
	g.ADDQ(U8(128), RAX)
	g.DECQ(R13)
	g.JNZ(LabelRef("q8sb"))
	g.VADDPS(Y1, Y0, Y0)
	g.scoreOutAt(RDI)
	g.ADDQ(R11, RDX)
	g.tail("q8st", RCX, step{RDI, 4})
}

// scoreOutAt is scoreOut storing at (r).
func (g *gen) scoreOutAt(r Register) {
	g.fold8(Y0, X1, g.VADDPS, g.VADDSS)
	g.VMULSS(X15, X0, X0)
	g.VMOVSS(X0, b(r))
}

// valuesQ8_0AVX2: block by block of out (AX, 32 floats in Y0-Y3), for each position t in order
// (SI = v_t's block, BX = p + 4t), out += p[t]·(d·q), each product and sum rounded on its own as
// attnValuesQ8_0Go's.
func (g *gen) valuesQ8_0AVX2() {
	g.text("attnValuesQ8_0AVX2", "func(out *float32, p *float32, v *byte, vStride, n, nb int)")
	g.arg("out", RAX)
	g.arg("p", R13)
	g.arg("v", RDI)
	g.arg("vStride", R11)
	g.arg("nb", R8)
	acc := []VecPhysical{Y0, Y1, Y2, Y3}
	vals := []VecPhysical{Y5, Y6, Y7, Y8}
	g.Label("q8vb")
	for j, y := range acc {
		g.VMOVUPS(Mem{Base: RAX, Disp: 32 * j}, y)
	}
	g.MOVQ(R13, RBX)
	g.MOVQ(RDI, RSI)
	g.arg("n", RCX)
	g.Label("q8vt")
	g.q8KVScale(RSI, Y4)
	g.VBROADCASTSS(b(RBX), Y10)
	for j, y := range vals {
		g.q8Dequant8(RSI, j, Y4, y)
		g.VMULPS(Y10, y, y)
	}
	for j, y := range vals {
		g.VADDPS(y, acc[j], acc[j])
	}
	g.ADDQ(U8(4), RBX)
	g.ADDQ(R11, RSI)
	g.DECQ(RCX)
	g.JNZ(LabelRef("q8vt"))
	for j, y := range acc {
		g.VMOVUPS(y, Mem{Base: RAX, Disp: 32 * j})
	}
	g.tail("q8vb", R8, step{RAX, 128}, step{RDI, q8BlockBytes})
}

// scoresQ8_0x4AVX2 is scoresQ8_0AVX2 for four queries a call: each block of k_t is dequantised
// once for all four, query i's chunk j going into Y(2i) (j even) or Y(2i+1) (j odd) in the same
// order; the four sums are folded together (fold4Sums) and stored down the column of position t.
// DI = s + 4t, R8 = sStride and BX = 3·sStride bytes, AX the queries' block (R9 = qStride and
// R10 = 3·qStride bytes), R14 = k_t's block, R13 the blocks left.
func (g *gen) scoresQ8_0x4AVX2() {
	g.text("attnScoresQ8_0x4AVX2", "func(s *float32, sStride int, q *float32, qStride int, k *byte, kStride, n, nb int, scale float32)")
	g.args(in{"s", RDI, 0, nil}, in{"sStride", R8, 2, RBX}, in{"q", RSI, 0, nil}, in{"qStride", R9, 2, R10},
		in{"k", RDX, 0, nil}, in{"kStride", R11, 0, nil}, in{"n", RCX, 0, nil}, in{"nb", R12, 0, nil})
	g.VBROADCASTSS(g.argMem("scale"), Y15)
	acc := [4][2]VecPhysical{{Y0, Y1}, {Y2, Y3}, {Y4, Y5}, {Y6, Y7}}
	vals := []VecPhysical{Y9, Y10, Y11, Y12}
	g.Label("q8xt")
	for _, a := range acc {
		g.VXORPS(a[0], a[0], a[0])
		g.VXORPS(a[1], a[1], a[1])
	}
	g.MOVQ(RDX, R14)
	g.MOVQ(RSI, RAX)
	g.MOVQ(R12, R13)
	g.Label("q8xb")
	g.q8KVScale(R14, Y8)
	for j, y := range vals {
		g.q8Dequant8(R14, j, Y8, y)
	}
	qs := func(disp int) []Mem {
		return []Mem{{Base: RAX, Disp: disp}, m(RAX, R9, 1, disp), m(RAX, R9, 2, disp), m(RAX, R10, 1, disp)}
	}
	for i, a := range acc {
		for j, y := range vals {
			g.VMULPS(qs(32 * j)[i], y, Y13)
			g.VADDPS(Y13, a[j%2], a[j%2])
		}
	}
	g.ADDQ(U8(q8BlockBytes), R14)
	g.ADDQ(U8(128), RAX)
	g.DECQ(R13)
	g.JNZ(LabelRef("q8xb"))
	for _, a := range acc {
		g.VADDPS(a[1], a[0], a[0])
	}
	x := g.fold4Sums([4]VecPhysical{Y0, Y2, Y4, Y6}, [4]VecPhysical{Y9, Y10, Y11, Y12})
	g.VMOVSS(x, b(RDI))
	g.VEXTRACTPS(U8(1), x, m(RDI, R8, 1, 0))
	g.VEXTRACTPS(U8(2), x, m(RDI, R8, 2, 0))
	g.VEXTRACTPS(U8(3), x, m(RDI, RBX, 1, 0))
	g.ADDQ(R11, RDX)
	g.tail("q8xt", RCX, step{RDI, 4})
}

// valuesQ8_0x4AVX2 is valuesQ8_0AVX2 for four queries a call: each half block (16 values) of
// v_t is dequantised once for the four, whose 16 accumulators (query i's in Y(2i), Y(2i+1)) stay
// in registers across all the positions. AX = out's block (DX = oStride and R14 = 3·oStride
// bytes), R13 = p (R9 = pStride and R12 = 3·pStride bytes), DI = v's block, R8 the blocks left;
// per position BX = p + 4t and SI = v_t's block.
func (g *gen) valuesQ8_0x4AVX2() {
	g.text("attnValuesQ8_0x4AVX2", "func(out *float32, oStride int, p *float32, pStride int, v *byte, vStride, n, nb int)")
	g.args(in{"out", RAX, 0, nil}, in{"oStride", RDX, 2, R14}, in{"p", R13, 0, nil}, in{"pStride", R9, 2, R12},
		in{"v", RDI, 0, nil}, in{"vStride", R11, 0, nil}, in{"nb", R8, 0, nil})
	acc := [][]VecPhysical{{Y0, Y1}, {Y2, Y3}, {Y4, Y5}, {Y6, Y7}}
	g.Label("q8xvb")
	for h := range 2 {
		name := []string{"q8xv0", "q8xv1"}[h]
		for i, a := range acc {
			for c, r := range a {
				g.VMOVUPS(outs(64*h + 32*c)[i], r)
			}
		}
		g.MOVQ(R13, RBX)
		g.MOVQ(RDI, RSI)
		g.arg("n", RCX)
		g.Label(name)
		g.q8KVScale(RSI, Y8)
		g.q8Dequant8(RSI, 2*h, Y8, Y9)
		g.q8Dequant8(RSI, 2*h+1, Y8, Y10)
		for i, a := range acc {
			g.VBROADCASTSS(weights[i], Y11)
			g.VMULPS(Y9, Y11, Y12)
			g.VMULPS(Y10, Y11, Y13)
			g.VADDPS(Y12, a[0], a[0])
			g.VADDPS(Y13, a[1], a[1])
		}
		g.ADDQ(U8(4), RBX)
		g.ADDQ(R11, RSI)
		g.DECQ(RCX)
		g.JNZ(LabelRef(name))
		for i, a := range acc {
			for c, r := range a {
				g.VMOVUPS(r, outs(64*h + 32*c)[i])
			}
		}
	}
	g.tail("q8xvb", R8, step{RAX, 128}, step{RDI, q8BlockBytes})
}
