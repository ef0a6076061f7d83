//go:build noisolation

package kv

// IsolationChecks is false in the noisolation build, which exists only to measure the cost of
// the header checks; it must never serve tenants.
const IsolationChecks = false
