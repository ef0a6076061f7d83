//go:build !unix

package kv

import "unsafe"

// allocArena falls back to the Go heap, as uint64 words so that the float views are aligned.
func allocArena(n int) ([]byte, func() error, error) {
	words := make([]uint64, (n+7)/8)
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(words))), n), func() error { return nil }, nil
}
