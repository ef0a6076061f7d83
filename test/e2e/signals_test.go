package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// TestSIGTERMDrains: requests in flight when SIGTERM arrives (a stream and a plain request)
// complete normally, new connections are refused from then on, and the process exits 0.
func TestSIGTERMDrains(t *testing.T) {
	// chatModel: its 151936-token output layer makes a few hundred tokens take long
	// enough that the requests are surely still running when the signal lands.
	s := startServer(t, serverOpts{model: chatModel, args: []string{"--drain-timeout", "30s"}})
	const streamTokens, plainTokens = 300, 200
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()

	resp, err := s.post(ctx, "/v1/completions", "", fmt.Sprintf(`{"prompt":"Hello","max_tokens":%d,"ignore_eos":true,"temperature":0,"logprobs":0,"stream":true}`, streamTokens))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("stream: %d", resp.StatusCode)
	}
	sse := newSSE(resp.Body)
	first, _, err := sse.next()
	if err != nil {
		t.Fatalf("first event: %v", err)
	}
	var firstChunk completionChunk
	if err := json.Unmarshal(first, &firstChunk); err != nil || len(firstChunk.Choices) != 1 || firstChunk.Choices[0].Logprobs == nil {
		t.Fatalf("first event: %v %s", err, first)
	}
	plain := make(chan error, 1)
	go func() {
		out, err := runCompletion(ctx, s, "", fmt.Sprintf(`{"prompt":"Hi","max_tokens":%d,"ignore_eos":true}`, plainTokens))
		if err == nil && !strings.Contains(out, fmt.Sprintf(`"completion_tokens":%d`, plainTokens)) {
			err = fmt.Errorf("incomplete answer: %.300s", out)
		}
		plain <- err
	}()
	// Wait until the plain request runs too, so that both are in flight at the signal.
	deadline := time.Now().Add(30 * time.Second)
	for s.metrics(t)[mRunning] < 2 {
		if time.Now().After(deadline) {
			s.failIfBroken(t)
			t.Fatal("the second request never started running")
		}
		time.Sleep(5 * time.Millisecond)
	}
	s.signal(syscall.SIGTERM)

	// The stream is read to its end in the background while the listener is checked.
	type streamEnd struct {
		tokens int
		finish string
		err    error
	}
	ended := make(chan streamEnd, 1)
	// New connections are refused from now on, so the watchdog cannot scrape /metrics: the
	// stream's own events are the sign of progress.
	var lastEvent atomic.Int64
	lastEvent.Store(time.Now().UnixNano())
	go func() {
		e := streamEnd{tokens: len(firstChunk.Choices[0].Logprobs.Tokens)}
		for {
			data, done, err := sse.next()
			lastEvent.Store(time.Now().UnixNano())
			if err != nil {
				e.err = fmt.Errorf("stream cut off after %d tokens: %w", e.tokens, err)
				break
			}
			if done {
				break
			}
			var ch completionChunk
			if e.err = json.Unmarshal(data, &ch); e.err != nil {
				break
			}
			if ch.Error != nil {
				e.err = fmt.Errorf("error event after %d tokens: %s", e.tokens, *ch.Error)
				break
			}
			for _, c := range ch.Choices {
				if c.Logprobs != nil {
					e.tokens += len(c.Logprobs.Tokens)
				}
				if c.FinishReason != nil {
					e.finish = *c.FinishReason
				}
			}
		}
		ended <- e
	}()

	refuseBy := time.Now().Add(5 * time.Second)
	for !dialRefused(s.addr) {
		if time.Now().After(refuseBy) {
			t.Fatal("new connections still accepted 5 s after SIGTERM")
		}
		time.Sleep(5 * time.Millisecond)
	}
	var e streamEnd
	select {
	case e = <-ended:
		t.Logf("note: the stream had ended before new connections were refused; the drain overlap is not shown")
	default:
	wait:
		for {
			select {
			case e = <-ended:
				break wait
			case <-time.After(100 * time.Millisecond):
				if time.Since(time.Unix(0, lastEvent.Load())) > stallLimit {
					s.declareHung()
					e = <-ended
					break wait
				}
			}
		}
	}
	s.failIfBroken(t)
	if e.err != nil || e.tokens != streamTokens || e.finish != "length" {
		t.Errorf("stream in flight at SIGTERM: %d tokens, finish %q, err %v; want %d, length, [DONE]", e.tokens, e.finish, e.err, streamTokens)
	}
	if err := <-plain; err != nil {
		t.Errorf("request in flight at SIGTERM: %v", err)
	}
	if !dialRefused(s.addr) {
		t.Errorf("a new connection was accepted after the drain")
	}
	if code := s.waitExit(60 * time.Second); code != 0 {
		t.Errorf("exit status %d after SIGTERM, want 0:\n%s", code, s.logTail(2000))
	}
	if log := s.log.String(); !strings.Contains(log, "draining") || !strings.Contains(log, "stopped") {
		t.Errorf("the log does not show the drain:\n%s", s.logTail(2000))
	}
}

