package server

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestTextStreamUTF8(t *testing.T) {
	var s textStream
	var got []string
	for _, b := range []byte("a😀é") {
		out, stopped := s.push([]byte{b})
		if stopped {
			t.Fatal("stopped without stops")
		}
		got = append(got, out)
	}
	want := []string{"a", "", "", "", "😀", "", "é"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("got %q", got)
	}
	// A byte that can never start a character is replaced at once, not held forever.
	if out, _ := s.push([]byte{0xff, 'x'}); out != "\uFFFDx" {
		t.Fatalf("invalid byte: %q", out)
	}
	// An incomplete character at the end becomes U+FFFD on flush.
	if out, _ := s.push([]byte{0xe6, 0x97}); out != "" {
		t.Fatalf("partial: %q", out)
	}
	if out := s.flush(); out != "\uFFFD" {
		t.Fatalf("flush: %q", out)
	}
	// A lead byte followed by a non-continuation byte is invalid, and the second byte survives.
	if out, _ := s.push([]byte{0xe6, 'y'}); out != "\uFFFDy" {
		t.Fatalf("broken sequence: %q", out)
	}
}

// TestTextStreamProperty splits random text (ASCII, multi-byte, stop material) into random
// pieces and checks the output against a direct computation on the whole text.
func TestTextStreamProperty(t *testing.T) {
	alphabet := []string{"a", "b", "é", "日", "😀", "\n", "ab", "éa"}
	for seed := range uint64(3000) {
		r := rand.New(rand.NewPCG(seed, 1))
		var sb strings.Builder
		for range r.IntN(30) {
			sb.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		text := sb.String()
		var stops []string
		for range r.IntN(3) {
			var st strings.Builder
			for range 1 + r.IntN(3) {
				st.WriteString(alphabet[r.IntN(len(alphabet))])
			}
			stops = append(stops, st.String())
		}
		// Random byte pieces, or single bytes when several stops could complete in one piece.
		var pieces [][]byte
		b := []byte(text)
		for len(b) > 0 {
			n := 1
			if len(stops) <= 1 {
				n = 1 + r.IntN(min(len(b), 6))
			}
			pieces = append(pieces, b[:n])
			b = b[n:]
		}
		s := textStream{stops: stops}
		var out strings.Builder
		stopped := false
		for _, p := range pieces {
			o, st := s.push(p)
			if !utf8.ValidString(o) {
				t.Fatalf("seed %d: invalid UTF-8 released %q", seed, o)
			}
			out.WriteString(o)
			if st {
				stopped = true
				break
			}
		}
		if !stopped {
			out.WriteString(s.flush())
		}
		want, wantStop := referenceStop(text, stops)
		if out.String() != want || stopped != wantStop {
			t.Fatalf("seed %d: text %q stops %q: got %q %v, want %q %v", seed, text, stops, out.String(), stopped, want, wantStop)
		}
	}
}

// referenceStop cuts text at the stop string that completes first (ties: the earliest start).
func referenceStop(text string, stops []string) (string, bool) {
	bestEnd, bestStart := -1, -1
	for _, st := range stops {
		if i := strings.Index(text, st); i >= 0 {
			end := i + len(st)
			if bestEnd < 0 || end < bestEnd || (end == bestEnd && i < bestStart) {
				bestEnd, bestStart = end, i
			}
		}
	}
	if bestEnd < 0 {
		return text, false
	}
	return text[:bestStart], true
}

func FuzzTextStream(f *testing.F) {
	f.Add([]byte("hello wörld 😀"), "ö", uint8(3))
	f.Add([]byte{0xf0, 0x9f, 0x98, 0x80, 0xff}, "\x80", uint8(1))
	f.Fuzz(func(t *testing.T, text []byte, stop string, size uint8) {
		n := int(size%8) + 1
		s := textStream{}
		// Stops come from JSON strings, so they are valid UTF-8 (and a valid stop can never match
		// inside a character of valid text).
		if stop != "" && utf8.ValidString(stop) {
			s.stops = []string{stop}
		}
		var out strings.Builder
		for len(text) > 0 {
			k := min(n, len(text))
			o, done := s.push(text[:k])
			text = text[k:]
			if !utf8.ValidString(o) {
				t.Fatalf("invalid UTF-8 released: %q", o)
			}
			out.WriteString(o)
			if done {
				break
			}
		}
		out.WriteString(s.flush())
		if len(s.stops) > 0 && strings.Contains(out.String(), stop) {
			t.Fatalf("stop %q appears in the output %q", stop, out.String())
		}
	})
}
