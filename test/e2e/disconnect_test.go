package e2e

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// freeWithin is how soon the pages of a request whose client left must be back: at once, give or
// take one engine step and a scheduler delay on two busy cores.
const freeWithin = time.Second

// TestClientDisconnectFreesPages: a client that goes away (mid-stream, or while waiting for a
// plain answer) aborts its request at once; its pages are back in the pool and the engine stops
// generating for it.
func TestClientDisconnectFreesPages(t *testing.T) {
	// chatModel with a 4096-token context: 3000 tokens take seconds, so the request is
	// surely running when the client leaves.
	s := startServer(t, serverOpts{model: chatModel})
	for _, tc := range []struct {
		name   string
		stream bool
		n      int
	}{
		{"stream", true, 1},
		{"stream_n4", true, 4},
		{"plain", false, 1},
		{"plain_n3", false, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := s.metrics(t)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			body := fmt.Sprintf(`{"prompt":"Hello there","max_tokens":3000,"ignore_eos":true,"n":%d,"stream":%v}`, tc.n, tc.stream)
			resp := make(chan error, 1)
			go func() {
				r, err := s.post(ctx, "/v1/completions", "", body)
				if err == nil {
					if tc.stream {
						// Read a few events: the stream is really flowing when the client leaves.
						sse := newSSE(r.Body)
						for range 3 {
							if _, _, err = sse.next(); err != nil {
								break
							}
						}
						resp <- err
						<-ctx.Done()
					}
					r.Body.Close()
				}
				if !tc.stream {
					resp <- err
				}
			}()
			// Running, holding pages and generating.
			deadline := time.Now().Add(30 * time.Second)
			var m metrics
			for {
				m = s.metrics(t)
				if m[mRunning] == float64(tc.n) && m[mPagesUsed] > 0 && m["kvwarden_decode_tokens_total"] > before["kvwarden_decode_tokens_total"]+float64(tc.n) {
					break
				}
				if time.Now().After(deadline) {
					s.failIfBroken(t)
					t.Fatalf("the request never ran: running %v, pages used %v", m[mRunning], m[mPagesUsed])
				}
				time.Sleep(5 * time.Millisecond)
			}
			if tc.stream {
				if err := <-resp; err != nil {
					t.Fatalf("stream: %v", err)
				}
			}
			left := time.Now()
			cancel() // the client goes away: its connection closes
			for {
				m = s.metrics(t)
				if m.idle() {
					break
				}
				if time.Since(left) > 10*time.Second {
					s.failIfBroken(t)
					t.Fatalf("10 s after the client left: running %v, pages used %v, quarantined %v", m[mRunning], m[mPagesUsed], m[mPagesQuar])
				}
				time.Sleep(2 * time.Millisecond)
			}
			d := time.Since(left)
			t.Logf("pages back %v after the client left", d.Round(time.Millisecond))
			if d > freeWithin {
				t.Errorf("the pages came back %v after the client left, want within %v", d.Round(time.Millisecond), freeWithin)
			}
			checkPoolWhole(t, m)
			// The engine stopped generating for it: the decode counter stands still.
			decoded := m["kvwarden_decode_tokens_total"]
			time.Sleep(100 * time.Millisecond)
			if after := s.metrics(t)["kvwarden_decode_tokens_total"]; after != decoded {
				t.Errorf("decode went on after the abort: %v → %v tokens", decoded, after)
			}
			if !tc.stream {
				<-resp
			}
			// The handler counts the closed client as it returns, which may be just after
			// the engine gave the pages back.
			closed := `kvwarden_requests_rejected_total{reason="client_closed"}`
			for end := time.Now().Add(5 * time.Second); m[closed] == before[closed] && time.Now().Before(end); {
				time.Sleep(2 * time.Millisecond)
				m = s.metrics(t)
			}
			if m[closed] != before[closed]+1 {
				t.Errorf("client_closed count %v → %v, want +1", before[closed], m[closed])
			}
		})
	}
}
