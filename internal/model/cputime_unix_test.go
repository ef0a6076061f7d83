//go:build unix

package model

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used: on a shared machine it measures a benchmark's
// work where wall time also measures its neighbours.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
