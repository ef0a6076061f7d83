package grammar

import "sort"

// The automaton: a state is a set of stacks of frames (a set because anyOf, enums and property
// keys with common prefixes are decided only by later bytes). Each frame is an open value and its
// position in it. Output is compact: no whitespace anywhere outside strings.

type frame struct {
	n   *node
	pos uint8
	// k is a length-bounded string's characters read, up to its node's charCap; outside the
	// lexer state (a, b) so that in-string states share the vocabulary's body tables.
	k    uint16
	a, b int32
}

// Frame positions.
const (
	// every kind: nothing read yet
	pStart = 0

	// kString
	pInStr   = 1
	pEscape  = 2
	pUnicode = 3 // a: hex digits left; b: 1 after "\uD" (no surrogates: 0-7 only)
	pUTF8    = 4 // a: continuation bytes left; b: lo<<8|hi, the next byte's range

	// kNumber, kInteger
	pMinus = 1
	pZero  = 2 // int part "0" (or "-0"): done
	pInt   = 3 // a: digits
	pPoint = 4
	pFrac  = 5 // a: digits

	// kObject: a is the next candidate property; in pKey the property read, b its key bytes read
	pOpen  = 1 // after '{': a key or '}'
	pComma = 2 // after ',': a key
	pKey   = 3
	pValue = 4 // after property a's value (or, kFreeObject, after a value): ',' or '}'
	pColon = 5 // kFreeObject: after a key

	// kSeq: a is the next part

	// kArray
	pArrOpen  = 1
	pArrItem  = 2 // after an item: ',' or ']'
	pArrComma = 3
)

