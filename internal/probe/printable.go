package probe

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Printable escapes, visibly, every character of s that a terminal could act on rather than show:
// C0 and C1 controls (ESC starts colour, cursor, window-title and OSC 52 clipboard sequences; CR
// and backspace overwrite what was printed), DEL, bidi overrides and every other character that
// is neither graphic nor a space, and bytes that are not UTF-8. ESC becomes \x1b, U+202E \u202e,
// a stray byte \xff. Backslashes are left alone, so Printable(Printable(s)) == Printable(s).
// Every string the endpoint chose (model names, error bodies, answers, Locations) passes through
// it before reaching a report.
func Printable(s string) string { return escape(s, false) }

// terminalText is Printable for a whole text report: the report's own line breaks stay.
func terminalText(s string) string { return escape(s, true) }

func escape(s string, keepNewlines bool) string {
	keep := func(r rune) bool { return shown(r) || keepNewlines && r == '\n' }
	if utf8.ValidString(s) && strings.IndexFunc(s, func(r rune) bool { return !keep(r) }) < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1: // a byte that is not UTF-8
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case keep(r):
			b.WriteString(s[i : i+size])
		case r < utf8.RuneSelf:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r <= 0xffff:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
		i += size
	}
	return b.String()
}

// shown: a character a terminal draws and does not act on. Bidi overrides and isolates (U+202A-E,
// U+2066-9) are format characters, not graphic ones, so they are escaped with the controls.
func shown(r rune) bool { return r == ' ' || unicode.IsGraphic(r) }
