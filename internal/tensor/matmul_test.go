package tensor

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

var allTypes = []DType{F32, F16, BF16, Q8_0, Q4_0, Q4_K, Q6_K}

// rawMatrix is a dt matrix of random bytes: any encoding, scales subnormal, infinite or NaN too.
func rawMatrix(r *rand.Rand, dt DType, rows, cols int) *Matrix {
	m := &Matrix{Type: dt, Rows: rows, Cols: cols}
	m.Data = make([]byte, rows*m.RowBytes())
	for i := range m.Data {
		m.Data[i] = byte(r.Uint32())
	}
	return m
}

// wideVec is n finite values over a wide exponent range, so the activations themselves are valid.
func wideVec(r *rand.Rand, n int) []float32 {
	x := make([]float32, n)
	for i := range x {
		x[i] = float32(math.Ldexp(r.NormFloat64(), r.IntN(200)-100))
	}
	return x
}

// randomMatrix fills a matrix with random encodings whose scales are sane (random bits
// there would make inf/NaN); quantised payload bytes are fully random, so -128 in Q8_0
// and every nibble/scale pattern occur.
func randomMatrix(r *rand.Rand, dt DType, rows, cols int) *Matrix {
	m := rawMatrix(r, dt, rows, cols)
	half := func(b []byte, v float64) { binary.LittleEndian.PutUint16(b, F32ToF16(float32(v))) }
	switch dt {
	case F32:
		for i := 0; i < len(m.Data); i += 4 {
			binary.LittleEndian.PutUint32(m.Data[i:], math.Float32bits(float32(r.NormFloat64())))
		}
	case F16:
		for i := 0; i < len(m.Data); i += 2 {
			half(m.Data[i:], r.NormFloat64())
		}
	case BF16:
		for i := 0; i < len(m.Data); i += 2 {
			binary.LittleEndian.PutUint16(m.Data[i:], F32ToBF16(float32(r.NormFloat64())))
		}
	case Q8_0:
		for i := 0; i < len(m.Data); i += q8_0Bytes {
			half(m.Data[i:], 0.001+0.01*r.Float64())
		}
	case Q4_0:
		for i := 0; i < len(m.Data); i += q4_0Bytes {
			half(m.Data[i:], 0.001+0.05*r.Float64())
		}
	case Q4_K:
		for i := 0; i < len(m.Data); i += q4_KBytes {
			half(m.Data[i:], 0.001*r.Float64())
			half(m.Data[i+2:], 0.001*r.Float64())
		}
	case Q6_K:
		for i := 0; i < len(m.Data); i += q6_KBytes {
			half(m.Data[i+q6KDOff:], 0.0001+0.001*r.Float64())
		}
	}
	return m
}

func randomVec(r *rand.Rand, n int) []float32 {
	x := make([]float32, n)
	for i := range x {
		x[i] = float32(r.NormFloat64())
	}
	return x
}

// colsFor picks a column count valid for the type, with a float tail that is not a
// multiple of 16 to exercise the tail path.
func colsFor(dt DType) int {
	switch dt.BlockElems() {
	case 1:
		return 520 + 7
	case qk0:
		return 512 + 64
	}
	return 512
}

