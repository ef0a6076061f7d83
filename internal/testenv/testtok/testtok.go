// Package testtok loads the tokenizer and chat template of a shared test model for tests. It is
// apart from testenv because the tokenizer's and the GGUF reader's own tests use testenv.
package testtok

import (
	"testing"

	"github.com/kvwarden/kvwarden/internal/gguf"
	"github.com/kvwarden/kvwarden/internal/testenv"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
)

// Load returns the tokenizer and the chat template ("" if none) of a file in the shared models
// folder.
func Load(t testing.TB, model string) (*tokenizer.Tokenizer, string) {
	t.Helper()
	f, err := gguf.Open(testenv.Model(t, model))
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
