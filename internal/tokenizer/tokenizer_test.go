package tokenizer_test

import (
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/kvwarden/kvwarden/internal/gguf"
	"github.com/kvwarden/kvwarden/internal/testenv"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
)

// TestLlama2Tiny checks the 32000-token Llama 2 SPM vocabulary by hand (pieces looked up in the
// vocabulary), and checks that Encode gives the greedy max-score merge of a naive reference.
func TestLlama2Tiny(t *testing.T) {
	tok := load(t, "llama-2-tiny-random.gguf")
	if tok.VocabSize() != 32000 || tok.BOS() != 1 || tok.EOS() != 2 || !tok.IsEOG(2) || tok.IsEOG(1) {
		t.Fatalf("vocab %d, BOS %d, EOS %d", tok.VocabSize(), tok.BOS(), tok.EOS())
	}
	tests := []struct {
		text               string
		addSpecial, parseS bool
		ids                []int32
		pieces             []string
	}{
		// No add_bos_token key: SPM adds BOS. The space prefix makes "Hello" "▁Hello".
		{"Hello world", true, false, []int32{1, 15043, 3186}, []string{"<s>", "▁Hello", "▁world"}},
		{"Hello world", false, false, []int32{15043, 3186}, []string{"▁Hello", "▁world"}},
		{"Hello, world!\n", false, false, []int32{15043, 29892, 3186, 29991, 13},
			[]string{"▁Hello", ",", "▁world", "!", "<0x0A>"}},
		{"  two spaces", false, false, []int32{259, 1023, 8162}, []string{"▁▁", "▁two", "▁spaces"}},
		// Characters without a piece fall back to bytes: 🍕 is F0 9F 8D 95.
		{"日本語 🍕", false, false, []int32{29871, 30325, 30346, 30968, 29871, 243, 162, 144, 152},
			[]string{"▁", "日", "本", "語", "▁", "<0xF0>", "<0x9F>", "<0x8D>", "<0x95>"}},
		// Control-token text is ordinary text unless parsed; parsed, the text after it gets the
		// space prefix again, as in llama.cpp.
		{"<s>x</s>", false, false, []int32{529, 29879, 29958, 29916, 829, 29879, 29958},
			[]string{"▁<", "s", ">", "x", "</", "s", ">"}},
		{"<s>x</s>", true, true, []int32{1, 1, 921, 2}, []string{"<s>", "<s>", "▁x", "</s>"}},
		{"", true, false, []int32{1}, []string{"<s>"}},
		{"", false, false, []int32{}, nil},
	}
	for _, tc := range tests {
		got := tok.Encode(tc.text, tc.addSpecial, tc.parseS)
		var pieces []string
		for _, id := range got {
			pieces = append(pieces, tok.TokenText(id))
		}
		if !slices.Equal(got, tc.ids) || !slices.Equal(pieces, tc.pieces) {
			t.Errorf("Encode(%q, %v, %v) = %v %q, want %v %q", tc.text, tc.addSpecial, tc.parseS, got, pieces, tc.ids, tc.pieces)
		}
	}
	if got := tok.Decode([]int32{1, 15043, 29892, 3186, 29991, 13, 2}); got != " Hello, world!\n" {
		t.Errorf("Decode = %q", got)
	}
	if p := tok.Piece(243); len(p) != 1 || p[0] != 0xF0 {
		t.Errorf("Piece(<0xF0>) = %x", p)
	}
}

