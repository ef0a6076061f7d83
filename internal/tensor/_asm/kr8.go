package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// kr8 is one Q4_K or Q6_K kernel over rows repacked by eight being emitted, AVX2 or AVX-VNNI:
// its inputs' addresses, registers and the steps both families share. A tile of n <= 3
// inputs holds two sums an input (Y0-Y5: 16-bit on AVX2, 32-bit with vnni), its int32
// super-block sums (Y6-Y8) and float sums (Y9-Y11).
type kr8 struct {
	*gen
	n           int
	vnni        bool
	set         string // AVX2 or AVXVNNI, the kernel name's suffix
	quant, sums func(i, off int) Mem
	scale       func(i int) Mem
	tmp         VecPhysical
	acc         [2][]VecPhysical
	isum, facc  []VecPhysical
}

// newKr8 starts the kernel <family>_Kr8x<n><set> with the float sums zeroed; tmp is its
// scratch register.
func (g *gen) newKr8(family string, n int, vnni bool, tmp VecPhysical) *kr8 {
	k := &kr8{gen: g, n: n, vnni: vnni, set: "AVX2", tmp: tmp,
		acc:  [2][]VecPhysical{[]VecPhysical{Y0, Y1, Y2}[:n], []VecPhysical{Y3, Y4, Y5}[:n]},
		isum: []VecPhysical{Y6, Y7, Y8}[:n], facc: []VecPhysical{Y9, Y10, Y11}[:n]}
	if vnni {
		k.set = "AVXVNNI"
	}
	k.quant, k.scale, k.sums = g.kr8Args(fmt.Sprintf("%s_Kr8x%d%s", family, n, k.set))
	for _, f := range k.facc {
		g.VXORPS(f, f, f)
	}
	return k
}

// startBlock zeroes the int32 super-block sums.
func (k *kr8) startBlock() {
	for _, a := range k.isum {
		k.VPXOR(a, a, a)
	}
}

// startSubSums zeroes, with vnni, the 32-bit sums of a sub-block (group); AVX2's first
// product of a sum writes it, so there is nothing to do.
func (k *kr8) startSubSums() {
	if !k.vnni {
		return
	}
	for _, half := range k.acc {
		for _, a := range half {
			k.VPXOR(a, a, a)
		}
	}
}

// product emits acc (+)= q · input i's four quants at off, per lane: VPMADDUBSW and VPADDW
// into 16 bits, or one VEX VPDPBUSD into 32 (first: acc starts here, AVX2 only).
func (k *kr8) product(acc, q VecPhysical, i, off int, first bool) {
	x := k.quant(i, off)
	if k.vnni {
		k.VPBROADCASTD(x, k.tmp)
		k.vexDPBUSD(acc, q, k.tmp)
		return
	}
	k.accumulate(first, acc, k.tmp, k.VPADDW, func(d VecPhysical) {
		k.VPBROADCASTD(x, d)
		k.VPMADDUBSW(d, q, d)
	})
}

// pairTerm emits acc (+)= the word pairs w · input i's two 16-value sums at off, per lane:
// VPMADDWD and VPADDD, or one VEX VPDPWSSD (first: acc starts here).
func (k *kr8) pairTerm(acc, w VecPhysical, i, off int, first bool) {
	if k.vnni {
		if first {
			k.VPXOR(acc, acc, acc)
		}
		k.VPBROADCASTD(k.sums(i, off), k.tmp)
		k.vexDPWSSD(acc, w, k.tmp)
		return
	}
	k.accumulate(first, acc, k.tmp, k.VPADDD, func(d VecPhysical) {
		k.VPBROADCASTD(k.sums(i, off), d)
		k.VPMADDWD(w, d, d)
	})
}

// addScaled emits isum[i] += s·a per lane, a clobbered: s the (scale, scale) word pairs
// against a's 16-bit sums (VPMADDWD), or with vnni the scale dwords against its 32-bit ones
// (VPMULLD).
func (k *kr8) addScaled(a, s VecPhysical, i int) {
	if k.vnni {
		k.VPMULLD(s, a, a)
	} else {
		k.VPMADDWD(s, a, a)
	}
	k.VPADDD(a, k.isum[i], k.isum[i])
}

// kr8Args starts the K-quant r8 kernel name (q4_Kr8x<n>AVX2's signature) and returns the
// addresses of input i's quants, scale and 16-value sums (n <= 3: no 3-stride register).
func (g *gen) kr8Args(name string) (quant func(i, off int) Mem, scale func(i int) Mem, sums func(i, off int) Mem) {
	g.r8Args(name, "func(w *byte, nb int, xq *int8, xstride int, xd *float32, dstride int, bs *int16, bstride int, out *float32, ostride int)")
	g.arg("bs", R10)
	g.arg("bstride", R13)
	quant = func(i, off int) Mem { return inputMem(i, RDI, RDI, R8, R8, off) }
	scale = func(i int) Mem { return inputMem(i, RDX, RDX, R12, R12, 0) }
	sums = func(i, off int) Mem { return inputMem(i, R10, R10, R13, R13, off) }
	return quant, scale, sums
}

// r8Args starts the r8 kernel name of signature sig with the arguments every r8 kernel has:
// the weights in RSI, the block count in RCX, the inputs' quants and stride in RDI and R8,
// their scales and stride in RDX and R12.
func (g *gen) r8Args(name, sig string) {
	g.text(name, sig)
	g.arg("w", RSI)
	g.arg("nb", RCX)
	g.arg("xq", RDI)
	g.arg("xstride", R8)
	g.arg("xd", RDX)
	g.arg("dstride", R12)
}

// kr8Steps are the kernels' pointer steps a super-block of block bytes.
func kr8Steps(block int) []step {
	return []step{{RSI, block}, {RDI, 256}, {RDX, 4}, {R10, 32}}
}
