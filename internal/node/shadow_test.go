package node

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/operator"
	"github.com/kvwarden/kvwarden/internal/sampler"
)

// TestShadowOnDecodeNode: behind a router, over mTLS gRPC, the decode node re-runs the answers it
// gave on its own (prefill and decode) and finds them equal to what the router's clients got; its
// operator listener shows the counts and the empty mismatch list, and a prefill node's has none.
func TestShadowOnDecodeNode(t *testing.T) {
	fx := load(t)
	pre := fx.node(t, RolePrefill, nil)
	dec := fx.node(t, RoleDecode, func(c *engine.Config) { c.Shadow = engine.ShadowConfig{Fraction: 1} })
	r := fx.router(t, []*runningNode{pre}, []*runningNode{dec})
	prompt := make([]int32, 40)
	for i := range prompt {
		prompt[i] = int32(3 + i*5)
	}
	reqs := []engine.Request{
		{Spec: engine.Spec{Tenant: "acme", Prompt: prompt, MaxTokens: 6, Sampling: sampler.Params{TopLogprobs: 1}}},
		{Spec: engine.Spec{Tenant: "acme", Prompt: prompt[:9], MaxTokens: 5, IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: -1}}},
		{Spec: engine.Spec{Tenant: "beta", Prompt: prompt[3:], MaxTokens: 7, HasSeed: true, IgnoreEOS: true, Sampling: sampler.Params{Temperature: 0.8, Seed: 3, TopLogprobs: 0}}},
	}
	for _, q := range reqs {
		st, err := r.Submit(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		for ev := range st.Events() {
			if ev.Done && ev.Err != nil {
				t.Fatal(ev.Err)
			}
		}
	}
	deadline := time.Now().Add(time.Minute)
	for dec.e.Stats().Shadow.Pending > 0 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	get := func(h http.Handler, path string) (int, string) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://localhost"+path, nil))
		b, _ := io.ReadAll(rec.Body)
		return rec.Code, string(b)
	}
	dh := operator.New(OperatorConfig(RoleDecode, "demo", dec.e))
	_, metrics := get(dh, "/metrics")
	for _, want := range []string{
		fmt.Sprintf("kvwarden_shadow_verified_total %d\n", len(reqs)),
		"kvwarden_shadow_mismatches_total 0\n",
		`kvwarden_shadow_dropped_total{reason="queue_full"} 0` + "\n",
	} {
		if !strings.Contains(metrics, want) {
			t.Errorf("decode node's metrics lack %q:\n%s", want, metrics)
		}
	}
	if code, body := get(dh, "/shadow/mismatches"); code != http.StatusOK || strings.TrimSpace(body) != `{"mismatches":[]}` {
		t.Errorf("decode node's /shadow/mismatches: %d %s", code, body)
	}
	ph := operator.New(OperatorConfig(RolePrefill, "demo", pre.e))
	if _, m := get(ph, "/metrics"); strings.Contains(m, "kvwarden_shadow_") {
		t.Errorf("a prefill node without shadow verification shows its metrics:\n%s", m)
	}
	if code, _ := get(ph, "/shadow/mismatches"); code != http.StatusNotFound {
		t.Errorf("prefill node's /shadow/mismatches: %d", code)
	}
}
