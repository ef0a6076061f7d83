//go:build devtools

package bench

// The side-by-side comparison with llama.cpp's llama-bench on the same GGUF file.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
)

// LlamaBenchRecord is what is read of one test of llama-bench's -o json output.
type LlamaBenchRecord struct {
	BuildCommit   string  `json:"build_commit"`
	ModelFilename string  `json:"model_filename"`
	ModelType     string  `json:"model_type"`
	Threads       int     `json:"n_threads"`
	TypeK         string  `json:"type_k"`
	TypeV         string  `json:"type_v"`
	NPrompt       int     `json:"n_prompt"`
	NGen          int     `json:"n_gen"`
	AvgNs         float64 `json:"avg_ns"` // mean time of the test's repetitions
}

// ParseLlamaBench reads llama-bench's -o json output: an array of tests.
func ParseLlamaBench(b []byte) ([]LlamaBenchRecord, error) {
	var recs []LlamaBenchRecord
	if err := json.Unmarshal(b, &recs); err != nil {
		return nil, fmt.Errorf("llama-bench output is not its -o json array: %w", err)
	}
	if len(recs) == 0 {
		return nil, errors.New("llama-bench reported no test")
	}
	for _, r := range recs {
		if !(r.AvgNs > 0) {
			return nil, fmt.Errorf("llama-bench test pp %d tg %d: avg_ns %v", r.NPrompt, r.NGen, r.AvgNs)
		}
	}
	return recs, nil
}

// Figure names shared by both sides of a comparison.
func ppFigure(p int) string { return fmt.Sprintf("pp%d", p) }
func tgFigure(gen, depth int) string {
	if depth == 0 {
		return fmt.Sprintf("tg%d", gen)
	}
	return fmt.Sprintf("tg%d @ depth %d", gen, depth)
}
func tgBatchFigure(gen, batch int) string { return fmt.Sprintf("tg%d batch %d", gen, batch) }

// LlamaFigures turns llama-bench's tests into the comparison's figures in tokens/s: pp and tg
// directly, and, when depths are given, the decode rate at each nonzero depth D, which llama-bench
// (c392e50) has no flag for, from its -pg D,gen test (D prompt tokens then gen decode steps) less
// its -p D test: gen / (t(pg D,gen) - t(pp D)).
func LlamaFigures(recs []LlamaBenchRecord, prompt, gen int, depths []int) (map[string]float64, error) {
	find := func(p, g int) (float64, error) {
		for _, r := range recs {
			if r.NPrompt == p && r.NGen == g {
				return r.AvgNs / 1e9, nil
			}
		}
		return 0, fmt.Errorf("llama-bench output lacks the test of %d prompt and %d generated tokens", p, g)
	}
	out := map[string]float64{}
	pp, err := find(prompt, 0)
	if err != nil {
		return nil, err
	}
	out[ppFigure(prompt)] = float64(prompt) / pp
	tg, err := find(0, gen)
	if err != nil {
		return nil, err
	}
	out[tgFigure(gen, 0)] = float64(gen) / tg
	for _, d := range depths {
		if d == 0 {
			continue
		}
		pg, err := find(d, gen)
		if err != nil {
			return nil, err
		}
		p, err := find(d, 0)
		if err != nil {
			return nil, err
		}
		if pg <= p {
			return nil, fmt.Errorf("llama-bench's pg %d,%d took %.3f s, no longer than its pp%d (%.3f s): the machine is too noisy to derive the decode rate (give llama-batched-bench, which times the decode steps alone)", d, gen, pg, d, p)
		}
		out[tgFigure(gen, d)] = float64(gen) / (pg - p)
	}
	return out, nil
}

// LlamaBench runs llama.cpp's llama-bench, a binary the user built, on a model file, and for the
// decode rates after a prompt its llama-batched-bench when one is given.
type LlamaBench struct {
	Path         string // the llama-bench binary
	BatchedBench string // the llama-batched-bench binary, or "" to derive the depths' rates from llama-bench
	Model        string // the GGUF file
	Threads      int
	KVType       string // the KV cache type, e.g. f16, for both K and V
	FlashAttn    bool   // run llama.cpp's flash attention whatever the KV type (a quantised V cache turns it on anyway)
}

