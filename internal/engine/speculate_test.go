package engine

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/faults"
	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/tokenizer"

	"github.com/kvwarden/kvwarden/internal/sampler"
)

// copyPrompt repeats a phrase of the demo model's vocabulary, so that prompt lookup has spans to
// draft from; variant changes the phrase.
func copyPrompt(variant, n int) []int32 {
	p := []int32{1}
	for i := 0; len(p) < n; i++ {
		p = append(p, int32(300+(i*7+variant)%23))
	}
	return p
}

// startUntimed starts an engine on testConfig, changed by mutate, with a frozen clock, so that it
// times no step, and with its cost meter holding one timed plain step: the drafting decisions
// rest on the core's assumed costs (core/speccost.go), the same on every run, however busy the
// machine. The meter is set before the first request, which reaches the step goroutine through
// the loop's channels.
func startUntimed(t *testing.T, m *model.Model, tok *tokenizer.Tokenizer, mutate func(*Config)) *Engine {
	t.Helper()
	e := startEngine(t, m, tok, testConfig, func(c *Config) {
		mutate(c)
		c.Clock = frozenClock{at: time.Unix(0, 0)}
	})
	e.spec.plain, e.spec.step[0], e.spec.changed = 1, 1, true
	return e
}

// specCase is one request of TestSpeculationKeepsAnswers; drafts says its answer is long and
// repetitive enough that lookup drafts for it (alone).
type specCase struct {
	name   string
	req    Request
	drafts bool
}

func specCases() []specCase {
	greedy := sampler.Params{TopLogprobs: -1}
	spec := func(tenant string, prompt []int32, n int) Spec {
		return Spec{Tenant: tenant, Prompt: prompt, MaxTokens: n, IgnoreEOS: true, Sampling: greedy}
	}
	var cases []specCase
	for _, n := range []int{1, 2, 3, 9, 10, 40} {
		cases = append(cases, specCase{fmt.Sprintf("max_tokens %d", n), Request{Spec: spec("a", copyPrompt(0, 30), n)}, n == 40})
	}
	long := spec("b", copyPrompt(1, 150), 30) // chunked: the engines' steps hold 64 tokens
	stops := spec("c", copyPrompt(2, 40), 60)
	stops.StopTokens = []int32{305, 311}
	eos := spec("c", copyPrompt(3, 40), 60)
	eos.IgnoreEOS = false
	logprobs := spec("d", copyPrompt(4, 40), 80)
	logprobs.Sampling = sampler.Params{TopLogprobs: 3}
	seeded := spec("e", copyPrompt(5, 40), 80)
	seeded.Sampling, seeded.HasSeed = sampler.Params{Temperature: 0.05, TopP: 0.9, Seed: 11, TopLogprobs: 2}, true
	penalised := spec("e", copyPrompt(6, 40), 80)
	penalised.Sampling = sampler.Params{RepetitionPenalty: 1.02, TopLogprobs: -1}
	grammar := spec("f", copyPrompt(7, 20), 24)
	grammar.Grammar = &Grammar{Schema: []byte(`{"type":"object","properties":{"a":{"type":"integer"}},"required":["a"]}`)}
	grammar.Sampling, grammar.HasSeed = sampler.Params{Temperature: 1, Seed: 7, TopLogprobs: -1}, true
	for _, c := range []struct {
		name string
		s    Spec
	}{{"chunked prompt", long}, {"stop tokens", stops}, {"eos", eos}, {"logprobs", logprobs}, {"seeded sampling", seeded},
		{"repetition penalty", penalised}, {"grammar", grammar}} {
		cases = append(cases, specCase{c.name, Request{Spec: c.s}, c.s.Grammar == nil})
	}
	return cases
}

