package grammar

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/maphash"
	"slices"
	"sort"
	"strings"
	"sync"
)

// Vocab is a model's vocabulary as the automaton sees it: each token's bytes in a trie, so that
// the tokens allowed in a state are found by walking the trie once, sharing common prefixes.
type Vocab struct {
	size   int
	eos    []int32
	pieces [][]byte
	single [256]bool // a token of exactly this one byte exists
	multi  bool      // some token holds a byte of a multi-byte character
	nodes  []tnode
	edges  []tedge
	toks   []int32
	// longest is the most bytes of a token, and so the most characters one can start.
	longest int

	bodyOnce sync.Once
	bodyT    *bodyTables
	// walkCosts keeps walks' per-token cost arrays (a vocabulary's worth of int32 each) for the
	// next walk: on a large vocabulary they were most of a walk's garbage.
	walkCosts sync.Pool
}

type tnode struct{ edge0, nedge, tok0, ntok int32 }

type tedge struct {
	b     byte
	child int32
}

// NewVocab indexes pieces[id], the bytes token id stands for in output (empty for control and
// unused tokens, which are never allowed), and eos, the end-of-generation tokens, allowed once
// the document is complete.
func NewVocab(pieces [][]byte, eos []int32) *Vocab {
	v := &Vocab{size: len(pieces), eos: slices.Clone(eos), pieces: pieces}
	ids := make([]int32, 0, len(pieces))
	for id, p := range pieces {
		if len(p) > 0 && !slices.Contains(eos, int32(id)) {
			ids = append(ids, int32(id))
			if len(p) == 1 {
				v.single[p[0]] = true
			}
			v.multi = v.multi || slices.ContainsFunc(p, func(c byte) bool { return c >= 0x80 })
			v.longest = max(v.longest, len(p))
		}
	}
	sort.Slice(ids, func(i, j int) bool {
		a, b := pieces[ids[i]], pieces[ids[j]]
		if c := strings.Compare(string(a), string(b)); c != 0 {
			return c < 0
		}
		return ids[i] < ids[j]
	})
	// Sorted pieces give each node its children contiguously: build breadth-first by ranges.
	type span struct {
		lo, hi int   // ids[lo:hi] share the prefix
		depth  int   // prefix length
		node   int32 // its trie node
	}
	v.nodes = []tnode{{}}
	queue := []span{{0, len(ids), 0, 0}}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		lo := s.lo
		tok0 := int32(len(v.toks))
		for lo < s.hi && len(pieces[ids[lo]]) == s.depth {
			v.toks = append(v.toks, ids[lo])
			lo++
		}
		nd := &v.nodes[s.node]
		nd.tok0, nd.ntok = tok0, int32(len(v.toks))-tok0
		nd.edge0 = int32(len(v.edges))
		for lo < s.hi {
			b := pieces[ids[lo]][s.depth]
			hi := lo
			for hi < s.hi && pieces[ids[hi]][s.depth] == b {
				hi++
			}
			child := int32(len(v.nodes))
			v.nodes = append(v.nodes, tnode{})
			v.edges = append(v.edges, tedge{b: b, child: child})
			queue = append(queue, span{lo, hi, s.depth + 1, child})
			lo = hi
			nd = &v.nodes[s.node] // append may have moved it
		}
		nd.nedge = int32(len(v.edges)) - nd.edge0
	}
	return v
}

// Size is the number of token ids.
func (v *Vocab) Size() int { return v.size }

// Matcher binds a grammar to a vocabulary and caches the allowed tokens of every state it has
// met. It is safe for concurrent use; share one among the requests of the same schema.
type Matcher struct {
	g *Grammar
	v *Vocab

	mu    sync.Mutex
	cache map[string]*entry
	bytes int // ids held by the cache, masks counted as the ids of their size; bounded by maxCacheIDs
}

// maxCacheIDs bounds one matcher's cache (4 bytes each): 32 MiB.
const maxCacheIDs = 8 << 20

