package tokenizer

import (
	"slices"
	"strings"
	"testing"
)

func words(p preTokenizer, s string) []string {
	var out []string
	p(s, func(w string) { out = append(out, w) })
	return out
}

// The expected splits are worked out by hand from each pattern's leftmost-first alternation.
func TestPreTokenizers(t *testing.T) {
	tests := []struct {
		pre  string
		in   string
		want []string
	}{
		{"llama-bpe", "Hello world", []string{"Hello", " world"}},
		{"llama-bpe", "it's IT'S 'sup", []string{"it", "'s", " IT", "'S", " '", "sup"}},
		{"llama-bpe", "'hello", []string{"'hello"}},
		{"llama-bpe", "1234567", []string{"123", "456", "7"}},
		{"llama-bpe", "  hello", []string{" ", " hello"}},
		{"llama-bpe", "a\n\nb", []string{"a", "\n\n", "b"}},
		{"llama-bpe", "x  \n  y", []string{"x", "  \n", " ", " y"}},
		{"llama-bpe", "foo!!!\n\nbar", []string{"foo", "!!!\n\n", "bar"}},
		{"llama-bpe", " ?! x", []string{" ?!", " x"}},
		{"llama-bpe", "end   ", []string{"end", "   "}},
		{"llama-bpe", "$100", []string{"$", "100"}},
		{"llama-bpe", "\tword\r\n", []string{"\tword", "\r\n"}},
		{"llama-bpe", "a\u00a0b", []string{"a", "\u00a0b"}},
		{"llama-bpe", "e\u0301t\u00e9", []string{"e", "\u0301t\u00e9"}},
		{"llama-bpe", "a\xffb\xfe", []string{"a", "\xffb", "\xfe"}},
		{"qwen2", "1234 x1", []string{"1", "2", "3", "4", " x", "1"}},
		{"qwen2", "don't", []string{"don", "'t"}},
		{"gpt2", "Hello world", []string{"Hello", " world"}},
		{"gpt2", "it's IT'S", []string{"it", "'s", " IT", "'", "S"}},
		{"gpt2", "  hello", []string{" ", " hello"}},
		{"gpt2", "a\n\nb", []string{"a", "\n", "\n", "b"}},
		{"gpt2", "x  \n  y", []string{"x", "  \n ", " y"}},
		{"gpt2", "foo!!!\n\nbar", []string{"foo", "!!!", "\n", "\n", "bar"}},
		{"gpt2", "end   ", []string{"end", "   "}},
		{"gpt2", "$100 abc123 12345", []string{"$", "100", " abc", "123", " 12345"}},
		{"gpt2", "\tword", []string{"\t", "word"}},
		{"smollm", "abc 123", []string{"abc", " ", "1", "2", "3"}},
		{"smollm", "x1y", []string{"x", "1", "y"}},
		{"smollm", "", nil},
	}
	for _, tc := range tests {
		pre := tc.pre
		if pre == "gpt2" {
			pre = "gpt-2"
		}
		got := words(preTokenizers[pre], tc.in)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s %q: got %q, want %q", tc.pre, tc.in, got, tc.want)
		}
	}
}

// Every splitter must cover its input exactly, with no empty words, for any bytes.
func FuzzPreTokenizers(f *testing.F) {
	for _, s := range []string{"", "a", " x  \n\ty\r\n1234'S", "\xff\xfe a", "日本語 123!!\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for name, p := range preTokenizers {
			ws := words(p, s)
			if strings.Join(ws, "") != s || slices.Contains(ws, "") {
				t.Fatalf("%s: %q splits into %q", name, s, ws)
			}
		}
	})
}

func TestValidUTF8(t *testing.T) {
	tests := []struct{ in, want string }{
		{"abc", "abc"},
		{"\xe3\x81A", "\uFFFDA"},               // truncated 3-byte sequence: one replacement
		{"\xff\xfe", "\uFFFD\uFFFD"},           // two invalid bytes: two
		{"\xed\xa0\x80", "\uFFFD\uFFFD\uFFFD"}, // surrogate: the second byte is out of range
		{"\xf0\x9f\x8d", "\uFFFD"},
		{"a\xc2", "a\uFFFD"},
		{"\xe6\x97\xa5\xe6", "日\uFFFD"},
		// The lead bytes whose second byte is narrowed: overlong, surrogate and too-large forms
		// break after the lead; truncated well-formed prefixes give one replacement.
		{"\xe0\x80\x80", "\uFFFD\uFFFD\uFFFD"},
		{"\xe0\xa0", "\uFFFD"},
		{"\xed\x9f\xbf", "\uD7FF"},
		{"\xf0\x80\x80\x80", "\uFFFD\uFFFD\uFFFD\uFFFD"},
		{"\xf0\x90\x80", "\uFFFD"},
		{"\xf4\x90\x80\x80", "\uFFFD\uFFFD\uFFFD\uFFFD"},
		{"\xf4\x8f\xbf", "\uFFFD"},
	}
	for _, tc := range tests {
		if got := validUTF8([]byte(tc.in)); got != tc.want {
			t.Errorf("validUTF8(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestByteChars(t *testing.T) {
	// Spot checks of the byte-level alphabet: space is Ġ, newline Ċ, 'a' itself.
	for b, want := range map[byte]string{' ': "Ġ", '\n': "Ċ", 'a': "a", 0: "Ā", 0xAD: "Ń", 0xFF: "ÿ"} {
		if byteChars[b] != want {
			t.Errorf("byteChars[%#x] = %q, want %q", b, byteChars[b], want)
		}
	}
	for b := range 256 {
		r := []rune(byteChars[b])[0]
		if got, ok := charByte(r); !ok || got != byte(b) {
			t.Errorf("charByte(%q) = %#x, %v; want %#x", r, got, ok, b)
		}
	}
}
