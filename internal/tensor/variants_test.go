package tensor

import "testing"

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

// useKernels makes k the active variant until the test ends.
func useKernels(t *testing.T, k *kernels) {
	t.Helper()
	active := activeKernels.Load()
	activeKernels.Store(k)
	t.Cleanup(func() { activeKernels.Store(active) })
}
