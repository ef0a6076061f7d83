package engine

import (
	"context"
	"slices"
	"testing"

	"github.com/kvwarden/kvwarden/internal/sampler"
)

// events collects a stream's prompt logprobs and generated tokens, checking every prompt event
// comes before the first generated token.
func events(t *testing.T, st Stream) (prompt, gen []Token) {
	t.Helper()
	for ev := range st.Events() {
		if len(ev.Prompt) > 0 && len(gen) > 0 {
			t.Error("prompt logprobs after a generated token")
		}
		prompt = append(prompt, ev.Prompt...)
		gen = append(gen, ev.Tokens...)
		if ev.Done && ev.Err != nil {
			t.Fatalf("aborted: %v", ev.Err)
		}
	}
	return prompt, gen
}

// TestPromptLogprobsMatchGeneration: the logprob of each prompt token given the ones before it is
// exactly what generating that token greedily reported, alternatives included, whether the prompt
// is computed in one piece, in several steps (StepTokens) or in several passes per step (fewer
// logit rows than chunk tokens), and with other requests in the batch, which stay unchanged.
func TestPromptLogprobsMatchGeneration(t *testing.T) {
	for _, c := range []struct {
		name                   string
		stepTokens, maxRunning int
	}{
		{"one pass", 64, 16},
		{"several steps", 8, 4},
		{"several passes per step", 64, 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := newEngine(t, demoModel, func(cfg *Config) { cfg.StepTokens, cfg.MaxRunning = c.stepTokens, c.maxRunning })
			greedy := sampler.Params{TopLogprobs: 3}
			prompt := []int32{1, 403, 407, 261, 378}
			st, err := e.Submit(context.Background(), Request{Spec: Spec{Tenant: "a", Prompt: prompt, MaxTokens: 20, IgnoreEOS: true, Sampling: greedy}})
			if err != nil {
				t.Fatal(err)
			}
			_, gen := events(t, st)
			noise := Request{Spec: Spec{Tenant: "n", Prompt: []int32{1, 300, 5, 6, 7}, MaxTokens: 30, IgnoreEOS: true, Sampling: greedy}}
			sn, _ := e.Submit(context.Background(), noise)
			_, alone := events(t, sn)

			// Score the prompt followed by what was generated, with the noise request beside it.
			full := slices.Clone(prompt)
			for _, g := range gen {
				full = append(full, g.ID)
			}
			ss, err := e.Submit(context.Background(), Request{Spec: Spec{Tenant: "a", Prompt: full, MaxTokens: 1, IgnoreEOS: true, Sampling: greedy, PromptLogprobs: true}})
			if err != nil {
				t.Fatal(err)
			}
			sn, _ = e.Submit(context.Background(), noise)
			scored, next := events(t, ss)
			_, beside := events(t, sn)
			if len(scored) != len(full)-1 || len(next) != 1 {
				t.Fatalf("%d prompt logprobs for %d tokens, %d generated", len(scored), len(full), len(next))
			}
			for i, g := range gen {
				got := scored[len(prompt)-1+i]
				if got.ID != g.ID || got.Logprob != g.Logprob || !slices.Equal(got.Top, g.Top) {
					t.Fatalf("token %d: scored %+v, generated %+v", i, got, g)
				}
			}
			if !slices.EqualFunc(alone, beside, func(a, b Token) bool { return a.ID == b.ID && a.Logprob == b.Logprob }) {
				t.Fatal("a request batched with a scoring one changed")
			}
		})
	}
}

// TestPromptLogprobsSkipPrefixCache: a scoring request whose prompt is in the tenant's prefix
// cache still scores every position.
func TestPromptLogprobsSkipPrefixCache(t *testing.T) {
	e := newEngine(t, demoModel, nil)
	prompt := make([]int32, 40)
	for i := range prompt {
		prompt[i] = int32(10 + i)
	}
	run(t, e, "a", prompt, 2) // fills the cache
	st, err := e.Submit(context.Background(), Request{Spec: Spec{Tenant: "a", Prompt: prompt, MaxTokens: 1, Sampling: sampler.Params{TopLogprobs: 0}, PromptLogprobs: true}})
	if err != nil {
		t.Fatal(err)
	}
	scored, _ := events(t, st)
	if len(scored) != len(prompt)-1 {
		t.Fatalf("%d prompt logprobs, want %d", len(scored), len(prompt)-1)
	}
	for i, s := range scored {
		if s.ID != prompt[i+1] || s.Logprob > 0 {
			t.Fatalf("position %d: %+v", i, s)
		}
	}
}
