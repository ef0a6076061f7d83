package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kvwarden/kvwarden/internal/chat"
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
	"max_tokens":            fmt.Sprintf("an integer from 1 to %d", maxMaxTokens),
	"max_completion_tokens": fmt.Sprintf("an integer from 1 to %d", maxMaxTokens),
	"logprobs":              fmt.Sprintf("an integer from 0 to %d", maxTopLogprobs),
	"top_logprobs":          fmt.Sprintf("an integer from 0 to %d", maxTopLogprobs),
}

func outOfRange(param string) *apiError {
	if r, ok := paramRanges[param]; ok {
		return badRequest(param, "%s is out of range: it must be %s", param, r)
	}
	return badRequest(param, "%s is out of range", param)
}

// samplingFields are the parameters shared by both endpoints.
type samplingFields struct {
	Model             string          `json:"model"`
	MaxTokens         *int64          `json:"max_tokens"`
	Temperature       *float64        `json:"temperature"`
	TopP              *float64        `json:"top_p"`
	TopK              *int64          `json:"top_k"`
	MinP              *float64        `json:"min_p"`
	Seed              *int64          `json:"seed"`
	N                 *int64          `json:"n"`
	Stop              json.RawMessage `json:"stop"`
	PresencePenalty   *float64        `json:"presence_penalty"`
	FrequencyPenalty  *float64        `json:"frequency_penalty"`
	RepetitionPenalty *float64        `json:"repetition_penalty"`
	Stream            *bool           `json:"stream"`
	StreamOptions     *struct {
		IncludeUsage *bool `json:"include_usage"`
	} `json:"stream_options"`
	LogitBias    map[string]float64 `json:"logit_bias"`
	IgnoreEOS    *bool              `json:"ignore_eos"`
	StopTokenIDs []int64            `json:"stop_token_ids"`
	// "user" is accepted and ignored: it is not declared, and unknown fields are skipped.
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
	Messages            []messageBody   `json:"messages"`
	MaxCompletionTokens *int64          `json:"max_completion_tokens"`
	Logprobs            *bool           `json:"logprobs"`
	TopLogprobs         *int64          `json:"top_logprobs"`
	Tools               json.RawMessage `json:"tools"`
	ResponseFormat      *struct {
		Type string `json:"type"`
	} `json:"response_format"`
	ChatTemplateKwargs map[string]any `json:"chat_template_kwargs"`
}

type messageBody struct {
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
	Name    *string         `json:"name"`
}

// genParams is a validated request, independent of the endpoint.
type genParams struct {
	model        string
	texts        []string  // prompts to tokenize (completions text prompts)
	parseSpecial bool      // texts may hold special tokens (completions "parse_special")
	ids          [][]int32 // prompts given as token ids
	messages     []chat.Message
	templateArgs map[string]any
	n            int
	maxTokens    int // 0: choose a default
	sampling     sampler.Params
	hasSeed      bool // sampling.Seed is the client's
	stops        []string
	stopTokens   []int32
	ignoreEOS    bool
	stream       bool
	includeUsage bool
	logprobs     bool // report logprobs at all
	topLogprobs  int
}

func (p *genParams) prompts() int {
	if p.messages != nil {
		return 1
	}
	return len(p.texts) + len(p.ids)
}

// checkEncoding refuses a compressed body: it would be read as garbage JSON. Decoding is not offered
// since the body limit would have to apply to the decoded size (a small gzip bomb expands ~1000×),
// and clients of this API send plain JSON.
func checkEncoding(h http.Header) *apiError {
	for _, v := range h.Values("Content-Encoding") {
		for _, enc := range strings.Split(v, ",") {
			if enc = strings.TrimSpace(enc); enc != "" && !strings.EqualFold(enc, "identity") {
				return &apiError{Status: http.StatusUnsupportedMediaType, Type: errInvalidRequest, Code: "unsupported_content_encoding",
					Message: "Content-Encoding " + strconv.Quote(enc) + " is not supported: send the body uncompressed", Reason: "bad_request"}
			}
		}
	}
	return nil
}

