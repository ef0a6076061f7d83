//go:build unix

package tensor

import "golang.org/x/sys/unix"

// allocWeights returns n zeroed bytes outside the Go heap and the func that frees them:
// a model's worth of live heap would let the collector keep about as much garbage again
// before it runs.
func allocWeights(n int) ([]byte, func()) {
	if n == 0 {
		return nil, func() {}
	}
	b, err := unix.Mmap(-1, 0, n, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		return make([]byte, n), func() {}
	}
	return b, func() { _ = unix.Munmap(b) }
}
