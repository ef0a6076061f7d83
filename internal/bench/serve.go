package bench

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"
)

// Defaults of ServeOptions' zero fields; the bench serve flags show the same.
const (
	DefaultServeClients      = 8
	DefaultServeRequests     = 32
	DefaultServePromptTokens = 230
	DefaultServeGenTokens    = 128
)

// ServeOptions choose the load RunServe offers. Zero values take the defaults.
type ServeOptions struct {
	URL         string   // the server's base URL, e.g. http://127.0.0.1:8080
	Keys        []string // API keys used round-robin, one per tenant; none: no Authorization header
	TenantNames []string // labels of Keys in the report; default tenant-1, tenant-2, ...
	Model       string   // the "model" field; empty: the first model /v1/models lists
	// Adapters, when set, are LoRA adapter names the requests' "model" goes round-robin over (the
	// warm-up request runs on Model), each reported on its own (ServeResult.PerAdapter).
	Adapters     []string
	Clients      int // concurrent requests (default DefaultServeClients)
	Requests     int // requests in all (default DefaultServeRequests)
	PromptTokens int // prompt length (default DefaultServePromptTokens)
	GenTokens    int // max_tokens, generated in full since EOS is ignored (default DefaultServeGenTokens)
	// TokenIDs, when set, are the ids prompts are drawn from and prompts are sent as token-id
	// arrays, which kvwarden accepts; otherwise prompts are random common English words, about
	// one token each in the usual vocabularies (the server's count is reported).
	TokenIDs []int32
	// Seed makes the prompts reproducible; 0 draws a fresh one, so that a second run against
	// the same server does not find the first run's prompts in its prefix cache.
	Seed     uint64
	Progress io.Writer // progress bar; nil shows none
	// Target names the server in the result (default: URL).
	Target string
	// Header is sent with every request besides the key: llm-d's x-prefiller-host-port makes
	// its pd-sidecar split each request between a prefill and a decode server.
	Header http.Header
}

// ShadowCounts is shadow verification's outcome over a run.
type ShadowCounts struct {
	Verified   uint64            `json:"verified"`
	Mismatches uint64            `json:"mismatches"`
	Pending    int               `json:"pending"` // samples still queued or running when the load ended
	Dropped    map[string]uint64 `json:"dropped"`
}

// TenantResult is one tenant's share of a serve run.
type TenantResult struct {
	Tenant          string  `json:"tenant"`
	Completed       int     `json:"completed"`
	Failed          int     `json:"failed"`
	GeneratedTokens int     `json:"generated_tokens"`
	E2EP50          float64 `json:"e2e_p50_ms"`
}

// ServeResult is the outcome of RunServe. Latencies are in milliseconds.
type ServeResult struct {
	Target       string      `json:"target"`
	Model        string      `json:"model"`
	Engine       *EngineInfo `json:"engine,omitempty"` // for an in-process server
	Clients      int         `json:"clients"`
	Requests     int         `json:"requests"`
	Tenants      int         `json:"tenants"`
	PromptTokens int         `json:"prompt_tokens"`
	GenTokens    int         `json:"gen_tokens"`
	PromptKind   string      `json:"prompt_kind"`            // "token_ids" or "text"
	PromptWords  int         `json:"prompt_words,omitempty"` // text prompts: words, sized to make about PromptTokens tokens

	Completed         int      `json:"completed"`
	Failed            int      `json:"failed"`
	Errors            []string `json:"errors,omitempty"` // distinct failure messages, at most 5
	DurationSec       float64  `json:"duration_s"`
	PromptTokensTotal int      `json:"prompt_tokens_total"` // as the server counted them
	GeneratedTokens   int      `json:"generated_tokens"`
	TokensPerSec      float64  `json:"generated_tokens_per_s"`
	RequestsPerSec    float64  `json:"requests_per_s"`

	// TTFT: from sending the request to the first streamed text. ITL: between successive
	// streamed chunks (a chunk is one token, except that text held back, e.g. an incomplete
	// UTF-8 character, arrives with the next). TPOT: (E2E - TTFT) / (tokens - 1) per request.
	TTFT Dist `json:"ttft"`
	ITL  Dist `json:"itl"`
	TPOT Dist `json:"tpot"`
	E2E  Dist `json:"e2e"`

	PerTenant []TenantResult `json:"per_tenant"`
	// PerAdapter is each adapter's share, when the requests were spread over ServeOptions.Adapters.
	PerAdapter []AdapterResult `json:"per_adapter,omitempty"`

	// Shadow is what shadow verification did during the run (an in-process server with
	// --shadow-fraction).
	Shadow *ShadowCounts `json:"shadow,omitempty"`
	// Speculation is what speculative decoding did during the run (an in-process server with
	// --speculative).
	Speculation *SpecCounts `json:"speculation,omitempty"`
}

