package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestRolesShareTheLifecycle: a router and its nodes stop as the single process does. A stream
// in flight at the router's SIGTERM completes; the router, then each node, logs its drain and
// exits 0, an open console on a node not holding it up. A node's operator listener has the single process's timeouts: a scraper that never
// sends the body it announced is cut off (ReadTimeout), not left holding the connection.
func TestRolesShareTheLifecycle(t *testing.T) {
	tlsDir := filepath.Join(t.TempDir(), "tls")
	if out, err := exec.Command(binary, "certs", "--dir", tlsDir).CombinedOutput(); err != nil {
		t.Fatalf("certs: %v\n%s", err, out)
	}
	pre, dec := startNode(t, "prefill", llamaModel, tlsDir), startNode(t, "decode", llamaModel, tlsDir)
	router := startServer(t, serverOpts{model: llamaModel, args: []string{"--role", "router", "--tls-dir", tlsDir,
		"--prefill", pre.addr, "--decode", dec.addr, "--drain-timeout", "30s"}})

	slowScraper := make(chan error, 1)
	go func() { slowScraper <- announceBodyNeverSend(strings.TrimPrefix(dec.mbase, "http://"), 20*time.Second) }()

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	resp, err := router.post(ctx, "/v1/completions", "", `{"prompt":"Lily","max_tokens":120,"ignore_eos":true,"temperature":0,"stream":true}`)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	sse := newSSE(resp.Body)
	if _, _, err := sse.next(); err != nil {
		t.Fatalf("first event: %v", err)
	}
	router.signal(syscall.SIGTERM)
	finish := ""
	for {
		data, done, err := sse.next()
		if err != nil {
			t.Fatalf("the stream in flight at SIGTERM was cut off: %v", err)
		}
		if done {
			break
		}
		var ch completionChunk
		if err := json.Unmarshal(data, &ch); err != nil || ch.Error != nil {
			t.Fatalf("event during the drain: %v %s", err, data)
		}
		for _, c := range ch.Choices {
			if c.FinishReason != nil {
				finish = *c.FinishReason
			}
		}
	}
	if finish != "length" {
		t.Errorf("the stream in flight at SIGTERM finished %q, want length", finish)
	}
	checkStopped(t, "router", router.proc)

	if err := <-slowScraper; err != nil {
		t.Errorf("decode node's operator listener: %v", err)
	}
	// An open console on a node ends with its operator listener, which then stops at once.
	cons, err := http.Get(dec.mbase + "/console/events")
	if err != nil {
		t.Fatal(err)
	}
	defer cons.Body.Close()
	if _, _, err := newSSE(cons.Body).next(); err != nil {
		t.Fatalf("node console: %v", err)
	}
	for _, n := range []*clusterNode{dec, pre} {
		if err := n.cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		checkStopped(t, "node", n.proc)
	}
}

// checkStopped checks that a signalled process exits 0 having logged its drain.
func checkStopped(t *testing.T, what string, p *proc) {
	t.Helper()
	if code := p.waitExit(t, 60*time.Second); code != 0 {
		t.Errorf("%s: exit status %d after SIGTERM, want 0:\n%s", what, code, tail(p.log.String(), 2000))
	}
	if log := p.log.String(); !strings.Contains(log, "draining") || !strings.Contains(log, "msg=stopped") || strings.Contains(log, "did not stop cleanly") {
		t.Errorf("%s: the log does not show a clean drain:\n%s", what, tail(log, 2000))
	}
}

// announceBodyNeverSend sends a request announcing a body it never sends, and reports an error
// unless the server ends the exchange (an answer or a close) within limit.
func announceBodyNeverSend(addr string, limit time.Duration) error {
	c, err := net.Dial("tcp", addr)
	if err != nil {
		return err
	}
	defer c.Close()
	if _, err := c.Write([]byte("POST /metrics HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\n")); err != nil {
		return err
	}
	c.SetReadDeadline(time.Now().Add(limit))
	if _, err := c.Read(make([]byte, 1)); err != nil {
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			return fmt.Errorf("a request whose body never came still holds its connection after %v", limit)
		}
	}
	return nil
}
