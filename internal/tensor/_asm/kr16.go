package main

import (
	"fmt"

	"github.com/mmcloughlin/avo/ir"

	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// kr16Family is kr16_amd64.s: the AVX-512 VNNI Q4_K and Q6_K kernels over weights repacked
// by sixteen rows (repackQ4Kr16, repackQ6Kr16) against 1 to kr16MaxN packQ8Kr inputs a
// call, the vnni set's decode and small batches.
func kr16Family(g *gen) {
	// VPSHUFB picks per 128-bit lane L (rows 4L..4L+3) of the broadcast 16 min bytes the
	// word pairs (m_r, m_r), zero-extended.
	var t []uint64
	for lane := range uint64(4) {
		for h := range uint64(2) {
			var w uint64
			for b := range uint64(2) {
				r := 4*lane + 2*h + b
				w |= (r | 0x80<<8 | r<<16 | 0x80<<24) << (32 * b)
			}
			t = append(t, w)
		}
	}
	mins := g.table("kr16Mins", t...)
	for n := 1; n <= kr16MaxN; n++ {
		g.q4Kr16VNNI(n, mins)
	}
	for n := 1; n <= kr16MaxN; n++ {
		g.q6Kr16VNNI(n)
	}
}

const (
	kr16MaxN     = 8    // inputs per call: 3 accumulators each, 8 fixed registers
	q4Kr16Block  = 2368 // 16 rows' super-block: 16 f16 d, 16 f16 dmin, 8 × (16 scales, 16 mins), 32 × 64 quant bytes
	q4Kr16Quant  = 320  // where a record's quants start
	q6Kr16Block  = 4384 // 16 rows' super-block: 16 f16 d, 8 × 32 scale pair bytes, 64 × 64 quant bytes
	q6Kr16Quant  = 288
	kr16PerInput = 292 // a packQ8Kr record's bytes per input: 256 quants, dx, 8 (bs 2p, bs 2p+1) pairs
)

// kr16Args starts a kernel of the kr16 signature and loads SI = w, CX = nb, DI = px, R10 = pf:
//
//	func <name>(w *byte, nb int, px *byte, out *float32, ostride, pf int)
func (g *gen) kr16Args(name string) {
	g.text(name, "func(w *byte, nb int, px *byte, out *float32, ostride, pf int)")
	g.arg("w", RSI)
	g.arg("nb", RCX)
	g.arg("px", RDI)
	g.arg("pf", R10)
}

// kr16Prefetch prefetches the record of block bytes pf bytes ahead (R10), a line at a time.
func (g *gen) kr16Prefetch(block int) {
	for l := 0; l < block; l += 64 {
		g.PREFETCHT0(Mem{Base: RSI, Index: R10, Scale: 1, Disp: l})
	}
}

// kr16Float emits acc = acc op float32(float32(isum)·float32(dw·dx_i)) for each input i,
// dw the rows' scales as floats, dx_i input i's at px+292i+256, t clobbered: the
// reference's chain (q4KAdd, q6KAdd), in its operand order.
func (g *gen) kr16Float(isum, acc []VecPhysical, dw, t VecPhysical, op func(...Op)) {
	for i := range isum {
		g.VCVTDQ2PS(isum[i], isum[i])
		g.VMULPS_BCST(Mem{Base: RDI, Disp: kr16PerInput*i + 256}, dw, t)
		g.VMULPS(t, isum[i], isum[i])
		op(isum[i], acc[i], acc[i])
	}
}

// q4Kr16VNNI emits the kernel for n packQ8Kr inputs against one group of 16 repacked Q4_K
// rows:
//
//	func q4_Kr16x<n>VNNI(w *byte, nb int, px *byte, out *float32, ostride, pf int)
//
// out[ostride·i + r] = dotQ4_KGo(row r, input i) bit for bit. A ZMM lane is a row: the
// group's quant bytes 4t..4t+3 of a sub-block pair are one load for all 16 rows, masked
// to the low nibbles (sub-block 2j) or left in place as 16·q (2j+1), VPDPBUSD's unsigned
// operand, against each input's four quants broadcast from memory, so nothing shuffles
// in the inner loop. Each sub-block's sum is exact in 32 bits, shifted back by 4 for the
// high nibbles and multiplied by the rows' scales (VPMULLD); the mins meet the 16-value
// sums as (m, m)·(bs 2k, bs 2k+1) pairs in VPDPWSSD. The float chain is q4KAdd's.
func (g *gen) q4Kr16VNNI(n int, mins Mem) {
	name := fmt.Sprintf("q4_Kr16x%dVNNI", n)
	g.kr16Args(name)
	sub := zmm[0:n]        // a sub-block's sums, then the mins' sums
	isum := zmm[8 : 8+n]   // per input
	facc := zmm[16 : 16+n] // per input
	q, s, t, mm, tab := Z25, Z26, Z27, Z28, Z29
	for i, c := range []uint32{0x0f0f0f0f, 0xf0f0f0f0} {
		g.MOVL(U32(c), EAX)
		g.VPBROADCASTD(EAX, zmm[31-i])
	}
	g.VMOVDQU64(mins, tab)
	g.zero512(facc...)
	label := fmt.Sprintf("q4kr16x%d", n)
	g.loop(label, func() {
		g.kr16Prefetch(q4Kr16Block)
		g.zero512(isum...)
		g.LEAQ(Mem{Base: RSI, Disp: q4Kr16Quant}, R11)
		g.MOVQ(RDI, R12)
		g.LEAQ(Mem{Base: RSI, Disp: 64}, R13)
		g.countdown(label+"j", 4, func() {
			// Sub-blocks 2j (h 0) and 2j+1 (h 1): quant bytes at R11, the inputs' quants
			// 64j.. at R12, the rows' scales at R13.
			for h := range 2 {
				g.zero512(sub...)
				for tt := range 8 {
					g.VPANDD(Mem{Base: R11, Disp: 64 * tt}, zmm[31-h], q)
					for i := range n {
						g.vpdpbusdBcst(Mem{Base: R12, Disp: kr16PerInput*i + 32*h + 4*tt}, q, sub[i])
					}
				}
				g.VPMOVZXBD(Mem{Base: R13, Disp: 32 * h}, s)
				for i := range n {
					if h == 1 {
						g.VPSRAD(U8(4), sub[i], sub[i])
					}
					g.VPMULLD(s, sub[i], sub[i])
					g.VPADDD(sub[i], isum[i], isum[i])
				}
			}
		}, step{R11, 512}, step{R12, 64}, step{R13, 64})
		// msum = Σ_k m_k·(bs 2k + bs 2k+1), into the sub registers.
		g.zero512(sub...)
		for k := range 8 {
			g.VBROADCASTI32X4(Mem{Base: RSI, Disp: 80 + 32*k}, mm)
			g.VPSHUFB(tab, mm, mm)
			for i := range n {
				g.vpdpwssdBcst(Mem{Base: RDI, Disp: kr16PerInput*i + 260 + 4*k}, mm, sub[i])
			}
		}
		g.VCVTPH2PS(Mem{Base: RSI}, s)
		g.kr16Float(isum, facc, s, t, g.VADDPS)
		g.VCVTPH2PS(Mem{Base: RSI, Disp: 32}, s)
		g.kr16Float(sub, facc, s, t, g.VSUBPS)
	}, step{RSI, q4Kr16Block}, step{RDI, kr16PerInput * n})
	g.r8Store(facc)
}

// q6Kr16VNNI emits q6_Kr16x<n>VNNI, q4_Kr16x<n>VNNI for Q6_K rows repacked by
// repackQ6Kr16: out[ostride·i + r] = dotQ6_KGo(row r, input i) bit for bit. The quants
// are bytes q+32 (0..63), VPDPBUSD's unsigned operand as loaded; a 16-value group's sum
// times its scale (VPMULLD) is exact, and isum = Σ_k sc_k·Σ(q+32)·x − 32·Σ_k sc_k·bs_k,
// the second term by VPDPWSSD of the (sc 2p, sc 2p+1) pairs against the (bs 2p, bs 2p+1)
// ones. The float chain is q6KAdd's.
func (g *gen) q6Kr16VNNI(n int) {
	name := fmt.Sprintf("q6_Kr16x%dVNNI", n)
	g.kr16Args(name)
	grp := zmm[0:n]
	isum := zmm[8 : 8+n]
	facc := zmm[16 : 16+n]
	w, s, pr, t := Z24, Z25, Z26, Z27
	g.zero512(facc...)
	label := fmt.Sprintf("q6kr16x%d", n)
	g.loop(label, func() {
		g.kr16Prefetch(q6Kr16Block)
		g.zero512(isum...)
		g.LEAQ(Mem{Base: RSI, Disp: q6Kr16Quant}, R11)
		g.MOVQ(RDI, R12)
		g.LEAQ(Mem{Base: RSI, Disp: 32}, R13)
		g.countdown(label+"p", 8, func() {
			// Groups 2p (h 0) and 2p+1: quants 32p.. at R11 (64 bytes each of the 16
			// rows' four), the inputs' quants at R12, the rows' scale pairs at R13.
			g.VPMOVSXBW(Mem{Base: R13}, pr)
			for h := range 2 {
				if h == 0 {
					g.VPSLLD(U8(16), pr, s)
					g.VPSRAD(U8(16), s, s)
				} else {
					g.VPSRAD(U8(16), pr, s)
				}
				g.zero512(grp...)
				for c := range 4 {
					g.VMOVDQU32(Mem{Base: R11, Disp: 256*h + 64*c}, w)
					for i := range n {
						g.vpdpbusdBcst(Mem{Base: R12, Disp: kr16PerInput*i + 16*h + 4*c}, w, grp[i])
					}
				}
				for i := range n {
					g.VPMULLD(s, grp[i], grp[i])
					g.VPADDD(grp[i], isum[i], isum[i])
				}
			}
		}, step{R11, 512}, step{R12, 32}, step{R13, 32})
		// isum -= 32·Σ_p (sc 2p, sc 2p+1)·(bs 2p, bs 2p+1).
		g.zero512(grp...)
		for p := range 8 {
			g.VPMOVSXBW(Mem{Base: RSI, Disp: 32 + 32*p}, pr)
			for i := range n {
				g.vpdpwssdBcst(Mem{Base: RDI, Disp: kr16PerInput*i + 260 + 4*p}, pr, grp[i])
			}
		}
		for i := range n {
			g.VPSLLD(U8(5), grp[i], grp[i])
			g.VPSUBD(grp[i], isum[i], isum[i])
		}
		g.VCVTPH2PS(Mem{Base: RSI}, s)
		g.kr16Float(isum, facc, s, t, g.VADDPS)
	}, step{RSI, q6Kr16Block}, step{RDI, kr16PerInput * n})
	g.r8Store(facc)
}

// countdown runs body n times (n > 0), counting in DX, then advances the pointers.
func (g *gen) countdown(label string, n int, body func(), steps ...step) {
	g.MOVL(U32(n), EDX)
	g.Label(label)
	body()
	g.repeat(label, RDX, steps...)
}

// vpdpwssdBcst emits VPDPWSSD.BCST m, x, acc (acc += Σ2 of the int16 pairs of x times
// the pair at m, broadcast), which this avo does not know.
func (g *gen) vpdpwssdBcst(m Mem, x, acc VecPhysical) {
	g.Instruction(&ir.Instruction{
		Opcode:   "VPDPWSSD",
		Suffixes: []string{"BCST"},
		Operands: []Op{m, x, acc},
		Inputs:   []Op{m, x, acc},
		Outputs:  []Op{acc},
		ISA:      []string{"AVX512_VNNI"},
	})
}
