//go:build incidentreplay

package replay

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"time"
)

// postCompletion posts body to base's /v1/completions as tenant key and returns the response
// and when the request was sent; on failure it records the error in e and returns nil.
func postCompletion(ctx context.Context, base, key string, body []byte, e *Entry) (*http.Response, time.Time) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/v1/completions", bytes.NewReader(body))
	if err != nil {
		e.Error = err.Error()
		return nil, time.Time{}
	}
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Content-Type", "application/json")
	t0 := time.Now()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.Error = err.Error()
		return nil, t0
	}
	return resp, t0
}

// complete sends one non-streaming completion, as a client would, and records what came back.
func complete(ctx context.Context, base, key string, prompt any, maxTokens int, start time.Time) Entry {
	e := Entry{At: time.Since(start)}
	if s, ok := prompt.(string); ok {
		e.PromptLen = len(s)
	}
	body, _ := json.Marshal(map[string]any{"model": "replay", "prompt": prompt, "max_tokens": maxTokens, "temperature": 0})
	resp, t0 := postCompletion(ctx, base, key, body, &e)
	if resp == nil {
		return e
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	e.Latency, e.Status = time.Since(t0), resp.StatusCode
	var out struct {
		Choices []struct {
			Text         string `json:"text"`
			FinishReason string `json:"finish_reason"`
		} `json:"choices"`
		Usage struct {
			PromptTokens     int `json:"prompt_tokens"`
			CompletionTokens int `json:"completion_tokens"`
		} `json:"usage"`
		Error *struct {
			Message string `json:"message"`
			Code    any    `json:"code"`
		} `json:"error"`
	}
	if err := json.Unmarshal(b, &out); err != nil {
		e.Error = fmt.Sprintf("unreadable answer: %v", err)
		return e
	}
	if out.Error != nil {
		e.Error = fmt.Sprintf("%v: %s", out.Error.Code, out.Error.Message)
	}
	if len(out.Choices) > 0 {
		e.Text, e.Finish = out.Choices[0].Text, out.Choices[0].FinishReason
	}
	e.PromptTokens, e.CompletionTokens = out.Usage.PromptTokens, out.Usage.CompletionTokens
	return e
}

// hangUp streams one completion and hangs up once the first token has arrived, as a client
// that cancels mid-generation does; it records what that client saw.
func hangUp(ctx context.Context, base, key string, prompt any, maxTokens int, start time.Time) Entry {
	e := Entry{At: time.Since(start), Error: "the client hung up after the first token"}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	body, _ := json.Marshal(map[string]any{"model": "replay", "prompt": prompt, "max_tokens": maxTokens, "temperature": 0, "stream": true,
		"ignore_eos": true}) // it must still be generating when it hangs up
	resp, t0 := postCompletion(ctx, base, key, body, &e)
	if resp == nil {
		return e
	}
	defer resp.Body.Close()
	e.Status = resp.StatusCode
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok || data == "[DONE]" {
			continue
		}
		var chunk struct {
			Choices []struct {
				Text string `json:"text"`
			} `json:"choices"`
		}
		if json.Unmarshal([]byte(data), &chunk) == nil && len(chunk.Choices) > 0 {
			e.Text, e.CompletionTokens = chunk.Choices[0].Text, 1
			break
		}
	}
	e.Latency = time.Since(t0)
	return e
}

// defenceMetrics scrapes an operator's /metrics and keeps the defence counters that are not zero
// (and the lines starting with also, if not empty).
func defenceMetrics(h http.Handler, also string) []string {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://localhost/metrics", nil))
	var out []string
	for _, l := range strings.Split(rec.Body.String(), "\n") {
		if (strings.HasPrefix(l, "kvwarden_defence_fired_total{") || also != "" && strings.HasPrefix(l, also)) && !strings.HasSuffix(l, " 0") {
			out = append(out, l)
		}
	}
	return out
}
