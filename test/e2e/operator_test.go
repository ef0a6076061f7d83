package e2e

import (
	"net/http"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMetricsOnlyOnOperatorListener: /metrics is server-wide (every tenant's queue, cache hits and
// usage), so the API port does not serve it, with or without a key; the operator listener does.
func TestMetricsOnlyOnOperatorListener(t *testing.T) {
	s, _, key := startWithTenant(t, llamaModel, "acme")
	for _, k := range []string{"", key} {
		code, _, body := s.call(t, http.MethodGet, "/metrics", k, "")
		if code != http.StatusNotFound || strings.Contains(string(body), "kvwarden_") {
			t.Fatalf("/metrics on the API port (key %v): %d %.200s", k != "", code, body)
		}
	}
	if m := s.metrics(t); m.get(t, mPagesTotal) == 0 {
		t.Fatal("the operator listener reports no pages")
	}
}

// TestReaddedTenantStartsWithoutCache: a tenant removed and added again under the same name is a
// new customer: after SIGHUP its first request hits nothing of what the old one cached, and the
// old tenant's cached pages are gone from the pool.
func TestReaddedTenantStartsWithoutCache(t *testing.T) {
	s, file, old := startWithTenant(t, llamaModel, "acme")
	const hits = "kvwarden_prefix_cache_hit_tokens_total"
	body := `{"prompt":"` + strings.Repeat("Lily and Ben went to the park to play with the ball. ", 3) + `","max_tokens":1}`
	complete := func(key string) {
		t.Helper()
		if code, _, b := s.call(t, http.MethodPost, "/v1/completions", key, body); code != 200 {
			t.Fatalf("%d %s", code, b)
		}
	}
	complete(old)
	complete(old)
	before := s.waitIdle(t, 10*time.Second)
	if before[hits] == 0 || before[mPagesCached] == 0 {
		t.Fatalf("the tenant's own repeat did not hit its cache (hits %v, cached %v): the test proves nothing", before[hits], before[mPagesCached])
	}
	if out, err := exec.Command(binary, "tenant", "remove", "--file", file, "--name", "acme").CombinedOutput(); err != nil {
		t.Fatalf("tenant remove: %v %s", err, out)
	}
	fresh := addTenant(t, file, "acme")
	s.signal(syscall.SIGHUP)
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if code, _, _ := s.call(t, http.MethodPost, "/v1/completions", fresh, `{"prompt":"x","max_tokens":1}`); code == 200 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the re-added tenant's key does not work after SIGHUP")
		}
	}
	if m := s.waitIdle(t, 10*time.Second); m[mPagesCached] != 0 {
		t.Fatalf("%v pages of the removed tenant still cached after SIGHUP", m[mPagesCached])
	}
	complete(fresh)
	if after := s.waitIdle(t, 10*time.Second); after[hits] != before[hits] {
		t.Fatalf("the re-added tenant hit %v tokens the removed one cached", after[hits]-before[hits])
	}
}
