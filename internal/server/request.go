package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"github.com/kvwarden/kvwarden/internal/chat"
	lora "github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/sampler"
)

// Bounds on request parameters. Values outside them are refused with 400 rather than clamped, so a
// client learns of its mistake instead of getting a silently different request.
const (
	maxN           = 16      // choices per prompt
	maxChoices     = 64      // engine requests per HTTP request (prompts × n)
	maxPrompts     = 64      // prompts in one completions request
	maxStops       = 16      // stop strings
	maxStopLen     = 1024    // bytes per stop string
	maxStopTokens  = 64      // stop_token_ids
	maxTopLogprobs = 20      // alternatives per token
	maxMaxTokens   = 1 << 24 // anything larger is absurd for any model we can load
	maxMessages    = 10000
	maxTopK        = 1 << 20
	maxLogitBias   = 300 // logit_bias entries, as OpenAI allows
)

// paramRanges are the accepted values of the bounded numeric parameters, as stated in the 400
// answers: one wording whether a value fails a bound check or does not even fit its Go type.
var paramRanges = map[string]string{
	"temperature":           "a number from 0 to 2 (0: greedy)",
	"top_p":                 "a number greater than 0 and at most 1",
	"top_k":                 fmt.Sprintf("-1 or 0 (off), or an integer from 1 to %d", maxTopK),
	"min_p":                 "a number from 0 to 1",
	"presence_penalty":      "a number from -2 to 2",
	"frequency_penalty":     "a number from -2 to 2",
	"repetition_penalty":    "a number greater than 0 and at most 10",
	"seed":                  fmt.Sprintf("an integer from %d to %d", math.MinInt64, math.MaxInt64),
	"n":                     fmt.Sprintf("an integer from 1 to %d", maxN),
	"max_tokens":            fmt.Sprintf("an integer from 1 to %d (0 with echo on /v1/completions)", maxMaxTokens),
	"max_completion_tokens": fmt.Sprintf("an integer from 1 to %d", maxMaxTokens),
	"max_output_tokens":     fmt.Sprintf("an integer from 1 to %d", maxMaxTokens),
	"logprobs":              fmt.Sprintf("an integer from 0 to %d", maxTopLogprobs),
	"logit_bias":            fmt.Sprintf("an object of token ids to numbers from -%d to %d", sampler.MaxLogitBias, sampler.MaxLogitBias),
	"top_logprobs":          fmt.Sprintf("an integer from 0 to %d", maxTopLogprobs),
}

func outOfRange(param string) *apiError {
	if r, ok := paramRanges[param]; ok {
		return badRequest(param, "%s is out of range: it must be %s", param, r)
	}
	return badRequest(param, "%s is out of range", param)
}

type completionBody struct {
	samplingFields
	Prompt   json.RawMessage `json:"prompt"`
	Logprobs *int64          `json:"logprobs"`
	Echo     *bool           `json:"echo"`
	Suffix   *string         `json:"suffix"`
	BestOf   *int64          `json:"best_of"`
	// ParseSpecial (an extension) lets special-token text in text prompts become special
	// tokens; by default it is plain text.
	ParseSpecial *bool `json:"parse_special"`
}

type chatBody struct {
	samplingFields
	toolFields
	Messages            []messageBody  `json:"messages"`
	MaxCompletionTokens *int64         `json:"max_completion_tokens"`
	Logprobs            *bool          `json:"logprobs"`
	TopLogprobs         *int64         `json:"top_logprobs"`
	ChatTemplateKwargs  map[string]any `json:"chat_template_kwargs"`
}

type messageBody struct {
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
	Name    *string         `json:"name"`
	messageToolFields
}

// genParams is a validated request, independent of the endpoint.
type genParams struct {
	model        string
	adapter      *lora.Adapter // the LoRA adapter "model" selects (nil: the base model)
	adapterName  string
	texts        []string  // prompts to tokenize (completions text prompts)
	parseSpecial bool      // texts may hold special tokens (completions "parse_special")
	ids          [][]int32 // prompts given as token ids
	messages     []chat.Message
	templateArgs map[string]any
	tools        *toolParams // nil: no tools
	n            int
	maxTokens    int // 0: choose a default
	sampling     sampler.Params
	hasSeed      bool // sampling.Seed is the client's
	stops        []string
	stopTokens   []int32
	logitBias    map[int32]float32
	format       *formatSpec // structured outputs: every choice's output follows its grammar
	ignoreEOS    bool
	echo         bool // completions: the prompt starts each choice's text (and logprobs)
	promptOnly   bool // max_tokens 0 with echo: nothing generated is shown
	stream       bool
	includeUsage bool
	logprobs     bool // report logprobs at all
	topLogprobs  int
	pd           pdParams // llm-d's hand-off fields (kvtransfer.go)
}

