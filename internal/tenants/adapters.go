package tenants

import (
	"fmt"
	"regexp"
	"slices"
)

// adapterNamePattern is what may name a LoRA adapter: clients pass it in "model" and it appears in
// /v1/models and in logs, so it is kept printable and short; '/' and ':' allow names such as
// "org/sql-lora" that model names use.
var adapterNamePattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._:/-]{0,127}$`)

// ValidAdapterName reports whether name may name a LoRA adapter.
func ValidAdapterName(name string) bool { return adapterNamePattern.MatchString(name) }

// checkGrants refuses an invalid or repeated adapter name in a tenant's grants.
func checkGrants(names []string) error {
	for i, n := range names {
		if !ValidAdapterName(n) {
			return fmt.Errorf("invalid adapter name %q: use 1-128 letters, digits, '.', '_', ':', '/' or '-', starting with a letter or digit", n)
		}
		if slices.Contains(names[:i], n) {
			return fmt.Errorf("adapter %q granted twice", n)
		}
	}
	return nil
}

// Grant replaces the adapters tenant id may use with names (none revokes every grant). Grants may
// name adapters no server loads yet: the file is written before a server starts with them.
func (f *File) Grant(id string, names []string) error {
	i := f.index(id)
	if i < 0 {
		return fmt.Errorf("no tenant %q", id)
	}
	if err := checkGrants(names); err != nil {
		return err
	}
	f.Tenants[i].Adapters = slices.Clone(names)
	return nil
}

// MayUse reports whether tenant t may use the adapter called name. A tenant of a file uses only
// the adapters granted to it; dev mode's open tenant and --api-key's single tenant use every one.
func (s *Store) MayUse(t Tenant, name string) bool {
	return s.everyAdapter || slices.Contains(t.Adapters, name)
}
