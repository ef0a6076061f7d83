package server

// /v1/responses: OpenAI's Responses API, stateless. The input (a string or an array of message
// items) and the instructions become a chat prompt rendered by the model's template; the answer is
// one output message, as a response object or as the API's stream of typed events. Nothing is
// stored, so store: true, previous_response_id and conversation are refused, as is every option
// this server cannot honour (tools, reasoning, structured text formats, ...), each by name.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"

	"github.com/kvwarden/kvwarden/internal/chat"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// responsesBody is a Responses API request. It is declared apart from completionBody and
// chatBody rather than built on samplingFields: its fields have that API's names, and fewer.
type responsesBody struct {
	Model           string            `json:"model"`
	Input           json.RawMessage   `json:"input"`
	Instructions    *string           `json:"instructions"`
	MaxOutputTokens *int64            `json:"max_output_tokens"`
	Temperature     *float64          `json:"temperature"`
	TopP            *float64          `json:"top_p"`
	Stream          *bool             `json:"stream"`
	Metadata        map[string]string `json:"metadata"`

	// Accepted only with values that ask for nothing this server lacks.
	Store              *bool           `json:"store"`
	PreviousResponseID *string         `json:"previous_response_id"`
	Conversation       json.RawMessage `json:"conversation"`
	Background         *bool           `json:"background"`
	Tools              json.RawMessage `json:"tools"`
	ToolChoice         json.RawMessage `json:"tool_choice"`
	Reasoning          json.RawMessage `json:"reasoning"`
	Text               *struct {
		Format *struct {
			Type string `json:"type"`
		} `json:"format"`
		Verbosity *string `json:"verbosity"`
	} `json:"text"`
	Include           []string        `json:"include"`
	Prompt            json.RawMessage `json:"prompt"`
	Truncation        *string         `json:"truncation"`
	TopLogprobs       *int64          `json:"top_logprobs"`
	ContextManagement json.RawMessage `json:"context_management"`
}

// responsesParams is a validated /v1/responses request: the generation parameters and what the
// response object echoes.
type responsesParams struct {
	*genParams
	instructions    *string
	maxOutputTokens *int64
	temperature     float64 // as the client sent it (float64, not the engine's float32)
	topP            float64
	metadata        map[string]string
}

func unsupported(param, format string, a ...any) *apiError {
	e := badRequest(param, format, a...)
	e.Code = "unsupported_parameter"
	return e
}

// emptyish reports whether a raw field asks for nothing: absent, null, [] or {}.
func emptyish(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	return isNull(t) || string(t) == "[]" || string(t) == "{}"
}

func parseResponses(body []byte, vocab int) (*responsesParams, *apiError) {
	var b responsesBody
	if e := decodeJSON(body, &b); e != nil {
		return nil, e
	}
	if e := b.refuseUnsupported(); e != nil {
		return nil, e
	}
	p := &genParams{}
	sf := samplingFields{Model: b.Model, Temperature: b.Temperature, TopP: b.TopP, Stream: b.Stream}
	if e := sf.apply(p, vocab); e != nil {
		return nil, e
	}
	if e := setMaxTokens(p, b.MaxOutputTokens, "max_output_tokens"); e != nil {
		return nil, e
	}
	msgs, e := parseInput(b.Input)
	if e != nil {
		return nil, e
	}
	if b.Instructions != nil && *b.Instructions != "" {
		msgs = append([]chat.Message{{Role: "system", Content: *b.Instructions}}, msgs...)
	}
	p.messages = msgs
	rp := &responsesParams{genParams: p, instructions: b.Instructions, maxOutputTokens: b.MaxOutputTokens,
		temperature: 1, topP: 1, metadata: b.Metadata}
	if b.Temperature != nil {
		rp.temperature = *b.Temperature
	}
	if b.TopP != nil {
		rp.topP = *b.TopP
	}
	if rp.metadata == nil {
		rp.metadata = map[string]string{}
	}
	return rp, p.finish()
}

