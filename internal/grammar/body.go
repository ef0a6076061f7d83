package grammar

// String bodies, precomputed once per vocabulary. Inside a string nearly every token is allowed,
// so walking the vocabulary trie from a state inside one visits the whole trie, once per stack:
// that made a state's token set cost stacks × vocabulary. Which tokens keep a string open, and
// in which lexer state they leave it, depends on the vocabulary and the lexer state alone: those
// tokens are listed here once (the body tables), and a state's walk steps its in-string stacks
// only into the subtrees where some token closes the string (exits), the only tokens whose
// fate depends on the rest of the stack. The staying tokens are grouped by the characters they
// start, so that a length-bounded string takes those that fit its room, at a cost that counts
// the characters still missing to reach its minimum, from the same tables.

// maxLexCost bounds lexCost over lexStates.
const maxLexCost = 5

type bodyTables struct {
	// stay[q][c][k]: the tokens that, read from lexer state lexStates[q], keep the string open,
	// start c characters and end in a state of lexCost k.
	stay [][]stayGroup
	// exits[u] has bit q set when some token below trie node u (its bytes from u on), read from
	// lexStates[q] at u, closes the string before anything fails.
	exits []uint16
}

func (v *Vocab) body() *bodyTables {
	v.bodyOnce.Do(func() { v.bodyT = buildBody(v) })
	return v.bodyT
}

// stayGroup is the staying tokens that start one number of characters, by their end's lexCost.
type stayGroup [maxLexCost + 1][]int32

func buildBody(v *Vocab) *bodyTables {
	t := &bodyTables{stay: make([][]stayGroup, len(lexStates)), exits: make([]uint16, len(v.nodes))}
	// Children have larger indices than their parents (the trie is built breadth-first), so one
	// pass from the last node settles exits.
	for u := len(v.nodes) - 1; u >= 0; u-- {
		nd := v.nodes[u]
		var bits uint16
		for q := range lexStates {
			for _, e := range v.edges[nd.edge0 : nd.edge0+nd.nedge] {
				n := lexNext[q][e.b]
				if n == lexClosed || (n >= 0 && t.exits[e.child]&(1<<n) != 0) {
					bits |= 1 << q
					break
				}
			}
		}
		t.exits[u] = bits
	}
	for q := range lexStates {
		var rec func(u int32, l int8, chars int)
		rec = func(u int32, l int8, chars int) {
			nd := v.nodes[u]
			for _, e := range v.edges[nd.edge0 : nd.edge0+nd.nedge] {
				n := lexNext[l][e.b]
				if n < 0 {
					continue
				}
				c := chars
				if lexStates[l].pos == pInStr {
					c++ // a byte that keeps the string open from pInStr starts a character
				}
				for len(t.stay[q]) <= c {
					t.stay[q] = append(t.stay[q], stayGroup{})
				}
				ch := v.nodes[e.child]
				k := lexCost(lexStates[n])
				t.stay[q][c][k] = append(t.stay[q][c][k], v.toks[ch.tok0:ch.tok0+ch.ntok]...)
				rec(e.child, n, c)
			}
		}
		rec(0, int8(q), 0)
	}
	return t
}

// lexNext[q][c] is the index of the lexer state after byte c in lexStates[q], or lexFail or
// lexClosed.
var lexNext = func() (t [][256]int8) {
	t = make([][256]int8, len(lexStates))
	for q, l := range lexStates {
		for c := range 256 {
			switch l2, r := strStep(l, byte(c)); r {
			case strFail:
				t[q][c] = lexFail
			case strClosed:
				t[q][c] = lexClosed
			default:
				t[q][c] = int8(lexIndex(l2))
			}
		}
	}
	return t
}()

const (
	lexFail   = -1
	lexClosed = -2
)

// exitsBelow reports whether a stack in lexer state q at trie node u can close its string
// within some token below u.
func (t *bodyTables) exitsBelow(u int32, q int8) bool {
	return t.exits[u]&(1<<q) != 0
}