// Args are llama-bench's arguments for one repetition of every figure: pp, tg, and for each
// nonzero depth D that llama-batched-bench does not measure a pp D and a pg D,gen test.
func (lb LlamaBench) Args(prompt, gen int, depths []int) []string {
	ps := []string{strconv.Itoa(prompt)}
	var pgs []string
	for _, d := range depths {
		if d == 0 || lb.BatchedBench != "" {
			continue
		}
		if d != prompt {
			ps = append(ps, strconv.Itoa(d))
		}
		pgs = append(pgs, "-pg", fmt.Sprintf("%d,%d", d, gen))
	}
	args := append([]string{"-m", lb.Model, "-t", strconv.Itoa(lb.Threads)}, lb.kvArgs("-fa", "1")...)
	args = append(args, "-r", "1", "-o", "json", "-p", strings.Join(ps, ","), "-n", strconv.Itoa(gen))
	return append(args, pgs...)
}

// BatchedArgs are llama-batched-bench's arguments for the decode rate of one sequence after each
// nonzero depth, with llama-bench's batch sizes; nil when there is nothing for it to measure.
func (lb LlamaBench) BatchedArgs(gen int, depths []int) []string {
	var ds []string
	deepest := 0
	for _, d := range depths {
		if d > 0 {
			ds = append(ds, strconv.Itoa(d))
			deepest = max(deepest, d)
		}
	}
	if lb.BatchedBench == "" || len(ds) == 0 {
		return nil
	}
	th := strconv.Itoa(lb.Threads)
	args := append([]string{"-m", lb.Model, "-t", th, "-tb", th}, lb.kvArgs("-fa")...)
	return append(args, "-c", strconv.Itoa(deepest+gen), "-b", "2048", "-ub", "512",
		"-npp", strings.Join(ds, ","), "-ntg", strconv.Itoa(gen), "-npl", "1")
}

// kvArgs are the KV cache's flags, with flashAttn (the tool's spelling of "on") when FlashAttn
// asks for it and the cache type does not already.
func (lb LlamaBench) kvArgs(flashAttn ...string) []string {
	args := llamaKVArgs(lb.KVType, flashAttn...)
	if lb.FlashAttn && !slices.Contains(args, flashAttn[0]) {
		args = append(args, flashAttn...)
	}
	return args
}

// Commands are the shell command lines of Args and BatchedArgs.
func (lb LlamaBench) Commands(prompt, gen int, depths []int) []string {
	out := []string{ShellJoin(append([]string{lb.Path}, lb.Args(prompt, gen, depths)...))}
	if ba := lb.BatchedArgs(gen, depths); ba != nil {
		out = append(out, ShellJoin(append([]string{lb.BatchedBench}, ba...)))
	}
	return out
}

// Run runs llama-bench once, and llama-batched-bench once when it measures the depths, and
// returns their figures.
func (lb LlamaBench) Run(ctx context.Context, prompt, gen int, depths []int) (map[string]float64, error) {
	stdout, err := runRef(ctx, lb.Path, lb.Args(prompt, gen, depths), false)
	if err != nil {
		return nil, err
	}
	recs, err := ParseLlamaBench(stdout)
	if err != nil {
		return nil, err
	}
	for _, r := range recs {
		if r.ModelFilename != lb.Model || r.Threads != lb.Threads {
			return nil, fmt.Errorf("llama-bench measured %s with %d threads, want %s with %d", r.ModelFilename, r.Threads, lb.Model, lb.Threads)
		}
	}
	ba := lb.BatchedArgs(gen, depths)
	if ba == nil {
		return LlamaFigures(recs, prompt, gen, depths)
	}
	out, err := LlamaFigures(recs, prompt, gen, nil)
	if err != nil {
		return nil, err
	}
	// ik_llama.cpp's batched bench prints its table on stderr, llama.cpp's on stdout.
	both, err := runRef(ctx, lb.BatchedBench, ba, true)
	if err != nil {
		return nil, err
	}
	rows, threads, err := ParseBatchedBench(both)
	if err != nil {
		return nil, err
	}
	if threads != lb.Threads {
		return nil, fmt.Errorf("llama-batched-bench ran %d threads, want %d", threads, lb.Threads)
	}
	deep, err := BatchedFigures(rows, gen, depths)
	if err != nil {
		return nil, err
	}
	maps.Copy(out, deep)
	return out, nil
}