// TestSPMMatchesNaive checks that Encode gives the greedy max-score merge of a naive reference:
// every merge on the way must be in the vocabulary, and the best-scoring one is taken first. It
// runs on the generated SPM vocabularies always, and on Llama 2's where the shared models are.
func TestSPMMatchesNaive(t *testing.T) {
	for _, c := range []struct {
		name string
		path func(t *testing.T) string
	}{
		{"demo", func(t *testing.T) string { return generatedPath(t, "") }},
		{"dummy", func(t *testing.T) string {
			return generatedPath(t, "dummy:llama,dim=64,layers=1,heads=2,kv_heads=2,ffn=64,vocab=3000,type=f32")
		}},
		{"llama-2-tiny-random", func(t *testing.T) string { return testenv.Model(t, "llama-2-tiny-random.gguf") }},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := c.path(t)
			tok := loadOnce(t, "naive:"+c.name, func() (*gguf.File, error) { return gguf.Open(path) })
			naive := naiveSPM(t, path)
			for _, s := range []string{"Hello world", "The quick brown fox jumps over the lazy dog.",
				"unbelievable antidisestablishmentarianism", "  multiple   spaces ", "tokenization, 1234567890!",
				"Ünïcödé naïve café", "中文字符和日本語", "emoji 🍕🚀 and \t tabs\nnewlines", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
				"once upon a time there was a little girl named sue", "she said, \"the dog is happy!\""} {
				if got, want := tok.Encode(s, false, false), naive(s); !slices.Equal(got, want) {
					t.Errorf("Encode(%q) = %v, naive max-score merge gives %v", s, got, want)
				}
			}
		})
	}
}

// naiveSPM returns a direct, quadratic statement of SentencePiece BPE for a model's vocabulary:
// add the space prefix, then while some adjacent pair joins into a piece, join the pair whose
// piece scores highest (leftmost on ties); spell leftovers that are not pieces as byte tokens.
func naiveSPM(t *testing.T, path string) func(string) []int32 {
	f, err := gguf.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tokens, _ := f.Strings("tokenizer.ggml.tokens")
	scores, _ := f.Float32s("tokenizer.ggml.scores")
	types, _ := f.Int32s("tokenizer.ggml.token_type")
	ids := map[string]int32{}
	for i, s := range tokens {
		if types[i] == 1 || types[i] == 4 {
			ids[s] = int32(i)
		}
	}
	return func(text string) []int32 {
		var syms []string
		for _, r := range "▁" + strings.ReplaceAll(text, " ", "▁") {
			syms = append(syms, string(r))
		}
		for {
			best := -1
			for i := 0; i+1 < len(syms); i++ {
				id, ok := ids[syms[i]+syms[i+1]]
				if ok && (best < 0 || scores[id] > scores[ids[syms[best]+syms[best+1]]]) {
					best = i
				}
			}
			if best < 0 {
				break
			}
			syms = slices.Replace(syms, best, best+2, syms[best]+syms[best+1])
		}
		var out []int32
		for _, s := range syms {
			if id, ok := ids[s]; ok {
				out = append(out, id)
				continue
			}
			for _, b := range []byte(s) {
				out = append(out, int32(slices.Index(tokens, fmt.Sprintf("<0x%02X>", b))))
			}
		}
		return out
	}
}

// byteLevel is GPT-2's byte-to-character table, written out independently for these tests.
func byteLevel() [256]string {
	var m [256]string
	n := 0
	for b := range 256 {
		if b >= '!' && b <= '~' || b >= 0xA1 && b <= 0xAC || b >= 0xAE {
			m[b] = string(rune(b))
		} else {
			m[b] = string(rune(256 + n))
			n++
		}
	}
	return m
}

const (
	tNormal  = 1
	tUnknown = 2
	tControl = 3
	tUser    = 4
	tUnused  = 5
	tByte    = 6
)

// tinyBPE is a byte-level BPE vocabulary: the 256 byte characters, a few merges, and special
// tokens of each kind.
func tinyBPE(pre string) tokenizer.Config {
	bl := byteLevel()
	c := tokenizer.Config{Model: "gpt2", Pre: pre, BOS: -1, EOS: -1, UNK: -1, PAD: -1, EOT: -1, EOM: -1}
	add := func(s string, ty int32) int32 {
		c.Tokens = append(c.Tokens, s)
		c.Types = append(c.Types, ty)
		return int32(len(c.Tokens) - 1)
	}
	for b := range 256 {
		add(bl[b], tNormal)
	}
	for _, m := range []string{"h e", "l l", "he ll", "hell o", "Ġ w", "o r", "Ġw or", "l d", "Ġwor ld", "Ġ Ġ", "1 2"} {
		c.Merges = append(c.Merges, m)
		add(strings.Replace(m, " ", "", 1), tNormal)
	}
	c.EOS = add("<|im_end|>", tControl)
	add("<|im", tControl)
	add("<a>", tUser)
	add("<a>b", tControl)
	add("<|fim_prefix|>", tControl)
	add("<|endoftext|>", tControl)
	add("[PAD0]", tUnused)
	return c
}

