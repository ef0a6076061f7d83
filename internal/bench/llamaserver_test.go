//go:build devtools

package bench

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/signal"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeLlamaServerEnv, when set, makes the test binary act as llama-server (see
// fakeLlamaServer); its value is a file it writes its arguments to.
const fakeLlamaServerEnv = "KVWARDEN_FAKE_LLAMA_SERVER"

// fakeLlamaServer takes llama-server's flags and serves fakeLlamaAPI until interrupted; its
// /health answers 503 (loading) for its first 300 ms.
func fakeLlamaServer(log string, args []string) int {
	os.WriteFile(log, []byte(strings.Join(args, " ")), 0o644)
	if os.Getenv(fakeLlamaServerEnv+"_FAIL") != "" {
		fmt.Fprintln(os.Stderr, "main: error: failed to load model")
		return 1
	}
	fs := flag.NewFlagSet("llama-server", flag.ContinueOnError)
	host := fs.String("host", "", "")
	port := fs.String("port", "", "")
	for _, f := range []string{"m", "np", "c", "t", "ctk", "ctv"} {
		fs.String(f, "", "")
	}
	if err := fs.Parse(args); err != nil || *host != "127.0.0.1" {
		fmt.Fprintln(os.Stderr, "want --host 127.0.0.1:", err)
		return 2
	}
	start := time.Now()
	api := fakeLlamaAPI(true, nil)
	srv := &http.Server{Addr: *host + ":" + *port, Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/health" && time.Since(start) < 300*time.Millisecond {
			http.Error(w, `{"error":{"code":503,"message":"Loading model"}}`, http.StatusServiceUnavailable)
			return
		}
		api.ServeHTTP(w, r)
	})}
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt)
	go func() { <-stop; srv.Close() }()
	if err := srv.ListenAndServe(); err != http.ErrServerClosed {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// fakeLlamaAPI answers as llama-server (c392e50) does: /health, /v1/models without
// max_model_len, and /v1/completions whose stream sends a chunk per token, then one with the
// finish reason (and the usage when usage is set), then [DONE]. prompts, when not nil, gets each
// completion request's prompt.
func fakeLlamaAPI(usage bool, prompts func(json.RawMessage)) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /health", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, `{"status":"ok"}`) })
	mux.HandleFunc("GET /v1/models", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"object":"list","data":[{"id":"m.gguf","object":"model","owned_by":"llamacpp","meta":{"n_ctx_train":2048}}]}`)
	})
	mux.HandleFunc("POST /v1/completions", func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Prompt    json.RawMessage `json:"prompt"`
			MaxTokens int             `json:"max_tokens"`
			Stream    bool            `json:"stream"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		if prompts != nil {
			prompts(req.Prompt)
		}
		var ids []int32
		var text string
		promptTokens := 0
		if json.Unmarshal(req.Prompt, &ids) == nil {
			promptTokens = len(ids)
		} else if json.Unmarshal(req.Prompt, &text) == nil {
			promptTokens = len(strings.Fields(text)) + 1 // and a BOS
		}
		u := fmt.Sprintf(`"usage":{"completion_tokens":%d,"prompt_tokens":%d,"total_tokens":%d}`, req.MaxTokens, promptTokens, req.MaxTokens+promptTokens)
		if !req.Stream {
			fmt.Fprintf(w, `{"choices":[{"text":"%s","index":0,"finish_reason":"length"}],"object":"text_completion",%s}`, strings.Repeat(" x", req.MaxTokens), u)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		for range req.MaxTokens {
			fmt.Fprint(w, "data: {\"choices\":[{\"text\":\" x\",\"index\":0,\"logprobs\":null,\"finish_reason\":null}],\"object\":\"text_completion\"}\n\n")
			w.(http.Flusher).Flush()
			time.Sleep(time.Millisecond)
		}
		last := `"choices":[{"text":"","index":0,"logprobs":null,"finish_reason":"length"}],"object":"text_completion"`
		if usage {
			last += "," + u + `,"timings":{"prompt_n":1}`
		}
		fmt.Fprintf(w, "data: {%s}\n\ndata: [DONE]\n\n", last)
	})
	return mux
}

// TestServeAgainstLlamaServerAPI: bench serve --addr counts llama-server's tokens from the
// stream's usage, or from its chunks when there is none.
func TestServeAgainstLlamaServerAPI(t *testing.T) {
	for _, c := range []struct {
		name  string
		usage bool
		ids   []int32
	}{
		{"usage, token ids", true, []int32{5, 6, 7}},
		{"usage, text", true, nil},
		{"no usage: chunks counted", false, []int32{5, 6, 7}},
	} {
		srv := httptest.NewServer(fakeLlamaAPI(c.usage, nil))
		res, err := RunServe(testContext(t), ServeOptions{URL: srv.URL, Clients: 2, Requests: 4, PromptTokens: 10, GenTokens: 6, TokenIDs: c.ids})
		srv.Close()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if res.Completed != 4 || res.Failed != 0 || res.GeneratedTokens != 4*6 || res.Model != "m.gguf" || res.TTFT.N != 4 || res.E2E.P99 <= 0 {
			t.Errorf("%s: %+v", c.name, res)
		}
		if c.usage && c.ids != nil && res.PromptTokensTotal != 4*10 {
			t.Errorf("%s: %d prompt tokens, want 40", c.name, res.PromptTokensTotal)
		}
	}
}

