package e2e

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/openai/openai-go/v3"
)

// TestShadowVerificationServe: `serve --shadow-fraction 1` re-runs every answer an OpenAI client
// got (greedy, seeded, streamed and not) and finds each equal to what the client got; the operator
// listener shows the counts and an empty mismatch list.
func TestShadowVerificationServe(t *testing.T) {
	file := tenantsFile(t)
	key := addTenant(t, file, "acme")
	s := startServer(t, serverOpts{model: llamaModel, tenants: file, args: []string{"--shadow-fraction", "1"}})
	cl := s.client(key)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	prompt := strings.Repeat("Lily and Ben went to the park to play with the ball. ", 2)
	params := []openai.CompletionNewParams{
		{Model: llamaModel, Prompt: openai.CompletionNewParamsPromptUnion{OfString: openai.String(prompt)}, MaxTokens: openai.Int(12), Temperature: openai.Float(0)},
		{Model: llamaModel, Prompt: openai.CompletionNewParamsPromptUnion{OfString: openai.String(prompt)}, MaxTokens: openai.Int(12), Temperature: openai.Float(0.8), Seed: openai.Int(42), Logprobs: openai.Int(2)},
	}
	for _, p := range params {
		if _, err := cl.Completions.New(ctx, p); err != nil {
			s.failIfBroken(t)
			t.Fatal(err)
		}
	}
	st := cl.Completions.NewStreaming(ctx, params[0])
	for st.Next() {
	}
	if err := st.Err(); err != nil {
		t.Fatal(err)
	}
	const answers = 3
	deadline := time.Now().Add(30 * time.Second)
	var m metrics
	for {
		m = s.metrics(t)
		if m.get(t, "kvwarden_shadow_pending_samples") == 0 && m.get(t, "kvwarden_shadow_verified_total") >= answers || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if v, bad := m.get(t, "kvwarden_shadow_verified_total"), m.get(t, "kvwarden_shadow_mismatches_total"); v != answers || bad != 0 {
		t.Fatalf("verified %v, mismatches %v: want %d and 0", v, bad, answers)
	}
	resp, err := s.http.Get(s.mbase + "/shadow/mismatches")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || strings.TrimSpace(string(b)) != `{"mismatches":[]}` {
		t.Fatalf("/shadow/mismatches: %d %s", resp.StatusCode, b)
	}
}