// decodeJSON decodes a whole body into v: the body must be valid UTF-8 (encoding/json would
// otherwise replace bad bytes silently) and hold exactly one JSON object.
func decodeJSON(body []byte, v any) *apiError {
	if !utf8.Valid(body) {
		return badRequest("", "the request body is not valid UTF-8")
	}
	trimmed := bytes.TrimSpace(body)
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return badRequest("", "the request body must be a JSON object")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(v); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return typeError(te)
		}
		// Syntax errors describe a position, not the body's content.
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return badRequest("", "malformed JSON at byte %d", se.Offset)
		}
		return badRequest("", "malformed JSON: %s", strings.TrimPrefix(err.Error(), "json: "))
	}
	if _, err := dec.Token(); err != io.EOF {
		return badRequest("", "unexpected data after the JSON object")
	}
	if loneSurrogate(body) {
		return badRequest("", "the request body holds a \\u escape of a lone UTF-16 surrogate, which is not a character")
	}
	return nil
}

// embeddedPrefix is how encoding/json names the embedded samplingFields in a field path; the
// client knows the JSON names only.
var embeddedPrefix = reflect.TypeFor[samplingFields]().Name() + "."

// typeError answers a value that does not fit its field: a number too large for its type is out
// of range (the same answer as a bound check), anything else has the wrong type.
func typeError(te *json.UnmarshalTypeError) *apiError {
	field := strings.TrimPrefix(te.Field, embeddedPrefix)
	if num, ok := strings.CutPrefix(te.Value, "number "); ok {
		switch te.Type.Kind() {
		case reflect.Float32, reflect.Float64:
			// Every JSON number parses as a float unless its magnitude overflows.
			return outOfRange(field)
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			if f, _, err := big.ParseFloat(num, 10, 64, big.ToNearestEven); err != nil || f.IsInt() {
				return outOfRange(field)
			}
		}
	}
	return badRequest(field, "parameter %q has the wrong type: want %s", field, jsonKind(te.Type.Kind().String()))
}

// loneSurrogate reports whether a valid JSON text escapes a UTF-16 surrogate that is not part of a
// pair: encoding/json would silently turn it into U+FFFD, while raw invalid UTF-8 is refused.
// In valid JSON a backslash occurs only in strings and starts an escape, so scanning escape by
// escape is enough.
func loneSurrogate(b []byte) bool {
	hex4 := func(i int) (rune, bool) {
		if i+6 > len(b) || b[i] != '\\' || b[i+1] != 'u' {
			return 0, false
		}
		v, err := strconv.ParseUint(string(b[i+2:i+6]), 16, 16)
		return rune(v), err == nil
	}
	for i := 0; i < len(b); i++ {
		if b[i] != '\\' {
			continue
		}
		r, ok := hex4(i)
		switch {
		case !ok:
			i++ // a two-byte escape such as \\ or \"
		case r >= 0xDC00 && r <= 0xDFFF:
			return true // a low surrogate without a high one before it
		case r >= 0xD800 && r <= 0xDBFF:
			if lo, ok := hex4(i + 6); !ok || lo < 0xDC00 || lo > 0xDFFF {
				return true
			}
			i += 11
		default:
			i += 5
		}
	}
	return false
}

func jsonKind(goKind string) string {
	switch goKind {
	case "int64", "int", "int32":
		return "an integer"
	case "float64", "float32":
		return "a number"
	case "bool":
		return "a boolean"
	case "string":
		return "a string"
	case "slice":
		return "an array"
	case "map", "struct":
		return "an object"
	}
	return goKind
}

