package probe

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// fakeOpts shape a small OpenAI-compatible endpoint. Its "model" is deterministic: a text prompt
// is answered with its own last words (so canaries come back to their owner), a token-id prompt
// with tokens hashed from the prompt. Each leak flag breaks it the way a real server could.
type fakeOpts struct {
	context  int
	perToken time.Duration // prefill time per token not in the prefix cache

	staleEvery  int  // leak: every n-th answer of a tenant is another tenant's earlier answer
	overlong    bool // leak: over-long prompts are truncated, answered 200 at once
	sharedCache bool // leak: one prefix cache for all tenants
	loadDrift   bool // leak: greedy answers change while other requests are in flight
	noTokens    bool // takes text prompts only
	noise       bool // not a leak: logprobs wobble by 1e-6 between runs, like batched kernels
	noLogprobs  bool // returns no logprobs (llama.cpp's server)
	// adapterBlind: leak: the prefix cache is keyed by tenant only, not by "model" (a LoRA
	// adapter's name), as in vLLM #30931; otherwise each model has its own.
	adapterBlind bool

	// pool < context: the endpoint advertises more than its KV pool holds. A request that does
	// not fit the pool is refused (overPool "refuse"), refused by an error event inside an
	// HTTP-200 stream ("stream-error"), or answered at once from stale state: the tail of
	// another tenant's last text prompt ("stale").
	pool     int
	overPool string
	// countOnly: token-id prompts are counted, not tokenised (answers hash their length and
	// first ids), so prompts of a million tokens cost the test little.
	countOnly   bool
	freezeAfter int    // > 0: completions after this many are never answered
	busyFirst   int    // not a leak: the first n completions prefill ten times slower (a machine busy at first)
	contextVia  string // where the context is advertised: "" /v1/models, "props", "props-top", "sglang"

	// Hostile, not leaking: endless streams send tokens past max_tokens until the client hangs
	// up; hostile is written into the model's name and every error message.
	endless bool
	hostile string
	// redirect: answer "models" (GET /v1/models), "completions" (all of them) or "streams"
	// (streamed completions) with a redirect to redirectTo.
	redirect   string
	redirectTo string
}

type fake struct {
	o       fakeOpts
	keys    map[string]int
	mu      sync.Mutex
	cache   map[string]bool // scope + prompt-prefix blocks
	last    map[int]fakeAnswer
	lastTxt map[int][]string // each tenant's last text prompt
	count   map[int]int
	tokens  atomic.Int64 // prompt tokens received
	calls   atomic.Int64
	running atomic.Int64
	srv     *httptest.Server
}

type fakeAnswer struct {
	tokens []string
	lps    []float64
}

