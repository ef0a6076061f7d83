package tenants

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

func TestAddSaveLoadLookup(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tenants.json")
	f, err := LoadOrEmpty(path)
	if err != nil {
		t.Fatal(err)
	}
	keyA, err := f.Add("acme", Limits{MaxConcurrent: 2, TokensPerMinute: 1000, MaxTokens: 64})
	if err != nil {
		t.Fatal(err)
	}
	keyB, err := f.Add("globex", Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(keyA, KeyPrefix) || len(keyA) < 40 || keyA == keyB {
		t.Fatalf("bad keys %q %q", keyA, keyB)
	}
	if _, err := f.Add("acme", Limits{}); err == nil {
		t.Fatal("duplicate id accepted")
	}
	if err := f.Save(path); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(raw), keyA) || strings.Contains(string(raw), keyB) {
		t.Fatal("the file holds a plain key")
	}
	if !strings.Contains(string(raw), HashKey(keyA)) {
		t.Fatal("the file lacks the key hash")
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v, want 0600", st.Mode().Perm())
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Fatalf("temporary files left behind: %v", entries)
	}

	s, err := NewStore(path)
	if err != nil {
		t.Fatal(err)
	}
	if s.Dev() || s.Len() != 2 {
		t.Fatalf("dev=%v len=%d", s.Dev(), s.Len())
	}
	tn, ok := s.Lookup(keyA)
	if !ok || tn.ID != "acme" || tn.Limits.MaxConcurrent != 2 || tn.Limits.TokensPerMinute != 1000 || tn.Limits.MaxTokens != 64 {
		t.Fatalf("lookup acme: %+v %v", tn, ok)
	}
	if tn, ok := s.Lookup(keyB); !ok || tn.ID != "globex" {
		t.Fatalf("lookup globex: %+v %v", tn, ok)
	}
	for _, bad := range []string{"", keyA + "x", keyA[:len(keyA)-1], HashKey(keyA), "dev"} {
		if _, ok := s.Lookup(bad); ok {
			t.Errorf("key %q accepted", bad)
		}
	}

	// Remove + save + reload: the removed key stops working, the other keeps working.
	f2, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f2.Remove("acme"); err != nil {
		t.Fatal(err)
	}
	if err := f2.Remove("acme"); err == nil {
		t.Fatal("removed twice")
	}
	if err := f2.Save(path); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Reload(); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Lookup(keyA); ok {
		t.Fatal("removed tenant still accepted after reload")
	}
	if _, ok := s.Lookup(keyB); !ok {
		t.Fatal("remaining tenant rejected after reload")
	}
}

func TestReloadKeepsOldOnError(t *testing.T) {
	path, _, key, s := oneTenantStore(t)
	for _, bad := range []string{
		`{"version":1,"tenants":[{"id":"a","key_sha256":"zz"}]}`,
		`{"version":1,"tenants":[{"id":"a","key_sha256":"` + HashKey(key) + `","limits":{"max_concurent":1}}]}`, // misspelt limit
		`{"version":2,"tenants":[]}`,
		`{"version":1,"tenants":[]}`, // no tenants: every request would be refused
		`{"version":1,"tenants":[{"id":"a","key_sha256":"` + HashKey(key) + `"}]}`, // no uid
		`{"version":1,"tenants":[{"id":"a","uid":"x","key_sha256":"` + HashKey(key) + `"}]}`,
		`{"version":1,"tenants":[{"id":"bad id","key_sha256":"` + HashKey(key) + `"}]}`,
		`{"version":1,"tenants":[{"id":"a","key_sha256":"` + HashKey(key) + `","limits":{"max_tokens":-1}}]}`,
		`{"version":1,"tenants":[]} {}`,
		`not json`,
	} {
		if err := os.WriteFile(path, []byte(bad), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Reload(); err == nil {
			t.Errorf("reload accepted %s", bad)
		}
		if _, ok := s.Lookup(key); !ok {
			t.Fatalf("failed reload of %s dropped the old tenants", bad)
		}
	}
	os.Remove(path)
	if _, err := s.Reload(); err == nil {
		t.Error("reload of a missing file succeeded")
	}
	if _, err := NewStore(path); err == nil {
		t.Error("NewStore of a missing file succeeded")
	}
}

func TestDuplicateHashRejected(t *testing.T) {
	h := HashKey("kvw-x")
	f := &File{Version: FileVersion, Tenants: []Tenant{{ID: "a", KeyHash: h}, {ID: "b", KeyHash: h}}}
	if err := f.Validate(); err == nil {
		t.Fatal("two tenants sharing one key accepted")
	}
}

func TestInvalidIDs(t *testing.T) {
	f := &File{Version: FileVersion}
	for _, id := range []string{"", "a b", "-x", strings.Repeat("a", 65), "ü", "a/b", "a\n"} {
		if _, err := f.Add(id, Limits{}); err == nil {
			t.Errorf("id %q accepted", id)
		}
	}
	if _, err := f.Add("ok", Limits{MaxConcurrent: -1}); err == nil {
		t.Error("negative limit accepted")
	}
}

func TestDevStore(t *testing.T) {
	s := NewDevStore()
	if !s.Dev() {
		t.Fatal("not dev")
	}
	for _, k := range []string{"", "anything"} {
		tn, ok := s.Lookup(k)
		if !ok || tn.ID != DevTenant || tn.Limits != (Limits{}) {
			t.Fatalf("dev lookup %q: %+v %v", k, tn, ok)
		}
	}
	if _, err := s.Reload(); err != nil {
		t.Fatal(err)
	}
}

func TestConcurrentReload(t *testing.T) {
	path, f, key, s := oneTenantStore(t)
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 200 {
				if _, ok := s.Lookup(key); !ok {
					t.Error("lookup failed during reload")
					return
				}
			}
		})
	}
	for range 20 {
		if err := f.Save(path); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Reload(); err != nil {
			t.Fatal(err)
		}
	}
	wg.Wait()
}

