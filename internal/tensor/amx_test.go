//go:build amd64 && !purego

package tensor

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// TestPackedQ8Tiles checks the 16-input packed Q8_0 and Q4_0 tiles (vnni, amx)
// bit for bit against the pure-Go kernels over batch sizes around the 16-lane groups and
// row counts around the 4- and 16-row groups, at 1 and 2 threads.
func TestPackedQ8Tiles(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	defer SetKernels(activeKernels.Load().name)
	pools := []*Pool{NewPool(1), NewPool(2)}
	for _, p := range pools {
		defer p.Close()
	}
	tests := []struct {
		kern string
		why  error // the kernels are missing on this machine because of it
	}{
		{"vnni", vnniMissing()},
		{"amx", amxErr},
	}
	for _, tc := range tests {
		t.Run(tc.kern, func(t *testing.T) {
			if tc.why != nil {
				t.Skipf("no %s kernels here: %v", tc.kern, tc.why)
			}
			shapes := []struct{ rows, cols int }{{16, 32}, {20, 320}, {37, 320}, {96, 32}, {96, 320}}
			for _, sh := range shapes {
				for _, dt := range []DType{Q8_0, Q4_0} {
					m := randomMatrix(r, dt, sh.rows, sh.cols)
					for _, n := range []int{q8x16MinN, 5, 8, 15, 16, 17, 31, 33, 64, 70} {
						x := randomVec(r, n*sh.cols)
						SetKernels("go")
						want := make([]float32, n*sh.rows)
						pools[0].MatMul(m, x, n, want)
						if err := SetKernels(tc.kern); err != nil {
							t.Fatal(err)
						}
						for th, p := range pools {
							got := make([]float32, n*sh.rows)
							p.MatMul(m, x, n, got)
							for k := range got {
								if math.Float32bits(got[k]) != math.Float32bits(want[k]) {
									t.Fatalf("%s rows=%d cols=%d n=%d threads=%d: out[%d,%d] = %g, go %g",
										dt, sh.rows, sh.cols, n, th+1, k/sh.rows, k%sh.rows, got[k], want[k])
								}
							}
						}
					}
				}
			}
		})
	}
}

func vnniMissing() error {
	if !hasVNNI() {
		return fmt.Errorf("CPU lacks AVX-512 VNNI")
	}
	return nil
}

// TestQuantQ8_0AVX512 checks the AVX-512 activation quantiser against quantActQ8_0 bit for
// bit, on random blocks and on the edge cases of its rounding, clamping and NaN handling.
func TestQuantQ8_0AVX512(t *testing.T) {
	if err := vnniMissing(); err != nil {
		t.Skip(err)
	}
	r := rand.New(rand.NewPCG(23, 24))
	inf, nan := float32(math.Inf(1)), float32(math.NaN())
	block := func(f func(k int) float32) []float32 {
		x := make([]float32, qk0)
		for k := range x {
			x[k] = f(k)
		}
		return x
	}
	tests := []struct {
		name string
		x    []float32
	}{
		{"zeros", make([]float32, qk0)},
		{"random", randomVec(r, 8*qk0)},
		{"halves", block(func(k int) float32 { return float32(k) - 15.5 })},  // ties at id = 127/16.5
		{"tiny", block(func(k int) float32 { return float32(k) * 1e-40 })},   // subnormal scale
		{"huge", block(func(k int) float32 { return float32(k-16) * 3e37 })}, // f16 scale overflows
		{"inf", block(func(k int) float32 { return []float32{1, inf, -2}[k%3] })},
		{"nan", block(func(k int) float32 { return []float32{1, nan, -2, 0.5}[k%4] })},
		{"all nan", block(func(int) float32 { return nan })},
		{"negzero", block(func(k int) float32 { return float32(math.Copysign(0, -1)) })},
	}
	for _, tc := range tests {
		nb := len(tc.x) / qk0
		q, d, s := make([]int8, len(tc.x)), make([]float32, nb), make([]int32, nb)
		wq, wd, ws := make([]int8, len(tc.x)), make([]float32, nb), make([]int32, nb)
		quantActQ8_0(tc.x, wq, wd, ws)
		quantActQ8_0AVX512(tc.x, q, d, s)
		for b := range nb {
			if math.Float32bits(d[b]) != math.Float32bits(wd[b]) || s[b] != ws[b] {
				t.Errorf("%s block %d: d=%g s=%d, want d=%g s=%d", tc.name, b, d[b], s[b], wd[b], ws[b])
			}
		}
		for k := range q {
			if q[k] != wq[k] {
				t.Errorf("%s: q[%d] = %d, want %d", tc.name, k, q[k], wq[k])
				break
			}
		}
	}
}

