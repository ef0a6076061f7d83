package tensor

import (
	"fmt"
	"unsafe"
)

// LowRankDelta sets each of n rows of d to a low-rank product (a LoRA delta, unscaled):
//
//	d[i·Out+o] = Σ_k float32(ax[i·R+k] · B[k][o])
//	ax[i·R+k] = DotF32(a[k·In:(k+1)·In], x[i·In:(i+1)·In])
//
// for R = rank rank rows of a (In columns each) and B (Out columns each: B held transposed),
// bP holding B in panels (PanelLowRankB); the sum over k runs in order from 0 with each product
// rounded on its own. ax is the caller's scratch (n·rank floats) and receives A·x. The caller
// adds the delta to the base product's row as Axpy(out, scale, d): out + float32(scale·d).
//
// Every row's result depends on that row alone, in a fixed order, so it is the same bits
// whatever n, the other rows or the kernel set. It panics if the shapes do not fit.
func LowRankDelta(d, x []float32, n int, a, bP []float32, rank int, ax []float32) {
	if n == 0 {
		return
	}
	in, width := lowRankShape(len(a), len(bP), rank)
	checkLowRank("LowRankDelta", d, x, ax, n, in, width, rank)
	prefetchHead(unsafe.Pointer(&bP[0]), 4*rank*min(width, LowRankPanel))
	k := activeKernels.Load()
	k.dotsF32(ax[:n*rank], a, x[:n*in], rank, n)
	k.lowRankUp(d[:n*width], bP, ax[:n*rank], rank, n)
}

// LowRankDeltaF16 is LowRankDelta with a and bP held as halves (F16): each weight is widened
// to float32 and the products and sums are LowRankDelta's, so the result is the bits
// LowRankDelta gives on the widened values (a lossless way to halve the bytes a step reads).
func LowRankDeltaF16(d, x []float32, n int, a, bP []uint16, rank int, ax []float32) {
	if n == 0 {
		return
	}
	in, width := lowRankShape(len(a), len(bP), rank)
	checkLowRank("LowRankDeltaF16", d, x, ax, n, in, width, rank)
	prefetchHead(unsafe.Pointer(&bP[0]), 2*rank*min(width, LowRankPanel))
	k := activeKernels.Load()
	k.dotsF16(ax[:n*rank], a, x[:n*in], rank, n)
	k.lowRankUpF16(d[:n*width], bP, ax[:n*rank], rank, n)
}

// LowRankPanel is how many columns of B one panel holds (PanelLowRankB): the lowRankUp
// kernels' chunk of outputs, for which they read the rank rows' 64 weights one row after the
// other. In panels, B is read in one sequential run. Held row after row instead, the rows of a
// wide projection lie a multiple of 4 KB apart, so a chunk's lines (and those prefetched ahead
// of it) map to the same few L1 sets and evict each other, and each row is a run of its own.
const LowRankPanel = 64

// PanelLowRankB returns B (rank rows of len(b)/rank columns, row after row) in panels: the
// columns in groups of LowRankPanel (the last group what is left), each group's rank rows end to
// end, the groups in column order. LowRankPanelIndex says where each value goes.
func PanelLowRankB[T float32 | uint16](b []T, rank int) []T {
	width := len(b) / rank
	p := make([]T, len(b))
	for k := range rank {
		for o := range width {
			p[LowRankPanelIndex(k, o, rank, width)] = b[k*width+o]
		}
	}
	return p
}

// LowRankPanelIndex is the index of B[k][o] in PanelLowRankB's layout of rank rows of width.
func LowRankPanelIndex(k, o, rank, width int) int {
	c0 := o - o%LowRankPanel
	return c0*rank + k*min(LowRankPanel, width-c0) + o - c0
}

// prefetchHead has B's first panel (panelBytes) fetched while A·x is computed: lowRankUp's
// kernels prefetch a few lines ahead of their reads, and the hardware prefetcher follows the
// run once it has seen it, so without this B's head would be read cold.
func prefetchHead(bP unsafe.Pointer, panelBytes int) {
	prefetchRows((*byte)(bP), 0, 1, panelBytes)
}

