package tensor

import "math"

// fma32 is a*b + c rounded once to float32, to nearest even: what VFMADD231PS and FMLA compute
// lane by lane. Go has no float32 fused multiply-add, and float32(math.FMA(a, b, c)) rounds
// twice (to float64, then to float32), which can differ from one rounding by an ulp; besides,
// math.FMA compiles to a fused instruction that the pure-Go reference must not contain (.ci/run).
//
// So: the product is exact in float64 (24 + 24 bits), the sum is rounded to float64 and its
// error found exactly (Knuth's TwoSum); an inexact sum is then rounded to odd (moved one float64
// ulp toward the exact value when its last bit is even), and rounding a value rounded to odd
// with 53 bits to 24 bits gives the correctly rounded result (Boldo and Melquiond, 2008). Every
// conversion here is explicit, so no compiler fuses the product and the sum.
func fma32(a, b, c float32) float32 {
	p := float64(float64(a) * float64(b))
	z := float64(c)
	s := p + z
	bb := s - p
	e := (p - (s - bb)) + (z - bb)
	// s is finite unless an input is not (the product of two float32s cannot overflow float64);
	// an infinity or NaN is already the result.
	if e != 0 && math.Float64bits(s)&1 == 0 && math.Abs(s) <= math.MaxFloat64 {
		s = math.Nextafter(s, math.Copysign(math.Inf(1), e))
	}
	return float32(s)
}
