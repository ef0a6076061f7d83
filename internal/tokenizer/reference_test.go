package tokenizer_test

import (
	"context"
	"encoding/hex"
	"slices"
	"sync"
	"testing"

	"github.com/kvwarden/kvwarden/internal/gguf"
	"github.com/kvwarden/kvwarden/internal/source"
	"github.com/kvwarden/kvwarden/internal/testenv"
	"github.com/kvwarden/kvwarden/internal/testenv/selfmade"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
)

// Models are loaded once per test binary: the Qwen vocabulary takes a while.
var loaded sync.Map // model file name -> *loadResult

type loadResult struct {
	once sync.Once
	tok  *tokenizer.Tokenizer
	err  error
}

// load loads the tokenizer of a model of package selfmade, or of a file in the shared models
// folder.
func load(t testing.TB, name string) *tokenizer.Tokenizer {
	t.Helper()
	if name == selfmade.ChatMLName {
		return loadOnce(t, name, selfmade.ChatMLVocab().File) // the vocabulary without the weights
	}
	if m, ok := selfmade.Lookup(name); ok {
		return loadOnce(t, name, m.File)
	}
	path := testenv.Model(t, name)
	return loadOnce(t, name, func() (*gguf.File, error) { return gguf.Open(path) })
}

// generated loads the tokenizer of one of the project's own models, which need no shared data:
// the demo model for spec "", else dummy:SPEC.
func generated(t testing.TB, spec string) *tokenizer.Tokenizer {
	t.Helper()
	path := generatedPath(t, spec)
	return loadOnce(t, "generated:"+spec, func() (*gguf.File, error) { return gguf.Open(path) })
}

