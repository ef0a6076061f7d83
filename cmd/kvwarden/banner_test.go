package main

import (
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/core"
)

func TestBanner(t *testing.T) {
	plan := core.CapacityPlan{PageTokens: 16, Pages: 100, Tokens: 1600, MaxContext: 500}
	got := banner("0.0.0.0:8080", "127.0.0.1:9090", "m", []string{"POST /v1/completions", "GET /health"}, plan)
	for _, want := range []string{
		`serving "m" at http://127.0.0.1:8080 (OpenAI base URL http://127.0.0.1:8080/v1)`,
		"endpoints: POST /v1/completions, GET /health",
		"metrics (operator only): http://127.0.0.1:9090/metrics",
		"console (operator only): http://127.0.0.1:9090/console",
		// 500 tokens take 32 pages: 100/32.
		"maximum concurrency for 500-token requests: 3.12x",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("banner lacks %q:\n%s", want, got)
		}
	}
	if off := banner("127.0.0.1:1", "", "m", nil, plan); strings.Contains(off, "metrics") || strings.Contains(off, "console") {
		t.Error("metrics or console shown while off")
	}
	for _, c := range []struct{ addr, want string }{
		{"127.0.0.1:80", "http://127.0.0.1:80"}, {"[::]:80", "http://127.0.0.1:80"}, {":80", "http://127.0.0.1:80"},
		{"[::1]:80", "http://[::1]:80"}, {"example.com:80", "http://example.com:80"},
	} {
		if got := httpURL(c.addr); got != c.want {
			t.Errorf("httpURL(%q) = %q, want %q", c.addr, got, c.want)
		}
	}
	for _, c := range []struct {
		plan core.CapacityPlan
		want float64
	}{
		{core.CapacityPlan{PageTokens: 16, Pages: 64, MaxContext: 512}, 2},
		{core.CapacityPlan{PageTokens: 16, Pages: 64, MaxContext: 513}, 64.0 / 33},
		{core.CapacityPlan{}, 0},
	} {
		if got := maxConcurrency(c.plan); got != c.want {
			t.Errorf("%+v: %v, want %v", c.plan, got, c.want)
		}
	}
}
