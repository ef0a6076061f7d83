package main

import (
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// kquantFamily: Q4_K and Q6_K weights × Q8_K activations for decode, four weight rows (SI,
// SI+BX, SI+2BX, SI+R8 as rowMem) against one input (AVX2, AVX-512) or two (AVX-512). Each
// reproduces the pure-Go reference order exactly (dotQ4_KGo, dotQ6_KGo): the integer
// super-block sums are exact whatever the instruction order, and the float chain per
// (weight row, input) is the same sequence of separately rounded multiplies and adds, one
// SIMD lane per row.
//
// Q4_K, per super-block and row: isum = Σ_j sc_j·Σ q·x and msum = Σ_j m_j·(bsum_2j +
// bsum_2j+1), then d·isum - dmin·msum. Q6_K: Σ_g sc_g·(Σ q6·x - 32·bsum_g), q6 unsigned
// 0..63. The AVX-512 kernels hold two weight rows per zmm (row 2p in the low 256 bits, row
// 2p+1 in the high) against the input broadcast to both halves.
func kquantFamily(g *gen) {
	g.kquantTables()
	g.q4KAVX2()
	g.q6KAVX2()
	g.q4KAVX512(1)
	g.q4KAVX512(2)
	g.q6KAVX512(2)
	g.q6KAVX512(1)
}

// q4KAVX2 emits q4_Kx4AVX2 (Y14 = 0x0f bytes, Y15 = q4kPerm, X8 the accumulators).
func (g *gen) q4KAVX2() {
	g.text("q4_Kx4AVX2", kSig(1))
	g.kArgs(1, false)
	g.nibbles(Y14)
	g.VMOVDQU(g.kq.perm4, Y15)
	g.VXORPS(X8, X8, X8)
	g.loop("q4k", func() {
		g.pfk(0, 64, 128)
		for r := range 4 {
			g.rowPtr(r)
			g.q4KRow([]VecPhysical{Y0, Y1, Y2, Y3}[r], []VecPhysical{Y4, Y5, Y6, Y7}[r])
		}
		g.kred([]VecPhysical{Y0, Y1, Y2, Y3}, []VecPhysical{Y4, Y5, Y6, Y7})
		g.q4KAcc()
	}, kSteps(1, 144)...)
	g.kStore(16, X8)
}

// q4KRow sets isum and msum (8 lanes each) of the row at R10. The 6-bit scales/mins are
// unpacked in GPRs: scales 0-3 = low 6 bits of bytes 0-3, mins 0-3 = of bytes 4-7; scales
// 4-7 = low nibbles of bytes 8-11 | top bits of bytes 0-3 << 4; mins 4-7 = high nibbles of
// bytes 8-11 | top bits of bytes 4-7 << 4. Y12 = the scale words, both lanes.
func (g *gen) q4KRow(isum, msum VecPhysical) {
	g.MOVL(Mem{Base: R10, Disp: 4}, EAX)
	g.MOVL(Mem{Base: R10, Disp: 8}, R11L)
	g.MOVL(Mem{Base: R10, Disp: 12}, R12L)
	g.MOVL(EAX, R13L)
	g.ANDL(U32(0x3f3f3f3f), R13L)
	g.MOVL(R12L, R14L)
	g.ANDL(U32(0x0f0f0f0f), R14L)
	g.topBits(EAX, R14, R13)
	g.MOVL(R11L, EAX)
	g.ANDL(U32(0x3f3f3f3f), EAX)
	g.SHRL(U8(4), R12L)
	g.ANDL(U32(0x0f0f0f0f), R12L)
	g.topBits(R11L, R12, RAX)
	g.VMOVQ(R13, X12)
	g.VPMOVZXBW(X12, X12)
	g.VINSERTI128(U8(1), X12, Y12, Y12)
	g.VMOVQ(RAX, X13)
	g.VPUNPCKLBW(X13, X13, X13)
	g.VPMOVZXBW(X13, Y13)
	g.VPMADDWD(Mem{Base: R9}, Y13, msum)
	g.VPXOR(isum, isum, isum)
	for j := range 4 {
		// Sub-blocks 2j, 2j+1: the low then the high nibbles of 32 bytes.
		g.VMOVDQU(Mem{Base: R10, Disp: 16 + 32*j}, Y10)
		g.VPAND(Y14, Y10, Y11)
		g.VPSRLW(U8(4), Y10, Y10)
		g.VPAND(Y14, Y10, Y10)
		for h, nib := range []VecPhysical{Y11, Y10} {
			g.scaleDot(Mem{Base: RDI, Disp: 64*j + 32*h}, nib, g.kq.shuf4.Offset(64*j+32*h), Y12, Y9, isum)
		}
	}
}

// topBits ors the top two bits of each of a's bytes, moved to bits 4-5, into hi, then hi
// into lo's upper dword.
func (g *gen) topBits(a, hi, lo GPPhysical) {
	g.SHRL(U8(6), a)
	g.ANDL(U32(0x03030303), a)
	g.SHLL(U8(4), a)
	g.ORL(a, hi.As32())
	g.SHLQ(U8(32), hi)
	g.ORQ(hi, lo)
}

// q4KAcc: X8 += d·isum - dmin·msum of the four rows, Y0 = [isum rows 0..3 | msum rows
// 0..3] (Y15 = q4kPerm; Y1, Y2 clobbered).
func (g *gen) q4KAcc() {
	g.VCVTDQ2PS(Y0, Y0)
	g.dmin4(X1)
	g.VPERMPS(Y1, Y15, Y1)
	g.VBROADCASTSS(Mem{Base: RDX}, Y2)
	g.VMULPS(Y2, Y1, Y1)
	g.VMULPS(Y1, Y0, Y0)
	g.subMins(Y0, X1, X8)
}

// subMins: acc += s's low half (d·isum), then -= its high half (dmin·msum), through tmp.
func (g *gen) subMins(s, tmp, acc VecPhysical) {
	g.VADDPS(s.AsX(), acc, acc)
	g.VEXTRACTF128(U8(1), s, tmp)
	g.VSUBPS(tmp, acc, acc)
}

// q6KAVX2 emits q6_Kx4AVX2 (Y15 = 0x0f bytes, Y14 = 0x03, Y13 = 0x30, X11 the
// accumulators).
func (g *gen) q6KAVX2() {
	g.text("q6_Kx4AVX2", kSig(1))
	g.kArgs(1, false)
	g.nibbles(Y15)
	g.VPSRLW(U8(2), Y15, Y14)
	g.VPAND(Y15, Y14, Y14)
	g.VPSLLW(U8(4), Y14, Y13)
	g.VXORPS(X11, X11, X11)
	g.loop("q6k", func() {
		g.pfk(0, 64, 128, 192)
		for r := range 4 {
			g.rowPtr(r)
			g.q6KRow([]VecPhysical{Y0, Y1, Y2, Y3}[r])
		}
		g.hsum4(Y0, Y1, Y2, Y3)
		g.q6KFloat(X11)
	}, kSteps(1, 210)...)
	g.kStore(16, X11)
}

// q6KFloat: acc += float(X0)·(d·dx) per row (X1, X2 clobbered).
func (g *gen) q6KFloat(acc VecPhysical) {
	g.VCVTDQ2PS(X0, X0)
	g.weightScales4(208, X1)
	g.VBROADCASTSS(Mem{Base: RDX}, X2)
	g.VMULPS(X2, X1, X1)
	g.VMULPS(X1, X0, X0)
	g.VADDPS(X0, acc, acc)
}

// q6KRow sets acc (8 lanes) = Σ_g sc_g·(Σ q6·x - 32·bsum_g) of the row at R10; X12 = its
// 16 int8 scales. Each half h of 128 elements: ql at 64h, qh at 128+32h, x at 128h, chunks
// p = 4h..4h+3.
func (g *gen) q6KRow(acc VecPhysical) {
	g.VMOVDQU(Mem{Base: R10, Disp: 192}, X12)
	g.VPXOR(acc, acc, acc)
	for h := range 2 {
		g.VMOVDQU(Mem{Base: R10, Disp: 64 * h}, Y4)
		g.VMOVDQU(Mem{Base: R10, Disp: 64*h + 32}, Y5)
		g.VMOVDQU(Mem{Base: R10, Disp: 128 + 32*h}, Y6)
		for i := range 4 {
			// Y8 = the 6-bit values of chunk 4h+i: ql's nibble | qh's two bits << 4.
			switch i {
			case 0:
				g.VPAND(Y14, Y6, Y7)
				g.VPSLLW(U8(4), Y7, Y7)
				g.VPAND(Y15, Y4, Y8)
			case 1:
				g.VPSLLW(U8(2), Y6, Y7)
				g.VPAND(Y13, Y7, Y7)
				g.VPAND(Y15, Y5, Y8)
			case 2:
				g.VPSRLW(U8(4), Y4, Y8)
				g.VPAND(Y15, Y8, Y8)
				g.VPAND(Y13, Y6, Y7)
			case 3:
				g.VPSRLW(U8(4), Y5, Y8)
				g.VPAND(Y15, Y8, Y8)
				g.VPSRLW(U8(2), Y6, Y7)
				g.VPAND(Y13, Y7, Y7)
			}
			g.VPOR(Y7, Y8, Y8)
			g.VPMADDUBSW(Mem{Base: RDI, Disp: 128*h + 32*i}, Y8, Y8)
			g.VPSHUFB(g.kq.shuf6.Offset(64*h+16*i), X12, X9)
			g.VPMOVSXBW(X9, Y9)
			g.VPMADDWD(Y9, Y8, Y8)
			g.VPADDD(Y8, acc, acc)
		}
	}
	g.VPMOVSXBW(X12, Y9)
	g.VPMADDWD(Mem{Base: R9}, Y9, Y9)
	g.VPSLLD(U8(5), Y9, Y9)
	g.VPSUBD(Y9, acc, acc)
}

// loadPair sets z = [row 2p's 32 bytes at off | row 2p+1's].
func (g *gen) loadPair(p, off int, z VecPhysical) {
	g.VMOVDQU32(rowMem(2*p, off), z.AsY())
	g.VINSERTI64X4(U8(1), rowMem(2*p+1, off), z, z)
}

// pair16 sets y = [row 2p's 16 bytes at off | row 2p+1's].
func (g *gen) pair16(p, off int, y VecPhysical) {
	g.VMOVDQU32(rowMem(2*p, off), y.AsX())
	g.VINSERTI32X4(U8(1), rowMem(2*p+1, off), y, y)
}

// zero512 zeroes each register with VPXORD.
func (g *gen) zero512(regs ...VecPhysical) {
	for _, r := range regs {
		g.VPXORD(r, r, r)
	}
}

// q4KAVX512 emits q4_Kx4AVX512 (n = 1) or q4_Kx4x2AVX512 (n = 2): Z31 = 0x0f bytes,
// Z16-Z23 the q4kShuf word pickers; row pair p's scale words in Z9+p; input k's isums
// of pair p in Z(2p+k), msums in Z(4+2p+k); x lo/hi of input 0 in Z11/Z12, input 1 in
// Z13/Z15; accumulators X8 and X29.
func (g *gen) q4KAVX512(n int) {
	label := g.kz512("q4", n, true)
	for j := range 8 {
		g.VBROADCASTI32X4(g.kq.shuf4.Offset(32*j), zmm[16+j])
	}
	if n == 1 {
		g.VMOVDQU(g.kq.perm4, Y15)
	}
	accs := []VecPhysical{X8, X29}[:n]
	for _, a := range accs {
		g.VXORPS(a, a, a)
	}
	bs := [][]VecPhysical{{Z30}, {Z28, Z26}}[n-1]
	tmp := []VecPhysical{Y26, Y24}[n-1]
	g.loop(label, func() {
		g.LEAQ(Mem{Base: RSI, Index: R11, Scale: 1}, R10)
		g.prefetchR10(0, 64, 128)
		g.q4KZScMin()
		for k := range n {
			g.VBROADCASTI64X4(Mem{Base: kIn[2][k]}, bs[k])
		}
		for p := range 2 {
			// Z9+p = scale words [row 2p, row 2p, row 2p+1, row 2p+1] by lane; mins as words.
			sc, mins := Y25, Y14
			if p == 1 {
				g.VEXTRACTI64X4(U8(1), Z25, tmp)
				sc = tmp
			}
			g.VPMOVZXBW(sc, zmm[9+p])
			g.VSHUFI64X2(U8(0xa0), zmm[9+p], zmm[9+p], zmm[9+p])
			if p == 1 {
				g.VEXTRACTI64X4(U8(1), Z14, tmp)
				mins = tmp
			}
			g.VPMOVZXBW(mins, Z27)
			for k := range n {
				g.VPMADDWD(bs[k], Z27, zmm[4+2*p+k])
			}
		}
		for p := range 2 {
			for k := range n {
				g.zero512(zmm[2*p+k])
			}
		}
		for j := range 4 {
			g.q4KZChunk(n, j)
		}
		for _, k := range []int{1, 0}[2-n:] {
			// Input k's isums and msums as eight 8-lane vectors, then as q4_Kx4AVX2.
			v := make([]VecPhysical, 8)
			for i, src := range []int{k, 2 + k, 4 + k, 6 + k} {
				t := []VecPhysical{Y9, Y10, Y11, Y12}[i]
				if n == 1 {
					t = asY(zmm[src+1])
				}
				g.VEXTRACTI64X4(U8(1), zmm[src], t)
				v[2*i], v[2*i+1] = asY(zmm[src]), t
			}
			g.kred(v[:4], v[4:])
		}
		if n == 1 {
			g.q4KAcc()
			return
		}
		// Y13 = [d rows 0..3 | dmin rows 0..3].
		g.dmin4(X13)
		g.VMOVDQU(g.kq.perm4, Y14)
		g.VPERMPS(Y13, Y14, Y13)
		for k, s := range []VecPhysical{Y0, Y1} {
			g.VCVTDQ2PS(s, s)
			g.VBROADCASTSS(Mem{Base: kIn[1][k]}, Y2)
			g.VMULPS(Y2, Y13, Y2)
			g.VMULPS(Y2, s, s)
			g.subMins(s, X2, accs[k])
		}
	}, kSteps(n, 144)...)
	g.kStore(16, accs...)
}

// kz512 starts the AVX-512 kernel of type t ("q4", "q6") for n inputs: its arguments
// (kArgs) and Z31 = 0x0f bytes; it returns the labels' prefix.
func (g *gen) kz512(t string, n int, pfReg bool) string {
	name, label := t+"_Kx4AVX512", t+"kz"
	if n == 2 {
		name, label = t+"_Kx4x2AVX512", t+"kz2"
	}
	g.text(name, kSig(n))
	g.kArgs(n, pfReg)
	g.VPTERNLOGD(U8(0xff), Z31, Z31, Z31)
	g.VPSRLW(U8(12), Z31, Z31)
	g.VPACKUSWB(Z31, Z31, Z31)
	return label
}

// q4KZScMin: Z25 lane q = row q's [scales 0-7, mins 0-7] bytes; Z14 lane q = row q's mins
// as byte pairs [m0 m0 m1 m1 ...] (Z24, Z26, Z27 clobbered).
func (g *gen) q4KZScMin() {
	g.pair16(0, 4, Y24)
	g.pair16(1, 4, Y25)
	g.VINSERTI64X4(U8(1), Y25, Z24, Z24)
	g.VPSHUFD(U8(0x50), Z24, Z25)
	g.VPSHUFD(U8(0xaa), Z24, Z26)
	for _, t := range [][3]Op{{g.kq.shP, g.kq.maskP, Z25}, {g.kq.shQ, g.kq.maskQ, Z26}} {
		g.VBROADCASTI32X4(t[0], Z27)
		g.VPSRLVD(Z27, t[2], t[2])
		g.VBROADCASTI32X4(t[1], Z27)
		g.VPANDD(Z27, t[2], t[2])
	}
	g.VPORD(Z26, Z25, Z25)
	g.VPUNPCKHBW(Z25, Z25, Z14)
}

// q4KZChunk: the 64 elements of chunk j (sub-blocks 2j, 2j+1) of both row pairs against
// n inputs: the nibbles and scale words are unpacked once for both.
func (g *gen) q4KZChunk(n, j int) {
	x := [2][2]VecPhysical{{Z11, Z12}, {Z13, Z15}}
	for k := range n {
		for h := range 2 {
			g.VBROADCASTI64X4(Mem{Base: kIn[0][k], Disp: 64*j + 32*h}, x[k][h])
		}
	}
	sh := []VecPhysical{zmm[16+2*j], zmm[17+2*j]}
	for p := range 2 {
		s := zmm[9+p]
		if n == 1 {
			g.loadPair(p, 16+32*j, Z28)
			g.VPANDD(Z31, Z28, Z29)
			g.VPSRLW(U8(4), Z28, Z28)
			g.VPANDD(Z31, Z28, Z28)
			for h, nib := range []VecPhysical{Z29, Z28} {
				g.scaleDot(x[0][h], nib, sh[h], s, Z13, zmm[2*p])
			}
			continue
		}
		g.loadPair(p, 16+32*j, Z24)
		g.VPANDD(Z31, Z24, Z25)
		g.VPSRLW(U8(4), Z24, Z24)
		g.VPANDD(Z31, Z24, Z24)
		g.VPSHUFB(sh[0], s, Z26)
		g.VPSHUFB(sh[1], s, Z27)
		for k := range n {
			for h, nib := range []VecPhysical{Z25, Z24} {
				g.VPMADDUBSW(x[k][h], nib, Z28)
				g.VPMADDWD([]VecPhysical{Z26, Z27}[h], Z28, Z28)
				g.VPADDD(Z28, zmm[2*p+k], zmm[2*p+k])
			}
		}
	}
}

// q6KAVX512 emits q6_Kx4AVX512 (n = 1) or q6_Kx4x2AVX512 (n = 2): q6_Kx4AVX2's arithmetic
// with two weight rows per zmm as in q4KAVX512, the 6-bit values assembled with
// VPTERNLOGD, and each chunk's scales picked from the sign-extended scale words with
// VPERMW. Z31 = 0x0f bytes, Z30 = 0x30, Z16-Z23 the q6kzIdx tables; row pair p's scale
// words in Z9+p; input k's sums of pair p in Z(2p+4k); accumulators X8 and X15.
func (g *gen) q6KAVX512(n int) {
	label := g.kz512("q6", n, false)
	g.VPSRLW(U8(2), Z31, Z30)
	g.VPANDD(Z31, Z30, Z30)
	g.VPSLLW(U8(4), Z30, Z30)
	for i := range 8 {
		g.VMOVDQU32(g.kq.idx6.Offset(64*i), zmm[16+i])
	}
	accs := []VecPhysical{X8, X15}[:n]
	for _, a := range accs {
		g.VXORPS(a, a, a)
	}
	acc := func(p, k int) VecPhysical { return zmm[2*p+4*k] }
	g.loop(label, func() {
		g.pfk(0, 64, 128, 192)
		for p := range 2 {
			g.pair16(p, 192, Y24)
			g.VPMOVSXBW(Y24, zmm[9+p])
		}
		for k := range n {
			g.zero512(acc(0, k), acc(1, k))
		}
		for h := range 2 {
			x := [2][4]VecPhysical{{Z11, Z12, Z13, Z14}, {Z1, Z3, Z5, Z7}}
			for k := range n {
				for i := range 4 {
					g.VBROADCASTI64X4(Mem{Base: kIn[0][k], Disp: 128*h + 32*i}, x[k][i])
				}
			}
			for p := range 2 {
				g.q6KZHalf(n, h, p, x[:n], []VecPhysical{acc(p, 0), acc(p, 1)}[:n])
			}
		}
		// Subtract 32·Σ sc·bsum per row.
		for k := range n {
			for p := range 2 {
				if n == 2 || p == 0 {
					g.VBROADCASTI64X4(Mem{Base: kIn[2][k]}, Z29)
				}
				g.VPMADDWD(Z29, zmm[9+p], Z27)
				g.VPSLLD(U8(5), Z27, Z27)
				g.VPSUBD(Z27, acc(p, k), acc(p, k))
			}
		}
		for _, k := range []int{1, 0}[2-n:] {
			a := 4 * k
			g.VEXTRACTI64X4(U8(1), zmm[a], asY(zmm[a+1]))
			g.VEXTRACTI64X4(U8(1), zmm[a+2], asY(zmm[a+3]))
			g.hsum4(asY(zmm[a]), asY(zmm[a+1]), asY(zmm[a+2]), asY(zmm[a+3]))
		}
		if n == 1 {
			g.q6KFloat(X8)
			return
		}
		g.weightScales4(208, X1)
		for k, s := range []VecPhysical{X0, X4} {
			g.VCVTDQ2PS(s, s)
			g.VBROADCASTSS(Mem{Base: kIn[1][k]}, X2)
			g.VMULPS(X2, X1, X2)
			g.VMULPS(X2, s, s)
			g.VADDPS(s, accs[k], accs[k])
		}
	}, kSteps(n, 210)...)
	g.kStore(16, accs...)
}

// q6KZHalf: the 128 elements of half h for row pair p against n inputs (x chunks x[k],
// sums acc[k]): ql at 64h and 64h+32, qh at 128+32h.
func (g *gen) q6KZHalf(n, h, p int, x [][4]VecPhysical, acc []VecPhysical) {
	g.loadPair(p, 64*h, Z24)
	g.loadPair(p, 64*h+32, Z25)
	g.loadPair(p, 128+32*h, Z26)
	s := zmm[9+p]
	for i := range 4 {
		// Z27 = the 6-bit values of chunk 4h+i: VPTERNLOGD $0xf8 is A | (B & C), the
		// nibble (Z31 = 0x0f) under qh's two bits (Z30 = 0x30).
		nib := []VecPhysical{Z24, Z25, Z28, Z28}[i]
		switch i {
		case 0:
			g.VPSLLW(U8(4), Z26, Z27)
			g.VPANDD(Z30, Z27, Z27)
		case 1:
			g.VPSLLW(U8(2), Z26, Z27)
			g.VPANDD(Z30, Z27, Z27)
		case 2:
			g.VPANDD(Z30, Z26, Z27)
			g.VPSRLW(U8(4), Z24, Z28)
		case 3:
			g.VPSRLW(U8(2), Z26, Z27)
			g.VPANDD(Z30, Z27, Z27)
			g.VPSRLW(U8(4), Z25, Z28)
		}
		g.VPTERNLOGD(U8(0xf8), Z31, nib, Z27)
		idx := zmm[16+4*h+i]
		if n == 1 {
			g.VPMADDUBSW(x[0][i], Z27, Z27)
			g.VPERMW(s, idx, Z28)
			g.VPMADDWD(Z28, Z27, Z27)
			g.VPADDD(Z27, acc[0], acc[0])
			continue
		}
		g.VPERMW(s, idx, Z28)
		for k := range n {
			g.VPMADDUBSW(x[k][i], Z27, Z29)
			g.VPMADDWD(Z28, Z29, Z29)
			g.VPADDD(Z29, acc[k], acc[k])
		}
	}
}
