package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/testenv/selfmade"
)

// meterModel has a 4,096-token context and decodes fast: long streams for the metering tests.
const meterModel = selfmade.LongLlamaName

// cluster is a router with one prefill and one decode node, serving tenants.
type cluster struct {
	router   *server
	pre, dec *clusterNode
}

// startCluster starts the three processes; prefillArgs are the prefill node's extra flags.
func startCluster(t *testing.T, model, tenants string, prefillArgs ...string) *cluster {
	t.Helper()
	tlsDir := filepath.Join(t.TempDir(), "tls")
	if out, err := exec.Command(binary, "certs", "--dir", tlsDir).CombinedOutput(); err != nil {
		t.Fatalf("certs: %v\n%s", err, out)
	}
	c := &cluster{pre: startNode(t, "prefill", model, tlsDir, prefillArgs...), dec: startNode(t, "decode", model, tlsDir)}
	c.router = startServer(t, serverOpts{model: model, tenants: tenants,
		args: []string{"--role", "router", "--tls-dir", tlsDir, "--prefill", c.pre.addr, "--decode", c.dec.addr}})
	return c
}

// readAndHangUp streams a completion, reads tokens (counted by their logprobs entries) until
// it has want of them, and hangs up. It returns the status and the tokens read.
func readAndHangUp(t *testing.T, s *server, key, body string, want int) (int, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	resp, err := s.post(ctx, "/v1/completions", key, body)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		readAll(resp.Body)
		return resp.StatusCode, 0
	}
	sse, read := newSSE(resp.Body), 0
	for read < want {
		data, done, err := sse.next()
		if err != nil || done {
			t.Fatalf("the stream ended after %d tokens (done %v): %v", read, done, err)
		}
		var ch completionChunk
		if err := json.Unmarshal(data, &ch); err != nil {
			t.Fatal(err)
		}
		for _, c := range ch.Choices {
			if c.Logprobs != nil {
				read += len(c.Logprobs.Tokens)
			}
		}
	}
	cancel() // the client goes away mid-stream
	return http.StatusOK, read
}

// TestHangUpsAreCharged: a 600 tokens/minute key that reads 160 tokens of each 200-token stream
// and hangs up is charged what it read (and its prompt) and gets 429 within its budget, on one
// process and through a router. (Through a router a 3,000 tokens/minute key read 6,000 tokens in
// 31 s with no 429: the router charged nothing for a stream whose client hung up.) The bucket is
// small because it refills at a 60th of itself a second: the time to drain it grows with its size
// and with how close the decode rate comes to the refill on a busy machine.
func TestHangUpsAreCharged(t *testing.T) {
	const tpm, perStream, readEach = 600, 200, 160
	body := fmt.Sprintf(`{"prompt":"Once upon a time","max_tokens":%d,"stream":true,"ignore_eos":true,"temperature":0,"logprobs":0}`, perStream)
	tenants := tenantsFile(t)
	key := addTenant(t, tenants, "streamer", "--tokens-per-minute", strconv.Itoa(tpm))
	for _, role := range []string{"single process", "router"} {
		t.Run(role, func(t *testing.T) {
			var s *server
			if role == "router" {
				s = startCluster(t, meterModel, tenants).router
			} else {
				s = startServer(t, serverOpts{model: meterModel, tenants: tenants})
			}
			start, read := time.Now(), 0
			for i := 0; ; i++ {
				code, n := readAndHangUp(t, s, key, body, readEach)
				if code == http.StatusTooManyRequests {
					break
				}
				if code != http.StatusOK {
					t.Fatalf("stream %d: status %d", i, code)
				}
				read += n
				if i == 0 {
					// The hang-up is charged the tokens read and the prompt, once the engine work ends.
					deadline := time.Now().Add(10 * time.Second)
					for {
						m := s.metrics(t)
						compl, prompt := m[`kvwarden_tenant_tokens_total{kind="completion",tenant="streamer"}`], m[`kvwarden_tenant_tokens_total{kind="prompt",tenant="streamer"}`]
						if compl >= readEach && prompt > 0 {
							break
						}
						if time.Now().After(deadline) {
							t.Fatalf("reading %d of %d tokens and hanging up charged %v completion and %v prompt tokens", n, perStream, compl, prompt)
						}
						time.Sleep(50 * time.Millisecond)
					}
				}
				// The budget: a minute's worth plus what refilled since the start, plus the
				// reservation of one stream (prompt + max_tokens) that a full bucket admits.
				budget := tpm + int(time.Since(start).Seconds()*tpm/60) + perStream + 10
				if read > budget {
					t.Fatalf("read %d tokens in %v with no 429 (budget %d)", read, time.Since(start).Round(time.Millisecond), budget)
				}
			}
			t.Logf("429 after %d tokens read in %v", read, time.Since(start).Round(time.Millisecond))
		})
	}
}

