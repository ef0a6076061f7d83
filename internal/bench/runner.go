package bench

// The engine driver the offline bench and the llama-bench comparison share: it warms the engine
// up, sends batches of random prompts and measures prompt processing and generation rates.

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/sampler"
)

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

// pp is the prompt processing rate of batch concurrent prompts of n tokens: all prompt tokens
// over the wall time.
func (r *runner) pp(ctx context.Context, batch, n int) (float64, error) {
	d, _, err := r.run(ctx, batch, n, 1)
	if err != nil {
		return 0, err
	}
	return float64(batch*n) / d.Seconds(), nil
}

// tg is the generation rate of batch concurrent sequences generating gen tokens greedily. At depth
// 0 their prompts are 1 token and the rate is all tokens over the wall time. At a depth D > 0 the
// prompts are D tokens, gen+1 are generated (the first comes from the prompt's processing), and
// the rate is the tokens that arrive after the last sequence's first token over the time since.
func (r *runner) tg(ctx context.Context, batch, depth, gen int) (float64, error) {
	if depth == 0 {
		d, n, err := r.run(ctx, batch, 1, gen)
		if err != nil {
			return 0, err
		}
		if n != batch*gen {
			return 0, fmt.Errorf("%d tokens generated, want %d", n, batch*gen)
		}
		return float64(n) / d.Seconds(), nil
	}
	var (
		mu     sync.Mutex
		arrive []tokenArrival
	)
	_, n, err := r.runObserved(ctx, batch, depth, gen+1, func(seq int, at time.Time, tokens int) {
		mu.Lock()
		arrive = append(arrive, tokenArrival{seq, at, tokens})
		mu.Unlock()
	})
	if err != nil {
		return 0, err
	}
	if n != batch*(gen+1) {
		return 0, fmt.Errorf("%d tokens generated, want %d", n, batch*(gen+1))
	}
	return decodeRate(arrive, batch)
}

// tokenArrival is an event of a sequence's stream that carried tokens.
type tokenArrival struct {
	seq    int
	at     time.Time
	tokens int
}

// decodeRate is the rate of the tokens that arrived after every one of batch sequences had its
// first token: the decode steps, with the prompts' processing (which yields the first tokens)
// left out.
func decodeRate(arrive []tokenArrival, batch int) (float64, error) {
	first := make(map[int]time.Time, batch)
	for _, a := range arrive {
		if t, ok := first[a.seq]; !ok || a.at.Before(t) {
			first[a.seq] = a.at
		}
	}
	if len(first) != batch {
		return 0, fmt.Errorf("%d of %d sequences generated a token", len(first), batch)
	}
	var t0, end time.Time
	for _, t := range first {
		if t.After(t0) {
			t0 = t
		}
	}
	n := 0
	for _, a := range arrive {
		if a.at.After(t0) {
			n += a.tokens
			if a.at.After(end) {
				end = a.at
			}
		}
	}
	if n == 0 || !end.After(t0) {
		return 0, errors.New("no token arrived after the prompts were processed")
	}
	return float64(n) / end.Sub(t0).Seconds(), nil
}

// run submits batch requests of fresh random prompts at once and waits for all. It returns the
// time from the first submission to the last terminal event and the tokens generated.
func (r *runner) run(ctx context.Context, batch, promptTokens, maxTokens int) (time.Duration, int, error) {
	return r.runObserved(ctx, batch, promptTokens, maxTokens, nil)
}

