//go:build unix && !linux

package kv

// hugePages is Linux's transparent huge pages hint; other systems have no such call.
func hugePages(b []byte) {}
