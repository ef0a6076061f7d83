package console

import (
	"bufio"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestPage: the page is self-contained (no URL to another origin, no external script or style)
// and its policy lets exactly its own inline script run.
func TestPage(t *testing.T) {
	mux := http.NewServeMux()
	Register(mux, NewHub(func() Snapshot { return Snapshot{} }, 0, 0))
	rec := httptest.NewRecorder()
	mux.ServeHTTP(rec, httptest.NewRequest("GET", "/console", nil))
	body := rec.Body.String()
	if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
		t.Fatalf("%d %q", rec.Code, rec.Header())
	}
	// Its only link is its icon, inline: a browser would otherwise ask for /favicon.ico.
	icon := `<link rel="icon" href="data:,">`
	if strings.Count(body, icon) != 1 {
		t.Errorf("the page has no inline icon %s", icon)
	}
	for _, bad := range []string{"http://", "https://", "<script src", "<link", "@import", "url("} {
		if strings.Contains(strings.Replace(body, icon, "", 1), bad) {
			t.Errorf("the page refers to %q: it must work offline, from this origin only", bad)
		}
	}
	_, rest, _ := strings.Cut(body, "<script>")
	script, _, _ := strings.Cut(rest, "</script>")
	sum := sha256.Sum256([]byte(script))
	csp := rec.Header().Get("Content-Security-Policy")
	if !strings.Contains(csp, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'") || !strings.Contains(csp, "default-src 'none'") ||
		!strings.Contains(csp, "connect-src 'self'") || strings.Count(body, "<script") != 1 {
		t.Fatalf("policy %q does not pin the page's one inline script", csp)
	}
}

// TestEventsStream: /console/events is a server-sent-events stream of JSON snapshots, and the
// stream ends its subscription when the client goes.
func TestEventsStream(t *testing.T) {
	h := NewHub(func() Snapshot {
		return Snapshot{Role: "single", Pages: Pages{Total: 4, Free: 3, Owned: 1}}
	}, 5*time.Millisecond, 1)
	mux := http.NewServeMux()
	Register(mux, h)
	srv := httptest.NewServer(mux)
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/console/events")
	if err != nil {
		t.Fatal(err)
	}
	if resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("content type %q", resp.Header.Get("Content-Type"))
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	var seqs []uint64
	for len(seqs) < 3 && sc.Scan() {
		d, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		var s Snapshot
		if err := json.Unmarshal([]byte(d), &s); err != nil {
			t.Fatalf("not a JSON snapshot: %v: %s", err, d)
		}
		if s.Pages.Total != 4 || s.Events == nil || s.IntervalMS != 5 {
			t.Fatalf("snapshot %+v", s)
		}
		seqs = append(seqs, s.Seq)
	}
	if len(seqs) != 3 || seqs[0] >= seqs[1] || seqs[1] >= seqs[2] {
		t.Fatalf("sequence numbers %v", seqs)
	}
	resp.Body.Close()
	waitFor(t, func() bool { return h.Streams() == 0 })
}
