package bench

// Speculative decoding's tasks: one request at a time, the same prompt decoded with speculation
// off and on in alternating order, on one engine (so the same weights, pool and threads), with
// the answers checked token for token.

import (
	"context"
	"fmt"
	"io"
	"slices"
	"text/tabwriter"
	"time"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/sampler"
)

// The tasks of OfflineOptions.Task.
const (
	// TaskCopy: the prompt is a document the model wrote itself, then the end of its opening again
	// (S + G + Q: S random tokens, G the model's greedy continuation of S, Q the last tokens of S):
	// an answer that re-quotes its prompt, as quoting or editing a document does. The answer
	// measured is the model's own greedy continuation, whatever it is; the result says how much of
	// it copies the prompt.
	TaskCopy = "copy"
	// TaskSample: random tokens sampled at temperature 1 with a seed: nothing to copy, and a
	// draft model's greedy guesses rarely drawn. Where drafts fail, speculation must cost little.
	TaskSample = "sample"
)

const (
	// taskQuoteTokens is the most tokens of Q, the copy task's quote of the end of S.
	taskQuoteTokens = 32
	// copySpan is the shortest run of answer tokens found in the prompt that counts as copied.
	copySpan = 4
)

// SpecTaskResult is one task's decode rate with speculation off and on.
type SpecTaskResult struct {
	Task string `json:"task"`
	// PromptTokens is the prompt's length: OfflineResult.PromptTokens (S) and what follows it.
	PromptTokens int `json:"prompt_tokens"`
	GenTokens    int `json:"gen_tokens"`
	// Off and On are the decode rates (the tokens after the first over the time since: the
	// prompt's processing left out) without and with speculation.
	Off Rate `json:"off"`
	On  Rate `json:"on"`
	// Speedup is the median of each rep's On/Off ratio (the two runs of a rep are adjacent).
	Speedup float64 `json:"speedup"`
	// EndToEndSpeedup is the median ratio of the reps' whole request times, off over on: the
	// prompt's processing included, and with it a draft model's catch-up on the prompt.
	EndToEndSpeedup float64    `json:"end_to_end_speedup"`
	Speculation     SpecCounts `json:"speculation"` // over the On runs
	// CopiedShare is the share of the answers' tokens inside a run of at least copySpan tokens
	// that also occurs in the prompt.
	CopiedShare float64 `json:"copied_share"`
}

// checkTask refuses a task the options cannot run.
func checkTask(o *OfflineOptions) error {
	switch o.Task {
	case "", TaskCopy, TaskSample:
	default:
		return fmt.Errorf("task %q: want %s or %s", o.Task, TaskCopy, TaskSample)
	}
	if o.Task != "" && len(o.Depths) > 0 && slices.Max(o.Depths) > 0 {
		return fmt.Errorf("task %s: depths do not apply", o.Task)
	}
	return nil
}

// taskPromptTokens is the length of a task's prompt for an opening S of seed tokens and gen
// generated tokens.
func taskPromptTokens(seed, gen int) int { return seed + gen + min(seed, taskQuoteTokens) }

