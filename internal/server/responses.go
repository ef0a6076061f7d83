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
	Model             string            `json:"model"`
	Input             json.RawMessage   `json:"input"`
	Instructions      *string           `json:"instructions"`
	MaxOutputTokens   *int64            `json:"max_output_tokens"`
	Temperature       *float64          `json:"temperature"`
	TopP              *float64          `json:"top_p"`
	Stream            *bool             `json:"stream"`
	Metadata          map[string]string `json:"metadata"`
	Tools             json.RawMessage   `json:"tools"`
	ToolChoice        json.RawMessage   `json:"tool_choice"`
	ParallelToolCalls *bool             `json:"parallel_tool_calls"`
	Text              *struct {
		Format    json.RawMessage `json:"format"`
		Verbosity *string         `json:"verbosity"`
	} `json:"text"`

	// Accepted only with values that ask for nothing this server lacks.
	Store              *bool           `json:"store"`
	PreviousResponseID *string         `json:"previous_response_id"`
	Conversation       json.RawMessage `json:"conversation"`
	Background         *bool           `json:"background"`
	Reasoning          json.RawMessage `json:"reasoning"`
	Include            []string        `json:"include"`
	Prompt             json.RawMessage `json:"prompt"`
	Truncation         *string         `json:"truncation"`
	TopLogprobs        *int64          `json:"top_logprobs"`
	ContextManagement  json.RawMessage `json:"context_management"`
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
	tools           json.RawMessage // as sent, echoed; [] without tools
	toolChoice      json.RawMessage // as sent, echoed
	parallel        bool
	textFormat      json.RawMessage // as sent, echoed
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
	if p.tools, e = responsesTools(&b); e != nil {
		return nil, e
	}
	rp := &responsesParams{genParams: p, instructions: b.Instructions, maxOutputTokens: b.MaxOutputTokens,
		temperature: 1, topP: 1, metadata: b.Metadata, tools: json.RawMessage("[]"), toolChoice: b.ToolChoice,
		parallel: b.ParallelToolCalls == nil || *b.ParallelToolCalls, textFormat: json.RawMessage(`{"type":"text"}`)}
	if b.Text != nil && !isNull(b.Text.Format) {
		if p.format, e = parseTextFormat(b.Text.Format); e != nil {
			return nil, e
		}
		rp.textFormat = b.Text.Format
	}
	if p.format != nil && p.tools != nil && (p.tools.choice == "required" || p.tools.choice == "function") {
		return nil, badRequest("text.format", "text.format cannot be combined with tool_choice %q: the output is the tool call", p.tools.choice)
	}
	if !isNull(b.Tools) {
		rp.tools = b.Tools
	}
	if isNull(rp.toolChoice) {
		rp.toolChoice = json.RawMessage(`"auto"`)
		if p.tools == nil {
			rp.toolChoice = json.RawMessage(`"none"`)
		}
	}
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

// member is one member of a JSON object, in document order.
type member struct {
	key string
	val json.RawMessage
}

// members reads a JSON object's members in document order; ok is false for anything else.
func members(raw json.RawMessage) (out []member, ok bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, false
	}
	for dec.More() {
		t, err := dec.Token()
		key, isKey := t.(string)
		if err != nil || !isKey {
			return nil, false
		}
		var v json.RawMessage
		if dec.Decode(&v) != nil {
			return nil, false
		}
		out = append(out, member{key, v})
	}
	return out, true
}