// TestMatMulAccuracy checks MatMul against a float64 product of the dequantised weights
// with the activations as the kernel sees them (quantised or rounded), which pins the
// semantics independently of the kernels' integer arithmetic.
func TestMatMulAccuracy(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	p := NewPool(2)
	defer p.Close()
	for _, dt := range allTypes {
		rows, cols, n := 13, colsFor(dt), 3
		m := randomMatrix(r, dt, rows, cols)
		x := randomVec(r, n*cols)
		out := make([]float32, n*rows)
		p.MatMul(m, x, n, out)
		w := make([]float32, rows*cols)
		if err := Dequantize(dt, m.Data, w); err != nil {
			t.Fatal(err)
		}
		for i := range n {
			xa := activationAsSeen(dt, x[i*cols:(i+1)*cols])
			for j := range rows {
				var s, mag float64
				for k := range cols {
					s += float64(w[j*cols+k]) * xa[k]
					mag += math.Abs(float64(w[j*cols+k]) * xa[k])
				}
				got := float64(out[i*rows+j])
				if math.Abs(got-s) > 1e-5*mag+1e-30 {
					t.Errorf("%s [%d,%d]: %g, want %g (mag %g)", dt, i, j, got, s, mag)
				}
			}
		}
		// And against the unquantised product, loosely: catches a wrong activation scale.
		for j := range rows {
			var s, mag float64
			for k := range cols {
				s += float64(w[j*cols+k]) * float64(x[k])
				mag += math.Abs(float64(w[j*cols+k]) * float64(x[k]))
			}
			if math.Abs(float64(out[j])-s) > 0.02*mag {
				t.Errorf("%s row %d: %g, unquantised %g (mag %g)", dt, j, out[j], s, mag)
			}
		}
	}
}

// activationAsSeen returns x the way the dot product of type dt uses it, decoded with
// the format's definitions (Q8_0: q*f16 d, Q8_K: q*d).
func activationAsSeen(dt DType, x []float32) []float64 {
	out := make([]float64, len(x))
	switch dt {
	case F32:
		for i, v := range x {
			out[i] = float64(v)
		}
	case F16:
		for i, v := range x {
			out[i] = float64(RoundF16(v))
		}
	case BF16:
		for i, v := range x {
			out[i] = float64(RoundBF16(v))
		}
	case Q8_0, Q4_0:
		nb := len(x) / qk0
		q, d, s := make([]int8, len(x)), make([]float32, nb), make([]int32, nb)
		quantActQ8_0(x, q, d, s)
		for i := range x {
			out[i] = float64(q[i]) * float64(d[i/qk0])
		}
	case Q4_K, Q6_K:
		nb := len(x) / qkK
		q, d, bs := make([]int8, len(x)), make([]float32, nb), make([]int16, nb*16)
		quantActQ8_K(x, q, d, bs)
		for i := range x {
			out[i] = float64(q[i]) * float64(d[i/qkK])
		}
	}
	return out
}

func TestQuantActQ8_0(t *testing.T) {
	x := make([]float32, 32)
	// amax = 2.54: id = 127/2.54 = 50 (in float32 arithmetic), 0.01*50 = 0.5 -> 0 (even),
	// 0.03*50 = 1.5 -> 2; d = f16(0.02).
	x[0], x[1], x[2], x[3] = 2.54, 0.01, 0.03, -2.54
	q, d, s := make([]int8, 32), make([]float32, 1), make([]int32, 1)
	quantActQ8_0(x, q, d, s)
	id := float32(127) / float32(2.54)
	if want := int8(math.RoundToEven(float64(float32(0.01) * id))); q[1] != want {
		t.Fatalf("q[1] = %d, want %d", q[1], want)
	}
	if q[0] != 127 || q[3] != -127 || q[2] != 2 || d[0] != RoundF16(float32(2.54)/127) || s[0] != int32(q[1])+2 {
		t.Fatalf("q=%v d=%g s=%d", q[:4], d[0], s[0])
	}
}

func TestQuantActQ8_K(t *testing.T) {
	x := make([]float32, 256)
	// max by magnitude is -4 (signed): iscale = -127/-4 = 31.75; 1 -> 31.75 -> 32,
	// 0.5 -> 15.875 -> 16, -4 -> -127; d = 1/31.75.
	x[0], x[1], x[17] = -4, 1, 0.5
	q, d, bs := make([]int8, 256), make([]float32, 1), make([]int16, 16)
	quantActQ8_K(x, q, d, bs)
	if q[0] != -127 || q[1] != 32 || q[17] != 16 || d[0] != 1/float32(31.75) || bs[0] != -95 || bs[1] != 16 || bs[2] != 0 {
		t.Fatalf("q=%v d=%g bs=%v", q[:18], d[0], bs)
	}
	clear(x)
	quantActQ8_K(x, q, d, bs)
	if d[0] != 0 || q[0] != 0 || bs[0] != 0 {
		t.Fatal("zero block")
	}
}

