//go:build devtools

package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestCompareFlagsRefused: the llama.cpp comparisons refuse what does not apply to them before
// loading anything.
func TestCompareFlagsRefused(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"bench", "serve", "--compare-llama-server", "/bin/false", "--addr", "127.0.0.1:1"}, "--addr and --api-key do not apply"},
		{[]string{"bench", "serve", "--compare-llama-server", "/bin/false", "--api-key", "k"}, "--addr and --api-key do not apply"},
	} {
		root := newRootCmd()
		root.SetOut(&bytes.Buffer{})
		root.SetErr(&bytes.Buffer{})
		root.SetArgs(c.args)
		if err := root.Execute(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %v, want %q", c.args, err, c.want)
		}
	}
}