// entry is the allowed tokens of a state, cheapest completion first: ids[:ends[k]] are those
// whose shortest completion after them takes at most costs[k] bytes. End-of-generation tokens,
// allowed when the state is complete, come first with cost -1.
type entry struct {
	ids   []int32
	costs []int32
	ends  []int32
	// mask is ids as a bitmask of the vocabulary (bit id%64 of word id/64) when the set is large
	// (maskDensity), for a sampler to draw from without reading the list; nil otherwise.
	mask []uint64
	// visited is the trie nodes the walk that made the entry entered: its work beyond the
	// allowed tokens themselves.
	visited int
}

// NewMatcher checks that the vocabulary can finish any document of g one byte at a time (the
// budget reservation counts a byte as a token) and returns the matcher.
func NewMatcher(g *Grammar, v *Vocab) (*Matcher, error) {
	var need []byte
	for c := 0x20; c < 0x7f; c++ {
		need = append(need, byte(c))
	}
	if v.multi {
		for c := 0x80; c < 0xC0; c++ {
			need = append(need, byte(c))
		}
	}
	for _, l := range g.lits {
		need = append(need, l...)
	}
	for _, c := range need {
		if !v.single[c] {
			return nil, fmt.Errorf("the vocabulary has no single-byte token for %q, which structured outputs need to close documents within max_tokens", c)
		}
	}
	if len(v.eos) == 0 {
		return nil, fmt.Errorf("the vocabulary has no end-of-generation token")
	}
	return &Matcher{g: g, v: v, cache: map[string]*entry{}}, nil
}

// State is a set of automaton stacks. The zero State is invalid; get one from Matcher.Start.
type State struct {
	stacks [][]frame
	key    string
}

// Start is the state before the first byte.
func (m *Matcher) Start() State {
	var s State
	expand(m.g.root, func(n *node) { s.stacks = append(s.stacks, []frame{{n: n}}) })
	s.key = stateKey(s.stacks, m.v.longest)
	return s
}

// Feed returns the state after bytes b; ok is false if b cannot continue a valid document, or
// would leave more than MaxStacks stacks.
func (m *Matcher) Feed(s State, b []byte) (State, bool) {
	next, err := m.feed(s, b)
	return next, err == nil
}

// errDeadEnd: the bytes cannot continue a valid document.
var errDeadEnd = errors.New("the output cannot continue a document of the schema")

// errLiveStacks: the bytes would leave a state with more stacks than the bound.
var errLiveStacks = fmt.Errorf("the output reached a state with more than %d stacks (the stack bound)", MaxStacks)

// errNoToken ends a constraint that no token can continue within the grammar's bounds: the
// request's schema, not the engine, is the cause.
var errNoToken = fmt.Errorf("no token can continue the output within the grammar's bounds (at most %d stacks in one state, values nested at most %d levels)", MaxStacks, MaxDepth)

func (m *Matcher) feed(s State, b []byte) (State, error) {
	// Each byte's stacks are kept back to back in one of two slabs, deduplicated by a hash of their
	// key (collisions compared frame by frame): a token's bytes cost no allocation per stack, which
	// on the step loop, with 64 live stacks a byte, was most of a constrained token's cost and
	// garbage. Only the last byte's stacks are copied out, into one exact-size slab.
	sc := feedScratch.Get().(*feedBufs)
	defer feedScratch.Put(sc)
	work, key, seen, slabs, ends, heads := sc.work[:0], sc.key[:0], sc.seen, &sc.slabs, &sc.ends, &sc.heads
	defer func() { sc.work, sc.key = work, key }()
	cur := s.stacks
	for bi, c := range b {
		slab, end := slabs[bi&1][:0], ends[bi&1][:0]
		stack := func(i int) []frame {
			lo := 0
			if i > 0 {
				lo = end[i-1]
			}
			return slab[lo:end[i]]
		}
		clear(seen)
		for _, st := range cur {
			work = append(work[:0], st...)
			feed(work, c, func(r []frame) {
				key = stackKey(key[:0], r)
				h := stackHash(key)
				if i, ok := seen[h]; !ok {
					seen[h] = len(end)
				} else if slices.Equal(stack(i), r) || seenAmong(len(end), stack, r) {
					return
				}
				slab = append(slab, r...)
				end = append(end, len(slab))
			})
			if len(end) > MaxStacks {
				return State{}, errLiveStacks
			}
		}
		if len(end) == 0 {
			return State{}, errDeadEnd
		}
		slabs[bi&1], ends[bi&1] = slab, end
		next := heads[bi&1][:0]
		for i := range end {
			next = append(next, stack(i))
		}
		heads[bi&1], cur = next, next
	}
	if len(b) > 0 {
		// cur lies in this call's slabs: give the state memory of its own.
		total := 0
		for _, st := range cur {
			total += len(st)
		}
		frames := make([]frame, 0, total)
		own := make([][]frame, len(cur))
		for i, st := range cur {
			lo := len(frames)
			frames = append(frames, st...)
			own[i] = frames[lo:len(frames):len(frames)]
		}
		cur = own
	}
	return State{stacks: cur, key: stateKey(cur, m.v.longest)}, nil
}

