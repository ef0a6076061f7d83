package source

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeHub serves one file at /owner/repo/resolve/main/dir/model.gguf, honouring Range and
// If-Range like the hub's storage does.
type fakeHub struct {
	srv      *httptest.Server
	mu       sync.Mutex
	data     []byte
	etag     string
	requests []*http.Request
	// truncateNext makes the next reply stop after this many body bytes and drop the connection.
	truncateNext int
	// stallNext makes the next reply send this many body bytes and then go silent.
	stallNext int
	status    int // if set, every request gets this status
}

func newFakeHub(t *testing.T, data []byte) *fakeHub {
	h := &fakeHub{data: data, etag: `"v1"`}
	h.srv = httptest.NewServer(http.HandlerFunc(h.serve))
	t.Cleanup(h.srv.Close)
	return h
}

func (h *fakeHub) serve(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	h.requests = append(h.requests, r.Clone(context.Background()))
	data, etag, cut, stall, status := h.data, h.etag, h.truncateNext, h.stallNext, h.status
	h.truncateNext, h.stallNext = 0, 0
	h.mu.Unlock()
	if status != 0 {
		http.Error(w, http.StatusText(status), status)
		return
	}
	if r.URL.EscapedPath() != "/owner/repo/resolve/main/dir/model.gguf" {
		http.Error(w, "Entry not found", http.StatusNotFound)
		return
	}
	w.Header().Set("ETag", etag)
	if cut > 0 {
		w.Header().Set("Content-Length", fmt.Sprint(len(data)))
		w.WriteHeader(http.StatusOK)
		w.Write(data[:cut])
		w.(http.Flusher).Flush()
		panic(http.ErrAbortHandler) // drop the connection mid-body
	}
	if stall > 0 {
		w.Header().Set("Content-Length", fmt.Sprint(len(data)))
		w.WriteHeader(http.StatusOK)
		w.Write(data[:stall])
		w.(http.Flusher).Flush()
		<-r.Context().Done() // silent until the client gives up
		return
	}
	http.ServeContent(w, r, "model.gguf", time.Time{}, bytes.NewReader(data))
}

func (h *fakeHub) reqs() []*http.Request {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]*http.Request(nil), h.requests...)
}

const hfSpec = "hf:owner/repo/dir/model.gguf"

func (h *fakeHub) opts(cache string) Options {
	return Options{CacheDir: cache, Endpoint: h.srv.URL}
}

func cachedPath(cache string) string {
	return filepath.Join(cache, "hf", "owner", "repo", "main", "dir", "model.gguf")
}

func TestHFDownload(t *testing.T) {
	data := tinyGGUF(t)
	hub := newFakeHub(t, data)
	cache := t.TempDir()
	var progress bytes.Buffer
	opts := hub.opts(cache)
	opts.Progress = &progress
	opts.Token = "secret"
	r, err := Resolve(context.Background(), hfSpec, opts)
	if err != nil {
		t.Fatal(err)
	}
	if r.Path != cachedPath(cache) || r.Demo || r.Dummy {
		t.Fatalf("got %+v", r)
	}
	if got, _ := os.ReadFile(r.Path); !bytes.Equal(got, data) {
		t.Fatal("downloaded bytes differ")
	}
	for _, leftover := range []string{r.Path + ".partial", r.Path + ".partial.etag"} {
		if _, err := os.Stat(leftover); err == nil {
			t.Errorf("%s left behind", leftover)
		}
	}
	if !strings.Contains(progress.String(), "downloading dir/model.gguf") {
		t.Errorf("progress output %q", progress.String())
	}
	reqs := hub.reqs()
	if len(reqs) != 1 || reqs[0].Header.Get("Authorization") != "Bearer secret" || reqs[0].Header.Get("Range") != "" {
		t.Fatalf("requests: %d, first %v", len(reqs), reqs[0].Header)
	}

	// Cached: no second request.
	if _, err := Resolve(context.Background(), hfSpec, hub.opts(cache)); err != nil {
		t.Fatal(err)
	}
	if n := len(hub.reqs()); n != 1 {
		t.Fatalf("%d requests after a cached resolve, want 1", n)
	}
}

