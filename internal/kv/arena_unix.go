//go:build unix

package kv

import "golang.org/x/sys/unix"

// allocArena maps anonymous memory for the pool. Outside the Go heap, a pool of N bytes costs N
// bytes: a heap slice that size would let the collector keep about as much garbage again before
// it runs. The mapping is page-aligned, so every page's float views are aligned too.
func allocArena(n int) ([]byte, func() error, error) {
	b, err := unix.Mmap(-1, 0, n, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		return nil, nil, err
	}
	hugePages(b)
	return b, func() error { return unix.Munmap(b) }, nil
}
