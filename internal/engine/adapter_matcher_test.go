package engine

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/sampler"
)

// TestMatchersAreAdapterFree: the grammar and matcher caches (the API server's per-tenant
// matchers, a node's constraintFor) are not keyed by LoRA adapter, because nothing in them can
// depend on one: a matcher is a function of the grammar and the vocabulary (grammar.VocabOf reads
// the tokenizer's pieces and end tokens, which an adapter does not change: it carries weights
// only, and the base model's tokenizer serves every adapter). Two checks would fail if that
// changed: the grammar package imports no kvwarden package (so no model, adapter or engine state
// can reach a cached token set), and on one engine a tenant's matcher made under adapter x serves
// adapter y, with y's constrained answer equal to a fresh engine's.
func TestMatchersAreAdapterFree(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "grammar", "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("grammar sources: %v %v", files, err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, im := range af.Imports {
			if p, _ := strconv.Unquote(im.Path.Value); strings.Contains(p, ".") {
				t.Errorf("%s imports %s: a matcher's cached token sets could then depend on more than the grammar and the vocabulary (a LoRA adapter?); key the matcher caches by adapter if they do", f, p)
			}
		}
	}

	schema := `{"type":"object","properties":{"n":{"type":"integer"},"s":{"enum":["red","green"]}},"required":["n","s"]}`
	e, tok, _ := constraintEngine(t, schema)
	x, y := randomAdapter(t, e.m, 1), randomAdapter(t, e.m, 2)
	req := func(a *model.Adapter) Request {
		return withAdapter(Request{Spec: Spec{Tenant: "a", Prompt: []int32{1, 403, 407}, MaxTokens: 40, HasSeed: true, Grammar: &Grammar{Schema: []byte(schema)},
			Sampling: sampler.Params{Temperature: 1, Seed: 5, TopLogprobs: -1}}}, a, 1)
	}
	drain(mustSubmit(t, e, req(x)))
	got := drain(mustSubmit(t, e, req(y)))
	e.matchers.mu.Lock()
	n := len(e.matchers.byKey)
	e.matchers.mu.Unlock()
	if n != 1 {
		t.Errorf("%d matchers for one tenant's schema under two adapters, want 1", n)
	}
	fresh, _, _ := constraintEngine(t, schema)
	want := drain(mustSubmit(t, fresh, req(randomAdapter(t, fresh.m, 2))))
	if got.err != nil || !slices.Equal(got.ids(), want.ids()) {
		t.Errorf("adapter y with x's matcher: %q (%v), on a fresh engine %q", tok.Decode(got.ids()), got.err, tok.Decode(want.ids()))
	}
}
