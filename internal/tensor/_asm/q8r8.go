package main

import (
	"fmt"

	"github.com/mmcloughlin/avo/ir"

	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// q8r8Family is q8r8_amd64.s: the AVX2 and AVX-VNNI Q8_0 kernels over weights repacked by
// eight rows (repackQ8r8, repackQ8r8Biased), one for each tile of 1 to q8r8MaxN inputs.
func q8r8Family(g *gen) {
	for n := 1; n <= q8r8MaxN; n++ {
		g.q8r8AVX2(n)
	}
	for n := 1; n <= q8r8MaxN; n++ {
		g.q8r8AVXVNNI(n)
	}
}

const (
	// q8r8MaxN is the widest tile: from 7 inputs some float sums live in the frame (r8FloatSums),
	// so that one pass over the weights serves a batch of 8.
	q8r8MaxN  = 8
	q8r8Block = 272 // a block of 8 rows: 8 f16 scales, then 8 × 32 quant bytes
)

// q8r8AVX2 emits the kernel for a tile of one group of 8 repacked rows × n inputs:
//
//	func q8_0r8x<n>AVX2(w *byte, nb int, xq *int8, xstride int, xd *float32, dstride int, out *float32, ostride, pf int)
//
// out[ostride·i + r] = row r · input i, input i's quants at xq + i·xstride and its block
// scales at xd + i·dstride (bytes). A YMM lane is a row: the group's quants 4k..4k+3 are
// one load for all 8 rows and each input's four quants one broadcast, so no horizontal
// sum runs. AVX2 has no signed×signed byte product: the signs move onto the input
// (VPSIGNB) so VPMADDUBSW multiplies |w| by signed bytes; an input quant is -128 only in
// a block whose scale is NaN, which the product then is whatever the sum. The float
// chain is dotQ8_0Go's, per row: each block's sum·(dw·dx) rounded, then added.
func (g *gen) q8r8AVX2(n int) {
	quant, scale, _, steps := g.q8r8Args(fmt.Sprintf("q8_0r8x%dAVX2", n), n, false)

	ones, w, aw, tmp := Y15, Y14, Y13, Y12
	isum := []VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7}[:n]
	sums := g.r8Floats(n, tmp, Y8, Y9, Y10, Y11)
	g.VPCMPEQW(ones, ones, ones)
	g.VPSRLW(U8(15), ones, ones)
	label := fmt.Sprintf("r8x%d", n)
	g.loop(label, func() {
		for l := 0; l < q8r8Block; l += 64 {
			g.PREFETCHT0(Mem{Base: RSI, Index: RBX, Scale: 1, Disp: l})
		}
		for k := range 8 {
			g.VMOVDQU(Mem{Base: RSI, Disp: 16 + 32*k}, w)
			g.VPSIGNB(w, w, aw)
			for i, s := range isum {
				g.accumulate(k == 0, s, tmp, g.VPADDD, func(d VecPhysical) {
					g.VPBROADCASTD(quant(i, 4*k), d)
					g.VPSIGNB(w, d, d)
					g.VPMADDUBSW(d, aw, d)
					g.VPMADDWD(ones, d, d)
				})
			}
		}
		// w is free now: it holds the rows' scales.
		g.VCVTPH2PS(Mem{Base: RSI}, w)
		for i, s := range isum {
			sums.add(g, i, s, w, tmp, scale(i))
		}
	}, steps...)
	sums.store(g, isum)
}

// q8r8AVXVNNI emits q8r8AVX2's kernel for CPUs with AVX-VNNI (VPDPBUSD on YMM, VEX-encoded):
//
//	func q8_0r8x<n>AVXVNNI(w *byte, nb int, xq *int8, xstride int, xd *float32, xs *int32, dstride int, out *float32, ostride, pf int)
//
// The weights are repackQ8r8Biased's (+128: VPDPBUSD multiplies unsigned bytes by signed
// ones) and each block's sum starts at input i's -128·Σx (xs + i·dstride, bytes), so one
// VPDPBUSD does what VPSIGNB, VPMADDUBSW, VPMADDWD and VPADDD do in the AVX2 kernel, four
// products a lane into the block's int32 sum. The float chain is the same.
func (g *gen) q8r8AVXVNNI(n int) {
	quant, scale, blockSums, steps := g.q8r8Args(fmt.Sprintf("q8_0r8x%dAVXVNNI", n), n, true)
	wb, tmp, x := Y13, Y12, Y15
	isum := []VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7}[:n]
	sums := g.r8Floats(n, tmp, Y8, Y9, Y10, Y11, Y14)
	label := fmt.Sprintf("r8vnnix%d", n)
	g.loop(label, func() {
		for l := 0; l < q8r8Block; l += 64 {
			g.PREFETCHT0(Mem{Base: RSI, Index: RBX, Scale: 1, Disp: l})
		}
		for i, s := range isum {
			g.VPBROADCASTD(blockSums(i), s)
		}
		for k := range 8 {
			g.VMOVDQU(Mem{Base: RSI, Disp: 16 + 32*k}, wb)
			for i, s := range isum {
				g.VPBROADCASTD(quant(i, 4*k), x)
				g.vexDPBUSD(s, wb, x)
			}
		}
		g.VCVTPH2PS(Mem{Base: RSI}, wb)
		for i, s := range isum {
			sums.add(g, i, s, wb, tmp, scale(i))
		}
	}, steps...)
	sums.store(g, isum)
}

