//go:build !amd64 || purego

package bench

func fmaPeak() (loop func(iters int), flopsPerIter float64, name string) { return nil, 0, "" }

func int8Peak() (loop func(iters int), opsPerIter float64, name string) { return nil, 0, "" }

func readKernel() (read func(b []uint64) uint64, name string) { return readGo, "Go 8-byte loads" }
