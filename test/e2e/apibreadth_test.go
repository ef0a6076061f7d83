package e2e

import (
	"context"
	"encoding/json"
	"math"
	"net/http"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
)

// TestPromptLogprobsMatchGreedy: on the real stories260K, the prompt logprobs of a reference's
// prompt followed by its greedy output (echo, max_tokens 0, logprobs) equal, token for token and
// alternative for alternative, the logprobs the server reported while generating that output
// greedily.
func TestPromptLogprobsMatchGreedy(t *testing.T) {
	cases, v, s, cl := storiesGreedy(t, 3)
	ctxLen := maxModelLen(t, s, "dev")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	ids64 := func(ids []int32) []int64 {
		out := make([]int64, len(ids))
		for i, id := range ids {
			out[i] = int64(id)
		}
		return out
	}
	for _, c := range cases[:3] {
		want := expectGreedy(c, ctxLen)
		gen, err := cl.Completions.New(ctx, openai.CompletionNewParams{Model: "stories260K",
			Prompt:    openai.CompletionNewParamsPromptUnion{OfArrayOfTokens: ids64(c.PromptIDs)},
			MaxTokens: openai.Int(int64(len(want.ids))), Temperature: openai.Float(0), Logprobs: openai.Int(3)},
			option.WithJSONSet("ignore_eos", true))
		if err != nil {
			s.failIfBroken(t)
			t.Fatal(err)
		}
		g := gen.Choices[0].Logprobs
		for i, id := range want.ids {
			if g.Tokens[i] != v.tokenString(id) {
				t.Fatalf("%s: greedy token %d is %q, the reference's %q", c.ID, i, g.Tokens[i], v.tokenString(id))
			}
		}
		full := slices.Concat(c.PromptIDs, want.ids[:len(want.ids)-1])
		sc, err := cl.Completions.New(ctx, openai.CompletionNewParams{Model: "stories260K",
			Prompt:    openai.CompletionNewParamsPromptUnion{OfArrayOfTokens: ids64(full)},
			MaxTokens: openai.Int(0), Echo: openai.Bool(true), Logprobs: openai.Int(3)})
		if err != nil {
			s.failIfBroken(t)
			t.Fatal(err)
		}
		// Decoded by hand: the first token's logprob and alternatives are null, as OpenAI's.
		var raw struct {
			Choices []struct {
				Text     string
				Logprobs struct {
					Tokens        []string
					TokenLogprobs []*float64           `json:"token_logprobs"`
					TopLogprobs   []map[string]float64 `json:"top_logprobs"`
				}
			}
		}
		if err := json.Unmarshal([]byte(sc.RawJSON()), &raw); err != nil {
			t.Fatal(err)
		}
		p := raw.Choices[0].Logprobs
		if len(p.Tokens) != len(full) || len(p.TokenLogprobs) != len(full) || len(p.TopLogprobs) != len(full) ||
			raw.Choices[0].Text != v.text(full) || p.TokenLogprobs[0] != nil || p.TopLogprobs[0] != nil {
			t.Fatalf("%s: echo of %d tokens: %.300s", c.ID, len(full), sc.RawJSON())
		}
		for i := range len(full) - len(c.PromptIDs) {
			k := len(c.PromptIDs) + i // the scored position of generated token i
			if p.Tokens[k] != g.Tokens[i] || p.TokenLogprobs[k] == nil || math.Abs(*p.TokenLogprobs[k]-g.TokenLogprobs[i]) > 1e-5 {
				t.Fatalf("%s: token %d: scored %q %v, generated %q %v", c.ID, i, p.Tokens[k], p.TokenLogprobs[k], g.Tokens[i], g.TokenLogprobs[i])
			}
			for alt, lp := range g.TopLogprobs[i] {
				if got, ok := p.TopLogprobs[k][alt]; !ok || math.Abs(got-lp) > 1e-5 {
					t.Fatalf("%s: token %d: alternative %q scored %v, generated %v", c.ID, i, alt, got, lp)
				}
			}
		}
	}
}

