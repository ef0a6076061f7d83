package grammar

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// The pattern subset: literals, classes ([a-z], [^...], \d \w \s and their negations), '.',
// groups ((...), (?:...), (?<name>...)), alternation, the quantifiers ? * + {m} {m,} {m,n}
// (lazy forms read as greedy: they match the same strings), ^ at the start and $ at the end, and
// lookaheads (?=...) right after the ^ (read as an intersection). A pattern without ^ (or $)
// may have anything before (after) it, as JSON Schema searches. '.' and negated classes
// generate printable ASCII and non-ASCII characters (no control characters, no U+2028/9);
// \s generates [\t\n\f\r ], the whitespace every regular-expression dialect agrees on.

type patternParser struct {
	src []rune
	pos int
}

type patternError struct{ construct string }

func (e *patternError) Error() string {
	return e.construct + " is outside the supported pattern subset"
}

func parsePattern(src string) (*rx, error) {
	if !utf8.ValidString(src) {
		return nil, &patternError{"invalid UTF-8"}
	}
	p := &patternParser{src: []rune(src)}
	anchoredStart := p.eat('^')
	var looks []*rx
	for anchoredStart && p.peekString("(?=") {
		p.pos += 3
		x, end, err := p.alt(true)
		if err != nil {
			return nil, err
		}
		if !p.eat(')') {
			return nil, &patternError{"an unclosed group"}
		}
		if !end {
			x = rxCatOf(x, rxRepOf(jsonCharRx, 0, -1))
		}
		looks = append(looks, x)
	}
	body, anchoredEnd, err := p.alt(false)
	if err != nil {
		return nil, err
	}
	if p.pos < len(p.src) {
		return nil, &patternError{"an unmatched ')'"}
	}
	if !anchoredStart {
		body = rxCatOf(rxRepOf(jsonCharRx, 0, -1), body)
	}
	if !anchoredEnd {
		body = rxCatOf(body, rxRepOf(jsonCharRx, 0, -1))
	}
	if len(looks) > 0 {
		return &rx{op: rxAnd, subs: append(looks, body)}, nil
	}
	return body, nil
}

func (p *patternParser) peekString(s string) bool {
	r := []rune(s)
	if p.pos+len(r) > len(p.src) {
		return false
	}
	for i := range r {
		if p.src[p.pos+i] != r[i] {
			return false
		}
	}
	return true
}

func (p *patternParser) eat(r rune) bool {
	if p.pos < len(p.src) && p.src[p.pos] == r {
		p.pos++
		return true
	}
	return false
}

// alt parses alternatives up to ')' or the end; end reports a '$' that closed it, allowed at the
// pattern's end or, in a lookahead, before its ')'.
func (p *patternParser) alt(inLook bool) (*rx, bool, error) {
	var alts []*rx
	end := false
	for {
		var seq []*rx
		for p.pos < len(p.src) && p.src[p.pos] != '|' && p.src[p.pos] != ')' {
			if p.src[p.pos] == '$' {
				p.pos++
				if p.pos == len(p.src) || (inLook && p.src[p.pos] == ')') {
					end = true
					continue
				}
				return nil, false, &patternError{"'$' before the end"}
			}
			x, err := p.repeat(inLook)
			if err != nil {
				return nil, false, err
			}
			seq = append(seq, x)
		}
		alts = append(alts, rxCatOf(seq...))
		if !p.eat('|') {
			break
		}
	}
	// a|b$: the '$' anchors only its branch, and anchoring all of them is a narrower language,
	// which never admits a string the pattern refuses (so is a leading '^').
	return rxAltOf(alts...), end, nil
}

func (p *patternParser) repeat(inLook bool) (*rx, error) {
	x, err := p.atom(inLook)
	if err != nil {
		return nil, err
	}
	for p.pos < len(p.src) {
		lo, hi := 0, 0
		switch p.src[p.pos] {
		case '*':
			lo, hi = 0, -1
			p.pos++
		case '+':
			lo, hi = 1, -1
			p.pos++
		case '?':
			lo, hi = 0, 1
			p.pos++
		case '{':
			var ok bool
			if lo, hi, ok = p.braces(); !ok {
				return x, nil // a literal '{', read next
			}
		default:
			return x, nil
		}
		if p.eat('?') { // lazy: the same strings
		} else if p.pos < len(p.src) && p.src[p.pos] == '+' {
			return nil, &patternError{"a possessive quantifier"}
		}
		if hi >= 0 && hi < lo {
			return nil, &patternError{"a quantifier {m,n} with n < m"}
		}
		x = rxRepOf(x, lo, hi)
	}
	return x, nil
}

