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
	short := 16
	long := p.pl.calibLong
	var ts, tl []float64
	for rep := 0; rep < calibReps && ctx.Err() == nil; rep++ {
		for _, n := range []int{short, long} {
			a, err := p.send(ctx, "calibrate", 0, p.timed(p.lengthPrompt(p.rng, n)), 0)
			if err == nil && !a.ok() && n == long && long/4 >= 2*short {
				long /= 4 // refused: the rest of the calibration runs shorter
				ts, tl = ts[:0], tl[:0]
				break
			}
			if err != nil || !a.ok() || a.TTFT == 0 {
				continue
			}
			if n == short {
				ts = append(ts, ms(a.TTFT))
			} else {
				tl = append(tl, ms(a.TTFT))
				p.servedMax = max(p.servedMax, n)
			}
		}
	}
	p.rep.Timings.Samples["calibration short"] = ts
	p.rep.Timings.Samples[fmt.Sprintf("calibration long (%d tokens)", long)] = tl
	if len(ts) == 0 || len(tl) == 0 {
		p.ttftOff = "the endpoint could not be timed (no streamed answer to a calibration prompt)"
		return
	}
	p.shortTTFT = median(ts)
	p.rep.Timings.ShortTTFTms = p.shortTTFT
	// Measurable: the medians differ by more than 1 ms and a fifth of the short time, and
	// every long sample is slower than every short one (with 3 of each, no more than 1 in 20
	// draws of pure noise are so ordered: a busy client's pauses alone rarely pass).
	if d := median(tl) - p.shortTTFT; d > 0.2*p.shortTTFT && d > 1 && slices.Min(tl) > slices.Max(ts) {
		p.prefill = float64(long-short) / d
		p.rep.Timings.PrefillTokPerSec = p.prefill * 1000
	} else {
		p.ttftOff = fmt.Sprintf("prefill of %d tokens was not measurably slower than of %d (%.1f ms vs %.1f ms, medians of %.1f-%.1f and %.1f-%.1f ms)",
			long, short, median(tl), p.shortTTFT, slices.Min(tl), slices.Max(tl), slices.Min(ts), slices.Max(ts))
	}
}

// timed is a streaming request of one token whose time to first token is measured.
func (p *prober) timed(prompt any) request {
	return request{Prompt: prompt, MaxTokens: 1, Stream: true, StreamOptions: &streamOptions{IncludeUsage: true}}
}
