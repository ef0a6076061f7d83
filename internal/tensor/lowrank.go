package tensor

import "fmt"

// LowRankAdd adds a low-rank update (a LoRA delta) to each of n rows:
//
//	out[i·Out+o] += float32(scale · Σ_k float32(ax[i·R+k] · bT[k·Out+o]))
//	ax[i·R+k] = DotF32(a[k·In:(k+1)·In], x[i·In:(i+1)·In])
//
// for R = rank rank rows of a (In columns each) and of bT (Out columns each: B held
// transposed); the sum over k runs in order from 0 with each product rounded on its own.
// ax is the caller's scratch (n·rank floats) and receives A·x.
//
// Every row's result depends on that row alone, in a fixed order, so it is the same bits
// whatever n, the other rows or the kernel set. It panics if the shapes do not fit.
func LowRankAdd(out, x []float32, n int, a, bT []float32, rank int, scale float32, ax []float32) {
	if n == 0 {
		return
	}
	if rank <= 0 || len(a)%rank != 0 || len(bT)%rank != 0 || len(a) == 0 || len(bT) == 0 {
		panic(fmt.Sprintf("tensor: LowRankAdd of rank %d with %d and %d weights", rank, len(a), len(bT)))
	}
	in, width := len(a)/rank, len(bT)/rank
	if n < 0 || len(x) < n*in || len(out) < n*width || len(ax) < n*rank {
		panic(fmt.Sprintf("tensor: LowRankAdd %d→%d, rank %d, n=%d: len(x)=%d, len(out)=%d, len(ax)=%d",
			in, width, rank, n, len(x), len(out), len(ax)))
	}
	k := activeKernels.Load()
	k.dotsF32(ax[:n*rank], a, x[:n*in], rank, n)
	k.lowRankUp(out[:n*width], bT, ax[:n*rank], rank, n, scale)
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

// lowRankUpGo adds float32(scale·d) to out[i·W+o], d = Σ_k float32(ax[i·rank+k]·bT[k·W+o])
// in order k = 0..rank-1 from 0, for the n rows of W = len(bT)/rank columns.
func lowRankUpGo(out, bT, ax []float32, rank, n int, scale float32) {
	lowRankUpCols(out, bT, ax, rank, n, scale, 0)
}

// lowRankUpCols is lowRankUpGo on columns c0 onwards (the vector kernels' remainder).
func lowRankUpCols(out, bT, ax []float32, rank, n int, scale float32, c0 int) {
	width := len(bT) / rank
	for i := range n {
		o, a := out[i*width:(i+1)*width], ax[i*rank:(i+1)*rank]
		for c := c0; c < width; c++ {
			var d float32
			for k, ak := range a {
				d += float32(ak * bT[k*width+c])
			}
			o[c] += float32(d * scale)
		}
	}
}
