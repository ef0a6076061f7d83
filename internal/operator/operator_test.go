package operator

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/console"
	"github.com/kvwarden/kvwarden/internal/engine"
)

// fakeEngine is the engine /metrics reads: its Info and Stats only.
type fakeEngine struct {
	engine.Interface
	stats engine.Stats
}

func (f *fakeEngine) Info() engine.Info   { return engine.Info{PageTokens: 16} }
func (f *fakeEngine) Stats() engine.Stats { return f.stats }

// shadowKeeper keeps the mismatches /shadow/mismatches serves.
type shadowKeeper []engine.ShadowMismatch

func (s shadowKeeper) ShadowMismatches() []engine.ShadowMismatch { return s }

// testListener serves a single process's operator listener on loopback, with hosts configured.
func testListener(t *testing.T, shadow ShadowSource, hosts ...string) *httptest.Server {
	t.Helper()
	l := New(Config{Role: "single", Model: "m", Engine: &fakeEngine{}, API: true, Shadow: shadow, Hosts: hosts,
		Console: func() console.Snapshot { return console.Snapshot{Role: "single"} }})
	ts := httptest.NewServer(l)
	t.Cleanup(ts.Close)
	t.Cleanup(l.Close) // first: an open console stream would hold ts.Close
	return ts
}

// get sends GET path to ts as host (and origin, when not ""), and returns the status and up to
// 4 KiB of the body (a console stream is cut there).
func get(t *testing.T, ts *httptest.Server, path, host, origin string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, ts.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Host = host
	if origin != "" {
		req.Header.Set("Origin", origin)
	}
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b := make([]byte, 4096)
	n, _ := io.ReadAtLeast(resp.Body, b, 1)
	return resp.StatusCode, string(b[:n])
}

var operatorPaths = []string{"/metrics", "/console", "/console/events", "/shadow/mismatches"}

// TestRebindingIsRefused is a DNS-rebinding page in the operator's browser: its name now resolves
// to the operator listener, so its requests arrive naming its own host. None of them is answered;
// the operator's own names still are.
func TestRebindingIsRefused(t *testing.T) {
	ts := testListener(t, shadowKeeper{}, "ops.example.com", "10.0.0.7")
	port := ts.Listener.Addr().String()[strings.LastIndex(ts.Listener.Addr().String(), ":"):]
	for _, c := range []struct {
		host string
		want int
	}{
		{"attacker.example", http.StatusMisdirectedRequest},
		{"attacker.example" + port, http.StatusMisdirectedRequest},
		{"localhost.attacker.example" + port, http.StatusMisdirectedRequest},
		{"127.0.0.1.nip.io" + port, http.StatusMisdirectedRequest},
		{"ops.example.com.attacker.example", http.StatusMisdirectedRequest},
		{"10.0.0.8" + port, http.StatusMisdirectedRequest}, // not the address the connection arrived at
		{"localhost" + port, http.StatusOK},
		{"LocalHost", http.StatusOK},
		{"127.0.0.1" + port, http.StatusOK},
		{"127.0.0.2:1", http.StatusOK},
		{"[::1]" + port, http.StatusOK},
		{"ops.example.com:443", http.StatusOK},
		{"OPS.example.com", http.StatusOK},
		{"10.0.0.7:9090", http.StatusOK},
	} {
		for _, path := range operatorPaths {
			code, body := get(t, ts, path, c.host, "")
			if code != c.want {
				t.Errorf("GET %s with Host %q: %d, want %d: %.100s", path, c.host, code, c.want, body)
			}
			if code != http.StatusOK && (strings.Contains(body, "kvwarden_") || strings.Contains(body, "<html") ||
				strings.Contains(body, "data:") || strings.Contains(body, "mismatches")) {
				t.Errorf("GET %s with Host %q answered %d with the listener's content: %.200s", path, c.host, code, body)
			}
		}
	}
}

// TestCrossOriginIsRefused is a page on another origin (another port of localhost, a sandboxed
// frame) reaching for the listener: refused before it can hold a console stream.
func TestCrossOriginIsRefused(t *testing.T) {
	ts := testListener(t, nil)
	host := ts.Listener.Addr().String()
	for _, c := range []struct {
		origin string
		want   int
	}{
		{"http://attacker.example", http.StatusForbidden},
		{"http://localhost:1", http.StatusForbidden},
		{"null", http.StatusForbidden},
		{"http://" + host, http.StatusOK},
	} {
		for _, path := range []string{"/console/events", "/metrics"} {
			if code, body := get(t, ts, path, host, c.origin); code != c.want {
				t.Errorf("GET %s from origin %q: %d, want %d: %.100s", path, c.origin, code, c.want, body)
			}
		}
	}
}

// TestServesItsOwnAddress: Prometheus and the kubelet reach a pod by its IP, whatever it is: the
// address a connection arrived at is served, and only that one.
func TestServesItsOwnAddress(t *testing.T) {
	local := &net.TCPAddr{IP: net.ParseIP("10.1.2.3"), Port: 9090}
	for _, c := range []struct {
		host string
		want bool
	}{
		{"10.1.2.3:9090", true},
		{"10.1.2.3", true},
		{"10.1.2.4:9090", false},
		{"pod.example", false},
		{"", false},
	} {
		if got := newHostSet(nil).serves(c.host, local); got != c.want {
			t.Errorf("Host %q on a connection to %v: served %v, want %v", c.host, local, got, c.want)
		}
	}
}