// seenAmong reports whether r is one of the n stacks: the rare case of two keys sharing a hash.
func seenAmong(n int, stack func(int) []frame, r []frame) bool {
	for i := range n {
		if slices.Equal(stack(i), r) {
			return true
		}
	}
	return false
}

// feedBufs are a feed's scratch buffers, kept between feeds (feedScratch) so that a token
// allocates only the state it yields.
type feedBufs struct {
	work  []frame
	key   []byte
	seen  map[uint64]int // a stack's key hash → the first stack of this byte with it
	slabs [2][]frame
	ends  [2][]int // stack i of a slab is slab[ends[i-1]:ends[i]]
	heads [2][][]frame
}

var feedScratch = sync.Pool{New: func() any {
	return &feedBufs{work: make([]frame, 0, maxStack+1), seen: map[uint64]int{}}
}}

// stackHash hashes a stack's key to deduplicate a byte's stacks (their order never depends on
// it); a variable so that a test can make every key collide.
var stackHash = func(key []byte) uint64 { return maphash.Bytes(stackSeed, key) }

var stackSeed = maphash.MakeSeed()

// Cost is the bytes of the shortest completion of s: 0 when s is a complete document.
func (s State) Cost() int {
	c := inf
	for _, st := range s.stacks {
		c = min(c, stackCost(st))
	}
	return c
}

// Complete reports whether s is a whole document.
func (s State) Complete() bool { return s.Cost() == 0 }

func stackKey(dst []byte, st []frame) []byte {
	for _, f := range st {
		dst = binary.LittleEndian.AppendUint32(dst, uint32(f.n.id))
		dst = append(dst, f.pos)
		dst = binary.LittleEndian.AppendUint16(dst, f.k)
		dst = binary.LittleEndian.AppendUint32(dst, uint32(f.a))
		dst = binary.LittleEndian.AppendUint32(dst, uint32(f.b))
	}
	return dst
}

// stateKey is the key of s's token set in the matcher's cache. Inside a length-bounded string
// that has reached its minimum and has room for more characters than any token of longest
// bytes starts, the count changes nothing a token can do: those counts share one key (one
// walk, one cache entry), so that each character of the string is not a new walk.
func stateKey(stacks [][]frame, longest int) string {
	keys := make([]string, len(stacks))
	for i, st := range stacks {
		if top := len(st) - 1; top >= 0 && st[top].n.kind == kString && st[top].n.bounded && st[top].pos != pStart {
			if f := st[top]; int(f.k) >= f.n.minChars && f.n.maxChars-int(f.k) > longest {
				st = append(st[:top:top], f)
				st[top].k = uint16(f.n.maxChars - longest - 1)
			}
		}
		keys[i] = string(stackKey(nil, st))
	}
	slices.Sort(keys)
	return strings.Join(keys, "|")
}

// allowed returns the tokens allowed in s whose shortest completion fits in budget bytes, cheapest
// first; EOS tokens come first when s is complete.
func (e *entry) allowed(budget int) []int32 {
	k, _ := slices.BinarySearch(e.costs, int32(budget)+1)
	if k == 0 {
		return nil
	}
	return e.ids[:e.ends[k-1]]
}

func (m *Matcher) entry(s State) *entry {
	m.mu.Lock()
	e := m.cache[s.key]
	m.mu.Unlock()
	if e != nil {
		return e
	}
	e = m.walk(s)
	m.mu.Lock()
	size := len(e.ids) + 2*len(e.mask) // in ids of 4 bytes
	if m.bytes+size > maxCacheIDs {
		m.cache, m.bytes = map[string]*entry{}, 0 // crude but bounded: states recur within a document
	}
	m.cache[s.key] = e
	m.bytes += size
	m.mu.Unlock()
	return e
}

