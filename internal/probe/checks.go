package probe

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

const (
	probesPerTenant = 6 // two canary prompts, shared prefix, long, two abort followers
	firstFollower   = 4
	calibReps       = 3
	probeMaxTokens  = 16
	tokenLo         = 16 // token ids of generated prompts: low ids, which every vocabulary has
	tokenHi         = 256
	minTolerance    = 0.02 // logprob bound of tolerance mode at least
	sideP           = 0.001
	sideRatio       = 0.8 // cross-tenant median TTFT must be below this share of the fresh one
)

var words = strings.Fields(`the a little dog cat ran to park and happy sun tree big small bird house girl boy
	mom dad played with ball red blue green day night moon star water fish boat went saw said
	good bad friend garden flower rain snow wind cake apple toy book car bike hat shoe door
	window table chair bed sleep jump walk run sing dance laugh cry`)

const preamble = "You are a careful assistant. Read the record below and answer briefly."

// tokenPrompt is n random token ids.
func tokenPrompt(rng *rand.Rand, n int) []int {
	ids := make([]int, n)
	for i := range ids {
		ids[i] = tokenLo + rng.IntN(tokenHi-tokenLo)
	}
	return ids
}

func (p *prober) tokenPrompt(n int) []int { return tokenPrompt(p.rng, n) }

// lengthPrompt is a fresh prompt of about n tokens: exactly n token ids, or as many random words
// as the endpoint's own usage reports say make n tokens.
func (p *prober) lengthPrompt(rng *rand.Rand, n int) any {
	if p.tokens {
		return tokenPrompt(rng, n)
	}
	w := 1
	if p.wordsB > 0 {
		w = max(1, int(math.Round((float64(n)-p.wordsA)/p.wordsB)))
	}
	return randomWords(rng, w)
}

func randomWords(rng *rand.Rand, n int) string {
	ws := make([]string, n)
	for i := range ws {
		ws[i] = words[rng.IntN(len(words))]
	}
	return strings.Join(ws, " ")
}

// extend appends a few fresh tokens (or words) to a prompt, keeping its form.
func extend(rng *rand.Rand, prompt any, n int) any {
	switch v := prompt.(type) {
	case []int:
		return append(slices.Clone(v), tokenPrompt(rng, n)...)
	case string:
		return v + " " + randomWords(rng, n)
	}
	return prompt
}

// context is the advertised context, or a size to scale prompts by when none is known.
func (p *prober) context() int {
	if p.rep.Context > 0 {
		return p.rep.Context
	}
	return 512
}

// scale is the prompt scale of the invariance, abort, side-channel and noise requests: what the
// plan's budgets pay for, and never more than the boundary check found served.
func (p *prober) scale() int { return max(p.rep.Scale, 8) }

func (p *prober) canaryPrompt(rng *rand.Rand, tenant int, form int) string {
	c := newCanary(rng)
	p.mu.Lock()
	p.canaries.add(c, tenant)
	p.mu.Unlock()
	// Short, so that they fit small contexts even with a character-level tokenizer.
	if form == 0 {
		return fmt.Sprintf("Access code %s. Repeat: %s", c, c)
	}
	return fmt.Sprintf("Token %s issued. Token: %s", c, c)
}

func (p *prober) logprobsField() *int {
	if !p.logprobs {
		return nil
	}
	n := 2 // the top two give the margin of each greedy choice
	return &n
}