func TestCheckHosts(t *testing.T) {
	for _, c := range []struct {
		hosts []string
		err   string
	}{
		{[]string{"ops.example.com", "10.0.0.7", "::1", "[fe80::1]"}, ""},
		{[]string{""}, "empty"},
		{[]string{"*.example.com"}, "wildcard"},
		{[]string{"ops.example.com:9090"}, "port"},
		{[]string{"http://ops.example.com"}, "scheme"},
	} {
		err := CheckHosts(c.hosts)
		if c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("CheckHosts(%q) = %v, want %q", c.hosts, err, c.err)
		}
	}
}

// TestHeldStreamsDoNotLockOutTheConsole is a viewer holding far more console streams than the
// listener serves: the streams stay capped, and the operator still gets the page and its live
// snapshots, which the page polls when it cannot have a stream.
func TestHeldStreamsDoNotLockOutTheConsole(t *testing.T) {
	ts := testListener(t, nil)
	host := ts.Listener.Addr().String()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	held, refused := 0, 0
	for range 3 * console.DefaultMaxStreams {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, ts.URL+"/console/events", nil)
		resp, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode == http.StatusOK {
			held++ // kept open until the test ends
			continue
		}
		refused++
		resp.Body.Close()
	}
	if held != console.DefaultMaxStreams || refused == 0 {
		t.Fatalf("%d streams held, %d refused: the cap is gone", held, refused)
	}
	if code, body := get(t, ts, "/console", host, ""); code != http.StatusOK || !strings.Contains(body, "<html") {
		t.Fatalf("the operator's console page: %d %.100s", code, body)
	}
	var seqs []uint64
	for range 2 {
		code, body := get(t, ts, "/console/snapshot", host, "")
		var s console.Snapshot
		if err := json.Unmarshal([]byte(body), &s); code != http.StatusOK || err != nil || s.Role != "single" {
			t.Fatalf("the operator's snapshot with every stream held: %d %v %.200s", code, err, body)
		}
		seqs = append(seqs, s.Seq)
		time.Sleep(console.DefaultInterval) // the next poll gets a new snapshot
	}
	if seqs[1] <= seqs[0] {
		t.Fatalf("polled snapshots %v: not live", seqs)
	}
}

// TestShadowMismatchesHoldNoTokenIDs is a reader of /shadow/mismatches who would send the token
// ids it finds to /detokenize for the tenant's text: the answer holds none, neither the runs'
// tokens nor their alternatives, yet says where the runs part and whether they produced the same.
func TestShadowMismatchesHoldNoTokenIDs(t *testing.T) {
	ids := []int32{48213, 50127, 39911, 61003, 57719}
	tok := func(id int32) engine.ShadowToken {
		return engine.ShadowToken{ID: id, Logprob: -0.25, HasLogprob: true, Top: []engine.TokenLogprob{{ID: id + 7, Logprob: -3}}}
	}
	live := engine.ShadowTrace{Tokens: []engine.ShadowToken{tok(ids[0]), tok(ids[1]), tok(ids[2])}, Finish: "length",
		Pages: []engine.ShadowPage{{Page: 3, Gen: 2, Owner: "00ff", HdrGen: 1, Writer: 4, Written: true, Own: true}}}
	ref := engine.ShadowTrace{Tokens: []engine.ShadowToken{tok(ids[0]), tok(ids[3]), tok(ids[4])}, Finish: "length"}
	same := engine.ShadowTrace{Tokens: live.Tokens, Finish: "stop"}
	ts := testListener(t, shadowKeeper{
		{ShadowEvent: engine.ShadowEvent{Tenant: "uid-1", Request: 9, Reason: "token", Index: 1, Detail: "token ids differ"}, Live: live, Reference: ref},
		{ShadowEvent: engine.ShadowEvent{Tenant: "uid-1", Request: 10, Reason: "finish", Index: 3, Detail: "finish reasons differ"}, Live: live, Reference: same},
	})
	code, body := get(t, ts, "/shadow/mismatches", ts.Listener.Addr().String(), "")
	if code != http.StatusOK {
		t.Fatalf("%d %s", code, body)
	}
	for _, id := range ids {
		for _, n := range []int32{id, id + 7} {
			if strings.Contains(body, fmt.Sprint(n)) {
				t.Errorf("/shadow/mismatches holds token id %d, which /detokenize turns into text: %s", n, body)
			}
		}
	}
	var got struct{ Mismatches []mismatch }
	if err := json.Unmarshal([]byte(body), &got); err != nil || len(got.Mismatches) != 2 {
		t.Fatalf("%v %s", err, body)
	}
	tok1, fin := got.Mismatches[0], got.Mismatches[1]
	if tok1.Index != 1 || tok1.Live.Tokens != 3 || tok1.Live.Digest == tok1.Reference.Digest || tok1.Live.Pages[0].Owner != "00ff" ||
		tok1.Live.LogprobAtIndex == nil || *tok1.Live.LogprobAtIndex != -0.25 {
		t.Errorf("a token mismatch as served: %+v", tok1)
	}
	if fin.Live.Digest != fin.Reference.Digest || fin.Live.Digest != tok1.Live.Digest || fin.Reference.Finish != "stop" {
		t.Errorf("a finish mismatch: the same tokens must have the same digest: %+v", fin)
	}
}
