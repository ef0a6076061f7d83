// Package tokenizer turns text into token ids and back, as the model's GGUF metadata defines.
//
// Two vocabulary kinds are supported, named as in tokenizer.ggml.model:
//
//   - "llama": SentencePiece-style (SPM). Spaces become U+2581, pieces are merged greedily by
//     score, and characters without a piece fall back to <0xXX> byte tokens.
//   - "gpt2": byte-level BPE. The text is split by the pre-tokenizer named in tokenizer.ggml.pre,
//     each byte is mapped to a printable character, and pieces are merged by merge rank.
//
// The behaviour follows llama.cpp, except where Hugging Face's tokenizers (the models' own
// reference) differ and the GGUF still carries enough to follow them: NFC normalisation for
// "qwen2", and Qwen's FIM tokens being ordinary added tokens (see New).
//
// Round trip: for valid UTF-8 s, Decode(Encode(s, false, false)) == s, except where the models
// define otherwise: an SPM vocabulary with add_space_prefix gives one more leading space (and one
// after each user-defined token it matched); SPM cannot represent U+2581 (it decodes as a space);
// and "qwen2" returns the NFC form of s. The raw bytes of the pieces (Piece) give back even
// invalid UTF-8 exactly, under the same exceptions.
package tokenizer

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Token types, as in tokenizer.ggml.token_type.
const (
	typeUndefined   = 0 // treated as normal, as llama.cpp does for files without types
	typeNormal      = 1
	typeUnknown     = 2
	typeControl     = 3
	typeUserDefined = 4
	typeUnused      = 5
	typeByte        = 6
)

// Config is the tokenizer part of a model's GGUF metadata.
type Config struct {
	Model  string    // tokenizer.ggml.model: "llama" (SentencePiece-style) or "gpt2" (byte-level BPE)
	Pre    string    // tokenizer.ggml.pre: e.g. "default", "llama-bpe", "qwen2", "smollm" ("" = default)
	Tokens []string  // tokenizer.ggml.tokens
	Scores []float32 // tokenizer.ggml.scores (may be nil; then every score is 0)
	Types  []int32   // tokenizer.ggml.token_type (may be nil; then every token is normal)
	Merges []string  // tokenizer.ggml.merges ("a b" pairs), gpt2 only

	BOS, EOS, UNK, PAD int32 // -1 when absent
	EOT, EOM           int32 // extra end-of-generation ids, -1 when absent

	AddBOS, AddEOS bool // whether Encode with addSpecial adds BOS / EOS
	AddSpacePrefix bool // SPM: prefix raw text with a space (tokenizer.ggml.add_space_prefix)
}

type vocabKind uint8

const (
	kindSPM vocabKind = iota
	kindBPE
)

// Tokenizer encodes and decodes text. It is immutable after New and safe for concurrent use.
type Tokenizer struct {
	kind   vocabKind
	pre    preTokenizer
	nfc    bool
	tokens []string
	scores []float32
	types  []int32

	bos, eos, unk, pad, eot, eom int32
	addBOS, addEOS, addSpace     bool

	source Config // what New was given, for Config

	// pieceID maps the text of tokens that ordinary text may turn into (normal and
	// user-defined) to their id. On duplicates the last id wins, as in llama.cpp.
	pieceID map[string]int32
	// byteID: SPM, the <0xXX> token of each byte; BPE, the token of each byte's character.
	byteID [256]int32
	// merges: BPE pair of token ids -> rank and merged id.
	merges       map[uint64]merge
	ignoreMerges bool

	special *trie
	eog     map[int32]struct{}
}

type merge struct{ rank, id int32 }

// eogTexts are control tokens llama.cpp treats as end of generation whatever the metadata says,
// because converters often leave eot_token_id unset.
var eogTexts = map[string]bool{
	"<|eot_id|>": true, "<|im_end|>": true, "<|end|>": true, "<end_of_turn>": true,
	"<|endoftext|>": true, "<|eom_id|>": true, "<EOT>": true, "_<EOT>": true,
	// llama.cpp also stops on the FIM pad / repo / file-separator tokens.
	"<|fim_pad|>": true, "<|repo_name|>": true, "<|file_sep|>": true,
}

// qwenAddedNonSpecial are Qwen's added tokens that tokenizer.json marks special:false. The GGUF
// converter types them CONTROL because they look like <|...|>; Hugging Face matches them in
// text even when special tokens are not parsed, and decodes them as text, so we treat them as
// user-defined.
var qwenAddedNonSpecial = map[string]bool{
	"<|fim_prefix|>": true, "<|fim_middle|>": true, "<|fim_suffix|>": true,
	"<|fim_pad|>": true, "<|repo_name|>": true, "<|file_sep|>": true,
}

