package server

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/console"
	"github.com/kvwarden/kvwarden/internal/engine"
	lora "github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/sampler"
	"github.com/kvwarden/kvwarden/internal/tensor"
	"github.com/kvwarden/kvwarden/internal/testenv/selfmade"
	"github.com/kvwarden/kvwarden/internal/testenv/testmodel"
)

// TestConsoleAdapters: the console lists the loaded LoRA adapters with their running and waiting
// requests, each named by the hash of its name only; a snapshot, as a viewer of the console (or
// of a screenshot) would read it, holds neither a private adapter's name nor its fingerprint.
func TestConsoleAdapters(t *testing.T) {
	m, tok, _ := testmodel.Open(t, selfmade.Llama.Name)
	eng, err := engine.New(m, tok, engine.Config{Threads: 1, KVDType: tensor.F32, KVMemBytes: 4 << 20, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(eng.Close)
	const name = "acme-merger-docs"
	a, err := lora.ReadAdapter(testmodel.WriteAdapter(t, m, testmodel.AdapterSpec{Seed: 1}), m)
	if err != nil {
		t.Fatal(err)
	}
	env := startWith(t, eng, nil, tok, func(c *Config) { c.Adapters = map[string]*lora.Adapter{name: a} })
	snapshot := func() (console.Snapshot, string) {
		s := env.srv.consoleSnapshot("single", []console.NodeReport{console.NewEngineReporter("local", "single", eng).Report(console.MaxCells)})
		b, _ := json.Marshal(s)
		for _, secret := range []string{name, "merger", hex.EncodeToString(a.Fingerprint[:]), hex.EncodeToString(a.Fingerprint[:4])} {
			if strings.Contains(string(b), secret) {
				t.Fatalf("a snapshot holds %q: %s", secret, b)
			}
		}
		return s, string(b)
	}
	if s, b := snapshot(); len(s.Adapters) != 1 || s.Adapters[0] != (console.Adapter{Hash: console.AdapterHash(name)}) || len(s.Adapters[0].Hash) != 12 {
		t.Fatalf("an idle adapter: %s", b)
	}
	// A live request under the adapter (tried again if it ended before the snapshot saw it).
	for try := 0; ; try++ {
		st, err := eng.Submit(context.Background(), engine.Request{Spec: engine.Spec{Tenant: "uid", Prompt: []int32{1, 2, 3}, MaxTokens: 120, IgnoreEOS: true,
			Adapter: &engine.AdapterRef{Fingerprint: a.Fingerprint, Scale: 1}, Sampling: sampler.Params{TopLogprobs: -1}}, LoRA: a})
		if err != nil {
			t.Fatal(err)
		}
		s, b := snapshot()
		st.Close()
		if l := s.Adapters[0]; l.Running+l.Waiting == 1 {
			break
		}
		if try == 5 {
			t.Fatalf("the adapter's request was never seen live: %s", b)
		}
	}
}
