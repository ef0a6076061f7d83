//go:build !devtools

package main

import "testing"

// TestBenchLeavesOutDevtools: the product binary's bench has no comparison against llama.cpp and no
// throw-away cluster; those are the devtools build's (go build -tags devtools).
func TestBenchLeavesOutDevtools(t *testing.T) {
	for _, c := range []struct{ cmd, flag string }{
		{"offline", "compare-llama-bench"},
		{"serve", "compare-llama-server"},
		{"serve", "reps"},
	} {
		for _, sub := range newBenchCmd().Commands() {
			if sub.Name() == c.cmd && sub.Flags().Lookup(c.flag) != nil {
				t.Errorf("bench %s has --%s", c.cmd, c.flag)
			}
		}
	}
	for _, sub := range newBenchCmd().Commands() {
		if sub.Name() == "split" {
			t.Error("bench has split")
		}
	}
}
