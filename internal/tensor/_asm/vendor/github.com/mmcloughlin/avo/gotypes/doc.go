// Package gotypes provides helpers for interacting with Go types within avo functions.
package gotypes
