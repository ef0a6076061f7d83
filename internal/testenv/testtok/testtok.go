// Package testtok loads the tokenizer and chat template of a test model for tests. It is
// apart from testenv because the tokenizer's and the GGUF reader's own tests use testenv.
package testtok

import (
	"sync"
	"testing"

	"github.com/kvwarden/kvwarden/internal/gguf"
	"github.com/kvwarden/kvwarden/internal/testenv"
	"github.com/kvwarden/kvwarden/internal/testenv/selfmade"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
)

// Load returns the tokenizer and the chat template ("" if none) of a file in the shared models
// folder.
func Load(t testing.TB, model string) (*tokenizer.Tokenizer, string) {
	t.Helper()
	return LoadFile(t, testenv.Model(t, model))
}

// LoadFile returns the tokenizer and the chat template ("" if none) of a GGUF file.
func LoadFile(t testing.TB, path string) (*tokenizer.Tokenizer, string) {
	t.Helper()
	f, err := gguf.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tok, err := tokenizer.FromGGUF(f)
	if err != nil {
		t.Fatal(err)
	}
	tmpl, _ := f.String("tokenizer.chat_template")
	return tok, tmpl
}

// chatML builds the generated ChatML tokenizer once per test binary: its 151,936 tokens take a
// moment.
var chatML = sync.OnceValues(func() (*tokenizer.Tokenizer, error) {
	f, err := selfmade.ChatMLVocab().File()
	if err != nil {
		return nil, err
	}
	return tokenizer.FromGGUF(f)
})

// ChatML returns the generated ChatML tokenizer of selfmade.ChatMLVocab and its chat template:
// ChatML's control tokens, the tool tags as user-defined tokens, needing no shared data.
func ChatML(t testing.TB) (*tokenizer.Tokenizer, string) {
	t.Helper()
	tok, err := chatML()
	if err != nil {
		t.Fatal(err)
	}
	return tok, selfmade.ChatMLTemplate
}

// Controls lists the texts of the tokens in ids that print nothing: control, unknown and unused
// tokens, which is where forged chat markup would show.
func Controls(tok *tokenizer.Tokenizer, ids []int32) []string {
	var c []string
	for _, id := range ids {
		if len(tok.Piece(id)) == 0 {
			c = append(c, tok.TokenText(id))
		}
	}
	return c
}
