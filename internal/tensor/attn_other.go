//go:build !amd64 || purego

package tensor

// prefetchRows is only a hint; without assembly there is nothing to issue.
func prefetchRows(p *byte, stride, n, rowBytes int) {}
