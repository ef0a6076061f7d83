package tokenizer

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A preTokenizer splits text into the words BPE merges within. The models define these splits
// as regular expressions with lookahead, which Go's regexp lacks, so each is a hand-written
// scanner that gives the same leftmost-first matches. Bytes that are not valid UTF-8 count as
// punctuation-like "other" characters and are kept as they are.
type preTokenizer func(s string, word func(string))

// preTokenizers maps tokenizer.ggml.pre to its splitter, grouped as llama.cpp groups them.
var preTokenizers = map[string]preTokenizer{
	// The GPT-2 pattern. llama.cpp's "default" is a more elaborate sequence of patterns; plain
	// GPT-2 is what converters that write "default" for a BPE vocabulary usually mean.
	"": splitGPT2, "default": splitGPT2, "gpt-2": splitGPT2, "phi-2": splitGPT2,
	"mpt": splitGPT2, "olmo": splitGPT2, "jais": splitGPT2,
	// Each digit on its own, then GPT-2.
	"smollm": splitDigitsGPT2, "starcoder": splitDigitsGPT2, "refact": splitDigitsGPT2,
	"command-r": splitDigitsGPT2, "codeshell": splitDigitsGPT2, "exaone": splitDigitsGPT2,
	"minerva-7b": splitDigitsGPT2,
	// Llama 3: numbers in groups of up to three.
	"llama3": splitLlama3, "llama-v3": splitLlama3, "llama-bpe": splitLlama3,
	"falcon3": splitLlama3, "dbrx": splitLlama3, "smaug-bpe": splitLlama3,
	// Qwen 2: the Llama 3 pattern with single digits.
	"qwen2": splitQwen2, "deepseek-r1-qwen": splitQwen2, "stablelm2": splitQwen2,
}

// ignoreMergesPre are the pre-tokenizers whose models (Llama 3) emit a word that is itself a
// token without merging it, as llama.cpp and Hugging Face's ignore_merges do.
var ignoreMergesPre = map[string]bool{"llama3": true, "llama-v3": true, "llama-bpe": true, "falcon3": true}

