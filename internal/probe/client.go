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

// errBudget is returned, without sending anything, once --budget requests have been sent.
var errBudget = errors.New("request budget spent")

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
	Cut          bool          // the probe hung up on purpose
}

// client sends every request of a run: it holds the keys, the rate limiter, the concurrency
// bound and the budget, so no check can exceed what the operator allowed.
type client struct {
	base   string // ends in /v1
	keys   []string
	model  string
	hc     *http.Client
	sem    chan struct{}
	budget int64
	sent   atomic.Int64

	mu   sync.Mutex
	next time.Time     // the earliest start of the next request
	gap  time.Duration // 1/rate

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
		budget: int64(cfg.Budget), gap: time.Duration(float64(time.Second) / cfg.Rate)}
}

// acquire waits for a concurrency slot and the rate limiter, and takes one request from the
// budget; release gives the slot back.
func (c *client) acquire(ctx context.Context) error {
	if c.sent.Add(1) > c.budget {
		c.sent.Add(-1)
		return errBudget
	}
	select {
	case c.sem <- struct{}{}:
	case <-ctx.Done():
		c.sent.Add(-1)
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
			return ctx.Err()
		}
	}
	return nil
}

func (c *client) release() { <-c.sem }

func (c *client) left() int64 { return c.budget - c.sent.Load() }

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
	if err := c.acquire(ctx); err != nil {
		return 0, nil, "", err
	}
	defer c.release()
	req, err := c.newHTTP(ctx, tenant, http.MethodGet, "/models", nil)
	if err != nil {
		return 0, nil, "", err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return 0, nil, "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return 0, nil, "", err
	}
	if resp.StatusCode != http.StatusOK {
		return resp.StatusCode, nil, cut(string(b), 300), nil
	}
	ms, err := parseModels(b)
	return resp.StatusCode, ms, "", err
}

// complete sends one completion as tenant. A stream request is read event by event so that its
// time to first token is known; hangUpAfter > 0 closes the connection after that many events.
func (c *client) complete(ctx context.Context, tenant int, r request, hangUpAfter int) (*answer, error) {
	if err := c.acquire(ctx); err != nil {
		return nil, err
	}
	defer c.release()
	r.Model = c.model
	body, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	rctx, cancel := context.WithCancel(ctx)
	defer cancel()
	req, err := c.newHTTP(rctx, tenant, http.MethodPost, "/completions", body)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	a := &answer{Status: resp.StatusCode, PromptTokens: -1}
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
		a.ErrBody = cut(string(b), 500)
		return a, nil
	}
	if !r.Stream {
		b, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
		if err != nil {
			return nil, err
		}
		a.TTFT = time.Since(start)
		if err := parseCompletion(b, a); err != nil {
			return nil, err
		}
		c.record(tenant, &r, a)
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
		return nil, err
	}
	c.record(tenant, &r, a)
	return a, nil
}

func (c *client) record(tenant int, r *request, a *answer) {
	if c.onAnswer != nil {
		c.onAnswer(tenant, r, a)
	}
}

// modelInfo is one entry of /v1/models; Context is the first context field the entry has.
type modelInfo struct {
	ID      string
	Context int
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
				mi.Context = int(n)
				break
			}
		}
		out = append(out, mi)
	}
	return out, nil
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
}

// parseCompletion fills a from a whole (non-streaming) completion response.
func parseCompletion(b []byte, a *answer) error {
	if err := parseChunk(b, a); err != nil {
		return err
	}
	if a.Finish == "" && a.Text == "" && len(a.Tokens) == 0 {
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