func TestList(t *testing.T) {
	f := &File{Version: FileVersion}
	f.Add("zeta", Limits{})
	f.Add("alpha", Limits{})
	l := f.List()
	if len(l) != 2 || l[0].ID != "alpha" || l[1].ID != "zeta" {
		t.Fatalf("list %+v", l)
	}
}

func TestUIDNeverReused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tenants.json")
	seen := map[string]bool{}
	var keyA string
	for i := range 50 {
		if err := Update(path, func(f *File) error {
			if i > 0 {
				if err := f.Remove("acme"); err != nil {
					return err
				}
			}
			var err error
			keyA, err = f.Add("acme", Limits{})
			return err
		}); err != nil {
			t.Fatal(err)
		}
		f, err := Load(path)
		if err != nil {
			t.Fatal(err)
		}
		uid := f.Tenants[0].UID
		if !uidPattern.MatchString(uid) || seen[uid] {
			t.Fatalf("add %d: uid %q (seen before: %v)", i, uid, seen[uid])
		}
		seen[uid] = true
	}

	// The store reports the UID a re-added name replaced, and only that one.
	if err := Update(path, func(f *File) error { _, err := f.Add("globex", Limits{}); return err }); err != nil {
		t.Fatal(err)
	}
	s, err := NewStore(path)
	if err != nil {
		t.Fatal(err)
	}
	old, _ := s.Lookup(keyA)
	if err := Update(path, func(f *File) error {
		if err := f.Remove("acme"); err != nil {
			return err
		}
		_, err := f.Add("acme", Limits{})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	gone, err := s.Reload()
	if err != nil {
		t.Fatal(err)
	}
	if len(gone) != 1 || gone[0] != old.UID {
		t.Fatalf("reload reported %v gone, want [%s]", gone, old.UID)
	}
	if gone, err := s.Reload(); err != nil || len(gone) != 0 {
		t.Fatalf("unchanged reload: %v %v", gone, err)
	}

	f := &File{Version: FileVersion, Tenants: []Tenant{
		{ID: "a", UID: strings.Repeat("a", 32), KeyHash: HashKey("kvw-1")},
		{ID: "b", UID: strings.Repeat("a", 32), KeyHash: HashKey("kvw-2")},
	}}
	if err := f.Validate(); err == nil {
		t.Fatal("two tenants sharing one uid accepted")
	}
}

// TestUIDMigration: a file written before UIDs existed is refused by the server with the command
// that fixes it; any edit (or 'tenant migrate', which is an edit that changes nothing else)
// assigns them.
func TestUIDMigration(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tenants.json")
	old := `{"version":1,"tenants":[{"id":"a","key_sha256":"` + HashKey("kvw-a") + `"},{"id":"b","key_sha256":"` + HashKey("kvw-b") + `"}]}`
	if err := os.WriteFile(path, []byte(old), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := NewStore(path); err == nil || !strings.Contains(err.Error(), "kvwarden tenant migrate --file "+path) {
		t.Fatalf("old file: %v", err)
	}
	if err := Update(path, func(*File) error { return nil }); err != nil {
		t.Fatal(err)
	}
	s, err := NewStore(path)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := s.Lookup("kvw-a")
	b, _ := s.Lookup("kvw-b")
	if a.UID == "" || b.UID == "" || a.UID == b.UID {
		t.Fatalf("uids after migration: %q %q", a.UID, b.UID)
	}
}

func TestInsecureMode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tenants.json")
	for _, c := range []struct {
		mode os.FileMode
		bad  bool
	}{{0o600, false}, {0o644, false}, {0o620, true}, {0o602, true}, {0o666, true}} {
		if err := os.WriteFile(path, nil, 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(path, c.mode); err != nil {
			t.Fatal(err)
		}
		if m, bad := InsecureMode(path); bad != c.bad || m != c.mode {
			t.Errorf("mode %v: InsecureMode = %v %v, want %v", c.mode, m, bad, c.bad)
		}
	}
}

func TestLimitsValidateWeight(t *testing.T) {
	for _, tc := range []struct {
		weight int
		ok     bool
	}{{0, true}, {1, true}, {MaxWeight, true}, {-1, false}, {MaxWeight + 1, false}} {
		if err := (Limits{Weight: tc.weight}).Validate(); (err == nil) != tc.ok {
			t.Errorf("weight %d: %v", tc.weight, err)
		}
	}
}

// oneTenantStore saves a file of one tenant, "a", and opens it as a store.
func oneTenantStore(t *testing.T) (path string, f *File, key string, s *Store) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "tenants.json")
	f = &File{Version: FileVersion}
	key, _ = f.Add("a", Limits{})
	if err := f.Save(path); err != nil {
		t.Fatal(err)
	}
	s, err := NewStore(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, f, key, s
}
