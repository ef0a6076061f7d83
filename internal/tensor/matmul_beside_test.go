package tensor

import (
	"math"
	"math/rand/v2"
	"sync/atomic"
	"testing"
)

// TestMatMulsBeside: the side tasks of a MatMulsBeside call each run exactly once, whether they
// are fewer than the products' tasks, more, or none, and whether the matrices run as one job,
// one after the other (two types) or have no rows; the products are MatMul's bits.
func TestMatMulsBeside(t *testing.T) {
	r := rand.New(rand.NewPCG(36, 37))
	const cols = 64
	groups := [][]*Matrix{
		{randomMatrix(r, Q8_0, 96, cols), randomMatrix(r, Q8_0, 32, cols), randomMatrix(r, Q8_0, 32, cols)},
		{randomMatrix(r, Q8_0, 40, cols), randomMatrix(r, F16, 24, cols)},
		{randomMatrix(r, Q8_0, 0, cols)},
		{},
	}
	x := randomVec(r, 8*cols)
	for _, threads := range []int{1, 2, 3} {
		p := NewPool(threads)
		defer p.Close()
		for gi, g := range groups {
			for _, n := range []int{0, 1, 8} {
				for _, sides := range []int{0, 1, 3, 40} {
					ran := make([]atomic.Int32, sides)
					ms := make([]MatOut, len(g))
					for k, w := range g {
						ms[k] = MatOut{w, make([]float32, n*w.Rows)}
					}
					p.MatMulsBeside(func(i int) { ran[i].Add(1) }, sides, x, n, ms...)
					for i := range ran {
						if c := ran[i].Load(); c != 1 {
							t.Fatalf("group %d, %d threads, n=%d: side task %d of %d ran %d times", gi, threads, n, i, sides, c)
						}
					}
					for k, w := range g {
						want := make([]float32, n*w.Rows)
						p.MatMul(w, x, n, want)
						for i := range want {
							if math.Float32bits(ms[k].Out[i]) != math.Float32bits(want[i]) {
								t.Fatalf("group %d, %d threads, n=%d, %d sides: matrix %d out[%d] = %g, MatMul %g", gi, threads, n, sides, k, i, ms[k].Out[i], want[i])
							}
						}
					}
				}
			}
		}
	}
}

// TestInterleave: every task of a job maps to exactly one product or side task, alternating
// from a side task while both last.
func TestInterleave(t *testing.T) {
	for _, c := range []struct{ products, sides int }{{0, 3}, {3, 0}, {1, 1}, {5, 2}, {2, 5}, {8, 8}} {
		seenP, seenS := make([]int, c.products), make([]int, c.sides)
		for task := range c.products + c.sides {
			i, side := interleave(task, c.products, c.sides)
			if side {
				seenS[i]++
			} else {
				seenP[i]++
			}
			if task < 2*min(c.products, c.sides) && side != (task%2 == 0) {
				t.Errorf("%+v: task %d is side=%v, want alternation from a side task", c, task, side)
			}
		}
		for _, seen := range [][]int{seenP, seenS} {
			for i, k := range seen {
				if k != 1 {
					t.Errorf("%+v: task %d mapped %d times", c, i, k)
				}
			}
		}
	}
}