// runRef runs a reference binary and returns its stdout (followed by its stderr with
// stderrToo), or its last words when it fails.
func runRef(ctx context.Context, path string, args []string, stderrToo bool) ([]byte, error) {
	cmd := exec.CommandContext(ctx, path, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s: %v: %s", path, err, lastLines(stderr.String(), 5))
	}
	if stderrToo {
		stdout.Write(stderr.Bytes())
	}
	return stdout.Bytes(), nil
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// ShellJoin quotes the words that a POSIX shell would split or expand.
func ShellJoin(words []string) string {
	out := make([]string, len(words))
	for i, w := range words {
		if w == "" || strings.ContainsAny(w, " \t\n'\"\\$`*?[]{}()<>|&;#~!") {
			w = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
		}
		out[i] = w
	}
	return strings.Join(out, " ")
}

// Spread is a figure over repetitions.
type Spread struct {
	Median float64   `json:"median"`
	Min    float64   `json:"min"`
	Max    float64   `json:"max"`
	Reps   []float64 `json:"reps"`
}

// format shows the spread as "median (min–max)", each number with verb.
func (s Spread) format(verb string) string {
	return fmt.Sprintf(verb+" ("+verb+"–"+verb+")", s.Median, s.Min, s.Max)
}

func newSpread(reps []float64) Spread {
	if len(reps) == 0 {
		return Spread{}
	}
	return Spread{Median: Median(reps), Min: slices.Min(reps), Max: slices.Max(reps), Reps: reps}
}

// pairedRatios divides a's i-th repetition by b's: repetitions run back to back share the
// machine's state at the time, so their ratio is steadier than the ratio of medians.
func pairedRatios(a, b []float64) []float64 {
	out := make([]float64, 0, min(len(a), len(b)))
	for i := range min(len(a), len(b)) {
		if b[i] > 0 {
			out = append(out, a[i]/b[i])
		}
	}
	return out
}

// ComparedFigure is one figure of both engines, in tokens/s.
type ComparedFigure struct {
	Name     string `json:"name"`
	Unit     string `json:"unit"`
	Kvwarden Spread `json:"kvwarden"`
	LlamaCpp Spread `json:"llama_cpp"`
	Ratio    Spread `json:"ratio"` // kvwarden / llama.cpp, over the pairs of back-to-back reps
}

// Machine is where a comparison ran.
type Machine struct {
	CPU     string `json:"cpu"`
	Cores   int    `json:"cores"`
	L3Bytes int64  `json:"l3_bytes,omitempty"`
}

// DescribeMachine reads the CPU model from /proc/cpuinfo (empty elsewhere), the cores Go sees
// and the L3 size Linux reports.
func DescribeMachine() Machine {
	m := Machine{Cores: runtime.NumCPU(), L3Bytes: l3Bytes()}
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for line := range strings.Lines(string(b)) {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				m.CPU = strings.TrimSpace(v)
				break
			}
		}
	}
	return m
}

// Defaults of LlamaCompareOptions' zero fields.
const (
	DefaultCompareReps  = 5
	DefaultCompareBatch = 8
)

// LlamaCompareOptions choose what RunLlamaCompare measures. Zero values take the defaults.
type LlamaCompareOptions struct {
	PromptTokens int   // pp test (default DefaultOfflinePromptTokens)
	GenTokens    int   // tg tests (default DefaultOfflineGenTokens)
	Depths       []int // context depths of the decode figures; 0 is the plain tg
	Batch        int   // kvwarden's batched tg, set against its batch 1 (default DefaultCompareBatch)
	Reps         int   // alternating pairs of reps (default DefaultCompareReps)
	Seed         uint64
	LlamaBench   LlamaBench // Threads and KVType are taken from the engine configuration
	Command      string     // the kvwarden command line, for the report
	Progress     io.Writer  // progress bar; nil shows none
}

// LlamaCompareResult is the outcome of RunLlamaCompare.
type LlamaCompareResult struct {
	Machine      Machine          `json:"machine"`
	Model        ModelInfo        `json:"model"`
	ModelPath    string           `json:"model_path"`
	Engine       EngineInfo       `json:"engine"`
	Reps         int              `json:"reps"`
	Commands     []string         `json:"commands"`    // kvwarden's, then llama-bench's (and llama-batched-bench's)
	DepthsFrom   string           `json:"depths_from"` // how llama.cpp's decode rates after a prompt were measured
	Figures      []ComparedFigure `json:"figures"`
	Batch        int              `json:"batch"`
	BatchTg      Spread           `json:"kvwarden_tg_batch"`      // kvwarden's tg at Batch, all sequences' tokens/s
	BatchRatio   Spread           `json:"kvwarden_batch_vs_1_tg"` // BatchTg / tg at batch 1, per rep
	GenTokens    int              `json:"gen_tokens"`
	PromptTokens int              `json:"prompt_tokens"`
}

