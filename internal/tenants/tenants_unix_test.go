//go:build unix

package tenants

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestLoadRefusesWhatIsNotATenantsFile: devices, FIFOs, directories and huge files are refused
// promptly, without reading them (a FIFO would block, /dev/zero never ends).
func TestLoadRefusesWhatIsNotATenantsFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	huge := filepath.Join(dir, "huge.json")
	if err := os.WriteFile(huge, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(huge, MaxFileBytes+1); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, path, want string }{
		{"device", "/dev/zero", "not a regular file"},
		{"fifo", fifo, "not a regular file"},
		{"directory", dir, "not a regular file"},
		{"huge", huge, "more than the limit"},
		{"missing", filepath.Join(dir, "none.json"), "kvwarden tenant add --file " + filepath.Join(dir, "none.json")},
	} {
		t.Run(c.name, func(t *testing.T) {
			done := make(chan error, 1)
			go func() { _, err := NewStore(c.path); done <- err }()
			select {
			case err := <-done:
				if err == nil || !strings.Contains(err.Error(), c.want) {
					t.Fatalf("NewStore(%s) = %v, want an error containing %q", c.path, err, c.want)
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("NewStore(%s) hangs", c.path)
			}
		})
	}
}
