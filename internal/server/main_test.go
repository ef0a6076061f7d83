package server

import (
	"testing"

	"go.uber.org/goleak"
)

// TestMain fails the run if any goroutine (handlers, choice readers, the fake engine's generators,
// connections) outlives the tests: a leaked reader would mean an engine request that was never
// closed.
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}
