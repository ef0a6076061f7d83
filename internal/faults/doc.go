// Package faults holds the fault switches of the incident-replay build.
//
// Built with -tags incidentreplay, each switch re-introduces one mechanism of the October 2026
// incident (shared/ISOLATION.md) by turning off the defence named beside it, so that
// `kvwarden replay-incident` and its tests can show the leak happen and each defence stop it on
// its own. In every other build the switches are false constants: each guarded hook is a branch
// on a constant, which the compiler removes, and assigning to a switch does not compile, so a
// normal binary has no way to turn a fault on (TestNormalBuildCannotEnableFaults).
//
// A switch is read by the engine's loop goroutine; set them before the engine starts.
package faults
