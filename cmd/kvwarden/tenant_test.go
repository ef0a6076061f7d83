package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/tenants"
)

// runTenant runs "kvwarden tenant" with args.
func runTenant(args ...string) (string, string, error) { return run(newTenantCmd(), args...) }

func TestTenantCLI(t *testing.T) {
	file := filepath.Join(t.TempDir(), "tenants.json")
	out, _, err := runTenant("add", "--file", file, "--name", "acme", "--max-concurrent", "3", "--tokens-per-minute", "6000", "--max-tokens", "256", "--weight", "2")
	if err != nil {
		t.Fatal(err)
	}
	key := strings.TrimSpace(out)
	if !strings.HasPrefix(key, tenants.KeyPrefix) || strings.Contains(key, "\n") {
		t.Fatalf("stdout should be exactly the key, got %q", out)
	}
	if _, _, err := runTenant("add", "--file", file, "--name", "beta"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := runTenant("add", "--file", file, "--name", "acme"); err == nil {
		t.Fatal("duplicate tenant added")
	}
	if _, _, err := runTenant("add", "--file", file, "--name", "x", "--max-tokens", "-1"); err == nil {
		t.Fatal("negative limit accepted")
	}
	if _, _, err := runTenant("add", "--file", file, "--name", "x", "--weight", "1001"); err == nil {
		t.Fatal("weight above the maximum accepted")
	}

	s, err := tenants.NewStore(file)
	if err != nil {
		t.Fatal(err)
	}
	tn, ok := s.Lookup(key)
	if !ok || tn.ID != "acme" || tn.Limits != (tenants.Limits{MaxConcurrent: 3, TokensPerMinute: 6000, MaxTokens: 256, Weight: 2}) {
		t.Fatalf("lookup: %+v %v", tn, ok)
	}

	out, _, err = runTenant("list", "--file", file)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "acme") || !strings.Contains(out, "beta") || !strings.Contains(out, "6000") || strings.Contains(out, key) {
		t.Fatalf("list output:\n%s", out)
	}
	if strings.Index(out, "acme") > strings.Index(out, "beta") {
		t.Fatalf("list not sorted:\n%s", out)
	}
	// The weight column: acme's 2, and beta's unset weight shown as the 1 the engine uses.
	for _, want := range []string{"WEIGHT", "acme  2 ", "beta  1 "} {
		if !strings.Contains(out, want) {
			t.Fatalf("list output lacks %q:\n%s", want, out)
		}
	}

	if _, _, err := runTenant("remove", "--file", file, "--name", "acme"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := runTenant("remove", "--file", file, "--name", "acme"); err == nil {
		t.Fatal("removed a missing tenant")
	}
	if _, err := s.Reload(); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Lookup(key); ok {
		t.Fatal("removed key still valid")
	}

	missing := filepath.Join(t.TempDir(), "none.json")
	if _, _, err := runTenant("remove", "--file", missing, "--name", "a"); err == nil {
		t.Fatal("remove on a missing file succeeded")
	}
	if _, err := os.Stat(missing); err == nil {
		t.Fatal("remove created the file")
	}
	if _, _, err := runTenant("list"); err == nil {
		t.Fatal("list without --file succeeded")
	}
	if _, _, err := runTenant("add", "--file", file); err == nil {
		t.Fatal("add without --name succeeded")
	}
}

func TestTenantMigrate(t *testing.T) {
	file := filepath.Join(t.TempDir(), "tenants.json")
	old := `{"version":1,"tenants":[{"id":"a","key_sha256":"` + tenants.HashKey("kvw-a") + `"}]}`
	if err := os.WriteFile(file, []byte(old), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := tenants.NewStore(file); err == nil {
		t.Fatal("the server accepted tenants without UIDs")
	}
	if _, _, err := runTenant("migrate", "--file", file); err != nil {
		t.Fatal(err)
	}
	s, err := tenants.NewStore(file)
	if err != nil {
		t.Fatal(err)
	}
	if tn, ok := s.Lookup("kvw-a"); !ok || tn.UID == "" {
		t.Fatalf("after migrate: %+v %v", tn, ok)
	}
	missing := filepath.Join(t.TempDir(), "none.json")
	if _, _, err := runTenant("migrate", "--file", missing); err == nil {
		t.Fatal("migrate of a missing file succeeded")
	}
	if _, err := os.Stat(missing); err == nil {
		t.Fatal("migrate created the file")
	}
}

// TestTenantAdapterGrants: add --adapters writes grants, grant replaces or revokes them, list shows
// them, and a bad name or a missing tenant is refused without changing the file.
func TestTenantAdapterGrants(t *testing.T) {
	file := filepath.Join(t.TempDir(), "tenants.json")
	if _, _, err := runTenant("add", "--file", file, "--name", "acme", "--adapters", "sql-lora,shared"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := runTenant("add", "--file", file, "--name", "beta"); err != nil {
		t.Fatal(err)
	}
	grants := func(id string) []string {
		t.Helper()
		f, err := tenants.Load(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, tn := range f.Tenants {
			if tn.ID == id {
				return tn.Adapters
			}
		}
		t.Fatalf("no tenant %s", id)
		return nil
	}
	if g := grants("acme"); strings.Join(g, ",") != "sql-lora,shared" {
		t.Fatalf("acme's grants %v", g)
	}
	for _, c := range []struct {
		args []string
		ok   bool
		want string // beta's grants afterwards
	}{
		{[]string{"--name", "beta", "--adapters", "shared,org/chat"}, true, "shared,org/chat"},
		{[]string{"--name", "beta", "--adapters", "bad name"}, false, "shared,org/chat"},
		{[]string{"--name", "beta", "--adapters", "a,a"}, false, "shared,org/chat"},
		{[]string{"--name", "nobody", "--adapters", "a"}, false, "shared,org/chat"},
		{[]string{"--name", "beta", "--adapters", ""}, true, ""},
	} {
		_, _, err := runTenant(append([]string{"grant", "--file", file}, c.args...)...)
		if (err == nil) != c.ok {
			t.Fatalf("grant %v: err %v", c.args, err)
		}
		if g := strings.Join(grants("beta"), ","); g != c.want {
			t.Fatalf("after grant %v: beta's grants %q, want %q", c.args, g, c.want)
		}
	}
	out, _, err := runTenant("list", "--file", file)
	if err != nil || !strings.Contains(out, "ADAPTERS") || !strings.Contains(out, "sql-lora,shared") {
		t.Fatalf("list: %v\n%s", err, out)
	}
	if _, _, err := runTenant("add", "--file", file, "--name", "gamma", "--adapters", "bad name"); err == nil {
		t.Fatal("add with an invalid adapter name succeeded")
	}
}
