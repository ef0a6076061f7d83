//go:build invariants

package invariants

// Enabled is true: this build re-verifies invariants.
const Enabled = true