// New checks c and builds a tokenizer: the model and pre-tokenizer must be supported, scores and
// types must match the tokens in length, types must be known, special ids must be -1 or in the
// vocabulary (and present when AddBOS / AddEOS ask for them), and every merge must be two parts
// around a space. Merges whose parts are not in the vocabulary are ignored, since they can never
// apply. For "qwen2", Qwen's FIM and repository tokens typed CONTROL by the converter are
// treated as user-defined, as Hugging Face treats them. The slices in c are not retained.
func New(c Config) (*Tokenizer, error) {
	n := len(c.Tokens)
	if n == 0 {
		return nil, errors.New("tokenizer: empty vocabulary")
	}
	if n > math.MaxInt32 {
		return nil, fmt.Errorf("tokenizer: vocabulary of %d tokens is too large", n)
	}
	t := &Tokenizer{
		tokens: append([]string(nil), c.Tokens...),
		bos:    c.BOS, eos: c.EOS, unk: c.UNK, pad: c.PAD, eot: c.EOT, eom: c.EOM,
		addBOS: c.AddBOS, addEOS: c.AddEOS,
	}
	for _, step := range []func(Config) error{t.initModel, t.initTypes, checkSpecialIDs, t.initPieces} {
		if err := step(c); err != nil {
			return nil, err
		}
	}
	t.initSpecial()
	t.initEOG(c)
	t.source = c
	t.source.Tokens, t.source.Scores, t.source.Types, t.source.Merges = t.tokens, slices.Clone(c.Scores), slices.Clone(c.Types), slices.Clone(c.Merges)
	return t, nil
}

// Config is the configuration the tokenizer was built from: New(t.Config()) encodes and decodes
// as t does (a router builds its nodes' tokenizer from it). The caller must not modify it.
func (t *Tokenizer) Config() Config { return t.source }

// initModel takes the tokenizer model (SPM or byte-level BPE) and its pre-tokenizer.
func (t *Tokenizer) initModel(c Config) error {
	switch c.Model {
	case "llama":
		t.kind = kindSPM
		t.addSpace = c.AddSpacePrefix
		if len(c.Merges) > 0 {
			return fmt.Errorf("tokenizer: model %q does not use merges, but %d are given", c.Model, len(c.Merges))
		}
	case "gpt2":
		t.kind = kindBPE
		p, ok := preTokenizers[c.Pre]
		if !ok {
			return fmt.Errorf("tokenizer: unsupported pre-tokenizer %q for model gpt2 (supported: %s)", c.Pre, supportedPre())
		}
		t.pre = p
		t.nfc = c.Pre == "qwen2"
		t.ignoreMerges = ignoreMergesPre[c.Pre]
		if len(c.Merges) == 0 {
			return errors.New("tokenizer: model gpt2 needs merges, but none are given")
		}
	default:
		return fmt.Errorf("tokenizer: unsupported tokenizer model %q (supported: llama, gpt2)", c.Model)
	}
	return nil
}

// initTypes takes the scores and token types, normal where none are given.
func (t *Tokenizer) initTypes(c Config) error {
	n := len(c.Tokens)
	if c.Scores != nil && len(c.Scores) != n {
		return fmt.Errorf("tokenizer: %d scores for %d tokens", len(c.Scores), n)
	}
	t.scores = make([]float32, n)
	copy(t.scores, c.Scores)
	if c.Types != nil && len(c.Types) != n {
		return fmt.Errorf("tokenizer: %d token types for %d tokens", len(c.Types), n)
	}
	t.types = make([]int32, n)
	for i := range t.types {
		t.types[i] = typeNormal
	}
	for i, ty := range c.Types {
		if ty < typeUndefined || ty > typeByte {
			return fmt.Errorf("tokenizer: token %d (%q) has unknown type %d", i, c.Tokens[i], ty)
		}
		if ty == typeUndefined {
			ty = typeNormal
		}
		t.types[i] = ty
	}
	if c.Pre == "qwen2" {
		for i, s := range t.tokens {
			if t.types[i] == typeControl && qwenAddedNonSpecial[s] {
				t.types[i] = typeUserDefined
			}
		}
	}
	return nil
}

// checkSpecialIDs requires the special ids inside the vocabulary (or -1), and the tokens that
// are to be added to exist.
func checkSpecialIDs(c Config) error {
	n := int32(len(c.Tokens))
	for _, f := range []struct {
		name string
		id   int32
	}{{"BOS", c.BOS}, {"EOS", c.EOS}, {"UNK", c.UNK}, {"PAD", c.PAD}, {"EOT", c.EOT}, {"EOM", c.EOM}} {
		if f.id < -1 || f.id >= n {
			return fmt.Errorf("tokenizer: %s id %d is outside the vocabulary of %d tokens (use -1 for none)", f.name, f.id, n)
		}
	}
	if c.AddBOS && c.BOS < 0 {
		return errors.New("tokenizer: add BOS is set but there is no BOS token")
	}
	if c.AddEOS && c.EOS < 0 {
		return errors.New("tokenizer: add EOS is set but there is no EOS token")
	}
	return nil
}

