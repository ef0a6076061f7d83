package tensor

// DrawWeights sets dst[i] to the weight of token i in a random draw at inverse temperature invT
// whose best logit is m: exp((x[i] - m)·invT), the exponent formed in float64 and rounded to
// float32, its exp expf32 (the bits Exps gives). A NaN logit weighs 0, and so does every token
// whose bit in allowed is clear (allowed nil: none). It returns the float64 sum of dst over four
// chains (dst[i] in chain i mod 4, the last len%4 in chain 0, then (c0+c1)+(c2+c3)): one
// vectorised pass over the vocabulary for what a draw needs, the same bits on every kernel set.
// len(dst) must be at least len(x) and allowed, when not nil, hold a bit for each of x.
func DrawWeights(dst, x []float32, m, invT float64, allowed []uint64) float64 {
	dst = dst[:len(x)]
	if allowed != nil {
		_ = allowed[(len(x)-1)>>6]
	}
	var c [4]float64
	n := 0
	if vec := activeKernels.Load().drawWeights; vec != nil && len(x) >= 8 {
		n = vec(dst, x, m, invT, allowed, &c)
	}
	drawWeightsGo(dst[n:], x[n:], m, invT, allowed, n, &c)
	return (c[0] + c[1]) + (c[2] + c[3])
}

// drawWeightsGo is DrawWeights for x = the logits from id base on (a multiple of 8), adding to
// the chains c.
func drawWeightsGo(dst, x []float32, m, invT float64, allowed []uint64, base int, c *[4]float64) {
	last4 := (base + len(x)) &^ 3
	for i, v := range x {
		id := base + i
		var w float32
		if v == v && (allowed == nil || allowed[id>>6]>>(id&63)&1 != 0) {
			w = expf32(float32((float64(v) - m) * invT))
		}
		dst[i] = w
		if id < last4 {
			c[id&3] += float64(w)
		} else {
			c[0] += float64(w)
		}
	}
}
