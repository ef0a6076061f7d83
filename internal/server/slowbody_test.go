package server

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/tenants"
)

// slowBody opens a connection that sends a generation request's headers and the first bytes of
// its body, then stalls.
func slowBody(t *testing.T, base, key string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	body := `{"prompt":"ab","max_tokens":2}`
	fmt.Fprintf(c, "POST /v1/completions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s",
		key, len(body), body[:3])
	return c
}

// slotsHeld counts the concurrency slots all tenants hold (limiter.enter): a generation request
// holds one from its authentication on, before its body is read.
func slotsHeld(s *Server) int {
	s.lim.mu.Lock()
	defer s.lim.mu.Unlock()
	n := 0
	for _, u := range s.lim.state {
		n += u.active
	}
	return n
}

// TestSlowBody: a body that trickles in is cut off with 408 after BodyReadTimeout, and while it is
// being read it holds one of its tenant's max_concurrent slots.
func TestSlowBody(t *testing.T) {
	store, err := tenants.NewMemStore(&tenants.File{Version: tenants.FileVersion, Tenants: []tenants.Tenant{
		{ID: "carol", KeyHash: tenants.HashKey(keyCarol), Limits: tenants.Limits{MaxConcurrent: 1}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	env := startWith(t, newFakeEngine(), store, nil, func(c *Config) { c.BodyReadTimeout = 300 * time.Millisecond })
	slow := slowBody(t, env.base, keyCarol)
	waitFor(t, func() bool { return slotsHeld(env.srv) == 1 }) // authenticated: its body is read next

	code, _, body := env.post("/v1/completions", keyCarol, `{"prompt":"ab","max_tokens":2}`)
	if code != http.StatusTooManyRequests || !strings.Contains(string(body), "concurrency_limit_exceeded") {
		t.Fatalf("a second request while a slow body holds the only slot: %d %s", code, body)
	}

	start := time.Now()
	slow.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(slow), nil)
	if err != nil {
		t.Fatalf("no answer to the slow body: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestTimeout || time.Since(start) > 2*time.Second {
		t.Fatalf("slow body answered %d after %v, want 408 after the body timeout", resp.StatusCode, time.Since(start))
	}
	if code, _, body := env.post("/v1/completions", keyCarol, `{"prompt":"ab","max_tokens":2}`); code != 200 {
		t.Fatalf("the slot was not given back: %d %s", code, body)
	}
}
