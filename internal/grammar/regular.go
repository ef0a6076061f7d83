package grammar

// Regular languages: integer ranges, bounded numbers, string formats, patterns and string
// lengths are each a deterministic automaton over the bytes of the JSON value (a string's
// automaton reads its quotes and escapes too), built from a small expression tree by Thompson's
// construction and the subset construction, both charged to the compile budget and capped in
// states. A kRegular frame holds its automaton state in frame.a.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxRegularStates bounds one value's automaton (an integer range, a format, a pattern, a
// string length, and their intersections): a schema that would need more is refused naming it.
const MaxRegularStates = 1 << 14

// maxNFAStates bounds the expression's nondeterministic automaton, the subset construction's input.
const maxNFAStates = 1 << 16

type rxOp uint8

const (
	rxBytes rxOp = iota // one byte of set
	rxCat
	rxAlt
	rxRep // subs[0] min to max times; max < 0: unbounded
	rxAnd // every one of subs (a pattern's lookaheads): only at the top, see stringDFA
)

type brange struct{ lo, hi byte }

type rx struct {
	op       rxOp
	set      []brange
	subs     []*rx
	min, max int
}

func rxSet(r ...brange) *rx         { return &rx{op: rxBytes, set: r} }
func rxByte(b byte) *rx             { return rxSet(brange{b, b}) }
func rxCatOf(s ...*rx) *rx          { return &rx{op: rxCat, subs: s} }
func rxAltOf(s ...*rx) *rx          { return &rx{op: rxAlt, subs: s} }
func rxRepOf(s *rx, lo, hi int) *rx { return &rx{op: rxRep, subs: []*rx{s}, min: lo, max: hi} }

func rxLit(s string) *rx {
	var subs []*rx
	for i := 0; i < len(s); i++ {
		subs = append(subs, rxByte(s[i]))
	}
	return rxCatOf(subs...)
}

var rxDigit = rxSet(brange{'0', '9'})

// nfa is a Thompson automaton: state i has epsilon edges eps[i] and, when set[i] is non-empty,
// an edge on those bytes to next[i].
type nfa struct {
	eps  [][]int32
	set  [][]brange
	next []int32
}

func (a *nfa) add() (int32, error) {
	if len(a.eps) >= maxNFAStates {
		return 0, fmt.Errorf("more than %d automaton states before determinisation", maxNFAStates)
	}
	a.eps, a.set, a.next = append(a.eps, nil), append(a.set, nil), append(a.next, -1)
	return int32(len(a.eps) - 1), nil
}

// build adds x between fresh states and returns them.
func (c *compiler) build(a *nfa, x *rx) (in, out int32, err error) {
	if err = c.charge(1); err != nil {
		return
	}
	if in, err = a.add(); err != nil {
		return
	}
	if out, err = a.add(); err != nil {
		return
	}
	// after builds s after state from and returns s's end.
	after := func(from int32, s *rx) (int32, error) {
		i, o, err := c.build(a, s)
		if err == nil {
			a.eps[from] = append(a.eps[from], i)
		}
		return o, err
	}
	switch x.op {
	case rxBytes:
		a.set[in], a.next[in] = x.set, out
	case rxCat:
		cur := in
		for _, s := range x.subs {
			if cur, err = after(cur, s); err != nil {
				return 0, 0, err
			}
		}
		a.eps[cur] = append(a.eps[cur], out)
	case rxAlt:
		for _, s := range x.subs {
			o, err := after(in, s)
			if err != nil {
				return 0, 0, err
			}
			a.eps[o] = append(a.eps[o], out)
		}
	case rxRep:
		cur := in
		for range x.min {
			if cur, err = after(cur, x.subs[0]); err != nil {
				return 0, 0, err
			}
		}
		a.eps[cur] = append(a.eps[cur], out)
		if x.max < 0 { // a loop back to cur
			o, err := after(cur, x.subs[0])
			if err != nil {
				return 0, 0, err
			}
			a.eps[o] = append(a.eps[o], cur)
		}
		for k := x.min; k < x.max; k++ { // optional copies, each may end at out
			if cur, err = after(cur, x.subs[0]); err != nil {
				return 0, 0, err
			}
			a.eps[cur] = append(a.eps[cur], out)
		}
	}
	return in, out, nil
}

// dfa is a deterministic automaton over bytes, start state 0, dead states removed: next[s*ncls+
// class[b]] is the state after byte b, or -1; dist[s] the fewest bytes from s to an accepting
// state.
type dfa struct {
	class  [256]uint8
	ncls   int
	next   []int32
	accept []bool
	dist   []int32
}

