package probe

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unicode"
)

// Tests of the probe against an endpoint that attacks it (issue 34): endless answers, terminal
// escape sequences, redirects.

func TestPrintable(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain text, ünïcode 世界 ✓ and a \\ backslash", "plain text, ünïcode 世界 ✓ and a \\ backslash"},
		{"\x1b]52;c;cHduZWQ=\x07", `\x1b]52;c;cHduZWQ=\x07`}, // OSC 52: write the clipboard
		{"\x1b]0;owned\x07", `\x1b]0;owned\x07`},             // the window title
		{"\x1b[2J\x1b[H", `\x1b[2J\x1b[H`},                   // clear the screen
		{"ok\rFAKE\b\b", `ok\x0dFAKE\x08\x08`},               // overwrite what was printed
		{"a\nb\tc\x7f", `a\x0ab\x09c\x7f`},
		{"\u009b31m", `\u009b31m`},                             // C1 CSI
		{"user\u202etxt.exe\u2066", `user\u202etxt.exe\u2066`}, // bidi override and isolate
		{"\xff\xfe", `\xff\xfe`},                               // not UTF-8
		{"\ufffd", "\ufffd"},                                   // the real replacement character stays
		{"\U000e0001", `\U000e0001`},                           // a tag character: invisible
	} {
		got := Printable(c.in)
		if got != c.want {
			t.Errorf("Printable(%q) = %q, want %q", c.in, got, c.want)
		}
		if Printable(got) != got {
			t.Errorf("Printable is not idempotent on %q", c.in)
		}
	}
	if got := terminalText("line\nnext\x1b[2K"); got != "line\nnext\\x1b[2K" {
		t.Errorf("terminalText = %q", got)
	}
}

// countingTransport records the most body bytes the probe read of any one response.
type countingTransport struct {
	tr   *http.Transport
	most atomic.Int64
}

func newCountingTransport(t *testing.T) *countingTransport {
	ct := &countingTransport{tr: http.DefaultTransport.(*http.Transport).Clone()}
	t.Cleanup(ct.tr.CloseIdleConnections)
	return ct
}

func (ct *countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := ct.tr.RoundTrip(r)
	if err == nil {
		resp.Body = &countingBody{ReadCloser: resp.Body, ct: ct}
	}
	return resp, err
}

type countingBody struct {
	io.ReadCloser
	ct *countingTransport
	n  int64
}

func (b *countingBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	b.n += int64(n)
	for m := b.ct.most.Load(); b.n > m && !b.ct.most.CompareAndSwap(m, b.n); m = b.ct.most.Load() {
	}
	return n, err
}

// TestEndlessAnswerIsCutOff: an answer that never ends, streamed or not, costs the probe at most
// the byte cap of the max_tokens it asked for, and is a breach, not an answer. The server gives
// up after 8 MiB, so that without the cap the test ends too (and fails).
func TestEndlessAnswerIsCutOff(t *testing.T) {
	const maxTokens, gaveUp = 16, 8 << 20
	x := strings.Repeat("x", 200)
	for _, c := range []struct {
		name       string
		stream     bool
		head, unit string // written once, then unit again and again ("" never)
	}{
		{"SSE events", true, "", `data: {"choices":[{"index":0,"text":"` + x + `"}]}` + "\n\n"},
		{"SSE keep-alive comments", true, "", ": keep-alive\n\n"},
		{"SSE events without text", true, "", `data: {"choices":[{"index":0,"text":""}]}` + "\n\n"},
		{"one endless SSE line", true, `data: {"choices":[{"index":0,"text":"`, x},
		{"an endless JSON body", false, `{"choices":[{"index":0,"text":"`, x},
		{"a body counting 5000 tokens", false, `{"choices":[{"index":0,"text":"x","finish_reason":"length"}],"usage":{"prompt_tokens":3,"completion_tokens":5000}}`, ""},
		{"a stream of 5000 logprob tokens in one event", true, `data: {"choices":[{"index":0,"text":"x","logprobs":{"tokens":["x"` + strings.Repeat(`,"x"`, 4999) + `]}}]}` + "\n\ndata: [DONE]\n\n", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				io.Copy(io.Discard, r.Body)
				n, _ := io.WriteString(w, c.head)
				for sent := n; c.unit != "" && sent < gaveUp; sent += n {
					var err error
					if n, err = io.WriteString(w, c.unit); err != nil {
						return // the probe hung up
					}
				}
			}))
			defer srv.Close()
			ct := newCountingTransport(t)
			cfg := Config{Keys: testKeys[:2], Budget: 10, Rate: 1000, Concurrency: 1, RequestTimeout: 10 * time.Second,
				MaxPromptTokens: 1 << 20, MaxOutputTokens: 1 << 20, HTTPClient: &http.Client{Transport: ct}}
			c1 := newClient(&cfg, srv.URL+"/v1")
			var breaches []error
			c1.onBreach = func(_ string, _ int, _ *request, err error) { breaches = append(breaches, err) }
			a, err := c1.complete(context.Background(), CheckBoundary, 0, request{Prompt: []int{1, 2, 3}, MaxTokens: maxTokens, Stream: c.stream}, 0)
			var over *overrunError
			if !errors.As(err, &over) || a != nil || len(breaches) != 1 {
				t.Errorf("answer %+v, error %v, %d breaches reported; want an overrun, no answer, one breach", a, err, len(breaches))
			}
			_, byteCap := responseCaps(maxTokens)
			if read := ct.most.Load(); read > byteCap+1 {
				t.Errorf("read %d bytes of one answer; the cap for max_tokens %d is %d", read, maxTokens, byteCap)
			}
		})
	}
}

