package server

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/console"
	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/sampler"
	"github.com/kvwarden/kvwarden/internal/tenants"
	"github.com/kvwarden/kvwarden/internal/tensor"
	"github.com/kvwarden/kvwarden/internal/testenv/selfmade"
	"github.com/kvwarden/kvwarden/internal/testenv/testmodel"
)

// TestConsoleTenants: the console's tenants table names a tenant only once /metrics has a series
// for it, shows its limits and use, keeps a tenant that never asked anything out, and no UID
// ever reaches a snapshot.
func TestConsoleTenants(t *testing.T) {
	eng, tok := llamaEngine(t)
	path := filepath.Join(t.TempDir(), "tenants.json")
	var key string
	var err error
	if err := tenants.Update(path, func(f *tenants.File) error {
		if key, err = f.Add("acme", tenants.Limits{MaxConcurrent: 3, TokensPerMinute: 600}); err != nil {
			return err
		}
		_, err = f.Add("bob", tenants.Limits{})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	store, err := tenants.NewStore(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := tenants.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	env := startWith(t, eng, store, tok, nil)
	snapshot := func() (console.Snapshot, string) {
		t.Helper()
		s := env.srv.consoleSnapshot("single", []console.NodeReport{console.NewEngineReporter("local", "single", eng).Report(console.MaxCells)})
		b, _ := json.Marshal(s)
		for _, tn := range f.Tenants {
			if strings.Contains(string(b), tn.UID) {
				t.Fatalf("a snapshot holds %s's UID: %s", tn.ID, b)
			}
		}
		return s, string(b)
	}
	if s, b := snapshot(); len(s.Tenants) != 0 {
		t.Fatalf("tenants before any request: %s", b)
	}

	// A live request of a tenant /metrics does not know yet: shown by key, unnamed.
	for try := 0; ; try++ {
		st, err := eng.Submit(context.Background(), engine.Request{Spec: engine.Spec{Tenant: "some-uid", Prompt: []int32{1, 2, 3}, MaxTokens: 120,
			IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: -1}}})
		if err != nil {
			t.Fatal(err)
		}
		s, b := snapshot()
		st.Close()
		if len(s.Tenants) == 1 && s.Tenants[0].Running+s.Tenants[0].Waiting == 1 {
			if tn := s.Tenants[0]; tn.Name != "" || len(tn.Key) != 8 {
				t.Fatalf("a running tenant unknown to /metrics: %+v", tn)
			}
			break
		}
		if try == 5 {
			t.Fatalf("the request was never seen live: %s", b)
		}
	}

	// ignore_eos: an unseeded draw may end the story early, and the count below must be exact.
	if code, _, b := env.post("/v1/completions", key, `{"prompt":"Once upon a time","max_tokens":12,"ignore_eos":true}`); code != 200 {
		t.Fatalf("%d %s", code, b)
	}
	s, b := snapshot()
	var acme *console.Tenant
	for i := range s.Tenants {
		if s.Tenants[i].Name == "acme" {
			acme = &s.Tenants[i]
		}
	}
	if acme == nil || strings.Contains(b, `"bob"`) {
		t.Fatalf("want acme (on /metrics) and not bob (never asked): %s", b)
	}
	if acme.MaxConcurrent != 3 || acme.TokensPerMinute != 600 || acme.TokensReserved <= 0 || acme.CompletionTokens != 12 || acme.PromptTokens == 0 || acme.Key == "" {
		t.Fatalf("acme's row: %+v", *acme)
	}
}

// llamaEngine runs the real engine (a prefix cache, a 4 MiB pool) on selfmade.Llama until the test
// ends.
func llamaEngine(t *testing.T) (*engine.Engine, Tokenizer) {
	t.Helper()
	m, tok, _ := testmodel.Open(t, selfmade.Llama.Name)
	eng, err := engine.New(m, tok, engine.Config{Threads: 1, KVDType: tensor.F32, KVMemBytes: 4 << 20, PrefixCache: true,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(eng.Close)
	return eng, tok
}