// idle builds every tenant's probe requests and answers each twice on the idle endpoint; the
// repeats decide between exact and tolerance mode.
func (p *prober) idle(ctx context.Context) {
	n, c := len(p.cfg.Keys), p.scale()
	if p.tokens {
		p.shared = p.tokenPrompt(32)
	} else {
		p.shared = preamble + " " + randomWords(p.rng, 20)
	}
	p.probes = make([][]probeReq, n)
	lp := p.logprobsField()
	for t := range n {
		mk := func(name string, prompt any, length int) probeReq {
			return probeReq{name: name, req: request{Prompt: prompt, MaxTokens: probeMaxTokens, Logprobs: lp}, length: length}
		}
		p.probes[t] = []probeReq{
			mk("canary-code", p.canaryPrompt(p.rng, t, 0), 0),
			mk("canary-token", p.canaryPrompt(p.rng, t, 1), 0),
			mk("shared-prefix", extend(p.rng, p.shared, 16), 48),
			mk("long", p.lengthPrompt(p.rng, c/3), c/3),
			// The abort check's followers, at firstFollower and after.
			mk("follower-quarter", p.lengthPrompt(p.rng, max(c/4, 4)), max(c/4, 4)),
			mk("follower-half", p.lengthPrompt(p.rng, max(c/2-probeMaxTokens, 4)), max(c/2-probeMaxTokens, 4)),
		}
	}
	if p.cfg.Exact {
		p.rep.Mode = "exact" // before the repeats: a differing one is described exactly
	}
	pairs, differ, maxDelta := 0, 0, 0.0
	for t := range n {
		for i := range p.probes[t] {
			pr := &p.probes[t][i]
			a, err1 := p.send(ctx, CheckInvariance, t, pr.req, 0)
			b, err2 := p.send(ctx, CheckInvariance, t, pr.req, 0)
			if err1 != nil || err2 != nil || !a.ok() || !b.ok() {
				if errors.Is(err1, errBudget) || errors.Is(err2, errBudget) || ctx.Err() != nil {
					p.incomplete(CheckInvariance, "idle probes left unsent: "+failure(nil, cmp.Or(err1, err2, ctx.Err())))
					return
				}
				bad := a
				if a.ok() {
					bad = b
				}
				p.note("tenant %d's %s probe got no idle answer (%s); it is not compared", t+1, pr.name, failure(bad, cmp.Or(err1, err2)))
				continue
			}
			pr.idle = a
			pairs++
			if !sameAnswer(a, b) {
				differ++
				if p.cfg.Exact {
					verdict, evidence := p.diffVerdict(t, b)
					p.find(fmt.Sprintf("invariance|%d|%s|idle", t, pr.name), Finding{Check: CheckInvariance, Verdict: verdict, Tenant: t + 1,
						Summary: fmt.Sprintf("tenant %d's greedy %s answer differed between two idle repeats", t+1, pr.name),
						Detail:  p.differs(a, b) + "; " + evidence, Reproduce: "send this as tenant " + fmt.Sprint(t+1) + " twice on an idle endpoint: " + p.repro(t, &pr.req)})
				}
			}
			for k := 0; k < min(len(a.Tokens), len(b.Tokens), len(a.Logprobs), len(b.Logprobs)) && a.Tokens[k] == b.Tokens[k]; k++ {
				maxDelta = max(maxDelta, math.Abs(a.Logprobs[k]-b.Logprobs[k]))
			}
		}
	}
	exact := differ == 0 || p.cfg.Exact
	switch {
	case exact:
		p.rep.Mode = "exact"
	case p.cfg.Tolerance > 0:
		p.rep.Mode, p.rep.Tolerance = "tolerance", p.cfg.Tolerance
	default:
		p.rep.Mode, p.rep.Tolerance = "tolerance", max(minTolerance, 10*maxDelta)
	}
	if differ > 0 && p.cfg.Exact {
		p.note("%d of %d idle repeats differed from their first answer: with --exact each is a finding, and answers under load are compared exactly", differ, pairs)
	} else if !exact {
		p.note("%d of %d idle repeats differed from their first answer (logprobs of the tokens they agree on by up to %.3g): tolerance mode compares the first tokens and their logprobs within ±%.3g, up to the first near-tie",
			differ, pairs, maxDelta, p.rep.Tolerance)
	}
}

func failure(a *answer, err error) string {
	if err != nil {
		return err.Error()
	}
	if a == nil {
		return "no answer"
	}
	return a.refusal()
}

func sameAnswer(a, b *answer) bool {
	return a.Text == b.Text && a.Finish == b.Finish && slices.Equal(a.Tokens, b.Tokens) &&
		slices.EqualFunc(a.Logprobs, b.Logprobs, func(x, y float64) bool { return math.Float64bits(x) == math.Float64bits(y) })
}

