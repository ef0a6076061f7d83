package tensor

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// ulpErr is |got-want| in units of the last place of want rounded to float32.
func ulpErr(got float32, want float64) float64 {
	w := float32(want)
	a := float32(math.Abs(float64(w)))
	ulp := float64(math.Nextafter32(a, float32(math.Inf(1))) - a)
	return math.Abs(float64(got)-want) / ulp
}

// TestExpf32Accuracy sweeps every 251st float32 of the normal-result range, and every
// float32 near the range ends and near 0, against math.Exp.
func TestExpf32Accuracy(t *testing.T) {
	worst, worstX := 0.0, float32(0)
	check := func(x float32) {
		if e := ulpErr(expf32(x), math.Exp(float64(x))); e > worst {
			worst, worstX = e, x
		}
	}
	step := uint32(251)
	if testing.Short() {
		step = 4099
	}
	// Negative x from -0 down to expLo, then positive up to expHi, by bit pattern.
	for b := uint32(1 << 31); b <= math.Float32bits(expLo); b += step {
		check(math.Float32frombits(b))
	}
	for b := uint32(0); b <= math.Float32bits(expHi); b += step {
		check(math.Float32frombits(b))
	}
	for _, c := range []float32{expLo, expHi, 0, 1, -1, 0.5 * math.Ln2, -0.5 * math.Ln2} {
		x, y := c, c
		for range 20000 {
			if x >= expLo && x <= expHi {
				check(x)
			}
			if y >= expLo && y <= expHi {
				check(y)
			}
			x = math.Nextafter32(x, float32(math.Inf(1)))
			y = math.Nextafter32(y, float32(math.Inf(-1)))
		}
	}
	t.Logf("max error %.3f ulp at x=%v", worst, worstX)
	if worst > 2 {
		t.Errorf("max error %.3f ulp at x=%v, want <= 2", worst, worstX)
	}
}

func TestExpf32Special(t *testing.T) {
	inf := float32(math.Inf(1))
	for _, c := range []struct{ x, want float32 }{
		{0, 1}, {float32(math.Copysign(0, -1)), 1},
		{inf, inf}, {-inf, 0}, {math.MaxFloat32, inf}, {-math.MaxFloat32, 0},
		{math.Nextafter32(expHi, inf), inf}, {math.Nextafter32(expLo, -inf), 0}, {-100, 0}, {100, inf},
	} {
		if got := expf32(c.x); math.Float32bits(got) != math.Float32bits(c.want) {
			t.Errorf("expf32(%v) = %v, want %v", c.x, got, c.want)
		}
	}
	if got := expf32(expHi); math.IsInf(float64(got), 0) || got < 3.4e38 {
		t.Errorf("expf32(expHi) = %v", got)
	}
	if got := expf32(expLo); got < math.SmallestNonzeroFloat32*(1<<23) {
		t.Errorf("expf32(expLo) = %v, want a normal", got)
	}
	if got := expf32(float32(math.NaN())); !math.IsNaN(float64(got)) {
		t.Errorf("expf32(NaN) = %v", got)
	}
}

// specialOr returns a special value now and then, else v.
func specialOr(rng *rand.Rand, v float32) float32 {
	if rng.IntN(8) != 0 {
		return v
	}
	s := []float32{0, float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), expLo, expHi,
		math.Nextafter32(expLo, -1000), math.Nextafter32(expHi, 1000), 1e30, -1e30, 88.5, -87.5}
	return s[rng.IntN(len(s))]
}

func sameBits(a, b float32) bool {
	return math.Float32bits(a) == math.Float32bits(b) || math.IsNaN(float64(a)) && math.IsNaN(float64(b))
}

// TestExpKernelsBitExact runs the exp-based kernels and Scale under every kernel set and
// compares each with its pure-Go twin bit for bit, with a guard after the end.
func TestExpKernelsBitExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	lengths := []int{4099}
	for n := 0; n <= 40; n++ {
		lengths = append(lengths, n)
	}
	forEachKernel(t, func(t *testing.T, k *kernels) {
		for _, n := range lengths {
			x := make([]float32, n+1)
			up := make([]float32, n+1)
			for i := range n {
				x[i] = specialOr(rng, float32(rng.NormFloat64()*20))
				up[i] = specialOr(rng, float32(rng.NormFloat64()))
			}
			x[n], up[n] = 7, 9 // guards
			m := float32(rng.NormFloat64() * 10)
			a := float32(rng.NormFloat64())
			compare := func(what string, got, want []float32) {
				t.Helper()
				for i := range got {
					if !sameBits(got[i], want[i]) {
						t.Fatalf("%s n=%d element %d (x=%v): %v, want %v", what, n, i, x[min(i, n)], got[i], want[i])
					}
				}
			}
			got, want := slices.Clone(x), slices.Clone(x)
			k.expsSub(got[:n], m)
			expsSubGo(want[:n], m)
			compare("expsSub", got, want)

			got, want = slices.Clone(up), slices.Clone(up)
			k.swiglu(got[:n], x[:n], up[:n])
			swigluGo(want[:n], x[:n], up[:n])
			compare("swiglu", got, want)
			got, want = slices.Clone(x), slices.Clone(x) // dst aliasing gate, as the model calls it
			k.swiglu(got[:n], got[:n], up[:n])
			swigluGo(want[:n], want[:n], up[:n])
			compare("swiglu in place", got, want)

			got, want = slices.Clone(x), slices.Clone(x)
			k.scale(got[:n], a)
			scaleGo(want[:n], a)
			compare("scale", got, want)
		}
	})
}

// TestSoftmaxMasked checks that -Inf (masked) entries get exactly 0 and the rest sum to 1,
// under every kernel set.
func TestSoftmaxMasked(t *testing.T) {
	forEachKernel(t, func(t *testing.T, _ *kernels) {
		x := make([]float32, 37)
		for i := range x {
			x[i] = float32(i%5) - 2
			if i%3 == 0 {
				x[i] = float32(math.Inf(-1))
			}
		}
		Softmax(x)
		var sum float64
		for i, v := range x {
			if i%3 == 0 && math.Float32bits(v) != 0 {
				t.Fatalf("masked element %d = %v, want 0", i, v)
			}
			sum += float64(v)
		}
		if math.Abs(sum-1) > 1e-6 {
			t.Errorf("sum %v", sum)
		}
	})
}
