package selfmade

import (
	"fmt"
	"strings"

	"github.com/kvwarden/kvwarden/internal/gguf"
)

// Token types as llama.cpp numbers them.
const (
	typeNormal      = 1
	typeControl     = 3
	typeUserDefined = 4
	typeUnused      = 5
)

// Vocab is a generated tokenizer: the tokenizer.* keys of a GGUF file.
type Vocab struct {
	Tokens   []string
	Types    []int32
	Merges   []string
	Template string
	BOS, EOS int
}

// The ChatML vocabulary's special tokens, in id order after the byte tokens and merges.
var (
	chatMLControls     = []string{"<|endoftext|>", "<|im_start|>", "<|im_end|>"}
	chatMLUserDefineds = []string{"<tool_call>", "</tool_call>", "<think>", "</think>"}
)

// chatMLWords are merged into whole tokens, so that the vocabulary has multi-byte pieces and
// the BPE merges run; chatMLJSON are JSON's punctuation runs, whole tokens in real BPE
// vocabularies, which let a sampled string or object close as often as it would there.
var (
	chatMLWords = strings.Fields(`the and of to in is was it that for on with as you he she they are be at this
hello world once upon time there little dog cat person weather paris capital france json name describe
what user assistant system`)
	chatMLJSON = strings.Fields(`"} ", ": ":" "] {" "}} ]} }, "}, ,"`)
)

// chatMLVocabSize is Qwen's padded vocabulary, as in qwen2-tiny-random.
const chatMLVocabSize = 151936

// ChatMLVocab is a byte-level BPE vocabulary in the form of Qwen's (the "qwen2" pre-tokenizer,
// GPT-2's byte-to-character mapping): the 256 byte tokens, the merges of chatMLJSON and of
// chatMLWords (alone, after a space, and before a closing quote), ChatML's
// control tokens, the tool and thinking tags as user-defined tokens, then unused padding up to
// 151,936 ids; EOS is <|im_end|>, and no BOS is added. Its template is ChatMLTemplate.
func ChatMLVocab() Vocab {
	v := Vocab{Template: ChatMLTemplate}
	have := map[string]bool{}
	add := func(tok string, typ int32) {
		have[tok] = true
		v.Tokens = append(v.Tokens, tok)
		v.Types = append(v.Types, typ)
	}
	// The byte tokens in GPT-2's order, as in Qwen's vocabulary: the printable bytes, then the
	// others (the control bytes and the space among them).
	for _, b := range byteOrder {
		add(byteChar[b], typeNormal)
	}
	// Words first, as in real vocabularies, where the first merges are common letter pairs.
	var words []string
	for _, w := range chatMLWords {
		words = append(words, w, " "+w, w+`"`, " "+w+`"`)
	}
	words = append(words, chatMLJSON...)
	for _, word := range words {
		pieces := byteChars(word)
		// Merge left to right: each prefix joins its next character.
		for i := 1; i < len(pieces); i++ {
			left, right := strings.Join(pieces[:i], ""), pieces[i]
			if !have[left+right] {
				v.Merges = append(v.Merges, left+" "+right)
				add(left+right, typeNormal)
			}
		}
	}
	v.BOS = len(v.Tokens)
	for _, c := range chatMLControls {
		add(c, typeControl)
	}
	v.EOS = v.BOS + 2
	for _, u := range chatMLUserDefineds {
		add(u, typeUserDefined)
	}
	for i := len(v.Tokens); i < chatMLVocabSize; i++ {
		add(fmt.Sprintf("[PAD%d]", i), typeUnused)
	}
	return v
}

// add writes the vocabulary's keys.
func (v Vocab) add(b *gguf.Builder) {
	b.AddString("tokenizer.ggml.model", "gpt2")
	b.AddString("tokenizer.ggml.pre", "qwen2")
	b.AddStrings("tokenizer.ggml.tokens", v.Tokens)
	b.AddInt32s("tokenizer.ggml.token_type", v.Types)
	b.AddStrings("tokenizer.ggml.merges", v.Merges)
	b.AddUint32("tokenizer.ggml.bos_token_id", uint32(v.BOS))
	b.AddUint32("tokenizer.ggml.eos_token_id", uint32(v.EOS))
	b.AddUint32("tokenizer.ggml.padding_token_id", uint32(v.BOS))
	b.AddBool("tokenizer.ggml.add_bos_token", false)
	b.AddString("tokenizer.chat_template", v.Template)
}

