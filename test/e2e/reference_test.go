package e2e

import (
	"encoding/hex"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kvwarden/kvwarden/internal/testenv"
	"github.com/kvwarden/kvwarden/internal/testenv/testtok"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
	"github.com/openai/openai-go/v3"
)

// refCase is a case of the shared reference files (llama.cpp and llama2.c outputs).
type refCase = testenv.Case

func loadRef(t testing.TB, name string) []refCase { return testenv.Cases(t, name) }

// refByID returns one case by id.
func refByID(t testing.TB, cases []refCase, id string) refCase {
	t.Helper()
	for _, c := range cases {
		if c.ID == id {
			return c
		}
	}
	t.Fatalf("no reference case %q", id)
	return refCase{}
}

// f32Greedy returns the greedy cases computed with float32 KV (llama2.c is float32 throughout).
func f32Greedy(cases []refCase) []refCase {
	var out []refCase
	for _, c := range cases {
		if c.Kind == "greedy" && strings.HasPrefix(c.KVCacheType, "f32") && len(c.GenIDs) > 0 {
			out = append(out, c)
		}
	}
	return out
}

// vocab is the model's tokenizer, used only to name the tokens the API reports as text.
type vocab struct{ tok *tokenizer.Tokenizer }

// storiesGreedy returns the f32 greedy reference cases of stories260K, its vocabulary, and a
// server of it with the client of tenant dev; fewer than least cases fail the test.
func storiesGreedy(t *testing.T, least int) ([]refCase, vocab, *server, openai.Client) {
	t.Helper()
	cases := f32Greedy(loadRef(t, "stories260K.json"))
	if len(cases) < least {
		t.Fatalf("only %d f32 greedy cases in the reference", len(cases))
	}
	v := loadVocab(t, storiesModel)
	s := startServer(t, serverOpts{model: storiesModel})
	return cases, v, s, s.client("dev")
}

func loadVocab(t testing.TB, model string) vocab {
	t.Helper()
	tok, _ := testtok.LoadFile(t, modelPath(t, model))
	return vocab{tok}
}

// text is the text the pieces of ids make, as the API shows it: JSON carries only valid UTF-8, so
// a byte that cannot start a character becomes U+FFFD, and so does an unfinished character at the
// very end.
func (v vocab) text(ids []int32) string {
	var b []byte
	for _, id := range ids {
		b = append(b, v.tok.Piece(id)...)
	}
	var sb strings.Builder
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		switch {
		case r != utf8.RuneError || size > 1:
			sb.Write(b[i : i+size])
			i += size
		case !utf8.FullRune(b[i:]):
			sb.WriteRune(utf8.RuneError)
			i = len(b)
		default:
			sb.WriteRune(utf8.RuneError)
			i++
		}
	}
	return sb.String()
}

// tokenString is how the API names a token in logprobs: its piece, shown as "bytes:\xNN" when it
// is not valid UTF-8 on its own, or its vocabulary text when it has no piece (special tokens). It
// derives the escape from the hex dump rather than byte by byte as the server does: an oracle
// must not share the code it checks.
func (v vocab) tokenString(id int32) string {
	p := v.tok.Piece(id)
	if v.tok.IsEOG(id) || len(p) == 0 {
		return v.tok.TokenText(id)
	}
	if utf8.Valid(p) {
		return string(p)
	}
	return `bytes:\x` + strings.ReplaceAll(fmt.Sprintf("% x", p), " ", `\x`)
}

// unhex is shaped like mustJSON (decode or t.Fatal), sharing no logic with it.
func unhex(t testing.TB, s string) string {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
