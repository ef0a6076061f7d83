// Package testenv finds the shared test models and reference outputs for tests.
//
// They live outside the repository (../shared beside the checkout, or KVWARDEN_TESTDATA). A user's
// checkout without them skips those tests with a clear message; under CI (CI set) a missing folder
// is a failure, so the anchors can never silently stop running.
package testenv

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Shared returns the shared test-data folder, which holds models/ and reference/.
func Shared(t testing.TB) string {
	t.Helper()
	dir := os.Getenv("KVWARDEN_TESTDATA")
	if dir == "" {
		_, file, _, _ := runtime.Caller(0)
		// internal/testenv/testenv.go -> repository root -> its parent.
		dir = filepath.Join(filepath.Dir(file), "..", "..", "..", "shared")
	}
	if _, err := os.Stat(filepath.Join(dir, "models")); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("shared test data not found at %s (set KVWARDEN_TESTDATA): %v", dir, err)
		}
		t.Skipf("shared test data not found at %s; set KVWARDEN_TESTDATA to the folder holding models/ and reference/", dir)
	}
	return dir
}

// Model returns the path of a file in the shared models folder.
func Model(t testing.TB, name string) string {
	t.Helper()
	return filepath.Join(Shared(t), "models", name)
}

// Reference returns the path of a file in the shared reference folder.
func Reference(t testing.TB, name string) string {
	t.Helper()
	return filepath.Join(Shared(t), "reference", name)
}