// checkLowRank panics unless d, x and ax hold n rows of a low-rank product in→width of rank.
func checkLowRank(name string, d, x, ax []float32, n, in, width, rank int) {
	if n < 0 || len(x) < n*in || len(d) < n*width || len(ax) < n*rank {
		panic(fmt.Sprintf("tensor: %s %d→%d, rank %d, n=%d: len(x)=%d, len(d)=%d, len(ax)=%d",
			name, in, width, rank, n, len(x), len(d), len(ax)))
	}
}

// lowRankShape returns a low-rank pair's input and output widths, or panics when its lengths
// do not fit the rank.
func lowRankShape(aLen, bLen, rank int) (in, width int) {
	if rank <= 0 || aLen%rank != 0 || bLen%rank != 0 || aLen == 0 || bLen == 0 {
		panic(fmt.Sprintf("tensor: low-rank product of rank %d with %d and %d weights", rank, aLen, bLen))
	}
	return aLen / rank, bLen / rank
}

// dotsF32Go sets out[i·rows+k] = DotF32(row k of w, input row i) for n inputs of
// len(w)/rows columns.
func dotsF32Go(out, w, x []float32, rows, n int) {
	cols := len(w) / rows
	for i := range n {
		xi := x[i*cols : (i+1)*cols]
		for k := range rows {
			out[i*rows+k] = dotF32sGo(w[k*cols:(k+1)*cols], xi)
		}
	}
}

// lowRankUpGo sets d[i·W+o] = Σ_k float32(ax[i·rank+k]·B[k][o]) in order k = 0..rank-1 from
// 0, for the n rows of W = len(bP)/rank columns, B in panels (PanelLowRankB).
func lowRankUpGo(d, bP, ax []float32, rank, n int) {
	lowRankUpCols(d, bP, ax, rank, n, 0)
}

// lowRankUpCols is lowRankUpGo on columns c0 onwards (the vector kernels' remainder).
func lowRankUpCols(d, bP, ax []float32, rank, n, c0 int) {
	lowRankUpPanels(d, bP, ax, rank, n, c0, func(v float32) float32 { return v })
}

// lowRankUpPanels is lowRankUpGo on columns c0 onwards (c0 a panel's first), each weight
// widened by widen: a panel at a time, each column's rank weights at the panel's stride.
func lowRankUpPanels[T float32 | uint16](d []float32, bP []T, ax []float32, rank, n, c0 int, widen func(T) float32) {
	width := len(bP) / rank
	for p0 := c0; p0 < width; p0 += LowRankPanel {
		pw := min(LowRankPanel, width-p0)
		panel := bP[p0*rank : (p0+pw)*rank]
		for i := range n {
			o, a := d[i*width+p0:i*width+p0+pw], ax[i*rank:(i+1)*rank]
			for c := range o {
				var s float32
				for k, ak := range a {
					s += float32(ak * widen(panel[k*pw+c]))
				}
				o[c] = s
			}
		}
	}
}

// dotsF16Go is dotsF32Go on half weights, each widened: dotF32sGo's lanes, fold and tail.
func dotsF16Go(out []float32, w []uint16, x []float32, rows, n int) {
	cols := len(w) / rows
	for i := range n {
		xi := x[i*cols : (i+1)*cols]
		for k := range rows {
			out[i*rows+k] = dotF16sGo(w[k*cols:(k+1)*cols], xi)
		}
	}
}

// dotF16sGo is dotF32sGo(widened w, x).
func dotF16sGo(w []uint16, x []float32) float32 {
	tab := f16Table()
	x = x[:len(w)]
	var acc [16]float32
	n := len(w) &^ 15
	for i := 0; i < n; i += 16 {
		for k := range 16 {
			acc[k] += float32(tab[w[i+k]] * x[i+k])
		}
	}
	s := fold16(&acc)
	for i := n; i < len(w); i++ {
		s += float32(tab[w[i]] * x[i])
	}
	return s
}

// lowRankUpF16Go is lowRankUpGo on half weights, each widened.
func lowRankUpF16Go(d []float32, bP []uint16, ax []float32, rank, n int) {
	lowRankUpF16Cols(d, bP, ax, rank, n, 0)
}

// lowRankUpF16Cols is lowRankUpF16Go on columns c0 onwards.
func lowRankUpF16Cols(d []float32, bP []uint16, ax []float32, rank, n, c0 int) {
	tab := f16Table()
	lowRankUpPanels(d, bP, ax, rank, n, c0, func(h uint16) float32 { return tab[h] })
}
