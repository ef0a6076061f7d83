package tensor

import "math"

// Vector kernels of the forward pass. They follow ggml's CPU arithmetic where it is
// cheap to (float64 sums in RMSNorm and Softmax); each is deterministic for a given
// input, independent of batch composition.

// RMSNorm sets dst = x / sqrt(mean(x²) + eps) * weight, as ggml's rms_norm followed by
// the weight multiply: squares are summed in float64, the scale is computed in float32
// and x*scale is rounded before multiplying by weight. weight may be nil.
func RMSNorm(dst, x, weight []float32, eps float32) {
	dst = dst[:len(x)]
	// Four chains of float64 adds instead of one: a single chain is latency-bound (a row of a
	// decode step is ~1 µs of it, ×2 per layer and per sequence). Float64 holds these sums of
	// float32 squares all but exactly, so the mean rounded to float32 is ggml's sequential one.
	var s0, s1, s2, s3 float64
	i := 0
	for ; i+4 <= len(x); i += 4 {
		v := x[i : i+4 : i+4]
		s0 += float64(v[0] * v[0])
		s1 += float64(v[1] * v[1])
		s2 += float64(v[2] * v[2])
		s3 += float64(v[3] * v[3])
	}
	for ; i < len(x); i++ {
		s0 += float64(x[i] * x[i])
	}
	sum := (s0 + s1) + (s2 + s3)
	mean := float32(sum / float64(len(x)))
	scale := 1 / float32(math.Sqrt(float64(mean+eps)))
	if weight == nil {
		for i, v := range x {
			dst[i] = v * scale
		}
		return
	}
	weight = weight[:len(x)]
	for i, v := range x {
		dst[i] = float32(v*scale) * weight[i]
	}
}

// Softmax replaces x by softmax(x): max subtracted, exp (expf32) in float32, the sum in
// float64 (sumF64Go's 16-lane order, which the vector kernels follow), then scaled by
// float32(1/sum). -Inf entries (masked positions) become exactly 0. The exp and the scale are
// element-wise, so the vector kernels give the same bits as the Go twins.
func Softmax(x []float32) {
	if len(x) == 0 {
		return
	}
	k := activeKernels.Load()
	k.expsSub(x, k.maxF32(x))
	k.scale(x, float32(1/k.sumF64(x)))
}

// SiLU returns x*sigmoid(x) computed as ggml does: x/(1+exp(-x)), with expf32 so it
// equals SwiGLU's element bit for bit.
func SiLU(x float32) float32 { return siluGo(x) }

// SiLUs applies SiLU in place.
func SiLUs(x []float32) {
	for i, v := range x {
		x[i] = SiLU(v)
	}
}

// SwiGLU sets dst = SiLU(gate) * up.
func SwiGLU(dst, gate, up []float32) { activeKernels.Load().swiglu(dst, gate, up) }

// GELU is the tanh approximation ggml uses for gelu.
func GELU(x float32) float32 {
	const c = 0.7978845608028654 // sqrt(2/pi)
	return 0.5 * x * (1 + float32(math.Tanh(float64(c*x*(1+float32(0.044715*x*x))))))
}

// Axpy sets dst += a*x.
func Axpy(dst []float32, a float32, x []float32) { activeKernels.Load().axpy(dst, a, x) }

func axpyGo(dst []float32, a float32, x []float32) {
	x = x[:len(dst)]
	for i := range dst {
		dst[i] += float32(a * x[i])
	}
}

// Scale sets x *= a.
func Scale(x []float32, a float32) { activeKernels.Load().scale(x, a) }

// Add sets dst = a + b.
func Add(dst, a, b []float32) {
	a = a[:len(dst)]
	b = b[:len(dst)]
	for i := range dst {
		dst[i] = a[i] + b[i]
	}
}

// Mul sets dst = a * b element-wise.
func Mul(dst, a, b []float32) {
	a = a[:len(dst)]
	b = b[:len(dst)]
	for i := range dst {
		dst[i] = a[i] * b[i]
	}
}

// DotF32 is the float32 dot product of a and b[:len(a)], in the fixed 16-lane order of
// the F32 MatMul (so DotF32(x, row) equals the F32 MatMul element bit for bit).
func DotF32(a, b []float32) float32 { return activeKernels.Load().dotF32(a, b) }
