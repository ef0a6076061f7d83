package e2e

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

// startNodeAPI is a node that also serves the OpenAI API (--addr, --dev), as llm-d's sidecar
// reaches it, with more flags args; it returns the node and the API's base URL.
func startNodeAPI(t *testing.T, role, tlsDir string, args ...string) (*clusterNode, string) {
	t.Helper()
	apiFile := filepath.Join(t.TempDir(), "api")
	n := startNode(t, role, llamaModel, tlsDir, append([]string{"--addr", "127.0.0.1:0", "--api-addr-file", apiFile, "--dev"}, args...)...)
	deadline := time.Now().Add(30 * time.Second)
	for {
		if b, err := os.ReadFile(apiFile); err == nil && len(b) > 0 {
			return n, "http://" + string(b)
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s node's API did not start:\n%s", role, n.log.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// postBody posts a JSON body and returns the status and decoded answer.
func postBody(t *testing.T, url string, body map[string]any) (int, map[string]any) {
	t.Helper()
	b, _ := json.Marshal(body)
	resp, err := http.Post(url, "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var out map[string]any
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("%d %s", resp.StatusCode, raw)
	}
	return resp.StatusCode, out
}

// TestNodeAPIHandoff: `serve --role prefill|decode --addr` processes, with the ticket key that
// `kvwarden certs` writes, make llm-d's nixlv2 hand-off as its sidecar sends it: the prefill
// server's answer carries kv_transfer_params, the decode server given them answers as one process
// does without computing the prompt, a second use of them is refused, and both pools are whole;
// with the nodes' --lora adapter, the hand-off under it answers as one process with that adapter.
func TestNodeAPIHandoff(t *testing.T) {
	tlsDir := filepath.Join(t.TempDir(), "tls")
	if out, err := exec.Command(binary, "certs", "--dir", tlsDir).CombinedOutput(); err != nil {
		t.Fatalf("certs: %v\n%s", err, out)
	}
	lora := []string{"--lora", "x=" + loraAdapter(t, 1, false)}
	pre, preURL := startNodeAPI(t, "prefill", tlsDir, lora...)
	dec, decURL := startNodeAPI(t, "decode", tlsDir, lora...)
	one := startServer(t, serverOpts{model: llamaModel, args: lora})
	body := map[string]any{"prompt": "once upon a time the little dog said hello to the world in paris", "max_tokens": 6,
		"temperature": 0, "logprobs": 2, "ignore_eos": true}
	handoff(t, one.base, preURL, decURL, dec, withModel(body, "x"))
	decode := handoff(t, one.base, preURL, decURL, dec, body)
	if status, again := postBody(t, decURL+"/v1/completions", decode); status != http.StatusBadRequest {
		t.Fatalf("a second use of the ticket: %d %v", status, again)
	}
	if g := dec.gauges(t); g[mSecurity] != 1 {
		t.Errorf("decode node security events %v, want 1 (the replay)", g[mSecurity])
	}
	pre.waitWhole(t)
	dec.waitWhole(t)
}

// withModel is body with "model": model.
func withModel(body map[string]any, model string) map[string]any {
	out := map[string]any{"model": model}
	for k, v := range body {
		out[k] = v
	}
	return out
}

// handoff runs body through the sidecar's two requests and checks the answer is one process's,
// the prompt not computed on the decode node; it returns the decode request.
func handoff(t *testing.T, oneURL, preURL, decURL string, dec *clusterNode, body map[string]any) map[string]any {
	t.Helper()
	status, want := postBody(t, oneURL+"/v1/completions", body)
	if status != http.StatusOK {
		t.Fatalf("one process: %d %v", status, want)
	}
	prefill := map[string]any{"kv_transfer_params": map[string]any{"do_remote_decode": true, "do_remote_prefill": false, "remote_engine_id": nil,
		"remote_block_ids": nil, "remote_host": nil, "remote_port": nil}, "stream": false, "max_tokens": 1, "max_completion_tokens": 1}
	for k, v := range body {
		if _, set := prefill[k]; !set {
			prefill[k] = v
		}
	}
	status, pa := postBody(t, preURL+"/v1/completions", prefill)
	kv, ok := pa["kv_transfer_params"].(map[string]any)
	if status != http.StatusOK || !ok {
		t.Fatalf("prefill: %d %v", status, pa)
	}
	decode := map[string]any{"kv_transfer_params": kv}
	for k, v := range body {
		decode[k] = v
	}
	before := dec.gauges(t)["kvwarden_prefill_tokens_total"]
	status, got := postBody(t, decURL+"/v1/completions", decode)
	if status != http.StatusOK || !reflect.DeepEqual(got["choices"], want["choices"]) {
		t.Fatalf("decode: %d %v\nwant %v", status, got["choices"], want["choices"])
	}
	if after := dec.gauges(t)["kvwarden_prefill_tokens_total"]; after != before {
		t.Fatalf("the decode node computed %v prompt tokens", after-before)
	}
	return decode
}
