package e2e

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestProbeAdaptersFindsNothing points "kvwarden probe --adapter" at a real kvwarden serving two
// LoRA adapters, each private to one of two tenants: the adapter check (a prefix sent under one
// tenant's adapter, then under the base model by the same tenant and under the other adapter by
// the other tenant) finds no cached_tokens and no timing difference, and its control shows the
// owner's own cache hit, so the check had a signal; every other check is clean too.
func TestProbeAdaptersFindsNothing(t *testing.T) {
	tenants := filepath.Join(t.TempDir(), "tenants.json")
	keys := []string{addTenant(t, tenants, "alice", "--adapters", "alice-lora"), addTenant(t, tenants, "bob", "--adapters", "bob-lora")}
	s := startServer(t, serverOpts{model: llamaModel, tenants: tenants, kvMem: isolationPool, args: []string{
		"--lora", "alice-lora=" + loraAdapter(t, 1, false), "--lora", "bob-lora=" + loraAdapter(t, 2, false)}})
	out := runProbe(t, s.base, keys, probeBudget(400, 2500), s.failIfBroken, "--adapter", "alice-lora", "--adapter", "bob-lora")
	if !strings.Contains(out, "adapter ") || !strings.Contains(out, "the owner's cache shows") {
		t.Errorf("the report lacks the adapter check or its control's signal:\n%s", out)
	}
	checkPoolWhole(t, s.waitIdle(t, 10_000_000_000))
}
