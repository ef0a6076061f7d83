package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/openai/openai-go/v3"

	"github.com/kvwarden/kvwarden/internal/testenv"
	"github.com/kvwarden/kvwarden/internal/testenv/testmodel"
)

// loraPrompt is long enough to fill a KV page or more, so that a prefix-cache hit shows, and short
// enough for the 128-token context of selfmade.Llama.
const loraPrompt = "Once upon a time, there was a little girl named Lily. She liked to play in the park."

// loraAdapter writes a random adapter for the e2e tests' llama model.
func loraAdapter(t *testing.T, seed uint64, broken bool) string {
	return testmodel.WriteAdapterFor(t, modelPath(t, llamaModel), testmodel.AdapterSpec{Seed: seed, NaN: broken})
}

// TestLoRAServe starts the binary with two adapters of the llama model, each private to one tenant,
// and drives it with the official client: an adapter changes the greedy output, each tenant lists
// only its own adapter, another tenant's adapter is answered as a typo is, and the prefix cache is
// never shared across adapters or with the base model.
func TestLoRAServe(t *testing.T) {
	file := tenantsFile(t)
	alice := addTenant(t, file, "alice", "--adapters", "alice-lora")
	bob := addTenant(t, file, "bob", "--adapters", "bob-lora")
	s := startServer(t, serverOpts{model: llamaModel, tenants: file, args: []string{
		"--lora", "alice-lora=" + loraAdapter(t, 1, false), "--lora", "bob-lora=" + loraAdapter(t, 2, false)}})
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	complete := func(key, model string) *openai.Completion {
		t.Helper()
		c := s.client(key)
		resp, err := c.Completions.New(ctx, openai.CompletionNewParams{Model: openai.CompletionNewParamsModel(model),
			Prompt: openai.CompletionNewParamsPromptUnion{OfString: openai.String(loraPrompt)}, MaxTokens: openai.Int(12), Temperature: openai.Float(0)})
		if err != nil {
			s.failIfBroken(t)
			t.Fatalf("%s: %v", model, err)
		}
		if resp.Model != model {
			t.Fatalf("response model %q, want %q", resp.Model, model)
		}
		return resp
	}

	base := complete(alice, llamaModel)
	again := complete(alice, llamaModel)
	if again.Usage.PromptTokensDetails.CachedTokens == 0 || again.Choices[0].Text != base.Choices[0].Text {
		t.Fatalf("the base model's second run: cached %d, %q vs %q", again.Usage.PromptTokensDetails.CachedTokens, again.Choices[0].Text, base.Choices[0].Text)
	}
	// The same prompt under an adapter finds nothing cached, though the tenant cached it under
	// the base model; the adapter's second run does hit its own entries.
	adapted := complete(alice, "alice-lora")
	if n := adapted.Usage.PromptTokensDetails.CachedTokens; n != 0 {
		t.Fatalf("alice-lora hit %d tokens cached under the base model", n)
	}
	if adapted.Choices[0].Text == base.Choices[0].Text {
		t.Fatalf("alice-lora's greedy output equals the base model's: %q", base.Choices[0].Text)
	}
	if n := complete(alice, "alice-lora").Usage.PromptTokensDetails.CachedTokens; n == 0 {
		t.Fatal("alice-lora's second run found nothing cached under alice-lora")
	}
	bobs := complete(bob, "bob-lora")
	if bobs.Usage.PromptTokensDetails.CachedTokens != 0 || bobs.Choices[0].Text == base.Choices[0].Text || bobs.Choices[0].Text == adapted.Choices[0].Text {
		t.Fatalf("bob-lora: cached %d, %q (base %q, alice-lora %q)", bobs.Usage.PromptTokensDetails.CachedTokens, bobs.Choices[0].Text, base.Choices[0].Text, adapted.Choices[0].Text)
	}

	// Idle: no adapter runs or waits; alice-lora served two requests, bob-lora one.
	m := s.waitIdle(t, 5*time.Second)
	for key, want := range map[string]float64{
		`kvwarden_lora_requests_total{adapter="alice-lora"}`: 2, `kvwarden_lora_requests_total{adapter="bob-lora"}`: 1,
	} {
		if m[key] != want {
			t.Errorf("%s = %v, want %v", key, m[key], want)
		}
	}
	if m[`vllm:lora_requests_info{max_lora="2",running_lora_adapters="",waiting_lora_adapters=""}`] < float64(time.Now().Add(-time.Minute).Unix()) {
		t.Errorf("vllm:lora_requests_info of an idle server with two adapters is missing or not the scrape's time")
	}
	checkLoRAModels(t, s, alice, "alice-lora")
	checkLoRAModels(t, s, bob, "bob-lora")
	checkForeignAdapter(t, s, bob, "alice-lora")
	checkForeignAdapter(t, s, alice, "bob-lora")
	s.waitIdle(t, 5*time.Second)
}

// checkLoRAModels: /v1/models lists, for key's tenant, the base model and its one adapter.
func checkLoRAModels(t *testing.T, s *server, key, adapter string) {
	t.Helper()
	status, _, body := s.call(t, http.MethodGet, "/v1/models", key, "")
	var list struct {
		Data []struct{ ID, Parent string }
	}
	if err := json.Unmarshal(body, &list); err != nil || status != http.StatusOK {
		t.Fatalf("%d %s %v", status, body, err)
	}
	got := fmt.Sprint(list.Data)
	if want := fmt.Sprintf("[{%[1]s } {%[2]s %[1]s}]", llamaModel, adapter); got != want {
		t.Fatalf("/v1/models: %s, want %s", got, want)
	}
}

