package tensor

// Exps sets x[i] = exp(x[i]) with Softmax's float32 exp (expf32, vectorised where the CPU allows:
// the same bits on every kernel variant). -Inf gives exactly 0, as do results below the normal range.
func Exps(x []float32) { activeKernels.Load().expsSub(x, 0) }
