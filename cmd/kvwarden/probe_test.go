package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/kvwarden/kvwarden/internal/probe"
)

// TestRunProbeExitStatus: a probe that cannot run exits 2 (the gate must not read it as clean or as
// a leak) and never shows a key. Exit statuses 0 and 1 are covered by e2e TestProbeFindsNothing and
// the probe package's leaking fakes.
func TestRunProbeExitStatus(t *testing.T) {
	refuse := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, `{"error":{"message":"invalid api key"}}`, http.StatusUnauthorized)
	}))
	defer refuse.Close()
	for _, c := range []struct {
		name     string
		endpoint string
	}{
		{"no endpoint", ""},
		{"refused keys", refuse.URL},
		{"unreachable", "http://127.0.0.1:1"},
	} {
		var out, errOut bytes.Buffer
		cfg := probe.Config{Endpoint: c.endpoint, Keys: []string{"sk-one-secret", "sk-two-secret"}, Budget: 100, Rate: 100, Concurrency: 2}
		if code := runProbe(context.Background(), cfg, probeOutputs{}, &out, &errOut); code != 2 {
			t.Errorf("%s: exit status %d, want 2; stderr %q", c.name, code, errOut.String())
		}
		if s := out.String() + errOut.String(); strings.Contains(s, "secret") {
			t.Errorf("%s: a key was printed: %q", c.name, s)
		}
	}
}

// TestFrozenEndpointStillGetsAReport: an endpoint that never answers, from its first request on,
// still gets every report asked for (text, JSON, JUnit, HTML), each saying inconclusive and why,
// and exit status 2: a deployment gate needs the report exactly then.
func TestFrozenEndpointStillGetsAReport(t *testing.T) {
	frozen := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done() // holds the connection, answers nothing
	}))
	defer frozen.Close()
	dir := t.TempDir()
	out := probeOutputs{json: filepath.Join(dir, "probe.json"), junit: filepath.Join(dir, "probe.xml"), html: filepath.Join(dir, "probe.html")}
	cfg := probe.Config{Endpoint: frozen.URL, Keys: []string{"sk-one-secret", "sk-two-secret"}, Budget: 100, Rate: 100, Concurrency: 2,
		RequestTimeout: 200 * time.Millisecond}
	var stdout, stderr bytes.Buffer
	if code := runProbe(context.Background(), cfg, out, &stdout, &stderr); code != 2 {
		t.Errorf("exit status %d, want 2", code)
	}
	const why = "no answer within the request timeout"
	var rep probe.Report
	if b, err := os.ReadFile(out.json); err != nil || json.Unmarshal(b, &rep) != nil || rep.Outcome != "inconclusive" || rep.ExitCode != 2 || !strings.Contains(rep.NotStarted, why) {
		t.Errorf("JSON report: %v, outcome %q, exit %d, not started %q", err, rep.Outcome, rep.ExitCode, rep.NotStarted)
	}
	for _, f := range []struct{ path, want string }{{out.junit, "<skipped message=\"not run: the run could not start"}, {out.html, "The run could not start"}} {
		if b, err := os.ReadFile(f.path); err != nil || !strings.Contains(string(b), f.want) || !strings.Contains(string(b), why) {
			t.Errorf("%s: %v, %q", f.path, err, b)
		}
	}
	if !strings.Contains(stdout.String(), "INCONCLUSIVE: the run could not start") {
		t.Errorf("stdout: %q", stdout.String())
	}
}

// TestEndpointTextIsEscapedOnTheTerminal: an endpoint whose refusal carries terminal escape
// sequences (a clipboard write, a window title, a carriage return over the verdict, a bidi
// override) gets them printed escaped, on stderr and stdout alike.
func TestEndpointTextIsEscapedOnTheTerminal(t *testing.T) {
	hostile := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusInternalServerError)
		io.WriteString(w, "\x1b]52;c;cHduZWQ=\x07\x1b]0;owned\x07\rclean\b\b\u009b2J\u202eevil")
	}))
	defer hostile.Close()
	cfg := probe.Config{Endpoint: hostile.URL, Keys: []string{"sk-one-secret", "sk-two-secret"}, Budget: 100, Rate: 100, Concurrency: 2}
	var stdout, stderr bytes.Buffer
	if code := runProbe(context.Background(), cfg, probeOutputs{}, &stdout, &stderr); code != 2 {
		t.Errorf("exit status %d, want 2", code)
	}
	// The progress line's own carriage returns aside, nothing a terminal acts on is printed.
	for what, s := range map[string]string{"stdout": stdout.String(), "stderr": strings.ReplaceAll(stderr.String(), "\rprobe:", "probe:")} {
		for _, r := range s {
			if r != '\n' && (unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r)) {
				t.Errorf("%s holds %U: %q", what, r, s)
				break
			}
		}
		if !strings.Contains(s, `\x1b]52;c;`) {
			t.Errorf("%s does not show the endpoint's escape visibly: %q", what, s)
		}
	}
}
