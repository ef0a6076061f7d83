// Package probe audits an OpenAI-compatible inference endpoint from the outside for cross-tenant
// leaks: it speaks only HTTP, as several tenants at once, and reports every answer that shows one
// tenant's data, cache or load reaching another.
//
// The checks, each named in its findings:
//
//   - invariance: greedy answers on an idle endpoint must equal those given while other tenants
//     send long prompts, share prefixes, cancel streams and push the KV pool past its limit;
//   - canary: random secrets in each tenant's prompts must never appear, wholly or in part, in
//     another tenant's outputs (canary.go);
//   - boundary: prompts around the advertised context are answered with the right usage and a
//     plausible time to first token, or refused with a clean 4xx;
//   - abort: streams cut at random points must not change the next tenant's answers;
//   - side_channel: another tenant's prefix must not make a prompt measurably faster.
//
// Run is the library entry; "kvwarden probe" wires it to flags.
package probe

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Config is one probe run.
type Config struct {
	Endpoint    string   // base URL of the API, with or without the /v1 suffix
	Keys        []string // one API key per tenant, at least two
	Model       string   // "" takes the first model /v1/models lists
	Context     int      // advertised context in tokens; 0 reads it from /v1/models
	Budget      int      // requests in all, every check and retry included
	Rate        float64  // requests started per second, at most
	Concurrency int      // requests in flight, at most
	Seed        uint64   // prompts, canaries and timings derive from it; 0 draws one
	Tolerance   float64  // logprob bound of tolerance mode; 0 learns it from idle repeats
	// Exact: the server promises bit-identical greedy answers (kvwarden does, ISOLATION.md
	// invariant 12), so an idle repeat that differs is itself an invariance finding, and answers
	// under load are compared exactly. Without it such repeats only select tolerance mode.
	Exact      bool
	Trials     int // side-channel trials (0: 12)
	Progress   io.Writer
	HTTPClient *http.Client
}

// UsageError is a run that could not start: bad configuration, an endpoint that cannot be
// reached or refuses the keys. It is not a finding.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

func usageErr(format string, a ...any) error { return &UsageError{fmt.Errorf(format, a...)} }

// Checks, as named in findings.
const (
	CheckInvariance  = "invariance"
	CheckCanary      = "canary"
	CheckBoundary    = "boundary"
	CheckAbort       = "abort"
	CheckSideChannel = "side_channel"
)

// Finding is one observed leak or broken guarantee.
type Finding struct {
	Check     string `json:"check"`
	Tenant    int    `json:"tenant"` // 1-based index of the key that saw it (the --key order)
	Summary   string `json:"summary"`
	Detail    string `json:"detail"`
	Why       string `json:"why_it_matters"`
	Reproduce string `json:"reproduce"`
	Count     int    `json:"count"` // times the same finding was seen in this run
}

// Report is the result of a run.
type Report struct {
	Endpoint      string         `json:"endpoint"`
	Model         string         `json:"model"`
	Context       int            `json:"context"`
	ContextSource string         `json:"context_source"`
	Tenants       int            `json:"tenants"`
	Seed          uint64         `json:"seed"`
	Mode          string         `json:"mode"` // "exact" or "tolerance"
	Tolerance     float64        `json:"tolerance,omitempty"`
	TokenPrompts  bool           `json:"token_prompts"` // prompts were token-id arrays, so lengths were exact
	Logprobs      bool           `json:"logprobs"`
	Budget        int            `json:"budget"`
	Requests      int            `json:"requests"`
	Counts        map[string]int `json:"counts"` // requests per check
	Started       time.Time      `json:"started"`
	Duration      time.Duration  `json:"duration_ns"`
	Timings       Timings        `json:"timings"`
	Notes         []string       `json:"notes"`
	Findings      []Finding      `json:"findings"`
}

// Timings are the endpoint's measured speeds the checks judged against.
type Timings struct {
	ShortTTFTms      float64 `json:"short_ttft_ms"`
	PrefillTokPerSec float64 `json:"prefill_tokens_per_s"` // 0: too fast or noisy to measure
	CrossPrefixMs    float64 `json:"side_channel_cross_ms"`
	FreshPrefixMs    float64 `json:"side_channel_fresh_ms"`
	OwnPrefixMs      float64 `json:"side_channel_own_ms"`
	SideChannelP     float64 `json:"side_channel_p"`
}

