// Package chat turns a list of chat messages into a prompt string with the model's own chat
// template (the Jinja source in the GGUF's tokenizer.chat_template), the way Hugging Face's
// apply_chat_template does, or with ChatML when the model has no template.
package chat

import (
	"errors"
	"fmt"
	"maps"
	"strings"

	"github.com/ardanlabs/jinja"
)

// Message is one chat turn as the template sees it.
type Message struct {
	Role    string
	Content string
	Name    string // optional; passed to the template only when set
}

// ChatML is the fallback template for models that ship none. It is the common
// "<|im_start|>role\ncontent<|im_end|>\n" layout and ends with the assistant header when a
// generation prompt is asked for.
const ChatML = `{%- for message in messages -%}
{{- '<|im_start|>' + message.role + '\n' + message.content + '<|im_end|>\n' -}}
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
// enable_thinking); it may not override messages, add_generation_prompt, bos_token or eos_token.
func (t *Template) Render(msgs []Message, addGenerationPrompt bool, extra map[string]any) (out string, err error) {
	if len(msgs) == 0 {
		return "", &RenderError{errors.New("messages must not be empty")}
	}
	for k := range extra {
		if reserved[k] {
			return "", &RenderError{fmt.Errorf("template argument %q is set by the server", k)}
		}
	}
	list := make([]any, len(msgs))
	for i, m := range msgs {
		mm := map[string]any{"role": m.Role, "content": m.Content}
		if m.Name != "" {
			mm["name"] = m.Name
		}
		list[i] = mm
	}
	data := make(map[string]any, len(extra)+4)
	maps.Copy(data, extra)
	data["messages"] = list
	data["add_generation_prompt"] = addGenerationPrompt
	data["bos_token"] = t.bos
	data["eos_token"] = t.eos
	defer func() {
		if r := recover(); r != nil {
			out, err = "", &RenderError{fmt.Errorf("template engine panic: %v", r)}
		}
	}()
	out, err = t.tmpl.Render(data)
	if err != nil {
		return "", &RenderError{err}
	}
	return out, nil
}
