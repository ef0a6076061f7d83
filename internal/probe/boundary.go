package probe

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strings"
)

// boundaries sends prompts at the advertised context minus one, exactly, plus one and far above.
func (p *prober) boundaries(ctx context.Context) {
	c := p.rep.Context
	if c == 0 {
		p.note("no advertised context (/v1/models has none and no --context): the boundary check did not run")
		return
	}
	for _, n := range []int{c - 1, c, c + 1, min(4*c, c+1<<20)} {
		if n < 1 {
			continue
		}
		r := p.timed(p.lengthPrompt(p.rng, n))
		a, err := p.send(ctx, CheckBoundary, 0, r, 0)
		if errors.Is(err, errBudget) || ctx.Err() != nil {
			return
		}
		what := fmt.Sprintf("a prompt of %d tokens (advertised context %d)", n, c)
		if !p.tokens {
			what = fmt.Sprintf("a prompt of about %d tokens (advertised context %d)", n, c)
		}
		key := fmt.Sprintf("boundary|%d", n)
		if err != nil {
			p.find(key, Finding{Check: CheckBoundary, Tenant: 1, Summary: "no answer to " + what, Detail: err.Error(), Reproduce: p.repro(0, &r)})
			continue
		}
		switch {
		case a.Status >= 500:
			p.find(key, Finding{Check: CheckBoundary, Tenant: 1, Summary: fmt.Sprintf("HTTP %d for %s", a.Status, what),
				Detail: "a length error must be refused with a clean 4xx: " + a.ErrBody, Reproduce: p.repro(0, &r)})
		case a.Status == http.StatusTooManyRequests:
			p.note("%s was refused with 429 four times: not judged", what)
		case a.Status != http.StatusOK:
			if !json.Valid([]byte(a.ErrBody)) {
				p.note("%s was refused with HTTP %d but a body that is not JSON: %q", what, a.Status, a.ErrBody)
			}
		default:
			if reasons := p.judge200(n, a); len(reasons) > 0 {
				p.find(key, Finding{Check: CheckBoundary, Tenant: 1, Summary: "HTTP 200 for " + what + " that was not processed as sent",
					Detail: strings.Join(reasons, "; "), Reproduce: p.repro(0, &r)})
			}
		}
	}
}

// judge200 lists what is wrong with a 200 answer to a prompt of n tokens.
func (p *prober) judge200(n int, a *answer) []string {
	var reasons []string
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
		if real > c {
			reasons = append(reasons, fmt.Sprintf("the prompt is longer than the advertised context of %d tokens, yet it was answered", c))
		}
	}
	if p.prefill > 0 {
		want := p.shortTTFT + float64(n-16)/p.prefill
		if want-p.shortTTFT > 20 && ms(a.TTFT) < 0.25*want {
			reasons = append(reasons, fmt.Sprintf("the first token came after %.1f ms; the endpoint's measured prefill speed (%.0f tokens/s) needs about %.0f ms for this prompt",
				ms(a.TTFT), p.prefill*1000, want))
		}
	}
	return reasons
}