func (p *genParams) prompts() int {
	if p.messages != nil {
		return 1
	}
	return len(p.texts) + len(p.ids)
}

// parseCompletion decodes and validates a /v1/completions body. vocab bounds token ids (0: unknown).
func parseCompletion(body []byte, vocab int) (*genParams, *apiError) {
	var b completionBody
	p, e := decodeGen(body, &b, &b.samplingFields, vocab)
	if e != nil {
		return nil, e
	}
	p.echo = b.Echo != nil && *b.Echo
	if b.MaxTokens != nil && *b.MaxTokens == 0 {
		// Scoring a prompt (lm-evaluation-harness's log-likelihood): the echoed prompt alone.
		if !p.echo {
			return nil, badRequest("max_tokens", "max_tokens 0 is allowed only with echo: true, to return the prompt alone")
		}
		// The engine always generates at least one token; it is computed and counted in usage
		// but not shown.
		p.promptOnly, p.maxTokens = true, 1
	} else if e := setMaxTokens(p, b.MaxTokens, "max_tokens"); e != nil {
		return nil, e
	}
	if e := parsePrompt(b.Prompt, vocab, p); e != nil {
		return nil, e
	}
	p.parseSpecial = b.ParseSpecial != nil && *b.ParseSpecial
	if b.Logprobs != nil {
		if *b.Logprobs < 0 || *b.Logprobs > maxTopLogprobs {
			return nil, outOfRange("logprobs")
		}
		p.logprobs, p.topLogprobs = true, int(*b.Logprobs)
	}
	if b.Suffix != nil && *b.Suffix != "" {
		return nil, badRequest("suffix", "suffix is not supported")
	}
	if b.BestOf != nil && *b.BestOf != 1 && *b.BestOf != int64(p.n) {
		return nil, badRequest("best_of", "best_of other than n is not supported")
	}
	return p, p.finish()
}

// parseChat decodes and validates a /v1/chat/completions body.
func parseChat(body []byte, vocab int) (*genParams, *apiError) {
	var b chatBody
	p, e := decodeGen(body, &b, &b.samplingFields, vocab)
	if e != nil {
		return nil, e
	}
	// max_completion_tokens supersedes the deprecated max_tokens.
	maxTokens, param := b.MaxTokens, "max_tokens"
	if b.MaxCompletionTokens != nil {
		maxTokens, param = b.MaxCompletionTokens, "max_completion_tokens"
	}
	if e := setMaxTokens(p, maxTokens, param); e != nil {
		return nil, e
	}
	if p.messages, e = parseMessages(b.Messages); e != nil {
		return nil, e
	}
	if b.Logprobs != nil && *b.Logprobs {
		p.logprobs = true
	}
	if b.TopLogprobs != nil {
		if !p.logprobs {
			return nil, badRequest("top_logprobs", "top_logprobs requires logprobs to be true")
		}
		if *b.TopLogprobs < 0 || *b.TopLogprobs > maxTopLogprobs {
			return nil, outOfRange("top_logprobs")
		}
		p.topLogprobs = int(*b.TopLogprobs)
	}
	if p.tools, e = parseTools(&b.toolFields); e != nil {
		return nil, e
	}
	if p.templateArgs, e = templateArgs(b.ChatTemplateKwargs); e != nil {
		return nil, e
	}
	return p, p.finish()
}

func parseMessages(bodies []messageBody) ([]chat.Message, *apiError) {
	if len(bodies) == 0 {
		return nil, badRequest("messages", "messages must be a non-empty array")
	}
	if len(bodies) > maxMessages {
		return nil, badRequest("messages", "at most %d messages are allowed", maxMessages)
	}
	msgs := make([]chat.Message, len(bodies))
	for i, m := range bodies {
		msg, e := parseMessage(m, i)
		if e != nil {
			return nil, e
		}
		msgs[i] = msg
	}
	return msgs, nil
}

func templateArgs(kwargs map[string]any) (map[string]any, *apiError) {
	if len(kwargs) == 0 {
		return nil, nil
	}
	args := make(map[string]any, len(kwargs))
	for k, v := range kwargs {
		switch v.(type) {
		case bool, string, float64, nil:
			args[k] = v
		default:
			return nil, badRequest("chat_template_kwargs", "chat_template_kwargs values must be booleans, strings or numbers")
		}
	}
	return args, nil
}

var roles = map[string]string{"system": "system", "developer": "system", "user": "user", "assistant": "assistant", "tool": "tool"}