func (b *responsesBody) refuseUnsupported() *apiError {
	switch {
	case b.Store != nil && *b.Store:
		return unsupported("store", "store: true is not supported: this server keeps no responses; send store: false and the whole conversation as input")
	case b.PreviousResponseID != nil && *b.PreviousResponseID != "":
		return unsupported("previous_response_id", "previous_response_id is not supported: this server keeps no responses; send the whole conversation as input")
	case !isNull(b.Conversation):
		return unsupported("conversation", "conversation is not supported: this server keeps no conversations; send the whole conversation as input")
	case b.Background != nil && *b.Background:
		return unsupported("background", "background: true is not supported")
	case !emptyish(b.Tools):
		return unsupported("tools", "tools are not supported on /v1/responses")
	case !isNull(b.ToolChoice) && !bytes.Equal(bytes.TrimSpace(b.ToolChoice), []byte(`"none"`)) && !bytes.Equal(bytes.TrimSpace(b.ToolChoice), []byte(`"auto"`)):
		return unsupported("tool_choice", "tool_choice other than \"auto\" or \"none\" is not supported: there are no tools")
	case !emptyish(b.Reasoning):
		return unsupported("reasoning", "reasoning options are not supported")
	case b.Text != nil && b.Text.Format != nil && b.Text.Format.Type != "text":
		return unsupported("text.format", "text.format %q is not supported on /v1/responses; only \"text\"", b.Text.Format.Type)
	case b.Text != nil && b.Text.Verbosity != nil && *b.Text.Verbosity != "medium":
		return unsupported("text.verbosity", "text.verbosity other than \"medium\" is not supported")
	case len(b.Include) > 0:
		return unsupported("include", "include is not supported")
	case !isNull(b.Prompt):
		return unsupported("prompt", "prompt templates are not supported; send input and instructions")
	case b.Truncation != nil && *b.Truncation != "disabled":
		return unsupported("truncation", "truncation %q is not supported; only \"disabled\"", *b.Truncation)
	case b.TopLogprobs != nil && *b.TopLogprobs != 0:
		return unsupported("top_logprobs", "top_logprobs is not supported on /v1/responses")
	case !emptyish(b.ContextManagement):
		return unsupported("context_management", "context_management is not supported")
	}
	return nil
}

// inputItem is a message item of the input array. Other item types (function calls, reasoning,
// item references) have a type the check refuses by name.
type inputItem struct {
	Type    string          `json:"type"`
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
}

// inputRoles maps the Responses API's message roles to the chat template's.
var inputRoles = map[string]string{"user": "user", "assistant": "assistant", "system": "system", "developer": "system"}

// parseInput reads the input: a string (one user message) or an array of message items, whose
// content is a string or an array of text parts (input_text; output_text in earlier assistant
// turns sent back).
func parseInput(raw json.RawMessage) ([]chat.Message, *apiError) {
	raw = bytes.TrimSpace(raw)
	if isNull(raw) {
		return nil, badRequest("input", "input is required")
	}
	if raw[0] == '"' {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return nil, badRequest("input", "input must be a string or an array of input items")
		}
		return []chat.Message{{Role: "user", Content: s}}, nil
	}
	var items []inputItem
	if raw[0] != '[' || json.Unmarshal(raw, &items) != nil {
		return nil, badRequest("input", "input must be a string or an array of message items")
	}
	if len(items) == 0 {
		return nil, badRequest("input", "input must not be an empty array")
	}
	if len(items) > maxMessages {
		return nil, badRequest("input", "at most %d input items are allowed", maxMessages)
	}
	msgs := make([]chat.Message, len(items))
	for i, it := range items {
		param := fmt.Sprintf("input[%d]", i)
		if it.Type != "" && it.Type != "message" {
			return nil, unsupported(param+".type", "%s.type %q is not supported; only message items", param, it.Type)
		}
		role, ok := inputRoles[it.Role]
		if !ok {
			return nil, badRequest(param+".role", "%s.role must be one of user, assistant, system, developer", param)
		}
		text, e := inputContent(it.Content, param+".content")
		if e != nil {
			return nil, e
		}
		msgs[i] = chat.Message{Role: role, Content: text}
	}
	return msgs, nil
}