// Run probes cfg.Endpoint. It returns a *UsageError when the run could not start; otherwise
// a report, whose Findings is empty when nothing was found.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	base, err := checkConfig(&cfg)
	if err != nil {
		return nil, err
	}
	p := &prober{cfg: cfg, rng: rand.New(rand.NewPCG(cfg.Seed, cfg.Seed^0x9e3779b97f4a7c15)), canaries: newCanarySet(), seen: map[string]int{}}
	p.rep = &Report{Endpoint: cfg.Endpoint, Tenants: len(cfg.Keys), Seed: cfg.Seed, Budget: cfg.Budget,
		Counts: map[string]int{}, Started: time.Now(), Notes: []string{}, Findings: []Finding{}}
	p.c = newClient(&cfg, base)
	p.c.onAnswer = p.collect
	p.setPhase("discover")
	stopProgress := p.progress()
	defer stopProgress()
	if err := p.discover(ctx); err != nil {
		return nil, err
	}
	if err := p.plan(); err != nil {
		return nil, err
	}
	steps := []struct {
		phase string
		run   func(context.Context)
	}{
		{"calibrate", p.calibrate},
		{CheckInvariance + " (idle)", p.idle},
		{CheckBoundary, p.boundaries},
		{CheckSideChannel, p.sideChannel},
		{CheckInvariance + " (load)", p.underLoad},
		{CheckAbort, p.aborts},
	}
	for _, s := range steps {
		if ctx.Err() != nil {
			break
		}
		p.setPhase(s.phase)
		s.run(ctx)
	}
	p.setPhase(CheckCanary)
	p.scanCanaries()
	if err := ctx.Err(); err != nil {
		p.note("the run was interrupted (%v); the checks it reached are reported", err)
	}
	p.rep.Requests = int(p.c.sent.Load())
	p.rep.Duration = time.Since(p.rep.Started)
	return p.rep, nil
}

func checkConfig(cfg *Config) (string, error) {
	u, err := url.Parse(cfg.Endpoint)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", usageErr("--endpoint %q: want an http:// or https:// URL", cfg.Endpoint)
	}
	if len(cfg.Keys) < 2 {
		return "", usageErr("at least two --key (tenants) are needed, got %d", len(cfg.Keys))
	}
	seen := map[string]bool{}
	for i, k := range cfg.Keys {
		if k == "" || strings.ContainsAny(k, "\r\n") {
			return "", usageErr("--key %d is empty or has a line break", i+1)
		}
		if seen[k] {
			return "", usageErr("--key %d repeats an earlier key; each key must be another tenant", i+1)
		}
		seen[k] = true
	}
	switch {
	case cfg.Budget <= 0:
		return "", usageErr("--budget must be positive")
	case !(cfg.Rate > 0):
		return "", usageErr("--rate must be positive")
	case cfg.Concurrency <= 0:
		return "", usageErr("--concurrency must be positive")
	case cfg.Context < 0:
		return "", usageErr("--context must not be negative")
	case cfg.Tolerance < 0:
		return "", usageErr("--tolerance must not be negative")
	case cfg.Exact && cfg.Tolerance > 0:
		return "", usageErr("--exact and --tolerance exclude each other")
	}
	if cfg.Trials == 0 {
		cfg.Trials = 12
	}
	if cfg.Seed == 0 {
		cfg.Seed = rand.Uint64() | 1
	}
	base := strings.TrimRight(cfg.Endpoint, "/")
	if !strings.HasSuffix(base, "/v1") {
		base += "/v1"
	}
	return base, nil
}

// prober is the state of one run.
type prober struct {
	cfg Config
	c   *client
	rep *Report
	rng *rand.Rand // used only by the goroutine running the phases

	mu       sync.Mutex
	outputs  []output
	phase    string
	canaries *canarySet
	seen     map[string]int // finding key → index in rep.Findings

	tokens    bool    // the endpoint takes token-id prompts
	logprobs  bool    // and returns logprobs
	wordsA    float64 // text prompts: prompt_tokens ≈ wordsA + wordsB × words
	wordsB    float64
	shortTTFT float64 // ms, median TTFT of a short prompt
	prefill   float64 // tokens per ms beyond the short prompt; 0 unknown

	probes [][]probeReq // per tenant: the requests compared idle vs loaded
	shared any          // the public prefix every tenant's prompts share

	rounds, abortEvents, noiseCap int
	findings                      atomic.Int64
}

// output is one answer's text, kept for the canary scan.
type output struct {
	tenant int
	text   string
	req    *request
}

// probeReq is a request whose idle answer is the reference.
type probeReq struct {
	name   string
	req    request
	length int // prompt tokens (text prompts: the estimate)
	idle   *answer
}