// checkForeignAdapter, as an attacker would: key's tenant names another tenant's adapter, then a
// name one letter off; status, headers (but for the request id and date) and body must be equal.
func checkForeignAdapter(t *testing.T, s *server, key, foreign string) {
	t.Helper()
	typo := foreign[:len(foreign)-1] + "x"
	for _, path := range []string{"/v1/completions", "/v1/chat/completions"} {
		answer := func(model string) string {
			body := `{"model":"` + model + `","messages":[{"role":"user","content":"hi"}],"max_tokens":2}`
			if path == "/v1/completions" {
				body = `{"model":"` + model + `","prompt":"hi","max_tokens":2}`
			}
			status, hdr, b := s.call(t, http.MethodPost, path, key, body)
			id := hdr.Get("X-Request-Id")
			hdr.Del("X-Request-Id")
			hdr.Del("Date")
			var h strings.Builder
			hdr.Write(&h)
			return strings.ReplaceAll(fmt.Sprintf("%d\n%s\n%s", status, h.String(), b), id, "ID")
		}
		got, want := answer(foreign), answer(typo)
		if got != want || !strings.Contains(want, "model_not_found") {
			t.Fatalf("%s: another tenant's adapter answered\n%s\nand a typo\n%s", path, got, want)
		}
	}
}

// TestLoRABadAdapterRefused: an adapter with a NaN stops the start, the error naming the flag, the
// file, the tensor and the reason.
func TestLoRABadAdapterRefused(t *testing.T) {
	bad := loraAdapter(t, 3, true)
	p := startProc(t, nil, "serve", "--dev", "--addr", "127.0.0.1:0", "--metrics-addr", "off",
		"--model", modelPath(t, llamaModel), "--lora", "wrong="+bad)
	defer p.kill()
	if code := p.waitExit(t, 60*time.Second); code == 0 {
		t.Fatal("serve started with an adapter of another model")
	}
	for _, want := range []string{"--lora wrong", bad, "tensor blk.0.attn_q.weight.lora_a", "must be finite"} {
		if !strings.Contains(p.log.String(), want) {
			t.Fatalf("the error does not name %q:\n%s", want, tail(p.log.String(), 2000))
		}
	}
}

// TestLoRAReload: SIGHUP applies a grant given with 'kvwarden tenant grant', and an adapter file
// that became broken is refused (logged) while the server, and that adapter's loaded weights, go on.
func TestLoRAReload(t *testing.T) {
	file := tenantsFile(t)
	alice := addTenant(t, file, "alice", "--adapters", "a")
	bob := addTenant(t, file, "bob")
	adapter := filepath.Join(t.TempDir(), "a.gguf")
	copyTestFile(t, loraAdapter(t, 1, false), adapter)
	s := startServer(t, serverOpts{model: llamaModel, tenants: file, args: []string{"--lora", "a=" + adapter}})
	body := `{"model":"a","prompt":"Lily","max_tokens":4,"temperature":0}`
	code, _, before := s.call(t, http.MethodPost, "/v1/completions", alice, body)
	if code != http.StatusOK {
		t.Fatalf("alice: %d %s", code, before)
	}
	if code, _, b := s.call(t, http.MethodPost, "/v1/completions", bob, body); code != http.StatusNotFound {
		t.Fatalf("bob before the grant: %d %s", code, b)
	}
	if out, err := exec.Command(binary, "tenant", "grant", "--file", file, "--name", "bob", "--adapters", "a").CombinedOutput(); err != nil {
		t.Fatalf("tenant grant: %v %s", err, out)
	}
	// The adapter's file now holds a NaN: the reload must refuse it.
	copyTestFile(t, loraAdapter(t, 4, true), adapter)
	s.signal(syscall.SIGHUP)
	code, _, after := s.call(t, http.MethodPost, "/v1/completions", bob, body)
	for deadline := time.Now().Add(5 * time.Second); code == http.StatusNotFound && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
		code, _, after = s.call(t, http.MethodPost, "/v1/completions", bob, body)
	}
	if code != http.StatusOK {
		t.Fatalf("bob after the grant and SIGHUP: %d %s", code, after)
	}
	testenv.WaitFor(t, 5*time.Second, func() bool { return strings.Contains(s.log.String(), "LoRA adapter reload failed") })
	var x, y struct{ Choices []struct{ Text string } }
	if json.Unmarshal(before, &x) != nil || json.Unmarshal(after, &y) != nil || len(x.Choices) != 1 || len(y.Choices) != 1 || x.Choices[0].Text != y.Choices[0].Text {
		t.Fatalf("the adapter's output changed after a refused reload: %s vs %s", before, after)
	}
	if !strings.Contains(s.log.String(), "must be finite") {
		t.Fatalf("the refused reload's reason is not logged:\n%s", s.logTail(2000))
	}
}

func copyTestFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o600); err != nil {
		t.Fatal(err)
	}
}
