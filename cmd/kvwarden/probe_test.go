package main

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/probe"
)

// TestRunProbeExitStatus: a probe that cannot run exits 2 (the gate must not read it as clean or as
// a leak) and never shows a key. Exit statuses 0 and 1 are covered by e2e TestProbeFindsNothing and
// the probe package's leaking fakes.
func TestRunProbeExitStatus(t *testing.T) {
	refuse := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, `{"error":{"message":"invalid api key"}}`, http.StatusUnauthorized)
	}))
	defer refuse.Close()
	for _, c := range []struct {
		name     string
		endpoint string
	}{
		{"no endpoint", ""},
		{"refused keys", refuse.URL},
		{"unreachable", "http://127.0.0.1:1"},
	} {
		var out, errOut bytes.Buffer
		cfg := probe.Config{Endpoint: c.endpoint, Keys: []string{"sk-one-secret", "sk-two-secret"}, Budget: 100, Rate: 100, Concurrency: 2}
		if code := runProbe(context.Background(), cfg, probeOutputs{}, &out, &errOut); code != 2 {
			t.Errorf("%s: exit status %d, want 2; stderr %q", c.name, code, errOut.String())
		}
		if s := out.String() + errOut.String(); strings.Contains(s, "secret") {
			t.Errorf("%s: a key was printed: %q", c.name, s)
		}
	}
}