// TestServeOptions runs the binary with one key from KVWARDEN_API_KEY, two served model names and
// an allowed browser origin, and checks each through the official client where it can.
func TestServeOptions(t *testing.T) {
	const key = "kvw-e2e-0123456789abcdef"
	s := startServer(t, serverOpts{model: llamaModel, apiKey: key,
		args: []string{"--served-model-name", "story,story-alias", "--allowed-origins", "https://chat.example.com", "--tool-call-parser", "mistral"}})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cl := s.client(key)

	// The start-up message a person reads. The server logs its "serving" line as it starts serving,
	// which can be just after the listener answers the harness, so each line gets a moment to appear.
	for _, want := range []string{`serving "story" at http://` + s.addr, "POST /tokenize", "maximum concurrency for 128-token requests", "tool_call_parser=mistral"} {
		deadline := time.Now().Add(5 * time.Second)
		for !strings.Contains(s.log.String(), want) && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		if !strings.Contains(s.log.String(), want) {
			t.Errorf("start-up output lacks %q:\n%s", want, s.logTail(2000))
		}
	}
	// The key is the one tenant; no other key and no keyless request gets in.
	wrong := s.client("kvw-wrong-0123456789abcdef")
	if _, err := wrong.Models.List(ctx); err == nil {
		t.Error("a wrong key was accepted")
	}
	page, err := cl.Models.List(ctx)
	if err != nil || len(page.Data) != 2 || page.Data[0].ID != "story" || page.Data[1].ID != "story-alias" {
		t.Fatalf("models %+v %v", page, err)
	}
	resp, err := cl.Completions.New(ctx, openai.CompletionNewParams{Model: "story-alias",
		Prompt: openai.CompletionNewParamsPromptUnion{OfArrayOfTokens: onceUponIDs}, MaxTokens: openai.Int(3), Temperature: openai.Float(0)})
	if err != nil || resp.Model != "story" || !strings.HasPrefix(resp.SystemFingerprint, "fp_") {
		t.Fatalf("completion: %+v %v", resp, err)
	}
	if _, err := cl.Completions.New(ctx, openai.CompletionNewParams{Model: llamaModel, Prompt: openai.CompletionNewParamsPromptUnion{OfString: openai.String("x")}}); err == nil {
		t.Error("the file's name is still served beside --served-model-name")
	}

	// /tokenize counts what the completion was charged; /detokenize reverses it.
	root := openai.NewClient(option.WithBaseURL(s.base+"/"), option.WithAPIKey(key), option.WithMaxRetries(0))
	var tok struct {
		Tokens      []int32
		Count       int
		MaxModelLen int `json:"max_model_len"`
	}
	if err := root.Post(ctx, "tokenize", map[string]any{"model": "story", "prompt": "Once upon a time"}, &tok); err != nil {
		t.Fatal(err)
	}
	want := loadVocab(t, llamaModel).tok.Encode("Once upon a time", true, false)
	if !slices.Equal(tok.Tokens, want) || tok.Count != len(want) || tok.MaxModelLen != 128 {
		t.Errorf("tokenize: %+v, want %v", tok, want)
	}
	var detok struct{ Prompt string }
	if err := root.Post(ctx, "detokenize", map[string]any{"tokens": tok.Tokens}, &detok); err != nil || !strings.Contains(detok.Prompt, "Once upon a time") {
		t.Errorf("detokenize: %q %v", detok.Prompt, err)
	}

	// A browser's preflight from the allowed origin, without a key.
	req, _ := http.NewRequestWithContext(ctx, http.MethodOptions, s.base+"/v1/chat/completions", nil)
	req.Header.Set("Origin", "https://chat.example.com")
	req.Header.Set("Access-Control-Request-Method", "POST")
	req.Header.Set("Access-Control-Request-Headers", "authorization, content-type")
	r, err := s.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	r.Body.Close()
	if r.StatusCode != http.StatusNoContent || r.Header.Get("Access-Control-Allow-Origin") != "https://chat.example.com" {
		t.Errorf("preflight: %d %v", r.StatusCode, r.Header)
	}
}

func TestVersionCommand(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}} {
		out, err := exec.Command(binary, args...).CombinedOutput()
		if err != nil || !strings.HasPrefix(string(out), "kvwarden ") || !strings.Contains(string(out), "\nkernels ") || !strings.Contains(string(out), "go1.") {
			t.Errorf("%v: %q %v", args, out, err)
		}
	}
}
