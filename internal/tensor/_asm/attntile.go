package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// scoreTiles are the shapes of the score kernels: queries × positions per tile. Three queries
// by four positions fill the register file (twelve accumulators, three query chunks, one key
// chunk); two by four and one by eight keep eight chains in flight for the queries left over
// (the FMA latency times its two ports); the by-one shapes take the positions left over.
var scoreTiles = [][2]int{{3, 4}, {2, 4}, {1, 8}, {3, 1}, {2, 1}, {1, 1}}

// scoreTileAVX2 emits attnScores{F16,F32}T{qr}x{kr}AVX2: ng groups of qr queries, each against
// nk tiles of kr positions, each score eight chains of fused multiply-adds over the head (lane l
// taking the elements d ≡ l mod 8, in order), folded in pairs (attnScoreGo) and scaled.
// Accumulator (i, t) is Y(kr·i + t); the query chunks are in Y12.. and the key chunk in Y15.
// R10 = s and SI = q of the group, R15 the groups left; DI = s + 4t, DX = k_t, R8 = sStride,
// R9 = qStride, R11 = kStride and R13 = 3·kStride bytes, CX the tiles left; per chunk AX = the
// queries' chunk, R14 (and BX four positions on) the keys'.
func (g *gen) scoreTileAVX2(qr, kr int, f32 bool) {
	kt, esz, kind := "*uint16", 2, "F16"
	if f32 {
		kt, esz, kind = "*float32", 4, "F32"
	}
	name := fmt.Sprintf("attnScores%sT%dx%dAVX2", kind, qr, kr)
	p := fmt.Sprintf("st%s%dx%d", kind, qr, kr)
	g.text(name, "func(s *float32, sStride int, q *float32, qStride, ng int, k "+kt+", kStride, nk, hd8 int, scale float32)")
	g.args(in{"s", R10, 0, nil}, in{"sStride", R8, 2, nil}, in{"q", RSI, 0, nil}, in{"qStride", R9, 2, nil},
		in{"ng", R15, 0, nil}, in{"kStride", R11, uint8(esz / 2), R13})
	g.Label(p + "g")
	g.MOVQ(R10, RDI)
	g.arg("k", RDX)
	g.arg("nk", RCX)
	load := func(src Mem) { g.VCVTPH2PS(src, Y15) }
	if f32 {
		load = func(src Mem) { g.VMOVUPS(src, Y15) }
	}
	acc := func(i, t int) VecPhysical { return Y(kr*i + t) }
	qs := []Mem{b(RAX), m(RAX, R9, 1, 0), m(RAX, R9, 2, 0)}
	keys := []Mem{b(R14), m(R14, R11, 1, 0), m(R14, R11, 2, 0), m(R14, R13, 1, 0),
		b(RBX), m(RBX, R11, 1, 0), m(RBX, R11, 2, 0), m(RBX, R13, 1, 0)}
	g.Label(p + "t")
	for i := range qr {
		for t := range kr {
			g.VXORPS(acc(i, t), acc(i, t), acc(i, t))
		}
	}
	g.MOVQ(RSI, RAX)
	g.MOVQ(RDX, R14)
	if kr > 4 {
		g.LEAQ(m(RDX, R11, 4, 0), RBX)
	}
	g.arg("hd8", R12)
	g.Label(p + "c")
	for i := range qr {
		g.VMOVUPS(qs[i], Y(12+i))
	}
	for t := range kr {
		load(keys[t])
		for i := range qr {
			g.VFMADD231PS(Y15, Y(12+i), acc(i, t))
		}
	}
	g.ADDQ(U8(32), RAX)
	g.ADDQ(U8(8*esz), R14)
	if kr > 4 {
		g.ADDQ(U8(8*esz), RBX)
	}
	g.DECQ(R12)
	g.JNZ(LabelRef(p + "c"))
	g.VBROADCASTSS(g.argMem("scale"), Y15)
	for i := range qr {
		out := m(RDI, R8, 1, 0)
		if i == 0 {
			out = b(RDI)
		} else if i == 2 {
			out = m(RDI, R8, 2, 0)
		}
		for t0 := 0; t0 < kr; t0 += 4 {
			g.foldScores(acc, i, t0, min(4, kr), out, t0*4)
		}
	}
	if kr == 1 {
		g.ADDQ(R11, RDX)
	}
	for range kr / 4 {
		g.LEAQ(m(RDX, R11, 4, 0), RDX)
	}
	g.repeat(p+"t", RCX, step{RDI, 4 * kr})
	g.nextRows(R10, R8, qr)
	g.nextRows(RSI, R9, qr)
	g.DECQ(R15)
	g.JNZ(LabelRef(p + "g"))
	g.VZEROUPPER()
	g.RET()
}

// nextRows advances r by n rows of stride bytes (n is 1 to 6).
func (g *gen) nextRows(r, stride GPPhysical, n int) {
	for ; n >= 2; n -= 2 {
		g.LEAQ(m(r, stride, 2, 0), r)
	}
	if n == 1 {
		g.ADDQ(stride, r)
	}
}

// Y is the n-th YMM register.
func Y(n int) VecPhysical {
	return []VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11, Y12, Y13, Y14, Y15}[n]
}

