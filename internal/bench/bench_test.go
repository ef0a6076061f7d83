package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/gguf"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/source"
	"github.com/kvwarden/kvwarden/internal/tensor"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
)

var demo struct {
	once sync.Once
	m    *model.Model
	tok  *tokenizer.Tokenizer
	f    *gguf.File // open for the test binary's life: split nodes fingerprint it
	err  error
}

// demoModel loads the built-in demo model (what --model "" gives), generated into a temporary
// cache so the test leaves nothing behind.
func demoModel(t *testing.T) (*model.Model, *tokenizer.Tokenizer) {
	t.Helper()
	demo.once.Do(func() {
		dir, err := os.MkdirTemp("", "kvwarden-bench-test-")
		if err != nil {
			demo.err = err
			return
		}
		defer os.RemoveAll(dir) // the mapping stays valid after the file is unlinked
		res, err := source.Resolve(context.Background(), "", source.Options{CacheDir: filepath.Join(dir, "cache")})
		if err != nil {
			demo.err = err
			return
		}
		f, err := gguf.Open(res.Path)
		if err != nil {
			demo.err = err
			return
		}
		demo.f = f
		if demo.m, demo.err = model.Load(f); demo.err != nil {
			return
		}
		demo.tok, demo.err = tokenizer.FromGGUF(f)
	})
	if demo.err != nil {
		t.Fatal(demo.err)
	}
	return demo.m, demo.tok
}

func testConfig() engine.Config {
	return engine.Config{Threads: 2, KVDType: tensor.F16, KVMemBytes: 8 << 20, PageTokens: 16, StepTokens: 64, MaxRunning: 16}
}

func testContext(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func TestOfflineSmoke(t *testing.T) {
	m, tok := demoModel(t)
	var progress bytes.Buffer
	off, err := RunOffline(testContext(t), m, tok, testConfig(), OfflineOptions{
		PromptTokens: 8, GenTokens: 4, Batches: []int{1, 3}, Reps: 1,
		Limits: LimitsOptions{ReadBytes: 16 << 20}, Progress: &progress,
	})
	if err != nil {
		t.Fatal(err)
	}
	// The JSON is the contract: check it, not the Go structs.
	var got struct {
		Kind            string `json:"kind"`
		IsolationChecks *bool  `json:"isolation_checks"`
		Offline         struct {
			Model struct {
				WeightBytes   int64 `json:"weight_bytes"`
				StreamedBytes int64 `json:"streamed_bytes_per_step"`
				Params        int64 `json:"params"`
				BlockParams   int64 `json:"block_matrix_params"`
			} `json:"model"`
			Engine struct {
				Threads     int  `json:"threads"`
				PrefixCache bool `json:"prefix_cache"`
			} `json:"engine"`
			Limits struct {
				ReadGBps  float64 `json:"read_gb_per_s"`
				DotGFLOPs float64 `json:"dot_kernel_gflop_per_s"`
			} `json:"limits"`
			PromptTokens int `json:"prompt_tokens"`
			GenTokens    int `json:"gen_tokens"`
			Runs         []struct {
				Batch   int `json:"batch"`
				Prefill struct {
					TokensPerSec float64   `json:"tokens_per_s"`
					Reps         []float64 `json:"reps_tokens_per_s"`
					Tokens       int       `json:"tokens_per_rep"`
				} `json:"prefill"`
				Generate struct {
					TokensPerSec float64   `json:"tokens_per_s"`
					Reps         []float64 `json:"reps_tokens_per_s"`
					Tokens       int       `json:"tokens_per_rep"`
				} `json:"generate"`
				PrefillGFLOPs float64 `json:"prefill_gflop_per_s"`
				PrefillDot    float64 `json:"prefill_fraction_of_dot_kernel"`
				DecodeGBps    float64 `json:"decode_gb_per_s"`
				DecodeBW      float64 `json:"decode_fraction_of_read_bandwidth"`
			} `json:"runs"`
		} `json:"offline"`
	}
	decodeJSON(t, NewResult(off, nil), &got)
	o := got.Offline
	if got.Kind != "offline" || got.IsolationChecks == nil {
		t.Errorf("kind %q, isolation_checks %v", got.Kind, got.IsolationChecks)
	}
	mo := o.Model
	if mo.WeightBytes <= 0 || mo.StreamedBytes <= 0 || mo.StreamedBytes > mo.WeightBytes || mo.BlockParams <= 0 || mo.BlockParams >= mo.Params {
		t.Errorf("model accounting: %+v", mo)
	}
	// The demo model is F32: every parameter is 4 bytes.
	if mo.WeightBytes != 4*mo.Params {
		t.Errorf("F32 demo: %d weight bytes for %d params", mo.WeightBytes, mo.Params)
	}
	if o.Engine.Threads != 2 || o.Engine.PrefixCache || o.PromptTokens != 8 || o.GenTokens != 4 {
		t.Errorf("settings: %+v, prompt %d, gen %d", o.Engine, o.PromptTokens, o.GenTokens)
	}
	if o.Limits.ReadGBps <= 0 || o.Limits.DotGFLOPs <= 0 {
		t.Errorf("limits: %+v", o.Limits)
	}
	if len(o.Runs) != 2 || o.Runs[0].Batch != 1 || o.Runs[1].Batch != 3 {
		t.Fatalf("runs: %+v", o.Runs)
	}
	for _, r := range o.Runs {
		if r.Prefill.TokensPerSec <= 0 || len(r.Prefill.Reps) != 1 || r.Prefill.Tokens != 8*r.Batch {
			t.Errorf("batch %d prefill: %+v", r.Batch, r.Prefill)
		}
		if r.Generate.TokensPerSec <= 0 || len(r.Generate.Reps) != 1 || r.Generate.Tokens != 4*r.Batch {
			t.Errorf("batch %d generate: %+v", r.Batch, r.Generate)
		}
		if r.PrefillGFLOPs <= 0 || r.PrefillDot <= 0 || r.DecodeGBps <= 0 || r.DecodeBW <= 0 {
			t.Errorf("batch %d roofline: %+v", r.Batch, r)
		}
	}
	if !strings.Contains(progress.String(), "tg4 batch 3") {
		t.Errorf("progress bar output lacks the last step: %q", progress.String())
	}
	var text strings.Builder
	WriteOffline(&text, off)
	for _, want := range []string{"pp8", "tg4", "read bandwidth", "of the dot kernel"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, text.String())
		}
	}
}

