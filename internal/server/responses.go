package server

// /v1/responses: OpenAI's Responses API, stateless. The input (a string or an array of message,
// function_call and function_call_output items), the instructions and the function tools become a
// chat prompt rendered by the model's template, as chat completions renders them; tool_choice and
// text.format constrain decoding with chat's grammars. The answer (responses_output.go) is a
// message and function_call items. Nothing is stored, so store: true, previous_response_id and
// conversation are refused, as is every option this server cannot honour, each by name.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/kvwarden/kvwarden/internal/chat"
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
	pdFields
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
	sf := samplingFields{Model: b.Model, Temperature: b.Temperature, TopP: b.TopP, Stream: b.Stream, pdFields: b.pdFields}
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
		e = s.selectGenModel(rp.genParams, rc.tenant)
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