// tinySPM is an SPM vocabulary with byte fallback.
func tinySPM() tokenizer.Config {
	c := tokenizer.Config{Model: "llama", UNK: 0, BOS: 1, EOS: 2, PAD: -1, EOT: -1, EOM: -1, AddBOS: true, AddSpacePrefix: true}
	add := func(s string, score float32, ty int32) {
		c.Tokens = append(c.Tokens, s)
		c.Scores = append(c.Scores, score)
		c.Types = append(c.Types, ty)
	}
	add("<unk>", 0, tUnknown)
	add("<s>", 0, tControl)
	add("</s>", 0, tControl)
	for b := range 256 {
		add(fmt.Sprintf("<0x%02X>", b), 0, tByte)
	}
	for i, p := range []string{"▁", "h", "e", "l", "o", "▁h", "he", "ll", "▁he", "llo", "hello", "▁hello", "<", ">"} {
		add(p, -float32(i), tNormal)
	}
	add("<user>", 0, tUser)
	return c
}

func mustNew(t testing.TB, c tokenizer.Config) *tokenizer.Tokenizer {
	t.Helper()
	tok, err := tokenizer.New(c)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func texts(tok *tokenizer.Tokenizer, ids []int32) []string {
	var out []string
	for _, id := range ids {
		out = append(out, tok.TokenText(id))
	}
	return out
}

func TestTinyBPE(t *testing.T) {
	tok := mustNew(t, tinyBPE("qwen2"))
	tests := []struct {
		text   string
		parseS bool
		want   []string
	}{
		{"hello world", false, []string{"hello", "Ġworld"}},
		{"hello  world", false, []string{"hello", "Ġ", "Ġworld"}},
		{"hellohello", false, []string{"hello", "hello"}},
		{"12", false, []string{"1", "2"}}, // qwen2 splits digits before merging
		// Control tokens only when parsed; user-defined always; leftmost-longest.
		{"x<|im_end|>y", false, []string{"x", "<", "|", "i", "m", "_", "e", "n", "d", "|", ">", "y"}},
		{"x<|im_end|>y", true, []string{"x", "<|im_end|>", "y"}},
		{"<|im_x", true, []string{"<|im", "_", "x"}},
		{"<a>bc", false, []string{"<a>", "b", "c"}},
		{"<a>bc", true, []string{"<a>b", "c"}},
		// Qwen's FIM tokens are ordinary added tokens (special:false upstream).
		{"<|fim_prefix|>", false, []string{"<|fim_prefix|>"}},
	}
	for _, tc := range tests {
		if got := texts(tok, tok.Encode(tc.text, true, tc.parseS)); !slices.Equal(got, tc.want) {
			t.Errorf("Encode(%q, parseSpecial %v) = %q, want %q", tc.text, tc.parseS, got, tc.want)
		}
	}
	if !tok.IsEOG(tok.EOS()) || !tok.IsEOG(int32(slices.Index(tinyBPE("").Tokens, "<|endoftext|>"))) || tok.IsEOG(0) {
		t.Error("IsEOG: want EOS and <|endoftext|>, not byte 0")
	}
	if p := tok.Piece(tok.EOS()); len(p) != 0 {
		t.Errorf("Piece(EOS) = %q, want nothing for a control token", p)
	}
	if got := tok.Decode(tok.Encode("hello <a> <|fim_prefix|> world\x00", false, false)); got != "hello <a> <|fim_prefix|> world\x00" {
		t.Errorf("round trip = %q", got)
	}
	// Pieces of invalid UTF-8 come back byte for byte; Decode repairs them.
	ids := tok.Encode("a\xe3\x81", false, false)
	var raw []byte
	for _, id := range ids {
		raw = append(raw, tok.Piece(id)...)
	}
	if string(raw) != "a\xe3\x81" || tok.Decode(ids) != "a\uFFFD" {
		t.Errorf("invalid UTF-8: pieces %q, Decode %q", raw, tok.Decode(ids))
	}
	// NFC for qwen2 only.
	if got := tok.Decode(tok.Encode("e\u0301", false, false)); got != "\u00e9" {
		t.Errorf("qwen2 NFC: %q", got)
	}
	plain := mustNew(t, tinyBPE("llama-bpe"))
	if got := plain.Decode(plain.Encode("e\u0301", false, false)); got != "e\u0301" {
		t.Errorf("llama-bpe without NFC: %q", got)
	}
	if got := texts(plain, plain.Encode("<|fim_prefix|>", false, false)); len(got) == 1 {
		t.Errorf("FIM tokens are control outside qwen2: %q", got)
	}
}

func TestTinySPM(t *testing.T) {
	tok := mustNew(t, tinySPM())
	tests := []struct {
		text       string
		addSpecial bool
		parseS     bool
		want       []string
	}{
		{"hello", true, false, []string{"<s>", "▁hello"}},
		{"hello hello", false, false, []string{"▁hello", "▁hello"}},
		{"hex", false, false, []string{"▁he", "<0x78>"}},
		{"<s>hello", false, false, []string{"▁", "<", "<0x73>", ">", "hello"}},
		{"<s>hello", false, true, []string{"<s>", "▁hello"}},
		{"x<user>y", false, false, []string{"▁", "<0x78>", "<user>", "▁", "<0x79>"}},
		{"<unk>", false, true, []string{"<unk>"}},
	}
	for _, tc := range tests {
		if got := texts(tok, tok.Encode(tc.text, tc.addSpecial, tc.parseS)); !slices.Equal(got, tc.want) {
			t.Errorf("Encode(%q, %v, %v) = %q, want %q", tc.text, tc.addSpecial, tc.parseS, got, tc.want)
		}
	}
	if got := tok.Decode(tok.Encode("hello wörld", true, false)); got != " hello wörld" {
		t.Errorf("Decode = %q", got)
	}
	// Without byte tokens, an unknown character is one UNK.
	c := tinySPM()
	for i := range c.Types {
		if c.Types[i] == tByte {
			c.Types[i] = tUnused
		}
	}
	nb := mustNew(t, c)
	if got := texts(nb, nb.Encode("hé", false, false)); !slices.Equal(got, []string{"▁h", "<unk>"}) {
		t.Errorf("no byte fallback: %q", got)
	}
}

func TestNewErrors(t *testing.T) {
	tests := []struct {
		name string
		edit func(*tokenizer.Config)
		want string
	}{
		{"empty", func(c *tokenizer.Config) { c.Tokens, c.Types, c.Merges = nil, nil, nil }, "empty vocabulary"},
		{"model", func(c *tokenizer.Config) { c.Model = "bert" }, "unsupported tokenizer model"},
		{"pre", func(c *tokenizer.Config) { c.Pre = "nonesuch" }, "unsupported pre-tokenizer"},
		{"no merges", func(c *tokenizer.Config) { c.Merges = nil }, "needs merges"},
		{"bad merge", func(c *tokenizer.Config) { c.Merges[3] = "abc" }, "merge 3"},
		{"types", func(c *tokenizer.Config) { c.Types = c.Types[1:] }, "token types"},
		{"scores", func(c *tokenizer.Config) { c.Scores = []float32{1} }, "scores"},
		{"type value", func(c *tokenizer.Config) { c.Types[7] = 9 }, "unknown type 9"},
		{"eos", func(c *tokenizer.Config) { c.EOS = int32(len(c.Tokens)) }, "EOS id"},
		{"bos", func(c *tokenizer.Config) { c.BOS = -2 }, "BOS id"},
		{"add bos", func(c *tokenizer.Config) { c.AddBOS = true }, "no BOS"},
		{"add eos", func(c *tokenizer.Config) { c.AddEOS, c.EOS = true, -1 }, "no EOS"},
	}
	for _, tc := range tests {
		c := tinyBPE("")
		c.Merges = slices.Clone(c.Merges)
		c.Types = slices.Clone(c.Types)
		tc.edit(&c)
		_, err := tokenizer.New(c)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want it to mention %q", tc.name, err, tc.want)
		}
	}
	c := tinySPM()
	c.Merges = []string{"a b"}
	if _, err := tokenizer.New(c); err == nil {
		t.Error("SPM with merges: no error")
	}
}