// TestMatMulBatchInvariance is the hard requirement: each output element is
// bit-identical whether its input row is computed alone or inside batches of 1..17 at
// any position, with any thread count and any kernel variant.
func TestMatMulBatchInvariance(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	pools := map[int]*Pool{}
	for _, th := range []int{1, 2, 3, 5} {
		pools[th] = NewPool(th)
		defer pools[th].Close()
	}
	const maxN = 17
	for _, dt := range allTypes {
		rows, cols := 133, colsFor(dt)
		if testing.Short() {
			rows = 37
		}
		m := randomMatrix(r, dt, rows, cols)
		xs := randomVec(r, (maxN+3)*cols)
		t.Run(dt.String(), func(t *testing.T) {
			// Reference: each row alone, pure Go, one thread.
			useKernels(t, goKernels)
			ref := make([]float32, (maxN+3)*rows)
			for i := range maxN + 3 {
				pools[1].MatMul(m, xs[i*cols:(i+1)*cols], 1, ref[i*rows:(i+1)*rows])
			}
			out := make([]float32, maxN*rows)
			forEachKernel(t, func(t *testing.T, k *kernels) {
				skipGoKernelsInShort(t, k)
				for _, th := range []int{1, 2, 3, 5} {
					for n := 1; n <= maxN; n++ {
						for _, off := range []int{0, 3} {
							if k == goKernels && th == 1 && n == 1 {
								continue
							}
							clear(out)
							pools[th].MatMul(m, xs[off*cols:(off+n)*cols], n, out)
							for i := range n {
								for j := range rows {
									g, w := out[i*rows+j], ref[(off+i)*rows+j]
									if math.Float32bits(g) != math.Float32bits(w) {
										t.Fatalf("threads=%d n=%d off=%d: out[%d,%d] = %g, alone %g", th, n, off, i, j, g, w)
									}
								}
							}
						}
					}
				}
			})
		})
	}
}

func TestMatMulAllocs(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	p := NewPool(2)
	defer p.Close()
	for _, dt := range allTypes {
		m := randomMatrix(r, dt, 64, colsFor(dt))
		for _, n := range []int{1, 8} {
			x := randomVec(r, n*m.Cols)
			out := make([]float32, n*m.Rows)
			p.MatMul(m, make([]float32, 8*m.Cols), 8, make([]float32, 8*m.Rows)) // warm the scratch up to n=8
			if a := testing.AllocsPerRun(20, func() { p.MatMul(m, x, n, out) }); a != 0 {
				t.Errorf("%s n=%d: %v allocs per MatMul", dt, n, a)
			}
		}
	}
}

