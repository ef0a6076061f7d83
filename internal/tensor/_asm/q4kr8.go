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
	nibble, w, lo, tmp := Y15, Y14, Y13, Y12
	k := g.newKr8("q4", n, tab.vnni, tmp)
	g.nibbles(nibble)
	scales := tab.pairs
	if tab.vnni {
		scales = tab.dwords
	}
	// pairs sets w = table's shuffle of sub-block b's scale/min bytes.
	pairs := func(b int, table Mem) {
		g.VBROADCASTI128(Mem{Base: RSI, Disp: 32 + 16*b}, lo)
		g.VPSHUFB(table, lo, w)
	}
	g.loop("q4kr8"+k.set+fmt.Sprint("x", n), func() {
		k.startBlock()
		for j := range 4 {
			k.startSubSums()
			for t := range 8 {
				g.VMOVDQU(Mem{Base: RSI, Disp: q4Kr8Quant + 256*j + 32*t}, w)
				g.VPAND(nibble, w, lo)
				g.VPSRLW(U8(4), w, w)
				g.VPAND(nibble, w, w)
				for h, q := range []VecPhysical{lo, w} {
					for i := range n {
						k.product(k.acc[h][i], q, i, 64*j+32*h+4*t, t == 0)
					}
				}
			}
			for h := range 2 {
				pairs(2*j+h, scales)
				for i := range n {
					k.addScaled(k.acc[h][i], w, i)
				}
			}
		}
		// acc += isum·(d·dx).
		g.VCVTPH2PS(Mem{Base: RSI}, w)
		for i, s := range k.isum {
			g.r8Scale(s, w, tmp, k.scale(i), k.facc[i], false)
		}
		// msum = Σ_b m_b·(bs_2b + bs_2b+1), into the isum registers.
		for b := range 8 {
			pairs(b, tab.mins)
			for i, s := range k.isum {
				k.pairTerm(s, w, i, 4*b, b == 0)
			}
		}
		// acc -= msum·(dmin·dx).
		g.VCVTPH2PS(Mem{Base: RSI, Disp: 16}, w)
		for i, s := range k.isum {
			g.r8Scale(s, w, tmp, k.scale(i), k.facc[i], true)
		}
	}, kr8Steps(q4Kr8Block)...)
	g.r8Store(k.facc)
}
