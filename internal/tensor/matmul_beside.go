package tensor

// MatMulsBeside is MatMuls with sides more tasks, side(0) .. side(sides-1), run in the same job
// as the products and interleaved with their tasks, a side task first. Work bound by memory
// (a LoRA delta streaming an adapter per sequence) then runs beside the products' arithmetic
// instead of after it, and the workers meet once for both. side must not write x nor read or
// write the products' outputs, and must not call back into the Pool. The products are
// MatMuls' bits.
func (p *Pool) MatMulsBeside(side func(int), sides int, x []float32, n int, ms ...MatOut) {
	if sides < 0 {
		panic("tensor: MatMulsBeside with a negative task count")
	}
	p.matMuls(side, sides, x, n, ms)
}

// interleave maps task t of a job of products product tasks and sides side tasks, alternating
// from a side task while both last: side task i (true) or product task i (false).
func interleave(t, products, sides int) (i int, side bool) {
	pairs := min(products, sides)
	if t < 2*pairs {
		return t / 2, t%2 == 0
	}
	return t - pairs, sides > products
}
