package e2e

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/testenv"
)

// TestBadInput sends the real binary a table of malformed requests: testenv.BadInputs, which
// internal/server's TestBadInput sends too, what depends on the model's context, and what only a
// real listener sees. Each gets its documented status with an OpenAI error body, none of them
// changes the engine's state, and a good request after each still works.
func TestBadInput(t *testing.T) {
	s, _, key := startWithTenant(t, llamaModel, "alice")
	const comp = testenv.Completions
	ids := func(n int) string { return "[" + strings.TrimSuffix(strings.Repeat("5,", n), ",") + "]" }
	// llamaModel: a 512-token vocabulary and a 128-token context.
	cases := append(testenv.BadInputs(512),
		testenv.BadInput{Name: "max_tokens past the context", Path: comp, Body: `{"prompt":"a","max_tokens":100000}`, Status: 400, Code: "context_length_exceeded"},
		testenv.BadInput{Name: "prompt past the context", Path: comp, Body: `{"prompt":` + ids(129) + `,"max_tokens":1}`, Status: 400, Code: "context_length_exceeded"},
		testenv.BadInput{Name: "text prompt past the context", Path: comp, Body: `{"prompt":"` + strings.Repeat("Once upon a time ", 100000) + `","max_tokens":1}`, Status: 400, Code: "context_length_exceeded"},
	)
	good := `{"prompt":"Once upon a time","max_tokens":3,"temperature":0}`
	for _, tc := range cases {
		start := time.Now()
		code, _, body := s.call(t, http.MethodPost, tc.Path, key, tc.Body)
		if code != tc.Status {
			s.failIfBroken(t)
			t.Errorf("%s: status %d, want %d: %.300s", tc.Name, code, tc.Status, body)
		} else if e := decodeErr(t, body); tc.Code != "" && str(e.Error.Code) != tc.Code {
			t.Errorf("%s: code %s, want %s", tc.Name, str(e.Error.Code), tc.Code)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("%s: took %v to refuse", tc.Name, d)
		}
		if code, _, body := s.call(t, http.MethodPost, comp, key, good); code != 200 {
			s.failIfBroken(t)
			t.Fatalf("after %q the server does not serve a good request: %d %s", tc.Name, code, body)
		}
	}

	// What only a real listener sees: malformed HTTP and oversized headers get answered by the
	// HTTP server, and the process keeps serving.
	for _, tc := range []struct {
		name, raw string
		status    int
	}{
		{"garbage request line", "HELLO\r\n\r\n", 400},
		{"bad header", "POST /v1/completions HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n", 400},
		{"huge header", "GET /health HTTP/1.1\r\nHost: x\r\nX-Big: " + strings.Repeat("a", 2<<20) + "\r\n\r\n", 431},
		{"bad content-length", "POST /v1/completions HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n", 400},
		{"gzip body", "POST /v1/completions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + key + "\r\nContent-Encoding: gzip\r\nContent-Length: 2\r\n\r\n{}", 415},
	} {
		if got := rawHTTP(t, s.addr, tc.raw); got != tc.status {
			t.Errorf("%s: status %d, want %d", tc.name, got, tc.status)
		}
		if code, _, body := s.call(t, http.MethodPost, comp, key, good); code != 200 {
			t.Fatalf("after %q the server does not serve a good request: %d %s", tc.name, code, body)
		}
	}
	// Accepted extremes mean what they say: a vanishing temperature or top_p is greedy, with the
	// same tokens and finite logprobs.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	const greedyBody = `{"prompt":"Once upon a time","max_tokens":8,"logprobs":2,"temperature":0}`
	want, err := runCompletion(ctx, s, key, greedyBody)
	if err != nil {
		s.failIfBroken(t)
		t.Fatal(err)
	}
	for _, extreme := range []string{`"temperature":1e-40,"seed":7`, `"temperature":1e-300,"seed":7`, `"temperature":2,"top_p":1e-50,"seed":7`} {
		got, err := runCompletion(ctx, s, key, strings.Replace(greedyBody, `"temperature":0`, extreme, 1))
		if err != nil {
			s.failIfBroken(t)
			t.Fatalf("%s: %v", extreme, err)
		}
		if got != want {
			t.Errorf("%s is not greedy:\n got: %s\nwant: %s", extreme, got, want)
		}
	}
	// Nothing above reached the engine's pool or its isolation checks.
	s.waitIdle(t, 5*time.Second)
}

// rawHTTP writes raw bytes to a new connection and returns the status of the answer.
func rawHTTP(t *testing.T, addr, raw string) int {
	t.Helper()
	c, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(10 * time.Second))
	go fmt.Fprint(c, raw) // the server may answer (and close) before it has read everything
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("reading the answer: %v", err)
	}
	resp.Body.Close()
	return resp.StatusCode
}
