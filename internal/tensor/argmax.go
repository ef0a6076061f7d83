package tensor

import "math"

// Argmax returns the lowest index of the largest of x among the indices whose bit in allowed is
// set (allowed nil: all of them; bit i%64 of word i/64), and that value. NaN is never the largest,
// and it is 0 and -Inf when nothing allowed is above -Inf: what a scan in index order keeping the
// first strictly larger value gives, which is exact whatever finds it, on every kernel set. With
// AVX-512, one vectorised pass finds the largest value and a second the first index holding it.
func Argmax(x []float32, allowed []uint64) (int32, float32) {
	if allowed != nil && len(x) > 0 {
		_ = allowed[(len(x)-1)>>6]
	}
	k := activeKernels.Load()
	n := 0
	if k.argmaxMax != nil {
		n = len(x) &^ 15
	}
	m := float32(math.Inf(-1))
	if n > 0 {
		m = k.argmaxMax(x[:n], allowed)
	}
	for i := n; i < len(x); i++ {
		if argmaxAllowed(allowed, i) && x[i] > m {
			m = x[i]
		}
	}
	if !(m > float32(math.Inf(-1))) {
		return 0, float32(math.Inf(-1))
	}
	// Equal compares ±0 alike, so the first zero is found whichever sign the max kept.
	if n > 0 {
		if i := k.argmaxFirst(x[:n], allowed, m); i >= 0 {
			return int32(i), x[i]
		}
	}
	for i := n; i < len(x); i++ {
		if argmaxAllowed(allowed, i) && x[i] == m {
			return int32(i), x[i]
		}
	}
	panic("tensor: Argmax lost its maximum") // m is one of x's allowed values
}

func argmaxAllowed(allowed []uint64, i int) bool {
	return allowed == nil || allowed[i>>6]>>(i&63)&1 != 0
}

// argmaxGo is Argmax's reference: the scan it matches.
func argmaxGo(x []float32, allowed []uint64) (int32, float32) {
	best, bv := 0, float32(math.Inf(-1))
	for i, v := range x {
		if argmaxAllowed(allowed, i) && v > bv {
			best, bv = i, v
		}
	}
	return int32(best), bv
}
