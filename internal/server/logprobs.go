package server

// Logprobs as the API shows them: token bytes and text, character offsets, finite values.

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"
)

// tokenBytes is a token's bytes for logprobs: its piece, or its vocabulary text for special
// tokens that produce no output bytes.
func (s *Server) tokenBytes(id int32) []byte {
	if !s.tok.IsEOG(id) {
		if p := s.tok.Piece(id); len(p) > 0 {
			return p
		}
	}
	return []byte(s.tok.TokenText(id))
}

// tokenString is tokenBytes as text.
func (s *Server) tokenString(id int32) string { return display(s.tokenBytes(id)) }

// display shows a piece as text; a piece that is part of a multi-byte character is shown as
// "bytes:\xe4\xbd" (its exact bytes are in the "bytes" field).
func display(piece []byte) string {
	if utf8.Valid(piece) {
		return string(piece)
	}
	var sb strings.Builder
	sb.WriteString("bytes:")
	for _, b := range piece {
		fmt.Fprintf(&sb, "\\x%02x", b)
	}
	return sb.String()
}

func byteInts(b []byte) []int {
	out := make([]int, len(b))
	for i, c := range b {
		out[i] = int(c)
	}
	return out
}

// charCount counts the characters of a choice's output in code points, as OpenAI's and vLLM's
// text_offset do, rather than bytes. Characters are decoded the way textStream decodes them: a
// character split over tokens is one character, and a byte that can never be part of one is one
// U+FFFD.
type charCount struct {
	n       int    // characters decoded so far
	partial []byte // the bytes of a character not yet complete
}

// add appends a token's piece and returns the token's offset: the index in the output of the
// character holding the piece's first byte, which for a token that ends a split character is
// that character's start.
func (c *charCount) add(piece []byte) int {
	before := len(c.partial)
	c.partial = append(c.partial, piece...)
	b := c.partial
	off, i := c.n, 0
	for i < len(b) {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size <= 1 {
			if !utf8.FullRune(b[i:]) {
				break // may still be completed by the next piece
			}
			size = 1
		}
		if i+size <= before {
			off++ // wholly before this piece: pending bytes the piece shows to be invalid
		}
		c.n++
		i += size
	}
	c.partial = append(b[:0:0], b[i:]...)
	return off
}

// safeLogprob keeps JSON encodable: -Inf (and anything non-finite) becomes OpenAI's -9999.
func safeLogprob(v float32) float64 {
	f := float64(v)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return -9999
	}
	return f
}
