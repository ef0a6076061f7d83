package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// q4Kr8Family is q4kr8_amd64.s: the AVX2 Q4_K kernels over weights repacked by
// eight rows (repackQ4Kr8), one for each tile of 1 to q4Kr8MaxN inputs.
func q4Kr8Family(g *gen) {
	// Per 128-bit lane of a record's 16 scale/min bytes [s0..s7 m0..m7] (both lanes): the
	// (s_r, s_r) and (m_r, m_r) word pairs of the lane's rows r (0-3 low, 4-7 high).
	var sc, mn []uint64
	for _, base := range []uint64{0, 8} {
		var t []uint64
		for lane := range uint64(2) {
			for h := range uint64(2) {
				var w uint64
				for b := range uint64(2) {
					r := base + 4*lane + 2*h + b
					w |= (r | 0x80<<8 | r<<16 | 0x80<<24) << (32 * b)
				}
				t = append(t, w)
			}
		}
		if base == 0 {
			sc = t
		} else {
			mn = t
		}
	}
	scales, mins := g.table("q4kr8Scales", sc...), g.table("q4kr8Mins", mn...)
	for n := 1; n <= q4Kr8MaxN; n++ {
		g.q4Kr8(n, q4Kr8Tables{pairs: scales, mins: mins})
	}
	// Per 128-bit lane: the scale bytes s_r of the lane's rows r as dwords.
	var sd []uint64
	for lane := range uint64(2) {
		for h := range uint64(2) {
			var w uint64
			for b := range uint64(2) {
				w |= (4*lane + 2*h + b | 0x808080<<8) << (32 * b)
			}
			sd = append(sd, w)
		}
	}
	dwords := g.table("q4kr8ScaleDwords", sd...)
	for n := 1; n <= q4Kr8MaxN; n++ {
		g.q4Kr8(n, q4Kr8Tables{dwords: dwords, mins: mins, vnni: true})
	}
}

// q4Kr8Tables are a Q4_K r8 kernel's shuffles of a sub-block's 16 scale/min bytes: the
// scales as word pairs (AVX2) or dwords (AVX-VNNI), and the mins as word pairs.
type q4Kr8Tables struct {
	pairs, dwords, mins Mem
	vnni                bool
}

const (
	q4Kr8MaxN  = 3    // inputs per call: 4 accumulators each, with 4 fixed registers, fill all 16
	q4Kr8Block = 1184 // 8 rows' super-block: 8 f16 d, 8 f16 dmin, 8 × 16 scale/min bytes, 32 × 32 quant bytes
	q4Kr8Quant = 160  // where a record's quants start
)

