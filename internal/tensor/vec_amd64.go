//go:build amd64 && !purego

package tensor

//go:noescape
func axpyAVX2(dst, x *float32, a float32, n8 int)

//go:noescape
func f16sToF32F16C(dst *float32, src *uint16, n8 int)

func axpyVec(dst []float32, a float32, x []float32) {
	x = x[:len(dst)]
	n := len(dst) &^ 7
	if n > 0 {
		axpyAVX2(&dst[0], &x[0], a, n/8)
	}
	axpyGo(dst[n:], a, x[n:])
}

func f16sToF32Vec(dst []float32, src []uint16) {
	dst = dst[:len(src)]
	n := len(src) &^ 7
	if n > 0 {
		f16sToF32F16C(&dst[0], &src[0], n/8)
	}
	f16sToF32Go(dst[n:], src[n:])
}