// initPieces builds the lookups from text to ids: pieces, bytes and (BPE) merges.
func (t *Tokenizer) initPieces(c Config) error {
	t.pieceID = make(map[string]int32, len(t.tokens))
	for i, s := range t.tokens {
		if ty := t.types[i]; (ty == typeNormal || ty == typeUserDefined) && s != "" {
			t.pieceID[s] = int32(i)
		}
	}
	for b := range t.byteID {
		t.byteID[b] = -1
	}
	if t.kind == kindSPM {
		t.initSPMBytes()
		return nil
	}
	for b := range 256 {
		if id, ok := t.pieceID[byteChars[b]]; ok {
			t.byteID[b] = id
		}
	}
	return t.initMerges(c.Merges)
}

// initSpecial indexes the tokens matched before anything else in Encode.
func (t *Tokenizer) initSpecial() {
	t.special = newTrie()
	for i, s := range t.tokens {
		if s == "" {
			continue
		}
		switch t.types[i] {
		case typeUserDefined:
			t.special.add(s, int32(i), true)
		case typeControl, typeUnknown:
			t.special.add(s, int32(i), false)
		}
	}
}

// initEOG collects the ids that end generation (see IsEOG).
func (t *Tokenizer) initEOG(c Config) {
	t.eog = make(map[int32]struct{})
	for _, id := range []int32{c.EOS, c.EOT, c.EOM} {
		if id >= 0 {
			t.eog[id] = struct{}{}
		}
	}
	for i, s := range t.tokens {
		if ty := t.types[i]; (ty == typeControl || ty == typeUserDefined) && eogTexts[s] {
			t.eog[int32(i)] = struct{}{}
		}
	}
}

// initSPMBytes finds the byte-fallback tokens. Like llama.cpp, a vocabulary without <0xXX> for
// a byte may still hold that byte as a plain one-character piece.
func (t *Tokenizer) initSPMBytes() {
	for i, s := range t.tokens {
		if t.types[i] != typeByte {
			continue
		}
		if b, ok := parseByteToken(s); ok && t.byteID[b] < 0 {
			t.byteID[b] = int32(i)
		}
	}
	for b := range 128 {
		if t.byteID[b] < 0 {
			if id, ok := t.pieceID[string(rune(b))]; ok {
				t.byteID[b] = id
			}
		}
	}
}

// initMerges indexes the merges by the ids of their two parts. A merge whose parts or result
// are not in the vocabulary can never apply (Hugging Face refuses such a file), so it is skipped.
func (t *Tokenizer) initMerges(merges []string) error {
	t.merges = make(map[uint64]merge, len(merges))
	for rank, m := range merges {
		// Search from index 1, as llama.cpp does, so a part may itself start with a space.
		sp := -1
		if len(m) > 1 {
			if k := strings.IndexByte(m[1:], ' '); k >= 0 {
				sp = k + 1
			}
		}
		if sp < 0 || sp == len(m)-1 {
			return fmt.Errorf("tokenizer: merge %d (%q) is not two parts separated by a space", rank, m)
		}
		l, lok := t.pieceID[m[:sp]]
		r, rok := t.pieceID[m[sp+1:]]
		id, iok := t.pieceID[m[:sp]+m[sp+1:]]
		if !lok || !rok || !iok {
			continue
		}
		k := pairKey(l, r)
		if _, dup := t.merges[k]; !dup { // the first (best) rank wins
			t.merges[k] = merge{rank: int32(rank), id: id}
		}
	}
	return nil
}

func pairKey(l, r int32) uint64 { return uint64(uint32(l))<<32 | uint64(uint32(r)) }

// parseByteToken reads "<0xXX>".
func parseByteToken(s string) (byte, bool) {
	if len(s) != 6 || s[:3] != "<0x" || s[5] != '>' {
		return 0, false
	}
	v, err := strconv.ParseUint(s[3:5], 16, 8)
	return byte(v), err == nil
}

// VocabSize is the number of tokens.
func (t *Tokenizer) VocabSize() int { return len(t.tokens) }

// BOS is the beginning-of-sequence id, or -1.
func (t *Tokenizer) BOS() int32 { return t.bos }

// EOS is the end-of-sequence id, or -1.
func (t *Tokenizer) EOS() int32 { return t.eos }

// IsEOG reports whether generation should stop at id: EOS, EOT, EOM, and control tokens that
// end a turn in common chat formats (<|im_end|>, <|endoftext|>, <|eot_id|>, <end_of_turn>, ...).
func (t *Tokenizer) IsEOG(id int32) bool {
	_, ok := t.eog[id]
	return ok
}

