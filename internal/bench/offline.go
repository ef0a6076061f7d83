package bench

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"slices"

	"github.com/kvwarden/kvwarden/internal/core"
	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/model"
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
	PromptTokens int   // prompt processing test: prompt length (default DefaultOfflinePromptTokens)
	GenTokens    int   // generation test: tokens generated per sequence (default DefaultOfflineGenTokens)
	Batches      []int // concurrent sequences per test (default DefaultOfflineBatches)
	// Depths are context depths at which generation is measured besides the plain tg: after a
	// prompt of that many tokens already in the KV cache, decode steps only. 0 is the plain tg.
	Depths   []int
	Reps     int           // repetitions; results are medians (default DefaultOfflineReps)
	Seed     uint64        // of the random prompts; 0 draws one
	NoLimits bool          // skip measuring the machine's limits (and the fractions)
	Limits   LimitsOptions // Threads is taken from the engine configuration
	Progress io.Writer     // progress bar; nil shows none
	// Task, when set (TaskCopy, TaskSample), measures speculative decoding on that task instead of
	// pp and tg: one request at a time, speculation off and on alternating (spectask.go).
	Task string
}

// EngineInfo is the engine configuration a result was measured with.
type EngineInfo struct {
	Threads         int    `json:"threads"`
	Kernels         string `json:"kernels"`
	KernelsEnv      string `json:"kernels_env,omitempty"` // the set KVWARDEN_KERNELS chose, if it chose one
	StepTokens      int    `json:"step_tokens"`
	MaxRunning      int    `json:"max_running"`
	PageTokens      int    `json:"page_tokens"`
	KVType          string `json:"kv_dtype"`
	PrefixCache     bool   `json:"prefix_cache"`
	IsolationChecks bool   `json:"isolation_checks"`
	// ShadowFraction is the fraction of answers shadow verification re-runs (0: off).
	ShadowFraction float64 `json:"shadow_fraction,omitempty"`
	// Speculative is the speculative decoding mode ("" when off) and SpecTokens its most drafts
	// per step.
	Speculative string `json:"speculative,omitempty"`
	SpecTokens  int    `json:"spec_tokens,omitempty"`
}

// SpecCounts is what speculative decoding did over a test: draft tokens fed and those accepted,
// and what it cost by the end.
type SpecCounts struct {
	Drafted        uint64     `json:"drafted"`
	Accepted       uint64     `json:"accepted"`
	AcceptanceRate float64    `json:"acceptance_rate"`
	Costs          *SpecCosts `json:"costs,omitempty"`
}

// SpecCosts is what the engine's drafting decisions take speculation to cost (core.SpecCost), in
// plain decode steps (the time of a step feeding one token): as the engine timed them, or the
// core's assumptions where it has not.
type SpecCosts struct {
	// Verify[k-1] is a batch-1 decode step with k drafts (feeding 1 + k tokens); absent until a
	// decode step was timed.
	Verify []float64 `json:"verify,omitempty"`
	// DraftPass is a draft model's pass for one draft; DraftCatchUp its cost per position of a
	// pass over many (the positions decoded while a request did not draft). 0 with lookup.
	DraftPass    float64 `json:"draft_pass,omitempty"`
	DraftCatchUp float64 `json:"draft_catch_up,omitempty"`
}

// specCosts reports sc for drafts of up to most tokens.
func specCosts(sc core.SpecCost, most int) *SpecCosts {
	c := &SpecCosts{DraftPass: sc.Draft, DraftCatchUp: sc.CatchUp}
	if len(sc.Step) > 0 {
		for k := 1; k <= most; k++ {
			c.Verify = append(c.Verify, sc.StepCost(1+k))
		}
	}
	return c
}

// SpecSince is what eng's speculative decoding did since before (nil when it does not speculate).
func SpecSince(eng *engine.Engine, before engine.Stats) *SpecCounts {
	st := eng.Stats()
	if st.Speculation == "" {
		return nil
	}
	c := &SpecCounts{Drafted: st.DraftTokens - before.DraftTokens, Accepted: st.AcceptedTokens - before.AcceptedTokens,
		Costs: specCosts(st.SpecCost, st.SpecTokens)}
	if c.Drafted > 0 {
		c.AcceptanceRate = float64(c.Accepted) / float64(c.Drafted)
	}
	return c
}