// TestMatMulsMatchesMatMul: matrices sharing their input in one MatMuls job (or falling
// back to one job each where type or width differ, or there are too many) give each output
// MatMul's bits, for every kernel variant, thread count and batch, and allocate nothing.
func TestMatMulsMatchesMatMul(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	pools := []*Pool{NewPool(1), NewPool(2), NewPool(3)}
	for _, p := range pools {
		defer p.Close()
	}
	for _, dt := range allTypes {
		cols := colsFor(dt)
		// Q, K and V shapes (one matrix with no rows), a fourth one past maxMatMuls, and one of
		// another width or type that the call must run apart.
		other := randomMatrix(r, F32, 20, cols)
		if dt == F32 {
			other = randomMatrix(r, F16, 20, cols)
		}
		groups := [][]*Matrix{
			{randomMatrix(r, dt, 96, cols), randomMatrix(r, dt, 32, cols), randomMatrix(r, dt, 37, cols)},
			{randomMatrix(r, dt, 40, cols), randomMatrix(r, dt, 0, cols)},
			{randomMatrix(r, dt, 24, cols), randomMatrix(r, dt, 16, cols), randomMatrix(r, dt, 8, cols), randomMatrix(r, dt, 4, cols)},
			{randomMatrix(r, dt, 24, cols), other},
			{randomMatrix(r, dt, 24, cols), randomMatrix(r, dt, 24, 2*cols)},
		}
		const maxN = 9
		x := randomVec(r, maxN*2*cols)
		t.Run(dt.String(), func(t *testing.T) {
			forEachKernel(t, func(t *testing.T, k *kernels) {
				skipGoKernelsInShort(t, k)
				for gi, g := range groups {
					for _, p := range pools {
						for _, n := range []int{1, 3, 8, maxN} {
							ms := make([]MatOut, len(g))
							for k, w := range g {
								ms[k] = MatOut{w, make([]float32, n*w.Rows)}
							}
							p.MatMuls(x, n, ms...)
							for k, w := range g {
								want := make([]float32, n*w.Rows)
								p.MatMul(w, x, n, want)
								for i := range want {
									if math.Float32bits(ms[k].Out[i]) != math.Float32bits(want[i]) {
										t.Fatalf("group %d threads %d n=%d matrix %d: out[%d] = %g, MatMul %g", gi, p.threads, n, k, i, ms[k].Out[i], want[i])
									}
								}
							}
						}
					}
				}
			})
		})
		q, k, v := groups[0][0], groups[0][1], groups[0][2]
		oq, ok, ov := make([]float32, 8*q.Rows), make([]float32, 8*k.Rows), make([]float32, 8*v.Rows)
		pools[1].MatMuls(x, 8, MatOut{q, oq}, MatOut{k, ok}, MatOut{v, ov})
		if a := testing.AllocsPerRun(20, func() { pools[1].MatMuls(x, 8, MatOut{q, oq}, MatOut{k, ok}, MatOut{v, ov}) }); a != 0 {
			t.Errorf("%s: %v allocs per MatMuls", dt, a)
		}
		// Matrices of two types run one after the other, with no allocation either (Q4_K_M's
		// Q4_K Q and K beside a Q6_K V).
		a, b := groups[3][0], groups[3][1]
		oa, ob := make([]float32, 8*a.Rows), make([]float32, 8*b.Rows)
		if n := testing.AllocsPerRun(20, func() { pools[1].MatMuls(x, 8, MatOut{a, oa}, MatOut{b, ob}) }); n != 0 {
			t.Errorf("%s beside %s: %v allocs per MatMuls", dt, b.Type, n)
		}
	}
}

func TestMatMulShapes(t *testing.T) {
	p := NewPool(1)
	defer p.Close()
	mustPanic := func(name string, f func()) {
		t.Helper()
		defer func() {
			if recover() == nil {
				t.Errorf("%s: no panic", name)
			}
		}()
		f()
	}
	m := &Matrix{Type: Q8_0, Rows: 2, Cols: 32, Data: make([]byte, 68)}
	mustPanic("short x", func() { p.MatMul(m, make([]float32, 31), 1, make([]float32, 2)) })
	mustPanic("short out", func() { p.MatMul(m, make([]float32, 32), 1, make([]float32, 1)) })
	mustPanic("short data", func() {
		p.MatMul(&Matrix{Type: Q8_0, Rows: 3, Cols: 32, Data: make([]byte, 68)}, make([]float32, 32), 1, make([]float32, 3))
	})
	mustPanic("partial block", func() {
		p.MatMul(&Matrix{Type: Q8_0, Rows: 1, Cols: 16, Data: make([]byte, 68)}, make([]float32, 32), 1, make([]float32, 3))
	})
	p.MatMul(m, nil, 0, nil) // n = 0 is a no-op
	out := []float32{1, 2}
	p.MatMul(&Matrix{Type: Q8_0, Rows: 2}, nil, 1, out) // no columns: zeros
	if out[0] != 0 || out[1] != 0 {
		t.Errorf("empty rows gave %v", out)
	}
}

