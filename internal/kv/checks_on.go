//go:build !noisolation

package kv

// IsolationChecks reports whether page header checks are compiled in. Only a build with the
// noisolation tag, made to measure what the checks cost, turns them off.
const IsolationChecks = true
