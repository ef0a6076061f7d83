//go:build !unix

package tenants

const oNonblock = 0
