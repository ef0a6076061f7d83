package bench

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/kvwarden/kvwarden/internal/core"
	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/sampler"
	"github.com/kvwarden/kvwarden/internal/tensor"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
)

// Defaults of OfflineOptions' zero fields; the bench offline flags show the same.
const (
	DefaultOfflinePromptTokens = 512
	DefaultOfflineGenTokens    = 128
	DefaultOfflineReps         = 5
)

// DefaultOfflineBatches is the default of OfflineOptions.Batches (a fresh slice each call).
func DefaultOfflineBatches() []int { return []int{1, 8} }

// OfflineOptions choose what RunOffline measures. Zero values take the defaults.
type OfflineOptions struct {
	PromptTokens int           // prompt processing test: prompt length (default DefaultOfflinePromptTokens)
	GenTokens    int           // generation test: tokens generated per sequence (default DefaultOfflineGenTokens)
	Batches      []int         // concurrent sequences per test (default DefaultOfflineBatches)
	Reps         int           // repetitions; results are medians (default DefaultOfflineReps)
	Seed         uint64        // of the random prompts; 0 draws one
	NoLimits     bool          // skip measuring the machine's limits (and the fractions)
	Limits       LimitsOptions // Threads is taken from the engine configuration
	Progress     io.Writer     // progress bar; nil shows none
}

// EngineInfo is the engine configuration a result was measured with.
type EngineInfo struct {
	Threads         int    `json:"threads"`
	Kernels         string `json:"kernels"`
	StepTokens      int    `json:"step_tokens"`
	MaxRunning      int    `json:"max_running"`
	PageTokens      int    `json:"page_tokens"`
	KVType          string `json:"kv_dtype"`
	PrefixCache     bool   `json:"prefix_cache"`
	IsolationChecks bool   `json:"isolation_checks"`
}

// DescribeEngine records the configuration eng was built with from cfg.
func DescribeEngine(eng *engine.Engine, cfg engine.Config) EngineInfo {
	threads := cfg.Threads
	if threads <= 0 {
		threads = runtime.NumCPU()
	}
	_, kern := tensor.Kernels()
	ei := EngineInfo{Threads: threads, Kernels: kern, StepTokens: cfg.StepTokens, MaxRunning: cfg.MaxRunning,
		PageTokens: eng.Plan().PageTokens, KVType: cfg.KVDType.String(), PrefixCache: cfg.PrefixCache,
		IsolationChecks: kv.IsolationChecks}
	// The engine's defaults for zero values.
	if ei.StepTokens == 0 {
		ei.StepTokens = core.DefaultStepTokens
	}
	if ei.MaxRunning == 0 {
		ei.MaxRunning = engine.DefaultMaxRunning
	}
	return ei
}

// Rate is a throughput over repetitions.
type Rate struct {
	TokensPerSec float64   `json:"tokens_per_s"` // median
	Min          float64   `json:"min_tokens_per_s"`
	Max          float64   `json:"max_tokens_per_s"`
	Reps         []float64 `json:"reps_tokens_per_s"`
	Tokens       int       `json:"tokens_per_rep"`
}

func newRate(reps []float64, tokens int) Rate {
	return Rate{TokensPerSec: Median(reps), Min: slices.Min(reps), Max: slices.Max(reps), Reps: reps, Tokens: tokens}
}

// BatchResult is one batch size's prompt processing (pp) and generation (tg) speed, with the
// share of the machine's limits each reached.
type BatchResult struct {
	Batch    int  `json:"batch"`
	Prefill  Rate `json:"prefill"`
	Generate Rate `json:"generate"`

	PrefillFLOPsPerToken float64 `json:"prefill_flops_per_token"`
	PrefillGFLOPs        float64 `json:"prefill_gflop_per_s"`
	PrefillDotFraction   float64 `json:"prefill_fraction_of_dot_kernel,omitempty"`
	PrefillFMAFraction   float64 `json:"prefill_fraction_of_fma_peak,omitempty"`

	DecodeBytesPerToken      float64 `json:"decode_bytes_per_token"`
	DecodeGBps               float64 `json:"decode_gb_per_s"`
	DecodeBandwidthFraction  float64 `json:"decode_fraction_of_read_bandwidth,omitempty"`
	DecodeWorkingSetFraction float64 `json:"decode_fraction_of_working_set_read,omitempty"`
}

// OfflineResult is the outcome of RunOffline.
type OfflineResult struct {
	Model        ModelInfo     `json:"model"`
	Engine       EngineInfo    `json:"engine"`
	Limits       *Limits       `json:"limits,omitempty"`
	PromptTokens int           `json:"prompt_tokens"`
	GenTokens    int           `json:"gen_tokens"`
	Reps         int           `json:"reps"`
	Runs         []BatchResult `json:"runs"`
}