// TestStreamTextGatheredOnce: a stream's text is gathered once, not copied again with every
// event (which made an endless stream's memory grow with the square of its length).
func TestStreamTextGatheredOnce(t *testing.T) {
	const events, per = 4000, 100
	var body strings.Builder
	for range events {
		body.WriteString(`data: {"choices":[{"index":0,"text":"` + strings.Repeat("y", per) + `"}]}` + "\n\n")
	}
	body.WriteString("data: [DONE]\n\n")
	var before, after runtime.MemStats
	a := &answer{}
	runtime.ReadMemStats(&before)
	err := readStream(strings.NewReader(body.String()), a, events, time.Now(), 0, func() {})
	runtime.ReadMemStats(&after)
	if err != nil || len(a.Text) != events*per {
		t.Fatalf("%v, %d bytes of text", err, len(a.Text))
	}
	// Copying the text again per event allocates events²×per/2 = 800 MB here; once, a few MB.
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
		t.Errorf("reading a %d-byte stream allocated %d MB", body.Len(), alloc>>20)
	}
}

// TestEndlessStreamsAreFindings: an endpoint whose streams never end is reported as ignoring
// max_tokens, its checks are partial (exit 2, never clean), no answer is read past the cap of
// the largest max_tokens the probe asks, and no stream waits for the request timeout.
func TestEndlessStreamsAreFindings(t *testing.T) {
	f := newFake(t, fakeOpts{endless: true}, testKeys[:2]...)
	ct := newCountingTransport(t)
	cfg := testConfig(f.srv.URL)
	cfg.Keys, cfg.Budget, cfg.Trials, cfg.RequestTimeout, cfg.HTTPClient = testKeys[:2], 160, 5, 2*time.Second, &http.Client{Transport: ct}
	rep, text := runFake(t, cfg)
	protocol := 0
	for _, fd := range rep.Findings {
		if fd.Verdict == VerdictProtocol && strings.Contains(fd.Summary, "ignored max_tokens") {
			protocol++
		}
	}
	if protocol == 0 || rep.ExitCode != 2 || rep.IsolationFindings() > 0 || rep.Timeouts > 0 {
		t.Errorf("%d protocol findings, exit %d, %d isolation findings, %d timeouts; want some, 2, none, none", protocol, rep.ExitCode, rep.IsolationFindings(), rep.Timeouts)
	}
	if !strings.Contains(text, "protocol findings") {
		t.Errorf("the text report does not warn of the protocol findings")
	}
	_, byteCap := responseCaps(noiseLongGen)
	if read := ct.most.Load(); read > byteCap+1 {
		t.Errorf("read %d bytes of one answer; the cap for the largest max_tokens asked (%d) is %d", read, noiseLongGen, byteCap)
	}
}