// TokenText is the vocabulary string of id ("" when out of range).
func (t *Tokenizer) TokenText(id int32) string {
	if id < 0 || int(id) >= len(t.tokens) {
		return ""
	}
	return t.tokens[id]
}

// Piece is the raw bytes id stands for in output: byte tokens give their byte, SPM '▁' gives a
// space, byte-level BPE characters give their bytes, user-defined tokens give their text.
// Control, unknown and unused tokens, and ids out of range, give nothing. The slice is the
// caller's.
func (t *Tokenizer) Piece(id int32) []byte { return t.appendPiece(nil, id) }

func (t *Tokenizer) appendPiece(dst []byte, id int32) []byte {
	if id < 0 || int(id) >= len(t.tokens) {
		return dst
	}
	s := t.tokens[id]
	switch t.types[id] {
	case typeUserDefined:
		return append(dst, s...)
	case typeByte:
		if b, ok := parseByteToken(s); ok {
			return append(dst, b)
		}
		return dst
	case typeNormal:
		if t.kind == kindSPM {
			for {
				k := strings.Index(s, spmSpace)
				if k < 0 {
					return append(dst, s...)
				}
				dst = append(append(dst, s[:k]...), ' ')
				s = s[k+len(spmSpace):]
			}
		}
		for _, r := range s {
			if b, ok := charByte(r); ok {
				dst = append(dst, b)
			} else {
				// Not a byte-level character: keep it as text rather than lose it.
				dst = utf8.AppendRune(dst, r)
			}
		}
		return dst
	}
	return dst
}

// Decode concatenates the pieces of ids. Invalid UTF-8 (a multi-byte character split across
// the end of ids, or byte tokens that do not form one) becomes U+FFFD, one per maximal invalid
// subsequence, as Python and JavaScript decoders do.
func (t *Tokenizer) Decode(ids []int32) string {
	var b []byte
	for _, id := range ids {
		b = t.appendPiece(b, id)
	}
	return validUTF8(b)
}

// Encode turns text into token ids. With addSpecial, BOS and EOS are added as the model asks
// (AddBOS, AddEOS). Special-token text is matched leftmost-longest before anything else:
// user-defined tokens always, control and unknown tokens only with parseSpecial; otherwise
// their text is tokenized as ordinary text. Encode never fails: bytes without a token become
// byte tokens, or UNK where the vocabulary has neither.
func (t *Tokenizer) Encode(text string, addSpecial, parseSpecial bool) []int32 {
	var parse []span
	if parseSpecial {
		parse = []span{{0, len(text)}}
	}
	return t.encode(text, parse, addSpecial)
}

// Span is one piece of the text given to EncodeSpans.
type Span struct {
	Text string
	// Special lets control-token text inside Text become control tokens. Text from a client
	// (chat message content, a plain-text prompt) must leave it false, so that it cannot forge
	// the markup (turn boundaries, BOS/EOS) that only the server's template may write.
	Special bool
}

// EncodeSpans encodes the concatenation of the spans' texts as one text, the way Encode does
// with parseSpecial, except that a control or unknown token is matched only where its text lies
// wholly inside consecutive Special spans; elsewhere that text is ordinary text. Ordinary text is
// tokenized across span borders as if the spans were one string (pre-tokenizer words and merges
// may straddle a border), so text that holds no control-token text gives exactly
// Encode(concatenation, addSpecial, true): encoding each span on its own would not.
func (t *Tokenizer) EncodeSpans(spans []Span, addSpecial bool) []int32 {
	var sb strings.Builder
	var parse []span
	for _, s := range spans {
		start := sb.Len()
		sb.WriteString(s.Text)
		switch {
		case !s.Special || s.Text == "":
		case len(parse) > 0 && parse[len(parse)-1].end == start:
			parse[len(parse)-1].end = sb.Len()
		default:
			parse = append(parse, span{start, sb.Len()})
		}
	}
	return t.encode(sb.String(), parse, addSpecial)
}

// encode tokenizes text, matching control tokens only inside parse (sorted, disjoint).
func (t *Tokenizer) encode(text string, parse []span, addSpecial bool) []int32 {
	out := make([]int32, 0, len(text)/3+2)
	if addSpecial && t.addBOS {
		out = append(out, t.bos)
	}
	// SPM puts the space prefix before the text, and again after each special token, as
	// llama.cpp does.
	afterSpecial := true
	t.special.split(text, parse,
		func(s string) {
			if t.kind == kindSPM {
				out = t.encodeSPM(s, t.addSpace && afterSpecial, out)
			} else {
				out = t.encodeBPE(s, out)
			}
			afterSpecial = false
		},
		func(id int32) {
			out = append(out, id)
			afterSpecial = true
		})
	if addSpecial && t.addEOS {
		out = append(out, t.eos)
	}
	return out
}
