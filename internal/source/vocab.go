package source

import (
	"fmt"
	"strings"
)

// Token types as llama.cpp's SentencePiece vocabularies number them.
const (
	tokNormal  = 1
	tokUnknown = 2
	tokControl = 3
	tokByte    = 6
)

// minVocab is <unk>, <s>, </s> and the 256 byte tokens, which let any text be encoded.
const minVocab = 3 + 256

// spmSpace is SentencePiece's stand-in for a space.
const spmSpace = "▁"

type vocab struct {
	tokens []string
	scores []float32
	types  []int32
	seen   map[string]bool
}

// newVocab starts a SentencePiece vocabulary with its fixed head: unk=0, bos=1, eos=2, then the
// byte-fallback tokens <0x00>..<0xFF>.
func newVocab(n int) *vocab {
	v := &vocab{seen: make(map[string]bool, n)}
	v.add("<unk>", 0, tokUnknown)
	v.add("<s>", 0, tokControl)
	v.add("</s>", 0, tokControl)
	for i := range 256 {
		v.add(fmt.Sprintf("<0x%02X>", i), 0, tokByte)
	}
	return v
}

func (v *vocab) add(piece string, score float32, typ int32) {
	if v.seen[piece] {
		return
	}
	v.seen[piece] = true
	v.tokens = append(v.tokens, piece)
	v.scores = append(v.scores, score)
	v.types = append(v.types, typ)
}

// addPiece appends a normal piece scored below every earlier one, the order SentencePiece's
// merges follow; it reports whether the vocabulary is full.
func (v *vocab) addPiece(piece string, n int) bool {
	if len(v.tokens) >= n {
		return true
	}
	v.add(piece, -float32(len(v.tokens)-minVocab), tokNormal)
	return len(v.tokens) >= n
}

// fillSynthetic adds generated pieces until the vocabulary has n tokens: "▁", every printable
// ASCII character alone and after "▁", then ever longer lowercase strings with and without "▁".
// Shorter pieces come first, so every piece's prefixes are in the vocabulary.
func (v *vocab) fillSynthetic(n int) {
	if v.addPiece(spmSpace, n) {
		return
	}
	for c := byte('!'); c <= '~'; c++ {
		if v.addPiece(string(c), n) || v.addPiece(spmSpace+string(c), n) {
			return
		}
	}
	// Strings of length L over a-z, in order, for L = 2, 3, ...: enough for any vocab size.
	for l := 2; ; l++ {
		buf := make([]byte, l)
		for i := range buf {
			buf[i] = 'a'
		}
		for {
			s := string(buf)
			if v.addPiece(spmSpace+s, n) || v.addPiece(s, n) {
				return
			}
			i := l - 1
			for i >= 0 && buf[i] == 'z' {
				buf[i] = 'a'
				i--
			}
			if i < 0 {
				break
			}
			buf[i]++
		}
	}
}

// syntheticVocab is the dummy models' vocabulary of exactly n tokens (n >= minVocab).
func syntheticVocab(n int) *vocab {
	v := newVocab(n)
	v.fillSynthetic(n)
	return v
}

// demoWords are common English words for the demo vocabulary, so its (meaningless) output at
// least reads as words.
var demoWords = strings.Fields(`the and a to was he she it in of said they on that with his her had for but
is so big little day one once upon time there were cat dog girl boy happy saw went play friend you we all
are be at have like very named not`)

// demoPieces are common word endings and fragments.
var demoPieces = []string{"s", "ed", "ing", "er", "ly", "es", "en", "on", "an", "in", "at", "re", "th", "he", "nd", "ou"}

// demoVocab is the built-in demo model's vocabulary: letters, digits and punctuation, common
// English words (each with its prefixes, so they can be assembled), then synthetic filler.
func demoVocab(n int) *vocab {
	v := newVocab(n)
	v.addPiece(spmSpace, n)
	for c := 'a'; c <= 'z'; c++ {
		v.addPiece(string(c), n)
		v.addPiece(spmSpace+string(c), n)
	}
	for _, c := range "0123456789.,!?'\"-:;()" {
		v.addPiece(string(c), n)
	}
	for _, p := range demoPieces {
		v.addPiece(p, n)
	}
	for _, w := range append([]string{"The", "He", "She", "It", "Once", "One"}, demoWords...) {
		for i := 1; i <= len(w); i++ {
			v.addPiece(spmSpace+w[:i], n)
		}
	}
	v.fillSynthetic(n)
	return v
}
