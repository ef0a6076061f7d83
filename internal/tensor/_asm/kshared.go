package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/attr"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The K-quant families' shared pieces (kquant.go; vnni.go uses the tables and row
// addressing too): constant tables, argument loading, stores, prefetches and the
// reductions.

// kqTables are the K-quant kernels' constant tables.
type kqTables struct {
	shuf4, perm4, shuf6, shP, maskP, shQ, maskQ, idx6 Mem
}

func (g *gen) kquantTables() {
	var shuf4, shuf6, idx6 []uint64
	for k := range uint64(8) {
		// Word k of a 128-bit lane broadcast to all eight words (the same in both lanes).
		w := rep(2*k|(2*k+1)<<8, 16)
		shuf4 = append(shuf4, w, w, w, w)
		// VPERMW indices of Q6_K chunk k: words 0-7 of each 256-bit half take scale 2k
		// of that half's row, words 8-15 scale 2k+1 (the row's 16 scale words start at
		// word 0 or 16).
		for _, i := range []uint64{2 * k, 2*k + 1, 16 + 2*k, 17 + 2*k} {
			idx6 = append(idx6, rep(i, 16), rep(i, 16))
		}
	}
	// Bytes 2p (×8) then 2p+1 (×8): the int8 scales of Q6_K chunk p's two groups.
	for i := range uint64(16) {
		shuf6 = append(shuf6, rep(i, 8))
	}
	g.kq = kqTables{
		shuf4: g.table("q4kShuf", shuf4...),
		// [d0 dm0 d1 dm1 ...] -> [d0 d1 d2 d3 dm0 dm1 dm2 dm3]
		perm4: g.table("q4kPerm", dwords(0, 2, 4, 6, 1, 3, 5, 7)...),
		shuf6: g.table("q6kShuf", shuf6...),
		// Per 128-bit lane of dwords [sc0-3, sc4-7, sc8-11, -]: shifts and masks giving
		// [scales 0-3, scales 4-7, mins 0-3, mins 4-7] (see q4KRow).
		shP:   g.table("q4kzShP", dwords(0, 2, 0, 2)...),
		maskP: g.table("q4kzMaskP", dwords(0x3f3f3f3f, 0x30303030, 0x3f3f3f3f, 0x30303030)...),
		shQ:   g.table("q4kzShQ", dwords(0, 0, 0, 4)...),
		maskQ: g.table("q4kzMaskQ", dwords(0, 0x0f0f0f0f, 0, 0x0f0f0f0f)...),
		idx6:  g.table("q6kzIdx", idx6...),
	}
}

// table emits the read-only table name of 8-byte words.
func (g *gen) table(name string, words ...uint64) Mem {
	m := g.StaticGlobal(name)
	g.DataAttributes(RODATA | NOPTR)
	for i, w := range words {
		g.AddDatum(8*i, U64(w))
	}
	return m
}

// rep repeats the bits-wide v across 64 bits.
func rep(v uint64, bits int) uint64 {
	var w uint64
	for s := 0; s < 64; s += bits {
		w |= v << s
	}
	return w
}

// dwords packs 32-bit values, little-endian, into 8-byte words.
func dwords(v ...uint64) []uint64 {
	w := make([]uint64, len(v)/2)
	for i := range w {
		w[i] = v[2*i] | v[2*i+1]<<32
	}
	return w
}

// asY is v's ymm.
func asY(v VecPhysical) VecPhysical { return v.AsY().(VecPhysical) }

// rowAt is rowMem (row r plus off) from base instead of SI.
func rowAt(base Register, r, off int) Mem {
	m := rowMem(r, off)
	m.Base = base
	return m
}

// kIn holds the per-input pointers of the decode kernels: xq, xd, bs of inputs 0 and 1.
var kIn = [3][2]GPPhysical{{RDI, R12}, {RDX, R13}, {R9, R14}}

// kSig is the decode kernels' Go signature for n inputs.
func kSig(n int) string {
	if n == 1 {
		return "func(w *byte, stride, nb int, xq *int8, xd *float32, bs *int16, out *[4]float32, pf int)"
	}
	return "func(w *byte, stride, nb int, xq0, xq1 *int8, xd0, xd1 *float32, bs0, bs1 *int16, out *[8]float32, pf int)"
}