// specTask runs task o.Task o.Reps times, speculation off and on in each rep.
func (r *runner) specTask(ctx context.Context, o OfflineOptions, bar *bar) (*SpecTaskResult, error) {
	if r.eng.Stats().Speculation == "" {
		return nil, fmt.Errorf("task %s compares speculative decoding with plain decoding: give --speculative lookup or draft", o.Task)
	}
	res := &SpecTaskResult{Task: o.Task, PromptTokens: taskPromptTokens(o.PromptTokens, o.GenTokens), GenTokens: o.GenTokens}
	var off, on, ratio, whole []float64
	copied, total := 0, 0
	for rep := range o.Reps {
		bar.describe(fmt.Sprintf("%s rep %d/%d: prompt", o.Task, rep+1, o.Reps))
		prompt, sp, err := r.taskPrompt(ctx, o.Task, o.PromptTokens, o.GenTokens)
		if err != nil {
			return nil, err
		}
		var runs [2]taskRun
		for j := range 2 {
			speculate := (rep+j)%2 == 1 // off first in even reps, on first in odd ones
			mode := map[bool]string{false: "off", true: "on"}[speculate]
			bar.describe(fmt.Sprintf("%s rep %d/%d: speculation %s", o.Task, rep+1, o.Reps, mode))
			before := r.eng.Stats()
			run, err := r.decode(ctx, prompt, sp, o.GenTokens, !speculate)
			if err != nil {
				return nil, fmt.Errorf("task %s, speculation %s: %w", o.Task, mode, err)
			}
			if speculate {
				c := SpecSince(r.eng, before)
				res.Speculation.Drafted += c.Drafted
				res.Speculation.Accepted += c.Accepted
				res.Speculation.Costs = c.Costs // as measured by the latest run
			}
			runs[b2i(speculate)] = run
			bar.add()
		}
		if i := firstDifference(runs[0].ids, runs[1].ids); i >= 0 {
			return nil, fmt.Errorf("task %s: speculation changed the answer at token %d", o.Task, i)
		}
		off, on = append(off, runs[0].rate), append(on, runs[1].rate)
		ratio = append(ratio, runs[1].rate/runs[0].rate)
		whole = append(whole, runs[0].seconds/runs[1].seconds)
		copied += copiedTokens(prompt, runs[0].ids, copySpan)
		total += len(runs[0].ids)
	}
	res.Off, res.On = newRate(off, o.GenTokens), newRate(on, o.GenTokens)
	res.Speedup, res.EndToEndSpeedup = Median(ratio), Median(whole)
	if s := &res.Speculation; s.Drafted > 0 {
		s.AcceptanceRate = float64(s.Accepted) / float64(s.Drafted)
	}
	res.CopiedShare = float64(copied) / float64(total)
	return res, nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// taskPrompt builds one rep's prompt and sampling: for TaskCopy S + G + Q with fresh random S of
// seed tokens, G the model's greedy continuation of S (decoded with speculation, which does not
// change it) and Q the end of S; for TaskSample as many fresh random tokens, sampled at
// temperature 1 with a fresh seed.
func (r *runner) taskPrompt(ctx context.Context, task string, seed, gen int) ([]int32, sampler.Params, error) {
	greedy := sampler.Params{TopLogprobs: -1}
	if task == TaskSample {
		return r.prompt(taskPromptTokens(seed, gen)), sampler.Params{Temperature: 1, Seed: r.rng.Uint64(), TopLogprobs: -1}, nil
	}
	s := r.prompt(seed)
	g, err := r.decode(ctx, s, greedy, gen, false)
	if err != nil {
		return nil, greedy, fmt.Errorf("task %s: the document: %w", task, err)
	}
	return slices.Concat(s, g.ids, s[seed-min(seed, taskQuoteTokens):]), greedy, nil
}

// taskRun is one request of a task: its generated tokens after the first, its decode rate (those
// tokens over the time since the first) and its whole time.
type taskRun struct {
	ids     []int32
	rate    float64
	seconds float64
}

// decode runs one request of prompt generating gen tokens (after the first, which ends the
// prompt's processing) with EOS ignored.
func (r *runner) decode(ctx context.Context, prompt []int32, sp sampler.Params, gen int, noSpec bool) (taskRun, error) {
	start := time.Now()
	st, err := r.eng.Submit(ctx, engine.Request{Spec: engine.Spec{Tenant: "bench", Prompt: prompt, MaxTokens: gen + 1,
		Sampling: sp, HasSeed: true, IgnoreEOS: true}, NoSpeculation: noSpec})
	if err != nil {
		return taskRun{}, err
	}
	var (
		ids    []int32
		arrive []tokenArrival
	)
	_, err = drainTokens(st, func(at time.Time, toks []engine.Token) {
		for _, t := range toks {
			ids = append(ids, t.ID)
		}
		arrive = append(arrive, tokenArrival{0, at, len(toks)})
	})
	if err != nil {
		return taskRun{}, err
	}
	if len(ids) != gen+1 {
		return taskRun{}, fmt.Errorf("%d tokens generated, want %d", len(ids), gen+1)
	}
	rate, err := decodeRate(arrive, 1)
	return taskRun{ids: ids[1:], rate: rate, seconds: time.Since(start).Seconds()}, err
}

// firstDifference is the first index where a and b differ, or -1 when they are equal.
func firstDifference(a, b []int32) int {
	for i := range max(len(a), len(b)) {
		if i >= len(a) || i >= len(b) || a[i] != b[i] {
			return i
		}
	}
	return -1
}

// copiedTokens counts the tokens of answer inside a run of at least span tokens that also occurs
// in prompt.
func copiedTokens(prompt, answer []int32, span int) int {
	seen := make(map[string]bool)
	key := func(t []int32) string { return fmt.Sprint(t) }
	for i := 0; i+span <= len(prompt); i++ {
		seen[key(prompt[i:i+span])] = true
	}
	copied := make([]bool, len(answer))
	for i := 0; i+span <= len(answer); i++ {
		if seen[key(answer[i:i+span])] {
			for j := i; j < i+span; j++ {
				copied[j] = true
			}
		}
	}
	n := 0
	for _, c := range copied {
		if c {
			n++
		}
	}
	return n
}

// runTask warms the engine up for o.Task's requests and runs it into res.
func (r *runner) runTask(ctx context.Context, o OfflineOptions, res *OfflineResult) error {
	bar := newBar(o.Progress, 1+2*o.Reps, "speculation bench")
	defer bar.finish()
	if err := r.warmUp(ctx, bar, taskPromptTokens(o.PromptTokens, o.GenTokens), 1, o.GenTokens); err != nil {
		return err
	}
	t, err := r.specTask(ctx, o, bar)
	res.Task = t
	return err
}

// writeTask prints a task's result for people.
func writeTask(w io.Writer, r *OfflineResult) {
	t, e := r.Task, r.Engine
	fmt.Fprintf(w, "task %s, batch 1, prompt %d tokens, %d generated, speculative decoding by %s (up to %d drafts)\n",
		t.Task, t.PromptTokens, t.GenTokens, e.Speculative, e.SpecTokens)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "speculation\tdecode tokens/s\tmin..max")
	fmt.Fprintf(tw, "off\t%.1f\t%.1f..%.1f\n", t.Off.TokensPerSec, t.Off.Min, t.Off.Max)
	fmt.Fprintf(tw, "%s\t%.1f\t%.1f..%.1f\n", e.Speculative, t.On.TokensPerSec, t.On.Min, t.On.Max)
	tw.Flush()
	fmt.Fprintf(w, "speed-up %.2fx (median of the reps' ratios), %s\n", t.Speedup, &t.Speculation)
	if c := t.Speculation.Costs; c != nil {
		fmt.Fprintf(w, "costs in plain decode steps: %s\n", c)
	}
	fmt.Fprintf(w, "whole requests, prompt processing included: %.2fx\n", t.EndToEndSpeedup)
	fmt.Fprintf(w, "answers copying the prompt: %s of their tokens lie in a run of %d or more found in the prompt\n", pct(t.CopiedShare), copySpan)
	fmt.Fprintf(w, "\nMedians of %d reps; in each, one prompt decoded with speculation off and on (order alternating),\n"+
		"the answers checked token for token. Decode rate: the tokens after the first over the time since.\n", r.Reps)
	switch t.Task {
	case TaskCopy:
		fmt.Fprintf(w, "copy: prompt S+G+Q, S %d random tokens, G the model's greedy continuation of S, Q the last %d of S; the answer is greedy.\n",
			r.PromptTokens, min(r.PromptTokens, taskQuoteTokens))
	case TaskSample:
		fmt.Fprintln(w, "sample: a prompt of random tokens; the answer is sampled at temperature 1 with a seed.")
	}
}