// generatedPath writes a generated model (see generated) for the test and returns its path.
func generatedPath(t testing.TB, spec string) string {
	t.Helper()
	r, err := source.Resolve(context.Background(), spec, source.Options{CacheDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	return r.Path
}

// loadOnce loads the tokenizer of the GGUF file open gives the first time key is asked for.
func loadOnce(t testing.TB, key string, open func() (*gguf.File, error)) *tokenizer.Tokenizer {
	t.Helper()
	v, _ := loaded.LoadOrStore(key, &loadResult{})
	r := v.(*loadResult)
	r.once.Do(func() {
		f, err := open()
		if err != nil {
			r.err = err
			return
		}
		defer f.Close()
		r.tok, r.err = tokenizer.FromGGUF(f)
	})
	if r.err != nil {
		t.Fatalf("%s: %v", key, r.err)
	}
	return r.tok
}

// refCase holds the fields of the reference JSON cases these tests read.
type refCase struct {
	Kind            string   `json:"kind"`
	ID              string   `json:"id"`
	Name            string   `json:"name"`
	Source          string   `json:"source"`
	TokenizerSource string   `json:"tokenizer_source"`
	TextHex         string   `json:"text_utf8_hex"`
	Text            string   `json:"text"`
	Prompt          string   `json:"prompt"`
	RenderedPrompt  string   `json:"rendered_prompt"`
	AddSpecial      bool     `json:"add_special"`
	AddBOS          bool     `json:"add_bos"`
	ParseSpecial    *bool    `json:"parse_special"`
	IDs             []int32  `json:"ids"`
	PromptIDs       []int32  `json:"prompt_ids"`
	GenIDs          []int32  `json:"gen_ids"`
	Agrees          *bool    `json:"agrees_with_other_source"`
	IsEOGPerStep    []int    `json:"is_eog_per_step"`
	GenPiecesHex    []string `json:"gen_pieces_hex"`
	TextIncludesPmt bool     `json:"text_includes_prompt"`
	Pieces          [][2]any `json:"pieces"`
}

func unhex(t *testing.T, s string) string {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestQwen2Reference checks the 260 tokenize cases of qwen2-tiny-random.json. Where llama.cpp
// and transformers-js disagree (NFC, and the FIM tokens Qwen marks special:false), the
// transformers-js ids are the reference and the llama.cpp case is only counted.
func TestQwen2Reference(t *testing.T) {
	tok := load(t, "qwen2-tiny-random.gguf")
	var checked, skipped int
	for _, c := range testenv.ReadReference[refCase](t, "qwen2-tiny-random.json") {
		if c.Kind != "tokenize" {
			continue
		}
		if c.TokenizerSource == "llama.cpp" && c.Agrees != nil && !*c.Agrees {
			skipped++
			continue
		}
		text := unhex(t, c.TextHex)
		got := tok.Encode(text, c.AddSpecial, *c.ParseSpecial)
		if !slices.Equal(got, c.IDs) {
			t.Errorf("%s: Encode(%q, %v, %v)\n got %v\nwant %v", c.ID, text, c.AddSpecial, *c.ParseSpecial, got, c.IDs)
		}
		checked++
	}
	if checked+skipped != 260 {
		t.Errorf("read %d tokenize cases, want 260", checked+skipped)
	}
	t.Logf("%d cases checked, %d llama.cpp cases that disagree with transformers-js skipped", checked, skipped)
}

// TestQwen2Greedy checks the prompts and the output side of the greedy cases: the ids of the
// rendered prompt, the bytes of each generated piece, the decoded text and the EOG flags.
func TestQwen2Greedy(t *testing.T) {
	tok := load(t, "qwen2-tiny-random.gguf")
	n := 0
	for _, c := range testenv.ReadReference[refCase](t, "qwen2-tiny-random.json") {
		if c.Kind != "greedy" {
			continue
		}
		n++
		if got := tok.Encode(c.RenderedPrompt, c.AddBOS, *c.ParseSpecial); !slices.Equal(got, c.PromptIDs) {
			t.Errorf("%s: prompt ids %v, want %v", c.ID, got, c.PromptIDs)
		}
		var all []byte
		for i, id := range c.GenIDs {
			p := tok.Piece(id)
			if hex.EncodeToString(p) != c.GenPiecesHex[i] {
				t.Errorf("%s: Piece(%d) = %x, want %s", c.ID, id, p, c.GenPiecesHex[i])
			}
			if tok.IsEOG(id) != (c.IsEOGPerStep[i] != 0) {
				t.Errorf("%s: IsEOG(%d) = %v, want %v", c.ID, id, tok.IsEOG(id), c.IsEOGPerStep[i])
			}
			all = append(all, p...)
		}
		if hex.EncodeToString(all) != c.TextHex {
			t.Errorf("%s: pieces %x, want %s", c.ID, all, c.TextHex)
		}
		if got := tok.Decode(c.GenIDs); got != c.Text {
			t.Errorf("%s: Decode = %q, want %q", c.ID, got, c.Text)
		}
	}
	if n != 4 {
		t.Errorf("%d greedy cases, want 4", n)
	}
}

// TestStories260KReference checks the SPM tokenizer of stories260K.gguf against llama.cpp and
// llama2.c: the tokenize case, every greedy prompt, and the decoded text of llama.cpp's output.
func TestStories260KReference(t *testing.T) {
	tok := load(t, "stories260K.gguf")
	var prompts, texts int
	for _, c := range testenv.ReadReference[refCase](t, "stories260K.json") {
		switch {
		case c.Kind == "tokenize":
			got := tok.Encode(c.Prompt, c.AddBOS, true)
			if !slices.Equal(got, c.IDs) {
				t.Errorf("%s: Encode(%q) = %v, want %v", c.ID, c.Prompt, got, c.IDs)
			}
			for _, p := range c.Pieces {
				id := int32(p[0].(float64))
				if got := string(tok.Piece(id)); id != tok.BOS() && got != p[1].(string) {
					t.Errorf("%s: Piece(%d) = %q, want %q", c.ID, id, got, p[1])
				}
			}
		case c.Kind == "greedy" || c.Kind == "logits":
			if c.PromptIDs == nil {
				continue
			}
			prompts++
			if got := tok.Encode(c.Prompt, c.AddBOS, true); !slices.Equal(got, c.PromptIDs) {
				t.Errorf("%s: Encode(%q) = %v, want %v", c.ID, c.Prompt, got, c.PromptIDs)
			}
			if c.Kind == "greedy" && c.Source == "llama.cpp" && !c.TextIncludesPmt {
				texts++
				var all []byte
				for _, id := range c.GenIDs {
					all = append(all, tok.Piece(id)...)
				}
				if hex.EncodeToString(all) != c.TextHex {
					t.Errorf("%s: pieces %x, want %s", c.ID, all, c.TextHex)
				}
				if got := tok.Decode(c.GenIDs); got != c.Text {
					t.Errorf("%s: Decode = %q, want %q", c.ID, got, c.Text)
				}
			}
		}
	}
	if prompts == 0 || texts == 0 {
		t.Errorf("found %d prompts and %d texts to check", prompts, texts)
	}
}