// r8FloatSums are an r8 kernel's per-input float sums: inputs 0..len(regs)-1 in registers, the
// rest in the frame, 32 bytes an input (16 YMM registers hold 8 int32 block sums but not 8
// float sums as well), each block's term then added in memory.
type r8FloatSums struct {
	regs []VecPhysical
	mem  Mem
}

// r8Floats zeroes the float sums of a tile of n inputs: Y6-Y11 for up to 6 inputs, else
// spare (the registers the kernel leaves free) and the frame (tmp is clobbered).
func (g *gen) r8Floats(n int, tmp VecPhysical, spare ...VecPhysical) r8FloatSums {
	regs := []VecPhysical{Y6, Y7, Y8, Y9, Y10, Y11}
	if n > len(regs) {
		regs = spare
	}
	f := r8FloatSums{regs: regs[:min(n, len(regs))]}
	for _, r := range f.regs {
		g.VXORPS(r, r, r)
	}
	if rest := n - len(f.regs); rest > 0 {
		f.mem = g.AllocLocal(32 * rest)
		g.VXORPS(tmp, tmp, tmp)
		for i := range rest {
			g.VMOVUPS(tmp, f.mem.Offset(32*i))
		}
	}
	return f
}

// add emits input i's float sum += float(sum)·(dw·dx), r8Scale's chain and operand order
// (the sum so far is the add's first operand, as the reference's acc is, which decides the
// NaN that comes out of two); sum and tmp are clobbered.
func (f r8FloatSums) add(g *gen, i int, sum, dw, tmp VecPhysical, dx Mem) {
	if i < len(f.regs) {
		g.r8Scale(sum, dw, tmp, dx, f.regs[i], false)
		return
	}
	m := f.mem.Offset(32 * (i - len(f.regs)))
	g.VCVTDQ2PS(sum, sum)
	g.VBROADCASTSS(dx, tmp)
	g.VMULPS(tmp, dw, tmp)
	g.VMULPS(tmp, sum, sum)
	g.VMOVUPS(m, tmp)
	g.VADDPS(sum, tmp, tmp)
	g.VMOVUPS(tmp, m)
}

// store ends the kernel: the float sums to out, those in the frame through the block-sum
// registers isum (free by then).
func (f r8FloatSums) store(g *gen, isum []VecPhysical) {
	out := append([]VecPhysical(nil), f.regs...)
	for i := len(f.regs); i < len(isum); i++ {
		g.VMOVUPS(f.mem.Offset(32*(i-len(f.regs))), isum[i])
		out = append(out, isum[i])
	}
	g.r8Store(out)
}

// vexDPBUSD emits the VEX (AVX-VNNI) VPDPBUSD acc, u, x: acc += Σ4 u·x per lane, u unsigned
// bytes, x signed. Go's assembler and avo know only the EVEX form, which an AVX2 CPU cannot
// run, so it is spelt as bytes (vexVNNI).
func (g *gen) vexDPBUSD(acc, u, x VecPhysical) { g.vexVNNI("VPDPBUSD", 0x50, acc, u, x) }

// vexDPWSSD emits the VEX VPDPWSSD acc, a, b: acc += Σ2 a·b per lane, signed words.
func (g *gen) vexDPWSSD(acc, a, b VecPhysical) { g.vexVNNI("VPDPWSSD", 0x52, acc, a, b) }

