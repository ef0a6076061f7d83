// Package invariants says whether this build re-verifies invariants at run time.
//
// Build (or test) with -tags invariants to turn the checks on: the engine then runs the core's
// full invariant checker after every step and tick and panics on the first violation, so any test
// that drives it fails. Without the tag Enabled is a false constant and the checks compile away.
// The idea is pebble's internal/invariants.
package invariants
