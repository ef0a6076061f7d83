//go:build amd64 && !purego

package tensor

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// TestQ8_0PackedTiles checks the 16-input packed Q8_0 tiles (avx512vnni, amx) bit for bit
// against the pure-Go kernel over batch sizes around the 16-lane groups and row counts
// around the 4- and 16-row groups, at 1 and 2 threads.
func TestQ8_0PackedTiles(t *testing.T) {
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
		{"avx512vnni", vnniMissing()},
		{"amx", amxErr},
	}
	for _, tc := range tests {
		t.Run(tc.kern, func(t *testing.T) {
			if tc.why != nil {
				t.Skipf("no %s kernels here: %v", tc.kern, tc.why)
			}
			for _, rows := range []int{16, 20, 37, 96} {
				for _, cols := range []int{32, 256 + 64} {
					m := randomMatrix(r, Q8_0, rows, cols)
					for _, n := range []int{8, 15, 16, 17, 31, 33, 64, 70} {
						x := randomVec(r, n*cols)
						SetKernels("go")
						want := make([]float32, n*rows)
						pools[0].MatMul(m, x, n, want)
						if err := SetKernels(tc.kern); err != nil {
							t.Fatal(err)
						}
						for th, p := range pools {
							got := make([]float32, n*rows)
							p.MatMul(m, x, n, got)
							for k := range got {
								if math.Float32bits(got[k]) != math.Float32bits(want[k]) {
									t.Fatalf("rows=%d cols=%d n=%d threads=%d: out[%d,%d] = %g, go %g",
										rows, cols, n, th+1, k/rows, k%rows, got[k], want[k])
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
