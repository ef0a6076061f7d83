package e2e

import (
	"bufio"
	"context"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/openai/openai-go/v3"
)

// clusterNode is one "kvwarden serve --role prefill|decode" process.
type clusterNode struct {
	*proc
	addr  string // its node listener
	mbase string // its operator listener
}

// startNode starts a node; extra flags follow the defaults, so they override them.
func startNode(t *testing.T, role, model, tlsDir string, extra ...string) *clusterNode {
	t.Helper()
	dir := t.TempDir()
	addrFile, metricsFile := filepath.Join(dir, "addr"), filepath.Join(dir, "metrics")
	args := append([]string{"serve", "--role", role, "--model", modelPath(t, model), "--node-addr", "127.0.0.1:0",
		"--addr-file", addrFile, "--metrics-addr", "127.0.0.1:0", "--metrics-addr-file", metricsFile, "--tls-dir", tlsDir,
		"--kv-mem", "64MiB", "--kv-dtype", "f32"}, extra...)
	n := &clusterNode{proc: startProc(t, nil, args...)}
	t.Cleanup(func() {
		n.kill()
		if t.Failed() {
			t.Logf("%s node log:\n%s", role, tail(n.log.String(), 3000))
		}
	})
	deadline := time.Now().Add(60 * time.Second)
	for n.addr == "" {
		if b, err := os.ReadFile(addrFile); err == nil && len(b) > 0 {
			n.addr = string(b)
		}
		select {
		case <-n.exited:
			t.Fatalf("%s node exited:\n%s", role, n.log.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s node did not start", role)
		}
		time.Sleep(10 * time.Millisecond)
	}
	b, _ := os.ReadFile(metricsFile)
	n.mbase = "http://" + string(b)
	return n
}

// startPair starts a prefill node, a decode node and a router over them (--dev), with new
// certificates.
func startPair(t *testing.T) (pre, dec *clusterNode, router *server) {
	t.Helper()
	tlsDir := filepath.Join(t.TempDir(), "tls")
	if out, err := exec.Command(binary, "certs", "--dir", tlsDir).CombinedOutput(); err != nil {
		t.Fatalf("certs: %v\n%s", err, out)
	}
	pre, dec = startNode(t, "prefill", llamaModel, tlsDir), startNode(t, "decode", llamaModel, tlsDir)
	router = startServer(t, serverOpts{model: llamaModel, args: []string{"--role", "router", "--tls-dir", tlsDir,
		"--prefill", pre.addr, "--decode", dec.addr}})
	return pre, dec, router
}

// gauges reads a node's /metrics as name → value (labels kept in the name).
func (n *clusterNode) gauges(t *testing.T) map[string]float64 {
	t.Helper()
	resp, err := http.Get(n.mbase + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out := map[string]float64{}
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), " ")
		if f, err := strconv.ParseFloat(v, 64); ok && err == nil {
			out[k] = f
		}
	}
	return out
}

