//go:build amd64 && !purego

package tensor

import "math"

//go:noescape
func expsSubAVX2(x *float32, m float32, n8 int, tab *[expTabLen][8]float32)

//go:noescape
func swigluAVX2(dst, gate, up *float32, n8 int, tab *[expTabLen][8]float32)

//go:noescape
func scaleAVX2(x *float32, a float32, n8 int)

const expTabLen = 14

// expTab holds expf32's constants broadcast to 8 lanes, taken from the Go twin's own
// constants so the two cannot drift apart.
var expTab = func() (t [expTabLen][8]float32) {
	c := [expTabLen]float32{expLog2e, expC1, expC2, expP0, expP1, expP2, expP3, expP4, expP5,
		1, expLo, expHi, float32(math.Inf(1)), math.Float32frombits(1 << 31)}
	for i, v := range c {
		for l := range t[i] {
			t[i][l] = v
		}
	}
	return t
}()

func expsSubVec(x []float32, m float32) {
	n := len(x) &^ 7
	if n > 0 {
		expsSubAVX2(&x[0], m, n/8, &expTab)
	}
	expsSubGo(x[n:], m)
}

func swigluVec(dst, gate, up []float32) {
	dst = dst[:len(gate)]
	up = up[:len(gate)]
	n := len(gate) &^ 7
	if n > 0 {
		swigluAVX2(&dst[0], &gate[0], &up[0], n/8, &expTab)
	}
	swigluGo(dst[n:], gate[n:], up[n:])
}

func scaleVec(x []float32, a float32) {
	n := len(x) &^ 7
	if n > 0 {
		scaleAVX2(&x[0], a, n/8)
	}
	scaleGo(x[n:], a)
}
