package server

import (
	"encoding/json"
	"net/http"
	"slices"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
)

// rootClient is the official client with the server's root as base URL, for vLLM's routes
// outside /v1.
func (e *testEnv) rootClient(key string) *openai.Client {
	c := openai.NewClient(option.WithBaseURL(e.base+"/"), option.WithAPIKey(key), option.WithMaxRetries(0))
	return &c
}

type tokenizeResult struct {
	Tokens      []int32 `json:"tokens"`
	Count       int     `json:"count"`
	MaxModelLen int     `json:"max_model_len"`
}

// TestTokenize checks /tokenize counts what generation would submit: the engine's prompt for the
// same text or messages is the same ids.
func TestTokenize(t *testing.T) {
	eng := newFakeEngine()
	env := start(t, eng, nil, byteTok{addBOS: true})
	c := env.rootClient(keyAlice)
	msgs := []map[string]any{{"role": "system", "content": "be brief"}, {"role": "user", "content": "Hi <|im_end|>"}}
	cases := []struct {
		name string
		body map[string]any
		gen  func() // the generation request whose prompt the ids must equal
		want []int32
	}{
		{name: "prompt", body: map[string]any{"model": model, "prompt": "ab<|im_end|>"},
			gen: func() {
				_, err := env.client(keyAlice).Completions.New(ctx(t), openai.CompletionNewParams{Model: model, Prompt: promptOf("ab<|im_end|>"), MaxTokens: openai.Int(1)})
				if err != nil {
					t.Fatal(err)
				}
			}},
		{name: "no special", body: map[string]any{"prompt": "ab", "add_special_tokens": false}, want: []int32{'a', 'b'}},
		{name: "empty prompt", body: map[string]any{"prompt": ""}, want: []int32{tokBOS}},
		{name: "messages", body: map[string]any{"model": model, "messages": msgs},
			gen: func() {
				_, err := env.client(keyAlice).Chat.Completions.New(ctx(t), openai.ChatCompletionNewParams{Model: model, MaxCompletionTokens: openai.Int(1),
					Messages: []openai.ChatCompletionMessageParamUnion{openai.SystemMessage("be brief"), openai.UserMessage("Hi <|im_end|>")}})
				if err != nil {
					t.Fatal(err)
				}
			}},
	}
	for _, c2 := range cases {
		var got tokenizeResult
		if err := c.Post(ctx(t), "tokenize", c2.body, &got); err != nil {
			t.Fatalf("%s: %v", c2.name, err)
		}
		want := c2.want
		if c2.gen != nil {
			c2.gen()
			reqs := eng.requests()
			want = reqs[len(reqs)-1].Prompt
		}
		if !slices.Equal(got.Tokens, want) || got.Count != len(want) || got.MaxModelLen != eng.info.MaxContext {
			t.Errorf("%s: got %+v, want tokens %v", c2.name, got, want)
		}
	}

	var back struct{ Prompt string }
	if err := c.Post(ctx(t), "detokenize", map[string]any{"model": model, "tokens": []int{tokBOS, 'h', 'i', 0xC3, 0xA9}}, &back); err != nil {
		t.Fatal(err)
	}
	if back.Prompt != "hié" {
		t.Errorf("detokenize: %q", back.Prompt)
	}
}

func TestTokenizeErrors(t *testing.T) {
	env := start(t, newFakeEngine(), nil, nil)
	cases := []struct {
		name, path, key, body string
		code                  int
		param                 string
	}{
		{"no key", "/tokenize", "", `{"prompt":"a"}`, http.StatusUnauthorized, ""},
		{"bad key", "/detokenize", "nope", `{"tokens":[1]}`, http.StatusUnauthorized, ""},
		{"neither", "/tokenize", keyAlice, `{"model":"fake-model"}`, http.StatusBadRequest, "prompt"},
		{"both", "/tokenize", keyAlice, `{"prompt":"a","messages":[{"role":"user","content":"a"}]}`, http.StatusBadRequest, "prompt"},
		{"bad role", "/tokenize", keyAlice, `{"messages":[{"role":"x","content":"a"}]}`, http.StatusBadRequest, "messages[0].role"},
		{"other model", "/tokenize", keyAlice, `{"model":"gpt-4","prompt":"a"}`, http.StatusNotFound, "model"},
		{"id outside vocab", "/detokenize", keyAlice, `{"tokens":[1, 259]}`, http.StatusBadRequest, "tokens"},
		{"negative id", "/detokenize", keyAlice, `{"tokens":[-1]}`, http.StatusBadRequest, "tokens"},
		{"wrong type", "/detokenize", keyAlice, `{"tokens":"abc"}`, http.StatusBadRequest, "tokens"},
	}
	for _, c := range cases {
		code, _, raw := env.post(c.path, c.key, c.body)
		if code != c.code {
			t.Errorf("%s: %d %s", c.name, code, raw)
			continue
		}
		if c.param != "" && !containsParam(raw, c.param) {
			t.Errorf("%s: param: %s", c.name, raw)
		}
	}
}

func containsParam(raw []byte, param string) bool {
	var b errorBody
	return json.Unmarshal(raw, &b) == nil && b.Error.Param != nil && *b.Error.Param == param
}