// responsesTools reads the Responses API's function tools ({"type": "function", "name",
// "description", "parameters", "strict"}) and tool_choice ({"type": "function", "name"} forces a
// call) into chat's shapes, which parseTools validates and the chat template renders: the same
// tools give the same prompt on both endpoints.
func responsesTools(b *responsesBody) (*toolParams, *apiError) {
	tf := toolFields{ParallelToolCalls: b.ParallelToolCalls}
	if !isNull(b.Tools) {
		var tools []json.RawMessage
		if json.Unmarshal(b.Tools, &tools) != nil {
			return nil, badRequest("tools", `tools must be an array of {"type": "function", "name", "description", "parameters"}`)
		}
		if len(tools) > maxTools {
			return nil, badRequest("tools", "at most %d tools are allowed", maxTools)
		}
		var chatTools bytes.Buffer
		chatTools.WriteByte('[')
		for i, raw := range tools {
			param := fmt.Sprintf("tools[%d]", i)
			ms, ok := members(raw)
			if !ok {
				return nil, badRequest(param, `%s must be {"type": "function", "name", "description", "parameters"}`, param)
			}
			var typ, name string
			fn := []byte{'{'}
			for _, m := range ms {
				switch m.key {
				case "type":
					json.Unmarshal(m.val, &typ)
					continue
				case "name":
					json.Unmarshal(m.val, &name)
				}
				if len(fn) > 1 {
					fn = append(fn, ',')
				}
				k, _ := json.Marshal(m.key) // a string: cannot fail
				fn = append(append(append(fn, k...), ':'), m.val...)
			}
			if typ != "function" {
				return nil, unsupported(param+".type", "%s.type %q is not supported on /v1/responses; only function tools", param, typ)
			}
			if !functionName.MatchString(name) {
				return nil, badRequest(param+".name", "%s.name must be 1 to 64 letters, digits, underscores or dashes", param)
			}
			if i > 0 {
				chatTools.WriteByte(',')
			}
			fmt.Fprintf(&chatTools, `{"type":"function","function":%s}`, append(fn, '}'))
		}
		chatTools.WriteByte(']')
		tf.Tools = chatTools.Bytes()
	}
	if choice := bytes.TrimSpace(b.ToolChoice); !isNull(choice) {
		var mode string
		var named struct {
			Type string `json:"type"`
			Name string `json:"name"`
		}
		switch {
		case json.Unmarshal(choice, &mode) == nil && (mode == "auto" || mode == "none" || mode == "required"):
			tf.ToolChoice = choice
		case json.Unmarshal(choice, &named) == nil && named.Type == "function" && named.Name != "":
			tf.ToolChoice, _ = json.Marshal(map[string]any{"type": "function", "function": map[string]string{"name": named.Name}})
		default:
			return nil, unsupported("tool_choice", `tool_choice must be "auto", "none", "required" or {"type": "function", "name": ...}`)
		}
	}
	t, e := parseTools(&tf)
	if e != nil {
		// parseTools names chat's fields: a Responses tool has its function's fields at its top.
		e.Param = strings.Replace(e.Param, ".function.", ".", 1)
		e.Message = strings.Replace(e.Message, ".function.", ".", 1)
	}
	return t, e
}

