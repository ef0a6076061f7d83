package e2e

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestBadInput sends the real binary a table of malformed requests. Each gets its documented
// status (the table of internal/server's TestBadInput, plus what only a real listener sees) with
// an OpenAI error body, none of them changes the engine's state, and a good request after each
// still works.
func TestBadInput(t *testing.T) {
	tenants := filepath.Join(t.TempDir(), "tenants.json")
	key := addTenant(t, tenants, "alice")
	s := startServer(t, serverOpts{model: storiesModel, tenants: tenants})
	const comp, chat = "/v1/completions", "/v1/chat/completions"
	many := func(n int, v string) string { return strings.TrimSuffix(strings.Repeat(v+",", n), ",") }
	ids := func(n int) string { return "[" + many(n, "5") + "]" }
	cases := []struct {
		name, path, body string
		status           int
		code             string // "" accepts any code
	}{
		// Bodies that are not one JSON object.
		{"too large", comp, `{"prompt":"` + strings.Repeat("a", 5<<20) + `"}`, 413, "request_too_large"},
		{"empty body", comp, ``, 400, ""},
		{"truncated", comp, `{"prompt":`, 400, ""},
		{"array body", comp, `[1,2]`, 400, ""},
		{"null body", comp, `null`, 400, ""},
		{"trailing data", comp, `{"prompt":"a"} {}`, 400, ""},
		{"invalid utf8", comp, "{\"prompt\":\"a\xff\xfe\"}", 400, ""},
		{"invalid utf8 key", comp, "{\"\xc3\":1,\"prompt\":\"a\"}", 400, ""},
		{"nesting bomb", comp, `{"prompt":` + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + `}`, 400, ""},
		{"NaN", comp, `{"prompt":"a","temperature":NaN}`, 400, ""},
		// Wrong types.
		{"prompt number", comp, `{"prompt":5}`, 400, ""},
		{"prompt object", comp, `{"prompt":{}}`, 400, ""},
		{"prompt mixed", comp, `{"prompt":["a",1]}`, 400, ""},
		{"prompt float id", comp, `{"prompt":[1.5]}`, 400, ""},
		{"max_tokens string", comp, `{"prompt":"a","max_tokens":"5"}`, 400, ""},
		{"n bool", comp, `{"prompt":"a","n":true}`, 400, ""},
		{"stream string", comp, `{"prompt":"a","stream":"yes"}`, 400, ""},
		{"stop number", comp, `{"prompt":"a","stop":5}`, 400, ""},
		{"messages string", chat, `{"messages":"hi"}`, 400, ""},
		{"content number", chat, `{"messages":[{"role":"user","content":5}]}`, 400, ""},
		// Missing or empty.
		{"no prompt", comp, `{"max_tokens":1}`, 400, ""},
		{"empty prompt array", comp, `{"prompt":[]}`, 400, ""},
		{"empty token list", comp, `{"prompt":[[]]}`, 400, ""},
		{"no messages", chat, `{}`, 400, ""},
		{"unknown role", chat, `{"messages":[{"role":"wizard","content":"x"}]}`, 400, ""},
		// Absurd values.
		{"negative id", comp, `{"prompt":[-1]}`, 400, ""},
		{"id past the vocab", comp, `{"prompt":[512]}`, 400, ""},
		{"huge id", comp, `{"prompt":[99999999999]}`, 400, ""},
		{"stop id past the vocab", comp, `{"prompt":"a","stop_token_ids":[512]}`, 400, ""},
		{"max_tokens 0", comp, `{"prompt":"a","max_tokens":0}`, 400, ""},
		{"max_tokens 1e30", comp, `{"prompt":"a","max_tokens":1e30}`, 400, ""},
		{"max_tokens int64 max", comp, `{"prompt":"a","max_tokens":9223372036854775807}`, 400, ""},
		{"max_tokens past the context", comp, `{"prompt":"a","max_tokens":100000}`, 400, "context_length_exceeded"},
		{"prompt past the context", comp, `{"prompt":` + ids(129) + `,"max_tokens":1}`, 400, "context_length_exceeded"},
		{"text prompt past the context", comp, `{"prompt":"` + strings.Repeat("Once upon a time ", 100000) + `","max_tokens":1}`, 400, "context_length_exceeded"},
		{"temperature 1e400", comp, `{"prompt":"a","temperature":1e400}`, 400, ""},
		{"seed past int64", comp, `{"prompt":"a","seed":18446744073709551615}`, 400, ""},
		{"lone surrogate", comp, `{"prompt":"a\ud800"}`, 400, ""},
		{"temperature -0.1", comp, `{"prompt":"a","temperature":-0.1}`, 400, ""},
		{"top_p 0", comp, `{"prompt":"a","top_p":0}`, 400, ""},
		{"top_k -2", comp, `{"prompt":"a","top_k":-2}`, 400, ""},
		{"n 1e9", comp, `{"prompt":"a","n":1000000000}`, 400, ""},
		{"logprobs 1e9", comp, `{"prompt":"a","logprobs":1000000000}`, 400, ""},
		{"too many prompts", comp, `{"prompt":[` + many(65, `"a"`) + `]}`, 400, ""},
		{"prompts x n", comp, `{"prompt":[` + many(5, `"a"`) + `],"n":16}`, 400, ""},
		{"too many stops", comp, `{"prompt":"a","stop":[` + many(17, `"x"`) + `]}`, 400, ""},
		{"stop too long", comp, `{"prompt":"a","stop":"` + strings.Repeat("x", 1025) + `"}`, 400, ""},
		{"repetition penalty 0", comp, `{"prompt":"a","repetition_penalty":0}`, 400, ""},
		{"chat top_logprobs 21", chat, `{"messages":[{"role":"user","content":"x"}],"logprobs":true,"top_logprobs":21}`, 400, ""},
		// Unsupported features are refused, not ignored.
		{"echo", comp, `{"prompt":"a","echo":true}`, 400, ""},
		{"logit_bias", comp, `{"prompt":"a","logit_bias":{"1":5}}`, 400, ""},
		{"tools", chat, `{"messages":[{"role":"user","content":"x"}],"tools":[{"type":"function"}]}`, 400, ""},
		{"image content", chat, `{"messages":[{"role":"user","content":[{"type":"image_url","image_url":{"url":"x"}}]}]}`, 400, ""},
		{"response_format json", chat, `{"messages":[{"role":"user","content":"x"}],"response_format":{"type":"json_object"}}`, 400, ""},
		// Unknown model.
		{"unknown model", comp, `{"model":"gpt-5","prompt":"a"}`, 404, "model_not_found"},
		{"unknown model chat", chat, `{"model":"gpt-5","messages":[{"role":"user","content":"x"}]}`, 404, "model_not_found"},
	}
	good := `{"prompt":"Once upon a time","max_tokens":3,"temperature":0}`
	for _, tc := range cases {
		start := time.Now()
		code, _, body := s.call(t, http.MethodPost, tc.path, key, tc.body)
		if code != tc.status {
			s.failIfBroken(t)
			t.Errorf("%s: status %d, want %d: %.300s", tc.name, code, tc.status, body)
		} else if e := decodeErr(t, body); tc.code != "" && str(e.Error.Code) != tc.code {
			t.Errorf("%s: code %s, want %s", tc.name, str(e.Error.Code), tc.code)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("%s: took %v to refuse", tc.name, d)
		}
		if code, _, body := s.call(t, http.MethodPost, comp, key, good); code != 200 {
			s.failIfBroken(t)
			t.Fatalf("after %q the server does not serve a good request: %d %s", tc.name, code, body)
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
