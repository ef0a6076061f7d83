//go:build !amd64 || purego

package tensor

func archKernels() []*kernels { return nil }