// vexVNNI emits the AVX-VNNI instruction name (opcode op) acc, v, m as bytes: C4, R̄X̄B̄ and
// map 0F38, W0 v̄v̄v̄v̄ L1 pp 66, op, ModRM reg acc, rm m.
func (g *gen) vexVNNI(name string, op byte, acc, v, m VecPhysical) {
	enc := func(r VecPhysical) byte { return byte(r.PhysicalIndex()) }
	a, vv, mm := enc(acc), enc(v), enc(m)
	b1 := byte(0x02) | 1<<6 // map 0F38, X̄ set
	if a < 8 {
		b1 |= 1 << 7
	}
	if mm < 8 {
		b1 |= 1 << 5
	}
	b2 := (^vv&15)<<3 | 1<<2 | 1
	g.Comment(fmt.Sprintf("%s Y%d, Y%d, Y%d (VEX)", name, mm, vv, a))
	for _, b := range []byte{0xc4, b1, b2, op, 0xc0 | (a&7)<<3 | mm&7} {
		g.Instruction(&ir.Instruction{Opcode: "BYTE", Operands: []Op{U8(b)}})
	}
}

// q8r8Args starts an r8 Q8_0 kernel of n inputs (q8_0r8x<n>AVXVNNI's signature) and returns
// the addresses of input i's quants (plus off), block scale and, withSums, its block's
// -128·Σx, and the loop's steps.
func (g *gen) q8r8Args(name string, n int, withSums bool) (quant func(i, off int) Mem, scale, sums func(i int) Mem, steps []step) {
	g.r8Args(name, "func(w *byte, nb int, xq *int8, xstride int, xd *float32, xs *int32, dstride int, out *float32, ostride, pf int)")
	g.arg("pf", RBX)
	// Inputs 3 and 5 are at 3 strides and 4+1; inputs 4.. from second bases (R10, R11, RAX).
	g.LEAQ(Mem{Base: R8, Index: R8, Scale: 2}, R9)
	g.LEAQ(Mem{Base: R12, Index: R12, Scale: 2}, R13)
	g.LEAQ(Mem{Base: RDI, Index: R8, Scale: 4}, R10)
	g.LEAQ(Mem{Base: RDX, Index: R12, Scale: 4}, R11)
	quant = func(i, off int) Mem { return inputMem(i, RDI, R10, R8, R9, off) }
	scale = func(i int) Mem { return inputMem(i, RDX, R11, R12, R13, 0) }
	steps = []step{{RSI, q8r8Block}, {RDI, 32}, {RDX, 4}}
	if n > 4 {
		steps = append(steps, step{R10, 32}, step{R11, 4})
	}
	if withSums {
		g.arg("xs", R14)
		g.LEAQ(Mem{Base: R14, Index: R12, Scale: 4}, RAX)
		sums = func(i int) Mem { return inputMem(i, R14, RAX, R12, R13, 0) }
		steps = append(steps, step{R14, 4})
		if n > 4 {
			steps = append(steps, step{RAX, 4})
		}
	}
	return quant, scale, sums, steps
}

// inputMem is input i's address plus off, inputs stride bytes apart from base, from
// base4 on for i >= 4 (stride3 = 3·stride).
func inputMem(i int, base, base4, stride, stride3 GPPhysical, off int) Mem {
	if i >= 4 {
		base, i = base4, i-4
	}
	m := Mem{Base: base, Disp: off}
	switch i {
	case 1:
		m.Index, m.Scale = stride, 1
	case 2:
		m.Index, m.Scale = stride, 2
	case 3:
		m.Index, m.Scale = stride3, 1
	}
	return m
}

// r8Scale emits acc += float(sum)·(dw·dx) per lane (acc -= with sub): dw·dx, then sum·that,
// then acc±, each rounded, the reference's operands in its order (which also fixes which
// NaN comes out when both scales are NaN). sum is converted in place; tmp is clobbered.
func (g *gen) r8Scale(sum, dw, tmp VecPhysical, dx Mem, acc VecPhysical, sub bool) {
	g.VCVTDQ2PS(sum, sum)
	g.VBROADCASTSS(dx, tmp)
	g.VMULPS(tmp, dw, tmp)
	g.VMULPS(tmp, sum, sum)
	if sub {
		g.VSUBPS(sum, acc, acc)
	} else {
		g.VADDPS(sum, acc, acc)
	}
}

// r8Store ends an r8 kernel: input i's accumulator to out + i·ostride floats.
func (g *gen) r8Store(facc []VecPhysical) {
	g.arg("out", RAX)
	g.arg("ostride", RBX)
	g.SHLQ(U8(2), RBX)
	for i, f := range facc {
		g.VMOVUPS(f, Mem{Base: RAX})
		if i < len(facc)-1 {
			g.ADDQ(RBX, RAX)
		}
	}
	g.VZEROUPPER()
	g.RET()
}

// accumulate emits step into acc itself when first, else into tmp and then add(tmp, acc,
// acc): a sum's first term needs no zeroed accumulator.
func (g *gen) accumulate(first bool, acc, tmp VecPhysical, add func(...Op), step func(d VecPhysical)) {
	if first {
		step(acc)
		return
	}
	step(tmp)
	add(tmp, acc, acc)
}
