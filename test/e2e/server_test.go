package e2e

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"github.com/kvwarden/kvwarden/internal/testenv"
	"github.com/kvwarden/kvwarden/internal/testenv/selfmade"
)

// The shared models, for the tests that compare with llama.cpp's and llama2.c's outputs or need
// Qwen's real vocabulary: they skip without ../shared.
const (
	storiesModel = "stories260K.gguf"
	qwenModel    = "qwen2-tiny-random.gguf"
)

// The models the tests make themselves (package selfmade), for every other test: llamaModel is
// shaped like stories260K (the same KV pages, a 128-token context), chatModel like
// qwen2-tiny-random (a 4,096-token context, 151,936 ids, ChatML, Hermes tool calls).
const (
	llamaModel = selfmade.LlamaName
	chatModel  = selfmade.ChatMLName
)

// selfMade holds the files of the models made for this run, each written once on first use.
var selfMade struct {
	dir   string
	mu    sync.Mutex
	paths map[string]string
}

// modelPath returns the file of a model of package selfmade, generating it on first use, or else
// of a file in the shared models folder.
func modelPath(t testing.TB, name string) string {
	t.Helper()
	m, ok := selfmade.Lookup(name)
	if !ok {
		return testenv.Model(t, name)
	}
	selfMade.mu.Lock()
	defer selfMade.mu.Unlock()
	if p, ok := selfMade.paths[name]; ok {
		return p
	}
	p, err := m.Write(selfMade.dir)
	if err != nil {
		t.Fatalf("generating %s: %v", name, err)
	}
	if selfMade.paths == nil {
		selfMade.paths = map[string]string{}
	}
	selfMade.paths[name] = p
	return p
}

// serverOpts are the flags of one "kvwarden serve".
type serverOpts struct {
	model   string   // a model of package selfmade, or a file name in the shared models folder
	tenants string   // tenants file; "" runs in dev mode (--dev: one open tenant) unless apiKey is set
	apiKey  string   // KVWARDEN_API_KEY: one tenant with this key
	kvMem   string   // --kv-mem; default 64MiB
	args    []string // further flags
	noModel bool     // no --model: a router that learns the model from its nodes
}

// server is one running kvwarden process.
type server struct {
	*proc
	t        testing.TB
	addr     string // host:port it listens on
	base     string // http://addr
	mbase    string // http://host:port of the operator listener (/metrics)
	http     *http.Client
	hung     atomic.Bool // the watchdog found the engine stuck and dumped its goroutines
	reported atomic.Bool // a test already failed naming why the server broke
}

func (s *server) logTail(n int) string { return tail(s.log.String(), n) }

// startServer starts kvwarden serve on 127.0.0.1 port 0 with an f32 KV cache (the dtype the
// references were made with), waits until /ready answers 200, and kills it when the test ends.
func startServer(t testing.TB, o serverOpts) *server {
	t.Helper()
	model := modelPath(t, o.model)
	if _, err := os.Stat(model); err != nil {
		t.Fatalf("model: %v", err)
	}
	kvMem := o.kvMem
	if kvMem == "" {
		kvMem = "64MiB"
	}
	addrFile := filepath.Join(t.TempDir(), "addr")
	metricsFile := filepath.Join(t.TempDir(), "metrics-addr")
	args := []string{"serve", "--addr", "127.0.0.1:0", "--addr-file", addrFile,
		"--metrics-addr", "127.0.0.1:0", "--metrics-addr-file", metricsFile, "--kv-mem", kvMem, "--kv-dtype", "f32"}
	if !o.noModel {
		args = append(args, "--model", model)
	}
	switch {
	case o.tenants != "":
		args = append(args, "--tenants", o.tenants)
	case o.apiKey == "":
		args = append(args, "--dev")
	}
	args = append(args, o.args...)
	var env []string
	if o.apiKey != "" {
		env = []string{"KVWARDEN_API_KEY=" + o.apiKey}
	}
	s := &server{t: t, proc: startProc(t, env, args...)}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConnsPerHost = 128 // the load test keeps many streams open at once
	s.http = &http.Client{Transport: tr}
	t.Cleanup(func() {
		if t.Failed() && !s.reported.Load() {
			if msg := s.broken(); msg != "" {
				t.Logf("BUG (the likely cause of this failure): %s", msg)
			} else {
				t.Logf("server log (%s, tail):\n%s", o.model, s.logTail(6000))
			}
		}
		tr.CloseIdleConnections()
		s.kill()
	})

	deadline := time.Now().Add(60 * time.Second)
	for s.addr == "" {
		if b, err := os.ReadFile(addrFile); err == nil && len(b) > 0 {
			s.addr = string(b)
			break
		}
		s.checkAlive(deadline, "write --addr-file")
		time.Sleep(10 * time.Millisecond)
	}
	s.base = "http://" + s.addr
	// The metrics address is written before the API's, so it is there now.
	b, err := os.ReadFile(metricsFile)
	if err != nil || len(b) == 0 {
		t.Fatalf("--metrics-addr-file: %q %v", b, err)
	}
	s.mbase = "http://" + string(b)
	for {
		resp, err := s.http.Get(s.base + "/ready")
		if err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				break
			}
		}
		s.checkAlive(deadline, "answer /ready")
		time.Sleep(10 * time.Millisecond)
	}
	// The address file is written with one write; reading it again guards against having read
	// half of it (and readied some other listener).
	if b, _ := os.ReadFile(addrFile); string(b) != s.addr {
		t.Fatalf("address file changed from %q to %q", s.addr, b)
	}
	go s.watchdog()
	return s
}

