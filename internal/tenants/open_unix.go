//go:build unix

package tenants

import "syscall"

// oNonblock keeps opening a FIFO from waiting for a writer; the file is refused right after.
const oNonblock = syscall.O_NONBLOCK