// RunServe sends o.Requests streaming completions with o.Clients in flight at once, round-robin
// over the keys, and measures them. It fails only when it cannot start or no request completed;
// individual failures are counted in the result.
func RunServe(ctx context.Context, o ServeOptions) (*ServeResult, error) {
	base, err := o.check()
	if err != nil {
		return nil, err
	}
	keys := o.Keys
	if len(keys) == 0 {
		keys = []string{""} // dev mode: one open tenant
	}
	names := tenantLabels(o.TenantNames, len(keys))
	client := newBenchClient(o.Clients)
	defer client.CloseIdleConnections()
	if len(o.Header) > 0 {
		client.Transport = withHeader{client.Transport.(*http.Transport), o.Header}
	}

	res := &ServeResult{Target: o.Target, Model: o.Model, Clients: o.Clients, Requests: o.Requests, Tenants: len(keys),
		PromptTokens: o.PromptTokens, GenTokens: o.GenTokens, PromptKind: "text"}
	if res.Target == "" {
		res.Target = base
	}
	if len(o.TokenIDs) > 0 {
		res.PromptKind = "token_ids"
	}
	maxLen, model, err := fetchModel(ctx, client, base, keys[0])
	if err != nil {
		return nil, err
	}
	if res.Model == "" {
		res.Model = model
	}
	if maxLen > 0 && o.PromptTokens+o.GenTokens > maxLen {
		return nil, fmt.Errorf("prompt %d + gen %d tokens exceed the server's context of %d", o.PromptTokens, o.GenTokens, maxLen)
	}

	bodies, err := buildBodies(ctx, client, base, keys[0], &o, res)
	if err != nil {
		return nil, err
	}
	bar := newBar(o.Progress, o.Requests, "serve bench")
	results, elapsed := runClients(ctx, client, base+"/v1/completions", keys, bodies, o.Clients, bar)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	res.aggregate(results, names, elapsed)
	if len(o.Adapters) > 0 {
		for i := range results {
			results[i].adapter = i % len(o.Adapters)
		}
		res.PerAdapter = perAdapter(results, o.Adapters)
	}
	if res.Completed == 0 {
		return res, fmt.Errorf("every request failed: %s", strings.Join(res.Errors, "; "))
	}
	return res, nil
}

// tenantLabels returns names if it labels all n tenants, else tenant-1, tenant-2, ...
func tenantLabels(names []string, n int) []string {
	if len(names) == n {
		return names
	}
	names = make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("tenant-%d", i+1)
	}
	return names
}

// check fills o's zero fields with the defaults, checks them and returns the server's base URL.
func (o *ServeOptions) check() (string, error) {
	setDefault(&o.Clients, DefaultServeClients)
	setDefault(&o.Requests, DefaultServeRequests)
	setDefault(&o.PromptTokens, DefaultServePromptTokens)
	setDefault(&o.GenTokens, DefaultServeGenTokens)
	if o.Clients < 1 || o.Requests < 1 || o.PromptTokens < 1 || o.GenTokens < 1 {
		return "", errors.New("clients, requests, prompt tokens and gen tokens must be positive")
	}
	base := strings.TrimRight(o.URL, "/")
	if !strings.HasPrefix(base, "http://") && !strings.HasPrefix(base, "https://") {
		return "", fmt.Errorf("server URL %q: want http://HOST:PORT", o.URL)
	}
	return base, nil
}