// TestSpeculationKeepsAnswers: an engine speculating by prompt lookup gives every request exactly
// the tokens, logprobs and finish an engine without speculation gives it, alone and all at once
// (with a batch past the speculation limit), greedy or seeded; drafts ran, some were accepted,
// and the pool is whole afterwards.
func TestSpeculationKeepsAnswers(t *testing.T) {
	if faults.Available {
		t.Skip("the incident-replay build never speculates (Engine.speculates)")
	}
	m, tok := loadModel(t, demoModel)
	plain := startEngine(t, m, tok, testConfig, nil)
	fast := startUntimed(t, m, tok, func(c *Config) { c.Speculative = SpecConfig{Mode: SpecLookup, Tokens: 6} })
	cases := specCases()
	want := make([]string, len(cases))
	for i, c := range cases {
		want[i] = fmt.Sprint(drain(mustSubmit(t, plain, c.req)))
	}
	check := func(how string, got []result) {
		t.Helper()
		for i, c := range cases {
			if g := fmt.Sprint(got[i]); g != want[i] {
				t.Errorf("%s, %s: speculation changed the answer\n got %s\nwant %s", how, c.name, g, want[i])
			}
		}
	}
	alone := make([]result, len(cases))
	for i, c := range cases {
		before := fast.Stats().DraftTokens
		alone[i] = drain(mustSubmit(t, fast, c.req))
		if drafted := fast.Stats().DraftTokens > before; drafted != c.drafts {
			t.Errorf("%s: drafted %v, want %v", c.name, drafted, c.drafts) // a constrained request never speculates
		}
	}
	check("alone", alone)
	st := fast.Stats()
	if st.DraftTokens == 0 || st.AcceptedTokens == 0 {
		t.Fatalf("drafted %d, accepted %d: the test shows nothing", st.DraftTokens, st.AcceptedTokens)
	}
	together := make([]result, len(cases))
	var wg sync.WaitGroup
	for i, c := range cases {
		s := mustSubmit(t, fast, c.req)
		wg.Add(1)
		go func() { defer wg.Done(); together[i] = drain(s) }()
	}
	wg.Wait()
	check("all at once", together)
	assertPoolWhole(t, fast)
}

// TestNoSpeculation: a request that opts out on a speculating engine drafts nothing and gets the
// same answer as one that speculates.
func TestNoSpeculation(t *testing.T) {
	if faults.Available {
		t.Skip("the incident-replay build never speculates (Engine.speculates)")
	}
	m, tok := loadModel(t, demoModel)
	e := startUntimed(t, m, tok, func(c *Config) { c.Speculative = SpecConfig{Mode: SpecLookup} })
	spec := Spec{Tenant: "a", Prompt: copyPrompt(0, 30), MaxTokens: 40, IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: -1}}
	var answers [2]string
	for i, noSpec := range []bool{false, true} {
		before := e.Stats().DraftTokens
		answers[i] = fmt.Sprint(drain(mustSubmit(t, e, Request{Spec: spec, NoSpeculation: noSpec})))
		if drafted := e.Stats().DraftTokens > before; drafted == noSpec {
			t.Errorf("NoSpeculation %v: drafted %v", noSpec, drafted)
		}
	}
	if answers[0] != answers[1] {
		t.Errorf("the answers differ\n with %s\n without %s", answers[0], answers[1])
	}
}

// TestSpeculationConfig: an unknown mode or a draft length out of range is refused at start.
func TestSpeculationConfig(t *testing.T) {
	m, tok := loadModel(t, demoModel)
	for _, sc := range []SpecConfig{{Mode: "draft"}, {Mode: SpecLookup, Tokens: 65}, {Mode: SpecLookup, Tokens: -1}, {Mode: SpecLookup, DraftMinProb: 1.5}} {
		cfg := testConfig
		cfg.Speculative = sc
		if e, err := New(m, tok, cfg); err == nil {
			e.Close()
			t.Errorf("%+v was accepted", sc)
		}
	}
	if _, err := ParseSpeculation("lookup"); err != nil {
		t.Error(err)
	}
	if _, err := ParseSpeculation("ngram"); err == nil {
		t.Error("ParseSpeculation accepted ngram")
	}
}

// The draft model tests' model, and a smaller one of the same vocabulary with other weights: a
// draft model that is often wrong.
const (
	draftTarget = "dummy:llama,dim=64,layers=2,heads=4,kv_heads=2,ffn=172,vocab=512,ctx=2048,type=f32,seed=4"
	draftOther  = "dummy:llama,dim=64,layers=1,heads=4,kv_heads=2,ffn=128,vocab=512,ctx=2048,type=f32,seed=5"
)

