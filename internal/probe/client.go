package probe

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
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
	PromptTokens int           // usage.prompt_tokens; -1 when the response had no usage
	TTFT         time.Duration // streaming: until the first event carrying text; otherwise the whole request
	ErrBody      string        // the body of a non-200 answer, cut short
	StreamErr    string        // an error event inside an HTTP-200 answer (llama.cpp, vLLM, SGLang send them)
	Cut          bool          // the probe hung up on purpose
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

// spend is what one check (or the whole run) has sent.
type spend struct {
	Requests     int   `json:"requests"`
	PromptTokens int64 `json:"prompt_tokens"`
	OutputTokens int64 `json:"output_tokens"` // max_tokens asked for: the most the endpoint may generate
}

func (s spend) plus(o spend) spend {
	return spend{s.Requests + o.Requests, s.PromptTokens + o.PromptTokens, s.OutputTokens + o.OutputTokens}
}

// fits: s plus o stays within limit, whose zero fields are no limit.
func (s spend) fits(o, limit spend) bool {
	t := s.plus(o)
	return (limit.Requests == 0 || t.Requests <= limit.Requests) &&
		(limit.PromptTokens == 0 || t.PromptTokens <= limit.PromptTokens) &&
		(limit.OutputTokens == 0 || t.OutputTokens <= limit.OutputTokens)
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
}

func newClient(cfg *Config, base string) *client {
	hc := cfg.HTTPClient
	if hc == nil {
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.MaxIdleConnsPerHost = cfg.Concurrency
		hc = &http.Client{Transport: tr}
	}
	return &client{base: base, keys: cfg.Keys, model: cfg.Model, hc: hc, sem: make(chan struct{}, cfg.Concurrency),
		timeout: cfg.RequestTimeout, gap: time.Duration(float64(time.Second) / cfg.Rate),
		limit: spend{cfg.Budget, cfg.MaxPromptTokens, cfg.MaxOutputTokens}, spent: map[string]spend{}, textRate: 0.5}
}

// promptCost is what a prompt is charged before it is sent: token ids exactly, a text prompt by
// the most tokens per byte seen so far (corrected from the usage report afterwards).
func (c *client) promptCost(prompt any) int64 {
	switch v := prompt.(type) {
	case []int:
		return int64(len(v))
	case string:
		c.mu.Lock()
		defer c.mu.Unlock()
		return int64(math.Ceil(float64(len(v))*c.textRate)) + 8
	}
	return 0
}

// charge takes cost from the run's budgets and the check's share, or refuses with errBudget and
// takes nothing.
func (c *client) charge(check string, cost spend) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.total.fits(cost, c.limit) {
		return fmt.Errorf("%w: the run's", errBudget)
	}
	if a, ok := c.allot[check]; ok && !c.spent[check].fits(cost, a) {
		return fmt.Errorf("%w: the %s check's share", errBudget, check)
	}
	c.total = c.total.plus(cost)
	c.spent[check] = c.spent[check].plus(cost)
	c.sent.Add(int64(cost.Requests))
	return nil
}

// correct replaces a text prompt's estimate by the tokens the endpoint counted, and learns the
// endpoint's tokens per byte from it.
func (c *client) correct(check string, prompt any, charged int64, counted int) {
	s, ok := prompt.(string)
	if !ok || counted < 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	d := int64(counted) - charged
	c.total.PromptTokens += d
	sp := c.spent[check]
	sp.PromptTokens += d
	c.spent[check] = sp
	if len(s) > 0 {
		c.textRate = max(c.textRate, 1.1*float64(counted)/float64(len(s)))
	}
}

// remaining is what check may still send: the least of its share and the run's budgets (a zero
// field is no limit).
func (c *client) remaining(check string) spend {
	c.mu.Lock()
	defer c.mu.Unlock()
	left := func(limit, used int64) int64 {
		if limit == 0 {
			return math.MaxInt64
		}
		return max(limit-used, 0)
	}
	r := spend{int(left(int64(c.limit.Requests), int64(c.total.Requests))), left(c.limit.PromptTokens, c.total.PromptTokens), left(c.limit.OutputTokens, c.total.OutputTokens)}
	if a, ok := c.allot[check]; ok {
		s := c.spent[check]
		r.Requests = min(r.Requests, int(left(int64(a.Requests), int64(s.Requests))))
		r.PromptTokens = min(r.PromptTokens, left(a.PromptTokens, s.PromptTokens))
		r.OutputTokens = min(r.OutputTokens, left(a.OutputTokens, s.OutputTokens))
	}
	return r
}

func (c *client) spentBy(check string) spend {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.spent[check]
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
		return status, nil, cut(string(b), 300), nil
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
	r.Model = c.model
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
	a := &answer{Status: resp.StatusCode, PromptTokens: -1}
	if resp.StatusCode != http.StatusOK {
		b, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
		if timedOut(err) {
			return nil, c.failed(err, true)
		}
		c.answered()
		a.ErrBody = cut(string(b), 500)
		return a, nil
	}
	if !r.Stream {
		b, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
		if err != nil {
			return nil, c.failed(err, timedOut(err))
		}
		c.answered()
		a.TTFT = time.Since(start)
		if err := parseCompletion(b, a); err != nil {
			return nil, err
		}
		c.finish(check, tenant, &r, a, charged)
		return a, nil
	}
	events := 0
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data:")
		if !ok {
			continue
		}
		data = strings.TrimSpace(data)
		if data == "[DONE]" {
			break
		}
		had := len(a.Text) + len(a.Tokens)
		if err := parseChunk([]byte(data), a); err != nil {
			return nil, err
		}
		if a.StreamErr != "" {
			break
		}
		if a.TTFT == 0 && len(a.Text)+len(a.Tokens) > had {
			a.TTFT = time.Since(start)
		}
		events++
		if hangUpAfter > 0 && events >= hangUpAfter {
			a.Cut = true
			cancel()
			break
		}
	}
	if err := sc.Err(); err != nil && !a.Cut {
		return nil, c.failed(err, timedOut(err))
	}
	c.answered()
	c.finish(check, tenant, &r, a, charged)
	return a, nil
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

