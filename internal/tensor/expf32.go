package tensor

import "math"

// expf32 is a float32 exp built only from separately rounded float32 operations, so the
// AVX2 twin (vec_amd64.s) computes exactly the same bits: Cephes' expf reduction and
// polynomial, then the exponent added as an integer. Every product is wrapped in
// float32() so no compiler may fuse it into an FMA. Max error is about 1 ulp; results
// that would be subnormal (x < expLo) flush to 0, so masked -Inf entries give exactly 0.
func expf32(x float32) float32 {
	if x != x {
		return x
	}
	if x > expHi {
		return float32(math.Inf(1))
	}
	if x < expLo {
		return 0
	}
	// Nearest-even, as VCVTPS2DQ under the default MXCSR.
	fn := float32(math.RoundToEven(float64(float32(x * expLog2e))))
	r := (x - float32(fn*expC1)) - float32(fn*expC2)
	z := float32(r * r)
	y := float32(expP0*r) + expP1
	y = float32(y*r) + expP2
	y = float32(y*r) + expP3
	y = float32(y*r) + expP4
	y = float32(y*r) + expP5
	p := float32(y*z) + r + 1
	// p is in [0.7, 1.42] and x's range keeps the sum a normal exponent, so adding n to
	// the exponent field scales by 2^n exactly (also for n = 128, where p < 1).
	return math.Float32frombits(math.Float32bits(p) + uint32(int32(fn))<<23)
}

const (
	expLog2e float32 = 1.44269504088896341
	expC1    float32 = 0.693359375 // ln2 high part: fn*expC1 is exact
	expC2    float32 = -2.12194440e-4
	expP0    float32 = 1.9875691500e-4
	expP1    float32 = 1.3981999507e-3
	expP2    float32 = 8.3334519073e-3
	expP3    float32 = 4.1665795894e-2
	expP4    float32 = 1.6666665459e-1
	expP5    float32 = 5.0000001201e-1
	// expHi is the largest float32 whose exp is finite; expLo the smallest whose exp
	// is a normal float32.
	expHi float32 = 88.72283172607422
	expLo float32 = -87.33654022216797
)

// expsSubGo sets x[i] = expf32(x[i] - m).
func expsSubGo(x []float32, m float32) {
	for i, v := range x {
		x[i] = expf32(v - m)
	}
}

// siluGo is SiLU with expf32, as ggml computes it: x/(1+exp(-x)).
func siluGo(x float32) float32 { return x / (1 + expf32(-x)) }

// swigluGo sets dst = SiLU(gate) * up.
func swigluGo(dst, gate, up []float32) {
	dst = dst[:len(gate)]
	up = up[:len(gate)]
	for i, g := range gate {
		dst[i] = siluGo(g) * up[i]
	}
}

// scaleGo sets x *= a.
func scaleGo(x []float32, a float32) {
	for i := range x {
		x[i] *= a
	}
}
