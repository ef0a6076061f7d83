package selfmade

import (
	"bytes"
	"slices"
	"testing"

	"github.com/kvwarden/kvwarden/internal/chat"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
)

// TestModelsLoad: each model loads as the server loads it (weights, tokenizer, chat template),
// with its name found by Lookup, and its bytes are the same every time.
func TestModelsLoad(t *testing.T) {
	for _, m := range Models {
		t.Run(m.Name, func(t *testing.T) {
			if got, ok := Lookup(m.Name); !ok || got.Spec != m.Spec {
				t.Fatalf("Lookup(%q) = %+v, %v", m.Name, got, ok)
			}
			f, err := m.File()
			if err != nil {
				t.Fatal(err)
			}
			mod, err := model.Load(f)
			if err != nil {
				t.Fatal(err)
			}
			tok, err := tokenizer.FromGGUF(f)
			if err != nil {
				t.Fatal(err)
			}
			if tok.VocabSize() != mod.Vocab {
				t.Errorf("tokenizer of %d tokens, model of %d", tok.VocabSize(), mod.Vocab)
			}
			if src, ok := f.String("tokenizer.chat_template"); ok {
				if _, err := chat.New(src, "<s>", "</s>"); err != nil {
					t.Errorf("chat template: %v", err)
				}
			}
			a, _ := m.Bytes()
			if b, _ := m.Bytes(); !bytes.Equal(a, b) {
				t.Error("two generations differ")
			}
		})
	}
}

// TestChatMLVocab: ChatML's markup is control tokens, one each, only where special tokens are
// parsed; the tool tags are one token even in client text (user-defined, as in Qwen's vocabulary);
// and EOS is <|im_end|>.
func TestChatMLVocab(t *testing.T) {
	f, err := ChatMLVocab().File()
	if err != nil {
		t.Fatal(err)
	}
	tok, err := tokenizer.FromGGUF(f)
	if err != nil {
		t.Fatal(err)
	}
	const turn = "<|im_start|>user\nhello world<|im_end|>"
	parsed, plain := tok.Encode(turn, false, true), tok.Encode(turn, false, false)
	var controls []string
	for _, id := range parsed {
		if len(tok.Piece(id)) == 0 {
			controls = append(controls, tok.TokenText(id))
		}
	}
	if !slices.Equal(controls, []string{"<|im_start|>", "<|im_end|>"}) || len(plain) <= len(parsed) {
		t.Errorf("parsed %v (controls %q), plain %v", parsed, controls, plain)
	}
	if got := tok.Decode(plain); got != turn {
		t.Errorf("plain text decodes to %q", got)
	}
	if ids := tok.Encode("<tool_call>", false, false); len(ids) != 1 {
		t.Errorf("<tool_call> in client text: %v, want one token", ids)
	}
	if eos := tok.Encode("<|im_end|>", false, true); len(eos) != 1 || eos[0] != int32(ChatMLVocab().EOS) {
		t.Errorf("<|im_end|> is %v, EOS %d", eos, ChatMLVocab().EOS)
	}
}
