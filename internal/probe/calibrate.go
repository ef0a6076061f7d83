package probe

import (
	"context"
	"fmt"
	"slices"
)

// calibrate learns the endpoint's tokens per word (text prompts only) and its prefill speed. A
// long prompt the endpoint refuses is retried shorter: an endpoint that serves less than it
// advertises is the boundary check's to report, and it needs the prefill speed to judge.
func (p *prober) calibrate(ctx context.Context) {
	if !p.tokens {
		var got [2]int
		for i, n := range []int{20, 80} {
			a, err := p.send(ctx, "calibrate", 0, request{Prompt: randomWords(p.rng, n), MaxTokens: 1}, 0)
			if err != nil || !a.ok() || a.PromptTokens <= 0 {
				p.note("could not learn tokens per word; assuming 1.3")
				p.wordsA, p.wordsB = 0, 1.3
				break
			}
			got[i] = a.PromptTokens
		}
		if got[1] > got[0] {
			p.wordsB = float64(got[1]-got[0]) / 60
			p.wordsA = float64(got[0]) - 20*p.wordsB
		}
	}
	ts, tl, long := p.timePrefill(ctx, p.pl.calibLong, true)
	p.calibLong = long
	p.rep.Timings.Samples["calibration short"] = ts
	p.rep.Timings.Samples[fmt.Sprintf("calibration long (%d tokens)", long)] = tl
	if len(ts) == 0 || len(tl) == 0 {
		p.ttftOff = "the endpoint could not be timed (no streamed answer to a calibration prompt)"
		return
	}
	p.shortTTFT = median(ts)
	p.rep.Timings.ShortTTFTms = p.shortTTFT
	if rate, ok := prefillRate(ts, tl, long); ok {
		p.prefill = rate
		p.rep.Timings.PrefillTokPerSec = p.prefill * 1000
	} else {
		p.ttftOff = fmt.Sprintf("prefill of %d tokens was not measurably slower than of %d (%.1f ms vs %.1f ms, medians of %.1f-%.1f and %.1f-%.1f ms)",
			long, calibShort, median(tl), p.shortTTFT, slices.Min(tl), slices.Max(tl), slices.Min(ts), slices.Max(ts))
	}
}

// calibShort is the short calibration prompt's length.
const calibShort = 16

// timePrefill times calibReps pairs of a short prompt and one of long tokens; with shorten, a
// refused long prompt is retried a quarter as long (the rest of the pairs run shorter, and the
// length used is returned).
func (p *prober) timePrefill(ctx context.Context, long int, shorten bool) (ts, tl []float64, used int) {
	for rep := 0; rep < calibReps && ctx.Err() == nil; rep++ {
		for _, n := range []int{calibShort, long} {
			a, err := p.send(ctx, "calibrate", 0, p.timed(p.lengthPrompt(p.rng, n)), 0)
			if shorten && err == nil && !a.ok() && n == long && long/4 >= 2*calibShort {
				long /= 4
				ts, tl = ts[:0], tl[:0]
				break
			}
			if err != nil || !a.ok() || a.TTFT == 0 {
				continue
			}
			if n == calibShort {
				ts = append(ts, ms(a.TTFT))
			} else {
				tl = append(tl, ms(a.TTFT))
				p.servedMax = max(p.servedMax, n)
			}
		}
	}
	return ts, tl, long
}

// prefillRate is the prefill rate (tokens per ms beyond the short prompt) that short and long
// samples measure, if they measure one: the medians differ by more than 1 ms and a fifth of the
// short time, and every long sample is slower than every short one (with 3 of each, no more than
// 1 in 20 draws of pure noise are so ordered: a busy client's pauses alone rarely pass).
func prefillRate(ts, tl []float64, long int) (float64, bool) {
	if len(ts) == 0 || len(tl) == 0 {
		return 0, false
	}
	d := median(tl) - median(ts)
	if d > 0.2*median(ts) && d > 1 && slices.Min(tl) > slices.Max(ts) {
		return float64(long-calibShort) / d, true
	}
	return 0, false
}

// retime measures the prefill rate again, now, the first time an answer comes sooner than the
// calibrated rate allows: the machine's load (the endpoint's, or the probe's own) may have
// changed since the calibration, and a rate measured at a busier moment must not make an honest
// answer read as a skipped prompt. The faster of the two rates stands, so an endpoint that skips
// prompts, as fast or faster now, is still caught; a rate no longer measurable turns the time
// check off. The calibration's allotment pays for it (the plan counts two rounds).
func (p *prober) retime(ctx context.Context) {
	ts, tl, _ := p.timePrefill(ctx, p.calibLong, false)
	p.retimed++
	p.rep.Timings.Samples["calibration short, again"] = ts
	p.rep.Timings.Samples[fmt.Sprintf("calibration long (%d tokens), again", p.calibLong)] = tl
	rate, ok := prefillRate(ts, tl, p.calibLong)
	switch {
	case !ok:
		p.note("an answer came sooner than the calibrated prefill rate allows, and the rate was not measurable again just after: the time-to-first-token check judged no more")
		p.ttftOff = "the prefill rate was not measurable again when an answer came sooner than it allowed"
		p.prefill = 0
	case rate > p.prefill:
		p.note("the prefill rate was measured again when an answer came sooner than it allowed: %.0f tokens/s, was %.0f", rate*1000, p.prefill*1000)
		p.prefill, p.shortTTFT = rate, min(p.shortTTFT, median(ts))
		p.rep.Timings.PrefillTokPerSec = p.prefill * 1000
	}
}

// timed is a streaming request of one token whose time to first token is measured.
func (p *prober) timed(prompt any) request {
	return request{Prompt: prompt, MaxTokens: 1, Stream: true, StreamOptions: &streamOptions{IncludeUsage: true}}
}
