package server

import (
	"testing"

	"github.com/kvwarden/kvwarden/internal/core"
	"github.com/kvwarden/kvwarden/internal/tenants"
)

// The tenants file and the core must agree on the weights they accept, or a valid file would
// have every request of a tenant refused.
func TestWeightRangesAgree(t *testing.T) {
	if tenants.MaxWeight != core.MaxWeight {
		t.Fatalf("tenants.MaxWeight %d != core.MaxWeight %d", tenants.MaxWeight, core.MaxWeight)
	}
}