// modelInfo is one entry of /v1/models; Context is the first context field the entry has.
type modelInfo struct {
	ID      string
	Context int
	Field   string // which field Context came from
}

// parseModels reads /v1/models. Servers name the context differently: vLLM and kvwarden
// max_model_len, OpenRouter and others context_length, some max_context_length.
func parseModels(b []byte) ([]modelInfo, error) {
	var list struct {
		Data []map[string]json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(b, &list); err != nil {
		return nil, fmt.Errorf("/v1/models: %v", err)
	}
	var out []modelInfo
	for _, m := range list.Data {
		var mi modelInfo
		if err := json.Unmarshal(m["id"], &mi.ID); err != nil || mi.ID == "" {
			continue
		}
		for _, k := range []string{"max_model_len", "context_length", "max_context_length"} {
			var n float64
			if raw, ok := m[k]; ok && json.Unmarshal(raw, &n) == nil && n >= 1 && n <= 1<<30 {
				mi.Context, mi.Field = int(n), k
				break
			}
		}
		out = append(out, mi)
	}
	return out, nil
}

// parseServerContext reads the context length from a server's own information endpoint:
// llama.cpp's /props (default_generation_settings.n_ctx, the context of one slot, or a top-level
// n_ctx in newer builds) or SGLang's /get_model_info and /get_server_info (context_length,
// max_context_length or max_model_len where the build reports one). It returns 0 when b has none.
func parseServerContext(b []byte) (int, string) {
	var m map[string]json.RawMessage
	if json.Unmarshal(b, &m) != nil {
		return 0, ""
	}
	num := func(raw json.RawMessage) int {
		var n float64
		if json.Unmarshal(raw, &n) == nil && n >= 1 && n <= 1<<30 {
			return int(n)
		}
		return 0
	}
	var dgs map[string]json.RawMessage
	if json.Unmarshal(m["default_generation_settings"], &dgs) == nil {
		if n := num(dgs["n_ctx"]); n > 0 {
			return n, "default_generation_settings.n_ctx"
		}
	}
	for _, k := range []string{"n_ctx", "max_context_length", "context_length", "max_model_len"} {
		if n := num(m[k]); n > 0 {
			return n, k
		}
	}
	return 0, ""
}

type completionJSON struct {
	Choices []struct {
		Index    int    `json:"index"`
		Text     string `json:"text"`
		Logprobs *struct {
			Tokens        []string             `json:"tokens"`
			TokenLogprobs []*float64           `json:"token_logprobs"`
			TopLogprobs   []map[string]float64 `json:"top_logprobs"`
		} `json:"logprobs"`
		FinishReason *string `json:"finish_reason"`
	} `json:"choices"`
	Usage *struct {
		PromptTokens int `json:"prompt_tokens"`
	} `json:"usage"`
	Error  json.RawMessage `json:"error"`  // {"message": ...} or a string: an error sent in place of a chunk
	Object string          `json:"object"` // "error" for vLLM's and SGLang's error bodies
	Msg    string          `json:"message"`
}

// streamError is the message of an error sent as a response body or stream event, "" if r is none.
func (r *completionJSON) streamError() string {
	if len(r.Error) > 0 && string(r.Error) != "null" {
		var e struct {
			Message string `json:"message"`
		}
		var s string
		switch {
		case json.Unmarshal(r.Error, &e) == nil && e.Message != "":
			return cut(e.Message, 300)
		case json.Unmarshal(r.Error, &s) == nil && s != "":
			return cut(s, 300)
		}
		return cut(string(r.Error), 300)
	}
	if r.Object == "error" {
		return cut(cmp.Or(r.Msg, "error"), 300)
	}
	return ""
}

// parseCompletion fills a from a whole (non-streaming) completion response.
func parseCompletion(b []byte, a *answer) error {
	if err := parseChunk(b, a); err != nil {
		return err
	}
	if a.StreamErr == "" && a.Finish == "" && a.Text == "" && len(a.Tokens) == 0 {
		return fmt.Errorf("completion without choices: %s", cut(string(b), 200))
	}
	return nil
}

// parseChunk adds one response or stream event to a: choice 0's text, tokens and logprobs are
// appended, usage replaces. The probe only asks for one choice.
func parseChunk(b []byte, a *answer) error {
	var r completionJSON
	if err := json.Unmarshal(b, &r); err != nil {
		return fmt.Errorf("unreadable completion: %v: %s", err, cut(string(b), 200))
	}
	if e := r.streamError(); e != "" {
		a.StreamErr = e
		return nil
	}
	for _, ch := range r.Choices {
		if ch.Index != 0 {
			continue
		}
		a.Text += ch.Text
		if lp := ch.Logprobs; lp != nil {
			a.Tokens = append(a.Tokens, lp.Tokens...)
			for _, v := range lp.TokenLogprobs {
				f := 0.0
				if v != nil {
					f = *v
				}
				a.Logprobs = append(a.Logprobs, f)
			}
			a.Top = append(a.Top, lp.TopLogprobs...)
		}
		if ch.FinishReason != nil && *ch.FinishReason != "" {
			a.Finish = *ch.FinishReason
		}
	}
	if r.Usage != nil {
		a.PromptTokens = r.Usage.PromptTokens
	}
	return nil
}

func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