// TestKQuantAMX checks the amx set's Q4_K and Q6_K path (unpacked byte planes, tiles) bit
// for bit against the pure-Go kernels, over batches around its threshold and the 16-input
// slices, row counts around the 16-row groups, random weights and the largest products
// (Q4_K: every scale 63 and nibble 15; Q6_K: every scale -128 and quant -32, then 127 and
// 31), activations at ±127, at 1 and 2 threads.
func TestKQuantAMX(t *testing.T) {
	if amxErr != nil {
		t.Skipf("no amx kernels here: %v", amxErr)
	}
	r := rand.New(rand.NewPCG(25, 26))
	defer SetKernels(activeKernels.Load().name)
	pools := []*Pool{NewPool(1), NewPool(2)}
	for _, p := range pools {
		defer p.Close()
	}
	// fill sets every byte of each block but its f16 scales at skip to b.
	fill := func(dt DType, rows, cols int, b byte, sc byte) *Matrix {
		m := randomMatrix(r, dt, rows, cols)
		size := dt.BlockBytes()
		for i := 0; i < len(m.Data); i += size {
			blk := m.Data[i : i+size]
			switch dt {
			case Q4_K:
				for k := 4; k < size; k++ {
					blk[k] = b
				}
			case Q6_K:
				for k := range q6KDOff {
					blk[k] = b
				}
				for k := range 16 {
					blk[q6KScOff+k] = sc
				}
			}
		}
		return m
	}
	signs := func(n, cols int) []float32 {
		x := make([]float32, n*cols)
		for k := range x {
			x[k] = float32(1 - 2*(k/7%2))
		}
		return x
	}
	tests := []struct {
		name       string
		dt         DType
		rows, cols int
		m          func(rows, cols int) *Matrix
	}{
		{"random", Q4_K, 16, 256, nil},
		{"random", Q4_K, 37, 512, nil},
		{"random", Q4_K, 48, 768, nil},
		{"random", Q4_K, 20, 2048, nil},
		{"saturated", Q4_K, 32, 512, func(rows, cols int) *Matrix { return fill(Q4_K, rows, cols, 0xff, 0) }},
		{"random", Q6_K, 16, 256, nil},
		{"random", Q6_K, 37, 512, nil},
		{"random", Q6_K, 20, 2048, nil},
		{"most negative", Q6_K, 32, 512, func(rows, cols int) *Matrix { return fill(Q6_K, rows, cols, 0, 0x80) }},
		{"most positive", Q6_K, 32, 512, func(rows, cols int) *Matrix { return fill(Q6_K, rows, cols, 0xff, 0x7f) }},
	}
	for _, tc := range tests {
		m := randomMatrix(r, tc.dt, tc.rows, tc.cols)
		if tc.m != nil {
			m = tc.m(tc.rows, tc.cols)
		}
		for _, n := range []int{kAMXMinN - 1, kAMXMinN, 17, 31, 32, 33, 64, 70} {
			x := randomVec(r, n*tc.cols)
			if tc.m != nil {
				x = signs(n, tc.cols)
			}
			SetKernels("go")
			want := make([]float32, n*tc.rows)
			pools[0].MatMul(m, x, n, want)
			if err := SetKernels("amx"); err != nil {
				t.Fatal(err)
			}
			for th, p := range pools {
				got := make([]float32, n*tc.rows)
				p.MatMul(m, x, n, got)
				for k := range got {
					if math.Float32bits(got[k]) != math.Float32bits(want[k]) {
						t.Fatalf("%s %s %d×%d n=%d threads=%d: out[%d,%d] = %g, go %g",
							tc.name, tc.dt, tc.rows, tc.cols, n, th+1, k/tc.rows, k%tc.rows, got[k], want[k])
					}
				}
			}
		}
	}
}