// parseTextFormat reads text.format: text, json_object, or json_schema with the schema (name and
// strict are echoed; the schema is always enforced, as with strict: true).
func parseTextFormat(raw json.RawMessage) (*formatSpec, *apiError) {
	var f struct {
		Type   string          `json:"type"`
		Schema json.RawMessage `json:"schema"`
	}
	if json.Unmarshal(raw, &f) != nil {
		return nil, badRequest("text.format", `text.format must be an object such as {"type": "json_object"}`)
	}
	switch f.Type {
	case "text":
		return nil, nil
	case "json_object":
		return parseFormat(json.RawMessage(`{"type":"json_object"}`), nil)
	case "json_schema":
		if isNull(f.Schema) {
			return nil, badRequest("text.format.schema", "text.format json_schema needs a schema")
		}
		return compileFormat(f.Schema, "text.format.schema")
	}
	return nil, unsupported("text.format.type", "text.format %q is not supported: use text, json_object or json_schema", f.Type)
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
	case !emptyish(b.Reasoning):
		return unsupported("reasoning", "reasoning options are not supported")
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

// inputItem is an item of the input array: a message, a function call the model made earlier, or
// a call's output. Other item types (reasoning, item references, hosted tools' calls) are
// refused by name.
type inputItem struct {
	Type      string          `json:"type"`
	Role      string          `json:"role"`
	Content   json.RawMessage `json:"content"`
	CallID    *string         `json:"call_id"`
	Name      *string         `json:"name"`
	Arguments *string         `json:"arguments"`
	Output    json.RawMessage `json:"output"`
}

// inputRoles maps the Responses API's message roles to the chat template's.
var inputRoles = map[string]string{"user": "user", "assistant": "assistant", "system": "system", "developer": "system"}

// parseInput reads the input: a string (one user message) or an array of items. A message's
// content is a string or an array of text parts (input_text; output_text in earlier assistant
// turns sent back). A function_call item becomes a tool call of the assistant turn it follows
// (a new assistant turn if none does), as chat's assistant tool_calls; a function_call_output
// item becomes a tool message, as chat's.
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
		return nil, badRequest("input", "input must be a string or an array of input items")
	}
	if len(items) == 0 {
		return nil, badRequest("input", "input must not be an empty array")
	}
	if len(items) > maxMessages {
		return nil, badRequest("input", "at most %d input items are allowed", maxMessages)
	}
	var msgs []chat.Message
	for i, it := range items {
		param := fmt.Sprintf("input[%d]", i)
		switch it.Type {
		case "", "message":
			role, ok := inputRoles[it.Role]
			if !ok {
				return nil, badRequest(param+".role", "%s.role must be one of user, assistant, system, developer", param)
			}
			text, e := inputContent(it.Content, param+".content")
			if e != nil {
				return nil, e
			}
			msgs = append(msgs, chat.Message{Role: role, Content: text})
		case "function_call":
			call, e := inputCall(it, param)
			if e != nil {
				return nil, e
			}
			if n := len(msgs); n == 0 || msgs[n-1].Role != "assistant" {
				msgs = append(msgs, chat.Message{Role: "assistant"})
			}
			last := &msgs[len(msgs)-1]
			if len(last.ToolCalls) >= maxToolCalls {
				return nil, badRequest(param, "at most %d function calls are allowed in one assistant turn", maxToolCalls)
			}
			last.ToolCalls = append(last.ToolCalls, call)
		case "function_call_output":
			if it.CallID == nil || *it.CallID == "" {
				return nil, badRequest(param+".call_id", "%s.call_id is required", param)
			}
			text, e := inputContent(it.Output, param+".output")
			if e != nil {
				return nil, e
			}
			msgs = append(msgs, chat.Message{Role: "tool", ToolCallID: *it.CallID, Content: text})
		default:
			return nil, unsupported(param+".type", "%s.type %q is not supported; only message, function_call and function_call_output items", param, it.Type)
		}
	}
	return msgs, nil
}

// inputCall reads a function_call item: an earlier call of the model, sent back.
func inputCall(it inputItem, param string) (chat.ToolCall, *apiError) {
	switch {
	case it.CallID == nil || *it.CallID == "":
		return chat.ToolCall{}, badRequest(param+".call_id", "%s.call_id is required", param)
	case it.Name == nil || *it.Name == "":
		return chat.ToolCall{}, badRequest(param+".name", "%s.name is required", param)
	case it.Arguments == nil:
		return chat.ToolCall{}, badRequest(param+".arguments", "%s.arguments is required", param)
	}
	args, ok := callArguments(*it.Arguments)
	if !ok {
		return chat.ToolCall{}, badRequest(param+".arguments", "%s.arguments must be a JSON object encoded as a string", param)
	}
	return chat.ToolCall{ID: *it.CallID, Name: *it.Name, Arguments: args}, nil
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
		ids, e = s.chatToolsPrompt(rp.messages, nil, rp.genParams.tools, true)
	}
	if e == nil {
		e = s.constrainTools(rp.genParams)
	}
	if e == nil && len(ids) == 0 {
		e = badRequest("input", "the rendered prompt is empty")
	}
	if e != nil {
		s.fail(w, rc, e)
		return
	}
	f := &responsesFormat{s: s, p: rp, id: "resp_" + rc.id, created: s.cfg.Now().Unix()}
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
	Output             []any              `json:"output"` // outputMessage and functionCallItem
	ParallelToolCalls  bool               `json:"parallel_tool_calls"`
	PreviousResponseID *string            `json:"previous_response_id"`
	Store              bool               `json:"store"`
	Temperature        float64            `json:"temperature"`
	Text               textConfig         `json:"text"`
	ToolChoice         json.RawMessage    `json:"tool_choice"`
	Tools              json.RawMessage    `json:"tools"`
	TopP               float64            `json:"top_p"`
	Truncation         string             `json:"truncation"`
	Usage              *responseUsage     `json:"usage"`
	Metadata           map[string]string  `json:"metadata"`
}