// fakeMD is Metadata from a map, for FromGGUF's defaults.
type fakeMD map[string]any

func (m fakeMD) String(k string) (string, bool)      { v, ok := m[k].(string); return v, ok }
func (m fakeMD) Strings(k string) ([]string, bool)   { v, ok := m[k].([]string); return v, ok }
func (m fakeMD) Float32s(k string) ([]float32, bool) { v, ok := m[k].([]float32); return v, ok }
func (m fakeMD) Int32s(k string) ([]int32, bool)     { v, ok := m[k].([]int32); return v, ok }
func (m fakeMD) Uint(k string) (uint64, bool)        { v, ok := m[k].(uint64); return v, ok }
func (m fakeMD) Bool(k string) (bool, bool)          { v, ok := m[k].(bool); return v, ok }

func TestConfigFromGGUF(t *testing.T) {
	spm := tinySPM()
	md := fakeMD{"tokenizer.ggml.model": "llama", "tokenizer.ggml.tokens": spm.Tokens,
		"tokenizer.ggml.scores": spm.Scores, "tokenizer.ggml.token_type": spm.Types}
	c, err := tokenizer.ConfigFromGGUF(md)
	if err != nil {
		t.Fatal(err)
	}
	if !c.AddBOS || c.AddEOS || !c.AddSpacePrefix || c.BOS != 1 || c.EOS != 2 || c.UNK != 0 || c.PAD != -1 || c.EOT != -1 {
		t.Errorf("SPM defaults: %+v", c)
	}
	md["tokenizer.ggml.add_bos_token"] = false
	md["tokenizer.ggml.add_space_prefix"] = false
	md["tokenizer.ggml.padding_token_id"] = uint64(len(spm.Tokens)) // past the end: dropped
	if c, _ = tokenizer.ConfigFromGGUF(md); c.AddBOS || c.AddSpacePrefix || c.PAD != -1 {
		t.Errorf("SPM explicit keys: %+v", c)
	}
	md["tokenizer.ggml.eos_token_id"] = uint64(len(spm.Tokens))
	if _, err := tokenizer.FromGGUF(md); err == nil || !strings.Contains(err.Error(), "eos_token_id") {
		t.Errorf("EOS out of range: %v", err)
	}

	bpe := tinyBPE("")
	md = fakeMD{"tokenizer.ggml.model": "gpt2", "tokenizer.ggml.pre": "llama-bpe", "tokenizer.ggml.tokens": bpe.Tokens,
		"tokenizer.ggml.token_type": bpe.Types, "tokenizer.ggml.merges": bpe.Merges,
		"tokenizer.ggml.bos_token_id": uint64(260)}
	if c, _ = tokenizer.ConfigFromGGUF(md); !c.AddBOS || c.BOS != 260 || c.EOS != -1 || c.UNK != -1 {
		t.Errorf("llama3 defaults: %+v", c)
	}
	md["tokenizer.ggml.pre"] = "qwen2"
	if c, _ = tokenizer.ConfigFromGGUF(md); c.AddBOS || c.AddSpacePrefix {
		t.Errorf("qwen2 defaults: %+v", c)
	}
	if _, err := tokenizer.FromGGUF(fakeMD{"tokenizer.ggml.model": "gpt2"}); err == nil {
		t.Error("no tokens: no error")
	}
}

