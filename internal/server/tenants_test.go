package server

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/tenants"
)

// TestReaddedTenantGetsNoCacheHit: a tenant removed and added again under the same name is a new
// customer; it must not hit (and so time) what the old one cached, and the old cache is dropped on
// reload. Runs the real engine, whose prefix cache is what leaked.
func TestReaddedTenantGetsNoCacheHit(t *testing.T) {
	eng, tok := llamaEngine(t)

	path := filepath.Join(t.TempDir(), "tenants.json")
	var key string
	var err error
	if err := tenants.Update(path, func(f *tenants.File) error { key, err = f.Add("acme", tenants.Limits{}); return err }); err != nil {
		t.Fatal(err)
	}
	store, err := tenants.NewStore(path)
	if err != nil {
		t.Fatal(err)
	}
	env := startWith(t, eng, store, tok, nil)
	// Three sentences: about 100 of the model's 128 tokens, several pages to cache.
	body := `{"prompt":"` + strings.Repeat("Once upon a time there was a little girl. ", 3) + `","max_tokens":1}`
	complete := func(key string) {
		t.Helper()
		if code, _, b := env.post("/v1/completions", key, body); code != 200 {
			t.Fatalf("%d %s", code, b)
		}
	}
	complete(key)
	complete(key)
	hits := eng.Stats().CacheHitTokens
	if hits == 0 {
		t.Fatal("the same tenant's repeated prompt did not hit its prefix cache; the test proves nothing")
	}

	if err := tenants.Update(path, func(f *tenants.File) error {
		if err := f.Remove("acme"); err != nil {
			return err
		}
		key, err = f.Add("acme", tenants.Limits{})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if err := env.srv.ReloadTenants(); err != nil {
		t.Fatal(err)
	}
	complete(key)
	if got := eng.Stats().CacheHitTokens; got != hits {
		t.Fatalf("the re-added tenant hit %d tokens the removed one cached", got-hits)
	}
	// The removed tenant's pages were dropped: what is cached now is the new tenant's one prompt.
	if st := eng.Stats(); st.PagesCached == 0 || st.PagesCached > (len(tok.Encode(body, true, false))+15)/16 {
		t.Fatalf("%d pages cached after the reload; want only the new tenant's", st.PagesCached)
	}
}