// q4Kr8 emits the kernel for a tile of one group of 8 repacked Q4_K rows × n inputs:
//
//	func q4_Kr8x<n>AVX2(w *byte, nb int, xq *int8, xstride int, xd *float32, dstride int, bs *int16, bstride int, out *float32, ostride int)
//
// out[ostride·i + r] = dotQ4_KGo(row r, input i), input i's Q8_K quants, scales and
// 16-value sums at xq, xd, bs plus i strides. A YMM lane is a row: quants 4t..4t+3 of
// sub-blocks 2j (low nibbles) and 2j+1 (high) are one load for all 8 rows against one
// broadcast of each input's four. Nibbles are unsigned, so VPMADDUBSW needs no sign trick,
// and the eight word sums of a sub-block add up exactly in 16 bits (8·2·15·128 < 2^15)
// before one VPMADDWD by the (scale, scale) word pairs widens and scales them. The mins
// meet the 16-value sums the same way: (m, m)·(bs_2k, bs_2k+1). The float chain is the
// reference's per row (q4KAdd): acc += isum·(d·dx), then acc -= msum·(dmin·dx).
//
// With t.vnni it emits q4_Kr8x<n>AVXVNNI, for CPUs with AVX-VNNI: one VEX VPDPBUSD a
// nibble load and input sums a sub-block's products in 32 bits (where VPMADDUBSW and VPADDW
// took two operations), and VPMULLD by the scale dwords ends the sub-block: the same
// integers, so the same bits.
func (g *gen) q4Kr8(n int, tab q4Kr8Tables) {
	set := "AVX2"
	if tab.vnni {
		set = "AVXVNNI"
	}
	quant, scale, sums := g.kr8Args(fmt.Sprintf("q4_Kr8x%d%s", n, set))

	nibble, w, lo, tmp := Y15, Y14, Y13, Y12
	acc16 := [2][]VecPhysical{{Y0, Y1, Y2}, {Y3, Y4, Y5}} // [lo, hi][input]; 32-bit sums with vnni
	isum := []VecPhysical{Y6, Y7, Y8}[:n]
	facc := []VecPhysical{Y9, Y10, Y11}[:n]
	g.nibbles(nibble)
	for _, f := range facc {
		g.VXORPS(f, f, f)
	}
	// pairs sets w = table's shuffle of sub-block k's scale/min bytes.
	pairs := func(k int, table Mem) {
		g.VBROADCASTI128(Mem{Base: RSI, Disp: 32 + 16*k}, lo)
		g.VPSHUFB(table, lo, w)
	}
	label := fmt.Sprintf("q4kr8%sx%d", set, n)
	g.loop(label, func() {
		for i := range isum {
			g.VPXOR(isum[i], isum[i], isum[i])
		}
		for j := range 4 {
			if tab.vnni {
				for _, a := range append(acc16[0][:n:n], acc16[1][:n]...) {
					g.VPXOR(a, a, a)
				}
			}
			for t := range 8 {
				g.VMOVDQU(Mem{Base: RSI, Disp: q4Kr8Quant + 256*j + 32*t}, w)
				g.VPAND(nibble, w, lo)
				g.VPSRLW(U8(4), w, w)
				g.VPAND(nibble, w, w)
				for h, q := range []VecPhysical{lo, w} {
					for i := range n {
						x := quant(i, 64*j+32*h+4*t)
						if tab.vnni {
							g.VPBROADCASTD(x, tmp)
							g.vexDPBUSD(acc16[h][i], q, tmp)
							continue
						}
						g.accumulate(t == 0, acc16[h][i], tmp, g.VPADDW, func(d VecPhysical) {
							g.VPBROADCASTD(x, d)
							g.VPMADDUBSW(d, q, d)
						})
					}
				}
			}
			for h := range 2 {
				if tab.vnni {
					pairs(2*j+h, tab.dwords)
				} else {
					pairs(2*j+h, tab.pairs)
				}
				for i := range n {
					a := acc16[h][i]
					if tab.vnni {
						g.VPMULLD(w, a, a)
					} else {
						g.VPMADDWD(w, a, a)
					}
					g.VPADDD(a, isum[i], isum[i])
				}
			}
		}
		// acc += isum·(d·dx).
		g.VCVTPH2PS(Mem{Base: RSI}, w)
		for i, s := range isum {
			g.r8Scale(s, w, tmp, scale(i), facc[i], false)
		}
		// msum = Σ_k m_k·(bs_2k + bs_2k+1), into the isum registers (one VPDPWSSD a term with vnni).
		for k := range 8 {
			pairs(k, tab.mins)
			for i, s := range isum {
				if tab.vnni {
					if k == 0 {
						g.VPXOR(s, s, s)
					}
					g.VPBROADCASTD(sums(i, 4*k), tmp)
					g.vexDPWSSD(s, w, tmp)
					continue
				}
				g.accumulate(k == 0, s, tmp, g.VPADDD, func(d VecPhysical) {
					g.VPBROADCASTD(sums(i, 4*k), d)
					g.VPMADDWD(w, d, d)
				})
			}
		}
		// acc -= msum·(dmin·dx).
		g.VCVTPH2PS(Mem{Base: RSI, Disp: 16}, w)
		for i, s := range isum {
			g.r8Scale(s, w, tmp, scale(i), facc[i], true)
		}
	}, step{RSI, q4Kr8Block}, step{RDI, 256}, step{RDX, 4}, step{R10, 32})
	g.r8Store(facc)
}

// kr8Args starts the K-quant r8 kernel name (q4_Kr8x<n>AVX2's signature) and returns the
// addresses of input i's quants, scale and 16-value sums (n <= 3: no 3-stride register).
func (g *gen) kr8Args(name string) (quant func(i, off int) Mem, scale func(i int) Mem, sums func(i, off int) Mem) {
	g.text(name, "func(w *byte, nb int, xq *int8, xstride int, xd *float32, dstride int, bs *int16, bstride int, out *float32, ostride int)")
	g.arg("w", RSI)
	g.arg("nb", RCX)
	g.arg("xq", RDI)
	g.arg("xstride", R8)
	g.arg("xd", RDX)
	g.arg("dstride", R12)
	g.arg("bs", R10)
	g.arg("bstride", R13)
	quant = func(i, off int) Mem { return inputMem(i, RDI, RDI, R8, R8, off) }
	scale = func(i int) Mem { return inputMem(i, RDX, RDX, R12, R12, 0) }
	sums = func(i, off int) Mem { return inputMem(i, R10, R10, R13, R13, off) }
	return quant, scale, sums
}