func (p *prober) collect(tenant int, r *request, a *answer) {
	var b strings.Builder
	b.WriteString(a.Text)
	for _, t := range a.Tokens {
		b.WriteString(t)
	}
	b.WriteByte(' ')
	for _, m := range a.Top {
		for t := range m {
			b.WriteString(t)
			b.WriteByte(' ')
		}
	}
	p.mu.Lock()
	p.outputs = append(p.outputs, output{tenant: tenant, text: b.String(), req: r})
	p.mu.Unlock()
}

func (p *prober) count(check string) {
	p.mu.Lock()
	p.rep.Counts[check]++
	p.mu.Unlock()
}

func (p *prober) note(format string, a ...any) {
	p.mu.Lock()
	p.rep.Notes = append(p.rep.Notes, fmt.Sprintf(format, a...))
	p.mu.Unlock()
}

// find records f, or counts it again when a finding with the same key was already recorded: a
// leak that recurs every round is one finding seen many times, not a wall of repeats.
func (p *prober) find(key string, f Finding) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if i, ok := p.seen[key]; ok {
		p.rep.Findings[i].Count++
		return
	}
	f.Count = 1
	f.Why = why[f.Check]
	p.seen[key] = len(p.rep.Findings)
	p.rep.Findings = append(p.rep.Findings, f)
	p.findings.Add(1)
}

func (p *prober) setPhase(s string) {
	p.mu.Lock()
	p.phase = s
	p.mu.Unlock()
}

// progress writes a status line to cfg.Progress twice a second until stopped.
func (p *prober) progress() func() {
	w := p.cfg.Progress
	if w == nil {
		return func() {}
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	line := func() {
		p.mu.Lock()
		phase := p.phase
		p.mu.Unlock()
		fmt.Fprintf(w, "\rprobe: %-18s %5d/%d requests, %d findings ", phase, p.c.sent.Load(), p.cfg.Budget, p.findings.Load())
	}
	wg.Go(func() {
		t := time.NewTicker(500 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				line()
			}
		}
	})
	return func() {
		close(done)
		wg.Wait()
		line()
		fmt.Fprintln(w)
	}
}

// send is complete with the check's count, and retries a few times when the endpoint says it is
// overloaded (429, 503): a refusal is the endpoint's right, not a leak, but it leaves nothing to
// compare.
func (p *prober) send(ctx context.Context, check string, tenant int, r request, hangUpAfter int) (*answer, error) {
	for attempt := 0; ; attempt++ {
		p.count(check)
		a, err := p.c.complete(ctx, tenant, r, hangUpAfter)
		if err != nil || (a.Status != http.StatusTooManyRequests && a.Status != http.StatusServiceUnavailable) || attempt == 3 {
			return a, err
		}
		select {
		case <-time.After(time.Duration(100<<attempt) * time.Millisecond):
		case <-ctx.Done():
			return a, nil
		}
	}
}

// discover reads /v1/models as every tenant, then finds which prompt forms and logprobs the
// endpoint takes.
func (p *prober) discover(ctx context.Context) error {
	for t := range p.cfg.Keys {
		p.count("discover")
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
			p.rep.Context, p.rep.ContextSource = m.Context, "/v1/models"
		}
	}
	if p.cfg.Model == "" {
		return usageErr("/v1/models lists no model; name one with --model")
	}
	p.c.model, p.rep.Model = p.cfg.Model, p.cfg.Model
	if p.cfg.Context > 0 {
		p.rep.Context, p.rep.ContextSource = p.cfg.Context, "--context"
	}
	return p.discoverForms(ctx)
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

// plan splits the budget between the checks: the fixed costs first, then aborts, probe rounds
// under load and the noise that makes the load.
func (p *prober) plan() error {
	n := len(p.cfg.Keys)
	perTenant := probesPerTenant
	fixed := int(p.c.sent.Load()) + 2*calibReps + 2 + 2*n*perTenant + 4 + 4*p.cfg.Trials
	rest := p.cfg.Budget - fixed
	if rest < n*perTenant+20 {
		return usageErr("--budget %d is too small for %d tenants: at least %d requests are needed", p.cfg.Budget, n, fixed+n*perTenant+20)
	}
	p.abortEvents = min(max(rest/10, 2), 200)
	load := rest - 2*p.abortEvents
	p.rounds = min(max(load*2/5/(n*perTenant), 1), 30)
	p.noiseCap = load - p.rounds*n*perTenant
	return nil
}
