package tokenizer

import (
	"strings"
	"unicode/utf8"
)

// validUTF8 replaces each maximal subpart of an ill-formed sequence with U+FFFD (Unicode 15,
// section 3.9, "U+FFFD Substitution of Maximal Subparts").
func validUTF8(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	var sb strings.Builder
	sb.Grow(len(b) + 8)
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r != utf8.RuneError || n > 1 {
			sb.Write(b[i : i+n])
			i += n
			continue
		}
		sb.WriteRune(utf8.RuneError)
		i += maximalSubpart(b[i:])
	}
	return sb.String()
}

// narrowSecond holds the lead bytes whose second byte has a narrower range than 80..BF, which
// rules out overlong forms, surrogates and code points above U+10FFFF (Unicode table 3-7).
var narrowSecond = map[byte][2]byte{0xE0: {0xA0, 0xBF}, 0xED: {0x80, 0x9F}, 0xF0: {0x90, 0xBF}, 0xF4: {0x80, 0x8F}}

// maximalSubpart is the length of the longest prefix of b that starts a well-formed UTF-8
// sequence but does not complete one (at least 1). b[0] does not start a valid character.
func maximalSubpart(b []byte) int {
	var need int
	c := b[0]
	switch {
	case c >= 0xC2 && c <= 0xDF:
		need = 1
	case c >= 0xE0 && c <= 0xEF:
		need = 2
	case c >= 0xF0 && c <= 0xF4:
		need = 3
	default:
		return 1
	}
	lo, hi := byte(0x80), byte(0xBF) // allowed range of the second byte
	if r, ok := narrowSecond[c]; ok {
		lo, hi = r[0], r[1]
	}
	n := 1
	for k := 0; k < need && n < len(b); k++ {
		c := b[n]
		if k == 0 && (c < lo || c > hi) || k > 0 && (c < 0x80 || c > 0xBF) {
			break
		}
		n++
	}
	return n
}
