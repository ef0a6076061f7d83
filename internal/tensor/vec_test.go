package tensor

import (
	"math"
	"testing"
)

func near(t *testing.T, name string, got, want float64, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol*math.Max(1, math.Abs(want)) {
		t.Errorf("%s = %.9g, want %.9g", name, got, want)
	}
}

func TestRMSNorm(t *testing.T) {
	x := []float32{3, 4}
	dst := make([]float32, 2)
	RMSNorm(dst, x, nil, 0)
	s := 1 / math.Sqrt(12.5)
	near(t, "rms[0]", float64(dst[0]), 3*s, 1e-6)
	near(t, "rms[1]", float64(dst[1]), 4*s, 1e-6)
	RMSNorm(dst, x, []float32{2, -1}, 1e-5)
	s = 1 / math.Sqrt(12.5+1e-5)
	near(t, "rmsw[0]", float64(dst[0]), 6*s, 1e-6)
	near(t, "rmsw[1]", float64(dst[1]), -4*s, 1e-6)
	RMSNorm(x, x, nil, 0) // in place
	near(t, "inplace", float64(x[1]), 4/math.Sqrt(12.5), 1e-6)
}

func TestSoftmax(t *testing.T) {
	x := []float32{0, float32(math.Ln2), float32(math.Inf(-1))}
	Softmax(x)
	near(t, "p0", float64(x[0]), 1.0/3, 1e-6)
	near(t, "p1", float64(x[1]), 2.0/3, 1e-6)
	if x[2] != 0 {
		t.Errorf("masked entry %g", x[2])
	}
	y := []float32{1000, 1000} // max subtraction keeps it finite
	Softmax(y)
	if y[0] != 0.5 || y[1] != 0.5 {
		t.Errorf("%v", y)
	}
	Softmax(nil)
}

func TestActivations(t *testing.T) {
	near(t, "silu(0)", float64(SiLU(0)), 0, 0)
	near(t, "silu(1)", float64(SiLU(1)), 1/(1+math.Exp(-1)), 1e-6)
	near(t, "silu(-20)", float64(SiLU(-20)), -20/(1+math.Exp(20)), 1e-6)
	near(t, "gelu(1)", float64(GELU(1)), 0.841192, 1e-5)
	g, u, d := []float32{1, -2}, []float32{3, 4}, make([]float32, 2)
	SwiGLU(d, g, u)
	near(t, "swiglu0", float64(d[0]), 3/(1+math.Exp(-1)), 1e-6)
	near(t, "swiglu1", float64(d[1]), 4*-2/(1+math.Exp(2)), 1e-6)
	SiLUs(g)
	if g[0] != SiLU(1) {
		t.Error("SiLUs")
	}
	a := []float32{1, 2}
	Axpy(a, 2, []float32{3, 4})
	Scale(a, 0.5)
	if a[0] != 3.5 || a[1] != 5 {
		t.Errorf("axpy/scale %v", a)
	}
	Add(a, a, []float32{1, 1})
	Mul(a, a, []float32{2, 0})
	if a[0] != 9 || a[1] != 0 {
		t.Errorf("add/mul %v", a)
	}
}

// TestExps: Exps is expf32 of each element (x - 0 is x), -Inf and underflow giving 0.
func TestExps(t *testing.T) {
	x := []float32{0, 1, -1, -20, -90, -200, float32(math.Inf(-1)), 3.5, -0.25}
	want := make([]float32, len(x))
	for i, v := range x {
		want[i] = expf32(v)
	}
	Exps(x)
	for i := range x {
		if math.Float32bits(x[i]) != math.Float32bits(want[i]) {
			t.Errorf("Exps[%d] = %g, want %g", i, x[i], want[i])
		}
	}
	if x[0] != 1 || x[6] != 0 || x[5] != 0 {
		t.Errorf("exp(0), exp(-Inf), exp(-200) = %g, %g, %g", x[0], x[6], x[5])
	}
}
