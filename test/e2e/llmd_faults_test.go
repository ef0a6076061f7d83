package e2e

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"
)

// holdFlag is the prefill nodes' --kv-hold in the fault tests: short, so that an expired hold is
// seen in a few seconds, and far above a split request's time on loopback.
const holdFlag = "3s"

// waitPrefilled waits until the prefill node has computed at least n more prompt tokens than before.
func waitPrefilled(t *testing.T, n *llmdNode, before float64, tokens int) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); n.gauges(t)["kvwarden_prefill_tokens_total"] < before+float64(tokens); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the prefill node did not compute the prompt within 30s")
		}
	}
}

// freeze stops a node (SIGSTOP) until the test ends or thaw is called.
func freeze(t *testing.T, n *llmdNode) (thaw func()) {
	n.cmd.Process.Signal(syscall.SIGSTOP)
	thaw = func() { n.cmd.Process.Signal(syscall.SIGCONT) }
	t.Cleanup(thaw)
	return thaw
}

// faultPrompt is long enough that its pages span several KV pages on both nodes.
var faultPrompt = strings.Repeat("The keeper lit the lamp and counted the ships that passed. ", 12)

// TestLLMDSidecarFaults: through llm-d's pd-sidecar, a client that hangs up while the prefill
// node computes or while the decode node streams, a prefill node or a decode node killed in the
// middle of a request, and a hold left until it expires leave every surviving node's pool whole,
// with no security event counted (an expired ticket presented later is refused with 400).
func TestLLMDSidecarFaults(t *testing.T) {
	tenants, keys := threeTenants(t)
	key := keys[1]
	body := func(stream bool) map[string]any { return llmdRequest("/v1/completions", faultPrompt, stream, 24) }

	t.Run("hang-ups and an expired hold", func(t *testing.T) {
		c := startLLMD(t, tenants, "--kv-hold", holdFlag)
		// Mid-prefill: the prefill node is frozen while the request waits on it, the client goes,
		// then the node resumes and finds its client gone.
		thaw := freeze(t, c.pre)
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { _, err := ask(ctx, c.http, c.base+"/v1/completions", key, c.pre.api, body(false)); done <- err }()
		time.Sleep(300 * time.Millisecond)
		cancel()
		<-done
		thaw()
		c.checkWhole(t)

		// Mid-decode: the stream is read to its first token, then dropped.
		ctx, cancel = context.WithCancel(context.Background())
		resp, err := post(ctx, c.http, c.base+"/v1/completions", key, c.pre.api, llmdRequest("/v1/completions", faultPrompt, true, 400))
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("stream: %v %v", resp, err)
		}
		if _, _, err := newSSE(resp.Body).next(); err != nil {
			t.Fatalf("first event: %v", err)
		}
		cancel()
		resp.Body.Close()
		c.checkWhole(t)

		checkExpiredHold(t, c, key)
	})

	t.Run("prefill node killed", func(t *testing.T) {
		c := startLLMD(t, tenants, "--kv-hold", holdFlag)
		freeze(t, c.pre)
		done := make(chan error, 1)
		go func() {
			_, err := ask(context.Background(), c.http, c.base+"/v1/completions", key, c.pre.api, body(false))
			done <- err
		}()
		time.Sleep(300 * time.Millisecond)
		c.pre.kill()
		// The sidecar falls back to the decode node with the client's own body, or fails the
		// request: either way it ends, and the decode node keeps nothing.
		select {
		case err := <-done:
			t.Logf("the request ended: %v", err)
		case <-time.After(time.Minute):
			t.Fatal("the request still waits a minute after its prefill node died")
		}
		c.dec.waitWhole(t)
	})

	t.Run("decode node killed", func(t *testing.T) {
		c := startLLMD(t, tenants, "--kv-hold", holdFlag)
		before := c.pre.gauges(t)["kvwarden_prefill_tokens_total"]
		freeze(t, c.dec)
		done := make(chan error, 1)
		go func() {
			_, err := ask(context.Background(), c.http, c.base+"/v1/completions", key, c.pre.api, body(false))
			done <- err
		}()
		// The prefill half is answered (its pages held for the decode node), then the decode node dies.
		waitPrefilled(t, c.pre, before, 50)
		c.dec.kill()
		select {
		case err := <-done:
			if err == nil {
				t.Error("the request succeeded although its decode node died")
			}
		case <-time.After(time.Minute):
			t.Fatal("the request still waits a minute after its decode node died")
		}
		c.pre.waitWhole(t)
		if g := c.pre.gauges(t); g[mSecurity] != 0 {
			t.Errorf("prefill node: %v security events", g[mSecurity])
		}
	})
}

// checkExpiredHold runs the sidecar's prefill half by hand, lets the hold expire, then presents
// its kv_transfer_params to the decode node: refused with 400, and both pools whole.
func checkExpiredHold(t *testing.T, c *llmdCluster, key string) {
	t.Helper()
	req := body1(faultPrompt)
	req["kv_transfer_params"] = map[string]any{"do_remote_decode": true, "do_remote_prefill": false}
	resp, err := post(context.Background(), c.http, "http://"+c.pre.api+"/v1/completions", key, "", req)
	if err != nil {
		t.Fatal(err)
	}
	var pre struct {
		KVTransferParams map[string]any `json:"kv_transfer_params"`
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err := json.Unmarshal(b, &pre); err != nil || resp.StatusCode != http.StatusOK || pre.KVTransferParams["do_remote_prefill"] != true {
		t.Fatalf("prefill with do_remote_decode: %s %s", resp.Status, b)
	}
	hold, _ := time.ParseDuration(holdFlag)
	time.Sleep(hold + time.Second)
	c.pre.waitWhole(t) // the hold expired and gave its pages back

	events := c.dec.gauges(t)[mSecurity]
	dec := body1(faultPrompt)
	dec["max_tokens"] = 8
	dec["kv_transfer_params"] = pre.KVTransferParams
	resp, err = post(context.Background(), c.http, c.base+"/v1/completions", key, "", dec)
	if err != nil {
		t.Fatal(err)
	}
	b, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Errorf("an expired ticket: %s %s, want 400", resp.Status, b)
	}
	if d := c.dec.gauges(t)[mSecurity] - events; d != 1 {
		t.Errorf("the decode node counted %v security events for the expired ticket, want 1", d)
	}
	c.pre.waitWhole(t)
	c.dec.waitWhole(t)
}

// body1 is the sidecar's prefill request for prompt: one token, not streamed.
func body1(prompt string) map[string]any {
	b := llmdRequest("/v1/completions", prompt, false, 1)
	delete(b, "stream_options")
	return b
}