// kArgs loads the arguments: SI = w, BX = stride, CX = nb, kIn, with pfReg R11 = pf, and
// R8 = 3·stride.
func (g *gen) kArgs(n int, pfReg bool) {
	g.arg("w", RSI)
	g.arg("stride", RBX)
	g.arg("nb", RCX)
	for i, p := range []string{"xq", "xd", "bs"} {
		for k := range n {
			if n == 2 {
				g.arg(fmt.Sprint(p, k), kIn[i][k])
			} else {
				g.arg(p, kIn[i][k])
			}
		}
	}
	if pfReg {
		g.arg("pf", R11)
	}
	g.LEAQ(Mem{Base: RBX, Index: RBX, Scale: 2}, R8)
}

// kSteps advances the weights by a super-block of blockBytes and each input's pointers.
func kSteps(n, blockBytes int) []step {
	s := []step{{RSI, blockBytes}}
	for i, bytes := range []int{256, 4, 32} {
		for k := range n {
			s = append(s, step{kIn[i][k], bytes})
		}
	}
	return s
}

// kStore stores the accumulators at out, size bytes apart, and returns.
func (g *gen) kStore(size int, accs ...VecPhysical) {
	g.arg("out", RAX)
	for i, a := range accs {
		g.VMOVUPS(a, Mem{Base: RAX, Disp: size * i})
	}
	g.VZEROUPPER()
	g.RET()
}

// pfk prefetches the four rows' bytes pf+off.. for each off (R10 clobbered): as prefetch4,
// a super-block's worth ahead of the stream.
func (g *gen) pfk(offs ...int) {
	for _, off := range offs {
		g.arg("pf", R10)
		g.ADDQ(RSI, R10)
		g.prefetchR10(off)
	}
}

// prefetchR10 prefetches the four rows at R10 plus each off.
func (g *gen) prefetchR10(offs ...int) {
	for _, off := range offs {
		for r := range 4 {
			g.PREFETCHT0(rowAt(R10, r, off))
		}
	}
}

// nibbles sets v = 0x0f bytes.
func (g *gen) nibbles(v VecPhysical) {
	g.VPCMPEQW(v, v, v)
	g.VPSRLW(U8(12), v, v)
	g.VPACKUSWB(v, v, v)
}

// hadd4 sets v[0] = [Σ of each 128-bit half of v[0], v[1], v[2], v[3]] (v[2] clobbered).
func (g *gen) hadd4(v ...VecPhysical) {
	g.VPHADDD(v[1], v[0], v[0])
	g.VPHADDD(v[3], v[2], v[2])
	g.VPHADDD(v[2], v[0], v[0])
}

// hsum4 sets v[0]'s low half = [Σv[0] Σv[1] Σv[2] Σv[3]] (X9 clobbered).
func (g *gen) hsum4(v ...VecPhysical) {
	g.hadd4(v...)
	g.VEXTRACTI128(U8(1), v[0], X9)
	g.VPADDD(X9, v[0].AsX(), v[0].AsX())
}

// kred sets r[0] = [Σr[0] .. Σr[3] | Σm[0] .. Σm[3]] of eight 8-lane int32 vectors (r[1],
// r[2] clobbered).
func (g *gen) kred(r, m []VecPhysical) {
	g.hadd4(r...)
	g.hadd4(m...)
	g.VPERM2I128(U8(0x20), m[0], r[0], r[1])
	g.VPERM2I128(U8(0x31), m[0], r[0], r[2])
	g.VPADDD(r[2], r[1], r[0])
}

// scaleDot: acc += the scale words picked from s by sh (into tmp) · (nib·x by byte pairs).
func (g *gen) scaleDot(x Op, nib VecPhysical, sh Op, s, tmp, acc VecPhysical) {
	g.VPMADDUBSW(x, nib, nib)
	g.VPSHUFB(sh, s, tmp)
	g.VPMADDWD(tmp, nib, nib)
	g.VPADDD(nib, acc, acc)
}

// rowPtr sets R10 = row r's address.
func (g *gen) rowPtr(r int) {
	if r == 0 {
		g.MOVQ(RSI, R10)
		return
	}
	g.LEAQ(rowMem(r, 0), R10)
}

// dmin4 sets x's ymm = the four rows' f16 pairs (d, dmin) as floats [d0 dm0 d1 dm1 ...].
func (g *gen) dmin4(x VecPhysical) {
	g.VMOVD(rowMem(0, 0), x)
	for r := 1; r < 4; r++ {
		g.VPINSRD(U8(r), rowMem(r, 0), x, x)
	}
	g.VCVTPH2PS(x, x.AsY())
}
