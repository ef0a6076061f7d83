package bench

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
)

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
