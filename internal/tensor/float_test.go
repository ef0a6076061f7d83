package tensor

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestFloatKernelsShapes compares every kernel variant with the Go reference on raw float
// encodings (inf, NaN, subnormals) over the shapes that pick each path of the float tiles:
// columns below 16, an odd and an even count of 16-column steps, with and without a tail;
// rows in 8-row, 4-row and leftover groups; inputs in groups of 6, of 4 and leftovers.
func TestFloatKernelsShapes(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	p := NewPool(1)
	defer p.Close()
	for _, dt := range []DType{F16, BF16, F32} {
		for _, cols := range []int{5, 16, 48, 64, 77, 528} {
			for _, rows := range []int{3, 8, 12, 27} {
				for _, n := range []int{1, 3, 4, 6, 9, 12, 17, 23} {
					m := rawMatrix(r, dt, rows, cols)
					matchGoKernels(t, p, m, wideVec(r, n*cols), n, true, fmt.Sprintf("%s %dx%d n=%d", dt, rows, cols, n))
				}
			}
		}
	}
}