// TestSIGHUPReloadsTenants: a tenant added with "kvwarden tenant add" while the server runs works
// after SIGHUP, a removed one stops working, and a broken file keeps the previous tenants.
func TestSIGHUPReloadsTenants(t *testing.T) {
	s, file, alice := startWithTenant(t, llamaModel, "alice")
	status := func(key string) int {
		code, _, _ := s.call(t, http.MethodPost, "/v1/completions", key, `{"prompt":"Lily","max_tokens":2}`)
		return code
	}
	// waitStatus polls: the reload happens on the server's own time after the signal.
	waitStatus := func(key string, want int, what string) {
		t.Helper()
		deadline := time.Now().Add(5 * time.Second)
		for {
			got := status(key)
			if got == want {
				return
			}
			if time.Now().After(deadline) {
				s.failIfBroken(t)
				t.Fatalf("%s: status %d, want %d", what, got, want)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	late := addTenant(t, file, "late", "--max-tokens", "1")
	if got := status(late); got != 401 {
		t.Fatalf("a key added after start works before SIGHUP: %d", got)
	}
	s.signal(syscall.SIGHUP)
	// "late" may ask for 1 token only: its limits came with it.
	code, _, body := s.call(t, http.MethodPost, "/v1/completions", late, `{"prompt":"Lily","max_tokens":1}`)
	for deadline := time.Now().Add(5 * time.Second); code == 401 && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
		code, _, body = s.call(t, http.MethodPost, "/v1/completions", late, `{"prompt":"Lily","max_tokens":1}`)
	}
	if code != 200 {
		t.Fatalf("the added tenant after SIGHUP: %d %s", code, body)
	}
	waitStatus(late, 400, "the added tenant over its max_tokens")
	waitStatus(alice, 200, "alice after the reload")

	out, err := exec.Command(binary, "tenant", "remove", "--file", file, "--name", "alice").CombinedOutput()
	if err != nil {
		t.Fatalf("tenant remove: %v %s", err, out)
	}
	s.signal(syscall.SIGHUP)
	waitStatus(alice, 401, "a removed tenant after SIGHUP")

	// A file that does not parse is refused: the server keeps the tenants it has.
	if err := os.WriteFile(file, []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	s.signal(syscall.SIGHUP)
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(s.log.String(), "reload failed") {
		if time.Now().After(deadline) {
			t.Fatalf("no reload failure logged for a broken tenants file:\n%s", s.logTail(2000))
		}
		time.Sleep(20 * time.Millisecond)
	}
	if got := status(late); got != 400 { // still known, still limited to 1 token
		t.Errorf("after a failed reload the remaining tenant gets %d, want 400 (known, over its limit)", got)
	}
	waitStatus(alice, 401, "the removed tenant after a failed reload")
	if code, _, _ := s.call(t, http.MethodGet, "/ready", "", ""); code != 200 {
		t.Errorf("/ready %d after a failed reload", code)
	}
}