// braces reads {m}, {m,} or {m,n}; ok is false (and nothing read) for any other '{'.
func (p *patternParser) braces() (lo, hi int, ok bool) {
	i := p.pos + 1
	num := func() (int, bool) {
		j := i
		for i < len(p.src) && p.src[i] >= '0' && p.src[i] <= '9' {
			i++
		}
		if i == j || i-j > 6 {
			return 0, false
		}
		n, _ := strconv.Atoi(string(p.src[j:i]))
		return n, true
	}
	lo, ok = num()
	if !ok {
		return 0, 0, false
	}
	hi = lo
	if i < len(p.src) && p.src[i] == ',' {
		i++
		if i < len(p.src) && p.src[i] == '}' {
			hi = -1
		} else if hi, ok = num(); !ok {
			return 0, 0, false
		}
	}
	if i >= len(p.src) || p.src[i] != '}' {
		return 0, 0, false
	}
	p.pos = i + 1
	return lo, hi, true
}

func (p *patternParser) atom(inLook bool) (*rx, error) {
	r := p.src[p.pos]
	p.pos++
	switch r {
	case '(':
		switch {
		case p.peekString("?:"):
			p.pos += 2
		case p.peekString("?="), p.peekString("?!"), p.peekString("?<="), p.peekString("?<!"):
			return nil, &patternError{"a lookaround (other than (?=...) right after ^)"}
		case p.peekString("?<"):
			for p.pos < len(p.src) && p.src[p.pos] != '>' {
				p.pos++
			}
			p.pos++
		case p.peekString("?"):
			return nil, &patternError{"a group flag (?...)"}
		}
		x, end, err := p.alt(inLook)
		if err != nil {
			return nil, err
		}
		if end || !p.eat(')') {
			return nil, &patternError{"an unclosed group"}
		}
		return x, nil
	case '[':
		return p.class()
	case '.':
		return runesRx(complement(nil)), nil
	case '\\':
		set, err := p.escape(false)
		if err != nil {
			return nil, err
		}
		return runesRx(set), nil
	case '^':
		return nil, &patternError{"'^' after the start"}
	case '*', '+', '?':
		return nil, &patternError{fmt.Sprintf("%q with nothing to repeat", r)}
	}
	return runesRx([]runeRange{{r, r}}), nil
}

type runeRange struct{ lo, hi rune }

var (
	digitRunes = []runeRange{{'0', '9'}}
	wordRunes  = []runeRange{{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}}
	spaceRunes = []runeRange{{'\t', '\n'}, {'\f', '\r'}, {' ', ' '}}
	// allSpace is every dialect's whitespace: \S generates none of it.
	allSpace = []runeRange{{'\t', '\r'}, {' ', ' '}, {0xA0, 0xA0}, {0x1680, 0x1680}, {0x2000, 0x200A},
		{0x2028, 0x2029}, {0x202F, 0x202F}, {0x205F, 0x205F}, {0x3000, 0x3000}, {0xFEFF, 0xFEFF}}
)

// escape reads what follows a backslash: a set of runes.
func (p *patternParser) escape(inClass bool) ([]runeRange, error) {
	if p.pos >= len(p.src) {
		return nil, &patternError{"a trailing backslash"}
	}
	r := p.src[p.pos]
	p.pos++
	one := func(r rune) ([]runeRange, error) { return []runeRange{{r, r}}, nil }
	hex := func(n int) ([]runeRange, error) {
		if p.pos+n > len(p.src) {
			return nil, &patternError{"a short hex escape"}
		}
		v, err := strconv.ParseUint(string(p.src[p.pos:p.pos+n]), 16, 32)
		if err != nil {
			return nil, &patternError{"a malformed hex escape"}
		}
		p.pos += n
		return one(rune(v))
	}
	switch r {
	case 'd':
		return digitRunes, nil
	case 'w':
		return wordRunes, nil
	case 's':
		return spaceRunes, nil
	case 'D', 'W', 'S':
		if inClass {
			return nil, &patternError{fmt.Sprintf(`\%c inside a class`, r)}
		}
		switch r {
		case 'D':
			return complement(digitRunes), nil
		case 'W':
			return complement(wordRunes), nil
		}
		return complement(allSpace), nil
	case 'n':
		return one('\n')
	case 't':
		return one('\t')
	case 'r':
		return one('\r')
	case 'f':
		return one('\f')
	case 'v':
		return one('\v')
	case '0':
		return one(0)
	case 'x':
		return hex(2)
	case 'u':
		return hex(4)
	case 'b':
		if inClass {
			return one('\b')
		}
		return nil, &patternError{`a word boundary \b`}
	case 'B':
		return nil, &patternError{`a word boundary \B`}
	case 'p', 'P':
		return nil, &patternError{fmt.Sprintf(`a Unicode property class \%c`, r)}
	}
	if r >= '1' && r <= '9' || r == 'k' {
		return nil, &patternError{"a backreference"}
	}
	if r < 0x80 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
		return nil, &patternError{fmt.Sprintf(`the escape \%c`, r)}
	}
	return one(r) // an escaped punctuation character is itself
}