func newFake(t *testing.T, o fakeOpts, keys ...string) *fake {
	t.Helper()
	if o.context == 0 {
		o.context = 256
	}
	model := "fake-model" + o.hostile
	f := &fake{o: o, keys: map[string]int{}, cache: map[string]bool{}, last: map[int]fakeAnswer{}, lastTxt: map[int][]string{}, count: map[int]int{}}
	for i, k := range keys {
		f.keys[k] = i
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /v1/models", func(w http.ResponseWriter, r *http.Request) {
		if _, ok := f.auth(w, r); !ok {
			return
		}
		if o.redirect == "models" {
			http.Redirect(w, r, o.redirectTo, http.StatusFound)
			return
		}
		m := map[string]any{"id": model, "object": "model"}
		if o.contextVia == "" {
			m["max_model_len"] = o.context
		}
		json.NewEncoder(w).Encode(map[string]any{"object": "list", "data": []any{m}})
	})
	mux.HandleFunc("GET /props", func(w http.ResponseWriter, r *http.Request) {
		switch o.contextVia {
		case "props":
			fmt.Fprintf(w, `{"default_generation_settings":{"n_ctx":%d,"params":{}},"total_slots":4}`, o.context)
		case "props-top":
			fmt.Fprintf(w, `{"n_ctx":%d,"total_slots":4}`, o.context)
		default:
			http.NotFound(w, r)
		}
	})
	mux.HandleFunc("GET /get_model_info", func(w http.ResponseWriter, r *http.Request) {
		if o.contextVia != "sglang" {
			http.NotFound(w, r)
			return
		}
		fmt.Fprint(w, `{"model_path":"fake","is_generation":true}`) // SGLang's: no context here
	})
	mux.HandleFunc("GET /get_server_info", func(w http.ResponseWriter, r *http.Request) {
		if o.contextVia != "sglang" {
			http.NotFound(w, r)
			return
		}
		fmt.Fprintf(w, `{"context_length":%d,"max_total_num_tokens":%d}`, o.context, o.context/2)
	})
	mux.HandleFunc("POST /v1/completions", f.complete)
	f.srv = httptest.NewServer(mux)
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fake) auth(w http.ResponseWriter, r *http.Request) (int, bool) {
	t, ok := f.keys[strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")]
	if !ok {
		http.Error(w, `{"error":{"message":"bad key","type":"invalid_request_error"}}`, http.StatusUnauthorized)
	}
	return t, ok
}

func (f *fake) fail(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if f.o.hostile != "" { // raw, as a hostile endpoint writes it: no JSON escaping
		fmt.Fprintf(w, `{"error":{"message":"%s%s"}}`, msg, f.o.hostile)
		return
	}
	json.NewEncoder(w).Encode(map[string]any{"error": map[string]any{"message": msg, "type": "invalid_request_error"}})
}

func hash(parts ...string) uint64 {
	h := fnv.New64a()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return h.Sum64()
}

func (f *fake) complete(w http.ResponseWriter, r *http.Request) {
	tenant, ok := f.auth(w, r)
	if !ok {
		return
	}
	call := f.calls.Add(1)
	if f.o.freezeAfter > 0 && call > int64(f.o.freezeAfter) {
		io.Copy(io.Discard, r.Body) // read, so that the server notices the client leave
		<-r.Context().Done()        // frozen: never answers, holds the connection
		return
	}
	f.running.Add(1)
	defer f.running.Add(-1)
	var req struct {
		Model         string          `json:"model"`
		Prompt        json.RawMessage `json:"prompt"`
		MaxTokens     int             `json:"max_tokens"`
		Logprobs      *int            `json:"logprobs"`
		Stream        bool            `json:"stream"`
		StreamOptions *struct {
			IncludeUsage bool `json:"include_usage"`
		} `json:"stream_options"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.MaxTokens < 1 {
		f.fail(w, 400, "bad request")
		return
	}
	if f.o.redirect == "completions" || f.o.redirect == "streams" && req.Stream {
		http.Redirect(w, r, f.o.redirectTo, http.StatusTemporaryRedirect) // 307: the POST and its body are re-sent
		return
	}
	if f.o.noLogprobs {
		req.Logprobs = nil
	}
	var prompt []string
	var text string
	var ids []int
	switch {
	case json.Unmarshal(req.Prompt, &text) == nil:
		prompt = strings.Fields(text)
	case !f.o.noTokens && json.Unmarshal(req.Prompt, &ids) == nil:
		if f.o.countOnly && len(ids) > 64 {
			ids = append(ids[:32:32], len(ids))
		}
		for _, id := range ids {
			prompt = append(prompt, fmt.Sprint(id))
		}
	default:
		f.fail(w, 400, "prompt must be a string")
		return
	}
	if len(prompt) == 0 {
		f.fail(w, 400, "empty prompt")
		return
	}
	n := len(prompt)
	if f.o.countOnly && text == "" && len(prompt) == 33 {
		n = ids[32] // counted, not tokenised
	}
	f.tokens.Add(int64(n))
	if text != "" {
		f.mu.Lock()
		f.lastTxt[tenant] = prompt
		f.mu.Unlock()
	}
	cachedN := 0
	if f.o.pool > 0 && n+req.MaxTokens > f.o.pool && n+req.MaxTokens <= f.o.context {
		switch f.o.overPool {
		case "refuse":
			f.fail(w, 400, fmt.Sprintf("the request needs %d tokens, the KV pool holds %d", n+req.MaxTokens, f.o.pool))
			return
		case "stream-error":
			if req.Stream {
				w.Header().Set("Content-Type", "text/event-stream")
				fmt.Fprintf(w, "data: {\"error\":{\"message\":\"request (%d tokens) exceeds the available context size (%d tokens)\",\"type\":\"exceed_context_size_error\"}}\n\n", n, f.o.pool)
				fmt.Fprint(w, "data: [DONE]\n\n")
				return
			}
			f.fail(w, 400, "exceeds the available context size")
			return
		case "stale":
			f.mu.Lock()
			var stale []string
			for other, p := range f.lastTxt {
				if other != tenant {
					stale = p
				}
			}
			f.mu.Unlock()
			if len(stale) > 0 {
				prompt, text = stale, strings.Join(stale, " ") // computed from another request's state, at once
			}
		}
	} else {
		uncached := n
		if n+req.MaxTokens > f.o.context {
			if !f.o.overlong {
				f.fail(w, 400, "context_length_exceeded")
				return
			}
			prompt, n, uncached = prompt[:max(min(f.o.context-req.MaxTokens, len(prompt)), 0)], max(f.o.context-req.MaxTokens, 0), 0
		} else if !f.o.countOnly {
			cachedN = f.cached(tenant, req.Model, prompt)
			uncached = n - cachedN
		}
		d := time.Duration(uncached) * f.o.perToken
		if call <= int64(f.o.busyFirst) {
			d *= 10
		}
		time.Sleep(d)
	}

	ans := fakeAnswer{}
	for i := range req.MaxTokens {
		var tok string
		if text != "" {
			tok = " " + prompt[max(len(prompt)-req.MaxTokens, 0)+i%min(len(prompt), req.MaxTokens)]
		} else {
			tok = fmt.Sprintf(" w%d", hash(append(prompt, fmt.Sprint(i))...)%1000)
		}
		if f.o.loadDrift && i == 2 && f.running.Load() > 1 {
			tok = " drift"
		}
		lp := -float64(hash(tok, fmt.Sprint(i))%1000)/1000 - 0.1
		if f.o.noise && f.calls.Load()%2 == 0 {
			lp += 1e-6
		}
		ans.tokens = append(ans.tokens, tok)
		ans.lps = append(ans.lps, lp)
	}
	f.mu.Lock()
	f.count[tenant]++
	if f.o.staleEvery > 0 && f.count[tenant]%f.o.staleEvery == 0 {
		for other, a := range f.last {
			if other != tenant && len(a.tokens) > 0 {
				ans = a
				break
			}
		}
	}
	f.last[tenant] = ans
	f.mu.Unlock()

	usage := map[string]any{"prompt_tokens": n, "completion_tokens": len(ans.tokens), "prompt_tokens_details": map[string]int{"cached_tokens": cachedN}}
	choice := func(toks []string, lps []float64, finish any) map[string]any {
		c := map[string]any{"index": 0, "text": strings.Join(toks, ""), "finish_reason": finish}
		if req.Logprobs != nil {
			top := make([]map[string]float64, len(toks))
			for i := range toks {
				top[i] = map[string]float64{toks[i]: lps[i], " alt": lps[i] - 0.5}
			}
			c["logprobs"] = map[string]any{"tokens": toks, "token_logprobs": lps, "top_logprobs": top}
		} else {
			c["logprobs"] = nil
		}
		return c
	}
	if !req.Stream {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"object": "text_completion", "choices": []any{choice(ans.tokens, ans.lps, "length")}, "usage": usage})
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	fl := w.(http.Flusher)
	send := func(v any) bool {
		b, _ := json.Marshal(v)
		if _, err := fmt.Fprintf(w, "data: %s\n\n", b); err != nil {
			return false
		}
		fl.Flush()
		return r.Context().Err() == nil
	}
	for i := range ans.tokens {
		var finish any
		if i == len(ans.tokens)-1 && !f.o.endless {
			finish = "length"
		}
		if !send(map[string]any{"choices": []any{choice(ans.tokens[i:i+1], ans.lps[i:i+1], finish)}}) {
			return
		}
	}
	for f.o.endless {
		if !send(map[string]any{"choices": []any{choice([]string{" more"}, []float64{-0.1}, nil)}}) {
			return
		}
	}
	if req.StreamOptions != nil && req.StreamOptions.IncludeUsage {
		send(map[string]any{"choices": []any{}, "usage": usage})
	}
	fmt.Fprint(w, "data: [DONE]\n\n")
}

// cached is how many leading prompt tokens are in the prefix cache, in blocks of 16, and caches
// the rest; the cache is per tenant unless sharedCache, and per model unless adapterBlind.
func (f *fake) cached(tenant int, model string, prompt []string) int {
	scope := fmt.Sprint(tenant)
	if f.o.sharedCache {
		scope = "all"
	}
	if !f.o.adapterBlind {
		scope += "|" + model
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	hit := 0
	for n := 16; n <= len(prompt); n += 16 {
		k := scope + "|" + strings.Join(prompt[:n], ",")
		if f.cache[k] {
			if hit == n-16 {
				hit = n
			}
		} else {
			f.cache[k] = true
		}
	}
	return hit
}