// runObserved is run that also calls observe, when not nil, for every event carrying tokens,
// with the sequence's index and the time it was read.
func (r *runner) runObserved(ctx context.Context, batch, promptTokens, maxTokens int, observe func(seq int, at time.Time, tokens int)) (time.Duration, int, error) {
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
	for i, p := range prompts {
		st, err := r.eng.Submit(ctx, engine.Request{Spec: engine.Spec{Tenant: "bench", Prompt: p, MaxTokens: maxTokens,
			Sampling: sampler.Params{TopLogprobs: -1}, HasSeed: true, IgnoreEOS: true}})
		if err != nil {
			cancel() // closes the requests already submitted
			wg.Wait()
			return 0, 0, err
		}
		wg.Go(func() {
			var obs func(time.Time, int)
			if observe != nil {
				obs = func(at time.Time, tokens int) { observe(i, at, tokens) }
			}
			n, err := drain(st, obs)
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

// drain reads a stream to its end and counts its tokens, calling observe (when not nil) with the
// time each event carrying tokens was read.
func drain(st engine.Stream, observe func(at time.Time, tokens int)) (int, error) {
	var obs func(time.Time, []engine.Token)
	if observe != nil {
		obs = func(at time.Time, toks []engine.Token) { observe(at, len(toks)) }
	}
	return drainTokens(st, obs)
}

// drainTokens is drain that gives observe the tokens themselves.
func drainTokens(st engine.Stream, observe func(at time.Time, toks []engine.Token)) (int, error) {
	defer st.Close()
	n := 0
	for ev := range st.Events() {
		if observe != nil && len(ev.Tokens) > 0 {
			observe(time.Now(), ev.Tokens)
		}
		n += len(ev.Tokens)
		if ev.Done {
			return n, ev.Err
		}
	}
	return n, errors.New("engine stream ended without a terminal event")
}

// warmUp faults in the mapped weights and the KV pages that runs of prompt-token prompts and of
// batch sequences generating gen tokens will use.
func (r *runner) warmUp(ctx context.Context, bar *bar, prompt, batch, gen int) error {
	bar.describe("warm-up")
	if _, _, err := r.run(ctx, 1, prompt, 1); err != nil {
		return fmt.Errorf("warm-up: %w", err)
	}
	if _, _, err := r.run(ctx, batch, 1, min(gen, 4)); err != nil {
		return fmt.Errorf("warm-up: %w", err)
	}
	bar.add()
	return nil
}

// batch runs batch size b's tests: prompt processing, generation, and generation at each depth.
func (r *runner) batch(ctx context.Context, o OfflineOptions, b int, depths []int, res *OfflineResult, bar *bar) (BatchResult, error) {
	// reps runs one test o.Reps times and gathers its rates.
	reps := func(name string, once func() (float64, error)) ([]float64, error) {
		rates := make([]float64, 0, o.Reps)
		for i := range o.Reps {
			bar.describe(fmt.Sprintf("%s batch %d rep %d/%d", name, b, i+1, o.Reps))
			v, err := once()
			if err != nil {
				return nil, fmt.Errorf("%s batch %d: %w", name, b, err)
			}
			rates = append(rates, v)
			bar.add()
		}
		return rates, nil
	}
	br := BatchResult{Batch: b}
	pp, err := reps(fmt.Sprintf("pp%d", o.PromptTokens), func() (float64, error) { return r.pp(ctx, b, o.PromptTokens) })
	if err != nil {
		return br, err
	}
	br.Prefill = newRate(pp, b*o.PromptTokens)
	before := r.eng.Stats()
	tg, err := reps(fmt.Sprintf("tg%d", o.GenTokens), func() (float64, error) { return r.tg(ctx, b, 0, o.GenTokens) })
	if err != nil {
		return br, err
	}
	br.Speculation = SpecSince(r.eng, before)
	br.Generate = newRate(tg, b*o.GenTokens)
	br.roofline(res.Model, res.Limits, o.PromptTokens, o.GenTokens)
	for _, d := range depths {
		tg, err := reps(fmt.Sprintf("tg%d@d%d", o.GenTokens, d), func() (float64, error) { return r.tg(ctx, b, d, o.GenTokens) })
		if err != nil {
			return br, err
		}
		br.Depths = append(br.Depths, newDepthResult(res.Model, res.Limits, b, d, o.GenTokens, newRate(tg, b*o.GenTokens)))
	}
	return br, nil
}
