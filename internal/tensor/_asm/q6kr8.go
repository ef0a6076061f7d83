package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// q6Kr8Family is q6kr8_amd64.s: the AVX2 Q6_K kernels over weights repacked by
// eight rows (repackQ6Kr8), one for each tile of 1 to q6Kr8MaxN inputs.
func q6Kr8Family(g *gen) {
	for _, vnni := range []bool{false, true} {
		for n := 1; n <= q6Kr8MaxN; n++ {
			g.q6Kr8(n, vnni)
		}
	}
}

const (
	q6Kr8MaxN  = 3    // inputs per call: 4 accumulators each, with 3 fixed registers
	q6Kr8Block = 2192 // 8 rows' super-block: 8 f16 d, 8 × 16 scale bytes, 64 × 32 quant bytes
	q6Kr8Quant = 144  // where a record's quants start
)

// q6Kr8 emits the kernel for a tile of one group of 8 repacked Q6_K rows × n inputs:
//
//	func q6_Kr8x<n>AVX2(w *byte, nb int, xq *int8, xstride int, xd *float32, dstride int, bs *int16, bstride int, out *float32, ostride int)
//
// out[ostride·i + r] = dotQ6_KGo(row r, input i). A YMM lane is a row: the quants are
// unpacked at load to bytes q+32 (0..63), 4 of every row a load against one broadcast of
// each input's 4, so VPMADDUBSW takes them unsigned and two of its word sums still add
// exactly in 16 bits (2·2·63·128 < 2^15); a 16-value group's two word sums meet its
// (scale, scale) word pairs in VPMADDWD. isum = Σ_k sc_k·Σ(q+32)·x - 32·Σ_k sc_k·bs_k:
// the activations' 16-value sums take the +32 back out, exactly. The float chain is
// q6KAdd's: acc += isum·(d·dx).
//
// With vnni it emits q6_Kr8x<n>AVXVNNI: one VEX VPDPBUSD a load and input sums each half of
// a group in 32 bits, VPMULLD by the group's scale dword ends it, and VEX VPDPWSSD takes
// the 16-value sums' term.
func (g *gen) q6Kr8(n int, vnni bool) {
	w, tmp, s := Y14, Y13, Y12
	k := g.newKr8("q6", n, vnni, tmp)
	g.loop("q6kr8"+k.set+fmt.Sprint("x", n), func() {
		k.startBlock()
		for b := range 16 {
			k.startSubSums()
			for c := range 4 {
				g.VMOVDQU(Mem{Base: RSI, Disp: q6Kr8Quant + 32*(4*b+c)}, w)
				for i := range n {
					k.product(k.acc[c/2][i], w, i, 16*b+4*c, c%2 == 0)
				}
			}
			g.q6Kr8Scale(b, vnni, w, tmp, s)
			for i := range n {
				if vnni {
					// One VPMULLD for both halves' 32-bit sums.
					g.VPADDD(k.acc[1][i], k.acc[0][i], k.acc[0][i])
					k.addScaled(k.acc[0][i], s, i)
					continue
				}
				k.addScaled(k.acc[0][i], s, i)
				k.addScaled(k.acc[1][i], s, i)
			}
		}
		// isum -= 32·Σ_b sc_b·bs_b, the pairs (sc_2p, sc_2p+1)·(bs_2p, bs_2p+1).
		for p := range 8 {
			g.VPMOVSXBW(Mem{Base: RSI, Disp: 16 + 16*p}, w)
			for i := range n {
				k.pairTerm(k.acc[0][i], w, i, 4*p, p == 0)
			}
		}
		g.VCVTPH2PS(Mem{Base: RSI}, w)
		for i, v := range k.isum {
			c := k.acc[0][i]
			g.VPSLLD(U8(5), c, c)
			g.VPSUBD(c, v, v)
			g.r8Scale(v, w, tmp, k.scale(i), k.facc[i], false)
		}
	}, kr8Steps(q6Kr8Block)...)
	g.r8Store(k.facc)
}

// q6Kr8Scale sets s = group b's scale per row, from the record's (sc_2p, sc_2p+1) pairs: the
// (sc_b, sc_b) word pairs, or with vnni sc_b as a sign-extended dword (w and tmp clobbered).
func (g *gen) q6Kr8Scale(b int, vnni bool, w, tmp, s VecPhysical) {
	g.VPMOVSXBW(Mem{Base: RSI, Disp: 16 + 16*(b/2)}, w)
	switch {
	case vnni && b%2 == 0:
		g.VPSLLD(U8(16), w, s)
		g.VPSRAD(U8(16), s, s)
	case vnni:
		g.VPSRAD(U8(16), w, s)
	case b%2 == 0:
		g.VPSLLD(U8(16), w, tmp)
		g.VPBLENDW(U8(0xaa), tmp, w, s)
	default:
		g.VPSRLD(U8(16), w, tmp)
		g.VPBLENDW(U8(0xaa), w, tmp, s)
	}
}