func TestOfflineRejectsBadOptions(t *testing.T) {
	m, tok := demoModel(t)
	if _, err := RunOffline(testContext(t), m, tok, testConfig(), OfflineOptions{Batches: []int{0}, NoLimits: true}); err == nil {
		t.Error("batch 0 was accepted")
	}
	// More than the context: the engine's refusal comes back.
	if _, err := RunOffline(testContext(t), m, tok, testConfig(), OfflineOptions{PromptTokens: 100000, Reps: 1, NoLimits: true}); err == nil {
		t.Error("a prompt beyond the context was accepted")
	}
}

func startDemoServer(t *testing.T, tenants int) (*LocalServer, []int32) {
	t.Helper()
	m, tok := demoModel(t)
	eng, err := engine.New(m, tok, testConfig())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(eng.Close) // after the server's close, which closeAtEnd registers later
	ls, err := StartServer(eng, tok, "demo", tenants, nil)
	if err != nil {
		t.Fatal(err)
	}
	closeAtEnd(t, "server", ls)
	return ls, OrdinaryTokens(tok, m.Vocab)
}

// closeAtEnd closes a server or cluster when the test ends, giving it 5 s.
func closeAtEnd(t *testing.T, what string, c interface{ Close(context.Context) error }) {
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := c.Close(ctx); err != nil {
			t.Errorf("%s close: %v", what, err)
		}
	})
}