func supportedPre() string {
	var names []string
	for k := range preTokenizers {
		if k != "" {
			names = append(names, k)
		}
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// Character classes of the patterns: \p{L}, \p{N}, \s, and everything else.
const (
	clsOther = iota
	clsLetter
	clsNumber
	clsSpace
)

func class(r rune) int {
	switch {
	case r < utf8.RuneSelf:
		switch {
		case 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z':
			return clsLetter
		case '0' <= r && r <= '9':
			return clsNumber
		case r == ' ' || '\t' <= r && r <= '\r':
			return clsSpace
		}
		return clsOther
	case unicode.IsLetter(r):
		return clsLetter
	case unicode.IsNumber(r):
		return clsNumber
	case unicode.IsSpace(r): // the Unicode White_Space property, as \s in the models' regex engines
		return clsSpace
	}
	return clsOther
}

// at decodes the character at i; an invalid byte is (RuneError, 1), which class gives "other".
func at(s string, i int) (rune, int) {
	if c := s[i]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeRuneInString(s[i:])
}

func classAt(s string, i int) int {
	if i >= len(s) {
		return -1
	}
	r, _ := at(s, i)
	return class(r)
}

// runEnd is the end of the run of class cls starting at i.
func runEnd(s string, i, cls int) int {
	for i < len(s) {
		r, n := at(s, i)
		if class(r) != cls {
			break
		}
		i += n
	}
	return i
}

// contraction matches 's 't 're 've 'm 'll 'd after the apostrophe at s[i-1] and returns its
// length without the apostrophe, or 0.
func contraction(s string, i int, foldCase bool) int {
	lower := func(k int) byte {
		if i+k >= len(s) {
			return 0
		}
		c := s[i+k]
		if foldCase && 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		return c
	}
	switch lower(0) {
	case 's', 't', 'm', 'd':
		return 1
	case 'r', 'v':
		if lower(1) == 'e' {
			return 2
		}
	case 'l':
		if lower(1) == 'l' {
			return 2
		}
	}
	return 0
}

// spaceTail ends a whitespace run [i, end) the way \s+(?!\S)|\s+ does: at the end of the text
// the whole run; otherwise all but its last character, which joins the next word, unless that
// leaves nothing.
func spaceTail(s string, i, end int) int {
	if end == len(s) {
		return end
	}
	_, n := utf8.DecodeLastRuneInString(s[i:end])
	if end-n > i {
		return end - n
	}
	return end
}

// splitGPT2 implements
//
//	's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+
func splitGPT2(s string, word func(string)) {
	for i := 0; i < len(s); {
		e := matchGPT2(s, i)
		word(s[i:e])
		i = e
	}
}

func matchGPT2(s string, i int) int {
	if s[i] == '\'' {
		if m := contraction(s, i+1, false); m > 0 {
			return i + 1 + m
		}
	}
	start, cls := i, classAt(s, i)
	if s[i] == ' ' {
		if c := classAt(s, i+1); c == clsLetter || c == clsNumber || c == clsOther {
			start, cls = i+1, c
		}
	}
	if cls != clsSpace {
		return runEnd(s, start, cls)
	}
	return spaceTail(s, i, runEnd(s, i, clsSpace))
}

// splitDigitsGPT2 isolates every \p{N} character, then applies GPT-2 to the text between them.
func splitDigitsGPT2(s string, word func(string)) {
	start := 0
	for i := 0; i < len(s); {
		r, n := at(s, i)
		if class(r) == clsNumber {
			if start < i {
				splitGPT2(s[start:i], word)
			}
			word(s[i : i+n])
			start = i + n
		}
		i += n
	}
	if start < len(s) {
		splitGPT2(s[start:], word)
	}
}

// splitLlama3 implements
//
//	(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+
func splitLlama3(s string, word func(string)) { splitLlamaLike(s, 3, word) }

// splitQwen2 is splitLlama3 with \p{N} instead of \p{N}{1,3}.
func splitQwen2(s string, word func(string)) { splitLlamaLike(s, 1, word) }

func splitLlamaLike(s string, maxDigits int, word func(string)) {
	for i := 0; i < len(s); {
		e := matchLlamaLike(s, i, maxDigits)
		word(s[i:e])
		i = e
	}
}

func isCRLF(c byte) bool { return c == '\r' || c == '\n' }

func matchLlamaLike(s string, i, maxDigits int) int {
	if s[i] == '\'' {
		if m := contraction(s, i+1, true); m > 0 {
			return i + 1 + m
		}
	}
	r, n := at(s, i)
	cls := class(r)
	switch cls {
	case clsLetter:
		return runEnd(s, i, clsLetter)
	case clsNumber:
		e := i
		for k := 0; k < maxDigits && classAt(s, e) == clsNumber; k++ {
			_, m := at(s, e)
			e += m
		}
		return e
	}
	// [^\r\n\p{L}\p{N}]?\p{L}+ : one non-letter (space or other) glued to a following word.
	if !isCRLF(s[i]) && classAt(s, i+n) == clsLetter {
		return runEnd(s, i+n, clsLetter)
	}
	// ` ?[^\s\p{L}\p{N}]+[\r\n]*`
	start := -1
	if cls == clsOther {
		start = i
	} else if s[i] == ' ' && classAt(s, i+1) == clsOther {
		start = i + 1
	}
	if start >= 0 {
		e := runEnd(s, start, clsOther)
		for e < len(s) && isCRLF(s[e]) {
			e++
		}
		return e
	}
	// Whitespace. \s*[\r\n]+ : up to the last line break of the run, if it has one.
	end := runEnd(s, i, clsSpace)
	for k := end - 1; k >= i; k-- {
		if isCRLF(s[k]) {
			return k + 1
		}
	}
	return spaceTail(s, i, end)
}
