package tensor

// DrawWeights sets dst[i] to the weight of token i in a random draw at inverse temperature invT
// whose best logit is m: exp((x[i] - m)·invT), the exponent formed in float64 and rounded to
// float32, its exp expf32 (the bits Exps gives). A NaN logit weighs 0, and so does every token
// whose bit in allowed is clear (allowed nil: none). One vectorised pass over the vocabulary, the
// same bits on every kernel set; each weight depends on its own logit alone, so the pass has no
// chain from one vector to the next. len(dst) must be at least len(x) and allowed, when not nil,
// hold a bit for each of x.
func DrawWeights(dst, x []float32, m, invT float64, allowed []uint64) {
	dst = dst[:len(x)]
	if allowed != nil {
		_ = allowed[(len(x)-1)>>6]
	}
	n := 0
	if vec := activeKernels.Load().drawWeights; vec != nil && len(x) >= 8 {
		n = vec(dst, x, m, invT, allowed)
	}
	drawWeightsGo(dst[n:], x[n:], m, invT, allowed, n)
}

// drawWeightsGo is DrawWeights for x = the logits from id base on (a multiple of 8).
func drawWeightsGo(dst, x []float32, m, invT float64, allowed []uint64, base int) {
	for i, v := range x {
		id := base + i
		var w float32
		if v == v && (allowed == nil || allowed[id>>6]>>(id&63)&1 != 0) {
			w = expf32(float32((float64(v) - m) * invT))
		}
		dst[i] = w
	}
}