type incompleteDetails struct {
	Reason string `json:"reason"`
}

type textConfig struct {
	Format json.RawMessage `json:"format"`
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

// functionCallItem is a call of one of the request's tools: call_id is what the client's
// function_call_output item answers.
type functionCallItem struct {
	ID        string `json:"id"`
	Type      string `json:"type"`
	Status    string `json:"status"`
	CallID    string `json:"call_id"`
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
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
	created int64

	mu    sync.Mutex
	seq   int
	items []any       // the stream's closed output items, for the closing response
	open  *streamItem // the item being streamed, if any
	msgs  int         // message items opened so far
}

// streamItem is the output item a stream is writing: a message's text or a call's arguments.
type streamItem struct {
	index int
	msg   *outputMessage
	call  *functionCallItem
	text  strings.Builder
}

func (f *responsesFormat) object(status string, output []any, u *usage) responseObject {
	o := responseObject{ID: f.id, Object: "response", CreatedAt: f.created, Status: status,
		Instructions: f.p.instructions, MaxOutputTokens: f.p.maxOutputTokens, Model: f.s.cfg.ModelName,
		Output: output, ParallelToolCalls: f.p.parallel, Temperature: f.p.temperature, ToolChoice: f.p.toolChoice,
		Tools: f.p.tools, TopP: f.p.topP, Truncation: "disabled", Metadata: f.p.metadata}
	o.Text.Format = f.p.textFormat
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

// msgID names the n-th message item: the first is msg_ and the request's id.
func (f *responsesFormat) msgID(n int) string {
	id := "msg" + strings.TrimPrefix(f.id, "resp")
	if n > 0 {
		id += fmt.Sprintf("_%d", n)
	}
	return id
}

func (f *responsesFormat) callItem(index int, c toolCallOut, status string) *functionCallItem {
	return &functionCallItem{ID: fmt.Sprintf("fc%s_%d", strings.TrimPrefix(f.id, "resp"), index), Type: "function_call",
		Status: status, CallID: c.ID, Name: c.Function.Name, Arguments: c.Function.Arguments}
}

func message(id, status, text string, done bool) *outputMessage {
	m := &outputMessage{ID: id, Type: "message", Role: "assistant", Status: status, Content: []outputText{}}
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

// start opens the stream. Without tools the output is one message, opened at once; with tools
// an item opens when its first text or call comes.
func (f *responsesFormat) start(int) any {
	f.mu.Lock()
	defer f.mu.Unlock()
	resp := f.object("in_progress", []any{}, nil)
	evs := namedEvents{
		f.event("response.created", map[string]any{"response": resp}),
		f.event("response.in_progress", map[string]any{"response": resp}),
	}
	if !f.p.genParams.tools.parses() {
		evs = f.openMessage(evs)
	}
	return evs
}

func (f *responsesFormat) openMessage(evs namedEvents) namedEvents {
	it := &streamItem{index: len(f.items), msg: message(f.msgID(f.msgs), "in_progress", "", false)}
	f.msgs++
	f.open = it
	return append(evs,
		f.event("response.output_item.added", map[string]any{"output_index": it.index, "item": it.msg}),
		f.event("response.content_part.added", map[string]any{"output_index": it.index, "content_index": 0, "item_id": it.msg.ID, "part": part("")}))
}

// closeItem closes the open item, if any, with status.
func (f *responsesFormat) closeItem(evs namedEvents, status string) namedEvents {
	it := f.open
	if it == nil {
		return evs
	}
	f.open = nil
	if it.msg != nil {
		text := it.text.String()
		msg := message(it.msg.ID, status, text, true)
		f.items = append(f.items, msg)
		return append(evs,
			f.event("response.output_text.done", map[string]any{"output_index": it.index, "content_index": 0, "item_id": msg.ID,
				"text": text, "logprobs": []struct{}{}}),
			f.event("response.content_part.done", map[string]any{"output_index": it.index, "content_index": 0, "item_id": msg.ID, "part": part(text)}),
			f.event("response.output_item.done", map[string]any{"output_index": it.index, "item": msg}))
	}
	call := *it.call
	call.Status, call.Arguments = status, it.text.String()
	f.items = append(f.items, &call)
	return append(evs,
		f.event("response.function_call_arguments.done", map[string]any{"output_index": it.index, "item_id": call.ID, "arguments": call.Arguments}),
		f.event("response.output_item.done", map[string]any{"output_index": it.index, "item": &call}))
}

func (f *responsesFormat) chunk(d delta) any {
	f.mu.Lock()
	defer f.mu.Unlock()
	var evs namedEvents
	if len(d.calls) > 0 {
		c := d.calls[0]
		if c.ID != "" { // a call's head: its item opens
			evs = f.closeItem(evs, "completed")
			it := &streamItem{index: len(f.items), call: f.callItem(len(f.items), c, "in_progress")}
			f.open = it
			return append(evs, f.event("response.output_item.added", map[string]any{"output_index": it.index, "item": it.call}))
		}
		f.open.text.WriteString(c.Function.Arguments)
		return append(evs, f.event("response.function_call_arguments.delta", map[string]any{"output_index": f.open.index,
			"item_id": f.open.call.ID, "delta": c.Function.Arguments}))
	}
	if d.text == "" {
		return evs
	}
	if f.open == nil || f.open.msg == nil {
		evs = f.openMessage(f.closeItem(evs, "completed"))
	}
	f.open.text.WriteString(d.text)
	return append(evs, f.event("response.output_text.delta", map[string]any{"output_index": f.open.index, "content_index": 0,
		"item_id": f.open.msg.ID, "delta": d.text, "logprobs": []struct{}{}}))
}

// end closes the stream: the open item, then the whole response with its usage. A response
// always has an output item: an empty message when nothing was written.
func (f *responsesFormat) end(results []choiceResult, u usage) any {
	f.mu.Lock()
	defer f.mu.Unlock()
	st := status(results[0].finish)
	var evs namedEvents
	if f.open == nil && len(f.items) == 0 {
		evs = f.openMessage(evs)
	}
	evs = f.closeItem(evs, st)
	return append(evs, f.event("response."+st, map[string]any{"response": f.object(st, f.items, &u)}))
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

// response is the whole answer: the text as a message (omitted when the answer is calls
// alone), then the calls; the last item carries the response's status.
func (f *responsesFormat) response(results []choiceResult, texts []string, _ [][]tokenLogprob, u usage) any {
	st := status(results[0].finish)
	var out []any
	if texts[0] != "" || len(results[0].toolCalls) == 0 {
		out = append(out, message(f.msgID(0), "completed", texts[0], true))
	}
	for _, c := range results[0].toolCalls {
		out = append(out, f.callItem(len(out), c, "completed"))
	}
	switch last := out[len(out)-1].(type) {
	case *outputMessage:
		last.Status = st
	case *functionCallItem:
		last.Status = st
	}
	return f.object(st, out, &u)
}