// DescribeEngine records the configuration eng was built with from cfg.
func DescribeEngine(eng *engine.Engine, cfg engine.Config) EngineInfo {
	threads := cfg.Threads
	if threads <= 0 {
		threads = runtime.NumCPU()
	}
	_, kern := tensor.Kernels()
	env, _ := tensor.KernelsOverride() // kvwarden refuses to start on a bad one
	ei := EngineInfo{Threads: threads, Kernels: kern, KernelsEnv: env, StepTokens: cfg.StepTokens, MaxRunning: cfg.MaxRunning,
		PageTokens: eng.Plan().PageTokens, KVType: cfg.KVDType.String(), PrefixCache: cfg.PrefixCache,
		IsolationChecks: kv.IsolationChecks, ShadowFraction: cfg.Shadow.Fraction}
	if st := eng.Stats(); st.Speculation != "" {
		ei.Speculative, ei.SpecTokens = string(st.Speculation), cfg.Speculative.Tokens
	}
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
	// PrefillInt8Fraction is set for quantised block weights, whose products are int8 ones.
	PrefillInt8Fraction float64 `json:"prefill_fraction_of_int8_peak,omitempty"`

	DecodeBytesPerToken      float64 `json:"decode_bytes_per_token"`
	DecodeGBps               float64 `json:"decode_gb_per_s"`
	DecodeBandwidthFraction  float64 `json:"decode_fraction_of_read_bandwidth,omitempty"`
	DecodeWorkingSetFraction float64 `json:"decode_fraction_of_working_set_read,omitempty"`

	// Depths: generation after prompts already in the KV cache, one entry per nonzero depth.
	Depths []DepthResult `json:"depths,omitempty"`
	// Speculation is what speculative decoding did over the generation test's reps (nil: off).
	Speculation *SpecCounts `json:"speculation,omitempty"`
}

// DepthResult is the generation rate after a prompt of Depth tokens is in the KV cache: decode
// steps only, the prompt's processing excluded, and the share of the read bandwidth it reached.
type DepthResult struct {
	Depth    int  `json:"depth"`
	Generate Rate `json:"generate"`
	// DecodeBytesPerToken: the streamed weights once per step (shared by the batch) plus each
	// sequence's KV cache read, Depth tokens and the generated ones so far.
	DecodeBytesPerToken     float64 `json:"decode_bytes_per_token"`
	DecodeGBps              float64 `json:"decode_gb_per_s"`
	DecodeBandwidthFraction float64 `json:"decode_fraction_of_read_bandwidth,omitempty"`
}

// OfflineResult is the outcome of RunOffline.
type OfflineResult struct {
	Model        ModelInfo     `json:"model"`
	Engine       EngineInfo    `json:"engine"`
	Limits       *Limits       `json:"limits,omitempty"`
	PromptTokens int           `json:"prompt_tokens"`
	GenTokens    int           `json:"gen_tokens"`
	Depths       []int         `json:"depths,omitempty"` // the nonzero depths of every run's Depths
	Reps         int           `json:"reps"`
	Runs         []BatchResult `json:"runs"`
	// Task is the speculative decoding task's result, when OfflineOptions.Task chose one (then
	// there are no Runs).
	Task *SpecTaskResult `json:"spec_task,omitempty"`
}

