package server

// Tool calling: the request's tools, tool_choice and parallel_tool_calls, assistant tool_calls
// and tool results in the history, and the model's calls parsed back into tool_calls.

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"regexp"
	"slices"
	"strings"

	"github.com/kvwarden/kvwarden/internal/chat"
	"github.com/kvwarden/kvwarden/internal/toolcall"
)

const (
	maxTools     = 128 // as OpenAI allows
	maxToolCalls = 128 // per assistant message in the history
)

// functionName is OpenAI's rule for function names.
var functionName = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)

// toolParams is a request's tool use. choice is "auto", "none", "required" or "function" (the
// one named function must be called).
type toolParams struct {
	defs     chat.JSON // the tools array as sent, for the chat template
	names    []string
	params   []json.RawMessage // names[i]'s parameters schema; nil when not given
	choice   string
	function string
	parallel bool
}

// parses reports whether the output is read for tool calls.
func (t *toolParams) parses() bool { return t != nil && t.choice != "none" }

type toolFields struct {
	Tools             json.RawMessage `json:"tools"`
	ToolChoice        json.RawMessage `json:"tool_choice"`
	ParallelToolCalls *bool           `json:"parallel_tool_calls"`
	Functions         json.RawMessage `json:"functions"`
	FunctionCall      json.RawMessage `json:"function_call"`
}

// parseTools validates the request's tool fields.
func parseTools(b *toolFields) (*toolParams, *apiError) {
	if !isNull(b.Functions) || !isNull(b.FunctionCall) {
		param := "functions"
		if isNull(b.Functions) {
			param = "function_call"
		}
		return nil, badRequest(param, "%s (OpenAI's deprecated function calling) is not supported: send tools and tool_choice instead", param)
	}
	t := &toolParams{choice: "auto", parallel: b.ParallelToolCalls == nil || *b.ParallelToolCalls}
	if !isNull(b.Tools) {
		var tools []struct {
			Type     string `json:"type"`
			Function *struct {
				Name       *string         `json:"name"`
				Parameters json.RawMessage `json:"parameters"`
			} `json:"function"`
		}
		if err := json.Unmarshal(b.Tools, &tools); err != nil {
			return nil, badRequest("tools", "tools must be an array of {\"type\": \"function\", \"function\": {\"name\", \"description\", \"parameters\"}}")
		}
		if len(tools) > maxTools {
			return nil, badRequest("tools", "at most %d tools are allowed", maxTools)
		}
		for i, tl := range tools {
			param := fmt.Sprintf("tools[%d]", i)
			if tl.Type != "function" {
				return nil, badRequest(param+".type", "%s.type must be \"function\"", param)
			}
			if tl.Function == nil || tl.Function.Name == nil || !functionName.MatchString(*tl.Function.Name) {
				return nil, badRequest(param+".function.name", "%s.function.name must be 1 to 64 letters, digits, underscores or dashes", param)
			}
			if p := bytes.TrimSpace(tl.Function.Parameters); !isNull(p) && p[0] != '{' {
				return nil, badRequest(param+".function.parameters", "%s.function.parameters must be a JSON Schema object", param)
			}
			if slices.Contains(t.names, *tl.Function.Name) {
				return nil, badRequest(param+".function.name", "%s.function.name %q is already used by another tool", param, *tl.Function.Name)
			}
			t.names = append(t.names, *tl.Function.Name)
			t.params = append(t.params, tl.Function.Parameters)
		}
		defs, err := chat.ParseJSON(b.Tools)
		if err != nil {
			return nil, badRequest("tools", "tools: %s", err)
		}
		t.defs = defs
	}
	if e := t.parseChoice(b.ToolChoice); e != nil {
		return nil, e
	}
	if len(t.names) == 0 {
		if t.choice == "required" || t.choice == "function" {
			return nil, badRequest("tool_choice", "tool_choice %q requires tools", t.choice)
		}
		return nil, nil
	}
	return t, nil
}

func (t *toolParams) parseChoice(raw json.RawMessage) *apiError {
	raw = bytes.TrimSpace(raw)
	if isNull(raw) {
		return nil
	}
	bad := badRequest("tool_choice", `tool_choice must be "auto", "none", "required" or {"type": "function", "function": {"name": ...}}`)
	if raw[0] == '"' {
		if json.Unmarshal(raw, &t.choice) != nil || (t.choice != "auto" && t.choice != "none" && t.choice != "required") {
			return bad
		}
		return nil
	}
	var named struct {
		Type     string `json:"type"`
		Function struct {
			Name string `json:"name"`
		} `json:"function"`
	}
	if json.Unmarshal(raw, &named) != nil || named.Type != "function" || named.Function.Name == "" {
		return bad
	}
	if !slices.Contains(t.names, named.Function.Name) {
		return badRequest("tool_choice", "tool_choice names function %q, which is not among the tools", named.Function.Name)
	}
	t.choice, t.function = "function", named.Function.Name
	return nil
}

