//go:build amd64 && !purego

package bench

import "golang.org/x/sys/cpu"

//go:noescape
func fmaZMM(iters int)

//go:noescape
func fmaYMM(iters int)

//go:noescape
func int8ZMM(iters int)

//go:noescape
func int8YMM(iters int)

//go:noescape
func readYMM(p *uint64, n int) uint64

// fmaPeak returns the widest register-only FMA loop this CPU (and OS) can run: the loop runs
// iters iterations of 12 FMAs; flopsPerIter counts 2 per lane.
func fmaPeak() (loop func(iters int), flopsPerIter float64, name string) {
	switch {
	case cpu.X86.HasAVX512F && cpu.X86.HasAVX512DQ: // VXORPS on ZMM registers is AVX512DQ
		return fmaZMM, 12 * 16 * 2, "AVX-512 VFMADD231PS"
	case cpu.X86.HasAVX2 && cpu.X86.HasFMA:
		return fmaYMM, 12 * 8 * 2, "AVX2 VFMADD231PS"
	}
	return nil, 0, ""
}

// int8Peak returns the register-only loop of the int8 products the quantised kernels are built
// on: VPDPBUSD where the CPU has AVX-512 VNNI, else the AVX2 kernels' VPMADDUBSW + VPMADDWD
// pairs; opsPerIter counts 2 per byte product, as FLOPs count a multiply-add.
func int8Peak() (loop func(iters int), opsPerIter float64, name string) {
	switch {
	case cpu.X86.HasAVX512F && cpu.X86.HasAVX512DQ && cpu.X86.HasAVX512VNNI: // VXORPS on ZMM is AVX512DQ
		return int8ZMM, 12 * 64 * 2, "AVX-512 VPDPBUSD"
	case cpu.X86.HasAVX2:
		return int8YMM, 6 * 32 * 2, "AVX2 VPMADDUBSW + VPMADDWD"
	}
	return nil, 0, ""
}

// readKernel returns a streaming reader of whole 128-byte blocks with the widest loads this CPU
// allows; pure Go loads 8 bytes at a time, which can fall short of saturating memory.
func readKernel() (read func(b []uint64) uint64, name string) {
	if cpu.X86.HasAVX2 {
		return func(b []uint64) uint64 {
			n := len(b) / 16
			if n == 0 {
				return 0
			}
			return readYMM(&b[0], n)
		}, "AVX2 32-byte loads"
	}
	return readGo, "Go 8-byte loads"
}