func (p *patternParser) class() (*rx, error) {
	negate := p.eat('^')
	var set []runeRange
	first := true
	for {
		if p.pos >= len(p.src) {
			return nil, &patternError{"an unclosed class"}
		}
		r := p.src[p.pos]
		if r == ']' && !first {
			p.pos++
			break
		}
		first = false
		if r == '[' && p.pos+1 < len(p.src) && p.src[p.pos+1] == ':' {
			return nil, &patternError{"a POSIX class [:...:]"}
		}
		lo, err := p.classChar()
		if err != nil {
			return nil, err
		}
		if len(lo) == 1 && lo[0].lo == lo[0].hi && p.pos+1 < len(p.src) && p.src[p.pos] == '-' && p.src[p.pos+1] != ']' {
			p.pos++
			hi, err := p.classChar()
			if err != nil {
				return nil, err
			}
			if len(hi) != 1 || hi[0].lo != hi[0].hi || hi[0].lo < lo[0].lo {
				return nil, &patternError{"a class range out of order"}
			}
			lo = []runeRange{{lo[0].lo, hi[0].lo}}
		}
		set = append(set, lo...)
	}
	if negate {
		set = complement(set)
	}
	return runesRx(set), nil
}

// classChar reads one character of a class, or an escape: a set of runes.
func (p *patternParser) classChar() ([]runeRange, error) {
	r := p.src[p.pos]
	p.pos++
	if r == '\\' {
		return p.escape(true)
	}
	return []runeRange{{r, r}}, nil
}

// complement is the generated characters not in set: printable ASCII and non-ASCII, less
// U+2028 and U+2029 (line terminators to some dialects' '.').
func complement(set []runeRange) []runeRange {
	universe := []runeRange{{0x20, 0x7E}, {0x80, 0x2027}, {0x202A, utf8.MaxRune}}
	var out []runeRange
	for _, u := range universe {
		cur := []runeRange{u}
		for _, s := range set {
			var next []runeRange
			for _, c := range cur {
				if s.hi < c.lo || s.lo > c.hi {
					next = append(next, c)
					continue
				}
				if s.lo > c.lo {
					next = append(next, runeRange{c.lo, s.lo - 1})
				}
				if s.hi < c.hi {
					next = append(next, runeRange{s.hi + 1, c.hi})
				}
			}
			cur = next
		}
		out = append(out, cur...)
	}
	return out
}

// runesRx is the expression of one character of set as JSON writes it in a string: raw bytes,
// or an escape for '"', '\' and control characters.
func runesRx(set []runeRange) *rx {
	var raw []brange
	var alts []*rx
	for _, r := range set {
		for c := r.lo; c <= min(r.hi, 0x7F); c++ {
			switch {
			case c == '"' || c == '\\':
				alts = append(alts, rxLit(`\`+string(c)))
			case c < 0x20 || c == 0x7F:
				alts = append(alts, rxLit(controlEscape(c)))
			case len(raw) > 0 && raw[len(raw)-1].hi+1 == byte(c):
				raw[len(raw)-1].hi++ // one range for a run: fewer byte classes
			default:
				raw = append(raw, brange{byte(c), byte(c)})
			}
		}
		if r.hi >= 0x80 {
			alts = append(alts, utf8Rx(max(r.lo, 0x80), r.hi))
		}
	}
	if len(raw) > 0 {
		alts = append(alts, rxSet(raw...))
	}
	return rxAltOf(alts...)
}

func controlEscape(c rune) string {
	switch c {
	case '\b':
		return `\b`
	case '\f':
		return `\f`
	case '\n':
		return `\n`
	case '\r':
		return `\r`
	case '\t':
		return `\t`
	}
	return fmt.Sprintf(`\u%04x`, c)
}
