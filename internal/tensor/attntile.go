package tensor

// AttnKeyBlock is the number of positions in one block of keys of the tiled attention: blocks
// start at multiples of it counted from position 0, whatever the page size, the chunking or the
// batch, so that a query's online softmax takes the same steps as a decode row and as one of
// many prefill rows. 64 keeps a tile's scores, a few KB, in L1 while the per-block bookkeeping
// (a max, a rescale, a sum) stays a few percent of the block's dot products.
const AttnKeyBlock = 64

// OnlineSoftmax is one query's softmax over the blocks of its keys, taken in position order:
// the running maximum of the scores seen and the float64 sum of their exponentials relative to
// it. Its value accumulator (softmax weights times values, summed) lives with the caller. The
// zero value is the softmax of no key.
type OnlineSoftmax struct {
	Max   float32
	Sum   float64
	begun bool
}

// Step folds the scores s of the query's next block of keys into the running softmax: s becomes
// exp(s - m) in place, m the new running maximum, ready to weight the block's values; out, the
// value sum so far, and the running sum are rescaled by exp(m_old - m) when the maximum rose (a
// product by 1 changes no bit, so it is skipped otherwise). Every step uses the active kernel
// set's max, exp, sum and scale, which give the same bits on every set.
func (st *OnlineSoftmax) Step(s, out []float32) {
	if len(s) == 0 {
		return
	}
	k := activeKernels.Load()
	st.raise(k, s, out)
	k.expsSub(s, st.Max)
	st.Sum += k.sumF64(s)
}

// StepRows is Step for the queries st of a tile whose next blocks have the same length n: query
// i's scores at s[i*sStride:][:n], its value sum at out[i*hd:][:hd]. The same bits as a Step per
// query; the exponentials and sums of all the rows go to the kernel set in one call (on avx2 one
// pass), not two calls per query.
func StepRows(st []OnlineSoftmax, s []float32, sStride, n int, out []float32, hd int) {
	if n == 0 || len(st) == 0 {
		return
	}
	_ = s[(len(st)-1)*sStride+n-1] // the kernel reads and writes every row
	k := activeKernels.Load()
	for i := range st {
		st[i].raise(k, s[i*sStride:i*sStride+n], out[i*hd:(i+1)*hd])
	}
	if k.expsSubSums != nil {
		k.expsSubSums(st, s, sStride, n)
		return
	}
	expsSubSumsGo(st, s, sStride, n, k.expsSub, k.sumF64)
}

// raise sets the running maximum to the largest of it and the scores s (not empty), rescaling
// the value sum out and the running sum when it rose.
func (st *OnlineSoftmax) raise(k *kernels, s, out []float32) {
	m := k.maxF32(s)
	if st.begun {
		m = max(m, st.Max)
		if m != st.Max {
			alpha := expf32(st.Max - m) // the vector kernels' lanes, one of them
			k.scale(out, alpha)
			st.Sum *= float64(alpha)
		}
	}
	st.Max, st.begun = m, true
}

// expsSubSumsGo is the rest of Step for each row i of n scores at s[i*stride:]: exp(s - m) in
// place by exps, the row's sum by sum added to the running sum.
func expsSubSumsGo(st []OnlineSoftmax, s []float32, stride, n int, exps func([]float32, float32), sum func([]float32) float64) {
	for i := range st {
		row := s[i*stride : i*stride+n]
		exps(row, st[i].Max)
		st[i].Sum += sum(row)
	}
}

// Finish divides out, the value sum of all the blocks, by the softmax's sum: the attention
// output. An empty softmax (no key) leaves out as it is.
func (st *OnlineSoftmax) Finish(out []float32) {
	if st.begun {
		activeKernels.Load().scale(out, float32(1/st.Sum))
	}
}
