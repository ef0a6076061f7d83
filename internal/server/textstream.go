package server

import (
	"strings"
	"unicode/utf8"

	"github.com/kvwarden/kvwarden/internal/toolcall"
)

// textStream turns token pieces (raw bytes) into text that is safe to send: it never releases a
// partial UTF-8 character, and it holds back any tail that could be the start of a stop string, so
// a stop string split over several tokens is still found and never shown.
type textStream struct {
	raw   []byte // bytes not yet decoded: an incomplete UTF-8 sequence at most
	held  string // decoded text not yet released: a possible stop-string prefix
	stops []string
	done  bool // a stop string matched; further input is ignored
}

// push adds a piece and returns the text that may be released now, and whether a stop string
// ended the text (the stop string and anything after it are dropped).
func (s *textStream) push(piece []byte) (string, bool) {
	if s.done {
		return "", true
	}
	s.raw = append(s.raw, piece...)
	s.held += decodeComplete(&s.raw)
	if len(s.stops) == 0 {
		out := s.held
		s.held = ""
		return out, false
	}
	if i := firstStop(s.held, s.stops); i >= 0 {
		out := s.held[:i]
		s.held, s.raw, s.done = "", nil, true
		return out, true
	}
	keep := toolcall.PartialSuffix(s.held, s.stops)
	out := s.held[:len(s.held)-keep]
	s.held = s.held[len(s.held)-keep:]
	return out, false
}

// flush releases everything held at the natural end of generation; a trailing incomplete
// character becomes U+FFFD, since no more bytes will come to complete it.
func (s *textStream) flush() string {
	if s.done {
		return ""
	}
	out := s.held + strings.ToValidUTF8(string(s.raw), "\uFFFD")
	s.held, s.raw = "", nil
	return out
}

// decodeComplete removes and returns the longest prefix of *raw that ends on a character
// boundary. Bytes that can never start a valid character become U+FFFD at once; a tail that may
// still be completed by the next piece stays in *raw.
func decodeComplete(raw *[]byte) string {
	b := *raw
	var sb strings.Builder
	i := 0
	for i < len(b) {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size <= 1 {
			if !utf8.FullRune(b[i:]) {
				break // incomplete but possibly valid: wait for more bytes
			}
			sb.WriteString("\uFFFD")
			i++
			continue
		}
		sb.Write(b[i : i+size])
		i += size
	}
	*raw = append(b[:0:0], b[i:]...)
	return sb.String()
}

func firstStop(text string, stops []string) int {
	best := -1
	for _, st := range stops {
		if i := strings.Index(text, st); i >= 0 && (best < 0 || i < best) {
			best = i
		}
	}
	return best
}
