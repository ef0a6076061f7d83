package testenv

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestLockBuild: a second builder waits for the first one's binary instead of building again, and
// takes over a lock whose builder died (older than staleBuild).
func TestLockBuild(t *testing.T) {
	dir := t.TempDir()
	lock, bin := filepath.Join(dir, "lock"), filepath.Join(dir, "pd-sidecar")
	unlock, err := lockBuild(lock, bin)
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		time.Sleep(200 * time.Millisecond)
		os.WriteFile(bin, []byte("built"), 0o755)
		unlock()
	}()
	if _, err := lockBuild(lock, bin); err != nil || !built(bin) {
		t.Fatalf("the second builder returned before the binary was there: %v", err)
	}

	os.Remove(bin)
	if err := os.WriteFile(lock, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-2 * staleBuild)
	os.Chtimes(lock, old, old)
	done := make(chan error, 1)
	go func() { _, err := lockBuild(lock, bin); done <- err }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a dead builder's lock was not taken over")
	}
	if _, err := os.Stat(lock); err != nil {
		t.Errorf("the lock taken over is not held: %v", err)
	}
}
