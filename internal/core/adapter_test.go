package core

import (
	"testing"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// TestPrefixCacheIsPerAdapter is a tenant probing its own prefix cache across LoRA adapters (vLLM
// #30931, SGLang #24638): the same prompt under another adapter, or under none, finds nothing a
// different adapter computed, and hits only what the same adapter (or the base model) did.
func TestPrefixCacheIsPerAdapter(t *testing.T) {
	cfg := Config{Pages: 64, PageTokens: 16, MaxContext: 1024, StepTokens: 512, Vocab: 1000, EOS: []int32{0}, Secret: testSecret(), PrefixCache: true}
	n := newNode(t, cfg)
	prompt := make([]int32, 80)
	for i := range prompt {
		prompt[i] = int32(1 + i%900)
	}
	x, y, base := [32]byte{1}, [32]byte{2}, [32]byte{}
	run := func(adapter [32]byte) int {
		id := n.submit(t, epoch0, RequestSpec{Tenant: "t", Prompt: prompt, MaxTokens: 2, IgnoreEOS: true, Adapter: adapter})
		cached := -1
		for !n.idle() {
			for _, d := range n.step(t).Done {
				if d.Request == id {
					cached = d.Cached
				}
			}
		}
		return cached
	}
	full := (len(prompt) - 1) / 16 * 16 // the last token is always computed
	for i, c := range []struct {
		name    string
		adapter [32]byte
		want    int
	}{
		{"the victim, under adapter x", x, 0},
		{"the same prompt under adapter y", y, 0},
		{"the same prompt with no adapter", base, 0},
		{"adapter x again", x, full},
		{"adapter y again", y, full},
		{"no adapter again", base, full},
	} {
		if got := run(c.adapter); got != c.want {
			t.Errorf("request %d, %s: %d cached tokens, want %d", i, c.name, got, c.want)
		}
	}
	if s := n.c.st.security; s != 0 {
		t.Errorf("%d security events: the adapters' chains met", s)
	}
}

// TestVerifyRefusesAnotherAdapter: a cached page found under an equal key (a collision, or a key
// that forgot the adapter) is still refused to a request of another adapter.
func TestVerifyRefusesAnotherAdapter(t *testing.T) {
	l := newLedger(8, 4, true)
	toks := []int32{1, 2, 3, 4}
	ref, _ := l.alloc(0, 1)
	x, y := [32]byte{1}, [32]byte{2}
	l.register(int32(ref.Page), cacheKey{9}, &x, kvtypes.PageRef{}, false, toks)
	if m := l.verify(int32(ref.Page), 0, &x, kvtypes.PageRef{}, false, toks); m != matchOK {
		t.Fatalf("the same adapter: %v, want a match", m)
	}
	for _, other := range []*[32]byte{&y, {}} {
		if m := l.verify(int32(ref.Page), 0, other, kvtypes.PageRef{}, false, toks); m != matchConflict {
			t.Errorf("adapter %x: %v, want a conflict", other[0], m)
		}
	}
}
