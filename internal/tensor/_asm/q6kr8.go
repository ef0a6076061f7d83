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
	set := "AVX2"
	if vnni {
		set = "AVXVNNI"
	}
	quant, scale, sums := g.kr8Args(fmt.Sprintf("q6_Kr8x%d%s", n, set))

	w, tmp, s, x := Y14, Y13, Y12, Y15
	acc16 := [2][]VecPhysical{{Y0, Y1, Y2}, {Y3, Y4, Y5}} // [chunks 0-1, chunks 2-3][input]; 32-bit sums with vnni
	isum := []VecPhysical{Y6, Y7, Y8}[:n]
	facc := []VecPhysical{Y9, Y10, Y11}[:n]
	for _, f := range facc {
		g.VXORPS(f, f, f)
	}
	label := fmt.Sprintf("q6kr8%sx%d", set, n)
	g.loop(label, func() {
		for i := range isum {
			g.VPXOR(isum[i], isum[i], isum[i])
		}
		for k := range 16 {
			if vnni {
				for _, a := range append(acc16[0][:n:n], acc16[1][:n]...) {
					g.VPXOR(a, a, a)
				}
			}
			for c := range 4 {
				g.VMOVDQU(Mem{Base: RSI, Disp: q6Kr8Quant + 32*(4*k+c)}, w)
				for i := range n {
					if vnni {
						g.VPBROADCASTD(quant(i, 16*k+4*c), x)
						g.vexDPBUSD(acc16[c/2][i], w, x)
						continue
					}
					g.accumulate(c%2 == 0, acc16[c/2][i], tmp, g.VPADDW, func(d VecPhysical) {
						g.VPBROADCASTD(quant(i, 16*k+4*c), d)
						g.VPMADDUBSW(d, w, d)
					})
				}
			}
			g.VPMOVSXBW(Mem{Base: RSI, Disp: 16 + 16*(k/2)}, w)
			if vnni {
				// s = sc_k per row as a dword, from the record's (sc_2p, sc_2p+1) word pairs.
				if k%2 == 0 {
					g.VPSLLD(U8(16), w, s)
					g.VPSRAD(U8(16), s, s)
				} else {
					g.VPSRAD(U8(16), w, s)
				}
				for i := range n {
					a := acc16[0][i]
					g.VPADDD(acc16[1][i], a, a)
					g.VPMULLD(s, a, a)
					g.VPADDD(a, isum[i], isum[i])
				}
				continue
			}
			// s = (sc_k, sc_k) per row, from the record's (sc_2p, sc_2p+1) pairs.
			if k%2 == 0 {
				g.VPSLLD(U8(16), w, tmp)
				g.VPBLENDW(U8(0xaa), tmp, w, s)
			} else {
				g.VPSRLD(U8(16), w, tmp)
				g.VPBLENDW(U8(0xaa), w, tmp, s)
			}
			for i := range n {
				for h := range 2 {
					a := acc16[h][i]
					g.VPMADDWD(s, a, a)
					g.VPADDD(a, isum[i], isum[i])
				}
			}
		}
		// isum -= 32·Σ_k sc_k·bs_k, the pairs (sc_2p, sc_2p+1)·(bs_2p, bs_2p+1).
		for p := range 8 {
			g.VPMOVSXBW(Mem{Base: RSI, Disp: 16 + 16*p}, w)
			for i := range n {
				if vnni {
					if p == 0 {
						g.VPXOR(acc16[0][i], acc16[0][i], acc16[0][i])
					}
					g.VPBROADCASTD(sums(i, 4*p), x)
					g.vexDPWSSD(acc16[0][i], w, x)
					continue
				}
				g.accumulate(p == 0, acc16[0][i], tmp, g.VPADDD, func(d VecPhysical) {
					g.VPBROADCASTD(sums(i, 4*p), d)
					g.VPMADDWD(w, d, d)
				})
			}
		}
		g.VCVTPH2PS(Mem{Base: RSI}, w)
		for i, v := range isum {
			c := acc16[0][i]
			g.VPSLLD(U8(5), c, c)
			g.VPSUBD(c, v, v)
			g.r8Scale(v, w, tmp, scale(i), facc[i], false)
		}
	}, step{RSI, q6Kr8Block}, step{RDI, 256}, step{RDX, 4}, step{R10, 32})
	g.r8Store(facc)
}
