package engine

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/core"
	"github.com/kvwarden/kvwarden/internal/gguf"
	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/sampler"
	"github.com/kvwarden/kvwarden/internal/tensor"
	"github.com/kvwarden/kvwarden/internal/testenv"
	"github.com/kvwarden/kvwarden/internal/testenv/testmodel"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
)

// demoModel names the project's built-in demo model (random weights, generated in milliseconds)
// for newEngine and loadModel: the tests that do not compare with another implementation's outputs
// run on it, so they run on a user's checkout without the shared models too.
const demoModel = testmodel.Demo

// loadModel opens the demo model, a dummy:SPEC model, a model of package selfmade or a file of
// the shared models folder.
func loadModel(t testing.TB, name string) (*model.Model, *tokenizer.Tokenizer) {
	t.Helper()
	m, tok, _ := openModel(t, name)
	return m, tok
}

// openModel is loadModel that also returns the open file (a transfer fingerprint reads it).
func openModel(t testing.TB, name string) (*model.Model, *tokenizer.Tokenizer, *gguf.File) {
	t.Helper()
	m, tok, f := testmodel.Open(t, name)
	if name == "stories260K.gguf" {
		m.Context = 512 // the file's context_length key is a converter default (see the reference README)
	}
	return m, tok, f
}

func newEngine(t *testing.T, name string, mutate func(*Config)) *Engine {
	t.Helper()
	m, tok := loadModel(t, name)
	return startEngine(t, m, tok, testConfig, mutate)
}

// testConfig is the engine configuration of the single-engine tests.
var testConfig = Config{Threads: 2, KVDType: tensor.F32, KVMemBytes: 8 << 20, PrefixCache: true, StepTokens: 64, MaxRunning: 16}

