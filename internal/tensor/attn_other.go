//go:build !amd64 || purego

package tensor

import "unsafe"

// prefetchRows is only a hint; without assembly there is nothing to issue.
func prefetchRows(p unsafe.Pointer, stride, n, rowBytes int) {}
