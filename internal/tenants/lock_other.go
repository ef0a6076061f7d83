//go:build !unix

package tenants

// lockFile is a no-op where flock is unavailable: concurrent edits there are the operator's care.
func lockFile(string) (func(), error) { return func() {}, nil }
