package tensor

import (
	"runtime"
	"slices"
	"strings"
	"testing"
)

// forEachKernel runs f once per kernel variant this CPU has ("go" first), each as a
// subtest named after the variant and with that variant active, then restores the active
// variant. The variant is package state, so the subtests must not run in parallel.
func forEachKernel(t *testing.T, f func(t *testing.T, k *kernels)) {
	t.Helper()
	active := activeKernels.Load()
	defer activeKernels.Store(active)
	for _, k := range availableKernels {
		t.Run(k.name, func(t *testing.T) {
			activeKernels.Store(k)
			f(t, k)
		})
	}
}

// skipGoKernelsInShort skips the pure-Go variant's run of a batching test in -short mode, CI's
// arm64 run under qemu, where the two largest tests spent a third of their time on it: the Go
// kernels are one source on every architecture, with no multiply-add fused (.ci/run checks the
// arm64 build), so the native run's check of them holds there; emulation is for the NEON sets.
func skipGoKernelsInShort(t *testing.T, k *kernels) {
	t.Helper()
	if testing.Short() && k == goKernels {
		t.Skip("-short: the pure-Go kernels' batching is the native run's check")
	}
}

// useKernels makes k the active variant until the test ends.
func useKernels(t *testing.T, k *kernels) {
	t.Helper()
	active := activeKernels.Load()
	activeKernels.Store(k)
	t.Cleanup(func() { activeKernels.Store(active) })
}

// TestKernelsEnv checks how KVWARDEN_KERNELS is taken: unset or empty keeps the best set, a set
// this CPU runs becomes active, and a name that does not exist or a set the CPU lacks is refused
// with an error saying which, leaving the active set alone.
func TestKernelsEnv(t *testing.T) {
	available, best := Kernels()
	var lacking string
	for _, name := range kernelSetNames {
		if !slices.Contains(available, name) {
			lacking = name // some set of another architecture always is
		}
	}
	tests := []struct {
		value    string
		set      bool
		selected string // "" keeps the active set
		err      string
	}{
		{"", false, "", ""},
		{"", true, "", ""},
		{"go", true, "go", ""},
		{available[len(available)-1], true, available[len(available)-1], ""},
		{"sse9", true, "", `KVWARDEN_KERNELS=sse9: no kernel set named "sse9" (the sets: go, avx2, avxvnni, avx512, vnni, amx, neon, dotprod, i8mm)`},
		{"Go", true, "", `no kernel set named "Go"`},
		{lacking, true, "", "KVWARDEN_KERNELS=" + lacking + ": this CPU (" + runtime.GOARCH + ") cannot run the " + lacking + " kernels; it can run " + strings.Join(available, ", ")},
	}
	for _, tc := range tests {
		t.Run(tc.value, func(t *testing.T) {
			useKernels(t, activeKernels.Load())
			got, err := selectEnvKernels(tc.value, tc.set)
			_, active := Kernels()
			switch {
			case tc.err == "" && err != nil:
				t.Fatalf("%v", err)
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Fatalf("error %v, want one with %q", err, tc.err)
			case got != tc.selected:
				t.Fatalf("selected %q, want %q", got, tc.selected)
			case tc.selected != "" && active != tc.selected, tc.selected == "" && active != best:
				t.Fatalf("active %q after %q", active, tc.value)
			}
		})
	}
}
