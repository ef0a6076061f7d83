package grammar

// Strings: the lexer of a string's JSON text (its states, shared by every string node and
// tabled per vocabulary in body.go), and the character count of a length-bounded string's frame.

// keyString is the node of free-form object keys.
var keyString = &node{id: -1, kind: kString, minLen: 2}

func feedString(w []frame, i int, f frame, c byte, emit func([]frame)) {
	set := func(pos uint8, k uint16, a, b int32) {
		w[i] = frame{n: f.n, pos: pos, k: k, a: a, b: b}
		emit(w)
		w[i] = f
	}
	if f.pos == pStart {
		if c == '"' {
			set(pInStr, 0, 0, 0)
		}
		return
	}
	switch l, r := strStep(lexOf(f), c); r {
	case strStay:
		if k, ok := f.n.countChar(f.k, f.pos == pInStr); ok {
			set(l.pos, k, l.a, l.b)
		}
	case strClosed:
		if int(f.k) >= f.n.minChars {
			emit(w[:i])
		}
	}
}

// charCap is what a string node's frames count characters to: past maxChars nothing is
// allowed, past minChars (with no maximum) nothing changes.
func (n *node) charCap() int {
	if n.bounded {
		return n.maxChars
	}
	return n.minChars
}

// countChar steps a string frame's count k over a byte that, with starts, begins a character
// (a byte read in pInStr that keeps the string open: ASCII, '\\' or a UTF-8 lead); ok is false
// when the string has no room for it.
func (n *node) countChar(k uint16, starts bool) (uint16, bool) {
	if !starts {
		return k, true
	}
	if n.bounded && int(k) >= n.maxChars {
		return k, false
	}
	if int(k) < n.charCap() {
		k++
	}
	return k, true
}

// charsMissing is the characters a string frame still needs to reach minLength.
func (f frame) charsMissing() int {
	return max(0, f.n.minChars-int(f.k))
}

// lex is a string frame's position inside the string: its lexer state.
type lex struct {
	pos  uint8
	a, b int32
}

func lexOf(f frame) lex { return lex{f.pos, f.a, f.b} }

// What a byte does to a string: keeps it open, closes it, or cannot be in it.
const (
	strFail = iota
	strStay
	strClosed
)

// strStep is the string lexer: byte c read in state l (inside the string, after its '"').
func strStep(l lex, c byte) (lex, int) {
	stay := func(pos uint8, a, b int32) (lex, int) { return lex{pos, a, b}, strStay }
	switch l.pos {
	case pInStr:
		switch {
		case c == '"':
			return lex{}, strClosed
		case c == '\\':
			return stay(pEscape, 0, 0)
		case c < 0x20: // control characters must be escaped
		case c < 0x80:
			return stay(pInStr, 0, 0)
		case c >= 0xC2 && c <= 0xDF:
			return stay(pUTF8, 1, 0x80BF)
		case c == 0xE0:
			return stay(pUTF8, 2, 0xA0BF) // no overlong forms
		case c == 0xED:
			return stay(pUTF8, 2, 0x809F) // no surrogates
		case c >= 0xE1 && c <= 0xEF:
			return stay(pUTF8, 2, 0x80BF)
		case c == 0xF0:
			return stay(pUTF8, 3, 0x90BF)
		case c >= 0xF1 && c <= 0xF3:
			return stay(pUTF8, 3, 0x80BF)
		case c == 0xF4:
			return stay(pUTF8, 3, 0x808F) // nothing above U+10FFFF
		}
	case pEscape:
		switch c {
		case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			return stay(pInStr, 0, 0)
		case 'u':
			return stay(pUnicode, 4, 0)
		}
	case pUnicode:
		// A surrogate's escape (\uD800 to \uDFFF) is refused: lone, it is no character (the
		// server refuses one in a request), and a pair would count two characters where
		// minLength counts one; the character has a UTF-8 form.
		if isHex(c) && (l.b == 0 || c <= '7') {
			if l.a == 4 && c|0x20 == 'd' {
				return stay(pUnicode, 3, 1)
			}
			if l.a == 1 {
				return stay(pInStr, 0, 0)
			}
			return stay(pUnicode, l.a-1, 0)
		}
	case pUTF8:
		if c < byte(l.b>>8) || c > byte(l.b) {
			break
		}
		if l.a == 1 {
			return stay(pInStr, 0, 0)
		}
		return stay(pUTF8, l.a-1, 0x80BF)
	}
	return lex{}, strFail
}

// lexStates are every state strStep can reach, indexed densely for the vocabulary's tables.
var lexStates = []lex{{pInStr, 0, 0}, {pEscape, 0, 0},
	{pUnicode, 1, 0}, {pUnicode, 2, 0}, {pUnicode, 3, 0}, {pUnicode, 4, 0}, {pUnicode, 3, 1},
	{pUTF8, 1, 0x80BF}, {pUTF8, 2, 0xA0BF}, {pUTF8, 2, 0x809F}, {pUTF8, 2, 0x80BF},
	{pUTF8, 3, 0x90BF}, {pUTF8, 3, 0x80BF}, {pUTF8, 3, 0x808F}}

// lexIndex is l's index in lexStates, or -1.
func lexIndex(l lex) int {
	for i, s := range lexStates {
		if s == l {
			return i
		}
	}
	return -1
}

// lexCost is what a string frame in state l needs to close: its cost.
func lexCost(l lex) int {
	return frame{n: keyString, pos: l.pos, a: l.a, b: l.b}.cost(maxStack)
}
