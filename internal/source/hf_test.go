package source

import (
	"bytes"
	"context"
	"fmt"
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
	status       int // if set, every request gets this status
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
	data, etag, cut, status := h.data, h.etag, h.truncateNext, h.status
	h.truncateNext = 0
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

func TestHFResumeAfterTruncation(t *testing.T) {
	data := tinyGGUF(t)
	hub := newFakeHub(t, data)
	hub.truncateNext = len(data) / 3
	cache := t.TempDir()
	r, err := Resolve(context.Background(), hfSpec, hub.opts(cache))
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