// roundTrip checks Decode(Encode(s, false, false)) against the documented guarantee, and for
// any bytes that the pieces spell s back exactly where the model allows it.
func roundTrip(t *testing.T, name string, tok *tokenizer.Tokenizer, spm, nfc bool, s string) {
	ids := tok.Encode(s, false, false)
	var raw []byte
	for _, id := range ids {
		if id < 0 || int(id) >= tok.VocabSize() {
			t.Fatalf("%s: Encode(%q) gave id %d", name, s, id)
		}
		raw = append(raw, tok.Piece(id)...)
	}
	dec := tok.Decode(ids)
	want := s
	switch {
	case spm:
		if strings.Contains(s, "▁") {
			return // SPM spells spaces as U+2581, so the character itself cannot come back
		}
		if s != "" {
			want = " " + s
		}
	case nfc:
		if !utf8.ValidString(s) {
			return
		}
		want = norm.NFC.String(s)
	}
	if string(raw) != want {
		t.Fatalf("%s: pieces of Encode(%q) = %q, want %q (ids %v)", name, s, raw, want, ids)
	}
	if utf8.ValidString(want) && dec != want {
		t.Fatalf("%s: Decode(Encode(%q)) = %q", name, s, dec)
	}
	// Nothing may panic with special parsing or added tokens either.
	tok.Decode(tok.Encode(s, true, true))
}