// differs says how got differs from the idle answer, or "" when it does not beyond the mode.
func (p *prober) differs(idle, got *answer) string {
	if p.rep.Mode == "exact" {
		if sameAnswer(idle, got) {
			return ""
		}
		if k := firstDiff(idle.Tokens, got.Tokens); k >= 0 {
			return fmt.Sprintf("token %d differs: idle %q, now %q (idle text %q, now %q)", k, at(idle.Tokens, k), at(got.Tokens, k), cut(idle.Text, 120), cut(got.Text, 120))
		}
		if idle.Text != got.Text {
			return fmt.Sprintf("text differs: idle %q, now %q", cut(idle.Text, 120), cut(got.Text, 120))
		}
		for k := range min(len(idle.Logprobs), len(got.Logprobs)) {
			if math.Float64bits(idle.Logprobs[k]) != math.Float64bits(got.Logprobs[k]) {
				return fmt.Sprintf("logprob of token %d (%q) differs: idle %v, now %v", k, at(idle.Tokens, k), idle.Logprobs[k], got.Logprobs[k])
			}
		}
		return fmt.Sprintf("finish reason or logprob count differs: idle %q/%d, now %q/%d", idle.Finish, len(idle.Logprobs), got.Finish, len(got.Logprobs))
	}
	tol := p.rep.Tolerance
	if len(idle.Tokens) == 0 {
		// Without tokens only the start of the text can be held to.
		n := min(len(idle.Text), 16)
		if !strings.HasPrefix(got.Text, idle.Text[:n]) {
			return fmt.Sprintf("the answer starts differently: idle %q, now %q", cut(idle.Text, 120), cut(got.Text, 120))
		}
		return ""
	}
	for k := range idle.Tokens {
		if k >= len(got.Tokens) {
			if got.Finish != idle.Finish || k == 0 {
				return fmt.Sprintf("the answer ended after %d tokens, idle after %d", len(got.Tokens), len(idle.Tokens))
			}
			return ""
		}
		if idle.Tokens[k] != got.Tokens[k] {
			return fmt.Sprintf("token %d differs: idle %q, now %q, with no near-tie before it", k, idle.Tokens[k], got.Tokens[k])
		}
		if k < len(idle.Logprobs) && k < len(got.Logprobs) && math.Abs(idle.Logprobs[k]-got.Logprobs[k]) > tol {
			return fmt.Sprintf("logprob of token %d (%q) moved from %.4f to %.4f, beyond ±%.3g", k, idle.Tokens[k], idle.Logprobs[k], got.Logprobs[k], tol)
		}
		// Past a near-tie of the idle answer, batching noise may pick the other token.
		if margin(idle, k) < 2*tol {
			return ""
		}
	}
	return ""
}

// margin is how far the greedy token at k led the runner-up, +Inf when unknown.
func margin(a *answer, k int) float64 {
	if k >= len(a.Top) || len(a.Top[k]) < 2 {
		return math.Inf(1)
	}
	v := make([]float64, 0, len(a.Top[k]))
	for _, x := range a.Top[k] {
		v = append(v, x)
	}
	slices.Sort(v)
	return v[len(v)-1] - v[len(v)-2]
}

func firstDiff(a, b []string) int {
	for i := range max(len(a), len(b)) {
		if i >= len(a) || i >= len(b) || a[i] != b[i] {
			return i
		}
	}
	return -1
}

func at(s []string, i int) string {
	if i < len(s) {
		return s[i]
	}
	return "(none)"
}

// underLoad sends every tenant's probes again, in rounds, while noise workers load the endpoint,
// and compares each answer with its idle one.
func (p *prober) underLoad(ctx context.Context) {
	n := len(p.cfg.Keys)
	nctx, stop := context.WithCancel(ctx)
	var sent atomic.Int64
	var wg sync.WaitGroup
	workers := max(2, p.cfg.Concurrency-n)
	for w := range workers {
		rng := rand.New(rand.NewPCG(p.rng.Uint64(), uint64(w)))
		wg.Go(func() { p.noise(nctx, w%n, rng, &sent) })
	}
	// Let the noise fill the endpoint before the probes arrive.
	for deadline := time.Now().Add(2 * time.Second); sent.Load() < int64(workers) && time.Now().Before(deadline) && ctx.Err() == nil; {
		time.Sleep(10 * time.Millisecond)
	}
	for range p.pl.rounds {
		var rg sync.WaitGroup
		for t := range n {
			rng := rand.New(rand.NewPCG(p.rng.Uint64(), uint64(t)))
			rg.Go(func() { p.probeRound(ctx, t, rng) })
		}
		rg.Wait()
		if ctx.Err() != nil {
			break
		}
	}
	stop()
	wg.Wait()
}