func (d *dfa) step(s int32, b byte) int32 { return d.next[int(s)*d.ncls+int(d.class[b])] }

func (d *dfa) states() int { return len(d.accept) }

// regular compiles x to a dfa; keyword names what a too large automaton is refused for.
func (c *compiler) regular(x *rx, keyword, path string) (*dfa, error) {
	a := &nfa{}
	in, out, err := c.build(a, x)
	if err != nil {
		return nil, &SchemaError{Keyword: keyword, Path: path, Reason: err.Error()}
	}
	d := &dfa{}
	rep := d.classesOf(a)
	closure := func(set []int32) []int32 {
		seen := map[int32]bool{}
		stack := slices.Clone(set)
		var all []int32
		for len(stack) > 0 {
			s := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if seen[s] {
				continue
			}
			seen[s] = true
			all = append(all, s)
			stack = append(stack, a.eps[s]...)
		}
		slices.Sort(all)
		return all
	}
	key := func(set []int32) string {
		var sb strings.Builder
		for _, s := range set {
			sb.WriteString(strconv.Itoa(int(s)))
			sb.WriteByte(',')
		}
		return sb.String()
	}
	sets := [][]int32{closure([]int32{in})}
	ids := map[string]int32{key(sets[0]): 0}
	for i := 0; i < len(sets); i++ {
		if err := c.charge(d.ncls + len(sets[i])); err != nil {
			return nil, err
		}
		d.accept = append(d.accept, slices.Contains(sets[i], out))
		for cls := 0; cls < d.ncls; cls++ {
			b := rep[cls]
			var moved []int32
			for _, s := range sets[i] {
				for _, r := range a.set[s] {
					if b >= r.lo && b <= r.hi {
						moved = append(moved, a.next[s])
						break
					}
				}
			}
			if len(moved) == 0 {
				d.next = append(d.next, -1)
				continue
			}
			t := closure(moved)
			id, ok := intern(ids, key(t), &sets, t)
			if !ok {
				return nil, c.tooManyStates(keyword, path)
			}
			d.next = append(d.next, id)
		}
	}
	return d, c.prune(d, keyword, path)
}

// intern is the id of state k, appending v to states if k is new; ok is false when a new one
// would pass MaxRegularStates.
func intern[K comparable, V any](ids map[K]int32, k K, states *[]V, v V) (id int32, ok bool) {
	if id, seen := ids[k]; seen {
		return id, true
	}
	if len(*states) >= MaxRegularStates {
		return 0, false
	}
	ids[k] = int32(len(*states))
	*states = append(*states, v)
	return ids[k], true
}

// classesOf splits the bytes into the classes a's edges cannot tell apart, and returns a byte of
// each class.
func (d *dfa) classesOf(a *nfa) []byte {
	var cut [257]bool
	for _, set := range a.set {
		for _, r := range set {
			cut[r.lo], cut[int(r.hi)+1] = true, true
		}
	}
	for b := 1; b < 256; b++ {
		if cut[b] {
			d.ncls++
		}
		d.class[b] = uint8(d.ncls)
	}
	d.ncls++
	rep := make([]byte, d.ncls)
	for b := 255; b >= 0; b-- {
		rep[d.class[b]] = byte(b)
	}
	return rep
}

func (c *compiler) tooManyStates(keyword, path string) error {
	return &SchemaError{Keyword: keyword, Path: path, Reason: fmt.Sprintf("the value's automaton would need more than %d states (the regular-language bound)", MaxRegularStates)}
}

// prune computes dist and cuts the edges into states that cannot accept; a language with no
// value is refused.
func (c *compiler) prune(d *dfa, keyword, path string) error {
	n := d.states()
	if err := c.charge(n * d.ncls); err != nil {
		return err
	}
	rev := make([][]int32, n)
	for s := 0; s < n; s++ {
		for cls := 0; cls < d.ncls; cls++ {
			if t := d.next[s*d.ncls+cls]; t >= 0 {
				rev[t] = append(rev[t], int32(s))
			}
		}
	}
	d.dist = make([]int32, n)
	var queue []int32
	for s := range d.dist {
		d.dist[s] = -1
		if d.accept[s] {
			d.dist[s] = 0
			queue = append(queue, int32(s))
		}
	}
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		for _, s := range rev[t] {
			if d.dist[s] < 0 {
				d.dist[s] = d.dist[t] + 1
				queue = append(queue, s)
			}
		}
	}
	if d.dist[0] < 0 {
		return &SchemaError{Keyword: keyword, Path: path, Reason: "no value is allowed"}
	}
	for i, t := range d.next {
		if t >= 0 && d.dist[t] < 0 {
			d.next[i] = -1
		}
	}
	return nil
}