// waitWhole waits until a node holds no page for a request or a transfer.
func (n *clusterNode) waitWhole(t *testing.T) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		g := n.gauges(t)
		if g[mPagesUsed] == 0 && g[mPagesQuar] == 0 && g[mPagesFree]+g[mPagesCached] == g[mPagesTotal] {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("node pool not whole: %v", g)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestDisaggregatedMatchesSingleProcess: a router, one prefill node and two decode nodes, as four
// processes on 127.0.0.1 over mTLS, driven by the official OpenAI client, give the same greedy
// tokens and logprobs, bit for bit, as the single-process server; every pool is whole afterwards.
// Then a decode node is killed: the router takes it out of rotation and keeps serving.
func TestDisaggregatedMatchesSingleProcess(t *testing.T) {
	tlsDir := filepath.Join(t.TempDir(), "tls")
	if out, err := exec.Command(binary, "certs", "--dir", tlsDir).CombinedOutput(); err != nil {
		t.Fatalf("certs: %v\n%s", err, out)
	}
	pre := startNode(t, "prefill", llamaModel, tlsDir)
	dec := []*clusterNode{startNode(t, "decode", llamaModel, tlsDir), startNode(t, "decode", llamaModel, tlsDir)}
	router := startServer(t, serverOpts{model: llamaModel, args: []string{"--role", "router", "--tls-dir", tlsDir,
		"--prefill", pre.addr, "--decode", dec[0].addr + "," + dec[1].addr}})
	single := startServer(t, serverOpts{model: llamaModel})

	ctx := context.Background()
	complete := func(s *server, prompt string, n int64) *openai.Completion {
		t.Helper()
		cl := s.client("")
		c, err := cl.Completions.New(ctx, openai.CompletionNewParams{
			Model:     openai.CompletionNewParamsModel(strings.TrimSuffix(llamaModel, ".gguf")),
			Prompt:    openai.CompletionNewParamsPromptUnion{OfString: openai.String(prompt)},
			MaxTokens: openai.Int(n), Temperature: openai.Float(0), Logprobs: openai.Int(2),
		})
		if err != nil {
			t.Fatalf("%s: %v", s.base, err)
		}
		return c
	}
	prompts := []string{"Once upon a time", "The little dog ran to the park and saw a big red ball. He", "Lily"}
	for i := range 6 { // more requests than nodes, so both decode nodes serve some
		p := prompts[i%len(prompts)]
		got, want := complete(router, p, 12), complete(single, p, 12)
		g, w := got.Choices[0], want.Choices[0]
		if g.Text != w.Text || g.FinishReason != w.FinishReason {
			t.Fatalf("%q: router %q (%s), single %q (%s)", p, g.Text, g.FinishReason, w.Text, w.FinishReason)
		}
		if len(g.Logprobs.TokenLogprobs) != len(w.Logprobs.TokenLogprobs) {
			t.Fatalf("%q: %d logprobs, single %d", p, len(g.Logprobs.TokenLogprobs), len(w.Logprobs.TokenLogprobs))
		}
		for k := range w.Logprobs.TokenLogprobs {
			if g.Logprobs.TokenLogprobs[k] != w.Logprobs.TokenLogprobs[k] || g.Logprobs.Tokens[k] != w.Logprobs.Tokens[k] {
				t.Fatalf("%q token %d: router %q %v, single %q %v", p, k, g.Logprobs.Tokens[k], g.Logprobs.TokenLogprobs[k], w.Logprobs.Tokens[k], w.Logprobs.TokenLogprobs[k])
			}
		}
		if got.Usage.PromptTokens != want.Usage.PromptTokens || got.Usage.CompletionTokens != want.Usage.CompletionTokens {
			t.Fatalf("%q: usage %+v, single %+v", p, got.Usage, want.Usage)
		}
	}
	for _, n := range append([]*clusterNode{pre}, dec...) {
		n.waitWhole(t)
		if g := n.gauges(t); g[mSecurity] != 0 {
			t.Fatalf("security events on a node: %v", g)
		}
	}

	// A decode node dies: requests keep being served by the other, with no client error once the
	// router has noticed (its probe runs every 500 ms).
	dec[0].kill()
	time.Sleep(time.Second)
	for range 3 {
		if c := complete(router, prompts[0], 6); len(c.Choices) != 1 || c.Choices[0].Text == "" {
			t.Fatalf("after a decode node died: %+v", c)
		}
	}
	dec[1].waitWhole(t)
	pre.waitWhole(t)
}

// TestDisaggregatedNodeLost: a node that dies, or freezes, while the router waits on it for a
// request gives the client a clean error (429 or 503, never a hang or a 500), and the other nodes' pools are whole:
// the reservation or prefill the request held there is released. The node is frozen first
// (SIGSTOP), so the request is certainly waiting on it when it dies.
func TestDisaggregatedNodeLost(t *testing.T) {
	for _, tc := range []struct {
		name   string
		victim string // the role that dies
		kill   bool   // false: it stays frozen (keepalive must notice)
	}{
		{"prefill node killed", "prefill", true},
		{"decode node killed", "decode", true},
		{"decode node frozen", "decode", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pre, dec, router := startPair(t)
			victim, other := pre, dec
			if tc.victim == "decode" {
				victim, other = dec, pre
			}
			victim.cmd.Process.Signal(syscall.SIGSTOP)
			defer victim.cmd.Process.Signal(syscall.SIGCONT)
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			if tc.kill {
				time.AfterFunc(300*time.Millisecond, victim.kill)
			}
			start := time.Now()
			code, _, body := router.call(t, http.MethodPost, "/v1/completions", "", `{"prompt":"Once upon a time","max_tokens":20,"temperature":0}`)
			// 429 (refused: the node never admitted it) or 503 (lost after it did), never 500.
			if code != http.StatusTooManyRequests && code != http.StatusServiceUnavailable || ctx.Err() != nil {
				t.Fatalf("status %d after %v: %s", code, time.Since(start), body)
			}
			t.Logf("client got %d after %v: %s", code, time.Since(start).Round(time.Millisecond), body)
			other.waitWhole(t)
		})
	}
}

// TestWatchdogPeerWaits: the watchdog counts only requests an engine could compute; one waiting
// on a peer node (the router's view of a prefill node sending to a frozen decode node) is bounded
// by keepalive, which outlasts stallLimit, and is no hang.
func TestWatchdogPeerWaits(t *testing.T) {
	for _, c := range []struct {
		name string
		m    metrics
		want bool
	}{
		{"idle", metrics{}, false},
		{"queued", metrics{mWaiting: 1}, true},
		{"running", metrics{mRunning: 2}, true},
		{"only waiting on a peer", metrics{mRunning: 1, mPeerWaiting: 1}, false},
		{"running beside a peer wait", metrics{mRunning: 2, mPeerWaiting: 1}, true},
		{"queued beside a peer wait", metrics{mRunning: 1, mWaiting: 1, mPeerWaiting: 1}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := c.m.computable(); got != c.want {
				t.Errorf("computable(%v) = %v, want %v", c.m, got, c.want)
			}
		})
	}
}