// noise is one worker loading the endpoint as tenant: streams of the whole scale, prompts sharing
// the probes' public prefix, streams cut short, and long generations that hold KV pages. It stops
// when its share of the budgets is spent.
func (p *prober) noise(ctx context.Context, tenant int, rng *rand.Rand, sent *atomic.Int64) {
	c := p.scale()
	for ctx.Err() == nil && sent.Add(1) <= int64(p.pl.noiseCap) {
		var r request
		hangUp := 0
		switch rng.IntN(4) {
		case 0:
			r = request{Prompt: p.lengthPrompt(rng, max(c-24, 8)), MaxTokens: 16, Stream: true}
		case 1:
			prompt := extend(rng, p.shared, 16)
			if rng.IntN(2) == 0 {
				prompt = p.canaryPrompt(rng, tenant, rng.IntN(2))
			}
			r = request{Prompt: prompt, MaxTokens: 8}
		case 2:
			r, hangUp = request{Prompt: p.lengthPrompt(rng, max(c/2, 8)), MaxTokens: 64, Stream: true}, 1+rng.IntN(4)
		case 3:
			r = request{Prompt: p.lengthPrompt(rng, max(c*3/4-c/4, 8)), MaxTokens: min(max(c/4, 1), noiseLongGen), Stream: true}
		}
		if _, err := p.send(ctx, "noise", tenant, r, hangUp); errors.Is(err, errBudget) {
			return
		}
	}
}

func (p *prober) probeRound(ctx context.Context, t int, rng *rand.Rand) {
	for _, i := range rng.Perm(len(p.probes[t])) {
		pr := &p.probes[t][i]
		if pr.idle == nil {
			continue
		}
		time.Sleep(time.Duration(rng.IntN(30)) * time.Millisecond)
		a, err := p.send(ctx, CheckInvariance, t, pr.req, 0)
		if err != nil {
			if errors.Is(err, errBudget) || ctx.Err() != nil {
				return
			}
			p.note("tenant %d's %s probe under load: %v", t+1, pr.name, err)
			continue
		}
		if !a.ok() {
			p.note("tenant %d's %s probe under load: %s", t+1, pr.name, a.refusal())
			continue
		}
		if d := p.differs(pr.idle, a); d != "" {
			verdict, evidence := p.diffVerdict(t, a)
			what := "changed while other tenants loaded the endpoint"
			if verdict == VerdictNondeterminism {
				what = "differed from its idle twin under load (nondeterminism: no other tenant's content in it)"
			}
			p.find(fmt.Sprintf("invariance|%d|%s", t, pr.name), Finding{Check: CheckInvariance, Verdict: verdict, Tenant: t + 1,
				Summary: fmt.Sprintf("tenant %d's greedy %s answer %s", t+1, pr.name, what),
				Detail:  d + "; " + evidence, Reproduce: "send this as tenant " + fmt.Sprint(t+1) + " on an idle endpoint and again under load: " + p.repro(t, &pr.req)})
		}
	}
}

