package main

import (
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// attnFamily: the fused attention kernels over one KV page (attn.go in internal/tensor defines
// their arithmetic), Softmax's max and float64 sum, the KV cache's F16 stores and the prefetch of
// the next page.
func attnFamily(g *gen) {
	g.scoreTilesAVX2()
	g.valueTilesAVX2()
	g.prefetchRows()
	g.maxF32()
	g.sumF64()
	g.f32sToF16()
}

// m is the address base + index*scale + disp.
func m(base, index Register, scale uint8, disp int) Mem {
	return Mem{Base: base, Index: index, Scale: scale, Disp: disp}
}

// b is the address held in base.
func b(base Register) Mem { return Mem{Base: base} }

// in is an argument of the attention kernels: loaded into r, shifted left by shl (elements
// to bytes; 0: as is) and, with r3, 3·r put in r3 (the fourth row's offset).
type in struct {
	name string
	r    GPPhysical
	shl  uint8
	r3   GPPhysical
}

// args loads the arguments in the order given.
func (g *gen) args(ins ...in) {
	for _, a := range ins {
		g.arg(a.name, a.r)
		if a.shl != 0 {
			g.SHLQ(U8(a.shl), a.r)
		}
		if a.r3 != nil {
			g.LEAQ(m(a.r, a.r, 2, 0), a.r3)
		}
	}
}