func parseMessage(m messageBody, i int) (chat.Message, *apiError) {
	param := fmt.Sprintf("messages[%d]", i)
	role, ok := roles[m.Role]
	if !ok {
		return chat.Message{}, badRequest(param+".role", "messages[%d].role must be one of system, developer, user, assistant, tool", i)
	}
	msg := chat.Message{Role: role}
	if m.Name != nil {
		msg.Name = *m.Name
	}
	if e := parseMessageTools(m, i, &msg); e != nil {
		return chat.Message{}, e
	}
	c := bytes.TrimSpace(m.Content)
	switch {
	case isNull(c):
		if role != "assistant" {
			return chat.Message{}, badRequest(param+".content", "messages[%d].content is required", i)
		}
	case c[0] == '"':
		if err := json.Unmarshal(c, &msg.Content); err != nil {
			return chat.Message{}, badRequest(param+".content", "messages[%d].content must be a string or an array of text parts", i)
		}
	case c[0] == '[':
		var parts []struct {
			Type string  `json:"type"`
			Text *string `json:"text"`
		}
		if err := json.Unmarshal(c, &parts); err != nil {
			return chat.Message{}, badRequest(param+".content", "messages[%d].content must be a string or an array of text parts", i)
		}
		var sb strings.Builder
		for _, part := range parts {
			if part.Type != "text" || part.Text == nil {
				return chat.Message{}, badRequest(param+".content", "messages[%d].content: only text parts are supported", i)
			}
			sb.WriteString(*part.Text)
		}
		msg.Content = sb.String()
	default:
		return chat.Message{}, badRequest(param+".content", "messages[%d].content must be a string or an array of text parts", i)
	}
	return msg, nil
}

func isNull(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	return len(t) == 0 || string(t) == "null"
}

// decodeGen decodes a generation request body into b and applies its sampling fields, sf (part of
// b, so read once b is decoded), to new parameters.
func decodeGen(body []byte, b any, sf *samplingFields, vocab int) (*genParams, *apiError) {
	if e := decodeJSON(body, b); e != nil {
		return nil, e
	}
	p := &genParams{}
	if e := sf.apply(p, vocab); e != nil {
		return nil, e
	}
	return p, nil
}

// setMaxTokens sets the token limit from param, if the client sent it (v not nil).
func setMaxTokens(p *genParams, v *int64, param string) *apiError {
	if v == nil {
		return nil
	}
	if *v < 1 || *v > maxMaxTokens {
		return outOfRange(param)
	}
	p.maxTokens = int(*v)
	return nil
}

// parsePrompt accepts the four shapes of the completions prompt: a string, an array of strings,
// an array of token ids, or an array of arrays of token ids.
func parsePrompt(raw json.RawMessage, vocab int, p *genParams) *apiError {
	raw = bytes.TrimSpace(raw)
	if isNull(raw) {
		return badRequest("prompt", "prompt is required")
	}
	bad := badRequest("prompt", "prompt must be a string, an array of strings, an array of token ids or an array of arrays of token ids")
	switch raw[0] {
	case '"':
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return bad
		}
		p.texts = []string{s}
		return nil
	case '[':
	default:
		return bad
	}
	var items []json.RawMessage
	if json.Unmarshal(raw, &items) != nil {
		return bad
	}
	if len(items) == 0 {
		return badRequest("prompt", "prompt must not be an empty array")
	}
	first := bytes.TrimSpace(items[0])
	if len(first) == 0 {
		return bad
	}
	switch {
	case first[0] == '"':
		if len(items) > maxPrompts {
			return badRequest("prompt", "at most %d prompts are allowed", maxPrompts)
		}
		if json.Unmarshal(raw, &p.texts) != nil {
			return bad
		}
	case first[0] == '[':
		if len(items) > maxPrompts {
			return badRequest("prompt", "at most %d prompts are allowed", maxPrompts)
		}
		var lists [][]int64
		if json.Unmarshal(raw, &lists) != nil {
			return bad
		}
		for _, l := range lists {
			ids, e := toIDs(l, vocab)
			if e != nil {
				return e
			}
			p.ids = append(p.ids, ids)
		}
	default:
		var l []int64
		if json.Unmarshal(raw, &l) != nil {
			return bad
		}
		ids, e := toIDs(l, vocab)
		if e != nil {
			return e
		}
		p.ids = [][]int32{ids}
	}
	return nil
}

func toIDs(l []int64, vocab int) ([]int32, *apiError) {
	if len(l) == 0 {
		return nil, badRequest("prompt", "a token-id prompt must not be empty")
	}
	ids := make([]int32, len(l))
	for i, id := range l {
		if !validID(id, vocab) {
			return nil, badRequest("prompt", "prompt holds a token id outside the vocabulary")
		}
		ids[i] = int32(id)
	}
	return ids, nil
}

// finish checks cross-field limits and fills TopLogprobs for the engine.
func (p *genParams) finish() *apiError {
	if p.prompts()*p.n > maxChoices {
		return badRequest("n", "prompts × n must be at most %d", maxChoices)
	}
	if p.logprobs {
		p.sampling.TopLogprobs = p.topLogprobs
	}
	return nil
}