// TestHFResumeAfterInterruption: a connection dropped or gone silent mid-body is resumed from
// where it stopped, with If-Range guarding against a changed file.
func TestHFResumeAfterInterruption(t *testing.T) {
	defer func(d time.Duration) { stallTimeout = d }(stallTimeout)
	stallTimeout = 100 * time.Millisecond
	for _, c := range []struct {
		name      string
		interrupt func(h *fakeHub, at int)
	}{
		{"dropped", func(h *fakeHub, at int) { h.truncateNext = at }},
		{"stalled", func(h *fakeHub, at int) { h.stallNext = at }},
	} {
		t.Run(c.name, func(t *testing.T) {
			data := tinyGGUF(t)
			hub := newFakeHub(t, data)
			c.interrupt(hub, len(data)/3)
			r, err := Resolve(context.Background(), hfSpec, hub.opts(t.TempDir()))
			if err != nil {
				t.Fatal(err)
			}
			if got, _ := os.ReadFile(r.Path); !bytes.Equal(got, data) {
				t.Fatal("resumed download differs")
			}
			reqs := hub.reqs()
			if len(reqs) != 2 {
				t.Fatalf("%d requests, want 2", len(reqs))
			}
			if got, want := reqs[1].Header.Get("Range"), fmt.Sprintf("bytes=%d-", len(data)/3); got != want {
				t.Fatalf("second request Range %q, want %q", got, want)
			}
			if got := reqs[1].Header.Get("If-Range"); got != `"v1"` {
				t.Fatalf("second request If-Range %q", got)
			}
		})
	}
}

func TestHFResumeFromEarlierRun(t *testing.T) {
	data := tinyGGUF(t)
	hub := newFakeHub(t, data)
	cache := t.TempDir()
	partial := cachedPath(cache) + ".partial"
	os.MkdirAll(filepath.Dir(partial), 0o755)

	// A partial file from an earlier run with no retries left: the next run continues it.
	downloadAttempts = 1
	hub.truncateNext = 1000
	_, err := Resolve(context.Background(), hfSpec, hub.opts(cache))
	downloadAttempts = 4
	if err == nil || !strings.Contains(err.Error(), "run again to resume") {
		t.Fatalf("error %v", err)
	}
	if st, err := os.Stat(partial); err != nil || st.Size() != 1000 {
		t.Fatalf("partial file: %v", err)
	}
	if _, err := Resolve(context.Background(), hfSpec, hub.opts(cache)); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(cachedPath(cache)); !bytes.Equal(got, data) {
		t.Fatal("resumed download differs")
	}
	if rng := hub.reqs()[1].Header.Get("Range"); rng != "bytes=1000-" {
		t.Fatalf("Range %q", rng)
	}

	// The file changed on the hub since the partial was started: If-Range makes the server
	// send it whole, and the stale bytes are dropped.
	os.Remove(cachedPath(cache))
	os.WriteFile(partial, []byte("stale bytes of the old file"), 0o644)
	os.WriteFile(partial+".etag", []byte(`"v0"`), 0o644)
	if _, err := Resolve(context.Background(), hfSpec, hub.opts(cache)); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(cachedPath(cache)); !bytes.Equal(got, data) {
		t.Fatal("download after a changed ETag differs")
	}

	// A complete partial file (a run stopped before the rename) needs no new bytes.
	os.Remove(cachedPath(cache))
	os.WriteFile(partial, data, 0o644)
	os.Remove(partial + ".etag")
	if _, err := Resolve(context.Background(), hfSpec, hub.opts(cache)); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(cachedPath(cache)); !bytes.Equal(got, data) {
		t.Fatal("complete partial file was not kept")
	}
}

func TestHFSHA256(t *testing.T) {
	data := tinyGGUF(t)
	hub := newFakeHub(t, data)
	cache := t.TempDir()
	opts := hub.opts(cache)
	opts.SHA256 = sha([]byte("something else"))
	_, err := Resolve(context.Background(), hfSpec, opts)
	if err == nil || !strings.Contains(err.Error(), "failed verification and was deleted") || !strings.Contains(err.Error(), sha(data)) {
		t.Fatalf("error %v", err)
	}
	for _, p := range []string{cachedPath(cache), cachedPath(cache) + ".partial"} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s kept after a checksum mismatch", p)
		}
	}

	opts.SHA256 = sha(data)
	if _, err := Resolve(context.Background(), hfSpec, opts); err != nil {
		t.Fatal(err)
	}
	// A damaged cached copy is fetched again when a checksum is given.
	os.WriteFile(cachedPath(cache), []byte("GGUF damaged"), 0o644)
	n := len(hub.reqs())
	if _, err := Resolve(context.Background(), hfSpec, opts); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(cachedPath(cache)); !bytes.Equal(got, data) || len(hub.reqs()) != n+1 {
		t.Fatal("damaged cache entry was not replaced")
	}
}