// stallLimit is how long the engine may hold queued or running requests without computing a
// single token before the watchdog calls it hung. Even on two busy cores a step of these tiny
// models takes milliseconds.
const stallLimit = 5 * time.Second

// watchdog turns a hung engine into a diagnosis instead of a test time-out: when requests it could
// compute wait or run but the prefill and decode counters stop moving, it sends SIGQUIT, so the Go runtime writes
// every goroutine's stack into the server log (and the process exits).
func (s *server) watchdog() {
	var last float64
	lastMove := time.Now()
	for {
		select {
		case <-s.exited:
			return
		case <-time.After(200 * time.Millisecond):
		}
		m, err := s.tryMetrics()
		if err != nil {
			continue // draining or gone; exited says which
		}
		progress := m["kvwarden_prefill_tokens_total"] + m["kvwarden_decode_tokens_total"]
		if progress != last || !m.computable() {
			last, lastMove = progress, time.Now()
			continue
		}
		if time.Since(lastMove) > stallLimit {
			s.declareHung()
			return
		}
	}
}

// computable reports whether the engine holds requests it could compute now. One waiting on a
// peer node (a hand-off to or from a frozen node) is not: keepalive and the transfer deadline
// bound that wait, which may outlast stallLimit without any engine being stuck.
func (m metrics) computable() bool {
	return m[mRunning]+m[mWaiting]-m[mPeerWaiting] > 0
}

// declareHung records that the engine stopped making progress and has the Go runtime dump every
// goroutine's stack into the log (SIGQUIT; the process then exits).
func (s *server) declareHung() {
	if s.hung.CompareAndSwap(false, true) {
		s.cmd.Process.Signal(syscall.SIGQUIT)
	}
}

// failIfBroken fails the test, naming the product bug, when the server hung (the watchdog fired)
// or crashed with a panic: every failure the test would report next is only a consequence. A hang
// or a crash is the worst failure there is, never a reason to skip.
func (s *server) failIfBroken(t testing.TB) {
	t.Helper()
	if msg := s.broken(); msg != "" {
		s.reported.Store(true)
		t.Fatal("BUG: " + msg)
	}
}

// broken says why the server stopped serving, if it hung or panicked; "" if it did not.
func (s *server) broken() string {
	if s.hung.Load() {
		select {
		case <-s.exited:
		case <-time.After(10 * time.Second):
		}
		return fmt.Sprintf("the engine hung: requests were queued or running but no token was computed for %v (0%% CPU). "+
			"Stack of the engine loop from the SIGQUIT dump:\n%s", stallLimit, engineStack(s.log.String()))
	}
	select {
	case <-s.exited:
	default:
		if s.healthy() {
			return ""
		}
		select {
		case <-s.exited:
		case <-time.After(2 * time.Second):
			return ""
		}
	}
	log := s.log.String()
	if i := strings.Index(log, "panic: "); i >= 0 {
		return "the server crashed (" + fmt.Sprint(s.err) + "):\n" + tail(log[i:], 3000)
	}
	if i := strings.Index(log, "fatal error: "); i >= 0 {
		return "the server crashed (" + fmt.Sprint(s.err) + "):\n" + tail(log[i:], 3000)
	}
	return ""
}

func (s *server) healthy() bool {
	c := http.Client{Timeout: time.Second}
	resp, err := c.Get(s.base + "/health")
	if err != nil {
		return false
	}
	readAll(resp.Body)
	return resp.StatusCode == http.StatusOK
}

// engineStack picks the engine loop's goroutine out of a Go traceback.
func engineStack(dump string) string {
	for g := range strings.SplitSeq(dump, "\n\n") {
		if strings.Contains(g, "engine.(*Engine).loop") {
			return g
		}
	}
	return "(no engine goroutine in the dump; server log tail:)\n" + tail(dump, 3000)
}

func tail(s string, n int) string {
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}

func (s *server) checkAlive(deadline time.Time, what string) {
	s.t.Helper()
	select {
	case <-s.exited:
		s.t.Fatalf("server exited (%v) before it could %s:\n%s", s.err, what, s.logTail(4000))
	default:
	}
	if time.Now().After(deadline) {
		s.t.Fatalf("server did not %s in time:\n%s", what, s.logTail(4000))
	}
}

func (s *server) pid() int { return s.cmd.Process.Pid }

func (s *server) signal(sig syscall.Signal) {
	s.t.Helper()
	if err := s.cmd.Process.Signal(sig); err != nil {
		s.t.Fatalf("signal %v: %v", sig, err)
	}
}

// waitExit waits for the process to end and returns its exit code.
func (s *server) waitExit(timeout time.Duration) int {
	s.t.Helper()
	return s.proc.waitExit(s.t, timeout)
}

// client is the official OpenAI client pointed at this server. Retries are off: a test must see
// every 429 and 5xx the server sends.
func (s *server) client(key string) openai.Client {
	return openai.NewClient(option.WithBaseURL(s.base+"/v1/"), option.WithAPIKey(key),
		option.WithMaxRetries(0), option.WithHTTPClient(s.http))
}

// post sends a raw JSON request; key "" sends no Authorization header.
func (s *server) post(ctx context.Context, path, key, body string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.base+path, strings.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	return s.http.Do(req)
}

// call sends a raw request and reads the whole answer.
func (s *server) call(t testing.TB, method, path, key, body string) (int, http.Header, []byte) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, s.base+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	resp, err := s.http.Do(req)
	if err != nil {
		s.failIfBroken(t)
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: reading the body: %v", method, path, err)
	}
	return resp.StatusCode, resp.Header, b
}
