package probe

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strings"
)

// The boundary check finds the context the endpoint really serves with a handful of long
// prompts: one at the advertised context, then (if that is served) one over it, or (if not) a
// bisection down to the largest prompt served. Before each, another tenant plants a prompt full
// of its canary, so that a prompt answered from stale state instead of its own shows that canary.
// Each served prompt is judged without a second copy: its usage against what was sent, its time
// to first token against the calibrated prefill rate, its text against the planted canaries.

// boundaryGen is what each rung asks to generate: enough tokens for a canary to show.
const boundaryGen = 16

// Boundary is the boundary check's search, for the reports.
type Boundary struct {
	Advertised      int    `json:"advertised"`
	LargestServed   int    `json:"largest_served"`            // the longest prompt answered correctly (rungs and calibration)
	SmallestFailed  int    `json:"smallest_failed,omitempty"` // the shortest rung not answered correctly; 0 none
	TTFTCheck       string `json:"ttft_check"`                // "on", or why it did not run
	PlantedCanaries int    `json:"planted_canaries_tokens"`   // length of each planted prompt
	Rungs           []Rung `json:"rungs"`
	Stopped         string `json:"search_stopped,omitempty"` // why the bisection stopped before its precision
}

// Rung is one long prompt of the boundary check.
type Rung struct {
	PromptTokens  int     `json:"prompt_tokens"`
	Outcome       string  `json:"outcome"` // served, refused, wrong (answered, but not as sent), failed (5xx), busy, no answer
	HTTPStatus    int     `json:"http_status"`
	UsagePrompt   int     `json:"usage_prompt_tokens"` // -1 none reported
	TTFTms        float64 `json:"ttft_ms"`
	ExpectedTTFTs float64 `json:"expected_ttft_ms,omitempty"` // from the calibrated prefill rate
	Detail        string  `json:"detail,omitempty"`
}

const (
	rungServed   = "served"
	rungRefused  = "refused"
	rungWrong    = "wrong"
	rungFailed   = "failed"
	rungBusy     = "busy"
	rungNoAnswer = "no answer"
)

func (p *prober) boundaries(ctx context.Context) {
	c := p.rep.Context
	b := &Boundary{Advertised: c, TTFTCheck: "on", PlantedCanaries: p.pl.plantLen, LargestServed: p.servedMax, Rungs: []Rung{}}
	p.rep.Boundary = b
	if p.ttftOff != "" {
		b.TTFTCheck = "not run: " + p.ttftOff
		p.incomplete(CheckBoundary, "its time-to-first-token check did not run: "+p.ttftOff)
	} else if p.prefill == 0 {
		b.TTFTCheck = "not run: no prefill rate"
		p.incomplete(CheckBoundary, "its time-to-first-token check did not run: no prefill rate was measured")
	}
	full := p.rung(ctx, b, c-boundaryGen)
	switch {
	case full == nil:
		return
	case full.Outcome == rungServed:
		b.LargestServed = max(b.LargestServed, full.PromptTokens)
		if p.pl.boundaryOver {
			p.rung(ctx, b, c+1)
		}
	case full.Outcome == rungBusy || full.Outcome == rungNoAnswer:
		p.incomplete(CheckBoundary, fmt.Sprintf("the prompt at the advertised context got %s; nothing is judged from it", full.Outcome))
	default:
		lo, hi := b.LargestServed, full.PromptTokens
		for range maxSearchRungs {
			if hi-lo <= max(c/64, 1) {
				break
			}
			mid := (lo + hi) / 2
			r := p.rung(ctx, b, mid)
			if r == nil {
				break
			}
			if r.Outcome == rungBusy || r.Outcome == rungNoAnswer {
				b.Stopped = fmt.Sprintf("a prompt of %d tokens got %s", mid, r.Outcome)
				break
			}
			if r.Outcome == rungServed {
				lo = mid
			} else {
				hi = mid
			}
		}
		b.LargestServed, b.SmallestFailed = lo, hi
		served := fmt.Sprintf("the largest prompt it served was %d tokens", lo)
		if lo == 0 {
			served = "it served none of the prompts tried"
		}
		p.find("boundary|capacity", Finding{Check: CheckBoundary, Verdict: VerdictCapacity, Tenant: 1,
			Summary: fmt.Sprintf("the endpoint advertises a context of %d tokens but does not serve it: a prompt of %d tokens (with %d to generate) was %s; %s (%d was not)",
				c, full.PromptTokens, boundaryGen, rungHow(full), served, hi),
			Detail: rungList(b.Rungs) + stopped(b),
			Reproduce: fmt.Sprintf("send a prompt of %d tokens with max_tokens %d as any tenant (kvwarden probe --seed %d regenerates it); the endpoint must answer it or advertise less",
				full.PromptTokens, boundaryGen, p.cfg.Seed)})
	}
	var ttfts []float64
	for _, r := range b.Rungs {
		if r.TTFTms > 0 {
			ttfts = append(ttfts, r.TTFTms)
		}
	}
	p.rep.Timings.Samples["boundary rungs"] = ttfts
	if b.SmallestFailed > 0 && b.LargestServed > 0 && b.LargestServed < p.rep.Scale {
		p.note("the load checks run at a prompt scale of %d tokens (the plan's %d, cut to the largest prompt the endpoint served)", b.LargestServed, p.rep.Scale)
		p.rep.Scale = b.LargestServed
	}
}

