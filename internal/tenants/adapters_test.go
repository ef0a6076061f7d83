package tenants

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAdapterGrants: a file tenant may use only its granted adapters, a reload applies new grants,
// and dev mode's and --api-key's single tenant may use every adapter.
func TestAdapterGrants(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tenants.json")
	f := &File{Version: FileVersion}
	keyA, err := f.Add("a", Limits{})
	if err != nil {
		t.Fatal(err)
	}
	keyB, err := f.Add("b", Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Grant("a", []string{"a-private", "shared"}); err != nil {
		t.Fatal(err)
	}
	if err := f.Grant("b", []string{"shared"}); err != nil {
		t.Fatal(err)
	}
	if err := f.Save(path); err != nil {
		t.Fatal(err)
	}
	s, err := NewStore(path)
	if err != nil {
		t.Fatal(err)
	}
	mayUse := func(key, adapter string) bool {
		tn, ok := s.Lookup(key)
		return ok && s.MayUse(tn, adapter)
	}
	for _, c := range []struct {
		key, adapter string
		want         bool
	}{
		{keyA, "a-private", true}, {keyA, "shared", true}, {keyB, "shared", true},
		{keyB, "a-private", false}, {keyB, "nonexistent", false}, {keyA, "A-PRIVATE", false},
	} {
		if got := mayUse(c.key, c.adapter); got != c.want {
			t.Errorf("tenant of key %.8s… may use %s: %v, want %v", c.key, c.adapter, got, c.want)
		}
	}
	if err := f.Grant("b", []string{"shared", "a-private"}); err != nil {
		t.Fatal(err)
	}
	if err := f.Save(path); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Reload(); err != nil {
		t.Fatal(err)
	}
	if !mayUse(keyB, "a-private") {
		t.Fatal("a reload did not apply b's new grant")
	}
	dev := NewDevStore()
	tn, _ := dev.Lookup("")
	if !dev.MayUse(tn, "anything") {
		t.Fatal("dev mode's tenant may not use every adapter")
	}
	single, err := singleKeyStore("kvw-0123456789abcdef0123456789", "--api-key")
	if err != nil {
		t.Fatal(err)
	}
	tn, _ = single.Lookup("kvw-0123456789abcdef0123456789")
	if !single.MayUse(tn, "anything") {
		t.Fatal("--api-key's tenant may not use every adapter")
	}
}

// TestGrantsValidated: a tenants file with an invalid or repeated grant is refused as a whole.
func TestGrantsValidated(t *testing.T) {
	for _, c := range []struct{ adapters, want string }{
		{`["ok","ok"]`, "granted twice"},
		{`["bad name"]`, "invalid adapter name"},
		{`[""]`, "invalid adapter name"},
	} {
		path := filepath.Join(t.TempDir(), "tenants.json")
		body := `{"version":1,"tenants":[{"id":"a","uid":"0123456789abcdef0123456789abcdef","key_sha256":"` +
			strings.Repeat("ab", 32) + `","limits":{},"adapters":` + c.adapters + `}]}`
		if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := Load(path); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("adapters %s: err %v, want %q", c.adapters, err, c.want)
		}
	}
}
