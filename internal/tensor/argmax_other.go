//go:build !amd64 || purego

package tensor

func argmaxVecLen(int) int { return 0 }

func maxF32sVec([]float32, []uint64) float32 { panic("unreachable") }

func firstEqF32Vec([]float32, []uint64, float32) int { panic("unreachable") }