func stopped(b *Boundary) string {
	if b.Stopped == "" {
		return ""
	}
	return "; the search stopped: " + b.Stopped
}

func rungHow(r *Rung) string {
	switch r.Outcome {
	case rungRefused:
		return "refused (" + r.Detail + ")"
	case rungWrong:
		return "answered, but not as sent (" + r.Detail + ")"
	case rungFailed:
		return "answered with a server error (" + r.Detail + ")"
	}
	return r.Outcome
}

func rungList(rs []Rung) string {
	var parts []string
	for _, r := range rs {
		parts = append(parts, fmt.Sprintf("%d tokens: %s", r.PromptTokens, r.Outcome))
	}
	return "prompts tried: " + strings.Join(parts, ", ")
}

// plantPrompt is, for tenant 2, a prompt that repeats a fresh canary to about plantLen tokens:
// the state an over-pool prompt answered from stale pages would show. The first call measures
// one repetition, whose count by the endpoint sizes the rest.
func (p *prober) plantPrompt(ctx context.Context) (long, short string, err error) {
	c := newCanary(p.rng)
	p.mu.Lock()
	p.canaries.add(c, 1)
	p.mu.Unlock()
	one := fmt.Sprintf("Access code %s. Repeat: %s. ", c, c)
	if p.plantRep == 0 {
		a, err := p.send(ctx, CheckBoundary, 1, request{Prompt: one, MaxTokens: 1}, 0)
		if err != nil {
			return "", "", err
		}
		p.plantRep = 12
		if a.ok() && a.PromptTokens > 0 {
			p.plantRep = a.PromptTokens
		}
	}
	return strings.Repeat(one, max(p.pl.plantLen/p.plantRep, 1)), one, nil
}

// rung plants a canary as tenant 2, then sends a prompt of n tokens as tenant 1 and judges the
// answer. It returns nil when the budgets or the run's end leave it unsent.
func (p *prober) rung(ctx context.Context, b *Boundary, n int) *Rung {
	if n < 1 {
		return nil
	}
	unsent := func(why string) *Rung {
		if len(b.Rungs) == 0 {
			p.incomplete(CheckBoundary, "no prompt at the advertised context was sent: "+why)
		} else {
			b.Stopped = why
		}
		return nil
	}
	if why := p.plantBefore(ctx, n); why != "" {
		return unsent(why)
	}
	req := p.timed(p.lengthPrompt(p.rng, n))
	req.MaxTokens = boundaryGen
	a, err := p.send(ctx, CheckBoundary, 0, req, 0)
	if errors.Is(err, errBudget) || ctx.Err() != nil {
		return unsent("a prompt of " + fmt.Sprint(n) + " tokens was not sent: " + failure(nil, cmp.Or(err, ctx.Err())))
	}
	c := p.rep.Context
	what := fmt.Sprintf("prompt of %d tokens (advertised context %d)", n, c)
	if !p.tokens {
		what = fmt.Sprintf("prompt of about %d tokens (advertised context %d)", n, c)
	}
	r := Rung{PromptTokens: n, UsagePrompt: -1}
	key := fmt.Sprintf("boundary|%d", n)
	switch {
	case err != nil:
		r.Outcome, r.Detail = rungNoAnswer, err.Error()
	case a.Status >= 500:
		r.Outcome, r.HTTPStatus, r.Detail = rungFailed, a.Status, cut(a.ErrBody, 200)
		p.find(key, Finding{Check: CheckBoundary, Verdict: VerdictCapacity, Tenant: 1, Summary: fmt.Sprintf("HTTP %d for a %s", a.Status, what),
			Detail: "a prompt the endpoint cannot serve must be refused with a clean 4xx: " + a.ErrBody, Reproduce: p.repro(0, &req)})
	case a.Status == http.StatusTooManyRequests || a.Status == http.StatusServiceUnavailable:
		r.Outcome, r.HTTPStatus, r.Detail = rungBusy, a.Status, cut(a.ErrBody, 200)
		p.note("a %s was refused with HTTP %d four times: not judged", what, a.Status)
	case !a.ok():
		r.Outcome, r.HTTPStatus, r.Detail = rungRefused, a.Status, cut(a.refusal(), 200)
	default:
		r.HTTPStatus, r.UsagePrompt, r.TTFTms = a.Status, a.PromptTokens, ms(a.TTFT)
		r.Outcome = rungServed
		if hits := p.canariesIn(a, 0); len(hits) > 0 {
			h := hits[0]
			r.Outcome, r.Detail = rungWrong, "answered with tenant 2's planted canary"
			p.find(fmt.Sprintf("canary|0|%s", h.Canary), Finding{Check: CheckBoundary, Verdict: VerdictLeak, Tenant: 1,
				Summary: fmt.Sprintf("tenant 1's %s was answered with tenant %d's secret %s, planted just before: the answer came from stale state, not the prompt", what, h.Owner+1, h.Canary),
				Detail:  fmt.Sprintf("answer: %q", cut(a.Text, 300)),
				Reproduce: fmt.Sprintf("as tenant 2 send a long prompt repeating a secret, then as tenant 1 a prompt of %d tokens (kvwarden probe --seed %d regenerates both); the answer must not hold the secret",
					n, p.cfg.Seed)})
		}
		reasons, expected, byTime := p.judge200(n, a)
		if byTime && p.retimed == 0 { // wrong by time alone: judged again on a rate measured now
			p.retime(ctx)
			reasons, expected, _ = p.judge200(n, a)
		}
		r.ExpectedTTFTs = expected
		if len(reasons) > 0 {
			if r.Outcome == rungServed {
				r.Outcome, r.Detail = rungWrong, strings.Join(reasons, "; ")
			}
			p.find(key, Finding{Check: CheckBoundary, Verdict: VerdictCapacity, Tenant: 1, Summary: "HTTP 200 for a " + what + " that was not processed as sent",
				Detail: strings.Join(reasons, "; "), Reproduce: p.repro(0, &req)})
		} else if n > c {
			p.note("a %s was answered as sent: the endpoint serves more than it advertises", what)
		}
	}
	b.Rungs = append(b.Rungs, r)
	return &b.Rungs[len(b.Rungs)-1]
}

