package tensor

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// fmaExact is a*b + c computed exactly in big.Float and rounded once to float32, ties to even
// (big.Float's Float32 rounds subnormals and overflows as IEEE does): for finite inputs only.
func fmaExact(a, b, c float32) float32 {
	x := new(big.Float).SetPrec(2000).SetFloat64(float64(a))
	x.Mul(x, new(big.Float).SetFloat64(float64(b)))
	x.Add(x, new(big.Float).SetFloat64(float64(c)))
	r, _ := x.Float32()
	return r
}

// TestFMA32 checks fma32 against the exact sum rounded once, on cases where rounding twice (to
// float64, then to float32) differs, ties, subnormal results and operands, cancellations to
// zeros of either sign and overflow, then on random operands of every magnitude; and that
// infinities and NaNs pass through as IEEE says.
func TestFMA32(t *testing.T) {
	one := float32(1)
	ulp := math.Nextafter32(1, 2) - 1 // 2^-23
	tiny := math.SmallestNonzeroFloat32
	h12 := float32(math.Ldexp(1, -12))
	type tc struct{ a, b, c float32 }
	cases := []tc{
		// (1+2^-23)^2 = 1 + 2^-22 + 2^-46: the 2^-46 decides a tie-looking product.
		{1 + ulp, 1 + ulp, 0}, {1 + ulp, 1 - ulp/2, 0}, {1 + ulp, 1 + ulp, -1},
		// (1+2^-12)^2 + 2^-70 = 1 + 2^-11 + 2^-24 + 2^-70, just above a float32 tie by less than
		// a float64 ulp: one rounding goes up, two (to the tie, then to even) go down.
		{1 + h12, 1 + h12, float32(math.Ldexp(1, -70))}, {-1 - h12, 1 + h12, -float32(math.Ldexp(1, -70))},
		{1 + h12, 1 + h12, -float32(math.Ldexp(1, -70))},
		{float32(tiny), 0.5, 0}, {float32(tiny), 1.5, 0}, {float32(tiny), 2.5, float32(tiny)},
		{float32(math.Ldexp(1, -75)), float32(math.Ldexp(1, -75)), float32(tiny)},
		{float32(math.Ldexp(1, -126)), 1 - ulp, 0}, {2, 3, -6}, {-2, 3, 6}, {-2, 0, 0}, {2, -0.0, float32(math.Copysign(0, -1))},
		{math.MaxFloat32, 2, -math.MaxFloat32}, {math.MaxFloat32, 1 + ulp, 0}, {math.MaxFloat32, -1.5, 0},
		{one, one, one},
	}
	rng := rand.New(rand.NewPCG(38, 38))
	pick := func() float32 {
		if rng.IntN(8) == 0 {
			return math.Float32frombits(rng.Uint32() &^ (0xff << 23)) // subnormal or zero
		}
		return float32(rng.NormFloat64() * math.Exp2(float64(rng.IntN(60)-30)))
	}
	for range 200000 {
		a, b := pick(), pick()
		c := pick()
		if rng.IntN(2) == 0 { // near the product, to cancel
			c = -float32(float64(a)*float64(b)) * float32(1+rng.NormFloat64()*1e-6)
		}
		cases = append(cases, tc{a, b, c})
	}
	for _, c := range cases {
		if got, want := fma32(c.a, c.b, c.c), fmaExact(c.a, c.b, c.c); !sameBits(got, want) {
			t.Fatalf("fma32(%g, %g, %g) = %g (%#08x), want %g (%#08x)", c.a, c.b, c.c, got, math.Float32bits(got), want, math.Float32bits(want))
		}
	}
	inf := float32(math.Inf(1))
	nan := float32(math.NaN())
	for _, c := range []struct{ a, b, c, want float32 }{
		{inf, 2, 1, inf}, {2, 3, -inf, -inf}, {inf, 0, 1, nan}, {inf, 1, -inf, nan}, {nan, 1, 2, nan}, {1, 2, nan, nan},
	} {
		if got := fma32(c.a, c.b, c.c); !sameBits(got, c.want) {
			t.Errorf("fma32(%g, %g, %g) = %g, want %g", c.a, c.b, c.c, got, c.want)
		}
	}
}
