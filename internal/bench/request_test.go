package bench

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

func readAll(r io.Reader) string {
	b, _ := io.ReadAll(r)
	return string(b)
}

// A server may close a kept-alive connection while it sits idle between two requests (llama-server's
// HTTP library does, after a few seconds or a few requests). The request then fails before it reaches
// the server, so the client must send it again on a fresh connection instead of counting a failure.
func TestSendRetriesOnServerClosedIdleConnection(t *testing.T) {
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = w.Write([]byte("data: {\"choices\":[{\"text\":\"x\"}]}\n\ndata: [DONE]\n\n"))
	}))
	// Close every connection as soon as it goes idle, without telling the client (no Connection: close).
	srv.Config.ConnState = func(c net.Conn, s http.ConnState) {
		if s == http.StateIdle {
			_ = c.Close()
		}
	}
	srv.Start()
	defer srv.Close()
	c := newBenchClient(1)
	defer c.CloseIdleConnections()
	for i := range 200 {
		if r := send(context.Background(), c, srv.URL, "", []byte(`{}`)); r.err != nil {
			t.Fatalf("request %d: %v", i, r.err)
		}
	}
}

// TestServeSendsHeader: bench serve --header reaches the server on every request, the warm-up and
// the model listing included (llm-d's x-prefiller-host-port must be on each one the sidecar splits).
func TestServeSendsHeader(t *testing.T) {
	var mu sync.Mutex
	var seen []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Header.Get("X-Prefiller-Host-Port"))
		mu.Unlock()
		switch {
		case r.URL.Path == "/v1/models":
			w.Write([]byte(`{"data":[{"id":"m"}]}`))
		case r.Header.Get("Accept") == "text/event-stream" || strings.Contains(readAll(r.Body), `"stream":true`):
			w.Header().Set("Content-Type", "text/event-stream")
			w.Write([]byte("data: {\"choices\":[{\"text\":\" x\"}]}\n\ndata: {\"choices\":[{\"text\":\" x\",\"finish_reason\":\"length\"}],\"usage\":{\"prompt_tokens\":4,\"completion_tokens\":2}}\n\ndata: [DONE]\n\n"))
		default:
			w.Write([]byte(`{"choices":[{"text":" x x","finish_reason":"length"}],"usage":{"prompt_tokens":4,"completion_tokens":2}}`))
		}
	}))
	defer srv.Close()
	h := http.Header{}
	h.Set("x-prefiller-host-port", "127.0.0.1:8101")
	if _, err := RunServe(testContext(t), ServeOptions{URL: srv.URL, Clients: 2, Requests: 3, PromptTokens: 4, GenTokens: 2, Header: h}); err != nil {
		t.Fatal(err)
	}
	if len(seen) != 5 { // /v1/models, the warm-up, 3 timed
		t.Fatalf("%d requests, want 5", len(seen))
	}
	for i, v := range seen {
		if v != "127.0.0.1:8101" {
			t.Errorf("request %d: x-prefiller-host-port %q", i, v)
		}
	}
}
