// Package chat turns a list of chat messages into a prompt string with the model's own chat
// template (the Jinja source in the GGUF's tokenizer.chat_template), the way Hugging Face's
// apply_chat_template does, or with ChatML when the model has no template.
package chat

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/ardanlabs/jinja"
)

// Message is one chat turn as the template sees it.
type Message struct {
	Role    string
	Content string
	Name    string // optional; passed to the template only when set
	// ToolCalls are an assistant turn's calls, passed as "tool_calls" in OpenAI's shape.
	ToolCalls []ToolCall
	// ToolCallID is the call a tool turn answers, passed as "tool_call_id" when set.
	ToolCallID string
}

// ToolCall is a function call of an assistant turn. The template sees
// {"id", "type": "function", "function": {"name", "arguments"}} with the arguments as an object,
// as Hugging Face templates expect (OpenAI sends them as a JSON string).
type ToolCall struct {
	ID        string
	Name      string
	Arguments JSON
}

// ChatML is the fallback template for models that ship none. It is the common
// "<|im_start|>role\ncontent<|im_end|>\n" layout and ends with the assistant header when a
// generation prompt is asked for. Given tools, it describes them in a system turn and writes
// calls in the history the Hermes way (<tool_call> JSON), as Qwen 2.5's template does, so that
// tools are never silently left out.
const ChatML = `{%- if tools -%}
{{- '<|im_start|>system\n' -}}
{%- if messages[0].role == 'system' -%}{{- messages[0].content + '\n\n' -}}{%- endif -%}
{{- '# Tools\n\nYou may call one or more functions to assist with the user query.\n\nYou are provided with function signatures within <tools></tools> XML tags:\n<tools>' -}}
{%- for tool in tools -%}{{- '\n' + (tool | tojson) -}}{%- endfor -%}
{{- '\n</tools>\n\nFor each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:\n<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call><|im_end|>\n' -}}
{%- endif -%}
{%- for message in messages -%}
{%- if not (tools and loop.first and message.role == 'system') -%}
{{- '<|im_start|>' + message.role + '\n' + message.content -}}
{%- if message.tool_calls is defined -%}
{%- for tc in message.tool_calls -%}
{%- if message.content or not loop.first -%}{{- '\n' -}}{%- endif -%}
{{- '<tool_call>\n{"name": "' + tc.function.name + '", "arguments": ' + (tc.function.arguments | tojson) + '}\n</tool_call>' -}}
{%- endfor -%}
{%- endif -%}
{{- '<|im_end|>\n' -}}
{%- endif -%}
{%- endfor -%}
{%- if add_generation_prompt -%}
{{- '<|im_start|>assistant\n' -}}
{%- endif -%}`

// RenderError is a template failure caused by the request (a role the template refuses, a
// raise_exception, a missing field): the server answers it with 400.
type RenderError struct{ Err error }

func (e *RenderError) Error() string { return "chat template: " + e.Err.Error() }
func (e *RenderError) Unwrap() error { return e.Err }

// Template is a compiled chat template. It is safe for concurrent use.
type Template struct {
	tmpl     *jinja.Template
	bos, eos string
	fallback bool
}

// reserved are the variables the server sets; request-supplied template arguments may not
// override them.
var reserved = map[string]bool{"messages": true, "add_generation_prompt": true, "bos_token": true, "eos_token": true}

// New compiles source. An empty source selects ChatML (Fallback then reports true). bos and eos
// are the texts of the model's BOS and EOS tokens, which many templates insert themselves.
func New(source, bos, eos string) (*Template, error) {
	fallback := strings.TrimSpace(source) == ""
	if fallback {
		source = ChatML
	}
	t, err := compile(source)
	if err != nil {
		return nil, fmt.Errorf("compile chat template: %w", err)
	}
	return &Template{tmpl: t, bos: bos, eos: eos, fallback: fallback}, nil
}

// compile guards against a panic in the template engine: the template comes from a model file,
// which is input too.
func compile(source string) (t *jinja.Template, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("template engine panic: %v", r)
		}
	}()
	return jinja.Compile(source)
}

// Fallback reports whether the model had no template and ChatML is used.
func (t *Template) Fallback() bool { return t.fallback }

// Render applies the template. extra holds additional template variables (for example
// enable_thinking, or "tools" as a JSON value); it may not override messages,
// add_generation_prompt, bos_token or eos_token.
func (t *Template) Render(msgs []Message, addGenerationPrompt bool, extra map[string]any) (string, error) {
	if err := check(msgs, extra); err != nil {
		return "", err
	}
	return t.render(t.data(msgs, addGenerationPrompt, extra, func(s string, _ bool) string { return s }))
}

func check(msgs []Message, extra map[string]any) error {
	if len(msgs) == 0 {
		return &RenderError{errors.New("messages must not be empty")}
	}
	for k := range extra {
		if reserved[k] {
			return &RenderError{fmt.Errorf("template argument %q is set by the server", k)}
		}
	}
	return nil
}

// data builds the template's variables, passing every client string through sub in a fixed
// order. always is false for the strings of tool definitions and calls, which are sent to the
// template as they are when they are plain words (see plainArg): templates compare them (Mistral
// checks that call ids have 9 characters) and sort keys (tojson with indent).
func (t *Template) data(msgs []Message, addGenerationPrompt bool, extra map[string]any, sub func(s string, always bool) string) map[string]jinja.Value {
	tree := func(s string) string { return sub(s, false) }
	list := make([]jinja.Value, len(msgs))
	for i, m := range msgs {
		d := jinja.NewDict()
		mm := d.AsDict()
		mm.Set("role", jinja.NewString(m.Role))
		mm.Set("content", jinja.NewString(sub(m.Content, true)))
		if m.Name != "" {
			mm.Set("name", jinja.NewString(sub(m.Name, true)))
		}
		if len(m.ToolCalls) > 0 {
			calls := make([]jinja.Value, len(m.ToolCalls))
			for j, c := range m.ToolCalls {
				fn := jinja.NewDict()
				fn.AsDict().Set("name", jinja.NewString(tree(c.Name)))
				fn.AsDict().Set("arguments", mapStrings(c.Arguments.v, tree))
				call := jinja.NewDict()
				call.AsDict().Set("id", jinja.NewString(tree(c.ID)))
				call.AsDict().Set("type", jinja.NewString("function"))
				call.AsDict().Set("function", fn)
				calls[j] = call
			}
			mm.Set("tool_calls", jinja.NewList(calls))
		}
		if m.ToolCallID != "" {
			mm.Set("tool_call_id", jinja.NewString(tree(m.ToolCallID)))
		}
		list[i] = d
	}
	data := make(map[string]jinja.Value, len(extra)+4)
	for _, k := range slices.Sorted(maps.Keys(extra)) {
		switch v := extra[k].(type) {
		case JSON:
			data[k] = mapStrings(v.v, tree)
		case string:
			data[k] = jinja.NewString(sub(v, false))
		default:
			data[k] = jinja.FromGoValue(v)
		}
	}
	data["messages"] = jinja.NewList(list)
	data["add_generation_prompt"] = jinja.NewBool(addGenerationPrompt)
	data["bos_token"] = jinja.NewString(t.bos)
	data["eos_token"] = jinja.NewString(t.eos)
	return data
}

// render guards against a panic in the template engine.
func (t *Template) render(data map[string]jinja.Value) (out string, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = "", &RenderError{fmt.Errorf("template engine panic: %v", r)}
		}
	}()
	out, err = t.tmpl.RenderValues(data)
	if err != nil {
		return "", &RenderError{err}
	}
	return out, nil
}