// RunOffline measures prompt processing and generation through an engine built from m, tok and
// cfg, for each batch size:
//
//   - pp: batch concurrent requests of PromptTokens random ordinary token ids with max_tokens=1;
//     the rate is batch×PromptTokens over the time until the last one ends, so it includes
//     scheduling, the KV page checks and the one sampled token.
//   - tg: batch concurrent requests of a 1-token prompt generating GenTokens greedily with EOS
//     ignored (as llama-bench's tg); the rate is all generated tokens over the wall time.
//
// The prefix cache is turned off: the prompts are random, so it could only hold pages.
func RunOffline(ctx context.Context, m *model.Model, tok *tokenizer.Tokenizer, cfg engine.Config, o OfflineOptions) (*OfflineResult, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	cfg.PrefixCache = false
	threads := cfg.Threads
	if threads <= 0 {
		threads = runtime.NumCPU()
	}
	res := &OfflineResult{Model: DescribeModel(m, cfg.KVDType), PromptTokens: o.PromptTokens, GenTokens: o.GenTokens, Reps: o.Reps}
	if !o.NoLimits {
		// Before the engine exists, so that nothing else competes for the cores or memory.
		lo := o.Limits
		lo.Threads = threads
		lo.WorkingSetBytes = res.Model.StreamedBytes
		l := MeasureLimits(lo)
		res.Limits = &l
	}
	eng, err := engine.New(m, tok, cfg)
	if err != nil {
		return nil, err
	}
	defer eng.Close()
	res.Engine = DescribeEngine(eng, cfg)

	r := &runner{eng: eng, ids: OrdinaryTokens(tok, m.Vocab), rng: newRand(o.Seed)}
	if len(r.ids) == 0 {
		return nil, errors.New("the vocabulary has no ordinary tokens to build prompts from")
	}
	bar := newBar(o.Progress, 1+2*len(o.Batches)*o.Reps, "offline bench")
	defer bar.finish()

	// Warm up: fault in the mapped weights and the KV pages the runs will use.
	bar.describe("warm-up")
	if _, _, err := r.run(ctx, 1, o.PromptTokens, 1); err != nil {
		return nil, fmt.Errorf("warm-up: %w", err)
	}
	if _, _, err := r.run(ctx, slices.Max(o.Batches), 1, min(o.GenTokens, 4)); err != nil {
		return nil, fmt.Errorf("warm-up: %w", err)
	}
	bar.add()

	for _, b := range o.Batches {
		br := BatchResult{Batch: b}
		pp := make([]float64, 0, o.Reps)
		for i := range o.Reps {
			bar.describe(fmt.Sprintf("pp%d batch %d rep %d/%d", o.PromptTokens, b, i+1, o.Reps))
			d, _, err := r.run(ctx, b, o.PromptTokens, 1)
			if err != nil {
				return nil, fmt.Errorf("pp%d batch %d: %w", o.PromptTokens, b, err)
			}
			pp = append(pp, float64(b*o.PromptTokens)/d.Seconds())
			bar.add()
		}
		br.Prefill = newRate(pp, b*o.PromptTokens)
		tg := make([]float64, 0, o.Reps)
		for i := range o.Reps {
			bar.describe(fmt.Sprintf("tg%d batch %d rep %d/%d", o.GenTokens, b, i+1, o.Reps))
			d, n, err := r.run(ctx, b, 1, o.GenTokens)
			if err != nil {
				return nil, fmt.Errorf("tg%d batch %d: %w", o.GenTokens, b, err)
			}
			if n != b*o.GenTokens {
				return nil, fmt.Errorf("tg%d batch %d: %d tokens generated, want %d", o.GenTokens, b, n, b*o.GenTokens)
			}
			tg = append(tg, float64(n)/d.Seconds())
			bar.add()
		}
		br.Generate = newRate(tg, b*o.GenTokens)
		br.roofline(res.Model, res.Limits, o.PromptTokens, o.GenTokens)
		res.Runs = append(res.Runs, br)
	}
	return res, nil
}