// TestDraftModelKeepsAnswers: speculating with a draft model, every request gets the answer an
// engine without speculation gives it, whether the draft model is the model itself (its greedy
// greedy drafts are accepted) or another model of the same vocabulary (mostly rejected); and the two
// pools stay whole.
func TestDraftModelKeepsAnswers(t *testing.T) {
	if faults.Available {
		t.Skip("the incident-replay build never speculates (Engine.speculates)")
	}
	m, tok := loadModel(t, draftTarget)
	plain := startEngine(t, m, tok, testConfig, nil)
	cases := specCases()
	want := make([]string, len(cases))
	for i, c := range cases {
		want[i] = fmt.Sprint(drain(mustSubmit(t, plain, c.req)))
	}
	for _, draft := range []string{draftTarget, draftOther} {
		t.Run(draft, func(t *testing.T) {
			dm, dt := loadModel(t, draft)
			e := startUntimed(t, m, tok, func(c *Config) {
				// The test models' distributions are flat: draft whatever the probability.
				c.Speculative = SpecConfig{Mode: SpecDraft, Tokens: 4, DraftModel: dm, DraftTokenizer: dt, DraftMinProb: -1}
			})
			got := make([]result, len(cases))
			var wg sync.WaitGroup
			for i, c := range cases {
				s := mustSubmit(t, e, c.req)
				wg.Add(1)
				go func() { defer wg.Done(); got[i] = drain(s) }()
				if i%2 == 0 {
					wg.Wait() // some alone, some beside others
				}
			}
			wg.Wait()
			for i, c := range cases {
				if g := fmt.Sprint(got[i]); g != want[i] {
					t.Errorf("%s: the draft model changed the answer\n got %s\nwant %s", c.name, g, want[i])
				}
			}
			st := e.Stats()
			// The model drafting for itself is right wherever the answer is greedy.
			if st.DraftTokens == 0 || draft == draftTarget && st.AcceptedTokens*2 < st.DraftTokens {
				t.Errorf("drafted %d, accepted %d", st.DraftTokens, st.AcceptedTokens)
			}
			assertPoolWhole(t, e)
			if err := e.Check(); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestDraftModelWaitsForConfidence: with the default DraftMinProb, a model whose distribution is
// flat (every test model's: its draws have probabilities near 1/vocabulary) is never drafted for,
// so its requests pay the draft model's pass over their prompt (taken with the prompt, in chunks:
// StepTokens is a fraction of it) and nothing more; the answer is the same.
func TestDraftModelWaitsForConfidence(t *testing.T) {
	if faults.Available {
		t.Skip("the incident-replay build never speculates (Engine.speculates)")
	}
	m, tok := loadModel(t, draftTarget)
	dm, dt := loadModel(t, draftTarget)
	const prompt = 30
	req := Request{Spec: Spec{Tenant: "a", Prompt: copyPrompt(0, prompt), MaxTokens: 40, IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: -1}}}
	answers := map[float64]string{}
	for _, minProb := range []float64{0, -1} {
		e := startUntimed(t, m, tok, func(c *Config) {
			c.StepTokens, c.MaxRunning = 8, 4
			c.Speculative = SpecConfig{Mode: SpecDraft, Tokens: 4, DraftModel: dm, DraftTokenizer: dt, DraftMinProb: minProb}
		})
		answers[minProb] = fmt.Sprint(drain(mustSubmit(t, e, req)))
		st := e.Stats()
		if (st.DraftTokens > 0) != (minProb < 0) {
			t.Errorf("DraftMinProb %g: %d drafts", minProb, st.DraftTokens)
		}
		// Never drafting, the draft model computed the prompt and no more; drafting, the prompt,
		// then at least each draft's first token (the last token drawn).
		if minProb == 0 && st.DraftModelPositions != prompt || minProb < 0 && st.DraftModelPositions <= prompt {
			t.Errorf("DraftMinProb %g: the draft model computed %d positions, the prompt is %d", minProb, st.DraftModelPositions, prompt)
		}
	}
	if answers[0] != answers[-1] {
		t.Errorf("the answers differ:\n%s\n%s", answers[0], answers[-1])
	}
}

// TestDraftModelRefused: a draft model of another vocabulary, or without the draft mode, is
// refused at start with the reason.
func TestDraftModelRefused(t *testing.T) {
	m, tok := loadModel(t, demoModel)
	other, otherTok := loadModel(t, "dummy:llama,dim=64,layers=1,heads=4,kv_heads=2,ffn=128,vocab=600,ctx=2048,type=f32,seed=5")
	for _, c := range []struct {
		sc   SpecConfig
		want string
	}{
		{SpecConfig{Mode: SpecDraft, DraftModel: other, DraftTokenizer: otherTok}, "needs the same vocabulary"},
		{SpecConfig{Mode: SpecDraft}, "no draft model"},
		{SpecConfig{Mode: SpecLookup, DraftModel: m, DraftTokenizer: tok}, "it needs draft"},
	} {
		cfg := testConfig
		cfg.Speculative = c.sc
		e, err := New(m, tok, cfg)
		if err == nil {
			e.Close()
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.sc.Mode, err, c.want)
		}
	}
}

// TestDraftModelInCapacityPlan: the start-up gate counts the draft model's mirror pool: both pools
// of the plan's pages fit the KV memory, and fewer pages than without it.
func TestDraftModelInCapacityPlan(t *testing.T) {
	m, _ := loadModel(t, draftTarget)
	dm, dt := loadModel(t, draftOther)
	cfg := testConfig
	alone, err := PlanFor(&m.Config, cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Speculative = SpecConfig{Mode: SpecDraft, DraftModel: dm, DraftTokenizer: dt}
	both, err := PlanFor(&m.Config, cfg)
	if err != nil {
		t.Fatal(err)
	}
	pageBytes := func(mm *model.Model) int64 {
		b, err := kv.PageBytes(kv.Config{Layers: mm.Layers, KVHeads: mm.KVHeads, HeadDim: mm.HeadDim, PageTokens: both.PageTokens, DType: cfg.KVDType})
		if err != nil {
			t.Fatal(err)
		}
		return int64(b)
	}
	if used := int64(both.Pages) * (pageBytes(m) + pageBytes(dm)); used > cfg.KVMemBytes || both.Pages >= alone.Pages {
		t.Fatalf("with the draft model %d pages (%d bytes of %d), without %d", both.Pages, used, cfg.KVMemBytes, alone.Pages)
	}
}

// TestDraftModelReadsOnlyItsOwnKV, as an attacker would try it: tenant a runs first and leaves
// its pages, with their draft-model KV, to the free list; tenant b's request then gets them. b's
// drafts must be those it gets on a fresh engine: computed from its own tokens only, never from
// what the pages held before (poisoned on free here, so that any such read shows as NaN drafts;
// seen failing when the draft model skips its catch-up).
func TestDraftModelReadsOnlyItsOwnKV(t *testing.T) {
	if faults.Available {
		t.Skip("the incident-replay build never speculates (Engine.speculates)")
	}
	m, tok := loadModel(t, draftTarget)
	dm, dt := loadModel(t, draftTarget) // the model drafting for itself: right wherever it reads the right KV
	mutate := func(c *Config) {
		c.Speculative = SpecConfig{Mode: SpecDraft, Tokens: 4, DraftModel: dm, DraftTokenizer: dt, DraftMinProb: -1}
		c.Scrub, c.PrefixCache = kv.ScrubPoison, false // a freed page's KV turns to NaN: reading it shows
	}
	greedy := sampler.Params{TopLogprobs: -1}
	a := Request{Spec: Spec{Tenant: "a", Prompt: copyPrompt(9, 120), MaxTokens: 40, IgnoreEOS: true, Sampling: greedy}}
	b := Request{Spec: Spec{Tenant: "b", Prompt: copyPrompt(0, 100), MaxTokens: 40, IgnoreEOS: true, Sampling: greedy}}
	bDrafts := func(after bool) (string, uint64) {
		e := startUntimed(t, m, tok, mutate) // the same drafting decisions in both runs
		if after {
			drain(mustSubmit(t, e, a))
			assertPoolWhole(t, e)
		}
		before := e.Stats()
		r := drain(mustSubmit(t, e, b))
		st := e.Stats()
		return fmt.Sprint(r), st.AcceptedTokens - before.AcceptedTokens
	}
	alone, acceptedAlone := bDrafts(false)
	after, acceptedAfter := bDrafts(true)
	if alone != after || acceptedAlone != acceptedAfter || acceptedAlone == 0 {
		t.Fatalf("b after a: %d drafts accepted (%s); alone %d (%s)", acceptedAfter, after, acceptedAlone, alone)
	}
}