func TestServeSmoke(t *testing.T) {
	ls, ids := startDemoServer(t, 2)
	var progress bytes.Buffer
	srv, err := RunServe(testContext(t), ServeOptions{URL: ls.URL, Keys: ls.Keys, TenantNames: ls.Tenants, Clients: 3,
		Requests: 6, PromptTokens: 8, GenTokens: 5, TokenIDs: ids, Progress: &progress, Target: "in-process"})
	if err != nil {
		t.Fatal(err)
	}
	// Decoded apart from TestOfflineSmoke's on purpose: each smoke test pins its own JSON contract.
	var got struct {
		Kind  string `json:"kind"`
		Serve struct {
			Model        string  `json:"model"`
			PromptKind   string  `json:"prompt_kind"`
			Completed    int     `json:"completed"`
			Failed       int     `json:"failed"`
			PromptTotal  int     `json:"prompt_tokens_total"`
			Generated    int     `json:"generated_tokens"`
			TokensPerSec float64 `json:"generated_tokens_per_s"`
			RequestsPS   float64 `json:"requests_per_s"`
			TTFT, ITL    Dist
			TPOT, E2E    Dist
			PerTenant    []TenantResult `json:"per_tenant"`
		} `json:"serve"`
	}
	decodeJSON(t, NewResult(nil, srv), &got)
	s := got.Serve
	if got.Kind != "serve" || s.Model != "demo" || s.PromptKind != "token_ids" {
		t.Errorf("kind %q model %q prompt kind %q", got.Kind, s.Model, s.PromptKind)
	}
	if s.Completed != 6 || s.Failed != 0 || s.PromptTotal != 6*8 || s.Generated != 6*5 {
		t.Errorf("counts: completed %d failed %d prompt tokens %d generated %d (errors %v)", s.Completed, s.Failed, s.PromptTotal, s.Generated, srv.Errors)
	}
	if s.TokensPerSec <= 0 || s.RequestsPS <= 0 {
		t.Errorf("rates: %v tokens/s, %v requests/s", s.TokensPerSec, s.RequestsPS)
	}
	if s.TTFT.N != 6 || s.E2E.N != 6 || s.TPOT.N != 6 || s.ITL.N == 0 || s.TTFT.P50 <= 0 || s.E2E.P99 < s.TTFT.P50 {
		t.Errorf("latencies: ttft %+v itl %+v tpot %+v e2e %+v", s.TTFT, s.ITL, s.TPOT, s.E2E)
	}
	if len(s.PerTenant) != 2 {
		t.Fatalf("per tenant: %+v", s.PerTenant)
	}
	for i, pt := range s.PerTenant {
		if pt.Tenant != ls.Tenants[i] || pt.Completed != 3 || pt.GeneratedTokens != 15 {
			t.Errorf("tenant %d: %+v, want 3 completed of 5 tokens (round-robin)", i, pt)
		}
	}
	if !strings.Contains(progress.String(), "6/6") {
		t.Errorf("progress bar output: %q", progress.String())
	}
	var text strings.Builder
	WriteServe(&text, srv)
	for _, want := range []string{"TTFT", "bench-1", "6 completed"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, text.String())
		}
	}
}

