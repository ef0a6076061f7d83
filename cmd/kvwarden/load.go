package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/kvwarden/kvwarden/internal/core"
	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/gguf"
	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/source"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
)

// modelFlags are the flags shared by every command that loads a model.
type modelFlags struct {
	model       string
	sha256      string
	threads     int
	kvDType     string
	kvMem       string
	kvScrub     string
	pageTokens  int
	maxContext  int
	stepTokens  int
	maxRunning  int
	prefixCache bool
	// overrideContext allows --max-context above the model's metadata context.
	overrideContext bool
	pooling         string  // embeddings' pooling, overriding the model's pooling_type
	shadowFraction  float64 // registered by registerShadow only
	// Speculative decoding, registered by registerSpeculative only.
	speculative  string
	specTokens   int
	specMaxBatch int
	draftModel   string
	draftMinProb float64
}

func (f *modelFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&f.model, "model", "", "GGUF file, hf:OWNER/REPO/FILE, or dummy:SPEC (default: the built-in demo model; a router: the nodes' model, checked against this file when given)")
	fs.StringVar(&f.sha256, "sha256", "", "expected SHA-256 of the model file")
	fs.IntVar(&f.threads, "threads", 0, "compute threads (0: all cores)")
	fs.StringVar(&f.kvDType, "kv-dtype", "f16", "KV cache element type: "+kv.FormatNames())
	fs.StringVar(&f.kvMem, "kv-mem", "1GiB", "memory for the KV page pool (e.g. 512MiB, 4GiB)")
	fs.StringVar(&f.kvScrub, "kv-scrub", "none", "what freeing a page does to its contents: none, zero or poison")
	fs.IntVar(&f.pageTokens, "page-tokens", core.DefaultPageTokens, "tokens per KV page")
	fs.IntVar(&f.maxContext, "max-context", 0, "advertised maximum context (0: the most the model and pool allow)")
	fs.BoolVar(&f.overrideContext, "override-model-context", false, "allow --max-context above the model's context_length (for files whose metadata holds a converter default)")
	fs.IntVar(&f.stepTokens, "step-tokens", core.DefaultStepTokens, "token budget of one batched step")
	fs.IntVar(&f.maxRunning, "max-running", engine.DefaultMaxRunning, "the most sequences in one step (admitted requests may outnumber it under several tenants' load)")
	fs.BoolVar(&f.prefixCache, "prefix-cache", true, "per-tenant prefix cache")
	fs.StringVar(&f.pooling, "pooling", "", "serve /v1/embeddings with this pooling, mean or last, whatever the model's metadata says (default: its pooling_type; none: a generative model)")
}

// registerShadow adds --shadow-fraction, for the commands that serve answers.
func (f *modelFlags) registerShadow(fs *pflag.FlagSet) {
	fs.Float64Var(&f.shadowFraction, "shadow-fraction", 0, "shadow verification: the fraction (0 to 1) of answers re-run alone on idle capacity and compared bit for bit with what the client got")
}

// registerSpeculative adds the speculative decoding flags, for the commands that generate.
func (f *modelFlags) registerSpeculative(fs *pflag.FlagSet) {
	fs.StringVar(&f.speculative, "speculative", "off", "speculative decoding, verified so that answers never change: lookup (drafts from n-grams of each request's own prompt and output), draft (drafts from --draft-model) or off; a request drafts only as many tokens as pay for themselves at the costs the engine times")
	fs.IntVar(&f.specTokens, "spec-tokens", engine.DefaultSpecTokens, "the most draft tokens one decode step verifies (1 to 64)")
	fs.IntVar(&f.specMaxBatch, "spec-max-batch", core.DefaultSpecMaxBatch, "no speculation while more requests than this are running (a busy batch gains nothing from it)")
	fs.Float64Var(&f.draftMinProb, "draft-min-prob", engine.DefaultDraftMinProb, "the draft model drafts only after the model drew a request's last token with at least this probability (0: always): where the model is unsure its guess rarely matches, and each try costs the draft model's catch-up on the request")
	fs.StringVar(&f.draftModel, "draft-model", "", "the draft model of --speculative draft: a GGUF file (or hf:, dummy:) with the model's vocabulary, e.g. its own Q4_K copy")
}

