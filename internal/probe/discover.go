package probe

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// discover reads /v1/models as every tenant and, when it names no context, llama.cpp's /props
// and SGLang's /get_model_info and /get_server_info.
func (p *prober) discover(ctx context.Context) error {
	for t := range p.cfg.Keys {
		status, ms, body, err := p.c.models(ctx, t)
		if err != nil {
			var ue *url.Error
			if errors.As(err, &ue) {
				return usageErr("cannot reach %s: %v", p.cfg.Endpoint, ue.Err)
			}
			return usageErr("%s/v1/models: %v", p.cfg.Endpoint, err)
		}
		if status == http.StatusUnauthorized || status == http.StatusForbidden {
			return usageErr("the endpoint refused --key %d (HTTP %d): %s", t+1, status, body)
		}
		if status != http.StatusOK {
			if p.cfg.Model == "" {
				return usageErr("/v1/models answered HTTP %d (%s); name the model with --model", status, body)
			}
			continue
		}
		if t > 0 || len(ms) == 0 {
			continue
		}
		m := ms[0]
		for _, mi := range ms {
			if mi.ID == p.cfg.Model {
				m = mi
			}
		}
		if p.cfg.Model == "" {
			p.cfg.Model = m.ID
		}
		if p.cfg.Context == 0 && m.ID == p.cfg.Model && m.Context > 0 {
			p.rep.Context, p.rep.ContextSource = m.Context, "/v1/models "+m.Field
		}
	}
	if p.cfg.Model == "" {
		return usageErr("/v1/models lists no model; name one with --model")
	}
	p.c.model, p.rep.Model = p.cfg.Model, p.cfg.Model
	if p.cfg.Context > 0 {
		p.rep.Context, p.rep.ContextSource = p.cfg.Context, "--context"
	}
	for _, path := range []string{"../props", "../get_model_info", "../get_server_info"} {
		if p.rep.Context > 0 {
			break
		}
		status, b, err := p.c.get(ctx, 0, path)
		if err != nil || status != http.StatusOK {
			continue // not this kind of server
		}
		if n, field := parseServerContext(b); n > 0 {
			p.rep.Context, p.rep.ContextSource = n, "/"+strings.TrimPrefix(path, "../")+" "+field
		}
	}
	return nil
}

// makePlan splits the budgets between the checks (plan.go) and gives each its share.
func (p *prober) makePlan() error {
	c := p.context()
	limit := spend{p.cfg.Budget, p.cfg.MaxPromptTokens, p.cfg.MaxOutputTokens}
	b := &p.rep.Budgets
	b.Requests = Budget{Limit: int64(p.cfg.Budget), Source: "--budget"}
	b.PromptTokens = Budget{Limit: limit.PromptTokens, Source: "--max-prompt-tokens"}
	b.OutputTokens = Budget{Limit: limit.OutputTokens, Source: "--max-output-tokens"}
	if limit.PromptTokens == 0 {
		limit.PromptTokens = defaultPromptTokens(c)
		b.PromptTokens = Budget{Limit: limit.PromptTokens, Source: "default: 16 advertised contexts, at least 4,194,304"}
	}
	if limit.OutputTokens == 0 {
		limit.OutputTokens = defaultOutputTokens
		b.OutputTokens = Budget{Limit: limit.OutputTokens, Source: "default: 262,144"}
	}
	pl, err := makePlan(planInput{context: c, advertised: p.rep.Context > 0, tenants: len(p.cfg.Keys), limit: limit,
		trials: p.cfg.Trials, text: false, adapters: len(p.cfg.Adapters) > 0})
	if err != nil {
		return err
	}
	p.pl, p.rep.Plan, p.rep.Scale = pl, pl.rows, pl.scale
	p.c.mu.Lock()
	p.c.limit, p.c.allot = limit, pl.allot
	p.c.mu.Unlock()
	for _, r := range pl.rows {
		if r.NotRun != "" {
			check := r.Check
			if check == "noise" {
				check = CheckInvariance
			}
			p.notRun(check, r.NotRun)
		}
	}
	return nil
}

// discoverForms finds which prompt forms the endpoint takes: token-id prompts make every length
// exact, and logprobs make tolerance mode possible.
func (p *prober) discoverForms(ctx context.Context) error {
	lp := 2
	var last string
	for _, form := range []struct {
		tokens   bool
		logprobs bool
	}{{true, true}, {true, false}, {false, true}, {false, false}} {
		r := request{MaxTokens: 1}
		if form.tokens {
			r.Prompt = p.tokenPrompt(8)
		} else {
			r.Prompt = "Hello, how are you today?"
		}
		if form.logprobs {
			r.Logprobs = &lp
		}
		a, err := p.send(ctx, "discover", 0, r, 0)
		if err != nil {
			return usageErr("%s/v1/completions: %v", p.cfg.Endpoint, err)
		}
		if a.Status != http.StatusOK {
			last = fmt.Sprintf("HTTP %d %s", a.Status, a.ErrBody)
			continue
		}
		if form.tokens && a.PromptTokens != 8 {
			last = fmt.Sprintf("a prompt of 8 token ids counted as %d tokens", a.PromptTokens)
			continue
		}
		p.tokens, p.logprobs = form.tokens, form.logprobs && len(a.Logprobs) > 0
		p.rep.TokenPrompts, p.rep.Logprobs = p.tokens, p.logprobs
		if !p.tokens {
			p.note("the endpoint takes no token-id prompts (%s); prompt lengths are estimated from its usage reports", last)
		}
		if !p.logprobs {
			p.note("the endpoint returns no logprobs; answers are compared by text and tokens only")
		}
		return nil
	}
	return usageErr("%s/v1/completions answers no greedy completion: %s", p.cfg.Endpoint, last)
}
