package kv

import "golang.org/x/sys/unix"

// hugePages asks for transparent huge pages where the system allows them (a hint: errors are
// ignored): attention reads every page of a long context at each step, a few short runs in each
// 4 KiB page, so with small pages it misses the TLB at each run.
func hugePages(b []byte) { _ = unix.Madvise(b, unix.MADV_HUGEPAGE) }