// foldScores folds the eight chains of query i's accumulators t0..t0+n-1 (n is 4 or 1) in
// pairs, ((0+1)+(2+3))+((4+5)+(6+7)), scales them by Y15 and stores them at out + disp: with four
// positions, each HADDPS adds neighbouring lanes of two sums (or pairs of them) at once, and the
// two 128-bit halves hold lanes 0-3 and 4-7, added last. Clobbers the accumulators and Y12-Y14.
func (g *gen) foldScores(acc func(i, t int) VecPhysical, i, t0, n int, out Mem, disp int) {
	out.Disp += disp
	if n == 1 {
		a := acc(i, t0)
		g.VHADDPS(a, a, a)
		g.VHADDPS(a, a, a)
		g.VEXTRACTF128(U8(1), a, X12)
		g.VADDSS(X12, a.AsX(), a.AsX())
		g.VMULSS(X15, a.AsX(), a.AsX())
		g.VMOVSS(a.AsX(), out)
		return
	}
	g.VHADDPS(acc(i, t0+1), acc(i, t0), Y12)
	g.VHADDPS(acc(i, t0+3), acc(i, t0+2), Y13)
	g.VHADDPS(Y13, Y12, Y12)
	g.VEXTRACTF128(U8(1), Y12, X13)
	g.VADDPS(X13, X12, X12)
	g.VMULPS(X15, X12, X12)
	g.VMOVUPS(X12, out)
}

// scoreTilesAVX2 emits every shape of scoreTiles over F16 and F32 keys.
func (g *gen) scoreTilesAVX2() {
	for _, f32 := range []bool{false, true} {
		for _, s := range scoreTiles {
			g.scoreTileAVX2(s[0], s[1], f32)
		}
	}
}

// valueTileAVX2 emits attnValues{F16,F32}Q{qr}AVX2: for ng groups of qr (1 to 6) queries,
// out_i = fma(p_i[t], v_t, out_i) for every position t in order, sixteen elements at a time
// (attnValuesF16Go). Query i's sixteen accumulators stay in Y(2i), Y(2i+1) across all the
// positions; the value chunk is in Y12, Y13 (widened from F16 as it is loaded), the weight in
// Y14. Six queries make twelve fused multiply-adds per position for two loads and six
// broadcasts. AX = out's chunk, DX = oStride and R14 = 3·oStride bytes (R15 = AX + R14: queries
// 3-5), R13 = p, R9 = pStride and R12 = 3·pStride bytes, DI = v's chunk, R11 = vStride bytes, R8
// the chunks left; per position BX = p + 4t (R10 = BX + R12), SI = v_t's chunk, CX the positions
// left.
func (g *gen) valueTileAVX2(qr int, f32 bool) {
	vt, esz, kind := "*uint16", 2, "F16"
	if f32 {
		vt, esz, kind = "*float32", 4, "F32"
	}
	name := fmt.Sprintf("attnValues%sQ%dAVX2", kind, qr)
	p := fmt.Sprintf("vt%s%d", kind, qr)
	g.text(name, "func(out *float32, oStride int, p *float32, pStride, ng int, v "+vt+", vStride, n, hd16 int)")
	g.args(in{"out", RAX, 0, nil}, in{"oStride", RDX, 2, R14}, in{"p", R13, 0, nil}, in{"pStride", R9, 2, R12},
		in{"vStride", R11, uint8(esz / 2), nil})
	g.Label(p + "g")
	g.arg("v", RDI)
	g.arg("hd16", R8)
	outs := []Mem{b(RAX), m(RAX, RDX, 1, 0), m(RAX, RDX, 2, 0), b(R15), m(R15, RDX, 1, 0), m(R15, RDX, 2, 0)}
	ws := []Mem{b(RBX), m(RBX, R9, 1, 0), m(RBX, R9, 2, 0), b(R10), m(R10, R9, 1, 0), m(R10, R9, 2, 0)}
	acc := func(i, c int) VecPhysical { return Y(2*i + c) }
	g.Label(p + "c")
	if qr > 3 {
		g.LEAQ(m(RAX, R14, 1, 0), R15)
	}
	for i := range qr {
		for c := range 2 {
			o := outs[i]
			o.Disp += 32 * c
			g.VMOVUPS(o, acc(i, c))
		}
	}
	g.MOVQ(R13, RBX)
	if qr > 3 {
		g.LEAQ(m(R13, R12, 1, 0), R10)
	}
	g.MOVQ(RDI, RSI)
	g.arg("n", RCX)
	g.Label(p + "t")
	for c, y := range []VecPhysical{Y12, Y13} {
		if f32 {
			g.VMOVUPS(Mem{Base: RSI, Disp: 32 * c}, y)
		} else {
			g.VCVTPH2PS(Mem{Base: RSI, Disp: 16 * c}, y)
		}
	}
	for i := range qr {
		g.VBROADCASTSS(ws[i], Y14)
		for c, y := range []VecPhysical{Y12, Y13} {
			g.VFMADD231PS(y, Y14, acc(i, c))
		}
	}
	g.ADDQ(U8(4), RBX)
	if qr > 3 {
		g.ADDQ(U8(4), R10)
	}
	g.ADDQ(R11, RSI)
	g.DECQ(RCX)
	g.JNZ(LabelRef(p + "t"))
	for i := range qr {
		for c := range 2 {
			o := outs[i]
			o.Disp += 32 * c
			g.VMOVUPS(acc(i, c), o)
		}
	}
	g.repeat(p+"c", R8, step{RAX, 64}, step{RDI, 16 * esz})
	// Back to the group's first chunk, then qr rows on; the groups left count down in ng.
	g.arg("hd16", R15)
	g.SHLQ(U8(6), R15)
	g.SUBQ(R15, RAX)
	g.nextRows(RAX, RDX, qr)
	g.nextRows(R13, R9, qr)
	g.DECQ(g.argMem("ng"))
	g.JNZ(LabelRef(p + "g"))
	g.VZEROUPPER()
	g.RET()
}

// valueTilesAVX2 emits the value tiles of one to six queries over F16 and F32 values.
func (g *gen) valueTilesAVX2() {
	for _, f32 := range []bool{false, true} {
		for qr := 1; qr <= 6; qr++ {
			g.valueTileAVX2(qr, f32)
		}
	}
}
