package main

import (
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// lowRankFamily: the two products of a LoRA delta with AVX2, on float32 weights and on half
// weights that are widened, then multiplied and summed exactly as the float32 ones (a pair
// held in halves gives the bits of the same values held in float32). A's four-row kernels
// prefetch the next four rows as they go: at one input (a decode step) each runs once over
// rows read once a step from memory, too short a run for the hardware prefetcher to follow.
func lowRankFamily(g *gen) {
	g.floatx4(f16f32, "f16f32x4", true)
	g.lowRankUp(false)
	g.lowRankUp(true)
}

// f16f32 is F16 weights against float32 activations that are not rounded to F16: the products
// are not exact, so each is rounded before its add, as for F32 weights (dotF16sGo).
var f16f32 = floatType{"f16f32", 32, f16.widen, false}

// lowRankUp emits lowRankUpAVX2 (or lowRankUpF16AVX2, half weights): for each 64-column chunk
// c (outer) and input row i (inner), the 64 sums d[i·dStride+c..] = Σ_k float32(a[i·rank+k]·
// B[k][c..]) over k = 0..rank-1 in order from 0, each product rounded before its add (no FMA),
// as lowRankUpGo does. B is in panels of 64 columns (tensor.PanelLowRankB): a chunk is one
// panel, its rank lines of 64 weights end to end, the panels one after the other, so the
// kernel reads B in one sequential run. The chunk stays in L1 across the rows. The loop
// prefetches lowRankAhead bytes on in that run: at one row (a decode step) B is read once,
// from memory. rank, n64 and rows must be at least 1.
func (g *gen) lowRankUp(half bool) {
	name, elem := "lowRankUpAVX2", 4
	if half {
		name, elem = "lowRankUpF16AVX2", 2
	}
	g.text(name, "func(d *float32, bP *byte, ax *float32, rank, dStride, n64, rows int)")
	g.arg("d", RDI)
	g.arg("bP", RSI)
	g.arg("ax", RDX)
	g.arg("rank", R8)
	g.arg("dStride", R9)
	g.SHLQ(U8(2), R9) // bytes between rows of d
	g.arg("n64", R10)
	acc := []VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7}
	tmp := []VecPhysical{Y9, Y10, Y11, Y12}
	g.Label("chunk")
	g.MOVQ(RDI, R12) // d, row i
	g.MOVQ(RDX, R13) // ax, row i
	g.arg("rows", R11)
	g.Label("row")
	for _, a := range acc {
		g.VXORPS(a, a, a)
	}
	g.MOVQ(RSI, RAX) // bT, row k
	g.MOVQ(R13, RBX) // ax[i·rank+k]
	g.MOVQ(R8, RCX)
	g.Label("k")
	for l := 0; l < 64*elem; l += 64 {
		g.PREFETCHT0(Mem{Base: RAX, Disp: lowRankAhead + l})
	}
	g.VBROADCASTSS(Mem{Base: RBX}, Y8)
	for j, a := range acc {
		t := tmp[j%len(tmp)]
		w := Mem{Base: RAX, Disp: 8 * elem * j}
		if half {
			g.VCVTPH2PS(w, t)
			g.VMULPS(t, Y8, t)
		} else {
			g.VMULPS(w, Y8, t)
		}
		g.VADDPS(t, a, a)
	}
	g.ADDQ(U8(4), RBX)
	g.ADDQ(U32(64*elem), RAX) // the panel's next line
	g.DECQ(RCX)
	g.JNZ(LabelRef("k"))
	for j, a := range acc {
		g.VMOVUPS(a, Mem{Base: R12, Disp: 32 * j})
	}
	g.ADDQ(R9, R12)
	g.LEAQ(Mem{Base: R13, Index: R8, Scale: 4}, R13)
	g.DECQ(R11)
	g.JNZ(LabelRef("row"))
	g.ADDQ(U32(256), RDI)
	g.MOVQ(RAX, RSI) // the next panel follows the last line
	g.DECQ(R10)
	g.JNZ(LabelRef("chunk"))
	g.VZEROUPPER()
	g.RET()
}

// lowRankAhead is how far ahead in B's run lowRankUp prefetches, about the memory latency of a
// few lines' work.
const lowRankAhead = 512