// roundTripTarget is a tokenizer that FuzzRoundTrip checks, and how its text comes back.
type roundTripTarget struct {
	name     string
	tok      *tokenizer.Tokenizer
	spm, nfc bool
}

var roundTripSeeds = []string{"", " ", "hello world", "  a  b  ", "\n\n\t", "e\u0301", "Ω", "<|im_end|>", "<a>b",
	"\xff\xfe", "a\x00b", "日本語 🍕", "\U0010FFFF", "it's DON'T 12345", "<s>", "▁x", "once upon a time"}

// FuzzRoundTrip checks the round trip on the hand-made and the generated vocabularies, which need
// no shared data; FuzzRoundTripShared does the same on the shared models.
func FuzzRoundTrip(f *testing.F) {
	fuzzRoundTrip(f, roundTripSeeds, []roundTripTarget{
		{"tiny-bpe-qwen2", mustNew(f, tinyBPE("qwen2")), false, true},
		{"tiny-bpe-llama3", mustNew(f, tinyBPE("llama-bpe")), false, false},
		{"tiny-bpe-gpt2", mustNew(f, tinyBPE("")), false, false},
		{"tiny-bpe-smollm", mustNew(f, tinyBPE("smollm")), false, false},
		{"tiny-spm", mustNew(f, tinySPM()), true, false},
		{"demo", generated(f, ""), true, false},
		{"dummy", generated(f, "dummy:llama,dim=64,layers=1,heads=2,kv_heads=2,ffn=64,vocab=3000,type=f32"), true, false},
	})
}

func FuzzRoundTripShared(f *testing.F) {
	fuzzRoundTrip(f, append(roundTripSeeds, readRefFuzz(f)...), []roundTripTarget{
		{"qwen2-tiny-random", load(f, "qwen2-tiny-random.gguf"), false, true},
		{"stories260K", load(f, "stories260K.gguf"), true, false},
		{"llama-2-tiny-random", load(f, "llama-2-tiny-random.gguf"), true, false},
	})
}

func fuzzRoundTrip(f *testing.F, seeds []string, targets []roundTripTarget) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, tg := range targets {
			if tg.name == "tiny-spm" && strings.Contains(s, "<user>") {
				continue // text after a user-defined token gets the SPM space prefix again
			}
			roundTrip(t, tg.name, tg.tok, tg.spm, tg.nfc, s)
		}
	})
}