func inputContent(raw json.RawMessage, param string) (string, *apiError) {
	raw = bytes.TrimSpace(raw)
	bad := badRequest(param, "%s must be a string or an array of text parts", param)
	if isNull(raw) {
		return "", badRequest(param, "%s is required", param)
	}
	if raw[0] == '"' {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return "", bad
		}
		return s, nil
	}
	var parts []struct {
		Type string  `json:"type"`
		Text *string `json:"text"`
	}
	if raw[0] != '[' || json.Unmarshal(raw, &parts) != nil {
		return "", bad
	}
	var sb strings.Builder
	for j, part := range parts {
		if part.Type != "input_text" && part.Type != "output_text" {
			return "", unsupported(fmt.Sprintf("%s[%d].type", param, j), "%s[%d].type %q is not supported; only input_text and output_text parts", param, j, part.Type)
		}
		if part.Text == nil {
			return "", badRequest(fmt.Sprintf("%s[%d].text", param, j), "%s[%d].text is required", param, j)
		}
		sb.WriteString(*part.Text)
	}
	return sb.String(), nil
}

func (s *Server) handleResponses(w http.ResponseWriter, r *http.Request, rc *reqCtx) {
	body, e := s.readBody(w, r)
	if e != nil {
		s.fail(w, rc, e)
		return
	}
	rp, e := parseResponses(body, s.info.VocabSize)
	if e == nil {
		e = s.checkModel(rp.model)
	}
	var ids []int32
	if e == nil {
		ids, e = s.chatPrompt(rp.messages, nil, true)
	}
	if e == nil && len(ids) == 0 {
		e = badRequest("input", "the rendered prompt is empty")
	}
	if e != nil {
		s.fail(w, rc, e)
		return
	}
	f := &responsesFormat{s: s, p: rp, id: "resp_" + rc.id, msgID: "msg_" + rc.id, created: s.cfg.Now().Unix()}
	s.generate(w, r, rc, rp.genParams, [][]int32{ids}, f, true)
}

// The response object and its parts, with the field names of openai-go's responses package.

type responseObject struct {
	ID                 string             `json:"id"`
	Object             string             `json:"object"`
	CreatedAt          int64              `json:"created_at"`
	Status             string             `json:"status"`
	Error              *errorObject       `json:"error"`
	IncompleteDetails  *incompleteDetails `json:"incomplete_details"`
	Instructions       *string            `json:"instructions"`
	MaxOutputTokens    *int64             `json:"max_output_tokens"`
	Model              string             `json:"model"`
	Output             []outputMessage    `json:"output"`
	ParallelToolCalls  bool               `json:"parallel_tool_calls"`
	PreviousResponseID *string            `json:"previous_response_id"`
	Store              bool               `json:"store"`
	Temperature        float64            `json:"temperature"`
	Text               textConfig         `json:"text"`
	ToolChoice         string             `json:"tool_choice"`
	Tools              []struct{}         `json:"tools"`
	TopP               float64            `json:"top_p"`
	Truncation         string             `json:"truncation"`
	Usage              *responseUsage     `json:"usage"`
	Metadata           map[string]string  `json:"metadata"`
}

type incompleteDetails struct {
	Reason string `json:"reason"`
}

type textConfig struct {
	Format struct {
		Type string `json:"type"`
	} `json:"format"`
}

type outputMessage struct {
	ID      string       `json:"id"`
	Type    string       `json:"type"`
	Role    string       `json:"role"`
	Status  string       `json:"status"`
	Content []outputText `json:"content"`
}

type outputText struct {
	Type        string     `json:"type"`
	Text        string     `json:"text"`
	Annotations []struct{} `json:"annotations"`
	Logprobs    []struct{} `json:"logprobs"`
}

type responseUsage struct {
	InputTokens        int `json:"input_tokens"`
	InputTokensDetails struct {
		CachedTokens int `json:"cached_tokens"`
	} `json:"input_tokens_details"`
	OutputTokens        int `json:"output_tokens"`
	OutputTokensDetails struct {
		ReasoningTokens int `json:"reasoning_tokens"`
	} `json:"output_tokens_details"`
	TotalTokens int `json:"total_tokens"`
}

// responsesFormat renders /v1/responses: one prompt, one choice (the API has no n). Its stream
// events are numbered in the order they are built, which is the order they are sent: with one
// choice a single goroutine builds and sends them.
type responsesFormat struct {
	s       *Server
	p       *responsesParams
	id      string
	msgID   string
	created int64

	mu   sync.Mutex
	seq  int
	text strings.Builder // the output so far, for the closing events
}