func TestDotF32(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	p := NewPool(1)
	defer p.Close()
	for _, n := range []int{0, 1, 15, 16, 17, 100, 768} {
		a, b := randomVec(r, n), randomVec(r, n)
		want := dotF32sGo(a, b)
		var f64 float64
		for i := range a {
			f64 += float64(a[i]) * float64(b[i])
		}
		if math.Abs(float64(want)-f64) > 1e-5*float64(n+1) {
			t.Errorf("n=%d: %g vs %g", n, want, f64)
		}
		// Same bits as the F32 MatMul row.
		m := &Matrix{Type: F32, Rows: 1, Cols: n, Data: make([]byte, 4*n)}
		for i, v := range a {
			binary.LittleEndian.PutUint32(m.Data[4*i:], math.Float32bits(v))
		}
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			forEachKernel(t, func(t *testing.T, _ *kernels) {
				if got := DotF32(a, b); math.Float32bits(got) != math.Float32bits(want) {
					t.Errorf("%g, go %g", got, want)
				}
				if n > 0 {
					out := make([]float32, 1)
					p.MatMul(m, b, 1, out)
					if math.Float32bits(out[0]) != math.Float32bits(want) {
						t.Errorf("MatMul %g, DotF32 %g", out[0], want)
					}
				}
			})
		})
	}
}

func TestSetKernels(t *testing.T) {
	names, active := Kernels()
	if names[0] != "go" {
		t.Fatalf("kernels %v", names)
	}
	if err := SetKernels("nonesuch"); err == nil {
		t.Fatal("unknown kernels accepted")
	}
	t.Logf("kernels %v, active %s", names, active)
}

func ExamplePool_MatMul() {
	p := NewPool(1)
	defer p.Close()
	w := &Matrix{Type: F32, Rows: 2, Cols: 2, Data: make([]byte, 16)}
	_ = Quantize(F32, []float32{1, 2, 3, 4}, w.Data)
	out := make([]float32, 2)
	p.MatMul(w, []float32{1, 1}, 1, out)
	fmt.Println(out)
	// Output: [3 7]
}

// TestKernelsExtremeValues feeds every kernel variant raw random encodings (any
// exponent, subnormal scales, overflow to inf) and requires the same bits as the Go
// reference (any NaN matches any NaN).
func TestKernelsExtremeValues(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	p := NewPool(2)
	defer p.Close()
	for _, dt := range allTypes {
		const n = 3
		m := rawMatrix(r, dt, 24, colsFor(dt))
		matchGoKernels(t, p, m, wideVec(r, n*m.Cols), n, true, dt.String())
	}
}

// TestKernelsSubnormalProducts: products in float32's subnormal range round differently
// with and without FMA, so this pins the separate rounding of BF16 and F32 products.
func TestKernelsSubnormalProducts(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	p := NewPool(1)
	defer p.Close()
	for _, dt := range []DType{BF16, F32} {
		rows, cols := 8, 64
		w := make([]float32, rows*cols)
		// Powers of two and 1.5×: products are exact multiples of half the smallest
		// subnormal, so rounding ties (where fused and unfused differ) are common.
		for i := range w {
			w[i] = float32(math.Ldexp([]float64{1, 1.5}[r.IntN(2)], -75))
		}
		m := &Matrix{Type: dt, Rows: rows, Cols: cols, Data: make([]byte, rows*cols*map[DType]int{BF16: 2, F32: 4}[dt])}
		if err := Quantize(dt, w, m.Data); err != nil {
			t.Fatal(err)
		}
		// n = 4 reaches the kernels that take several inputs per pass.
		for _, n := range []int{1, 4} {
			x := make([]float32, n*cols)
			for i := range x {
				x[i] = float32(math.Ldexp([]float64{1, 1.5}[r.IntN(2)], -75+r.IntN(2)))
			}
			matchGoKernels(t, p, m, x, n, false, fmt.Sprintf("%s n=%d subnormal products", dt, n))
		}
	}
}