// Constraint steers one sequence: the tokens it allows keep the output a prefix of a valid
// document that can still be closed, with its end-of-generation token, within the tokens left.
// It implements sampler.Constraint. Not safe for concurrent use.
type Constraint struct {
	m    *Matcher
	s    State
	next *entry // s's token set once Prepared or Prepare found it: a cache reset cannot lose it
	left int    // tokens that may still be generated, the end-of-generation token included
	eos  bool
	err  error
}

// NewConstraint starts a sequence that may generate at most maxTokens tokens. It fails when
// maxTokens cannot hold the shortest document and its end-of-generation token.
func (m *Matcher) NewConstraint(maxTokens int) (*Constraint, error) {
	s := m.Start()
	if need := s.Cost() + 1; maxTokens < need {
		return nil, fmt.Errorf("max_tokens %d is too small for the schema: its shortest document takes %d tokens with the end token", maxTokens, need)
	}
	m.entry(s) // the first walk runs here, on the caller's goroutine, not in the step loop
	return &Constraint{m: m, s: s, left: maxTokens}, nil
}

// Allowed returns the tokens allowed next (the caller must not modify it). Each token's shortest
// completion must fit in the tokens after it less one for the end token, each byte counted as a
// token: the document can always close in time. It is empty only when every continuation would
// pass a bound (MaxStacks, a schema the compiler's estimate missed); Err then says so.
func (c *Constraint) Allowed() []int32 {
	if c.eos {
		return c.m.v.eos // the document is over; only an ignore_eos request gets here
	}
	c.Prepare()
	a := c.next.allowed(c.left - 2)
	if len(a) == 0 {
		c.err = errNoToken
	}
	return a
}

// AllowedMask is Allowed as a bitmask of the vocabulary (bit id%64 of word id/64) when the state
// keeps one (a large set) and the tokens left allow the whole of it; nil otherwise, when Allowed
// gives the set. The caller must not modify it.
func (c *Constraint) AllowedMask() []uint64 {
	if c.eos {
		return nil
	}
	c.Prepare()
	if e := c.next; e.mask != nil && len(e.allowed(c.left-2)) == len(e.ids) {
		return e.mask
	}
	return nil
}

// Prepared reports whether the next Allowed is cheap: the current state's token set is at hand
// (prepared, or in the matcher's cache, from which it is kept).
func (c *Constraint) Prepared() bool {
	if c.eos || c.next != nil {
		return true
	}
	c.m.mu.Lock()
	c.next = c.m.cache[c.s.key]
	c.m.mu.Unlock()
	return c.next != nil
}

// Prepare computes the current state's token set (the walk, when the cache lacks it) for the
// next Allowed. An engine runs it beside its step, on a goroutine of its own: no other method may
// run meanwhile.
func (c *Constraint) Prepare() {
	if !c.eos && c.next == nil {
		c.next = c.m.entry(c.s)
	}
}

// Err is non-nil once the constraint cannot go on: the request must end with it.
func (c *Constraint) Err() error { return c.err }

// Advance records the generated token id.
func (c *Constraint) Advance(id int32) {
	c.left--
	c.next = nil
	if slices.Contains(c.m.v.eos, id) {
		c.eos = true
		return
	}
	if int(id) < 0 || int(id) >= c.m.v.size {
		return
	}
	if s, ok := c.m.Feed(c.s, c.m.v.pieces[id]); ok {
		c.s = s
	}
}

// Complete reports whether the output so far is a whole document.
func (c *Constraint) Complete() bool { return c.eos || c.s.Complete() }

// Tokenizer is what VocabOf reads; *tokenizer.Tokenizer satisfies it.
type Tokenizer interface {
	Piece(id int32) []byte
	IsEOG(id int32) bool
}

// VocabOf indexes the first size token ids of tok.
func VocabOf(tok Tokenizer, size int) *Vocab {
	pieces := make([][]byte, size)
	var eos []int32
	for id := range int32(size) {
		pieces[id] = tok.Piece(id)
		if tok.IsEOG(id) {
			eos = append(eos, id)
		}
	}
	return NewVocab(pieces, eos)
}