func TestHFErrors(t *testing.T) {
	hub := newFakeHub(t, []byte("GGUF"))
	ctx := context.Background()
	_, err := Resolve(ctx, "hf:owner/repo/missing.gguf", hub.opts(t.TempDir()))
	if err == nil || !strings.Contains(err.Error(), "not found on the hub (HTTP 404)") {
		t.Fatalf("404: %v", err)
	}

	hub.status = http.StatusUnauthorized
	_, err = Resolve(ctx, hfSpec, hub.opts(t.TempDir()))
	if err == nil || !strings.Contains(err.Error(), "set HF_TOKEN") {
		t.Fatalf("401: %v", err)
	}
	t.Setenv("HF_TOKEN", "tok")
	_, err = Resolve(ctx, hfSpec, hub.opts(t.TempDir()))
	if err == nil || !strings.Contains(err.Error(), "HF_TOKEN sent was not accepted") {
		t.Fatalf("401 with token: %v", err)
	}
	if a := hub.reqs()[len(hub.reqs())-1].Header.Get("Authorization"); a != "Bearer tok" {
		t.Fatalf("Authorization %q", a)
	}
	if strings.Contains(err.Error(), "tok\"") {
		t.Fatal("token leaked into the error")
	}

	hub.status = http.StatusInternalServerError
	before := len(hub.reqs())
	_, err = Resolve(ctx, hfSpec, hub.opts(t.TempDir()))
	if err == nil || !strings.Contains(err.Error(), "500") || len(hub.reqs())-before != downloadAttempts {
		t.Fatalf("500: %v after %d requests", err, len(hub.reqs())-before)
	}
}

