package bench

// The HTTP requests the serving benchmarks measure, and the bodies they send.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// reqResult is one request's measurements.
type reqResult struct {
	tenant        int
	adapter       int // index in ServeOptions.Adapters
	err           error
	ttft, e2e     time.Duration
	itl           []float64 // ms
	tokens        int
	promptTokens  int
	sawFirstChunk bool
}

// newBenchClient is the HTTP client of the measured requests, keeping conns connections open.
func newBenchClient(conns int) *http.Client {
	return &http.Client{Transport: &http.Transport{
		Proxy: nil, DisableCompression: true, MaxIdleConnsPerHost: conns, IdleConnTimeout: 30 * time.Second,
		DialContext: (&net.Dialer{Timeout: 5 * time.Second}).DialContext,
	}}
}

// withHeader sends header with every request of rt, which it otherwise leaves alone.
type withHeader struct {
	rt     *http.Transport
	header http.Header
}

func (w withHeader) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context()) // a RoundTripper must not change the request it was given
	for k, v := range w.header {
		r.Header[k] = v
	}
	return w.rt.RoundTrip(r)
}

func (w withHeader) CloseIdleConnections() { w.rt.CloseIdleConnections() }

// requestBody is a greedy completion request, EOS ignored: a prompt of n ids drawn from ids, or
// of `words` random words when ids is empty.
func requestBody(rng *rand.Rand, ids []int32, n, words int, model string, maxTokens int, stream bool) ([]byte, error) {
	var prompt any
	if len(ids) > 0 {
		p := make([]int32, n)
		for j := range p {
			p[j] = ids[rng.IntN(len(ids))]
		}
		prompt = p
	} else {
		prompt = textPrompt(rng, words)
	}
	m := map[string]any{"model": model, "prompt": prompt, "max_tokens": maxTokens, "temperature": 0, "ignore_eos": true}
	if stream {
		m["stream"], m["stream_options"] = true, map[string]any{"include_usage": true}
	}
	return json.Marshal(m)
}

// fetchModel asks /v1/models for the first model's id and context length (0 when not given).
func fetchModel(ctx context.Context, c *http.Client, base, key string) (int, string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/v1/models", nil)
	if err != nil {
		return 0, "", err
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	resp, err := c.Do(req)
	if err != nil {
		return 0, "", fmt.Errorf("server %s: %w", base, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode != http.StatusOK {
		return 0, "", fmt.Errorf("GET /v1/models: %s", httpError(resp.StatusCode, b))
	}
	var list struct {
		Data []struct {
			ID          string `json:"id"`
			MaxModelLen int    `json:"max_model_len"`
		} `json:"data"`
	}
	if err := json.Unmarshal(b, &list); err != nil || len(list.Data) == 0 {
		return 0, "", fmt.Errorf("GET /v1/models: no model listed")
	}
	return list.Data[0].MaxModelLen, list.Data[0].ID, nil
}

// newPost is a JSON POST with the tenant's key. A server may close a kept-alive connection while it
// is idle (llama-server does); a request that then fails before any answer never reached it, so it
// is marked replayable (an empty Idempotency-Key, which is not sent) for the transport to send it
// again on a fresh connection instead of failing it.
func newPost(ctx context.Context, url, key string, body []byte) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	req.Header["Idempotency-Key"] = nil
	return req, nil
}

// warmUp sends one request that is not streamed and returns the prompt tokens the server counted.
func warmUp(ctx context.Context, c *http.Client, url, key string, body []byte) (int, error) {
	req, err := newPost(ctx, url, key, body)
	if err != nil {
		return 0, err
	}
	resp, err := c.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode != http.StatusOK {
		return 0, errors.New(httpError(resp.StatusCode, b))
	}
	var r struct {
		Usage struct {
			PromptTokens int `json:"prompt_tokens"`
		} `json:"usage"`
	}
	json.Unmarshal(b, &r)
	return r.Usage.PromptTokens, nil
}

// httpError renders an error response: the OpenAI error message when there is one.
func httpError(status int, body []byte) string {
	var e struct {
		Error struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal(body, &e) == nil && e.Error.Message != "" {
		return fmt.Sprintf("HTTP %d: %s", status, e.Error.Message)
	}
	return fmt.Sprintf("HTTP %d", status)
}

// streamEvent is what RunServe reads of a completions stream event.
type streamEvent struct {
	Choices []struct {
		Text         string  `json:"text"`
		FinishReason *string `json:"finish_reason"`
	} `json:"choices"`
	Usage *struct {
		PromptTokens     int `json:"prompt_tokens"`
		CompletionTokens int `json:"completion_tokens"`
	} `json:"usage"`
	Error *struct {
		Message string `json:"message"`
	} `json:"error"`
}

// send runs one streaming completion and times its chunks as they are read.
func send(ctx context.Context, c *http.Client, url, key string, body []byte) reqResult {
	var r reqResult
	req, err := newPost(ctx, url, key, body)
	if err != nil {
		r.err = err
		return r
	}
	start := time.Now()
	resp, err := c.Do(req)
	if err != nil {
		r.err = err
		return r
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
		r.err = errors.New(httpError(resp.StatusCode, b))
		return r
	}
	br := bufio.NewReaderSize(resp.Body, 64<<10)
	var last time.Time
	chunks, done := 0, false
	for !done {
		line, err := br.ReadBytes('\n')
		now := time.Now()
		if len(line) == 0 && err != nil {
			if errors.Is(err, io.EOF) {
				err = errors.New("the stream ended without [DONE]")
			}
			r.err = err
			return r
		}
		data, ok := bytes.CutPrefix(bytes.TrimSpace(line), []byte("data:"))
		if !ok {
			continue
		}
		data = bytes.TrimSpace(data)
		if string(data) == "[DONE]" {
			done = true
			continue
		}
		var ev streamEvent
		if err := json.Unmarshal(data, &ev); err != nil {
			r.err = fmt.Errorf("malformed stream event: %v", err)
			return r
		}
		if ev.Error != nil {
			r.err = errors.New(ev.Error.Message)
			return r
		}
		if ev.Usage != nil {
			r.tokens, r.promptTokens = ev.Usage.CompletionTokens, ev.Usage.PromptTokens
		}
		for _, ch := range ev.Choices {
			if ch.FinishReason != nil || ch.Text == "" {
				continue
			}
			if !r.sawFirstChunk {
				r.sawFirstChunk, r.ttft = true, now.Sub(start)
			} else {
				r.itl = append(r.itl, float64(now.Sub(last))/1e6)
			}
			last = now
			chunks++
		}
	}
	r.e2e = time.Since(start)
	if !r.sawFirstChunk {
		r.ttft = r.e2e // no text at all: the first byte of output is the end
	}
	if r.tokens == 0 {
		r.tokens = chunks // a server that does not report usage
	}
	return r
}

// words build text prompts: common English words that are single tokens in most vocabularies.
var words = strings.Fields(`the of and to in is was for on that with as by at from his it an were are which
this be or has had first one their its new after who they have her she two been other when there all
during into school time may years more most only over city some world would where later up such used
many can state about national out known university united then made`)

// textPrompt is n-1 random words after a random number, so that no two prompts share a prefix
// (which a prefix cache would otherwise serve without computing).
func textPrompt(rng *rand.Rand, n int) string {
	var sb strings.Builder
	sb.WriteString(strconv.Itoa(rng.IntN(1_000_000)))
	for range n - 1 {
		sb.WriteByte(' ')
		sb.WriteString(words[rng.IntN(len(words))])
	}
	return sb.String()
}
