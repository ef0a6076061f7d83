//go:build amd64 && !purego && !linux

package tensor

import "errors"

// requestAMX refuses outside Linux: the permission request used there is Linux's.
func requestAMX() error { return errors.New("AMX permission is only requested on Linux") }
