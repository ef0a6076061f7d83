package main

import (
	"bytes"
	"runtime"
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/tensor"
)

// TestVersion checks both spellings print the same lines: version, revision, Go, kernels in use.
func TestVersion(t *testing.T) {
	_, active := tensor.Kernels()
	for _, args := range [][]string{{"version"}, {"--version"}} {
		root := newRootCmd()
		var out bytes.Buffer
		root.SetOut(&out)
		root.SetArgs(args)
		if err := root.Execute(); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		got := out.String()
		if got != versionText() {
			t.Errorf("%v: %q, want %q", args, got, versionText())
		}
		for _, want := range []string{"kvwarden ", "\nrevision ", runtime.Version(), "\nkernels " + active + " (available: go"} {
			if !strings.Contains(got, want) {
				t.Errorf("%v: %q lacks %q", args, got, want)
			}
		}
	}
}