// check fills o's zero fields with the defaults and checks them.
func (o *OfflineOptions) check() error {
	if o.PromptTokens == 0 {
		o.PromptTokens = DefaultOfflinePromptTokens
	}
	if o.GenTokens == 0 {
		o.GenTokens = DefaultOfflineGenTokens
	}
	if len(o.Batches) == 0 {
		o.Batches = DefaultOfflineBatches()
	}
	if o.Reps == 0 {
		o.Reps = DefaultOfflineReps
	}
	if o.PromptTokens < 1 || o.GenTokens < 1 || o.Reps < 1 {
		return errors.New("prompt tokens, gen tokens and reps must be positive")
	}
	for _, b := range o.Batches {
		if b < 1 {
			return fmt.Errorf("batch size %d: want a positive number", b)
		}
	}
	return nil
}

// roofline sets the achieved arithmetic and memory rates and their share of the limits.
func (br *BatchResult) roofline(mi ModelInfo, l *Limits, promptTokens, genTokens int) {
	br.PrefillFLOPsPerToken = mi.PrefillFLOPs(br.Batch, promptTokens) / float64(br.Batch*promptTokens)
	br.PrefillGFLOPs = br.PrefillFLOPsPerToken * br.Prefill.TokensPerSec / 1e9
	// A step of the batch yields one token per sequence and reads the weights once for all.
	br.DecodeBytesPerToken = mi.DecodeBytesPerStep(br.Batch, genTokens) / float64(br.Batch)
	br.DecodeGBps = br.DecodeBytesPerToken * br.Generate.TokensPerSec / 1e9
	if l == nil {
		return
	}
	if l.DotGFLOPs > 0 {
		br.PrefillDotFraction = br.PrefillGFLOPs / l.DotGFLOPs
	}
	if l.FMAGFLOPs > 0 {
		br.PrefillFMAFraction = br.PrefillGFLOPs / l.FMAGFLOPs
	}
	if l.ReadGBps > 0 {
		br.DecodeBandwidthFraction = br.DecodeGBps / l.ReadGBps
	}
	if l.WorkingSetGBps > 0 {
		br.DecodeWorkingSetFraction = br.DecodeGBps / l.WorkingSetGBps
	}
}

// OrdinaryTokens lists the ids a prompt may be built from: not control or end-of-generation
// tokens, and with some text, so a random prompt looks like (meaningless) text to the model.
func OrdinaryTokens(tok *tokenizer.Tokenizer, vocab int) []int32 {
	n := min(vocab, tok.VocabSize())
	var ids []int32
	for id := range int32(n) {
		if tok.IsEOG(id) || id == tok.BOS() || len(tok.Piece(id)) == 0 {
			continue
		}
		ids = append(ids, id)
	}
	return ids
}

// newRand seeds a PRNG with seed, or with a random seed when it is 0.
func newRand(seed uint64) *rand.Rand {
	if seed == 0 {
		seed = rand.Uint64()
	}
	return rand.New(rand.NewPCG(seed, 0x6b767764))
}

type runner struct {
	eng *engine.Engine
	ids []int32
	rng *rand.Rand
}

func (r *runner) prompt(n int) []int32 {
	p := make([]int32, n)
	for i := range p {
		p[i] = r.ids[r.rng.IntN(len(r.ids))]
	}
	return p
}

// run submits batch requests of fresh random prompts at once and waits for all. It returns the
// time from the first submission to the last terminal event and the tokens generated.
func (r *runner) run(ctx context.Context, batch, promptTokens, maxTokens int) (time.Duration, int, error) {
	prompts := make([][]int32, batch)
	for i := range prompts {
		prompts[i] = r.prompt(promptTokens)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		wg     sync.WaitGroup
		mu     sync.Mutex
		tokens int
		first  error
	)
	start := time.Now()
	for _, p := range prompts {
		st, err := r.eng.Submit(ctx, engine.Request{Tenant: "bench", Prompt: p, MaxTokens: maxTokens,
			Sampling: sampler.Params{TopLogprobs: -1}, HasSeed: true, IgnoreEOS: true})
		if err != nil {
			cancel() // closes the requests already submitted
			wg.Wait()
			return 0, 0, err
		}
		wg.Go(func() {
			n, err := drain(st)
			mu.Lock()
			tokens += n
			if err != nil && first == nil {
				first = err
			}
			mu.Unlock()
		})
	}
	wg.Wait()
	d := time.Since(start)
	if first != nil {
		return 0, 0, first
	}
	if err := ctx.Err(); err != nil {
		return 0, 0, err
	}
	return d, tokens, nil
}

// drain reads a stream to its end and counts its tokens.
func drain(st engine.Stream) (int, error) {
	defer st.Close()
	n := 0
	for ev := range st.Events() {
		n += len(ev.Tokens)
		if ev.Done {
			return n, ev.Err
		}
	}
	return n, errors.New("engine stream ended without a terminal event")
}
