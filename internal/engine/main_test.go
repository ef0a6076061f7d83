package engine

import (
	"testing"

	"go.uber.org/goleak"
)

// TestMain fails the run if any goroutine outlives the engine tests: a request that left a
// goroutine behind (a rejected one above all) holds memory forever.
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}
