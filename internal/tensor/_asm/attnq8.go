package main

import (
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// attnQ8Family: the value kernels over Q8_0 KV vectors (attnq8.go in internal/tensor defines
// their arithmetic: each element d·q exactly, then the F32 attention's order), one query or four
// a call, and the dequantiser the scores run after.
func attnQ8Family(g *gen) {
	g.valuesQ8_0AVX2()
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

// valuesQ8_0AVX2: block by block of out (AX, 32 floats in Y0-Y3), for each position t in order
// (SI = v_t's block, BX = p + 4t), out = fma(p[t], d·q, out), one rounding each, as
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
		g.VFMADD231PS(Y10, y, acc[j])
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
			g.VFMADD231PS(Y9, Y11, a[0])
			g.VFMADD231PS(Y10, Y11, a[1])
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

// outs are the four-query Q8_0 value kernel's accumulator addresses of query i at displacement
// disp; weights the addresses of its weights.
func outs(disp int) []Mem {
	return []Mem{{Base: RAX, Disp: disp}, m(RAX, RDX, 1, disp), m(RAX, RDX, 2, disp), m(RAX, R14, 1, disp)}
}

var weights = []Mem{b(RBX), m(RBX, R9, 1, 0), m(RBX, R9, 2, 0), m(RBX, R12, 1, 0)}
