package server

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/openai/openai-go/v3"
)

// serveManually starts a server whose Shutdown the test calls itself.
func serveManually(t *testing.T, eng *fakeEngine) (*testEnv, chan error) {
	t.Helper()
	srv, err := New(Config{Logger: discardLogger()}, eng, byteTok{}, testStore(t))
	if err != nil {
		t.Fatal(err)
	}
	base, done := serve(t, srv)
	env := &testEnv{t: t, eng: eng, srv: srv, base: base}
	waitFor(t, func() bool { return srv.serving.Load() })
	return env, done
}

// openStream starts a streaming completion and returns its body after the first event.
func openStream(t *testing.T, env *testEnv, body string) *bufio.Reader {
	t.Helper()
	resp := env.open(t, context.Background(), http.MethodPost, "/v1/completions", keyAlice, nil, body)
	t.Cleanup(func() { resp.Body.Close() })
	r := bufio.NewReader(resp.Body)
	if _, err := r.ReadString('\n'); err != nil {
		t.Fatal(err)
	}
	return r
}

// TestDrainAnswers: while draining, the listener stays open: /ready answers 503 "draining", a new
// generation request 503 "shutting_down", a request still sending its body is cut short with 503
// at once, and the stream in flight ends normally before Shutdown returns.
func TestDrainAnswers(t *testing.T) {
	eng := newFakeEngine()
	eng.delay = 5 * time.Millisecond
	env, served := serveManually(t, eng)
	stream := openStream(t, env, `{"prompt":"ab","max_tokens":60,"stream":true}`)
	slow := slowBody(t, env.base, keyAlice)
	waitFor(t, func() bool { return slotsHeld(env.srv) == 2 }) // the stream's and the slow body's, authenticated

	shut := make(chan error, 1)
	began := time.Now()
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		shut <- env.srv.Shutdown(ctx)
	}()
	waitFor(t, func() bool { return env.srv.draining.Load() })

	if code, _, body := env.get("/ready"); code != 503 || !strings.Contains(string(body), "draining") {
		t.Fatalf("/ready while draining: %d %s", code, body)
	}
	if code, hdr, body := env.post("/v1/completions", keyAlice, `{"prompt":"x","max_tokens":1}`); code != 503 || hdr.Get("Retry-After") == "" || !strings.Contains(string(body), "shutting_down") {
		t.Fatalf("new request while draining: %d %s", code, body)
	}
	slow.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(slow), nil)
	if err != nil || resp.StatusCode != 503 {
		t.Fatalf("slow body while draining: %v %v", resp, err)
	}
	resp.Body.Close()

	rest, err := io.ReadAll(stream)
	if err != nil || !strings.Contains(string(rest), `"finish_reason":"length"`) || !strings.HasSuffix(string(rest), "data: [DONE]\n\n") {
		t.Fatalf("in-flight stream: %v\n%s", err, rest)
	}
	if err := <-shut; err != nil {
		t.Fatal(err)
	}
	if d := time.Since(began); d > 5*time.Second {
		t.Fatalf("drain took %v", d)
	}
	if err := <-served; err != nil {
		t.Fatal(err)
	}
}

// TestDrainTimeoutSendsErrorEvent: when the drain deadline passes, each open stream receives an
// error event (never [DONE]) before its connection closes, and its engine request is closed.
func TestDrainTimeoutSendsErrorEvent(t *testing.T) {
	eng := newFakeEngine()
	eng.delay = 20 * time.Millisecond
	env, served := serveManually(t, eng)
	streams := []*bufio.Reader{
		openStream(t, env, `{"prompt":"ab","max_tokens":200,"stream":true}`),
		openStream(t, env, `{"prompt":"cd","max_tokens":200,"stream":true}`),
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if err := env.srv.Shutdown(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("shutdown: %v", err)
	}
	<-served
	if eng.running.Load() != 0 {
		t.Fatalf("%d engine requests still running", eng.running.Load())
	}
	for i, r := range streams {
		rest, _ := io.ReadAll(r)
		events := strings.Split(strings.TrimSpace(string(rest)), "\n\n")
		last := events[len(events)-1]
		if !strings.HasPrefix(last, `data: {"error":`) || !strings.Contains(last, "shutting_down") || strings.Contains(string(rest), "[DONE]") {
			t.Fatalf("stream %d ended with %q", i, last)
		}
	}
}

func TestHealthReadyShutdown(t *testing.T) {
	eng := newFakeEngine()
	eng.delay = 5 * time.Millisecond
	env, done := serveManually(t, eng)
	srv := env.srv
	waitFor(t, func() bool { code, _, _ := env.get("/ready"); return code == 200 })
	if code, _, _ := env.get("/health"); code != 200 {
		t.Fatal("health")
	}

	// A stream in flight drains to [DONE] during Shutdown.
	c := env.client(keyAlice)
	st := c.Completions.NewStreaming(ctx(t), openai.CompletionNewParams{Model: model, Prompt: promptOf("ab"), MaxTokens: openai.Int(40)})
	if !st.Next() {
		t.Fatal(st.Err())
	}
	shut := make(chan error, 1)
	go func() {
		sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		shut <- srv.Shutdown(sctx)
	}()
	n := 1
	var finish string
	for st.Next() {
		for _, ch := range st.Current().Choices {
			n++
			if ch.FinishReason != "" {
				finish = string(ch.FinishReason)
			}
		}
	}
	if st.Err() != nil || finish != "length" {
		t.Fatalf("drained stream: %v %q", st.Err(), finish)
	}
	if err := <-shut; err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if eng.finished.Load() != 1 {
		t.Fatal("in-flight request did not finish")
	}
}

func TestShutdownTimeoutCancels(t *testing.T) {
	eng := newFakeEngine()
	eng.delay = 20 * time.Millisecond
	env, done := serveManually(t, eng)
	srv := env.srv
	st := env.client(keyAlice).Completions.NewStreaming(ctx(t), openai.CompletionNewParams{Model: model, Prompt: promptOf("ab"), MaxTokens: openai.Int(200)})
	if !st.Next() {
		t.Fatal(st.Err())
	}
	sctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if err := srv.Shutdown(sctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("shutdown: %v", err)
	}
	<-done
	if eng.running.Load() != 0 || eng.finished.Load() != 0 {
		t.Fatalf("running %d finished %d after a timed-out shutdown", eng.running.Load(), eng.finished.Load())
	}
	for st.Next() {
		for _, ch := range st.Current().Choices {
			if ch.FinishReason != "" {
				t.Fatal("a cancelled stream reported a finish reason")
			}
		}
	}
}