// matchGoKernels computes w·x with the pure-Go kernels, then, in a subtest named label, with every
// kernel set this CPU has, and fails at the first output whose bits differ; with nanEq, any NaN
// matches any NaN (the inputs hold NaNs whose payloads the hardware may change). It leaves the
// active set as it was.
func matchGoKernels(t *testing.T, p *Pool, w *Matrix, x []float32, n int, nanEq bool, label string) {
	t.Helper()
	want := make([]float32, n*w.Rows)
	t.Run(label, func(t *testing.T) {
		useKernels(t, goKernels)
		p.MatMul(w, x, n, want)
		forEachKernel(t, func(t *testing.T, _ *kernels) {
			got := make([]float32, n*w.Rows)
			p.MatMul(w, x, n, got)
			for i := range got {
				g, wv := got[i], want[i]
				if math.Float32bits(g) != math.Float32bits(wv) && !(nanEq && g != g && wv != wv) {
					t.Fatalf("[%d]: %g (%#08x), go %g (%#08x)", i, g, math.Float32bits(g), wv, math.Float32bits(wv))
				}
			}
		})
	})
}

// TestMatMulQ8SmallBatchExtremes covers the Q8_0 tiles of batches 1..15 (on amd64 the
// repacked VNNI kernels up to q8r16MaxN, one to four groups of 16 rows a call, and AMX
// above) where they are most at risk: weight quants at -128 and 127
// against activations at ±127 and -128 (a block holding a NaN), the largest f16 scales,
// row counts that leave a partial group of 16 and one- or many-block rows. Every output
// must match the pure-Go reference bit for bit, and nothing past the batch's outputs is
// written.
func TestMatMulQ8SmallBatchExtremes(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	p := NewPool(2)
	defer p.Close()
	cases := []struct {
		name  string
		wq    func() byte
		scale uint16
		x     func() float32
	}{
		{"min×max", func() byte { return 0x80 }, 0x7800, func() float32 { return []float32{-1, 1}[r.IntN(2)] }},
		{"max×nan", func() byte { return 0x7f }, 0x7bff, func() float32 {
			if r.IntN(8) == 0 {
				return float32(math.NaN())
			}
			return float32(r.NormFloat64())
		}},
		{"random", func() byte { return byte(r.Uint32()) }, 0x2e66, func() float32 { return float32(r.NormFloat64()) }},
	}
	for _, c := range cases {
		for _, shape := range []struct{ rows, cols int }{{8, 32}, {13, 96}, {44, 2048}, {300, 96}} {
			m := &Matrix{Type: Q8_0, Rows: shape.rows, Cols: shape.cols}
			m.Data = make([]byte, m.Rows*m.RowBytes())
			for i := range m.Data {
				if i%q8_0Bytes >= 2 {
					m.Data[i] = c.wq()
				} else if i%q8_0Bytes == 0 {
					binary.LittleEndian.PutUint16(m.Data[i:], c.scale-uint16(r.IntN(4)))
				}
			}
			const maxN = 15
			x := make([]float32, maxN*m.Cols)
			for i := range x {
				x[i] = c.x()
			}
			ref := make([]float32, maxN*m.Rows)
			useKernels(t, goKernels)
			for i := range maxN {
				p.MatMul(m, x[i*m.Cols:], 1, ref[i*m.Rows:])
			}
			t.Run(fmt.Sprintf("%s/%dx%d", c.name, m.Rows, m.Cols), func(t *testing.T) {
				forEachKernel(t, func(t *testing.T, _ *kernels) {
					out := make([]float32, maxN*m.Rows)
					const canary = 0x7fc0dead // a NaN no kernel produces
					for n := 1; n <= maxN; n++ {
						for i := range out {
							out[i] = math.Float32frombits(canary)
						}
						p.MatMul(m, x, n, out[:n*m.Rows])
						for i := range n * m.Rows {
							if math.Float32bits(out[i]) != math.Float32bits(ref[i]) {
								t.Fatalf("n=%d: out[%d,%d] = %v, want %v", n, i/m.Rows, i%m.Rows, out[i], ref[i])
							}
						}
						// The padding lanes of a partial group write nothing.
						for i := n * m.Rows; i < len(out); i++ {
							if math.Float32bits(out[i]) != canary {
								t.Fatalf("n=%d: out[%d] past the batch written", n, i)
							}
						}
					}
				})
			})
		}
	}
}