// expand calls f with each non-anyOf node n may be: once each when the compiler has listed them
// (two paths to one subschema give one stack, not two), else once per path.
func expand(n *node, f func(*node)) {
	if n.kind != kAnyOf {
		f(n)
		return
	}
	if n.leaves != nil {
		for _, l := range n.leaves {
			f(l)
		}
		return
	}
	for _, a := range n.alts {
		expand(a, f)
	}
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isHex(c byte) bool { return isDigit(c) || (c|0x20 >= 'a' && c|0x20 <= 'f') }

// feed passes byte c to the stack w and calls emit with every stack that results (emit must copy
// what it keeps). It may change w, and write past its length, while it runs, but it leaves
// w[:len(w)] as it found it. It is the automaton's transition function, one case per frame kind:
// long as a parser's switch is, and clearer whole than split.
func feed(w []frame, c byte, emit func([]frame)) {
	i := len(w) - 1
	if i < 0 {
		return // nothing may follow the root value
	}
	f := w[i]
	n := f.n
	set := func(pos uint8, a, b int32) {
		w[i] = frame{n: n, pos: pos, a: a, b: b}
		emit(w)
		w[i] = f
	}
	// push moves the top frame to pos (a: a) and puts the values node v may be above it and, with
	// retry, feeds them c.
	push := func(pos uint8, a int32, v *node, retry bool) {
		w[i] = frame{n: n, pos: pos, a: a}
		expand(v, func(alt *node) {
			if len(w)+alt.need > maxStack {
				return // its shortest value would not fit on the stack: a recursion stops here
			}
			w2 := append(w, frame{n: alt})
			if retry {
				feed(w2, c, emit)
			} else {
				emit(w2)
			}
		})
		w[i] = f
	}
	// open reads the byte that starts a container: opener moves the frame to pos.
	open := func(opener byte, pos uint8) {
		if c == opener {
			set(pos, 0, 0)
		}
	}
	// next reads what may follow an item of a list: the separator (to pos sep) or the closer.
	next := func(sep uint8, closer byte) {
		switch c {
		case ',':
			set(sep, 0, 0)
		case closer:
			emit(w[:i])
		}
	}
	switch n.kind {
	case kLiteral:
		if c != n.lit[f.a] {
			return
		}
		if int(f.a)+1 == len(n.lit) {
			emit(w[:i])
			return
		}
		set(0, f.a+1, 0)
	case kLitSet:
		// set[lo:hi] share their first d bytes, those that end there first: the ones with byte
		// c next are a run of it.
		lo, hi := f.setRange()
		d := int(f.a)
		j := lo + sort.Search(hi-lo, func(k int) bool { l := n.set[lo+k]; return len(l) > d && l[d] >= c })
		e := j + sort.Search(hi-j, func(k int) bool { return n.set[j+k][d] > c })
		if j < e && len(n.set[j]) == d+1 {
			emit(w[:i]) // a value ends with c
			j++
		}
		if j < e {
			set(0, int32(d+1), int32(j<<16|e))
		}
	case kRegular:
		// A value ends where its language does and the parent takes c: a number before ',', a
		// string after its closing quote (a state with no way on).
		if t := n.dfa.step(f.a, c); t >= 0 {
			set(0, t, 0)
		}
		if n.dfa.accept[f.a] {
			feed(w[:i], c, emit)
			w[i] = f
		}
	case kString:
		feedString(w, i, f, c, emit)
	case kNumber, kInteger:
		end := func() { feed(w[:i], c, emit); w[i] = f }
		switch f.pos {
		case pStart, pMinus:
			switch {
			case c == '-' && f.pos == pStart:
				set(pMinus, 0, 0)
			case c == '0':
				set(pZero, 0, 0)
			case isDigit(c):
				set(pInt, 1, 0)
			}
		case pZero, pInt:
			switch {
			case isDigit(c) && f.pos == pInt:
				if f.a < maxIntDigits {
					set(pInt, f.a+1, 0)
				}
			case c == '.' && n.kind == kNumber:
				set(pPoint, 0, 0)
			default:
				end()
			}
		case pPoint:
			if isDigit(c) {
				set(pFrac, 1, 0)
			}
		case pFrac:
			if isDigit(c) {
				if f.a < maxFracDigits {
					set(pFrac, f.a+1, 0)
				}
				return
			}
			end()
		}
	case kObject:
		p := int32(len(n.props))
		switch f.pos {
		case pStart:
			open('{', pOpen)
		case pOpen, pComma:
			if c == '}' && f.pos == pOpen && n.nextReq[f.a] == int(p) {
				emit(w[:i])
				return
			}
			if c == '"' {
				for j := f.a; j < p && j <= int32(n.nextReq[f.a]); j++ {
					set(pKey, j, 1)
				}
			}
		case pKey:
			key := n.props[f.a].key
			if c != key[f.b] {
				return
			}
			if int(f.b)+1 < len(key) {
				set(pKey, f.a, f.b+1)
				return
			}
			push(pValue, f.a, n.props[f.a].val, false)
		case pValue:
			switch {
			case c == ',' && f.a+1 < p:
				set(pComma, f.a+1, 0)
			case c == '}' && n.nextReq[f.a+1] == int(p):
				emit(w[:i])
			}
		}
	case kFreeObject:
		switch f.pos {
		case pStart:
			open('{', pOpen)
		case pOpen, pComma:
			switch {
			case c == '}' && f.pos == pOpen:
				emit(w[:i])
			case c == '"' && len(w) < maxStack:
				w[i] = frame{n: n, pos: pColon}
				emit(append(w, frame{n: keyString, pos: pInStr}))
				w[i] = f
			}
		case pColon:
			if c == ':' {
				push(pValue, 0, n.items, false)
			}
		case pValue:
			next(pComma, '}')
		}
	case kSeq:
		if int(f.a) == len(n.alts) {
			feed(w[:i], c, emit) // done: c is the parent's
			w[i] = f
			return
		}
		push(pStart, f.a+1, n.alts[f.a], true)
	case kArray:
		switch f.pos {
		case pStart:
			open('[', pArrOpen)
		case pArrOpen, pArrComma:
			if c == ']' && f.pos == pArrOpen && n.minItems == 0 {
				emit(w[:i])
				return
			}
			if item := n.itemAt(int(f.a)); item != nil {
				push(pArrItem, min(f.a+1, int32(n.countCap)), item, true)
			}
		case pArrItem:
			switch {
			case c == ',' && (n.maxItems < 0 || int(f.a) < n.maxItems) && n.itemAt(int(f.a)) != nil:
				set(pArrComma, f.a, 0)
			case c == ']' && int(f.a) >= n.minItems:
				emit(w[:i])
			}
		}
	}
}

// itemAt is the node of an array's item k (0-based), nil when the array ends before it.
func (n *node) itemAt(k int) *node {
	if k < len(n.alts) {
		return n.alts[k]
	}
	if n.maxItems >= 0 && k >= n.maxItems {
		return nil
	}
	return n.items
}

// closeAfter is the bytes from after an array's item k-1 (k items read) to its ']': the items
// minItems still asks for, each after a ','.
func (n *node) closeAfter(k int) int {
	c := 1
	for j := k; j < n.minItems && j < len(n.alts); j++ {
		c = add(c, add(1, n.alts[j].minLen))
	}
	if rest := n.minItems - max(k, len(n.alts)); rest > 0 {
		c = add(c, min(rest, inf)*add(1, n.items.minLen))
		c = min(c, inf)
	}
	return c
}

// cost is the bytes the frame needs to finish, given that the value it waits for (the frame
// above it) is finished and that room frames more fit on its stack: a value that would not fit
// is never opened (feed's push), so a completion that needs one costs inf.
func (f frame) cost(room int) int {
	n := f.n
	if n.childNeed > room {
		if c, near := f.costNear(room); near {
			return c
		}
	}
	switch n.kind {
	case kLiteral:
		if n.litCost != nil {
			return n.litCost[f.a]
		}
		return len(n.lit) - int(f.a)
	case kLitSet:
		lo, hi := f.setRange()
		return n.shortestIn(lo, hi) - int(f.a)
	case kRegular:
		return int(n.dfa.dist[f.a])
	case kString:
		switch f.pos {
		case pStart:
			return 2 + n.minChars
		case pEscape:
			return 2 + f.charsMissing()
		case pInStr:
			return 1 + f.charsMissing()
		default: // pUnicode, pUTF8
			return int(f.a) + 1 + f.charsMissing()
		}
	case kNumber, kInteger:
		switch f.pos {
		case pStart, pMinus, pPoint:
			return 1
		}
		return 0
	case kObject:
		switch f.pos {
		case pStart:
			return n.minLen
		case pOpen:
			return n.closeFrom(int(f.a))
		case pComma:
			return n.must[f.a]
		case pKey:
			p := n.props[f.a]
			return add(len(p.key)-int(f.b), add(p.val.minLen, n.after[f.a]))
		}
		return n.after[f.a]
	case kFreeObject:
		switch f.pos {
		case pStart:
			return 2
		case pOpen, pValue:
			return 1
		case pComma:
			return add(4, n.items.minLen) // "":v}
		}
		return add(2, n.items.minLen) // pColon: :v}
	case kSeq:
		c := 0
		for _, p := range n.alts[f.a:] {
			c = add(c, p.minLen)
		}
		return c
	case kArray:
		switch f.pos {
		case pStart:
			return n.minLen
		case pArrOpen:
			return n.minLen - 1
		case pArrItem:
			return n.closeAfter(int(f.a))
		}
		return add(n.itemAt(int(f.a)).minLen, n.closeAfter(int(f.a)+1))
	}
	return inf
}

// stackCost is the bytes of the shortest completion of a stack; 0 means it is complete.
func stackCost(st []frame) int {
	c := 0
	for i, f := range st {
		c = add(c, f.cost(maxStack-i-1))
	}
	return c
}
