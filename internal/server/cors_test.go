package server

import (
	"context"
	"net/http"
	"testing"

	"github.com/openai/openai-go/v3/option"
)

// do sends a raw request and returns the response, its body closed.
func (e *testEnv) do(method, path, key string, headers map[string]string, body string) *http.Response {
	e.t.Helper()
	resp := e.open(e.t, context.Background(), method, path, key, headers, body)
	resp.Body.Close()
	return resp
}

func TestCORS(t *testing.T) {
	origins := []string{"https://chat.example.com", "HTTP://localhost:3000"}
	env := startWith(t, newFakeEngine(), nil, nil, func(c *Config) { c.AllowedOrigins = origins })
	preflight := func(origin string) map[string]string {
		return map[string]string{"Origin": origin, "Access-Control-Request-Method": "POST",
			"Access-Control-Request-Headers": "authorization, content-type, x-stainless-lang"}
	}
	cases := []struct {
		name, method, path, key string
		headers                 map[string]string
		code                    int
		allowOrigin, allowHdrs  string
	}{
		{"preflight, allowed, no key", "OPTIONS", "/v1/chat/completions", "", preflight("https://chat.example.com"), 204,
			"https://chat.example.com", "authorization, content-type, x-stainless-lang"},
		{"preflight, origin normalised", "OPTIONS", "/tokenize", "", preflight("http://localhost:3000"), 204, "http://localhost:3000", "authorization, content-type, x-stainless-lang"},
		{"preflight, other origin", "OPTIONS", "/v1/chat/completions", "", preflight("https://evil.example"), 403, "", ""},
		{"preflight, other port", "OPTIONS", "/v1/models", "", preflight("https://chat.example.com:8443"), 403, "", ""},
		{"preflight, header list not names", "OPTIONS", "/v1/models", "", map[string]string{"Origin": "https://chat.example.com",
			"Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "a b"}, 204, "https://chat.example.com", ""},
		{"OPTIONS without preflight", "OPTIONS", "/v1/models", "", map[string]string{"Origin": "https://chat.example.com"}, 405, "https://chat.example.com", ""},
		{"request, allowed", "GET", "/v1/models", keyAlice, map[string]string{"Origin": "https://chat.example.com"}, 200, "https://chat.example.com", ""},
		{"request, allowed, no key", "GET", "/v1/models", "", map[string]string{"Origin": "https://chat.example.com"}, 401, "https://chat.example.com", ""},
		{"request, other origin", "GET", "/v1/models", keyAlice, map[string]string{"Origin": "https://evil.example"}, 200, "", ""},
		{"request without origin", "GET", "/v1/models", keyAlice, nil, 200, "", ""},
	}
	for _, c := range cases {
		resp := env.do(c.method, c.path, c.key, c.headers, "")
		h := resp.Header
		if resp.StatusCode != c.code || h.Get("Access-Control-Allow-Origin") != c.allowOrigin || h.Get("Access-Control-Allow-Headers") != c.allowHdrs {
			t.Errorf("%s: %d %q %q", c.name, resp.StatusCode, h.Get("Access-Control-Allow-Origin"), h.Get("Access-Control-Allow-Headers"))
		}
		if c.code == 204 && (h.Get("Access-Control-Allow-Methods") != corsMethods || h.Get("Access-Control-Max-Age") == "") {
			t.Errorf("%s: preflight headers %v", c.name, h)
		}
	}

	// A browser-like client (the official SDK with an Origin header) reads answers.
	var hdr http.Header
	_, err := env.client(keyAlice).Models.List(ctx(t), option.WithHeader("Origin", "https://chat.example.com"),
		option.WithMiddleware(func(r *http.Request, next option.MiddlewareNext) (*http.Response, error) {
			resp, err := next(r)
			if resp != nil {
				hdr = resp.Header
			}
			return resp, err
		}))
	if err != nil || hdr.Get("Access-Control-Allow-Origin") != "https://chat.example.com" {
		t.Fatalf("sdk: %v %v", err, hdr)
	}
}

// TestCORSOff: without origins, no answer carries CORS headers and a preflight is not answered.
func TestCORSOff(t *testing.T) {
	env := start(t, newFakeEngine(), nil, nil)
	resp := env.do("OPTIONS", "/v1/models", "", map[string]string{"Origin": "https://chat.example.com", "Access-Control-Request-Method": "GET"}, "")
	if resp.StatusCode == 204 || resp.Header.Get("Access-Control-Allow-Origin") != "" {
		t.Fatalf("preflight answered: %d %v", resp.StatusCode, resp.Header)
	}
	resp = env.do("GET", "/v1/models", keyAlice, map[string]string{"Origin": "https://chat.example.com"}, "")
	if resp.Header.Get("Access-Control-Allow-Origin") != "" {
		t.Fatalf("CORS header without origins: %v", resp.Header)
	}
}

func TestCORSAnyAndBadOrigins(t *testing.T) {
	env := startWith(t, newFakeEngine(), nil, nil, func(c *Config) { c.AllowedOrigins = []string{"*"} })
	resp := env.do("OPTIONS", "/v1/models", "", map[string]string{"Origin": "https://x.example", "Access-Control-Request-Method": "GET"}, "")
	if resp.StatusCode != 204 || resp.Header.Get("Access-Control-Allow-Origin") != "*" {
		t.Fatalf("*: %d %v", resp.StatusCode, resp.Header)
	}
	for _, bad := range []string{"chat.example.com", "https://chat.example.com/", "https://chat.example.com/app", "ftp://x", "https://", "https://u@x.example", "https://x.example?q"} {
		if _, err := checkOrigins([]string{bad}); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
