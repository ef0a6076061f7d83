package console

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/core"
	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/sampler"
	"github.com/kvwarden/kvwarden/internal/tensor"
	"github.com/kvwarden/kvwarden/internal/testenv/testmodel"
)

// TestPagesOf: a running request's full pages are in the prefix cache and in its page table at
// once; the console counts them as owned, and only the cached pages no one holds as cached.
func TestPagesOf(t *testing.T) {
	for _, c := range []struct {
		name string
		st   core.Stats
		want Pages
	}{
		{"one request holding 144 pages, 143 of them cached as it wrote them",
			core.Stats{PagesTotal: 2048, PagesFree: 1904, PagesOwned: 1, PagesCached: 143},
			Pages{Total: 2048, Free: 1904, Owned: 144}},
		{"idle: everything cached is kept for reuse",
			core.Stats{PagesTotal: 2048, PagesFree: 1904, PagesCached: 144, PagesIdle: 144},
			Pages{Total: 2048, Free: 1904, Cached: 144}},
		{"under load",
			core.Stats{PagesTotal: 2016, PagesOwned: 5, PagesCached: 2011, PagesIdle: 1729, PagesQuarantined: 0},
			Pages{Total: 2016, Owned: 287, Cached: 1729}},
	} {
		if got := pagesOf(engine.Stats{Stats: c.st}); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

// TestReportShowsRunningRequestsPagesOwned runs a request long enough to fill several pages on an
// engine with a prefix cache: while it runs, the report counts and draws all its pages as owned,
// none as cached; once it ends, its cached pages are cached (kept for reuse) and none owned.
func TestReportShowsRunningRequestsPagesOwned(t *testing.T) {
	m, tok, _ := testmodel.Open(t, testmodel.Demo) // qwen2-tiny-random's KV pages: 2 layers, 2 KV heads of 16
	e, err := engine.New(m, tok, engine.Config{Threads: 2, KVDType: tensor.F16, KVMemBytes: 16 << 20, PrefixCache: true,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	pt := e.Info().PageTokens
	// Far more tokens than the report waits for, so that the request is still running when the
	// report takes its counts and then its map (two views of the engine, a moment apart).
	st, err := e.Submit(context.Background(), engine.Request{Spec: engine.Spec{Tenant: "acme", Prompt: []int32{100, 101, 102}, MaxTokens: 32 * pt,
		IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: -1}}})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for ev := range st.Events() {
		if n += len(ev.Tokens); n >= 4*pt {
			break
		}
	}
	running := NewEngineReporter("local", "single", e).Report(MaxCells)
	if running.Running != 1 || running.Pages.Owned < 4 || running.Pages.Cached != 0 {
		t.Fatalf("while a request holds %d tokens (%d a page): %+v", n, pt, running.Pages)
	}
	// The map is drawn a moment after the counts are taken, while the request goes on filling
	// pages (on a loaded machine, several): it draws at least the pages counted, at most those the
	// request can hold, and none of them cached.
	most := (3+32*pt)/pt + 1
	if o := strings.Count(running.Map.States, "o"); o < running.Pages.Owned-1 || o > most || strings.Contains(running.Map.States, "c") {
		t.Fatalf("the map draws %d owned cells (%q), the counts say %d owned pages", o, running.Map.States, running.Pages.Owned)
	}
	for range st.Events() {
	}
	ended := NewEngineReporter("local", "single", e).Report(MaxCells)
	p := ended.Pages
	if p.Owned != 0 || p.Cached < 4 || p.Free+p.Cached+p.Quarantined != p.Total {
		t.Fatalf("after the request ended: %+v", p)
	}
	if c := strings.Count(ended.Map.States, "c"); c != p.Cached || strings.Contains(ended.Map.States, "o") {
		t.Fatalf("the map after the request (%q): %d cached cells, %d cached pages", ended.Map.States, c, p.Cached)
	}
}
