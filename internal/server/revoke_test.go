package server

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/tenants"
)

// TestRevokedKeyCancelsInFlight: after a reload removes a tenant, revokeStaleKeys cancels its
// in-flight requests (a streaming one gets an api_key_revoked error event, a plain one a 401)
// and leaves other tenants' requests alone.
func TestRevokedKeyCancelsInFlight(t *testing.T) {
	f := &tenants.File{Version: tenants.FileVersion}
	carol, _ := f.Add("carol", tenants.Limits{})
	dave, _ := f.Add("dave", tenants.Limits{})
	path, store := saveStore(t, f)
	eng := newFakeEngine()
	eng.delay = 5 * time.Millisecond
	env := start(t, eng, store, nil)

	type answer struct {
		code int
		body string
	}
	send := func(key, body string) chan answer {
		out := make(chan answer, 1)
		go func() {
			req, _ := http.NewRequest(http.MethodPost, env.base+"/v1/completions", strings.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+key)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				out <- answer{0, err.Error()}
				return
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			out <- answer{resp.StatusCode, string(b)}
		}()
		return out
	}
	carolStream := send(carol, `{"prompt":"ab","max_tokens":200,"stream":true}`)
	carolPlain := send(carol, `{"prompt":"ab","max_tokens":200}`)
	daveStream := send(dave, `{"prompt":"ab","max_tokens":40,"stream":true}`)
	waitFor(t, func() bool { return eng.running.Load() == 3 })

	if n := env.srv.revokeStaleKeys(); n != 0 {
		t.Fatalf("a reload that changed nothing cancelled %d requests", n)
	}
	f.Remove("carol")
	if err := f.Save(path); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Reload(); err != nil {
		t.Fatal(err)
	}
	if n := env.srv.revokeStaleKeys(); n != 2 {
		t.Fatalf("cancelled %d requests, want carol's 2", n)
	}
	select {
	case a := <-carolStream:
		events := strings.Split(strings.TrimSpace(a.body), "\n\n")
		if last := events[len(events)-1]; a.code != 200 || !strings.Contains(last, `"error"`) || !strings.Contains(last, "api_key_revoked") || strings.Contains(a.body, "[DONE]") {
			t.Fatalf("carol's stream: %d, last event %q", a.code, last)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("carol's stream still running")
	}
	if a := <-carolPlain; a.code != 401 || !strings.Contains(a.body, "api_key_revoked") {
		t.Fatalf("carol's request: %d %s", a.code, a.body)
	}
	if a := <-daveStream; a.code != 200 || !strings.HasSuffix(a.body, "data: [DONE]\n\n") {
		t.Fatalf("dave's stream: %d %s", a.code, a.body)
	}
}
