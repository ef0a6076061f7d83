package probe

import (
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	var a answer
	if err := parseCompletion([]byte(`{"choices":[{"index":0,"text":"hi","logprobs":{"tokens":["h","i"],"token_logprobs":[null,-0.5],"top_logprobs":[{"h":0},{"i":-0.5}]},"finish_reason":"length"},{"index":1,"text":"other"}],"usage":{"prompt_tokens":3,"completion_tokens":2}}`), &a); err != nil {
		t.Fatal(err)
	}
	if a.Text != "hi" || len(a.Tokens) != 2 || a.Logprobs[1] != -0.5 || a.Finish != "length" || a.PromptTokens != 3 || len(a.Top) != 2 {
		t.Errorf("parsed %+v", a)
	}
	if err := parseCompletion([]byte(`{"choices":[]}`), &answer{}); err == nil {
		t.Error("a completion without choices parsed")
	}
	ms, err := parseModels([]byte(`{"data":[{"id":"a","max_model_len":4096},{"id":"b","context_length":8192},{"id":"c","max_model_len":-1},{"id":""}]}`))
	if err != nil || len(ms) != 3 || ms[0].Context != 4096 || ms[1].Context != 8192 || ms[2].Context != 0 {
		t.Errorf("models %+v %v", ms, err)
	}
}

func TestParseServerContext(t *testing.T) {
	for _, c := range []struct {
		body  string
		n     int
		field string
	}{
		{`{"default_generation_settings":{"n_ctx":8192,"params":{}},"total_slots":4}`, 8192, "default_generation_settings.n_ctx"},
		{`{"n_ctx":32768}`, 32768, "n_ctx"},
		{`{"model_path":"m","is_generation":true}`, 0, ""},
		{`{"context_length":131072,"max_total_num_tokens":681280}`, 131072, "context_length"},
		{`{"default_generation_settings":{"n_ctx":0},"n_ctx":-1}`, 0, ""},
		{`not json`, 0, ""},
	} {
		if n, field := parseServerContext([]byte(c.body)); n != c.n || field != c.field {
			t.Errorf("%s: %d %q, want %d %q", c.body, n, field, c.n, c.field)
		}
	}
	var a answer
	if err := parseChunk([]byte(`{"error":{"message":"request (9000 tokens) exceeds the available context size (8192 tokens)"}}`), &a, &strings.Builder{}); err != nil || !strings.Contains(a.StreamErr, "exceeds") {
		t.Errorf("an error event: %v, %q", err, a.StreamErr)
	}
}

// FuzzParse feeds the response parsers arbitrary bodies: they may refuse, never panic.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		`{"choices":[{"index":0,"text":"x","logprobs":{"tokens":["x"],"token_logprobs":[-1],"top_logprobs":[{"x":-1}]},"finish_reason":"stop"}],"usage":{"prompt_tokens":1,"completion_tokens":1}}`,
		`{"data":[{"id":"m","max_model_len":1e300,"context_length":"x"}]}`,
		`{"choices":[{"index":0,"logprobs":{"token_logprobs":[null]}}]}`,
		`[]`, `null`, ``,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var a answer
		parseCompletion(b, &a)
		parseChunk(b, &a, &strings.Builder{})
		parseModels(b)
		parseServerContext(b)
	})
}