// messageToolFields are a message's tool fields.
type messageToolFields struct {
	ToolCalls    json.RawMessage `json:"tool_calls"`
	ToolCallID   *string         `json:"tool_call_id"`
	FunctionCall json.RawMessage `json:"function_call"`
}

// parseMessageTools reads an assistant message's tool_calls and a tool message's tool_call_id
// into msg: they reach the template, so a history with calls renders differently from one
// without.
func parseMessageTools(m messageBody, i int, msg *chat.Message) *apiError {
	param := fmt.Sprintf("messages[%d]", i)
	if !isNull(m.FunctionCall) {
		return badRequest(param+".function_call", "%s.function_call (deprecated function calling) is not supported: send tool_calls instead", param)
	}
	if msg.Role == "tool" {
		if m.ToolCallID == nil || *m.ToolCallID == "" {
			return badRequest(param+".tool_call_id", "%s.tool_call_id is required for a tool message", param)
		}
		msg.ToolCallID = *m.ToolCallID
	} else if m.ToolCallID != nil {
		return badRequest(param+".tool_call_id", "%s.tool_call_id is allowed only in tool messages", param)
	}
	if isNull(m.ToolCalls) {
		return nil
	}
	if msg.Role != "assistant" {
		return badRequest(param+".tool_calls", "%s.tool_calls is allowed only in assistant messages", param)
	}
	var calls []struct {
		ID       string `json:"id"`
		Type     string `json:"type"`
		Function *struct {
			Name      string  `json:"name"`
			Arguments *string `json:"arguments"`
		} `json:"function"`
	}
	if err := json.Unmarshal(m.ToolCalls, &calls); err != nil {
		return badRequest(param+".tool_calls", "%s.tool_calls must be an array of {\"id\", \"type\": \"function\", \"function\": {\"name\", \"arguments\"}}", param)
	}
	if len(calls) > maxToolCalls {
		return badRequest(param+".tool_calls", "at most %d tool calls are allowed in a message", maxToolCalls)
	}
	for j, c := range calls {
		cp := fmt.Sprintf("%s.tool_calls[%d]", param, j)
		if c.Type != "function" || c.Function == nil || c.Function.Name == "" || c.ID == "" {
			return badRequest(cp, "%s must have an id, type \"function\" and a function name", cp)
		}
		args := ""
		if c.Function.Arguments != nil {
			args = *c.Function.Arguments
		}
		a, ok := callArguments(args)
		if !ok {
			return badRequest(cp+".function.arguments", "%s.function.arguments must be a JSON object encoded as a string", cp)
		}
		msg.ToolCalls = append(msg.ToolCalls, chat.ToolCall{ID: c.ID, Name: c.Function.Name, Arguments: a})
	}
	return nil
}

// callArguments reads a call's arguments as sent back in a history: a JSON object encoded as a
// string, empty meaning {}.
func callArguments(args string) (chat.JSON, bool) {
	if strings.TrimSpace(args) == "" {
		args = "{}"
	}
	a, err := chat.ParseJSON([]byte(args))
	return a, err == nil && a.IsObject()
}

// Output.

// toolCallOut is a call in a chat answer, and in a stream delta (Index set; in a delta the head
// carries id, type and name with empty arguments, the next the arguments).
type toolCallOut struct {
	Index    *int         `json:"index,omitempty"`
	ID       string       `json:"id,omitempty"`
	Type     string       `json:"type,omitempty"`
	Function functionCall `json:"function"`
}

type functionCall struct {
	Name      string `json:"name,omitempty"`
	Arguments string `json:"arguments"`
}

// toolStream reads one choice's output for calls.
type toolStream struct {
	t       *toolParams
	st      *toolcall.Stream
	mistral bool
	calls   []toolCallOut
}

func (s *Server) newToolStream(t *toolParams) *toolStream {
	if !t.parses() {
		return nil
	}
	return &toolStream{t: t, st: toolcall.NewStream(s.toolFormat), mistral: s.toolFormat.Name() == "mistral"}
}