func TestHFUnreachable(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close() // nothing listens there now
	start := time.Now()
	_, err = Resolve(context.Background(), hfSpec, Options{CacheDir: t.TempDir(), Endpoint: "http://" + addr})
	if err == nil || !strings.Contains(err.Error(), "cannot reach the Hugging Face hub") || !strings.Contains(err.Error(), "--model /path/to/model.gguf") {
		t.Fatalf("error %v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("took %v to fail", d)
	}
}

func TestHFEndpointFromEnv(t *testing.T) {
	hub := newFakeHub(t, []byte("GGUF data"))
	t.Setenv("KVWARDEN_HF_ENDPOINT", hub.srv.URL+"/")
	if _, err := Resolve(context.Background(), hfSpec, Options{CacheDir: t.TempDir()}); err != nil {
		t.Fatal(err)
	}
	t.Setenv("KVWARDEN_HF_ENDPOINT", "ftp://example")
	if _, err := Resolve(context.Background(), hfSpec, Options{CacheDir: t.TempDir()}); err == nil || !strings.Contains(err.Error(), "KVWARDEN_HF_ENDPOINT") {
		t.Fatalf("bad endpoint: %v", err)
	}
}

func TestParseHF(t *testing.T) {
	for _, c := range []struct{ in, url, path string }{
		{"TheBloke/Llama-2-7B-GGUF/llama-2-7b.Q4_0.gguf", "E/TheBloke/Llama-2-7B-GGUF/resolve/main/llama-2-7b.Q4_0.gguf", "TheBloke/Llama-2-7B-GGUF/main/llama-2-7b.Q4_0.gguf"},
		{"o/r/sub dir/m.gguf@v1.0", "E/o/r/resolve/v1.0/sub%20dir/m.gguf", "o/r/v1.0/sub dir/m.gguf"},
		{"o/r/m.gguf@refs/pr/1", "E/o/r/resolve/refs%2Fpr%2F1/m.gguf", "o/r/refs%2Fpr%2F1/m.gguf"},
	} {
		ref, err := parseHF(c.in)
		if err != nil {
			t.Fatalf("%q: %v", c.in, err)
		}
		if u := ref.fileURL("E"); u != c.url {
			t.Errorf("%q: URL %s, want %s", c.in, u, c.url)
		}
		if p := filepath.ToSlash(ref.cachePath("")); p != "hf/"+c.path {
			t.Errorf("%q: cache path %s, want %s", c.in, p, c.path)
		}
	}
	for _, bad := range []string{"", "owner", "owner/repo", "owner/repo/", "../repo/f", "o/r/../../etc/passwd", "o/r/f@..", "o/r/f@", "o//f", "o/r/a\\b"} {
		if _, err := parseHF(bad); err == nil || !strings.Contains(err.Error(), "want hf:OWNER/REPO/FILE") {
			t.Errorf("%q: error %v", bad, err)
		}
	}
}

func TestHFNotGGUF(t *testing.T) {
	hub := newFakeHub(t, []byte("<!doctype html>"))
	cache := t.TempDir()
	_, err := Resolve(context.Background(), hfSpec, hub.opts(cache))
	if err == nil || !strings.Contains(err.Error(), "not a GGUF file") {
		t.Fatalf("error %v", err)
	}
	if _, err := os.Stat(cachedPath(cache) + ".partial"); err == nil {
		t.Fatal("partial file kept")
	}
}

// silentReader sends its data, then blocks until ctx ends, as a connection that went quiet.
type silentReader struct {
	ctx  context.Context
	data []byte
}

func (s *silentReader) Read(p []byte) (int, error) {
	if len(s.data) > 0 {
		n := copy(p, s.data)
		s.data = s.data[n:]
		return n, nil
	}
	<-s.ctx.Done()
	return 0, s.ctx.Err()
}

func TestCopyWatched(t *testing.T) {
	defer func(d time.Duration) { stallTimeout = d }(stallTimeout)
	stallTimeout = 200 * time.Millisecond

	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	var dst bytes.Buffer
	n, err := copyWatched(ctx, cancel, &dst, &silentReader{ctx: ctx, data: []byte("12345")})
	if !errors.Is(err, errStalled) || n != 5 || dst.String() != "12345" {
		t.Fatalf("stalled copy: %d bytes, %q, error %v", n, dst.String(), err)
	}
	if !strings.Contains(err.Error(), "no data received for 200ms") {
		t.Fatalf("error %q", err)
	}

	// A caller's cancellation is not a stall.
	ctx, cancel = context.WithCancelCause(context.Background())
	cancel(context.Canceled)
	_, err = copyWatched(ctx, cancel, io.Discard, &silentReader{ctx: ctx})
	if err == nil || errors.Is(err, errStalled) {
		t.Fatalf("cancelled copy: error %v", err)
	}

	// A reader that keeps sending is never cut off, however long it takes in all.
	ctx, cancel = context.WithCancelCause(context.Background())
	defer cancel(nil)
	n, err = copyWatched(ctx, cancel, io.Discard, &slowReader{chunks: 15, pause: stallTimeout / 10})
	if err != nil || n != 15 {
		t.Fatalf("slow copy: %d bytes, error %v", n, err)
	}
}

// slowReader sends one byte per pause.
type slowReader struct {
	chunks int
	pause  time.Duration
}

func (s *slowReader) Read(p []byte) (int, error) {
	if s.chunks == 0 {
		return 0, io.EOF
	}
	time.Sleep(s.pause)
	s.chunks--
	p[0] = 'x'
	return 1, nil
}

func TestPlaceReply(t *testing.T) {
	const off = 100
	for _, c := range []struct {
		name         string
		status       int
		contentRange string
		length       int64
		token        string
		start, total int64
		done         bool
		err          string // "" when none
		retry        bool
	}{
		{name: "whole file", status: 200, length: 500, start: 0, total: 500},
		{name: "whole file, unknown size", status: 200, length: -1, start: 0, total: -1},
		{name: "resumed", status: 206, contentRange: "bytes 100-499/500", start: off, total: 500},
		{name: "resumed, unknown size", status: 206, contentRange: "bytes 100-499/*", start: off, total: -1},
		{name: "resumed elsewhere", status: 206, contentRange: "bytes 50-499/500", start: 0, total: -1, err: "unexpected position", retry: true},
		{name: "bad Content-Range", status: 206, contentRange: "100-499", start: 0, total: -1, err: "unexpected position", retry: true},
		{name: "already whole", status: 416, contentRange: "bytes */100", start: off, total: off, done: true},
		{name: "partial too long", status: 416, contentRange: "bytes */60", start: 0, total: -1, err: "starting over", retry: true},
		{name: "no token", status: 401, start: off, total: -1, err: "set HF_TOKEN"},
		{name: "token refused", status: 403, token: "t", start: off, total: -1, err: "HF_TOKEN sent was not accepted"},
		{name: "missing", status: 404, start: off, total: -1, err: "HTTP 404"},
		{name: "server error", status: 503, start: off, total: -1, err: "503", retry: true},
		{name: "rate limited", status: 429, start: off, total: -1, err: "429", retry: true},
		{name: "bad request", status: 400, start: off, total: -1, err: "400"},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := &downloader{ref: hfRef{"o", "r", "f.gguf", "main"}, url: "U", token: c.token}
			resp := &http.Response{StatusCode: c.status, Status: fmt.Sprint(c.status), ContentLength: c.length, Header: http.Header{}}
			if c.contentRange != "" {
				resp.Header.Set("Content-Range", c.contentRange)
			}
			start, total, done, err := d.placeReply(resp, off)
			if start != c.start || total != c.total || done != c.done {
				t.Errorf("got start %d total %d done %v, want %d %d %v", start, total, done, c.start, c.total, c.done)
			}
			var r retryable
			switch {
			case c.err == "" && err != nil:
				t.Errorf("error %v", err)
			case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
				t.Errorf("error %v, want one with %q", err, c.err)
			case err != nil && errors.As(err, &r) != c.retry:
				t.Errorf("error %v: retryable %v, want %v", err, !c.retry, c.retry)
			}
		})
	}
}