// File is the vocabulary alone as a parsed GGUF file, for tests that need its tokenizer only.
func (v Vocab) File() (*gguf.File, error) {
	b := gguf.NewBuilder()
	b.AddString("general.architecture", "llama")
	v.add(b)
	var out strings.Builder
	if _, err := b.WriteTo(&out); err != nil {
		return nil, err
	}
	return gguf.Parse([]byte(out.String()))
}

// byteChar is GPT-2's mapping of bytes to printable characters: printable Latin-1 bytes stand
// for themselves, the others for the characters from U+0100 on, in byte order; byteOrder is the
// bytes in the order of their characters.
var byteChar, byteOrder = func() (m [256]string, order []int) {
	var others []int
	for b := range 256 {
		if b >= '!' && b <= '~' || b >= 0xA1 && b <= 0xAC || b >= 0xAE {
			m[b] = string(rune(b))
			order = append(order, b)
		} else {
			m[b] = string(rune(0x100 + len(others)))
			others = append(others, b)
		}
	}
	return m, append(order, others...)
}()

// byteChars is s as the byte characters of its bytes.
func byteChars(s string) []string {
	out := make([]string, len(s))
	for i := range len(s) {
		out[i] = byteChar[s[i]]
	}
	return out
}

// ChatMLTemplate is a ChatML chat template in the manner of Qwen's: a system turn listing the
// tools, which are called in Hermes form (a JSON object between <tool_call> tags), and tool
// results in the user's turn.
const ChatMLTemplate = `{%- if tools %}
    {{- '<|im_start|>system\n' }}
    {%- if messages[0].role == 'system' %}
        {{- messages[0].content + '\n\n' }}
    {%- endif %}
    {{- "# Tools\n\nYou may call one or more functions to assist with the user query.\n\nYou are provided with function signatures within <tools></tools> XML tags:\n<tools>" }}
    {%- for tool in tools %}
        {{- "\n" }}
        {{- tool | tojson }}
    {%- endfor %}
    {{- "\n</tools>\n\nFor each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:\n<tool_call>\n{\"name\": <function-name>, \"arguments\": <args-json-object>}\n</tool_call><|im_end|>\n" }}
{%- elif messages[0].role == 'system' %}
    {{- '<|im_start|>system\n' + messages[0].content + '<|im_end|>\n' }}
{%- endif %}
{%- for message in messages %}
    {%- if message.role == "user" or (message.role == "system" and not loop.first) %}
        {{- '<|im_start|>' + message.role + '\n' + message.content + '<|im_end|>\n' }}
    {%- elif message.role == "assistant" %}
        {{- '<|im_start|>assistant\n' }}
        {%- if message.content %}
            {{- message.content }}
        {%- endif %}
        {%- for tool_call in message.tool_calls or [] %}
            {%- if not loop.first or message.content %}
                {{- '\n' }}
            {%- endif %}
            {%- if tool_call.function %}
                {%- set tool_call = tool_call.function %}
            {%- endif %}
            {{- '<tool_call>\n{"name": "' + tool_call.name + '", "arguments": ' }}
            {%- if tool_call.arguments is string %}
                {{- tool_call.arguments }}
            {%- else %}
                {{- tool_call.arguments | tojson }}
            {%- endif %}
            {{- '}\n</tool_call>' }}
        {%- endfor %}
        {{- '<|im_end|>\n' }}
    {%- elif message.role == "tool" %}
        {%- if loop.first or messages[loop.index0 - 1].role != "tool" %}
            {{- '<|im_start|>user' }}
        {%- endif %}
        {{- '\n<tool_response>\n' + message.content + '\n</tool_response>' }}
        {%- if loop.last or messages[loop.index0 + 1].role != "tool" %}
            {{- '<|im_end|>\n' }}
        {%- endif %}
    {%- endif %}
{%- endfor %}
{%- if add_generation_prompt %}
    {{- '<|im_start|>assistant\n' }}
{%- endif %}`