// buildBodies sends the untimed warm-up request and builds the timed requests' bodies, up front
// so that the timed loop does only HTTP. It sets res.PromptWords.
func buildBodies(ctx context.Context, client *http.Client, base, key string, o *ServeOptions, res *ServeResult) ([][]byte, error) {
	rng := newRand(o.Seed)
	body := func(model string, maxTokens int, stream bool) ([]byte, error) {
		return requestBody(rng, o.TokenIDs, o.PromptTokens, res.PromptWords, model, maxTokens, stream)
	}
	// One untimed request first: the first request of a fresh server pays one-off costs. For text
	// prompts it also measures how many tokens a word makes, to size the prompts.
	res.PromptWords = o.PromptTokens
	warmBody, err := body(res.Model, 1, false)
	if err != nil {
		return nil, err
	}
	n, err := warmUp(ctx, client, base+"/v1/completions", key, warmBody)
	if err != nil {
		return nil, fmt.Errorf("warm-up request: %w", err)
	}
	if len(o.TokenIDs) > 0 {
		res.PromptWords = 0
	} else if n > 0 {
		res.PromptWords = max(1, int(float64(o.PromptTokens)*float64(o.PromptTokens)/float64(n)+0.5))
	}
	bodies := make([][]byte, o.Requests)
	for i := range bodies {
		model := res.Model
		if len(o.Adapters) > 0 {
			model = o.Adapters[i%len(o.Adapters)]
		}
		if bodies[i], err = body(model, o.GenTokens, true); err != nil {
			return nil, err
		}
	}
	return bodies, nil
}

// runClients sends the bodies to url from clients goroutines at once, round-robin over the keys,
// until all are sent or ctx ends, and returns each request's measurements and the wall time.
func runClients(ctx context.Context, client *http.Client, url string, keys []string, bodies [][]byte, clients int, progress *bar) ([]reqResult, time.Duration) {
	results := make([]reqResult, len(bodies))
	next := make(chan int)
	var wg sync.WaitGroup
	start := time.Now()
	for range clients {
		wg.Go(func() {
			for i := range next {
				results[i] = send(ctx, client, url, keys[i%len(keys)], bodies[i])
				results[i].tenant = i % len(keys)
				progress.add()
			}
		})
	}
feed:
	for i := range bodies {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	elapsed := time.Since(start)
	progress.finish()
	return results, elapsed
}

func (res *ServeResult) aggregate(results []reqResult, names []string, elapsed time.Duration) {
	var ttft, itl, tpot, e2e []float64
	per := make([]TenantResult, len(names))
	perE2E := make([][]float64, len(names))
	for i := range per {
		per[i].Tenant = names[i]
	}
	for _, r := range results {
		t := &per[r.tenant]
		if r.err != nil {
			res.Failed++
			t.Failed++
			if msg := r.err.Error(); len(res.Errors) < 5 && !slices.Contains(res.Errors, msg) {
				res.Errors = append(res.Errors, msg)
			}
			continue
		}
		res.Completed++
		t.Completed++
		t.GeneratedTokens += r.tokens
		res.GeneratedTokens += r.tokens
		res.PromptTokensTotal += r.promptTokens
		ms := func(d time.Duration) float64 { return float64(d) / 1e6 }
		ttft = append(ttft, ms(r.ttft))
		e2e = append(e2e, ms(r.e2e))
		perE2E[r.tenant] = append(perE2E[r.tenant], ms(r.e2e))
		itl = append(itl, r.itl...)
		if r.tokens > 1 {
			tpot = append(tpot, ms(r.e2e-r.ttft)/float64(r.tokens-1))
		}
	}
	for i := range per {
		if len(perE2E[i]) > 0 {
			per[i].E2EP50 = Median(perE2E[i])
		}
	}
	res.PerTenant = per
	res.DurationSec = elapsed.Seconds()
	res.TokensPerSec = float64(res.GeneratedTokens) / res.DurationSec
	res.RequestsPerSec = float64(res.Completed) / res.DurationSec
	res.TTFT, res.ITL, res.TPOT, res.E2E = Summarize(ttft), Summarize(itl), Summarize(tpot), Summarize(e2e)
}