// FuzzNew builds arbitrary configurations: New may refuse them, but nothing may panic, and a
// tokenizer it accepts must only produce ids in range.
func FuzzNew(f *testing.F) {
	f.Add([]byte{0, 5, 1, 'a', 1, 1, 'b', 1, 2, 'a', 'b', 1, 3}, "abab a", uint8(3))
	f.Add([]byte{1, 2, 7, 1, 'h', 1, 1, 'e', 4, 2, 'h', 'e', 3, 0, 1, 2}, "hehe<|x", uint8(2))
	f.Add([]byte{1, 0, 3, 3, '<', 'a', '>', 3, 1, 'x', 4}, "<a>x<a>", uint8(1))
	pres := []string{"", "default", "llama-bpe", "qwen2", "smollm", "gpt-2", "bogus"}
	f.Fuzz(func(t *testing.T, data []byte, text string, flags uint8) {
		next := func() int {
			if len(data) == 0 {
				return 0
			}
			b := data[0]
			data = data[1:]
			return int(b)
		}
		c := tokenizer.Config{Model: []string{"llama", "gpt2", "x"}[next()%3], Pre: pres[next()%len(pres)]}
		n := 1 + next()%40
		for range n {
			l := next() % 6
			var s []byte
			for range l {
				s = append(s, byte(next()))
			}
			c.Tokens = append(c.Tokens, string(s))
			c.Types = append(c.Types, int32(next()%8))
			c.Scores = append(c.Scores, float32(int8(next())))
		}
		for range next() % 20 {
			if next()%5 == 0 {
				c.Merges = append(c.Merges, c.Tokens[next()%n]) // probably malformed
			} else {
				c.Merges = append(c.Merges, c.Tokens[next()%n]+" "+c.Tokens[next()%n])
			}
		}
		id := func() int32 { return int32(next()%(n+3)) - 2 }
		c.BOS, c.EOS, c.UNK, c.PAD, c.EOT, c.EOM = id(), id(), id(), id(), id(), id()
		c.AddBOS, c.AddEOS, c.AddSpacePrefix = flags&4 != 0, flags&8 != 0, flags&16 != 0
		tok, err := tokenizer.New(c)
		if err != nil {
			return
		}
		ids := tok.Encode(text, flags&1 != 0, flags&2 != 0)
		for _, id := range ids {
			if id < 0 || int(id) >= n {
				t.Fatalf("Encode gave id %d of %d", id, n)
			}
		}
		tok.Decode(append(ids, -5, int32(n), 1<<30))
		for id := int32(-2); id <= int32(n)+1; id++ {
			tok.Piece(id)
			tok.IsEOG(id)
			tok.TokenText(id)
		}
	})
}

// readRefFuzz returns the reference tokenize texts as seeds.
func readRefFuzz(tb testing.TB) []string {
	var out []string
	for _, c := range testenv.ReadReference[refCase](tb, "qwen2-tiny-random.json") {
		if c.Kind == "tokenize" && c.TokenizerSource == "transformers-js" && *c.ParseSpecial {
			h, _ := hex.DecodeString(c.TextHex)
			out = append(out, string(h))
		}
	}
	return out
}

// TestDemoVocab checks the built-in demo model's SentencePiece vocabulary by hand: its fixed head
// (unk, BOS, EOS, the 256 byte tokens), word pieces, byte fallback and decoding.
func TestDemoVocab(t *testing.T) {
	tok := generated(t, "")
	if tok.VocabSize() != 512 || tok.BOS() != 1 || tok.EOS() != 2 || !tok.IsEOG(2) || tok.IsEOG(1) {
		t.Fatalf("vocab %d, BOS %d, EOS %d", tok.VocabSize(), tok.BOS(), tok.EOS())
	}
	for _, tc := range []struct {
		text               string
		addSpecial, parseS bool
		pieces             []string
	}{
		{"the cat", true, false, []string{"<s>", "▁the", "▁cat"}},
		{"the cat", false, false, []string{"▁the", "▁cat"}},
		// No piece holds "é" (C3 A9): it falls back to its bytes.
		{"café", false, false, []string{"▁ca", "f", "<0xC3>", "<0xA9>"}},
		{"</s>x", false, true, []string{"</s>", "▁x"}},
		{"", true, false, []string{"<s>"}},
	} {
		got := tok.Encode(tc.text, tc.addSpecial, tc.parseS)
		if pieces := texts(tok, got); !slices.Equal(pieces, tc.pieces) {
			t.Errorf("Encode(%q, %v, %v) = %q, want %q", tc.text, tc.addSpecial, tc.parseS, pieces, tc.pieces)
		}
	}
	ids := tok.Encode("once upon a time, 🍕!", true, false)
	if got := tok.Decode(append(ids, tok.EOS())); got != " once upon a time, 🍕!" {
		t.Errorf("Decode = %q", got)
	}
	for _, c := range []struct {
		id    int32
		text  string
		piece string
	}{
		{0, "<unk>", ""}, {1, "<s>", ""}, {3 + 0xF0, "<0xF0>", "\xf0"}, {3 + 'a', "<0x61>", "a"},
		{-1, "", ""}, {512, "", ""},
	} {
		if text, piece := tok.TokenText(c.id), string(tok.Piece(c.id)); text != c.text || piece != c.piece {
			t.Errorf("id %d: text %q piece %q, want %q %q", c.id, text, piece, c.text, c.piece)
		}
	}
}