// intersect is the automaton of the values both x and y accept.
func (c *compiler) intersect(x, y *dfa, keyword, path string) (*dfa, error) {
	d := &dfa{}
	pairs := map[[2]uint8]uint8{}
	var reps []byte
	for b := 0; b < 256; b++ {
		p := [2]uint8{x.class[b], y.class[b]}
		cls, ok := pairs[p]
		if !ok {
			cls = uint8(len(pairs))
			pairs[p] = cls
			reps = append(reps, byte(b))
		}
		d.class[b] = cls
	}
	d.ncls = len(reps)
	type st struct{ a, b int32 }
	states := []st{{0, 0}}
	ids := map[st]int32{{0, 0}: 0}
	for i := 0; i < len(states); i++ {
		if err := c.charge(d.ncls); err != nil {
			return nil, err
		}
		s := states[i]
		d.accept = append(d.accept, x.accept[s.a] && y.accept[s.b])
		for _, b := range reps {
			ta, tb := x.step(s.a, b), y.step(s.b, b)
			if ta < 0 || tb < 0 {
				d.next = append(d.next, -1)
				continue
			}
			t := st{ta, tb}
			id, ok := intern(ids, t, &states, t)
			if !ok {
				return nil, c.tooManyStates(keyword, path)
			}
			d.next = append(d.next, id)
		}
	}
	return d, c.prune(d, keyword, path)
}

// regularNode is the node of the values d accepts.
func (c *compiler) regularNode(d *dfa) *node {
	n := c.newNode(kRegular)
	n.dfa = d
	return n
}

// Strings: the automaton reads the JSON text of the string, its quotes and escapes included.

// jsonCharRx is any one character of a JSON string's text: printable ASCII (escaped where JSON
// requires), the short escapes, or a well-formed UTF-8 sequence. \u escapes are left out: the
// characters they write have shorter forms here.
var jsonCharRx = rxAltOf(
	rxSet(brange{0x20, 0x21}, brange{0x23, 0x5B}, brange{0x5D, 0x7E}),
	rxCatOf(rxByte('\\'), rxSet(brange{'"', '"'}, brange{'\\', '\\'}, brange{'/', '/'}, brange{'b', 'b'}, brange{'f', 'f'}, brange{'n', 'n'}, brange{'r', 'r'}, brange{'t', 't'})),
	utf8Rx(0x80, utf8.MaxRune),
)

// utf8Rx is the expression of the UTF-8 encodings of the code points lo..hi (surrogates left
// out), lo >= 0x80, as byte ranges.
func utf8Rx(lo, hi rune) *rx {
	var alts []*rx
	var split func(lo, hi rune)
	split = func(lo, hi rune) {
		if lo > hi {
			return
		}
		if lo <= 0xDFFF && hi >= 0xD800 { // surrogates have no encoding
			split(lo, 0xD7FF)
			split(0xE000, hi)
			return
		}
		for _, edge := range []rune{0x7F, 0x7FF, 0xFFFF} {
			if lo <= edge && hi > edge {
				split(lo, edge)
				split(edge+1, hi)
				return
			}
		}
		n := utf8.RuneLen(lo)
		for i := 1; i < n; i++ {
			m := rune(1)<<(6*i) - 1
			if lo&^m != hi&^m {
				if lo&m != 0 {
					split(lo, lo|m)
					split((lo|m)+1, hi)
					return
				}
				if hi&m != m {
					split(lo, hi&^m-1)
					split(hi&^m, hi)
					return
				}
			}
		}
		a, b := utf8.AppendRune(nil, lo), utf8.AppendRune(nil, hi)
		var seq []*rx
		for i := range a {
			seq = append(seq, rxSet(brange{a[i], b[i]}))
		}
		alts = append(alts, rxCatOf(seq...))
	}
	split(lo, hi)
	return rxAltOf(alts...)
}

// quoted is the expression of a JSON string whose text (between the quotes) is body.
func quoted(body *rx) *rx { return rxCatOf(rxByte('"'), body, rxByte('"')) }