func TestServeTextPrompts(t *testing.T) {
	ls, _ := startDemoServer(t, 1)
	srv, err := RunServe(testContext(t), ServeOptions{URL: ls.URL, Keys: ls.Keys, Clients: 2, Requests: 2, PromptTokens: 40, GenTokens: 3, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if srv.PromptKind != "text" || srv.Completed != 2 || srv.GeneratedTokens != 6 || srv.PromptWords < 1 {
		t.Errorf("text prompts: %+v", srv)
	}
	// The demo vocabulary splits words into several tokens; the calibration must make up for it.
	// The seed is fixed: calibrating on one 40-word warm-up is close but not exact, and a random
	// draw of short words now and then lands outside the band.
	if avg := srv.PromptTokensTotal / 2; avg < 20 || avg > 60 {
		t.Errorf("text prompts averaged %d tokens (%d words), want about 40", avg, srv.PromptWords)
	}
	if srv.Model != "demo" {
		t.Errorf("model %q, want the one /v1/models lists", srv.Model)
	}
}

func TestServeFailures(t *testing.T) {
	ls, ids := startDemoServer(t, 1)
	ctx := testContext(t)
	if _, err := RunServe(ctx, ServeOptions{URL: ls.URL, Keys: ls.Keys, PromptTokens: 100000, GenTokens: 1, TokenIDs: ids}); err == nil || !strings.Contains(err.Error(), "context") {
		t.Errorf("a prompt beyond the context: %v", err)
	}
	res, err := RunServe(ctx, ServeOptions{URL: ls.URL, Keys: []string{"kvw-wrong"}, Requests: 2, Clients: 1, PromptTokens: 4, GenTokens: 2, TokenIDs: ids})
	if err == nil {
		t.Errorf("a wrong key: no error, result %+v", res)
	}
	if _, err := RunServe(ctx, ServeOptions{URL: "127.0.0.1:1"}); err == nil {
		t.Error("a URL without a scheme was accepted")
	}
}

func TestTextPrompt(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	a, b := textPrompt(rng, 50), textPrompt(rng, 50)
	if n := len(strings.Fields(a)); n != 50 {
		t.Errorf("%d words, want 50", n)
	}
	if strings.Fields(a)[0] == strings.Fields(b)[0] {
		t.Errorf("two prompts share their first word: %q, %q", a[:20], b[:20])
	}
}

func TestRatio(t *testing.T) {
	mk := func(pp, tg float64, checks bool) Result {
		r := NewResult(&OfflineResult{PromptTokens: 512, GenTokens: 128, Runs: []BatchResult{{Batch: 1,
			Prefill: Rate{TokensPerSec: pp}, Generate: Rate{TokensPerSec: tg}}}}, nil)
		r.IsolationChecks = checks
		return r
	}
	a, b := mk(100, 20, true), mk(103, 20, false)
	rs, err := Ratio(a, b)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 2 || rs[0].Name != "pp512 batch 1" || rs[0].A != 100 || rs[0].B != 103 || rs[0].Ratio != 1.03 || rs[1].Ratio != 1 || !rs[0].HigherIsBetter {
		t.Errorf("ratios: %+v", rs)
	}
	if _, err := Ratio(a, NewResult(nil, &ServeResult{})); err == nil {
		t.Error("offline and serve results compared")
	}
	// Round trip through files, as "bench compare" reads them.
	dir := t.TempDir()
	for name, r := range map[string]Result{"a.json": a, "b.json": b} {
		buf, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), buf, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ra, err := ReadResult(filepath.Join(dir, "a.json"))
	if err != nil {
		t.Fatal(err)
	}
	rb, err := ReadResult(filepath.Join(dir, "b.json"))
	if err != nil {
		t.Fatal(err)
	}
	rs2, _ := Ratio(ra, rb)
	if len(rs2) != 2 || rs2[0].Ratio != rs[0].Ratio {
		t.Errorf("after a round trip: %+v", rs2)
	}
	var out strings.Builder
	WriteCompare(&out, "a.json", "b.json", ra, rb, rs2)
	if !strings.Contains(out.String(), "B better by 3.0%") || !strings.Contains(out.String(), "checks cost") {
		t.Errorf("compare output:\n%s", out.String())
	}
	if err := os.WriteFile(filepath.Join(dir, "junk.json"), []byte(`{"kind":"other"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadResult(filepath.Join(dir, "junk.json")); err == nil {
		t.Error("a file that is no result was read")
	}
}

func TestFairnessSmoke(t *testing.T) {
	ls, ids := startDemoServer(t, 3)
	res, err := RunFairness(testContext(t), FairnessOptions{URL: ls.URL, Keys: ls.Keys, TenantNames: ls.Tenants,
		FloodStreams: 4, LightRequests: 2, PromptTokens: 8, GenTokens: 5, TokenIDs: ids})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Tenants) != 3 || res.Tenants[0].Role != "flood" || res.Tenants[0].Streams != 4 || res.Tenants[1].Role != "light" {
		t.Fatalf("tenants: %+v", res.Tenants)
	}
	for _, tn := range res.Tenants {
		if tn.AloneTPOT <= 0 || tn.MixedTPOT <= 0 || tn.Ratio <= 0 || tn.Completed == 0 {
			t.Errorf("%+v (errors %v)", tn, res.Errors)
		}
	}
	for _, tn := range res.Tenants[1:] {
		if tn.Completed != 2 {
			t.Errorf("light tenant %s completed %d of 2", tn.Tenant, tn.Completed)
		}
	}
	var text strings.Builder
	WriteFairness(&text, res)
	for _, want := range []string{"flood", "bench-2", "ratio"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, text.String())
		}
	}
	if _, err := RunFairness(testContext(t), FairnessOptions{URL: ls.URL, Keys: ls.Keys[:1]}); err == nil {
		t.Error("one tenant accepted")
	}
}

func TestOfflineDepth(t *testing.T) {
	m, tok := demoModel(t)
	off, err := RunOffline(testContext(t), m, tok, testConfig(), OfflineOptions{
		PromptTokens: 8, GenTokens: 4, Batches: []int{1, 2}, Depths: []int{0, 40}, Reps: 2,
		Limits: LimitsOptions{ReadBytes: 16 << 20},
	})
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Offline struct {
			Depths []int `json:"depths"`
			Runs   []struct {
				Batch               int     `json:"batch"`
				DecodeBytesPerToken float64 `json:"decode_bytes_per_token"`
				Depths              []struct {
					Depth    int `json:"depth"`
					Generate struct {
						TokensPerSec float64   `json:"tokens_per_s"`
						Reps         []float64 `json:"reps_tokens_per_s"`
					} `json:"generate"`
					BytesPerToken float64 `json:"decode_bytes_per_token"`
					GBps          float64 `json:"decode_gb_per_s"`
					Fraction      float64 `json:"decode_fraction_of_read_bandwidth"`
				} `json:"depths"`
			} `json:"runs"`
		} `json:"offline"`
	}
	decodeJSON(t, NewResult(off, nil), &got)
	if !slices.Equal(got.Offline.Depths, []int{40}) || len(got.Offline.Runs) != 2 {
		t.Fatalf("depths %v, %d runs", got.Offline.Depths, len(got.Offline.Runs))
	}
	kvPerToken := float64(off.Model.KVBytesPerToken)
	for _, r := range got.Offline.Runs {
		if len(r.Depths) != 1 || r.Depths[0].Depth != 40 {
			t.Fatalf("batch %d depths: %+v", r.Batch, r.Depths)
		}
		d := r.Depths[0]
		if d.Generate.TokensPerSec <= 0 || len(d.Generate.Reps) != 2 || d.GBps <= 0 || d.Fraction <= 0 {
			t.Errorf("batch %d depth 40: %+v", r.Batch, d)
		}
		// 40 more tokens of KV cache read per sequence and step than at depth 0.
		if extra := d.BytesPerToken - r.DecodeBytesPerToken; math.Abs(extra-40*kvPerToken) > 1e-6 {
			t.Errorf("batch %d: depth 40 reads %.0f more bytes per token, want %.0f", r.Batch, extra, 40*kvPerToken)
		}
	}
	var text strings.Builder
	WriteOffline(&text, off)
	for _, want := range []string{"tg4 @ depth 40", "decode only"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, text.String())
		}
	}
	if ms := NewResult(off, nil).Metrics(); !slices.ContainsFunc(ms, func(m Metric) bool { return m.Name == "tg4 batch 2 depth 40" }) {
		t.Errorf("metrics lack the depth: %+v", ms)
	}
}

func TestOfflineDepthRefused(t *testing.T) {
	m, tok := demoModel(t)
	for _, c := range []struct {
		depths []int
		cfg    func(*engine.Config)
		want   string
	}{
		{[]int{-1}, nil, "depth -1"},
		{[]int{5000}, nil, "exceed the context"},
		{[]int{1000}, func(c *engine.Config) { c.KVMemBytes = 1 << 20 }, "raise --kv-mem"},
	} {
		cfg := testConfig()
		if c.cfg != nil {
			c.cfg(&cfg)
		}
		_, err := RunOffline(testContext(t), m, tok, cfg, OfflineOptions{PromptTokens: 8, GenTokens: 4, Batches: []int{8}, Depths: c.depths, Reps: 1, NoLimits: true})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("depths %v: error %v, want %q", c.depths, err, c.want)
		}
	}
}

func TestDecodeRate(t *testing.T) {
	t0 := time.Unix(1000, 0)
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	for _, c := range []struct {
		name   string
		arrive []tokenArrival
		batch  int
		want   float64 // tokens/s; 0: an error
	}{
		// One sequence: its first token ends the prompt; 4 tokens in the 100 ms after.
		{"one", []tokenArrival{{0, at(500), 1}, {0, at(525), 1}, {0, at(550), 1}, {0, at(575), 1}, {0, at(600), 1}}, 1, 40},
		// Two sequences, the second's prompt done later: only tokens after 600 ms count, any order.
		{"two", []tokenArrival{{1, at(700), 1}, {0, at(500), 1}, {0, at(600), 1}, {1, at(600), 1}, {0, at(700), 1}, {0, at(800), 1}, {1, at(800), 1}}, 2, 4 / 0.2},
		{"an event of several tokens", []tokenArrival{{0, at(0), 1}, {0, at(50), 3}}, 1, 60},
		{"a sequence without tokens", []tokenArrival{{0, at(0), 1}, {0, at(50), 1}}, 2, 0},
		{"nothing after the prompt", []tokenArrival{{0, at(0), 1}}, 1, 0},
	} {
		got, err := decodeRate(c.arrive, c.batch)
		if c.want == 0 {
			if err == nil {
				t.Errorf("%s: rate %v, want an error", c.name, got)
			}
			continue
		}
		if err != nil || math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%s: %v, %v; want %v", c.name, got, err, c.want)
		}
	}
}

// decodeJSON decodes v's JSON into got, as a reader of the result files sees it.
func decodeJSON(t *testing.T, v, got any) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, got); err != nil {
		t.Fatal(err)
	}
}
