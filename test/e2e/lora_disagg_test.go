package e2e

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/openai/openai-go/v3"
)

// TestLoRADisaggregated runs LoRA adapters across kvwarden's own split: a prefill node and a decode
// node, each started with the same two --lora files, and a router with the tenants' grants, which
// learns the adapters from its nodes. Each tenant's adapter gives, through the router, the greedy
// tokens and logprobs of a single process with the same adapters, bit for bit; another tenant's
// adapter is answered as a typo; the prefix cache is not shared across adapters; no node counts a
// security event or a failed transfer.
func TestLoRADisaggregated(t *testing.T) {
	tlsDir := filepath.Join(t.TempDir(), "tls")
	if out, err := exec.Command(binary, "certs", "--dir", tlsDir).CombinedOutput(); err != nil {
		t.Fatalf("certs: %v\n%s", err, out)
	}
	lora := []string{"--lora", "alice-lora=" + loraAdapter(t, 1, false), "--lora", "bob-lora=" + loraAdapter(t, 2, false)}
	if out, err := exec.Command(binary, append([]string{"serve", "--role", "router", "--tls-dir", tlsDir,
		"--prefill", "127.0.0.1:1", "--decode", "127.0.0.1:2"}, lora...)...).CombinedOutput(); err == nil || !strings.Contains(string(out), "give --lora to the prefill and decode nodes") {
		t.Fatalf("a router given --lora: %v\n%s", err, out)
	}
	file := tenantsFile(t)
	keys := map[string]string{"alice-lora": addTenant(t, file, "alice", "--adapters", "alice-lora"), "bob-lora": addTenant(t, file, "bob", "--adapters", "bob-lora")}
	pre, dec := startNode(t, "prefill", llamaModel, tlsDir, lora...), startNode(t, "decode", llamaModel, tlsDir, lora...)
	router := startServer(t, serverOpts{model: llamaModel, tenants: file, args: []string{"--role", "router", "--tls-dir", tlsDir,
		"--prefill", pre.addr, "--decode", dec.addr}})
	single := startServer(t, serverOpts{model: llamaModel, tenants: file, args: lora})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	complete := func(s *server, key, model string) *openai.Completion {
		t.Helper()
		cl := s.client(key)
		c, err := cl.Completions.New(ctx, openai.CompletionNewParams{Model: openai.CompletionNewParamsModel(model),
			Prompt: openai.CompletionNewParamsPromptUnion{OfString: openai.String(loraPrompt)}, MaxTokens: openai.Int(10),
			Temperature: openai.Float(0), Logprobs: openai.Int(2)})
		if err != nil {
			s.failIfBroken(t)
			t.Fatalf("%s %s: %v", s.base, model, err)
		}
		return c
	}
	texts := map[string]string{}
	for _, model := range []string{llamaModel, "alice-lora", "bob-lora", "alice-lora"} {
		key := keys[model]
		if key == "" {
			key = keys["alice-lora"]
		}
		got, want := complete(router, key, model), complete(single, key, model)
		g, w := got.Choices[0], want.Choices[0]
		if g.Text != w.Text || len(g.Logprobs.TokenLogprobs) != len(w.Logprobs.TokenLogprobs) {
			t.Fatalf("%s: router %q, single process %q", model, g.Text, w.Text)
		}
		for k := range w.Logprobs.TokenLogprobs {
			if g.Logprobs.TokenLogprobs[k] != w.Logprobs.TokenLogprobs[k] {
				t.Fatalf("%s token %d: router logprob %v, single process %v", model, k, g.Logprobs.TokenLogprobs[k], w.Logprobs.TokenLogprobs[k])
			}
		}
		if _, seen := texts[model]; !seen && got.Usage.PromptTokensDetails.CachedTokens != 0 {
			t.Fatalf("%s's first run through the router hit %d tokens cached under another adapter", model, got.Usage.PromptTokensDetails.CachedTokens)
		}
		texts[model] = g.Text
	}
	if texts["alice-lora"] == texts[llamaModel] || texts["bob-lora"] == texts[llamaModel] {
		t.Fatalf("an adapter's output equals the base model's: %q", texts)
	}
	checkLoRAModels(t, router, keys["alice-lora"], "alice-lora")
	checkForeignAdapter(t, router, keys["alice-lora"], "bob-lora")
	for _, n := range []*clusterNode{pre, dec} {
		n.waitWhole(t)
		if g := n.gauges(t); g[mSecurity] != 0 {
			t.Fatalf("security events on a node: %v", g)
		}
	}
}
