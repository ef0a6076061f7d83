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
//   - boundary: a handful of long prompts, from the advertised context down, find the context the
//     endpoint really serves; each served one must carry the right usage, a plausible time to
//     first token and none of the canary another tenant planted just before (boundary.go);
//   - abort: streams cut at random points must not change the next tenant's answers;
//   - side_channel: another tenant's prefix must not make a prompt measurably faster.
//
// Every finding carries a verdict (leak, side-channel, capacity, nondeterminism); only the first
// three are isolation failures. The run plans its requests within its budgets before the first
// generation request (plan.go) and never exceeds them; a check the budgets or the endpoint do not
// let run is reported as not run, which makes the run inconclusive.
//
// Run is the library entry; "kvwarden probe" wires it to flags.
package probe

import (
	"context"
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
	Exact  bool
	Trials int // side-channel trials, and the adapter check's (0: 12)
	// Adapters are LoRA adapter names, one per key in --key order (the adapter that tenant may
	// use), for the adapter check; none leaves the check out, else at least two keys need one.
	Adapters []string
	// Token budgets, hard: every request is charged before it is sent (max_tokens as output).
	// 0 takes the default: 16 advertised contexts (at least 4 Mi) of prompt, 256 Ki of output.
	MaxPromptTokens int64
	MaxOutputTokens int64
	RequestTimeout  time.Duration // one request, stream included (0: 5 minutes)
	Deadline        time.Duration // the whole run (0: none beyond ctx)
	// DryRun plans the run and returns the plan without sending a generation request (it reads
	// /v1/models and, for the context, /props and /get_model_info).
	DryRun     bool
	Progress   io.Writer
	HTTPClient *http.Client
}

// DefaultRequestTimeout bounds one request when Config.RequestTimeout is 0: a prefill of a
// million tokens takes minutes even on a fast endpoint.
const DefaultRequestTimeout = 5 * time.Minute

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
	CheckAdapter     = "adapter" // only with Config.Adapters (adapters.go)
)

// Finding is one observed leak or broken guarantee.
type Finding struct {
	Check     string `json:"check"`
	Verdict   string `json:"verdict"`
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

	DryRun       bool           `json:"dry_run"`
	Budgets      Budgets        `json:"budgets"`
	Plan         []PlannedCheck `json:"plan"`
	Scale        int            `json:"load_prompt_scale"` // prompt scale the invariance, abort and side-channel checks ran at
	Checks       []CheckStatus  `json:"checks"`
	Boundary     *Boundary      `json:"boundary,omitempty"`
	StreamErrors int            `json:"stream_errors"` // error events read inside HTTP-200 answers
	Timeouts     int            `json:"timeouts"`      // requests that got no answer within the request timeout
	Outcome      string         `json:"outcome"`       // "clean", "findings", "inconclusive" or "planned" (a dry run)
	ExitCode     int            `json:"exit_code"`     // 0 clean, 1 isolation findings, 2 inconclusive
	// NotStarted says why the run could not start: the configuration, or an endpoint that could
	// not be reached, refused a key, redirected, did not answer discovery within the request
	// timeout or answered no completion. The report is then inconclusive.
	NotStarted string `json:"not_started,omitempty"`
}

// Timings are the endpoint's measured speeds the checks judged against.
type Timings struct {
	ShortTTFTms      float64 `json:"short_ttft_ms"`
	PrefillTokPerSec float64 `json:"prefill_tokens_per_s"` // 0: too fast or noisy to measure
	CrossPrefixMs    float64 `json:"side_channel_cross_ms"`
	FreshPrefixMs    float64 `json:"side_channel_fresh_ms"`
	OwnPrefixMs      float64 `json:"side_channel_own_ms"`
	SideChannelP     float64 `json:"side_channel_p"`
	// Samples are the measured times to first token, in ms, by what was timed (calibration
	// short and long, side channel cross, fresh and own): the HTML report draws them.
	Samples map[string][]float64 `json:"ttft_samples_ms"`
}

// Run probes cfg.Endpoint and returns a report, whose Findings is empty when nothing was found
// and whose ExitCode is the gate's. The report comes on every return: when the run could not
// start it is inconclusive and says why (NotStarted), and the error is a *UsageError.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	base, err := checkConfig(&cfg)
	if err != nil {
		r := newReport(&cfg)
		r.couldNotStart(err)
		return r, err
	}
	if cfg.Deadline > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, cfg.Deadline, fmt.Errorf("the run's deadline of %v passed", cfg.Deadline))
		defer cancel()
	}
	// An endpoint that stops answering ends the run: the client cancels it.
	ctx, stall := context.WithCancelCause(ctx)
	defer stall(nil)
	p := &prober{cfg: cfg, rng: rand.New(rand.NewPCG(cfg.Seed, cfg.Seed^0x9e3779b97f4a7c15)), canaries: newCanarySet(), seen: map[string]int{},
		status: map[string]*CheckStatus{}, answeredBy: map[string]uint64{}, judged: map[*answer]bool{}}
	p.rep = newReport(&cfg)
	p.c = newClient(&cfg, base)
	p.c.onAnswer, p.c.onBreach = p.collect, p.breach
	p.c.onStall = func() {
		stall(fmt.Errorf("the endpoint stopped answering: %d requests in a row got no answer within %v", stallAfter, cfg.RequestTimeout))
	}
	p.setPhase("discover")
	stopProgress := p.progress()
	defer stopProgress()
	if err := p.discover(ctx); err != nil {
		return p.couldNotStart(err)
	}
	if err := p.makePlan(); err != nil {
		return p.couldNotStart(err)
	}
	if cfg.DryRun {
		p.note("dry run: the plan only; no generation request was sent")
		return p.finish(), nil
	}
	if err := p.discoverForms(ctx); err != nil {
		return p.couldNotStart(err)
	}
	steps := []struct {
		check string // whose status the step decides; "" a step that serves others
		phase string
		run   func(context.Context)
	}{
		{"", "calibrate", p.calibrate},
		{CheckBoundary, CheckBoundary, p.boundaries},
		{CheckInvariance, CheckInvariance + " (idle)", p.idle},
		{CheckSideChannel, CheckSideChannel, p.sideChannel},
		{CheckAdapter, CheckAdapter, p.adapterCheck},
		{CheckInvariance, CheckInvariance + " (load)", p.underLoad},
		{CheckAbort, CheckAbort, p.aborts},
	}
	for _, s := range steps {
		if st, ok := p.status[s.check]; ok && st.Status == StatusNotRun {
			continue // the plan left it out, and says why
		}
		if ctx.Err() != nil {
			p.incomplete(s.check, "not reached: "+context.Cause(ctx).Error())
			continue
		}
		p.setPhase(s.phase)
		s.run(ctx)
		if ctx.Err() != nil {
			p.incomplete(s.check, "cut short: "+context.Cause(ctx).Error())
		}
	}
	p.setPhase(CheckCanary)
	p.scanCanaries()
	if ctx.Err() != nil {
		p.note("the run ended early (%v); the checks it reached are reported", context.Cause(ctx))
	}
	return p.finish(), nil
}

