package probe

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// errBudget is returned, without sending anything, when a request would take the run past
// --budget, --max-prompt-tokens or --max-output-tokens, or its check past the share the plan gave
// it.
var errBudget = errors.New("budget spent")

// errTimeout is a request that got no complete answer within --request-timeout.
var errTimeout = errors.New("no answer within the request timeout")

// stallAfter consecutive timeouts, with no answer between them, end the run: the endpoint has
// stopped answering, and waiting out every planned request would hang a deployment pipeline.
const stallAfter = 2

// request is one /v1/completions body. Temperature is always sent, as 0: the probe only ever
// asks for greedy answers, which are the ones that must not depend on other tenants.
type request struct {
	Model         string         `json:"model"`
	Prompt        any            `json:"prompt"` // a string or a []int of token ids
	MaxTokens     int            `json:"max_tokens"`
	Temperature   float64        `json:"temperature"`
	Logprobs      *int           `json:"logprobs,omitempty"`
	Stream        bool           `json:"stream,omitempty"`
	StreamOptions *streamOptions `json:"stream_options,omitempty"`
}

type streamOptions struct {
	IncludeUsage bool `json:"include_usage"`
}

// answer is what the probe keeps of one response.
type answer struct {
	Status       int
	Text         string
	Tokens       []string             // logprobs.tokens, when the endpoint returns them
	Logprobs     []float64            // logprobs.token_logprobs
	Top          []map[string]float64 // logprobs.top_logprobs
	Finish       string
	PromptTokens int // usage.prompt_tokens; -1 when the response had no usage
	// CachedTokens is usage.prompt_tokens_details.cached_tokens: the prompt tokens served from a
	// prefix cache; -1 when the response did not say.
	CachedTokens int
	// CompletionTokens is usage.completion_tokens, 0 when the response had none: more than the
	// max_tokens asked is an endpoint that ignores it.
	CompletionTokens int
	TTFT             time.Duration // streaming: until the first event carrying text; otherwise the whole request
	ErrBody          string        // the body of a non-200 answer, cut short
	StreamErr        string        // an error event inside an HTTP-200 answer (llama.cpp, vLLM, SGLang send them)
	Cut              bool          // the probe hung up on purpose
}

// ok is a complete answer: HTTP 200 without an error inside.
func (a *answer) ok() bool { return a != nil && a.Status == http.StatusOK && a.StreamErr == "" }

// refusal says how a request that got no complete answer was turned down.
func (a *answer) refusal() string {
	if a.StreamErr != "" {
		return "an error event inside its HTTP 200 stream: " + a.StreamErr
	}
	return fmt.Sprintf("HTTP %d %s", a.Status, a.ErrBody)
}

// client sends every request of a run: it holds the keys, the rate limiter, the concurrency
// bound and the budget, so no check can exceed what the operator allowed.
type client struct {
	base    string // ends in /v1
	keys    []string
	model   string
	hc      *http.Client
	sem     chan struct{}
	timeout time.Duration
	sent    atomic.Int64 // requests, for the progress line

	mu       sync.Mutex
	next     time.Time     // the earliest start of the next request
	gap      time.Duration // 1/rate
	limit    spend         // the run's budgets
	total    spend
	allot    map[string]spend // per check, from the plan; a check without one is bounded by limit only
	spent    map[string]spend
	textRate float64 // prompt tokens per byte of a text prompt, the most seen (reservations use it)

	streamErrors atomic.Int64
	timeouts     atomic.Int64
	inARow       atomic.Int64 // timeouts since the last answer
	onStall      func()       // called once inARow reaches stallAfter

	onAnswer func(tenant int, req *request, a *answer) // every answer, for the canary scan
	// onBreach: every completion that broke the API's contract (a redirect, an answer past what
	// was asked); it is not an answer and reaches no check.
	onBreach func(check string, tenant int, req *request, err error)
}

func newClient(cfg *Config, base string) *client {
	var hc http.Client
	if cfg.HTTPClient != nil {
		hc = *cfg.HTTPClient
	} else {
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.MaxIdleConnsPerHost = cfg.Concurrency
		hc.Transport = tr
	}
	// A redirect is never followed: its target is not the endpoint under audit, and Go would send
	// it the tenant's key (same host, any port or scheme). The 3xx itself is reported.
	hc.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &client{base: base, keys: cfg.Keys, model: cfg.Model, hc: &hc, sem: make(chan struct{}, cfg.Concurrency),
		timeout: cfg.RequestTimeout, gap: time.Duration(float64(time.Second) / cfg.Rate),
		limit: spend{cfg.Budget, cfg.MaxPromptTokens, cfg.MaxOutputTokens}, spent: map[string]spend{}, textRate: 0.5}
}

