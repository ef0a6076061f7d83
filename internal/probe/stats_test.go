package probe

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestMannWhitney(t *testing.T) {
	for _, c := range []struct {
		name   string
		x, y   []float64
		lo, hi float64
	}{
		{"all smaller, 3 and 3: 1/C(6,3)", []float64{1, 2, 3}, []float64{4, 5, 6}, 0.05, 0.05},
		{"all larger", []float64{4, 5, 6}, []float64{1, 2, 3}, 1, 1},
		{"interleaved", []float64{1, 3, 5}, []float64{2, 4, 6}, 0.3, 0.5},
		{"all smaller, 10 and 10", seq(0, 10), seq(10, 10), 1 / 184756.0, 1 / 184756.0},
		{"all tied", []float64{1, 1, 1}, []float64{1, 1, 1}, 1, 1},
		{"ties, clearly smaller (normal approximation)", []float64{1, 1, 2, 2, 3, 3}, []float64{7, 7, 8, 8, 9, 9}, 0, 0.01},
		{"empty", nil, []float64{1}, 1, 1},
	} {
		p := mannWhitneyLess(c.x, c.y)
		if !(p >= c.lo*(1-1e-9) && p <= c.hi*(1+1e-9)) {
			t.Errorf("%s: p = %v, want in [%v, %v]", c.name, p, c.lo, c.hi)
		}
	}
}

func seq(from float64, n int) []float64 {
	s := make([]float64, n)
	for i := range s {
		s[i] = from + float64(i)
	}
	return s
}

// TestMannWhitneyCalibrated: under the null (both samples from one skewed distribution) p is
// uniform, so the side-channel check's false alarm rate is its threshold; and the exact and the
// normal p-values agree where both apply.
func TestMannWhitneyCalibrated(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	draw := func(n int) []float64 {
		s := make([]float64, n)
		for i := range s {
			s[i] = math.Exp(rng.NormFloat64()) // log-normal, like latencies
		}
		return s
	}
	below := 0
	const runs = 2000
	for range runs {
		if mannWhitneyLess(draw(12), draw(12)) < 0.05 {
			below++
		}
	}
	if f := float64(below) / runs; f < 0.035 || f > 0.065 {
		t.Errorf("under the null %.3f of p-values < 0.05, want about 0.05", f)
	}
	x, y := draw(40), draw(40)
	for i := range y {
		y[i] *= 1.3
	}
	exact := mannWhitneyLess(x, y)
	x = append(x, x[0]) // one tie forces the normal approximation
	approx := mannWhitneyLess(x, y)
	if math.Abs(math.Log(exact/approx)) > 0.3 {
		t.Errorf("exact p %v and normal p %v disagree", exact, approx)
	}
}

func TestMedian(t *testing.T) {
	if m := median([]float64{3, 1, 2}); m != 2 {
		t.Errorf("median = %v", m)
	}
	if m := median([]float64{4, 1, 2, 3}); m != 2.5 {
		t.Errorf("median = %v", m)
	}
	if m := median(nil); !math.IsNaN(m) {
		t.Errorf("median(nil) = %v", m)
	}
}
