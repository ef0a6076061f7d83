package tensor

// Exps sets x[i] = exp(x[i]) with Softmax's float32 exp (expf32, vectorised where the CPU allows:
// the same bits on every kernel variant). -Inf gives exactly 0, as do results below the normal range.
func Exps(x []float32) { activeKernels.Load().expsSub(x, 0) }

// SumF64 is the float64 sum of x in Softmax's order (sumF64Go's sixteen lanes, folded): the same
// bits on every kernel variant; 0 for an empty x.
func SumF64(x []float32) float64 {
	if len(x) == 0 {
		return 0
	}
	return activeKernels.Load().sumF64(x)
}