// acquire takes cost from the budgets, then waits for a concurrency slot and the rate limiter;
// release gives the slot back. A request that is never sent gives its cost back.
func (c *client) acquire(ctx context.Context, check string, cost spend) error {
	if err := c.charge(check, cost); err != nil {
		return err
	}
	refund := func() {
		c.mu.Lock()
		c.total = c.total.plus(spend{-cost.Requests, -cost.PromptTokens, -cost.OutputTokens})
		c.spent[check] = c.spent[check].plus(spend{-cost.Requests, -cost.PromptTokens, -cost.OutputTokens})
		c.mu.Unlock()
		c.sent.Add(-int64(cost.Requests))
	}
	select {
	case c.sem <- struct{}{}:
	case <-ctx.Done():
		refund()
		return ctx.Err()
	}
	c.mu.Lock()
	now := time.Now()
	start := now
	if c.next.After(now) {
		start = c.next
	}
	c.next = start.Add(c.gap)
	c.mu.Unlock()
	if d := start.Sub(now); d > 0 {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-t.C:
		case <-ctx.Done():
			<-c.sem
			refund()
			return ctx.Err()
		}
	}
	return nil
}

func (c *client) release() { <-c.sem }

// withTimeout bounds one request by --request-timeout; timedOut tells its own timeout from the
// caller's cancellation (a planned hang-up, the run's deadline).
func (c *client) withTimeout(ctx context.Context) (context.Context, context.CancelFunc, func(error) bool) {
	rctx, cancel := context.WithTimeoutCause(ctx, c.timeout, errTimeout)
	return rctx, cancel, func(err error) bool {
		return err != nil && ctx.Err() == nil && errors.Is(context.Cause(rctx), errTimeout)
	}
}

// failed records a request that ended in err; after stallAfter timeouts in a row the run ends.
func (c *client) failed(err error, timedOut bool) error {
	if !timedOut {
		return err
	}
	c.timeouts.Add(1)
	if c.inARow.Add(1) == stallAfter && c.onStall != nil {
		c.onStall()
	}
	return fmt.Errorf("%w (%v): %v", errTimeout, c.timeout, err)
}

func (c *client) answered() { c.inARow.Store(0) }

func (c *client) newHTTP(ctx context.Context, tenant int, method, path string, body []byte) (*http.Request, error) {
	var r io.Reader
	if body != nil {
		r = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, r)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+c.keys[tenant])
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return req, nil
}

// models lists /v1/models as the given tenant.
func (c *client) models(ctx context.Context, tenant int) (int, []modelInfo, string, error) {
	status, b, err := c.get(ctx, tenant, "/models")
	if err != nil {
		return 0, nil, "", err
	}
	if status != http.StatusOK {
		return status, nil, cut(strings.TrimSpace(string(b)), 300), nil
	}
	ms, err := parseModels(b)
	return status, ms, "", err
}

// get reads path as tenant: under the base (/v1) or, starting with "../", beside it, where
// llama.cpp's /props and SGLang's /get_model_info live.
func (c *client) get(ctx context.Context, tenant int, path string) (int, []byte, error) {
	if err := c.acquire(ctx, "discover", spend{Requests: 1}); err != nil {
		return 0, nil, err
	}
	defer c.release()
	rctx, cancel, timedOut := c.withTimeout(ctx)
	defer cancel()
	base := c.base
	if p, ok := strings.CutPrefix(path, "../"); ok {
		base, path = strings.TrimSuffix(c.base, "/v1"), "/"+p
	}
	req, err := http.NewRequestWithContext(rctx, http.MethodGet, base+path, nil)
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Authorization", "Bearer "+c.keys[tenant])
	resp, err := c.hc.Do(req)
	if err != nil {
		return 0, nil, c.failed(err, timedOut(err))
	}
	defer resp.Body.Close()
	if err := redirected(resp); err != nil {
		c.answered()
		return 0, nil, err
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return 0, nil, c.failed(err, timedOut(err))
	}
	c.answered()
	return resp.StatusCode, b, nil
}