// hostileText is what an endpoint would write to take over the terminal of whoever reads the
// report: a clipboard write (OSC 52), a window title, a cleared screen, a line overwritten with a
// carriage return and backspaces, a C1 CSI and a bidi override.
const hostileText = "\x1b]52;c;cHduZWQ=\x07\x1b]0;owned\x07\x1b[2J\rno findings\b\b\u009b31m\u202eevil"

// terminalSafe fails t when out holds a character a terminal acts on (line breaks aside).
func terminalSafe(t *testing.T, what, out string) {
	t.Helper()
	for i, r := range out {
		if r != '\n' && (unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r)) {
			t.Errorf("%s: %U at byte %d: %q", what, r, i, out[max(i-40, 0):min(i+40, len(out))])
			return
		}
	}
}

// TestHostileTextNeverReachesTheTerminal: the endpoint's model name and error bodies carry
// terminal escape sequences; no report format carries one raw, and the text report shows them
// escaped, visibly.
func TestHostileTextNeverReachesTheTerminal(t *testing.T) {
	f := newFake(t, fakeOpts{context: 2048, pool: 192, overPool: "refuse", perToken: 100 * time.Microsecond, hostile: hostileText}, testKeys...)
	rep, text := runFake(t, testConfig(f.srv.URL))
	var js, junit, page bytes.Buffer
	for _, err := range []error{WriteJSON(&js, rep), WriteJUnit(&junit, rep), WriteHTML(&page, rep)} {
		if err != nil {
			t.Fatal(err)
		}
	}
	for what, out := range map[string]string{"text": text, "JSON": js.String(), "JUnit": junit.String(), "HTML": page.String()} {
		terminalSafe(t, what, strings.ReplaceAll(out, "\t", ""))
	}
	// A report built or changed by a library user, not by a run, is escaped on the way out too.
	var raw strings.Builder
	WriteText(&raw, &Report{Model: hostileText, NotStarted: hostileText, Notes: []string{hostileText}})
	terminalSafe(t, "text of a hand-made report", raw.String())
	if !strings.Contains(text, `fake-model\\x1b]52;c;`) || !strings.Contains(text, `\x1b[2J\x0dno findings\x08\x08\u009b31m\u202eevil`) {
		t.Errorf("the text report does not show the endpoint's escapes visibly:\n%s", text)
	}
}

// TestRedirectsAreNotFollowed: the endpoint redirects (307, which re-sends the POST) to another
// port of the same host, where Go would send the tenant's key. No request reaches that listener;
// the redirect is reported naming its Location, and nothing the listener would have answered is
// judged.
func TestRedirectsAreNotFollowed(t *testing.T) {
	var hits, keys atomic.Int64
	elsewhere := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		if r.Header.Get("Authorization") != "" {
			keys.Add(1)
		}
		io.Copy(io.Discard, r.Body)
		fmt.Fprint(w, `{"object":"list","data":[{"id":"elsewhere","max_model_len":256}],"choices":[{"index":0,"text":" stolen","finish_reason":"length"}],"usage":{"prompt_tokens":8,"completion_tokens":1}}`)
	}))
	defer elsewhere.Close()
	for _, what := range []string{"models", "completions", "streams"} {
		t.Run(what, func(t *testing.T) {
			to := elsewhere.URL + "/v1/" + what
			f := newFake(t, fakeOpts{redirect: what, redirectTo: to}, testKeys[:2]...)
			cfg := testConfig(f.srv.URL)
			cfg.Keys, cfg.Budget, cfg.Trials = testKeys[:2], 160, 5
			rep, err := Run(context.Background(), cfg)
			var text bytes.Buffer
			WriteText(&text, rep)
			t.Logf("%s", text.String())
			if hits.Load() > 0 || keys.Load() > 0 {
				t.Fatalf("the redirect was followed: %d requests, %d with a key, reached %s", hits.Load(), keys.Load(), elsewhere.URL)
			}
			if rep.ExitCode != 2 || rep.IsolationFindings() > 0 || !strings.Contains(text.String(), to) {
				t.Errorf("exit %d, %d isolation findings, Location named: %v; want 2, none, named", rep.ExitCode, rep.IsolationFindings(), strings.Contains(text.String(), to))
			}
			if startFails := what != "streams"; startFails != (err != nil && rep.NotStarted != "") {
				t.Errorf("error %v, not started %q; want the run not to start: %v", err, rep.NotStarted, startFails)
			}
		})
	}
}