// parseCompletion decodes and validates a /v1/completions body. vocab bounds token ids (0: unknown).
func parseCompletion(body []byte, vocab int) (*genParams, *apiError) {
	var b completionBody
	if e := decodeJSON(body, &b); e != nil {
		return nil, e
	}
	p := &genParams{}
	if e := b.samplingFields.apply(p, vocab); e != nil {
		return nil, e
	}
	if b.MaxTokens != nil {
		if e := setMaxTokens(p, *b.MaxTokens, "max_tokens"); e != nil {
			return nil, e
		}
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
	if b.Echo != nil && *b.Echo {
		return nil, badRequest("echo", "echo is not supported")
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
	if e := decodeJSON(body, &b); e != nil {
		return nil, e
	}
	p := &genParams{}
	if e := b.samplingFields.apply(p, vocab); e != nil {
		return nil, e
	}
	// max_completion_tokens supersedes the deprecated max_tokens.
	if b.MaxCompletionTokens != nil {
		if e := setMaxTokens(p, *b.MaxCompletionTokens, "max_completion_tokens"); e != nil {
			return nil, e
		}
	} else if b.MaxTokens != nil {
		if e := setMaxTokens(p, *b.MaxTokens, "max_tokens"); e != nil {
			return nil, e
		}
	}
	if len(b.Messages) == 0 {
		return nil, badRequest("messages", "messages must be a non-empty array")
	}
	if len(b.Messages) > maxMessages {
		return nil, badRequest("messages", "at most %d messages are allowed", maxMessages)
	}
	for i, m := range b.Messages {
		msg, e := parseMessage(m, i)
		if e != nil {
			return nil, e
		}
		p.messages = append(p.messages, msg)
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
	if !isNull(b.Tools) {
		var tools []json.RawMessage
		if err := json.Unmarshal(b.Tools, &tools); err != nil {
			return nil, badRequest("tools", "tools must be an array")
		}
		if len(tools) > 0 {
			return nil, badRequest("tools", "tools are not supported")
		}
	}
	if b.ResponseFormat != nil && b.ResponseFormat.Type != "" && b.ResponseFormat.Type != "text" {
		return nil, badRequest("response_format", "response_format %q is not supported", b.ResponseFormat.Type)
	}
	if len(b.ChatTemplateKwargs) > 0 {
		p.templateArgs = make(map[string]any, len(b.ChatTemplateKwargs))
		for k, v := range b.ChatTemplateKwargs {
			switch v.(type) {
			case bool, string, float64, nil:
				p.templateArgs[k] = v
			default:
				return nil, badRequest("chat_template_kwargs", "chat_template_kwargs values must be booleans, strings or numbers")
			}
		}
	}
	return p, p.finish()
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

func setMaxTokens(p *genParams, v int64, param string) *apiError {
	if v < 1 || v > maxMaxTokens {
		return outOfRange(param)
	}
	p.maxTokens = int(v)
	return nil
}

// finite rejects NaN and infinities (JSON cannot carry them, but a bound check must never be
// fooled by one if it ever gets through).
func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

// narrow converts an accepted parameter to the engine's float32 without changing its meaning: a
// nonzero value too small for float32 becomes the smallest nonzero float32 rather than 0, which
// means "off" or "greedy" for several parameters (top_p 1e-50 keeps the best token; it must not
// switch truncation off). Accepted values are far below the float32 maximum.
func narrow(v float64) float32 {
	f := float32(v)
	if f == 0 && v != 0 {
		return float32(math.Copysign(math.SmallestNonzeroFloat32, v))
	}
	return f
}

func (f *samplingFields) apply(p *genParams, vocab int) *apiError {
	p.model = f.Model
	p.sampling = sampler.Params{TopP: 1, RepetitionPenalty: 1, Temperature: 1, TopLogprobs: -1}
	if f.Temperature != nil {
		t := *f.Temperature
		if !finite(t) || t < 0 || t > 2 {
			return outOfRange("temperature")
		}
		p.sampling.Temperature = narrow(t)
	}
	if f.TopP != nil {
		v := *f.TopP
		if !finite(v) || v <= 0 || v > 1 {
			return outOfRange("top_p")
		}
		p.sampling.TopP = narrow(v)
	}
	if f.TopK != nil {
		v := *f.TopK
		if v < -1 || v > maxTopK {
			return outOfRange("top_k")
		}
		if v > 0 {
			p.sampling.TopK = int(v)
		}
	}
	if f.MinP != nil {
		v := *f.MinP
		if !finite(v) || v < 0 || v > 1 {
			return outOfRange("min_p")
		}
		p.sampling.MinP = narrow(v)
	}
	for _, pen := range []struct {
		v      *float64
		name   string
		lo, hi float64
		dst    *float32
	}{
		{f.PresencePenalty, "presence_penalty", -2, 2, &p.sampling.PresencePenalty},
		{f.FrequencyPenalty, "frequency_penalty", -2, 2, &p.sampling.FrequencyPenalty},
	} {
		if pen.v == nil {
			continue
		}
		if !finite(*pen.v) || *pen.v < pen.lo || *pen.v > pen.hi {
			return outOfRange(pen.name)
		}
		*pen.dst = narrow(*pen.v)
	}
	if f.RepetitionPenalty != nil {
		v := *f.RepetitionPenalty
		if !finite(v) || v <= 0 || v > 10 {
			return outOfRange("repetition_penalty")
		}
		p.sampling.RepetitionPenalty = narrow(v)
	}
	if f.Seed != nil {
		p.sampling.Seed, p.hasSeed = uint64(*f.Seed), true
	}
	p.n = 1
	if f.N != nil {
		if *f.N < 1 || *f.N > maxN {
			return outOfRange("n")
		}
		p.n = int(*f.N)
	}
	stops, e := parseStop(f.Stop)
	if e != nil {
		return e
	}
	p.stops = stops
	if len(f.StopTokenIDs) > maxStopTokens {
		return badRequest("stop_token_ids", "at most %d stop_token_ids are allowed", maxStopTokens)
	}
	for _, id := range f.StopTokenIDs {
		if !validID(id, vocab) {
			return badRequest("stop_token_ids", "stop_token_ids holds an id outside the vocabulary")
		}
		p.stopTokens = append(p.stopTokens, int32(id))
	}
	if f.Stream != nil {
		p.stream = *f.Stream
	}
	if f.StreamOptions != nil {
		if !p.stream {
			return badRequest("stream_options", "stream_options is only allowed with stream: true")
		}
		if f.StreamOptions.IncludeUsage != nil {
			p.includeUsage = *f.StreamOptions.IncludeUsage
		}
	}
	if len(f.LogitBias) > 0 {
		return badRequest("logit_bias", "logit_bias is not supported")
	}
	if f.IgnoreEOS != nil {
		p.ignoreEOS = *f.IgnoreEOS
	}
	return nil
}

func validID(id int64, vocab int) bool {
	if id < 0 || id > math.MaxInt32 {
		return false
	}
	return vocab <= 0 || id < int64(vocab)
}

func parseStop(raw json.RawMessage) ([]string, *apiError) {
	if isNull(raw) {
		return nil, nil
	}
	var stops []string
	var one string
	if err := json.Unmarshal(raw, &one); err == nil {
		stops = []string{one}
	} else if err := json.Unmarshal(raw, &stops); err != nil {
		return nil, badRequest("stop", "stop must be a string or an array of strings")
	}
	if len(stops) > maxStops {
		return nil, badRequest("stop", "at most %d stop strings are allowed", maxStops)
	}
	for _, s := range stops {
		if s == "" || len(s) > maxStopLen {
			return nil, badRequest("stop", "stop strings must be 1 to %d bytes long", maxStopLen)
		}
		// Matching works on whole characters; an invalid stop could cut one in half.
		if !utf8.ValidString(s) {
			return nil, badRequest("stop", "stop strings must be valid UTF-8")
		}
	}
	return stops, nil
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
