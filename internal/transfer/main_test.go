package transfer

import (
	"testing"

	"go.uber.org/goleak"
)

// TestMain fails the run if a stream, reader or timer goroutine outlives the tests: every transfer
// must stop by itself, whichever way it ends.
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}
