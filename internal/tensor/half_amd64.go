//go:build amd64 && !purego

package tensor

// roundF16sF16C sets dst[i] = RoundF16(src[i]) for i < 8·n8.
//
//go:noescape
func roundF16sF16C(dst, src *float32, n8 int)

// roundBF16sAVX2 sets dst[i] = RoundBF16(src[i]) for i < 8·n8.
//
//go:noescape
func roundBF16sAVX2(dst, src *float32, n8 int)

func roundF16sVec(dst, src []float32) {
	dst = dst[:len(src)]
	n := len(src) &^ 7
	if n > 0 {
		roundF16sF16C(&dst[0], &src[0], n/8)
	}
	roundF16sGo(dst[n:], src[n:])
}

func roundBF16sVec(dst, src []float32) {
	dst = dst[:len(src)]
	n := len(src) &^ 7
	if n > 0 {
		roundBF16sAVX2(&dst[0], &src[0], n/8)
	}
	roundBF16sGo(dst[n:], src[n:])
}
