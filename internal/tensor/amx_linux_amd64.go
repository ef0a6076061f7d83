//go:build amd64 && !purego

package tensor

import (
	"fmt"
	"syscall"
)

// requestAMX asks Linux for the AMX tile data state (arch_prctl ARCH_REQ_XCOMP_PERM,
// XFEATURE_XTILEDATA), without which the first tile instruction faults. The permission
// is per process, so once is enough.
func requestAMX() error {
	const archReqXcompPerm, xfeatureXtiledata = 0x1023, 18
	if _, _, e := syscall.RawSyscall(syscall.SYS_ARCH_PRCTL, archReqXcompPerm, xfeatureXtiledata, 0); e != 0 {
		return fmt.Errorf("kernel refused AMX permission: arch_prctl(ARCH_REQ_XCOMP_PERM): %v", e)
	}
	return nil
}