// repFunc measures every figure once.
type repFunc func(ctx context.Context) (map[string]float64, error)

// alternate runs a (kvwarden) then b (named bName), reps times, so that both see the machine in
// the same states (another job starting, the CPU heating up) as nearly as they can, and gathers
// each figure's reps.
func alternate(ctx context.Context, reps int, a repFunc, bName string, b repFunc, progress *bar) (map[string][]float64, map[string][]float64, error) {
	as, bs := map[string][]float64{}, map[string][]float64{}
	for i := range reps {
		for _, side := range []struct {
			name string
			run  repFunc
			into map[string][]float64
		}{{"kvwarden", a, as}, {bName, b, bs}} {
			progress.describe(fmt.Sprintf("%s rep %d/%d", side.name, i+1, reps))
			figs, err := side.run(ctx)
			if err != nil {
				return nil, nil, fmt.Errorf("%s rep %d: %w", side.name, i+1, err)
			}
			for k, v := range figs {
				side.into[k] = append(side.into[k], v)
			}
			progress.add()
		}
	}
	return as, bs, nil
}

// fill sets the defaults of o's zero fields and checks the rest.
func (o *LlamaCompareOptions) fill() error {
	setDefault(&o.PromptTokens, DefaultOfflinePromptTokens)
	setDefault(&o.GenTokens, DefaultOfflineGenTokens)
	setDefault(&o.Batch, DefaultCompareBatch)
	setDefault(&o.Reps, DefaultCompareReps)
	if o.PromptTokens < 1 || o.GenTokens < 1 || o.Batch < 1 || o.Reps < 1 || slices.ContainsFunc(o.Depths, func(d int) bool { return d < 0 }) {
		return errors.New("prompt tokens, gen tokens, batch and reps must be positive, depths 0 or more")
	}
	return nil
}

// RunLlamaCompare measures kvwarden's engine and llama-bench alternately on the same model file
// with the same threads and KV type: pp, tg and tg at each depth, at batch 1 (llama-bench's), and
// kvwarden's tg at o.Batch against its batch 1.
func RunLlamaCompare(ctx context.Context, m *model.Model, tok *tokenizer.Tokenizer, cfg engine.Config, o LlamaCompareOptions) (*LlamaCompareResult, error) {
	if err := o.fill(); err != nil {
		return nil, err
	}
	depths := slices.DeleteFunc(slices.Clone(o.Depths), func(d int) bool { return d == 0 })
	cfg.PrefixCache = false
	lb := o.LlamaBench
	lb.Threads = cfg.Threads
	if lb.Threads <= 0 {
		lb.Threads = runtime.NumCPU()
	}
	lb.KVType = strings.ToLower(cfg.KVDType.String())

	eng, err := engine.New(m, tok, cfg)
	if err != nil {
		return nil, err
	}
	defer eng.Close()
	for _, d := range depths {
		if err := fitsDepth(eng.Plan(), 1, d, o.GenTokens); err != nil {
			return nil, err
		}
	}
	res := &LlamaCompareResult{Machine: DescribeMachine(), Model: DescribeModel(m, cfg.KVDType), ModelPath: lb.Model,
		Engine: DescribeEngine(eng, cfg), Reps: o.Reps, Batch: o.Batch, GenTokens: o.GenTokens, PromptTokens: o.PromptTokens,
		Commands: append([]string{o.Command}, lb.Commands(o.PromptTokens, o.GenTokens, depths)...)}

	res.DepthsFrom = fmt.Sprintf("llama-bench (which has no depth flag) gives %d / (time of its -pg D,%d test - time of its -p D test)", o.GenTokens, o.GenTokens)
	if lb.BatchedBench != "" {
		res.DepthsFrom = "llama-batched-bench's S_TG (its decode steps alone, after -npp D)"
	}
	r := &runner{eng: eng, ids: OrdinaryTokens(tok, m.Vocab), rng: newRand(o.Seed)}
	if len(r.ids) == 0 {
		return nil, errors.New("the vocabulary has no ordinary tokens to build prompts from")
	}
	bar := newBar(o.Progress, 1+2*o.Reps, "llama-bench comparison")
	defer bar.finish()
	if err := r.warmUp(ctx, bar, o.PromptTokens, o.Batch, o.GenTokens); err != nil {
		return nil, err
	}

	kvRep := func(ctx context.Context) (map[string]float64, error) {
		out := map[string]float64{}
		v, err := r.pp(ctx, 1, o.PromptTokens)
		if err != nil {
			return nil, err
		}
		out[ppFigure(o.PromptTokens)] = v
		for _, d := range append([]int{0}, depths...) {
			if out[tgFigure(o.GenTokens, d)], err = r.tg(ctx, 1, d, o.GenTokens); err != nil {
				return nil, err
			}
		}
		if out[tgBatchFigure(o.GenTokens, o.Batch)], err = r.tg(ctx, o.Batch, 0, o.GenTokens); err != nil {
			return nil, err
		}
		return out, nil
	}
	llRep := func(ctx context.Context) (map[string]float64, error) {
		return lb.Run(ctx, o.PromptTokens, o.GenTokens, depths)
	}
	kv, ll, err := alternate(ctx, o.Reps, kvRep, "llama-bench", llRep, bar)
	if err != nil {
		return nil, err
	}
	res.Figures = compareFigures(kv, ll, o.PromptTokens, o.GenTokens, depths)
	one := kv[tgFigure(o.GenTokens, 0)]
	res.BatchTg = newSpread(kv[tgBatchFigure(o.GenTokens, o.Batch)])
	res.BatchRatio = newSpread(pairedRatios(res.BatchTg.Reps, one))
	return res, nil
}

