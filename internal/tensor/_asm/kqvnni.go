package main

import (
	"github.com/mmcloughlin/avo/ir"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// kqVNNIFamily: AVX-512 VNNI kernels for K-quant weights against sixteen (or eight) Q8_K
// activation rows packed by packQ8Kx (one dword lane per input), for batches and prefill:
// each weight block is unpacked once per sixteen inputs. Integer sums are exact, so any
// instruction order gives the reference's isum and msum; the float chain per (row, input)
// lane is the reference's (dotQ4_KGo, dotQ6_KGo), in its order, without FMA.
//
// Record layout per super-block, L lanes (q8KxBytes(L)): 0..256L-1 quants (byte 4Lk+4i+t:
// input i, quant 4k+t), 256L the inputs' float32 scales, 260L + 4Lp: per input the int16
// pair (bsum 2p, bsum 2p+1). Rows are rowMem's; R9 = pf.
func kqVNNIFamily(g *gen) {
	shift := g.table("kqvShift", dwords(0, 0, 0, 4)...)
	mask1 := g.table("kqvMask1", dwords(0x3f3f3f3f, 0x0f0f0f0f, 0x3f3f3f3f, 0x0f0f0f0f)...)
	mask2 := g.table("kqvMask2", dwords(0, 0x30303030, 0, 0x30303030)...)
	g.q4KVNNI(16, [3]Mem{shift, mask1, mask2})
	g.q6KVNNI()
	g.q4KVNNI(8, [3]Mem{shift, mask1, mask2})
}

// kv is register i at the width of L lanes: Z for 16, Y for 8.
func kv(lanes, i int) VecPhysical {
	if lanes == 16 {
		return zmm[i]
	}
	return asY(zmm[i])
}

// kqArgs loads R9 = pf, SI = w, BX = stride, CX = nb, DI = px and R8 = 3·stride.
func (g *gen) kqArgs() {
	g.arg("pf", R9)
	g.arg("w", RSI)
	g.arg("stride", RBX)
	g.arg("nb", RCX)
	g.arg("px", RDI)
	g.LEAQ(Mem{Base: RBX, Index: RBX, Scale: 2}, R8)
}

// kqSig is the VNNI kernels' Go signature for L lanes.
func kqSig(lanes int) string {
	if lanes == 16 {
		return "func(w *byte, stride, nb int, px *byte, out *[64]float32, pf int)"
	}
	return "func(w *byte, stride, nb int, px *byte, out *[32]float32, pf int)"
}

// kqPrefetch prefetches the four rows' next super-block lines pf bytes ahead (R10
// clobbered); past the end of the matrix a prefetch never faults.
func (g *gen) kqPrefetch() {
	g.LEAQ(Mem{Base: RSI, Index: R9, Scale: 1}, R10)
	g.prefetchR10(0, 128)
}

// countdown runs body n times (n > 0), counting in DX, then advances the pointers.
func (g *gen) countdown(label string, n int, body func(), steps ...step) {
	g.MOVL(U32(n), EDX)
	g.Label(label)
	body()
	g.repeat(label, RDX, steps...)
}

// bsumDots: V(acc+r) += Σ_p (the int16 pair at sp+stride·r+4p)·(the inputs' bsum pairs
// 2p, 2p+1), by VPDPWSSD against the pair broadcast from the scratch.
func (g *gen) bsumDots(lanes int, sp Mem, stride, acc int) {
	for p := range 8 {
		g.VMOVDQU32(Mem{Base: RDI, Disp: 260*lanes + 4*lanes*p}, kv(lanes, 16))
		for r := range 4 {
			g.vpdpwssdBcst(sp.Offset(stride*r+4*p), kv(lanes, 16), kv(lanes, acc+r))
		}
	}
}

// fterm: acc = acc op float32(float32(isum) * float32(dw·dx)), dw the row's f16 at dw,
// dx the inputs' scales. V16 clobbered.
func (g *gen) fterm(lanes int, dw Mem, isum, acc VecPhysical, op func(...Op)) {
	t := kv(lanes, 16)
	g.VCVTDQ2PS(isum, isum)
	if lanes == 16 {
		g.VPBROADCASTW(dw, asY(t))
		g.VCVTPH2PS(asY(t), t)
	} else {
		g.VPBROADCASTW(dw, t.AsX())
		g.VCVTPH2PS(t.AsX(), t)
	}
	g.VMULPS(Mem{Base: RDI, Disp: 256 * lanes}, t, t)
	g.VMULPS(t, isum, isum)
	op(isum, acc, acc)
}

// q4KVNNI emits q4_Kx4x16VNNI (lanes 16) or q4_Kx4x8VNNI (8: a batch of 8 would leave
// half of the zmm kernel's lanes empty, and ymm VPDPBUSD issues on two ports where zmm
// has one, so this does the same work per input at about half the cost). Scratch: 64
// bytes per row (q4KUnpack). V31 = 0x0f bytes, V30 = 0xf0; row r's accumulators V(r),
// isums V(4+r).
func (g *gen) q4KVNNI(lanes int, tabs [3]Mem) {
	name, label := "q4_Kx4x16VNNI", "q4k"
	if lanes == 8 {
		name, label = "q4_Kx4x8VNNI", "q4k8"
	}
	g.text(name, kqSig(lanes))
	sp := g.AllocLocal(256)
	v := func(i int) VecPhysical { return kv(lanes, i) }
	g.kqArgs()
	for i, c := range []uint32{0x0f0f0f0f, 0xf0f0f0f0} {
		g.MOVL(U32(c), EAX)
		g.VPBROADCASTD(EAX, v(31-i))
	}
	g.zero512(v(0), v(1), v(2), v(3))
	g.loop(label, func() {
		g.kqPrefetch()
		for r := range 4 {
			g.q4KUnpack(rowMem(r, 4), sp.Offset(64*r), tabs)
		}
		g.zero512(v(4), v(5), v(6), v(7))
		g.LEAQ(Mem{Base: RSI, Disp: 16}, R11)
		g.MOVQ(RDI, R12)
		g.MOVQ(RSP, R13)
		g.countdown(label+"j", 4, func() {
			// Sub-blocks 2j and 2j+1: qs bytes 32j.. at R11, quants 64j.. at R12.
			g.zero512(v(8), v(9), v(10), v(11), v(12), v(13), v(14), v(15))
			for k := range 8 {
				g.q4KChunkVNNI(lanes, 4*lanes*k, 32*lanes+4*lanes*k, 4*k)
			}
			for r := range 4 {
				// isum += lo·scale 2j + (hi/16)·scale 2j+1, the row's scales at R13.
				lo, hi, isum := v(8+r), v(12+r), v(4+r)
				g.VPSRAD(U8(4), hi, hi)
				g.VPMULLD_BCST(Mem{Base: R13, Disp: 64 * r}, lo, lo)
				g.VPMULLD_BCST(Mem{Base: R13, Disp: 64*r + 4}, hi, hi)
				g.VPADDD(lo, isum, isum)
				g.VPADDD(hi, isum, isum)
			}
		}, step{R11, 32}, step{R12, 64 * lanes}, step{R13, 8})
		// msum per row: Σ_k m_k·(bsum 2k + bsum 2k+1).
		g.zero512(v(8), v(9), v(10), v(11))
		g.bsumDots(lanes, sp.Offset(32), 64, 8)
		for r := range 4 {
			g.fterm(lanes, rowMem(r, 0), v(4+r), v(r), g.VADDPS)
			g.fterm(lanes, rowMem(r, 2), v(8+r), v(r), g.VSUBPS)
		}
	}, step{RSI, 144}, step{RDI, 292 * lanes})
	g.kStore(4*lanes, v(0), v(1), v(2), v(3))
}

// q4KUnpack: the row's eight 6-bit scales and mins from its 12 packed bytes at sc
// (scaleMinK4, as ggml's kmask trick over the dwords u0 u1 u2): dst = the scales as 8
// int32, dst+32 = each min as an int16 pair (m, m), so that VPDPWSSD against (bsum 2k,
// bsum 2k+1) gives m_k·(bsum 2k + bsum 2k+1). X8..X11 clobbered.
func (g *gen) q4KUnpack(sc, dst Mem, tabs [3]Mem) {
	g.VMOVDQU(sc, X8)
	g.VPSHUFD(U8(0x98), X8, X9)
	g.VPSHUFD(U8(0x50), X8, X10)
	g.VPSRLVD(tabs[0], X9, X9)
	g.VPAND(tabs[1], X9, X9)
	g.VPSRLD(U8(2), X10, X10)
	g.VPAND(tabs[2], X10, X10)
	g.VPOR(X10, X9, X9)
	g.VPMOVZXBD(X9, Y10)
	g.VMOVDQU(Y10, dst)
	g.VPSRLDQ(U8(8), X9, X9)
	g.VPMOVZXBD(X9, Y10)
	g.VPSLLD(U8(16), Y10, Y11)
	g.VPOR(Y11, Y10, Y10)
	g.VMOVDQU(Y10, dst.Offset(32))
}

// q4KChunkVNNI: rows 0..3 lo sums V8..V11 += the low nibbles of the dword at wo(R11)
// (quants 4k.. of sub-block 2j) · the inputs' quants at xlo(R12); hi sums V12..V15 += the
// high nibbles left in place (16·q, 0..240, still VPDPBUSD's unsigned operand) · xhi(R12),
// so each weight dword costs two fused load-and-masks and no shift; the isum step divides
// the exact multiple of 16 out once per sub-block. V16..V25 clobbered.
func (g *gen) q4KChunkVNNI(lanes, xlo, xhi, wo int) {
	v := func(i int) VecPhysical { return kv(lanes, i) }
	g.VMOVDQU32(Mem{Base: R12, Disp: xlo}, v(16))
	g.VMOVDQU32(Mem{Base: R12, Disp: xhi}, v(17))
	for h := range 2 {
		for r := range 4 {
			g.VPANDD_BCST(rowAt(R11, r, wo), v(31-h), v(18+4*h+r))
		}
	}
	for h := range 2 {
		for r := range 4 {
			g.vpdpbusd(v(16+h), v(18+4*h+r), v(8+4*h+r))
		}
	}
}

// q6KVNNI emits q6_Kx4x16VNNI. Per 16-quant group g, isum += sc_g·Σ(q-32)·x =
// sc_g·Σq·x - 32·sc_g·bsum_g, q the unsigned 6-bit value (VPDPBUSD's unsigned operand).
// The accumulator starts at -32·Σ_g sc_g·bsum_g (VPDPWSSD of the (sc 2p, sc 2p+1) pairs
// against the packed bsum pairs). Scratch: 128 bytes per row, the 16 scales as int32 then
// as int16. Z31 = 0x0f bytes, Z30 = 0x30, Z29 = 0x3f; row r's accumulators Z(r), isums
// Z(4+r).
func (g *gen) q6KVNNI() {
	g.text("q6_Kx4x16VNNI", kqSig(16))
	sp := g.AllocLocal(512)
	g.kqArgs()
	for i, c := range []uint32{0x0f, 0x30, 0x3f} {
		g.MOVL(U32(c), EAX)
		g.VPBROADCASTB(EAX, zmm[31-i])
	}
	g.zero512(Z0, Z1, Z2, Z3)
	g.loop("q6k", func() {
		g.kqPrefetch()
		for r := range 4 {
			g.VPMOVSXBD(rowMem(r, 192), Z8)
			g.VMOVDQU32(Z8, sp.Offset(128*r))
			g.VPMOVSXBW(rowMem(r, 192), Y8)
			g.VMOVDQU(Y8, sp.Offset(128*r+64))
		}
		g.zero512(Z4, Z5, Z6, Z7)
		g.bsumDots(16, sp.Offset(64), 128, 4)
		g.VPXORD(Z8, Z8, Z8)
		for r := range 4 {
			g.VPSLLD(U8(5), zmm[4+r], zmm[4+r])
			g.VPSUBD(zmm[4+r], Z8, zmm[4+r])
		}
		g.MOVQ(RSI, R11)
		g.MOVQ(RSI, R12)
		g.MOVQ(RDI, R13)
		g.MOVQ(RSP, R10)
		g.countdown("q6kh", 2, func() {
			// Half h: ql bytes 64h.. at R11, qh bytes 128+32h.. at 128(R12), quants
			// 128h.. at R13, the scales of groups 8h.. at R10. Step t: ql bytes 16t..,
			// qh bytes 16(t mod 2).., quarter pair Q = t/2.
			for t := range 4 {
				g.zero512(Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15)
				for c := range 4 {
					g.q6KChunkVNNI(t/2, 16*t+4*c, 128+16*(t%2)+4*c, 256*t+64*c, 1024+256*t+64*c)
				}
				for r := range 4 {
					// isum += a·sc + b·sc, the scales at R10.
					a, b, isum := zmm[8+r], zmm[12+r], zmm[4+r]
					g.VPMULLD_BCST(Mem{Base: R10, Disp: 128*r + 4*t}, a, a)
					g.VPMULLD_BCST(Mem{Base: R10, Disp: 128*r + 16 + 4*t}, b, b)
					g.VPADDD(a, isum, isum)
					g.VPADDD(b, isum, isum)
				}
			}
		}, step{R11, 64}, step{R12, 32}, step{R13, 2048}, step{R10, 32})
		for r := range 4 {
			g.fterm(16, rowMem(r, 208), zmm[4+r], zmm[r], g.VADDPS)
		}
	}, step{RSI, 210}, step{RDI, 4672})
	g.kStore(64, Z0, Z1, Z2, Z3)
}

// q6KChunkVNNI: for the quarter pair (Q, Q+2) of half h, Q = 0 or 1, rows 0..3 sums
// Z8..Z11 += quarter Q's quants 4k.. · the inputs' at xa(R13), Z12..Z15 += quarter Q+2's
// · xb(R13). The dword at qlo(R11) holds their low 4 bits (low, high nibble of each
// byte), the one at qho(R12) their top 2 bits at bits 2Q..2Q+1 and 2Q+4..2Q+5 of each
// byte, moved to bits 4..5 by the shifts fused with the broadcasts. Z18..Z21 clobbered.
// VPTERNLOGD $0xd8 is C ? B : A (bits 4..5 from the high bits, the rest from the nibble).
func (g *gen) q6KChunkVNNI(q, qlo, qho, xa, xb int) {
	g.VMOVDQU32(Mem{Base: R13, Disp: xa}, Z16)
	g.VMOVDQU32(Mem{Base: R13, Disp: xb}, Z17)
	for r := range 4 {
		lo, hi := rowAt(R11, r, qlo), rowAt(R12, r, qho)
		g.VPANDD_BCST(lo, Z31, Z18)
		g.VPSLLD_BCST(U8(4-2*q), hi, Z20)
		g.VPTERNLOGD(U8(0xd8), Z30, Z20, Z18)
		if q == 0 {
			g.VPBROADCASTD(hi, Z19)
		} else {
			g.VPSRLD_BCST(U8(2), hi, Z19)
		}
		g.VPSRLD_BCST(U8(4), lo, Z21)
		g.VPTERNLOGD(U8(0xd8), Z30, Z19, Z21)
		g.VPANDD(Z29, Z21, Z21)
		g.vpdpbusd(Z16, Z18, zmm[8+r])
		g.vpdpbusd(Z17, Z21, zmm[12+r])
	}
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