func (f *responsesFormat) object(status string, output []outputMessage, u *usage) responseObject {
	o := responseObject{ID: f.id, Object: "response", CreatedAt: f.created, Status: status,
		Instructions: f.p.instructions, MaxOutputTokens: f.p.maxOutputTokens, Model: f.s.cfg.ModelName,
		Output: output, ParallelToolCalls: true, Temperature: f.p.temperature, ToolChoice: "none", Tools: []struct{}{},
		TopP: f.p.topP, Truncation: "disabled", Metadata: f.p.metadata}
	o.Text.Format.Type = "text"
	if status == "incomplete" {
		o.IncompleteDetails = &incompleteDetails{Reason: "max_output_tokens"}
	}
	if u != nil {
		ru := &responseUsage{InputTokens: u.PromptTokens, OutputTokens: u.CompletionTokens, TotalTokens: u.TotalTokens}
		ru.InputTokensDetails.CachedTokens = u.PromptTokensDetails.CachedTokens
		o.Usage = ru
	}
	return o
}

func (f *responsesFormat) message(status, text string, done bool) outputMessage {
	m := outputMessage{ID: f.msgID, Type: "message", Role: "assistant", Status: status, Content: []outputText{}}
	if done {
		m.Content = []outputText{part(text)}
	}
	return m
}

func part(text string) outputText {
	return outputText{Type: "output_text", Text: text, Annotations: []struct{}{}, Logprobs: []struct{}{}}
}

// status maps a finish reason: a choice cut by the token limit is incomplete.
func status(finish string) string {
	if finish == string(kvtypes.FinishLength) {
		return "incomplete"
	}
	return "completed"
}

// event builds one numbered stream event of the given type; fields are added to type and
// sequence_number.
func (f *responsesFormat) event(typ string, fields map[string]any) namedEvent {
	f.seq++
	fields["type"] = typ
	fields["sequence_number"] = f.seq - 1
	return namedEvent{name: typ, data: fields}
}

func (f *responsesFormat) start(int) any {
	f.mu.Lock()
	defer f.mu.Unlock()
	resp := f.object("in_progress", []outputMessage{}, nil)
	return namedEvents{
		f.event("response.created", map[string]any{"response": resp}),
		f.event("response.in_progress", map[string]any{"response": resp}),
		f.event("response.output_item.added", map[string]any{"output_index": 0, "item": f.message("in_progress", "", false)}),
		f.event("response.content_part.added", map[string]any{"output_index": 0, "content_index": 0, "item_id": f.msgID, "part": part("")}),
	}
}

func (f *responsesFormat) chunk(d delta) any {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.text.WriteString(d.text)
	return namedEvents{f.event("response.output_text.delta", map[string]any{"output_index": 0, "content_index": 0,
		"item_id": f.msgID, "delta": d.text, "logprobs": []struct{}{}})}
}

// end closes the stream: the text, the part, the item, then the whole response with its usage.
func (f *responsesFormat) end(results []choiceResult, u usage) any {
	f.mu.Lock()
	defer f.mu.Unlock()
	st := status(results[0].finish)
	text := f.text.String()
	msg := f.message(st, text, true)
	return namedEvents{
		f.event("response.output_text.done", map[string]any{"output_index": 0, "content_index": 0, "item_id": f.msgID,
			"text": text, "logprobs": []struct{}{}}),
		f.event("response.content_part.done", map[string]any{"output_index": 0, "content_index": 0, "item_id": f.msgID, "part": part(text)}),
		f.event("response.output_item.done", map[string]any{"output_index": 0, "item": msg}),
		f.event("response."+st, map[string]any{"response": f.object(st, []outputMessage{msg}, &u)}),
	}
}

// failure is the Responses API's error event. It carries OpenAI's "error" object as well, which
// is how the official SDKs recognise a failed stream.
func (f *responsesFormat) failure(ae *apiError) any {
	f.mu.Lock()
	defer f.mu.Unlock()
	var param *string
	if ae.Param != "" {
		param = &ae.Param
	}
	return namedEvents{f.event("error", map[string]any{"code": ae.Code, "message": ae.Message, "param": param, "error": ae.body().Error})}
}

// finish and usageChunk are never called: end replaces them.
func (f *responsesFormat) finish(choiceResult) any { return nil }
func (f *responsesFormat) usageChunk(usage) any    { return nil }

func (f *responsesFormat) response(results []choiceResult, texts []string, _ [][]tokenLogprob, u usage) any {
	st := status(results[0].finish)
	return f.object(st, []outputMessage{f.message(st, texts[0], true)}, &u)
}