// compareFigures sets each figure's reps of both sides side by side, in the report's order.
func compareFigures(kv, ll map[string][]float64, prompt, gen int, depths []int) []ComparedFigure {
	names := []string{ppFigure(prompt), tgFigure(gen, 0)}
	for _, d := range depths {
		names = append(names, tgFigure(gen, d))
	}
	out := make([]ComparedFigure, 0, len(names))
	for _, n := range names {
		out = append(out, ComparedFigure{Name: n, Unit: "tokens/s", Kvwarden: newSpread(kv[n]), LlamaCpp: newSpread(ll[n]), Ratio: newSpread(pairedRatios(kv[n], ll[n]))})
	}
	return out
}

// WriteLlamaCompare prints a comparison for people.
func WriteLlamaCompare(w io.Writer, r *LlamaCompareResult) {
	l3 := ""
	if r.Machine.L3Bytes > 0 {
		l3 = ", L3 " + gib(r.Machine.L3Bytes)
	}
	fmt.Fprintf(w, "machine  %s, %d cores%s\n", r.Machine.CPU, r.Machine.Cores, l3)
	m := r.Model
	fmt.Fprintf(w, "model    %s: %s, %d layers, dim %d, %s matrices, %s of weights\n", r.ModelPath, m.Arch, m.Layers, m.Dim, m.WeightType, mb(float64(m.WeightBytes)))
	fmt.Fprintf(w, "engine   %s\n\n", r.Engine.summary())
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "figure (batch 1)\tkvwarden tokens/s\tllama.cpp tokens/s\tkvwarden / llama.cpp")
	fmt.Fprintln(tw, "\tmedian (min–max)\tmedian (min–max)\tmedian (min–max) of paired reps")
	for _, f := range r.Figures {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", f.Name, f.Kvwarden.format("%.1f"), f.LlamaCpp.format("%.1f"), f.Ratio.format("%.2f"))
	}
	tw.Flush()
	fmt.Fprintf(w, "\nkvwarden tg%d batch %d: %s tokens/s, %s× its batch 1 (per rep)\n", r.GenTokens, r.Batch, r.BatchTg.format("%.1f"), r.BatchRatio.format("%.2f"))
	fmt.Fprintf(w, `
%d reps each, alternating (kvwarden, llama-bench, kvwarden, ...), on the same file and threads.
tg%[2]d @ depth D: kvwarden decodes after a D-token prompt, timing the decode steps only;
llama.cpp: %[3]s.
commands:
`, r.Reps, r.GenTokens, r.DepthsFrom)
	for _, c := range r.Commands {
		fmt.Fprintf(w, "  %s\n", c)
	}
}