// RunOffline measures prompt processing and generation through an engine built from m, tok and
// cfg, for each batch size:
//
//   - pp: batch concurrent requests of PromptTokens random ordinary token ids with max_tokens=1;
//     the rate is batch×PromptTokens over the time until the last one ends, so it includes
//     scheduling, the KV page checks and the one sampled token.
//   - tg: batch concurrent requests of a 1-token prompt generating GenTokens greedily with EOS
//     ignored (as llama-bench's tg); the rate is all generated tokens over the wall time.
//   - tg at each nonzero depth D: batch concurrent requests of D random tokens generating
//     GenTokens+1; the rate counts only the decode steps after every prompt is processed.
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
	depths := slices.DeleteFunc(slices.Clone(o.Depths), func(d int) bool { return d == 0 })
	if len(depths) > 0 {
		res.Depths = depths
	}
	if !o.NoLimits && o.Task == "" {
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
	for _, d := range depths {
		if err := fitsDepth(eng.Plan(), slices.Max(o.Batches), d, o.GenTokens); err != nil {
			return nil, err
		}
	}

	r := &runner{eng: eng, ids: OrdinaryTokens(tok, m.Vocab), rng: newRand(o.Seed)}
	if len(r.ids) == 0 {
		return nil, errors.New("the vocabulary has no ordinary tokens to build prompts from")
	}
	if o.Task != "" {
		return res, r.runTask(ctx, o, res)
	}
	bar := newBar(o.Progress, 1+(2+len(depths))*len(o.Batches)*o.Reps, "offline bench")
	defer bar.finish()

	if err := r.warmUp(ctx, bar, o.PromptTokens, slices.Max(o.Batches), o.GenTokens); err != nil {
		return nil, err
	}
	for _, b := range o.Batches {
		br, err := r.batch(ctx, o, b, depths, res, bar)
		if err != nil {
			return nil, err
		}
		res.Runs = append(res.Runs, br)
	}
	return res, nil
}

// fitsDepth checks that batch sequences of depth+gen+1 tokens fit the engine's context and pool
// at once: otherwise some would wait for others and the rate would not be the batch's.
func fitsDepth(p core.CapacityPlan, batch, depth, gen int) error {
	n := depth + gen + 1
	if n > p.MaxContext {
		return fmt.Errorf("depth %d + %d generated tokens exceed the context of %d tokens (a dummy: spec takes ctx=N)", depth, gen+1, p.MaxContext)
	}
	if pages := batch * ((n + p.PageTokens - 1) / p.PageTokens); pages > p.Pages {
		return fmt.Errorf("depth %d: %d sequences of %d tokens need %d KV pages, the pool has %d (raise --kv-mem)", depth, batch, n, pages, p.Pages)
	}
	return nil
}

func newDepthResult(mi ModelInfo, l *Limits, batch, depth, gen int, tg Rate) DepthResult {
	dr := DepthResult{Depth: depth, Generate: tg}
	dr.DecodeBytesPerToken = mi.DecodeBytesPerStepAt(batch, depth, gen) / float64(batch)
	dr.DecodeGBps = dr.DecodeBytesPerToken * tg.TokensPerSec / 1e9
	if l != nil && l.ReadGBps > 0 {
		dr.DecodeBandwidthFraction = dr.DecodeGBps / l.ReadGBps
	}
	return dr
}

// check fills o's zero fields with the defaults and checks them.
func (o *OfflineOptions) check() error {
	setDefault(&o.PromptTokens, DefaultOfflinePromptTokens)
	setDefault(&o.GenTokens, DefaultOfflineGenTokens)
	if len(o.Batches) == 0 {
		o.Batches = DefaultOfflineBatches()
	}
	setDefault(&o.Reps, DefaultOfflineReps)
	if err := checkTask(o); err != nil {
		return err
	}
	for _, d := range o.Depths {
		if d < 0 {
			return fmt.Errorf("depth %d: want 0 or more tokens", d)
		}
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

// setDefault sets *v to def when it is the zero value: options' zero fields mean their defaults.
func setDefault[T comparable](v *T, def T) {
	var zero T
	if *v == zero {
		*v = def
	}
}

// quantised reports whether block weights of type dt (a tensor.DType name) multiply as int8
// products: every integer-quantised type, whose kernels quantise the activations to bytes.
func quantised(dt string) bool {
	for _, t := range []tensor.DType{tensor.Q8_0, tensor.Q4_0, tensor.Q4_K, tensor.Q6_K} {
		if t.String() == dt {
			return true
		}
	}
	return false
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
	if l.Int8GOPs > 0 && quantised(mi.WeightType) {
		br.PrefillInt8Fraction = br.PrefillGFLOPs / l.Int8GOPs
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
