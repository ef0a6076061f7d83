//go:build race

package tensor

// Under the race detector the pool hands work over through channels only: its
// spin-wait handoffs are correct (release/acquire atomics) but, with thousands of
// atomic operations per second, ThreadSanitizer occasionally reports them as races.
const raceEnabled = true