// complete sends one completion as tenant. A stream request is read event by event so that its
// time to first token is known; hangUpAfter > 0 closes the connection after that many events.
func (c *client) complete(ctx context.Context, check string, tenant int, r request, hangUpAfter int) (*answer, error) {
	charged := c.promptCost(r.Prompt)
	if err := c.acquire(ctx, check, spend{1, charged, int64(r.MaxTokens)}); err != nil {
		return nil, err
	}
	defer c.release()
	if r.Model == "" { // a LoRA adapter's name, in the adapter check
		r.Model = c.model
	}
	body, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	rctx, cancel, timedOut := c.withTimeout(ctx)
	defer cancel()
	req, err := c.newHTTP(rctx, tenant, http.MethodPost, "/completions", body)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, c.failed(err, timedOut(err))
	}
	defer resp.Body.Close()
	if err := redirected(resp); err != nil {
		return nil, c.breach(check, tenant, &r, err)
	}
	a := &answer{Status: resp.StatusCode, PromptTokens: -1, CachedTokens: -1}
	if resp.StatusCode != http.StatusOK {
		b, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
		if timedOut(err) {
			return nil, c.failed(err, true)
		}
		c.answered()
		a.ErrBody = cut(strings.TrimSpace(string(b)), 500)
		return a, nil
	}
	if !r.Stream {
		err = readWhole(resp.Body, a, r.MaxTokens)
		a.TTFT = time.Since(start)
	} else {
		err = readStream(resp.Body, a, r.MaxTokens, start, hangUpAfter, cancel)
	}
	if over := (*overrunError)(nil); errors.As(err, &over) {
		return nil, c.breach(check, tenant, &r, err)
	}
	if err != nil {
		return nil, c.failed(err, timedOut(err))
	}
	c.answered()
	c.finish(check, tenant, &r, a, charged)
	return a, nil
}

// breach reports a completion that broke the API's contract and returns its error: the endpoint
// answered, but nothing it sent is judged.
func (c *client) breach(check string, tenant int, r *request, err error) error {
	c.answered()
	if c.onBreach != nil {
		c.onBreach(check, tenant, r, err)
	}
	return err
}

// readWhole reads a non-streamed completion, at most responseCaps' bytes of it.
func readWhole(body io.Reader, a *answer, maxTokens int) error {
	_, byteCap := responseCaps(maxTokens)
	b, err := io.ReadAll(io.LimitReader(body, byteCap+1))
	if err != nil {
		return err
	}
	if int64(len(b)) > byteCap {
		return overrun(maxTokens, fmt.Sprintf("a body of more than %d bytes", byteCap))
	}
	if err := parseCompletion(b, a); err != nil {
		return err
	}
	return beyondMaxTokens(a, maxTokens)
}

// readStream reads a stream's events into a, timing the first one that carries text; after
// hangUpAfter events (> 0) it hangs up on purpose, and an error event ends it. A stream longer
// than responseCaps allows for maxTokens, in bytes or in events carrying text, is an overrun: it
// is read no further, so an endless stream costs the probe at most those bytes.
func readStream(body io.Reader, a *answer, maxTokens int, start time.Time, hangUpAfter int, hangUp context.CancelFunc) error {
	tokenCap, byteCap := responseCaps(maxTokens)
	lim := &io.LimitedReader{R: body, N: byteCap + 1}
	overBytes := func() error { return overrun(maxTokens, fmt.Sprintf("a stream of more than %d bytes", byteCap)) }
	var text strings.Builder
	defer func() { a.Text = text.String() }()
	events, withText := 0, 0
	sc := bufio.NewScanner(lim)
	sc.Buffer(nil, int(byteCap)+1)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data:")
		if !ok {
			continue
		}
		data = strings.TrimSpace(data)
		if data == "[DONE]" {
			break
		}
		had := text.Len() + len(a.Tokens)
		if err := parseChunk([]byte(data), a, &text); err != nil {
			if lim.N <= 0 {
				return overBytes() // the cap cut this event short
			}
			return err
		}
		if a.StreamErr != "" {
			break
		}
		if text.Len()+len(a.Tokens) > had {
			withText++
			if a.TTFT == 0 {
				a.TTFT = time.Since(start)
			}
		}
		if withText > tokenCap || len(a.Tokens) > tokenCap {
			return overrun(maxTokens, fmt.Sprintf("more than %d events carrying text", tokenCap))
		}
		events++
		if hangUpAfter > 0 && events >= hangUpAfter {
			a.Cut = true
			hangUp()
			return nil
		}
	}
	if lim.N <= 0 {
		return overBytes()
	}
	if err := sc.Err(); err != nil {
		return err
	}
	return beyondMaxTokens(a, maxTokens)
}

// finish counts an in-stream error, corrects a text prompt's charge and hands the answer on.
func (c *client) finish(check string, tenant int, r *request, a *answer, charged int64) {
	if a.StreamErr != "" {
		c.streamErrors.Add(1)
	}
	c.correct(check, r.Prompt, charged, a.PromptTokens)
	if c.onAnswer != nil {
		c.onAnswer(tenant, r, a)
	}
}

func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
