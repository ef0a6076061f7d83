package probe

import (
	"cmp"
	"encoding/json"
	"fmt"
	"strings"
)

// modelInfo is one entry of /v1/models; Context is the first context field the entry has.
type modelInfo struct {
	ID      string
	Context int
	Field   string // which field Context came from
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
				mi.Context, mi.Field = int(n), k
				break
			}
		}
		out = append(out, mi)
	}
	return out, nil
}

// parseServerContext reads the context length from a server's own information endpoint:
// llama.cpp's /props (default_generation_settings.n_ctx, the context of one slot, or a top-level
// n_ctx in newer builds) or SGLang's /get_model_info and /get_server_info (context_length,
// max_context_length or max_model_len where the build reports one). It returns 0 when b has none.
func parseServerContext(b []byte) (int, string) {
	var m map[string]json.RawMessage
	if json.Unmarshal(b, &m) != nil {
		return 0, ""
	}
	num := func(raw json.RawMessage) int {
		var n float64
		if json.Unmarshal(raw, &n) == nil && n >= 1 && n <= 1<<30 {
			return int(n)
		}
		return 0
	}
	var dgs map[string]json.RawMessage
	if json.Unmarshal(m["default_generation_settings"], &dgs) == nil {
		if n := num(dgs["n_ctx"]); n > 0 {
			return n, "default_generation_settings.n_ctx"
		}
	}
	for _, k := range []string{"n_ctx", "max_context_length", "context_length", "max_model_len"} {
		if n := num(m[k]); n > 0 {
			return n, k
		}
	}
	return 0, ""
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
	Usage  *usageJSON      `json:"usage"`
	Error  json.RawMessage `json:"error"`  // {"message": ...} or a string: an error sent in place of a chunk
	Object string          `json:"object"` // "error" for vLLM's and SGLang's error bodies
	Msg    string          `json:"message"`
}

// usageJSON is an answer's usage: what it counted of the prompt and of what it generated (more
// than the max_tokens asked is an endpoint that ignores it).
type usageJSON struct {
	PromptTokens        int `json:"prompt_tokens"`
	CompletionTokens    int `json:"completion_tokens"`
	PromptTokensDetails *struct {
		CachedTokens int `json:"cached_tokens"`
	} `json:"prompt_tokens_details"`
}

// streamError is the message of an error sent as a response body or stream event, "" if r is none.
func (r *completionJSON) streamError() string {
	if len(r.Error) > 0 && string(r.Error) != "null" {
		var e struct {
			Message string `json:"message"`
		}
		var s string
		switch {
		case json.Unmarshal(r.Error, &e) == nil && e.Message != "":
			return cut(e.Message, 300)
		case json.Unmarshal(r.Error, &s) == nil && s != "":
			return cut(s, 300)
		}
		return cut(string(r.Error), 300)
	}
	if r.Object == "error" {
		return cut(cmp.Or(r.Msg, "error"), 300)
	}
	return ""
}

// parseCompletion fills a from a whole (non-streaming) completion response.
func parseCompletion(b []byte, a *answer) error {
	var text strings.Builder
	err := parseChunk(b, a, &text)
	a.Text += text.String()
	if err != nil {
		return err
	}
	if a.StreamErr == "" && a.Finish == "" && a.Text == "" && len(a.Tokens) == 0 {
		return fmt.Errorf("completion without choices: %s", cut(string(b), 200))
	}
	return nil
}

// parseChunk adds one response or stream event to a: choice 0's text is appended to text (a
// stream's text is gathered once, never copied again per event), its tokens and logprobs to a;
// usage replaces. The probe only asks for one choice.
func parseChunk(b []byte, a *answer, text *strings.Builder) error {
	var r completionJSON
	if err := json.Unmarshal(b, &r); err != nil {
		return fmt.Errorf("unreadable completion: %v: %s", err, cut(string(b), 200))
	}
	if e := r.streamError(); e != "" {
		a.StreamErr = e
		return nil
	}
	for _, ch := range r.Choices {
		if ch.Index != 0 {
			continue
		}
		text.WriteString(ch.Text)
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
		a.PromptTokens, a.CompletionTokens = r.Usage.PromptTokens, r.Usage.CompletionTokens
		if d := r.Usage.PromptTokensDetails; d != nil {
			a.CachedTokens = d.CachedTokens
		}
	}
	return nil
}
