package bench

import (
	"bytes"
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/engine"
)

// TestServeOverAdapters: bench serve spreads its requests round-robin over the in-process server's
// LoRA adapters (rank 16 on all seven projections) and reports each adapter's share; a name the
// server does not serve fails its own requests only, reported against it.
func TestServeOverAdapters(t *testing.T) {
	m, tok := demoModel(t)
	eng, err := engine.New(m, tok, testConfig())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(eng.Close)
	adapters, err := RandomAdapters(m, 2, 16, 1)
	if err != nil {
		t.Fatal(err)
	}
	if a := adapters[AdapterName(1)]; a == nil || a.Pairs() != 7*len(m.Blocks) {
		t.Fatalf("adapters %v: want two on all seven projections of %d blocks", adapters, len(m.Blocks))
	}
	ls, err := StartServerWithAdapters(eng, tok, "demo", 2, adapters, nil)
	if err != nil {
		t.Fatal(err)
	}
	closeAtEnd(t, "server", ls)
	names := []string{AdapterName(0), AdapterName(1), "no-such-adapter"}
	res, err := RunServe(testContext(t), ServeOptions{URL: ls.URL, Keys: ls.Keys, Clients: 3, Requests: 9, PromptTokens: 8, GenTokens: 4,
		TokenIDs: OrdinaryTokens(tok, m.Vocab), Adapters: names})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.PerAdapter) != 3 {
		t.Fatalf("per adapter %+v", res.PerAdapter)
	}
	for i, a := range res.PerAdapter {
		want := AdapterResult{Adapter: names[i], Completed: 3, GeneratedTokens: 12}
		if i == 2 {
			want = AdapterResult{Adapter: names[i], Failed: 3}
		}
		if a.Adapter != want.Adapter || a.Completed != want.Completed || a.Failed != want.Failed || a.GeneratedTokens != want.GeneratedTokens || (a.Completed > 0) != (a.E2EP50 > 0) {
			t.Errorf("adapter %d: %+v, want %+v", i, a, want)
		}
	}
	var out bytes.Buffer
	WriteServe(&out, res)
	if !strings.Contains(out.String(), "round-robin over 3 LoRA adapters") || !strings.Contains(out.String(), AdapterName(1)+"            3       0       12") {
		t.Errorf("report:\n%s", out.String())
	}
}