// TestServeCompare offers two fake servers the comparison's load: they must get the same prompts
// in each pair of runs and fresh ones in the next.
func TestServeCompare(t *testing.T) {
	var mu sync.Mutex
	got := map[string][]string{}
	record := func(side string) func(json.RawMessage) {
		return func(p json.RawMessage) {
			mu.Lock()
			got[side] = append(got[side], string(p))
			mu.Unlock()
		}
	}
	ours := httptest.NewServer(fakeLlamaAPI(true, record("ours")))
	defer ours.Close()
	theirs := httptest.NewServer(fakeLlamaAPI(false, record("theirs")))
	defer theirs.Close()
	const reps, requests = 2, 5
	res, err := RunServeCompare(testContext(t), ServeCompareOptions{
		Ours:  ServeOptions{URL: ours.URL, Keys: []string{"k1"}, Clients: 2, Requests: requests, PromptTokens: 8, GenTokens: 4, TokenIDs: []int32{10, 11, 12, 13, 14, 15, 16, 17}},
		Llama: theirs.URL, Reps: reps, Commands: []string{"kvwarden bench serve", "llama-server -m m.gguf"},
	})
	if err != nil {
		t.Fatal(err)
	}
	// Each run: one warm-up request, then the timed ones.
	per := 1 + requests
	if len(got["ours"]) != reps*per || len(got["theirs"]) != reps*per {
		t.Fatalf("requests: ours %d, theirs %d, want %d each", len(got["ours"]), len(got["theirs"]), reps*per)
	}
	var runs [][]string
	for i := range reps {
		a := slices.Sorted(slices.Values(got["ours"][i*per : (i+1)*per]))
		b := slices.Sorted(slices.Values(got["theirs"][i*per : (i+1)*per]))
		if !slices.Equal(a, b) {
			t.Errorf("pair %d: the servers got different prompts", i)
		}
		runs = append(runs, a)
	}
	if slices.Equal(runs[0], runs[1]) {
		t.Error("the second pair reused the first pair's prompts")
	}
	if len(res.Figures) != 4 || res.Figures[0].Name != "generated tokens/s" || res.Figures[3].Name != "TTFT p50" {
		t.Fatalf("figures %+v", res.Figures)
	}
	for _, f := range res.Figures {
		if len(f.Kvwarden.Reps) != reps || len(f.LlamaCpp.Reps) != reps || len(f.Ratio.Reps) != reps || f.Ratio.Median <= 0 {
			t.Errorf("%s: %+v", f.Name, f)
		}
	}
	var text strings.Builder
	WriteServeCompare(&text, res)
	for _, want := range []string{"E2E p99 (ms)", "kvwarden / llama-server", "  llama-server -m m.gguf\n"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, text.String())
		}
	}

	// A server whose requests fail stops the comparison.
	broken := httptest.NewServer(http.NotFoundHandler())
	defer broken.Close()
	if _, err := RunServeCompare(testContext(t), ServeCompareOptions{Ours: ServeOptions{URL: ours.URL, Requests: 2, Clients: 1}, Llama: broken.URL, Reps: 1}); err == nil || !strings.Contains(err.Error(), "llama-server rep 1") {
		t.Errorf("broken llama-server: %v", err)
	}
}

// TestStartLlamaServer starts the fake llama-server binary: on loopback, with the slots and
// context asked for, ready only once /health says so, and gone after Close.
func TestStartLlamaServer(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	log := t.TempDir() + "/args"
	t.Setenv(fakeLlamaServerEnv, log)
	o := LlamaServerOptions{Path: exe, Model: "m.gguf", Threads: 2, KVType: "f16", Slots: 8, SlotCtx: 400, Ready: 10 * time.Second}
	start := time.Now()
	ls, err := StartLlamaServer(testContext(t), o)
	if err != nil {
		t.Fatal(err)
	}
	if waited := time.Since(start); waited < 300*time.Millisecond {
		t.Errorf("ready after %v, before the fake's /health said so", waited)
	}
	args, _ := os.ReadFile(log)
	if want := " --host 127.0.0.1 --port "; !strings.Contains(string(args), want) || !strings.Contains(string(args), "-np 8 -c 3200 -t 2 -ctk f16 -ctv f16") {
		t.Errorf("arguments %q", args)
	}
	if !strings.HasPrefix(ls.URL, "http://127.0.0.1:") || !strings.Contains(ls.Command, ls.URL[len("http://127.0.0.1:"):]) {
		t.Errorf("URL %s, command %s", ls.URL, ls.Command)
	}
	res, err := RunServe(testContext(t), ServeOptions{URL: ls.URL, Clients: 2, Requests: 2, PromptTokens: 4, GenTokens: 3, TokenIDs: []int32{9}})
	if err != nil || res.GeneratedTokens != 6 {
		t.Fatalf("serve against the started server: %v, %+v", err, res)
	}
	ls.Close()
	select {
	case <-ls.exited:
	default:
		t.Error("the server is still running after Close")
	}

	t.Setenv(fakeLlamaServerEnv+"_FAIL", "1")
	if _, err := StartLlamaServer(testContext(t), o); err == nil || !strings.Contains(err.Error(), "failed to load model") {
		t.Errorf("a server that exits: %v", err)
	}
	if _, err := StartLlamaServer(context.Background(), LlamaServerOptions{Path: exe}); err == nil {
		t.Error("no slots accepted")
	}
}