// parseBytes reads sizes such as 512MiB, 4GiB, 1.5GB or a plain byte count.
func parseBytes(s string) (int64, error) {
	t := strings.TrimSpace(s)
	units := []struct {
		suffix string
		mult   float64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12}, {"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"B", 1}}
	mult := 1.0
	for _, u := range units {
		if strings.HasSuffix(strings.ToUpper(t), strings.ToUpper(u.suffix)) {
			t, mult = strings.TrimSpace(t[:len(t)-len(u.suffix)]), u.mult
			break
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	// !(v*mult >= 1) also refuses NaN, which compares false with everything and would convert to
	// the most negative int64; the upper bound refuses Inf and keeps the conversion exact.
	if err != nil || !(v*mult >= 1) || v*mult > maxBytes {
		return 0, fmt.Errorf("size %q: want an amount from 1 byte to 1PiB, such as 512MiB or 4GiB", s)
	}
	return int64(v * mult), nil
}

// maxBytes bounds sizes: far above any machine's memory, far below int64's limit.
const maxBytes = 1 << 50

// maxThreads bounds --threads: more threads than 4× the cores only adds scheduling overhead,
// and a typo such as 100000 must not start that many goroutines per kernel.
func maxThreads() int { return 4 * runtime.NumCPU() }

func (f *modelFlags) engineConfig() (engine.Config, error) {
	var cfg engine.Config
	kvf, err := kv.ParseFormat(f.kvDType)
	if err != nil {
		return cfg, fmt.Errorf("--kv-dtype: %v", err)
	}
	mem, err := parseBytes(f.kvMem)
	if err != nil {
		return cfg, fmt.Errorf("--kv-mem: %v", err)
	}
	scrub, err := kv.ParseScrub(f.kvScrub)
	if err != nil {
		return cfg, fmt.Errorf("--kv-scrub: %v", err)
	}
	if f.pageTokens <= 0 || f.stepTokens <= 0 || f.maxRunning <= 0 || f.maxContext < 0 {
		return cfg, fmt.Errorf("--page-tokens, --step-tokens and --max-running must be positive, --max-context not negative")
	}
	if n := maxThreads(); f.threads < 0 || f.threads > n {
		return cfg, fmt.Errorf("--threads %d: want 1 to %d (4 × %d cores), or 0 for all cores", f.threads, n, runtime.NumCPU())
	}
	if f.overrideContext && f.maxContext == 0 {
		return cfg, fmt.Errorf("--override-model-context needs the context to advertise: --max-context N")
	}
	pooling, ok := map[string]model.Pooling{"": model.PoolNone, "mean": model.PoolMean, "last": model.PoolLast}[f.pooling]
	if !ok {
		return cfg, fmt.Errorf("--pooling %q: want mean or last", f.pooling)
	}
	if sf := f.shadowFraction; !(sf >= 0 && sf <= 1) {
		return cfg, fmt.Errorf("--shadow-fraction %v: want 0 to 1", sf)
	}
	spec, err := f.specConfig()
	if err != nil {
		return cfg, err
	}
	return engine.Config{Threads: f.threads, KVDType: kvf.DType(), KVMemBytes: mem, PageTokens: f.pageTokens,
		MaxContext: f.maxContext, StepTokens: f.stepTokens, MaxRunning: f.maxRunning, Scrub: scrub,
		PrefixCache: f.prefixCache, OverrideModelContext: f.overrideContext, Pooling: pooling,
		Shadow: engine.ShadowConfig{Fraction: f.shadowFraction}, Speculative: spec}, nil
}

// specConfig reads the speculative decoding flags (off when a command did not register them).
func (f *modelFlags) specConfig() (engine.SpecConfig, error) {
	mode, err := engine.ParseSpeculation(f.speculative)
	if err != nil {
		return engine.SpecConfig{}, fmt.Errorf("--speculative: %v", err)
	}
	if (mode == engine.SpecDraft) != (f.draftModel != "") {
		return engine.SpecConfig{}, fmt.Errorf("--draft-model and --speculative draft go together (--speculative %s, --draft-model %q)", mode, f.draftModel)
	}
	if mode == engine.SpecOff {
		return engine.SpecConfig{Mode: mode}, nil
	}
	if f.specTokens < 1 || f.specTokens > 64 || f.specMaxBatch < 1 || !(f.draftMinProb >= 0 && f.draftMinProb <= 1) {
		return engine.SpecConfig{}, fmt.Errorf("--spec-tokens %d: want 1 to 64; --spec-max-batch %d: want at least 1; --draft-min-prob %g: want 0 to 1", f.specTokens, f.specMaxBatch, f.draftMinProb)
	}
	minProb := f.draftMinProb
	if minProb == 0 {
		minProb = -1 // the engine's "always"; its 0 is the default
	}
	return engine.SpecConfig{Mode: mode, Tokens: f.specTokens, MaxBatch: f.specMaxBatch, DraftMinProb: minProb}, nil
}

// planError adds the flag that would allow a refused context above the model's own.
func planError(err error) error {
	if errors.Is(err, core.ErrOverModelContext) {
		return fmt.Errorf("%w; if the model was trained at a longer context than its metadata says, pass --override-model-context", err)
	}
	return err
}

// overrideWarning is logged (serve) or printed (capacity) when the plan overrides the model's context.
func overrideWarning(p core.CapacityPlan) string {
	return fmt.Sprintf("--override-model-context: advertising %d tokens over the model's context_length of %d; outputs past %d are garbage unless the model was trained at the longer context",
		p.MaxContext, p.ModelContext, p.ModelContext)
}

// loaded is an opened model with its tokenizer; Close releases the mapping.
type loaded struct {
	file     *gguf.File
	model    *model.Model
	tok      *tokenizer.Tokenizer
	resolved source.Resolved
	template string
	draft    *loaded // --draft-model's, when given
}

func (l *loaded) Close() {
	l.file.Close()
	if l.draft != nil {
		l.draft.Close()
	}
}

// load loads --model and, when given, --draft-model.
func (f *modelFlags) load(ctx context.Context, stderr io.Writer) (*loaded, error) {
	l, err := loadFile(ctx, stderr, f.model, f.sha256)
	if err != nil || f.draftModel == "" {
		return l, err
	}
	if l.draft, err = loadFile(ctx, stderr, f.draftModel, ""); err != nil {
		l.Close()
		return nil, fmt.Errorf("--draft-model: %w", err)
	}
	return l, nil
}

// loadFile loads one model and its tokenizer.
func loadFile(ctx context.Context, stderr io.Writer, name, sha256 string) (*loaded, error) {
	res, err := source.Resolve(ctx, name, source.Options{SHA256: sha256, Progress: stderr})
	if err != nil {
		return nil, err
	}
	if res.Notice != "" {
		fmt.Fprintln(stderr, "kvwarden:", res.Notice)
	}
	file, err := gguf.Open(res.Path)
	if err != nil {
		return nil, err
	}
	m, err := model.Load(file)
	if err != nil {
		file.Close()
		return nil, fmt.Errorf("%s: %w", res.Path, err)
	}
	tok, err := tokenizer.FromGGUF(file)
	if err != nil {
		file.Close()
		return nil, fmt.Errorf("%s: tokenizer: %w", res.Path, err)
	}
	tmpl, _ := file.String("tokenizer.chat_template")
	return &loaded{file: file, model: m, tok: tok, resolved: res, template: tmpl}, nil
}

func (l *loaded) engine(cfg engine.Config) (*engine.Engine, error) {
	e, err := engine.New(l.model, l.tok, l.withModel(cfg))
	return e, planError(err)
}

// withModel is cfg with what the model is served with: its chat template and draft model.
func (l *loaded) withModel(cfg engine.Config) engine.Config {
	cfg.ChatTemplate = l.template
	if l.draft != nil {
		cfg.Speculative.DraftModel, cfg.Speculative.DraftTokenizer = l.draft.model, l.draft.tok
	}
	return cfg
}

// loadEngine checks the engine flags, loads the model and starts an engine logging to log (nil:
// the engine's default). The caller closes the engine, then the model.
func (f *modelFlags) loadEngine(ctx context.Context, stderr io.Writer, log *slog.Logger) (*loaded, *engine.Engine, engine.Config, error) {
	cfg, err := f.engineConfig()
	if err != nil {
		return nil, nil, cfg, err
	}
	l, err := f.load(ctx, stderr)
	if err != nil {
		return nil, nil, cfg, err
	}
	cfg.Logger = log
	eng, err := l.engine(cfg)
	if err != nil {
		l.Close()
		return nil, nil, cfg, err
	}
	return l, eng, cfg, nil
}

func exitOnSignalContext() (context.Context, context.CancelFunc) {
	return signalContext(os.Interrupt)
}