// startEngine serves m with cfg, changed by mutate if not nil, until the test ends.
func startEngine(t *testing.T, m *model.Model, tok *tokenizer.Tokenizer, cfg Config, mutate func(*Config)) *Engine {
	t.Helper()
	if mutate != nil {
		mutate(&cfg)
	}
	e, err := New(m, tok, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	return e
}

// ids are the ids of the tokens r delivered.
func (r result) ids() []int32 {
	out := make([]int32, len(r.toks))
	for i, tk := range r.toks {
		out[i] = tk.ID
	}
	return out
}

func run(t *testing.T, e *Engine, tenant string, prompt []int32, n int) result {
	t.Helper()
	st, err := e.Submit(context.Background(), Request{Spec: Spec{Tenant: tenant, Prompt: prompt, MaxTokens: n, Sampling: sampler.Params{TopLogprobs: -1}, IgnoreEOS: false}})
	if err != nil {
		t.Fatal(err)
	}
	return drain(st)
}

func stories(t *testing.T) []testenv.Case {
	var out []testenv.Case
	for _, c := range testenv.Cases(t, "stories260K.json") {
		if c.Kind == "greedy" && c.Source == "llama.cpp" && c.KVCacheType == "f32" {
			out = append(out, c)
		}
	}
	return out
}

// want returns the reference ids as the engine reports them: generation stops at BOS (the
// model's EOS here is 2, so BOS is passed as a stop token) without streaming it.
func want(c testenv.Case) []int32 {
	ids := c.GenIDs
	if len(ids) > 0 && ids[len(ids)-1] == 1 {
		ids = ids[:len(ids)-1]
	}
	return ids
}

// TestGreedyThroughEngine runs every reference case alone and then all of them at once from
// several tenants: the ids must equal the reference either way.
func TestGreedyThroughEngine(t *testing.T) {
	e := newEngine(t, "stories260K.gguf", nil)
	cases := stories(t)
	check := func(c testenv.Case, r result) {
		t.Helper()
		if r.err != nil {
			t.Fatalf("%s: %v", c.ID, r.err)
		}
		w := want(c)
		if fmt.Sprint(r.ids()) != fmt.Sprint(w) {
			t.Errorf("%s: ids differ\n got %v\nwant %v", c.ID, r.ids(), w)
		}
	}
	submit := func(c testenv.Case, tenant string) Stream {
		n := c.NPositions - len(c.PromptIDs) + 1
		st, err := e.Submit(context.Background(), Request{Spec: Spec{Tenant: tenant, Prompt: c.PromptIDs, MaxTokens: n, StopTokens: []int32{1}, Sampling: sampler.Params{TopLogprobs: -1}}})
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	for _, c := range cases {
		check(c, drain(submit(c, "alone")))
	}
	var wg sync.WaitGroup
	results := make([]result, len(cases)*3)
	for rep := 0; rep < 3; rep++ {
		for i, c := range cases {
			st := submit(c, fmt.Sprintf("tenant-%d", (i+rep)%4))
			wg.Add(1)
			go func(k int) { defer wg.Done(); results[k] = drain(st) }(rep*len(cases) + i)
		}
	}
	wg.Wait()
	for k, r := range results {
		check(cases[k%len(cases)], r)
	}
	assertPoolWhole(t, e)
}

func assertPoolWhole(t *testing.T, e *Engine) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		s := e.Stats()
		if s.PagesOwned == 0 && s.PagesQuarantined == 0 && s.PagesFree+s.PagesCached == s.PagesTotal && s.Running == 0 {
			if s.SecurityEvents != 0 {
				t.Fatalf("%d security events", s.SecurityEvents)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("pool not whole after drain: %+v", s)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestAdmissionRejectsWithNumbers(t *testing.T) {
	e := newEngine(t, demoModel, func(c *Config) { c.MaxContext = 128 })
	_, err := e.Submit(context.Background(), Request{Spec: Spec{Tenant: "a", Prompt: make([]int32, 100), MaxTokens: 50, Sampling: sampler.Params{TopLogprobs: -1}}})
	var rej *RejectError
	if !errors.As(err, &rej) || rej.Reason != kvtypes.RejectContextLength {
		t.Fatalf("got %v, want a context_length rejection", err)
	}
	for _, num := range []string{"100", "50", "128"} {
		if !contains(rej.Message, num) {
			t.Errorf("message %q lacks %s", rej.Message, num)
		}
	}
	if _, err := e.Submit(context.Background(), Request{Spec: Spec{Tenant: "", Prompt: []int32{1}, MaxTokens: 1, Sampling: sampler.Params{TopLogprobs: -1}}}); err == nil {
		t.Error("a request without a tenant was admitted")
	}
	if _, err := e.Submit(context.Background(), Request{Spec: Spec{Tenant: "a", Prompt: []int32{1, 99999}, MaxTokens: 1, Sampling: sampler.Params{TopLogprobs: -1}}}); err == nil {
		t.Error("a token outside the vocabulary was admitted")
	}
	// The tenant's weight reaches the core, which checks its range.
	if _, err := e.Submit(context.Background(), Request{Spec: Spec{Tenant: "a", Prompt: []int32{1}, MaxTokens: 1, Weight: 1001, Sampling: sampler.Params{TopLogprobs: -1}}}); !errors.As(err, &rej) || rej.Reason != kvtypes.RejectInvalid || !contains(rej.Message, "weight") {
		t.Errorf("weight 1001: got %v, want an invalid rejection naming the weight", err)
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

func TestStartupGate(t *testing.T) {
	m, tok := loadModel(t, demoModel)
	// 2 layers × 2 KV heads × 16 × 2 × 4 bytes = 512 bytes per token; 64 KiB holds 128 tokens less
	// the page headers → 112.
	_, err := New(m, tok, Config{KVDType: tensor.F32, KVMemBytes: 64 << 10, MaxContext: 128})
	if err == nil || !contains(err.Error(), "exceeds the KV pool, which holds 112 tokens") {
		t.Fatalf("the gate let a 128-token context over a 48-token pool start: %v", err)
	}
}

// TestCancelAbortsWithTrueReason cancels mid-stream: the terminal event must be an abort, never
// a finish reason, and the pool must be whole afterwards.
func TestCancelAbortsWithTrueReason(t *testing.T) {
	e := newEngine(t, demoModel, nil)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	st, err := e.Submit(ctx, Request{Spec: Spec{Tenant: "a", Prompt: []int32{1, 403, 407}, MaxTokens: 400, IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: -1}}})
	if err != nil {
		t.Fatal(err)
	}
	var got int
	var final Event
	for ev := range st.Events() {
		got += len(ev.Tokens)
		if got == 3 {
			cancel()
		}
		if ev.Done {
			final = ev
		}
	}
	var ab *AbortError
	if !errors.As(final.Err, &ab) || ab.Reason != "cancelled" || final.Finish != "" {
		t.Fatalf("terminal event %+v, want an abort with reason cancelled", final)
	}
	assertPoolWhole(t, e)
}

func TestSeededSamplingReproducibleUnderLoad(t *testing.T) {
	e := newEngine(t, demoModel, nil)
	req := Request{Spec: Spec{Tenant: "a", Prompt: []int32{1, 403, 407, 261}, MaxTokens: 40, IgnoreEOS: true,
		Sampling: sampler.Params{Temperature: 0.9, TopP: 0.95, Seed: 7, TopLogprobs: 3}, HasSeed: true}}
	st, _ := e.Submit(context.Background(), req)
	alone := drain(st)
	var noise []Stream
	for i := 0; i < 6; i++ {
		s, err := e.Submit(context.Background(), Request{Spec: Spec{Tenant: fmt.Sprintf("n%d", i), Prompt: []int32{1, int32(300 + i), 5, 6, 7}, MaxTokens: 60, Sampling: sampler.Params{Temperature: 1, TopLogprobs: -1}}})
		if err != nil {
			t.Fatal(err)
		}
		noise = append(noise, s)
	}
	st, _ = e.Submit(context.Background(), req)
	loaded := drain(st)
	for _, s := range noise {
		drain(s)
	}
	if fmt.Sprint(alone.ids()) != fmt.Sprint(loaded.ids()) {
		t.Fatalf("seeded request differs under load:\n%v\n%v", alone.ids(), loaded.ids())
	}
}

// TestCorruptedHeaderAbortsOnlyItsRequest plays a buggy writer: mid-generation, one page of
// request A is restamped as another tenant's. A must be aborted with reason "isolation" (never a
// finish reason), a security event counted, and a concurrent request must be unaffected.
func TestCorruptedHeaderAbortsOnlyItsRequest(t *testing.T) {
	e := newEngine(t, demoModel, func(c *Config) { c.PrefixCache = false })
	bystander := Request{Spec: Spec{Tenant: "b", Prompt: []int32{1, 403, 407, 261, 378}, MaxTokens: 60, IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: -1}}}
	st, _ := e.Submit(context.Background(), bystander)
	alone := drain(st)

	victim := Request{Spec: Spec{Tenant: "a", Prompt: []int32{1, 300, 301, 302, 303, 304, 305, 306, 307, 308, 309, 310, 311, 312, 313, 314, 315, 316}, MaxTokens: 60, IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: -1}}}
	var once sync.Once
	e.mu.Lock() // the loop reads beforeStep under the same lock's happens-before edges
	e.beforeStep = func(batch []core.Seq, cache *kv.Pool) {
		for i, s := range batch {
			// The victim is known by its prompt: Submit returns once admitted, and the loop may
			// step it at once. The step goroutine owns e.batchStreams while the hook runs.
			if st := e.batchStreams[i]; st != nil && st.prompt == len(victim.Prompt) && s.Start >= 20 {
				once.Do(func() {
					h, _ := cache.Header(s.Pages[0].Page)
					h.Tenant[0] ^= 0xff
					cache.Stamp(s.Pages[0].Page, h)
				})
			}
		}
	}
	e.mu.Unlock()
	vs, err := e.Submit(context.Background(), victim)
	if err != nil {
		t.Fatal(err)
	}
	bs, _ := e.Submit(context.Background(), bystander)
	got, bad := drain(bs), drain(vs)
	var ab *AbortError
	if !errors.As(bad.err, &ab) || ab.Reason != "isolation" || bad.finish != "" {
		t.Fatalf("victim ended with %+v, want an isolation abort", bad)
	}
	if fmt.Sprint(got.ids()) != fmt.Sprint(alone.ids()) || got.err != nil {
		t.Fatalf("bystander changed:\n%v\n%v (%v)", alone.ids(), got.ids(), got.err)
	}
	if n := e.Stats().SecurityEvents; n != 1 {
		t.Fatalf("%d security events, want 1", n)
	}
}

// TestDrainTimeoutAbortsTheRest: a drain whose deadline has passed aborts what is still running
// (400 tokens take far longer than the abort) with reason "shutdown", and returns.
func TestDrainTimeoutAbortsTheRest(t *testing.T) {
	e := newEngine(t, demoModel, nil)
	st, err := e.Submit(context.Background(), Request{Spec: Spec{Tenant: "a", Prompt: []int32{1, 403}, MaxTokens: 400, IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: -1}}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // the deadline has already passed
	done := make(chan struct{})
	go func() { e.Drain(ctx); close(done) }()
	r := drain(st)
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Drain did not return after its deadline")
	}
	var ab *AbortError
	if !errors.As(r.err, &ab) || ab.Reason != "shutdown" || r.finish != "" {
		t.Fatalf("request ended with %+v after %d tokens, want a shutdown abort", r, len(r.ids()))
	}
	if _, err := e.Submit(context.Background(), Request{Spec: Spec{Tenant: "a", Prompt: []int32{1}, MaxTokens: 1, Sampling: sampler.Params{TopLogprobs: -1}}}); err == nil {
		t.Fatal("a drained engine admitted a request")
	}
}