func newReport(cfg *Config) *Report {
	return &Report{Endpoint: cfg.Endpoint, Tenants: len(cfg.Keys), Seed: cfg.Seed, Budget: cfg.Budget, DryRun: cfg.DryRun,
		Counts: map[string]int{}, Started: time.Now(), Notes: []string{}, Findings: []Finding{}, Plan: []PlannedCheck{}, Checks: []CheckStatus{},
		Timings: Timings{Samples: map[string][]float64{}}}
}

// couldNotStart ends the run with a report that says why it could not start.
func (p *prober) couldNotStart(err error) (*Report, error) {
	r := p.finish()
	r.couldNotStart(err)
	return r, err
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
	case cfg.MaxPromptTokens < 0 || cfg.MaxOutputTokens < 0:
		return "", usageErr("--max-prompt-tokens and --max-output-tokens must not be negative")
	case cfg.RequestTimeout < 0 || cfg.Deadline < 0:
		return "", usageErr("--request-timeout and --deadline must not be negative")
	case cfg.Exact && cfg.Tolerance > 0:
		return "", usageErr("--exact and --tolerance exclude each other")
	case len(cfg.Adapters) == 1 || len(cfg.Adapters) > len(cfg.Keys):
		return "", usageErr("--adapter: give one per --key, in their order, for at least two of them (got %d adapters for %d keys)", len(cfg.Adapters), len(cfg.Keys))
	}
	for i, a := range cfg.Adapters {
		if a == "" || strings.ContainsAny(a, "\r\n") {
			return "", usageErr("--adapter %d is empty or has a line break", i+1)
		}
	}
	if cfg.Trials == 0 {
		cfg.Trials = 12
	}
	if cfg.RequestTimeout == 0 {
		cfg.RequestTimeout = DefaultRequestTimeout
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
	ttftOff   string  // why the time-to-first-token check cannot run; "" it can
	calibLong int     // the long calibration prompt's length as served (the plan's, or shorter)
	retimed   int     // how often the prefill rate was measured again (retime)
	servedMax int     // the longest prompt answered correctly so far
	plantRep  int     // tokens of one repetition of the boundary's planted canary; 0 not yet measured

	probes [][]probeReq // per tenant: the requests compared idle vs loaded
	shared any          // the public prefix every tenant's prompts share

	pl         *plan
	status     map[string]*CheckStatus
	answeredBy map[string]uint64 // answer text → bit set of the tenants it was given to
	judged     map[*answer]bool  // answers a check already searched for canaries (the boundary's)
	findings   atomic.Int64
}

// output is one answer's text, kept for the canary scan.
type output struct {
	tenant int
	text   string
	req    *request
	a      *answer
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
	p.outputs = append(p.outputs, output{tenant: tenant, text: b.String(), req: r, a: a})
	if distinctive(a.Text) && tenant < 64 {
		p.answeredBy[a.Text] |= 1 << tenant
	}
	p.mu.Unlock()
}

// statusOf is check's status, complete until something says otherwise.
func (p *prober) statusOf(check string) *CheckStatus {
	p.mu.Lock()
	defer p.mu.Unlock()
	st, ok := p.status[check]
	if !ok {
		st = &CheckStatus{Check: check, Status: StatusComplete}
		p.status[check] = st
	}
	return st
}

// incomplete marks check partial (not run, at the end, when nothing of it was sent) and says why.
func (p *prober) incomplete(check, reason string) {
	if check == "" {
		return
	}
	st := p.statusOf(check)
	p.mu.Lock()
	defer p.mu.Unlock()
	if st.Status == StatusNotRun {
		return
	}
	st.Status = StatusPartial
	if !strings.Contains(st.Reason, reason) {
		st.Reason = strings.TrimPrefix(st.Reason+"; "+reason, "; ")
	}
}

func (p *prober) notRun(check, reason string) {
	st := p.statusOf(check)
	p.mu.Lock()
	defer p.mu.Unlock()
	st.Status, st.Reason = StatusNotRun, reason
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
	if f.Verdict == "" {
		f.Verdict = verdictOf[f.Check]
	}
	f.Why = whyOf(f)
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
		fmt.Fprintf(w, "\rprobe: %-18s %5d/%d requests, %d findings ", phase, p.c.sent.Load(), p.c.limit.Requests, p.findings.Load())
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
		a, err := p.c.complete(ctx, check, tenant, r, hangUpAfter)
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