// plantBefore plants tenant 2's canary before a rung of n tokens, shorter if the long plant is
// refused; it says why not when the budgets or the endpoint leave it unsent.
func (p *prober) plantBefore(ctx context.Context, n int) string {
	long, short, err := p.plantPrompt(ctx)
	if err != nil {
		return "the canary plant was not sent: " + err.Error()
	}
	left := p.c.remaining(CheckBoundary)
	if need := p.c.promptCost(long) + int64(n); need > left.PromptTokens || left.Requests < 2 {
		return fmt.Sprintf("its share of the budgets (%d prompt tokens left) pays for no planted canary and prompt of %d tokens (%d)", left.PromptTokens, n, need)
	}
	if a, err := p.send(ctx, CheckBoundary, 1, request{Prompt: long, MaxTokens: 1}, 0); err != nil {
		return "the canary plant was not sent: " + err.Error()
	} else if !a.ok() && long != short {
		if _, err := p.send(ctx, CheckBoundary, 1, request{Prompt: short, MaxTokens: 1}, 0); err != nil {
			return "the canary plant was not sent: " + err.Error()
		}
	}
	return ""
}

// canariesIn searches a for other tenants' canaries and marks it judged, so that the final scan
// does not report the same answer again.
func (p *prober) canariesIn(a *answer, reader int) []CanaryHit {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.judged[a] = true
	var b strings.Builder
	b.WriteString(a.Text)
	for _, t := range a.Tokens {
		b.WriteString(t)
	}
	for _, m := range a.Top {
		for t := range m {
			b.WriteString(" " + t)
		}
	}
	return p.canaries.find(b.String(), reader)
}

// judge200 lists what is wrong with a 200 answer to a prompt of n tokens, the time to first
// token the calibrated prefill rate expects (0 unknown), and whether the time alone found it wrong.
func (p *prober) judge200(n int, a *answer) (reasons []string, want float64, byTime bool) {
	c := p.rep.Context
	switch {
	case a.PromptTokens < 0:
		p.note("the answer to a %d-token prompt had no usage; its length could not be checked", n)
	case p.tokens && a.PromptTokens != n:
		reasons = append(reasons, fmt.Sprintf("usage.prompt_tokens is %d for a prompt of exactly %d token ids", a.PromptTokens, n))
	case !p.tokens && math.Abs(float64(a.PromptTokens-n)) > 0.1*float64(n)+4:
		reasons = append(reasons, fmt.Sprintf("usage.prompt_tokens is %d for a prompt of about %d tokens", a.PromptTokens, n))
	}
	if real := n; real > c || (!p.tokens && a.PromptTokens > c) {
		if !p.tokens {
			real = a.PromptTokens
		}
		if real > c && len(reasons) > 0 {
			reasons = append(reasons, fmt.Sprintf("the prompt is longer than the advertised context of %d tokens, yet it was answered", c))
		}
	}
	if p.prefill > 0 && a.TTFT > 0 {
		want = p.shortTTFT + float64(n-calibShort)/p.prefill
		if want-p.shortTTFT > 20 && ms(a.TTFT) < 0.25*want {
			byTime = len(reasons) == 0
			reasons = append(reasons, fmt.Sprintf("the first token came after %.1f ms; the endpoint's measured prefill speed (%.0f tokens/s) needs about %.0f ms for this prompt",
				ms(a.TTFT), p.prefill*1000, want))
		}
	}
	return reasons, want, byTime
}