// aborts cuts streams of one tenant at random points and at once sends another tenant's follower
// probe of the same prompt length, whose answer must equal its idle one.
func (p *prober) aborts(ctx context.Context) {
	n := len(p.cfg.Keys)
	for e := range p.pl.abortEvents {
		x := e % n
		y := (x + 1 + (e/n)%(n-1)) % n
		f := &p.probes[y][firstFollower+e%2]
		if f.idle == nil {
			continue
		}
		r := request{Prompt: p.lengthPrompt(p.rng, f.length), MaxTokens: 32, Stream: true}
		var how string
		var err error
		if p.prefill > 0 && p.rng.IntN(3) == 0 {
			// A third of the cuts fall in the prefill, before any token: the incident's aborts did.
			d := time.Duration(p.rng.Float64() * (p.shortTTFT + float64(f.length)/p.prefill) * float64(time.Millisecond))
			how = fmt.Sprintf("hung up %.1f ms after sending, before the first token", ms(d))
			cctx, cancel := context.WithTimeout(ctx, d)
			_, err = p.send(cctx, CheckAbort, x, r, 0)
			cancel()
		} else {
			cutAt := 1 + p.rng.IntN(6)
			how = fmt.Sprintf("hung up after %d events", cutAt)
			_, err = p.send(ctx, CheckAbort, x, r, cutAt)
		}
		if errors.Is(err, errBudget) || ctx.Err() != nil {
			return
		}
		a, err := p.send(ctx, CheckAbort, y, f.req, 0)
		if err != nil || !a.ok() {
			if errors.Is(err, errBudget) || ctx.Err() != nil {
				return
			}
			p.note("tenant %d's %s probe after an abort: %s", y+1, f.name, failure(a, err))
			continue
		}
		if d := p.differs(f.idle, a); d != "" {
			verdict, evidence := p.diffVerdict(y, a)
			p.find(fmt.Sprintf("abort|%d|%s", y, f.name), Finding{Check: CheckAbort, Verdict: verdict, Tenant: y + 1,
				Summary: fmt.Sprintf("tenant %d's greedy answer changed right after tenant %d cut a stream of the same prompt length (%d tokens): it %s", y+1, x+1, f.length, how),
				Detail:  d + "; " + evidence, Reproduce: fmt.Sprintf("as tenant %d stream a %d-token prompt and hang up as above, then at once send as tenant %d: %s", x+1, f.length, y+1, p.repro(y, &f.req))})
		}
	}
}

// scanCanaries searches every answer for other tenants' canaries.
func (p *prober) scanCanaries() {
	p.mu.Lock()
	outs := p.outputs
	p.mu.Unlock()
	for _, o := range outs {
		p.mu.Lock()
		judged := p.judged[o.a]
		p.mu.Unlock()
		if judged {
			continue
		}
		for _, h := range p.canaries.find(o.text, o.tenant) {
			how := "verbatim"
			if !h.Exact {
				how = fmt.Sprintf("in part: %d of its %d 8-character pieces", h.Grams, canaryBody-gramLen+1)
			}
			p.find(fmt.Sprintf("canary|%d|%s", o.tenant, h.Canary), Finding{Check: CheckCanary, Tenant: o.tenant + 1,
				Summary: fmt.Sprintf("tenant %d's answer holds tenant %d's secret %s (%s)", o.tenant+1, h.Owner+1, h.Canary, how),
				Detail:  fmt.Sprintf("answer: %q", cut(o.text, 300)),
				Reproduce: fmt.Sprintf("rerun with --seed %d (the same keys in the same order); the answer came to: %s",
					p.cfg.Seed, p.repro(o.tenant, o.req))})
		}
	}
	p.mu.Lock()
	p.rep.Counts["canary_scanned_answers"] = len(outs) // the scan sends nothing of its own
	p.mu.Unlock()
}

// repro is a curl command that sends r as tenant, with the key left as $KEY_n so reports never
// hold keys. Bodies too long to paste are described instead.
func (p *prober) repro(tenant int, r *request) string {
	rr := *r
	if rr.Model == "" { // a LoRA adapter's name stays
		rr.Model = p.cfg.Model
	}
	b, _ := json.Marshal(rr)
	body := string(b)
	if len(body) > 1500 {
		length := "a text prompt"
		if ids, ok := r.Prompt.([]int); ok {
			length = fmt.Sprintf("%d random token ids", len(ids))
		}
		return fmt.Sprintf("(%s, max_tokens %d; kvwarden probe --seed %d regenerates it)", length, r.MaxTokens, p.cfg.Seed)
	}
	return fmt.Sprintf("curl -sS %s/completions -H \"Authorization: Bearer $KEY_%d\" -H 'Content-Type: application/json' -d '%s'",
		p.c.base, tenant+1, strings.ReplaceAll(body, "'", `'\''`))
}