// markerText gives a control token's text when it opens tool calls (<|python_tag|>,
// [TOOL_CALLS]): it prints nothing, yet the parser must see it.
func (ts *toolStream) markerText(s *Server, id int32) []byte {
	if ts == nil {
		return nil
	}
	if text := s.tok.TokenText(id); slices.Contains(s.toolFormat.Controls(), text) {
		return []byte(text)
	}
	return nil
}

// push reads text; it returns the content and the stream deltas of the calls: a call's head
// (index, id, type, name) first, then pieces of its arguments as the model writes them.
func (ts *toolStream) push(text string, final bool) (string, [][]toolCallOut) {
	content, evs := ts.st.Push(text)
	if final {
		tail, more := ts.st.Flush()
		content, evs = content+tail, append(evs, more...)
	}
	var out [][]toolCallOut
	for _, e := range evs {
		if !ts.t.parallel && e.Call > 0 {
			continue // parallel_tool_calls false: the first call only
		}
		i := e.Call
		if e.Name != "" {
			ts.calls = append(ts.calls, toolCallOut{ID: ts.newID(), Type: "function", Function: functionCall{Name: e.Name}})
			head := ts.calls[i]
			head.Index = &i
			out = append(out, []toolCallOut{head})
		}
		if e.Args != "" {
			ts.calls[i].Function.Arguments += e.Args
			out = append(out, []toolCallOut{{Index: &i, Function: functionCall{Arguments: e.Args}}})
		}
	}
	return content, out
}

const idChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

// newID makes a call id: Mistral's templates require 9 letters or digits; others get OpenAI's
// call_ shape.
func (ts *toolStream) newID() string {
	n := 24
	if ts.mistral {
		n = 9
	}
	b := make([]byte, n)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	for i := range b {
		b[i] = idChars[int(b[i])%len(idChars)]
	}
	if ts.mistral {
		return string(b)
	}
	return "call_" + string(b)
}

// toolChoiceError is output that does not meet tool_choice.
type toolChoiceError struct{ msg string }

func (e *toolChoiceError) Error() string { return e.msg }

func (e *toolChoiceError) apiError() *apiError {
	return &apiError{Status: http.StatusInternalServerError, Type: errServer, Code: "tool_choice_unmet",
		Message: e.msg + " (decoding is not constrained: retry, or use tool_choice \"auto\")", Reason: "tool_choice_unmet"}
}

// check enforces tool_choice required or a named function on the finished output: where the
// parser's markup cannot be constrained (constrainTools) the model may not comply, and the
// client asked for a call.
func (ts *toolStream) check() error {
	switch {
	case ts == nil:
	case ts.t.choice == "required" && len(ts.calls) == 0:
		return &toolChoiceError{"tool_choice is \"required\" but the model produced no well-formed tool call"}
	case ts.t.choice == "function":
		if len(ts.calls) == 0 {
			return &toolChoiceError{fmt.Sprintf("tool_choice names %q but the model produced no well-formed tool call", ts.t.function)}
		}
		for _, c := range ts.calls {
			if c.Function.Name != ts.t.function {
				return &toolChoiceError{fmt.Sprintf("tool_choice names %q but the model called another function", ts.t.function)}
			}
		}
	}
	return nil
}

// chatToolsPrompt renders and tokenizes a chat prompt with the request's tools. Tools the
// model's template does not print are refused: the model would never see them.
func (s *Server) chatToolsPrompt(msgs []chat.Message, args map[string]any, tools *toolParams, addGenerationPrompt bool) ([]int32, *apiError) {
	withTools := chatTemplateArgs(args, tools)
	if tools != nil {
		with, err1 := s.tmpl.Render(msgs, addGenerationPrompt, withTools)
		without, err2 := s.tmpl.Render(msgs, addGenerationPrompt, args)
		if err1 == nil && err2 == nil && with == without {
			return nil, &apiError{Status: http.StatusBadRequest, Type: errInvalidRequest, Param: "tools", Code: "tools_not_supported",
				Message: "the model's chat template does not render tools, so the model would never see them", Reason: "bad_request"}
		}
	}
	return s.chatPrompt(msgs, withTools, addGenerationPrompt)
}

// chatTemplateArgs adds the tools to the template's arguments.
func chatTemplateArgs(args map[string]any, tools *toolParams) map[string]any {
	if tools == nil {
		return args
	}
	out := maps.Clone(args)
	if out == nil {
		out = map[string]any{}
	}
	out["tools"] = tools.defs
	return out
}
