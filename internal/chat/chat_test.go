package chat

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/gguf"
	"github.com/kvwarden/kvwarden/internal/testenv"
)

// qwen3Template reads the real Qwen3 chat template from the shared tiny model.
func qwen3Template(t *testing.T) string {
	t.Helper()
	f, err := gguf.Open(testenv.Model(t, "qwen2-tiny-random.gguf"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	src, ok := f.String("tokenizer.chat_template")
	if !ok || src == "" {
		t.Fatal("qwen2-tiny-random.gguf has no tokenizer.chat_template")
	}
	return src
}

// TestQwen3Reference checks the one-user-message cases of the shared reference file.
func TestQwen3Reference(t *testing.T) {
	tmpl, err := New(qwen3Template(t), "<|endoftext|>", "<|im_end|>")
	if err != nil {
		t.Fatal(err)
	}
	if tmpl.Fallback() {
		t.Fatal("real template reported as fallback")
	}
	b, err := os.ReadFile(testenv.Reference(t, "qwen2-tiny-random.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Kind           string `json:"kind"`
		ID             string `json:"id"`
		Prompt         string `json:"prompt"`
		ChatTemplate   any    `json:"chat_template"`
		RenderedPrompt string `json:"rendered_prompt"`
	}
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range cases {
		if c.Kind != "greedy" || c.ChatTemplate == nil {
			continue
		}
		n++
		got, err := tmpl.Render([]Message{{Role: "user", Content: c.Prompt}}, true, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.ID, err)
		}
		if got != c.RenderedPrompt {
			t.Errorf("%s:\n got %q\nwant %q", c.ID, got, c.RenderedPrompt)
		}
	}
	if n == 0 {
		t.Fatal("no chat cases in the reference file")
	}
}

// TestQwen3Golden covers multi-turn, thinking, tool and system cases against Python Jinja2's output
// (testdata/qwen3_rendered.json), exercising messages[::-1], namespace() and loop variables.
func TestQwen3Golden(t *testing.T) {
	tmpl, err := New(qwen3Template(t), "<|endoftext|>", "<|im_end|>")
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile("testdata/qwen3_rendered.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Cases []struct {
			Messages []struct {
				Role    string `json:"role"`
				Content string `json:"content"`
			} `json:"messages"`
			AddGenerationPrompt bool           `json:"add_generation_prompt"`
			Extra               map[string]any `json:"extra"`
			Expected            string         `json:"expected"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	for i, c := range doc.Cases {
		var msgs []Message
		for _, m := range c.Messages {
			msgs = append(msgs, Message{Role: m.Role, Content: m.Content})
		}
		got, err := tmpl.Render(msgs, c.AddGenerationPrompt, c.Extra)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if got != c.Expected {
			t.Errorf("case %d:\n got %q\nwant %q", i, got, c.Expected)
		}
	}
}

func TestFallbackChatML(t *testing.T) {
	tmpl, err := New("  \n", "<s>", "</s>")
	if err != nil {
		t.Fatal(err)
	}
	if !tmpl.Fallback() {
		t.Fatal("empty template should fall back to ChatML")
	}
	got, err := tmpl.Render([]Message{{Role: "system", Content: "S"}, {Role: "user", Content: "U"}}, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := "<|im_start|>system\nS<|im_end|>\n<|im_start|>user\nU<|im_end|>\n<|im_start|>assistant\n"
	if got != want {
		t.Fatalf("got %q want %q", got, want)
	}
	got, _ = tmpl.Render([]Message{{Role: "user", Content: "U"}}, false, nil)
	if got != "<|im_start|>user\nU<|im_end|>\n" {
		t.Fatalf("without generation prompt: %q", got)
	}
}

func TestBosEosAndRaise(t *testing.T) {
	// A llama-2 style template: inserts bos/eos itself and refuses a wrong role order.
	src := `{{ bos_token }}{% for m in messages %}{% if (m.role == 'user') != (loop.index0 % 2 == 0) %}` +
		`{{ raise_exception('Conversation roles must alternate user/assistant') }}{% endif %}` +
		`{% if m.role == 'user' %}[INST] {{ m.content | trim }} [/INST]{% else %} {{ m.content }}{{ eos_token }}{% endif %}{% endfor %}`
	tmpl, err := New(src, "<s>", "</s>")
	if err != nil {
		t.Fatal(err)
	}
	got, err := tmpl.Render([]Message{{Role: "user", Content: " hi "}, {Role: "assistant", Content: "yo"}, {Role: "user", Content: "q"}}, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := "<s>[INST] hi [/INST] yo</s>[INST] q [/INST]"; got != want {
		t.Fatalf("got %q want %q", got, want)
	}
	_, err = tmpl.Render([]Message{{Role: "assistant", Content: "x"}}, true, nil)
	var re *RenderError
	if !errors.As(err, &re) || !strings.Contains(err.Error(), "alternate") {
		t.Fatalf("want RenderError carrying the template's message, got %v", err)
	}
}

func TestRenderRejects(t *testing.T) {
	tmpl, err := New("", "", "")
	if err != nil {
		t.Fatal(err)
	}
	var re *RenderError
	if _, err := tmpl.Render(nil, true, nil); !errors.As(err, &re) {
		t.Errorf("empty messages: %v", err)
	}
	if _, err := tmpl.Render([]Message{{Role: "user", Content: "x"}}, true, map[string]any{"bos_token": "x"}); !errors.As(err, &re) {
		t.Errorf("overriding bos_token: %v", err)
	}
	if _, err := New("{% for", "", ""); err == nil {
		t.Error("broken template compiled")
	}
	// User content is data, never template code.
	got, err := tmpl.Render([]Message{{Role: "user", Content: "{{ 7*7 }}{% if %}"}}, false, nil)
	if err != nil || !strings.Contains(got, "{{ 7*7 }}{% if %}") {
		t.Errorf("content was interpreted: %q %v", got, err)
	}
}

func TestEnableThinking(t *testing.T) {
	tmpl, err := New(qwen3Template(t), "<|endoftext|>", "<|im_end|>")
	if err != nil {
		t.Fatal(err)
	}
	got, err := tmpl.Render([]Message{{Role: "user", Content: "x"}}, true, map[string]any{"enable_thinking": false})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(got, "<|im_start|>assistant\n<think>\n\n</think>\n\n") {
		t.Fatalf("enable_thinking=false not honoured: %q", got)
	}
}
