package server

import (
	"bufio"
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/testenv"
	"github.com/openai/openai-go/v3"
)

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	testenv.WaitFor(t, 5*time.Second, cond)
}

func TestAbort(t *testing.T) {
	eng := newFakeEngine()
	eng.abortAfter = 3
	env := start(t, eng, nil, nil)
	c := env.client(keyAlice)

	_, err := c.Completions.New(ctx(t), openai.CompletionNewParams{Model: model, Prompt: promptOf("abcdef"), MaxTokens: openai.Int(10)})
	ae := apiErr(t, err)
	if ae.StatusCode != 500 || ae.Code != "request_aborted" || strings.Contains(ae.Message, "page 7") {
		t.Fatalf("non-stream abort: %d %s %q", ae.StatusCode, ae.Code, ae.Message)
	}

	// Streaming: the text so far arrives, then an error event; never a finish reason, never [DONE].
	st := c.Chat.Completions.NewStreaming(ctx(t), openai.ChatCompletionNewParams{Model: model,
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("abcdef")}, N: openai.Int(2)})
	texts := map[int64]string{}
	for st.Next() {
		for _, ch := range st.Current().Choices {
			if ch.FinishReason != "" {
				t.Fatalf("finish reason %q on an aborted request", ch.FinishReason)
			}
			texts[ch.Index] += ch.Delta.Content
		}
	}
	if st.Err() == nil || !strings.Contains(st.Err().Error(), "request_aborted") {
		t.Fatalf("stream error %v", st.Err())
	}
	for i, text := range texts {
		if !strings.HasPrefix("abc", text) {
			t.Fatalf("choice %d text before abort %q", i, text)
		}
	}

	// Raw: the error event is the last thing on the wire.
	code, _, body := env.post("/v1/completions", keyAlice, `{"model":"fake-model","prompt":"abcdef","max_tokens":10,"stream":true}`)
	if code != 200 || strings.Contains(string(body), "[DONE]") || strings.Contains(string(body), `"finish_reason":"`) {
		t.Fatalf("raw abort stream: %s", body)
	}
	events := strings.Split(strings.TrimSpace(string(body)), "\n\n")
	if last := events[len(events)-1]; !strings.HasPrefix(last, `data: {"error":`) {
		t.Fatalf("last event %q", last)
	}
	if !strings.Contains(env.logs.String(), "isolation") {
		t.Fatal("abort reason not logged")
	}
}

// TestClientDisconnect: a client that goes away mid-stream cancels its engine request at once.
func TestClientDisconnect(t *testing.T) {
	eng := newFakeEngine()
	eng.delay = 10 * time.Millisecond
	env := start(t, eng, nil, nil)
	for _, stream := range []bool{true, false} {
		before := eng.closed.Load()
		rctx, cancel := context.WithCancel(context.Background())
		body := `{"model":"fake-model","prompt":"abc","max_tokens":200,"stream":` + map[bool]string{true: "true", false: "false"}[stream] + `}`
		req, _ := http.NewRequestWithContext(rctx, "POST", env.base+"/v1/completions", strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+keyAlice)
		errc := make(chan error, 1)
		go func() {
			resp, err := http.DefaultClient.Do(req)
			if err == nil {
				r := bufio.NewReader(resp.Body)
				_, err = r.ReadString('\n') // the first event
				if err == nil {
					cancel()
				}
				resp.Body.Close()
			}
			errc <- err
		}()
		if !stream {
			waitFor(t, func() bool { return eng.running.Load() == 1 })
			time.Sleep(30 * time.Millisecond)
			cancel()
		}
		<-errc
		start := time.Now()
		waitFor(t, func() bool { return eng.running.Load() == 0 })
		if d := time.Since(start); d > time.Second {
			t.Fatalf("engine request outlived the client by %v", d)
		}
		if eng.closed.Load() != before+1 || eng.finished.Load() != 0 {
			t.Fatalf("stream=%v: closed %d finished %d", stream, eng.closed.Load()-before, eng.finished.Load())
		}
		cancel()
	}
	// The server keeps serving.
	if _, err := env.client(keyAlice).Completions.New(ctx(t), openai.CompletionNewParams{Model: model, Prompt: promptOf("ok"), MaxTokens: openai.Int(2)}); err != nil {
		t.Fatal(err)
	}
}

// TestNoLeaksInLogs: prompts and outputs never reach the log; one tenant's request ids and
// content never appear in another's answers.
func TestNoLeaksInLogs(t *testing.T) {
	env := start(t, newFakeEngine(), nil, nil)
	// Its tail is no hex: request ids are random hex, and one may well hold four given digits.
	secret := "SECRET-alice-prompt-qxzw"
	if _, err := env.client(keyAlice).Completions.New(ctx(t), openai.CompletionNewParams{Model: model, Prompt: promptOf(secret), MaxTokens: openai.Int(30)}); err != nil {
		t.Fatal(err)
	}
	env.post("/v1/completions", keyAlice, `{"model":"fake-model","prompt":"`+secret+`","max_tokens":-1}`)
	env.post("/v1/completions", keyAlice, `{"model":"fake-model","prompt":"`+secret+`"`)
	env.post("/v1/chat/completions", keyAlice, `{"model":"fake-model","messages":[{"role":"wizard","content":"`+secret+`"}]}`)
	code, _, body := env.post("/v1/completions", keyBob, `{"model":"fake-model","prompt":"hi","max_tokens":3}`)
	if code != 200 || strings.Contains(string(body), "SECRET") {
		t.Fatalf("bob: %d %s", code, body)
	}
	logs := env.logs.String()
	if strings.Contains(logs, "SECRET") || strings.Contains(logs, "qxzw") {
		t.Fatalf("log holds a prompt or output:\n%s", logs)
	}
	if !strings.Contains(logs, "tenant=alice") || !strings.Contains(logs, "tenant=bob") {
		t.Fatalf("request lines missing:\n%s", logs)
	}
	// The operator's metrics name tenants on the per-tenant series only, and never content.
	code, _, body = env.metrics()
	if code != 200 || strings.Contains(string(body), "SECRET") {
		t.Fatalf("metrics leak content")
	}
	for _, line := range strings.Split(string(body), "\n") {
		if (strings.Contains(line, "alice") || strings.Contains(line, "bob")) && !strings.HasPrefix(line, "kvwarden_tenant_") {
			t.Fatalf("metrics name a tenant outside kvwarden_tenant_*: %s", line)
		}
	}
}