// TestRouterLosesPrefillNode: the prefill node dies while it computes a request's prompt: a
// non-streaming client gets 503 with Retry-After (another node may serve a retry), never 500; a
// streaming client's request, if it started, ends with an error event; and once the router's
// probes have given up on the only prefill node, /ready answers 503 naming the missing role.
// A key's request larger than its whole tokens-per-minute bucket is refused by the router with a
// 400 naming both numbers.
func TestRouterLosesPrefillNode(t *testing.T) {
	tenants := tenantsFile(t)
	small := addTenant(t, tenants, "small", "--tokens-per-minute", "600")
	open := addTenant(t, tenants, "open")
	// Small steps make the long prompt's prefill last long enough to lose the node during it.
	c := startCluster(t, meterModel, tenants, "--step-tokens", "16", "--max-running", "8", "--threads", "1")
	router, pre, dec := c.router, c.pre, c.dec

	code, _, body := router.call(t, http.MethodPost, "/v1/completions", small, `{"prompt":["a","b","c","d"],"n":4,"max_tokens":100}`)
	if code != http.StatusBadRequest || !strings.Contains(string(body), "tokens_per_minute_exceeded") || !strings.Contains(string(body), "is 600") {
		t.Fatalf("a request over the whole bucket: %d %s", code, body)
	}

	long := strings.Repeat("Once upon a time there was a little dog. ", 220) // about 3,500 of meterModel's tokens
	type answer struct {
		code int
		hdr  http.Header
		body []byte
	}
	res := make(chan answer, 1)
	go func() {
		code, hdr, body := router.call(t, http.MethodPost, "/v1/completions", open, `{"prompt":"`+long+`","max_tokens":20,"temperature":0}`)
		res <- answer{code, hdr, body}
	}()
	// The node dies once it holds the request.
	deadline := time.Now().Add(30 * time.Second)
	for pre.gauges(t)[mRunning] < 1 {
		if time.Now().After(deadline) {
			t.Fatal("the prefill node never ran the request")
		}
		time.Sleep(2 * time.Millisecond)
	}
	pre.kill()
	a := <-res
	if a.code != http.StatusServiceUnavailable && a.code != http.StatusTooManyRequests || a.hdr.Get("Retry-After") == "" {
		t.Fatalf("prefill node lost mid-request: %d %v %s", a.code, a.hdr, a.body)
	}
	t.Logf("client got %d: %s", a.code, a.body)

	deadline = time.Now().Add(15 * time.Second)
	for {
		code, _, body := router.call(t, http.MethodGet, "/ready", "", "")
		if code == http.StatusServiceUnavailable && strings.Contains(string(body), "no_healthy_prefill_node") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("/ready with no prefill node: %d %s", code, body)
		}
		time.Sleep(100 * time.Millisecond)
	}
	// A streaming request now: refused before its stream starts (the node is unreachable), 429.
	code, _, body = router.call(t, http.MethodPost, "/v1/completions", open, `{"prompt":"Once","max_tokens":4,"stream":true}`)
	if code != http.StatusTooManyRequests && code != http.StatusServiceUnavailable {
		t.Fatalf("streaming with no prefill node: %d %s", code, body)
	}
	dec.waitWhole(t)
}
