package main

import (
	"fmt"

	"github.com/mmcloughlin/avo/ir"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// q8r16Family is q8r16_amd64.s: the Q8_0 kernels over weights repacked by sixteen rows
// (repackQ8r16), one for each batch of 1 to q8r16MaxN inputs.
func q8r16Family(g *gen) {
	for n := 1; n <= q8r16MaxN; n++ {
		g.q8r16VNNI(n, 1)
		g.q8r16VNNI(n, 2)
		if n <= 4 {
			g.q8r16VNNI(n, 4)
		}
	}
}

const (
	q8r16MaxN     = 8   // inputs per call
	q8r16Block    = 544 // a block of 16 rows: 16 f16 scales, then 8 × 64 quant bytes
	q8r16PerInput = 40  // a packQ8r record's bytes per input: 32 quants, dx, -128·Σx
)

// q8r16VNNI emits the kernel for n inputs of a packQ8r record against one group of 16
// repacked rows:
//
//	func q8_0r16x<n>VNNI(w *byte, nb int, px *byte, out *float32, ostride, pf int)
//
// out[ostride·i + r] = row r · input i. A ZMM lane is a row: the group's quants 4k..4k+3
// (already biased by +128, VPDPBUSD's unsigned operand) are one load for all 16 rows,
// and each input's four quants a broadcast memory operand, so no shuffle runs at all. The
// float chain is dotQ8_0Go's, per row: each block's sum·(dw·dx) rounded, then added.
func (g *gen) q8r16VNNI(n, streams int) {
	name := fmt.Sprintf("q8_0r16x%dVNNI", n)
	if streams > 1 {
		name = fmt.Sprintf("q8_0r16x%ds%dVNNI", n, streams)
	}
	g.text(name, "func(w *byte, gstride, nb int, px *byte, out *float32, ostride, rstride, pf int)")
	g.args(in{name: "w", r: RSI}, in{name: "gstride", r: R11}, in{name: "nb", r: RCX}, in{name: "px", r: RDI}, in{name: "pf", r: R10})
	wk := []VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7}
	dw, t := Z8, Z9
	acc := []VecPhysical{Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23, Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31}
	s := []VecPhysical{Z10, Z11, Z12, Z13, Z14, Z15}
	g.LEAQ(Mem{Base: R11, Index: R11, Scale: 2}, R12)
	for i := range n * streams {
		g.VPXORD(acc[i], acc[i], acc[i])
	}
	label := fmt.Sprintf("r16x%ds%d", n, streams)
	g.loop(label, func() {
		for st := range streams {
			at := func(d int) Mem {
				switch st {
				case 0:
					return Mem{Base: RSI, Disp: d}
				case 1, 2:
					return Mem{Base: RSI, Index: R11, Scale: uint8(st), Disp: d}
				}
				return Mem{Base: RSI, Index: R12, Scale: 1, Disp: d}
			}
			g.LEAQ(at(0), RAX)
			for l := 0; l < q8r16Block; l += 64 {
				g.PREFETCHT0(Mem{Base: RAX, Index: R10, Scale: 1, Disp: l})
			}
			g.VCVTPH2PS(at(0), dw)
			for k, w := range wk {
				g.VMOVDQU32(at(32+64*k), w)
			}
			for i := range n {
				si := s[i%len(s)]
				g.VPBROADCASTD(Mem{Base: RDI, Disp: 36*n + 4*i}, si)
				for k, w := range wk {
					g.vpdpbusdBcst(Mem{Base: RDI, Disp: 32*i + 4*k}, w, si)
				}
				g.VCVTDQ2PS(si, si)
				g.VMULPS_BCST(Mem{Base: RDI, Disp: 32*n + 4*i}, dw, t)
				g.VMULPS(t, si, si)
				g.VADDPS(si, acc[st*n+i], acc[st*n+i])
			}
		}
	}, step{RSI, q8r16Block}, step{RDI, q8r16PerInput * n})
	g.arg("ostride", RBX)
	g.SHLQ(U8(2), RBX)
	for st := range streams {
		g.arg("out", RAX)
		if st > 0 {
			g.arg("rstride", RDX)
			g.IMUL3Q(U32(st*4), RDX, RDX)
			g.ADDQ(RDX, RAX)
		}
		for i := range n {
			g.VMOVUPS(acc[st*n+i], Mem{Base: RAX})
			if i < n-1 {
				g.ADDQ(RBX, RAX)
			}
		}
	}
	g.VZEROUPPER()
	g.RET()
}

// vpdpbusdBcst emits VPDPBUSD.BCST x, u, acc: acc += Σ4 u·x with x's dword (signed
// bytes) broadcast to every lane.
func (g *gen) vpdpbusdBcst(x Mem, u, acc VecPhysical) {
	g.Instruction(&ir.Instruction{
		Opcode:   "VPDPBUSD",
		Suffixes: []string{"BCST"},
		Operands: []Op{x, u, acc},
		Inputs:   []Op{x, u, acc},
		Outputs:  []Op{acc},
		ISA:      []string{"AVX512_VNNI"},
	})
}

// vpdpbusd emits VPDPBUSD x, u, acc (acc += Σ4 u·x, u unsigned bytes, x signed), which
// this avo does not know.
func (g *gen) vpdpbusd(x, u, acc VecPhysical) {
	g.Instruction(&ir.Instruction{
		Opcode:   "VPDPBUSD",
		Operands: []Op{x, u, acc},
		Inputs:   []Op{x, u, acc},
		Outputs:  []Op{acc},
		ISA:      []string{"AVX512_VNNI"},
	})
}
