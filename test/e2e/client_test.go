package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// apiErr is the OpenAI error body.
type apiErr struct {
	Error struct {
		Message string  `json:"message"`
		Type    string  `json:"type"`
		Param   *string `json:"param"`
		Code    *string `json:"code"`
	} `json:"error"`
}

func decodeErr(t testing.TB, body []byte) apiErr {
	t.Helper()
	var e apiErr
	if err := json.Unmarshal(body, &e); err != nil || e.Error.Message == "" || e.Error.Type == "" {
		t.Fatalf("not an OpenAI error body (%v): %s", err, body)
	}
	return e
}

func str(p *string) string {
	if p == nil {
		return "<null>"
	}
	return *p
}

// sseReader reads server-sent events from a raw response, so a test can tell a stream that ended
// with [DONE] from one that was cut off (the OpenAI client treats both as a normal end).
type sseReader struct {
	r *bufio.Reader
}

func newSSE(body io.Reader) *sseReader { return &sseReader{r: bufio.NewReaderSize(body, 1<<16)} }

// next returns the next event's data; done is true for [DONE]. io.EOF means the stream ended.
func (s *sseReader) next() (data []byte, done bool, err error) {
	for {
		line, err := s.r.ReadBytes('\n')
		if err != nil {
			if err == io.EOF && len(line) == 0 {
				return nil, false, io.EOF
			}
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return nil, false, err
		}
		line = bytes.TrimRight(line, "\r\n")
		d, ok := bytes.CutPrefix(line, []byte("data: "))
		if !ok {
			continue // blank separator lines
		}
		if string(d) == "[DONE]" {
			return nil, true, nil
		}
		return d, false, nil
	}
}

// completionChunk is the part of a completions response (or stream chunk) the tests read.
type completionChunk struct {
	Choices []struct {
		Index    int    `json:"index"`
		Text     string `json:"text"`
		Logprobs *struct {
			Tokens        []string             `json:"tokens"`
			TokenLogprobs []float64            `json:"token_logprobs"`
			TopLogprobs   []map[string]float64 `json:"top_logprobs"`
			TextOffset    []int                `json:"text_offset"`
		} `json:"logprobs"`
		FinishReason *string `json:"finish_reason"`
	} `json:"choices"`
	Usage *struct {
		PromptTokens     int `json:"prompt_tokens"`
		CompletionTokens int `json:"completion_tokens"`
	} `json:"usage"`
	Error *json.RawMessage `json:"error"`
}

// tenantsFile names a new tenants file in the test's temporary folder.
func tenantsFile(t testing.TB) string { return filepath.Join(t.TempDir(), "tenants.json") }

// startWithTenant starts a server on model whose tenants file holds one tenant, name, and returns
// the file and the tenant's key.
func startWithTenant(t testing.TB, model, name string) (s *server, file, key string) {
	t.Helper()
	file = tenantsFile(t)
	key = addTenant(t, file, name)
	return startServer(t, serverOpts{model: model, tenants: file}), file, key
}

// addTenant runs "kvwarden tenant add" and returns the new key, as an operator would.
func addTenant(t testing.TB, file, name string, limits ...string) string {
	t.Helper()
	args := append([]string{"tenant", "add", "--file", file, "--name", name}, limits...)
	out, err := exec.Command(binary, args...).Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("tenant add %s: %v: %s", name, err, ee.Stderr)
		}
		t.Fatalf("tenant add %s: %v", name, err)
	}
	key := strings.TrimSpace(string(out))
	if key == "" || strings.ContainsAny(key, " \n") {
		t.Fatalf("tenant add printed %q, want just the key", out)
	}
	return key
}

// procStatus reads a "kB" field of /proc/PID/status (VmRSS, VmHWM) in bytes; it skips the test
// where there is no /proc.
func procStatus(t testing.TB, pid int, field string) int64 {
	t.Helper()
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skipf("no /proc: %v", err)
	}
	v, err := readProcStatus(pid, field)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func readProcStatus(pid int, field string) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			if err != nil {
				return 0, fmt.Errorf("/proc/%d/status: %q", pid, line)
			}
			return kb << 10, nil
		}
	}
	return 0, fmt.Errorf("/proc/%d/status has no %s", pid, field)
}

// dialRefused reports whether a new TCP connection to addr is refused.
func dialRefused(addr string) bool {
	c, err := net.DialTimeout("tcp", addr, time.Second)
	if err != nil {
		return errors.Is(err, syscall.ECONNREFUSED)
	}
	c.Close()
	return false
}

func ptr[T any](v T) *T { return &v }

func mustJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
