package main

import (
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// limitsFamily: internal/bench's ceilings, the loops its offline figures are set beside. Each must
// run at the issue rate of the instructions it measures, so neither does anything else.
func limitsFamily(g *gen) {
	zmm := []VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8, Z9, Z10, Z11}
	ymm := []VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11}
	fma := func(a, b, acc VecPhysical) { g.VFMADD231PS(a, b, acc) }
	g.regLoop("fmaZMM", zmm, Z14, Z15, fma)
	g.regLoop("fmaYMM", ymm, Y14, Y15, fma)
	// The int8 twin on AVX-512 VNNI: one VPDPBUSD (64 byte products) into each accumulator.
	g.regLoop("int8ZMM", zmm, Z14, Z15, g.vpdpbusd)
	g.int8PairLoop()
	g.readYMM()
}

// int8PairLoop: the int8 ceiling without VNNI, the AVX2 Q8_0 kernels' multiplies per 32 byte
// products (VPMADDUBSW, then VPMADDWD by ones, then VPADDD) in 6 independent chains.
func (g *gen) int8PairLoop() {
	g.text("int8YMM", "func(iters int)")
	g.arg("iters", RCX)
	acc := []VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5}
	tmp := []VecPhysical{Y6, Y7, Y8, Y9, Y10, Y11}
	ones, a, b := Y13, Y14, Y15
	for _, r := range append(acc, a, b) {
		g.VPXOR(r, r, r)
	}
	g.VPCMPEQW(ones, ones, ones)
	g.VPSRLW(U8(15), ones, ones)
	g.loop("int8YMM", func() {
		for i, r := range acc {
			g.VPMADDUBSW(b, a, tmp[i])
			g.VPMADDWD(ones, tmp[i], tmp[i])
			g.VPADDD(tmp[i], r, r)
		}
	})
	g.VZEROUPPER()
	g.RET()
}

// regLoop: a register-only loop of iters iterations of op(a, b, r) into each r of acc; 12
// independent accumulators cover the 4-cycle latency of two ports, so the loop runs at the issue
// rate: for an FMA the ceiling any F32 kernel can reach.
func (g *gen) regLoop(name string, acc []VecPhysical, a, b VecPhysical, op func(a, b, acc VecPhysical)) {
	g.text(name, "func(iters int)")
	g.arg("iters", RCX)
	for _, r := range append(acc, a, b) {
		g.VXORPS(r, r, r)
	}
	g.loop(name, func() {
		for _, r := range acc {
			op(a, b, r)
		}
	})
	g.VZEROUPPER()
	g.RET()
}

// readYMM: reads n 128-byte blocks from p with 32-byte loads folded by XOR into the result, so it
// depends on every byte and the loads cannot be optimised away.
func (g *gen) readYMM() {
	g.text("readYMM", "func(p *uint64, n int) uint64")
	g.arg("p", RSI)
	g.arg("n", RCX)
	acc := []VecPhysical{Y0, Y1, Y2, Y3}
	for _, r := range acc {
		g.VPXOR(r, r, r)
	}
	g.loop("read", func() {
		for i, r := range acc {
			g.VPXOR(Mem{Base: RSI, Disp: 32 * i}, r, r)
		}
	}, step{RSI, 128})
	g.VPXOR(Y1, Y0, Y0)
	g.VPXOR(Y3, Y2, Y2)
	g.VPXOR(Y2, Y0, Y0)
	g.VMOVQ(X0, RAX)
	g.VZEROUPPER()
	g.MOVQ(RAX, g.ret())
	g.RET()
}
