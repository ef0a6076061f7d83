package grammar

import (
	"maps"
	"slices"
)

// walk finds the allowed tokens of s by walking the vocabulary trie depth-first, stepping every
// stack of s through each edge; a subtree no stack survives is skipped whole. A stack inside a
// string takes its tokens that keep the string open from the vocabulary's body tables, and is
// stepped only into the subtrees where some token closes the string: its cost is the trie paths
// to a '"', not the whole trie.
func (m *Matcher) walk(s State) *entry {
	v := m.v
	cost, _ := v.walkCosts.Get().(costs)
	if cost == nil {
		cost = make(costs, v.size)
	}
	defer v.walkCosts.Put(cost)
	for i := range cost {
		cost[i] = -2 // not allowed
	}
	levels := []walkLevel{{}}
	body := startWalk(s, v, &levels[0], cost)
	work := make([]frame, 0, maxStack+1)
	visited := 0
	var rec func(node int32, d int)
	rec = func(node int32, d int) {
		visited++
		if len(levels) <= d+1 {
			levels = append(levels, walkLevel{})
		}
		nd := v.nodes[node]
		for _, e := range v.edges[nd.edge0 : nd.edge0+nd.nedge] {
			nx := &levels[d+1]
			nx.frames, nx.ends, nx.lexes = nx.frames[:0], nx.ends[:0], nx.lexes[:0]
			best := inf
			keep := func(st []frame, q int8) {
				nx.frames = append(nx.frames, st...)
				nx.ends = append(nx.ends, len(nx.frames))
				nx.lexes = append(nx.lexes, q)
				best = min(best, stackCost(st))
			}
			cur := &levels[d]
			start := 0
			for k, end := range cur.ends {
				st := cur.frames[start:end]
				start = end
				q := cur.lexes[k]
				if q < 0 {
					work = append(work[:0], st...)
					feed(work, e.b, func(r []frame) { keep(r, -1) })
					continue
				}
				top := st[len(st)-1]
				switch n := lexNext[q][e.b]; {
				case n == lexClosed:
					if int(top.k) >= top.n.minChars {
						keep(st[:len(st)-1], -1) // the string is done: its parent goes on
					}
				case n >= 0 && body.exitsBelow(e.child, n):
					if k, ok := top.n.countChar(top.k, lexStates[q].pos == pInStr); ok {
						l := lexStates[n]
						work = append(append(work[:0], st[:len(st)-1]...), frame{n: top.n, pos: l.pos, k: k, a: l.a, b: l.b})
						keep(work, n)
					}
				}
				// Else every token below keeps the string open (the body tables listed them) or
				// cannot be in it.
			}
			// A token that would leave more stacks than the bound is never allowed: no state
			// the constraint reaches holds more, whatever the compile-time estimate missed.
			if len(nx.ends) == 0 || best >= inf || len(nx.ends) > MaxStacks {
				continue
			}
			ch := v.nodes[e.child]
			cost.allow(v.toks[ch.tok0:ch.tok0+ch.ntok], int32(best))
			rec(e.child, d+1)
		}
	}
	// A state of one stack inside a value automaton has its own walk.
	if st := s.stacks; len(st) == 1 && len(st[0]) > 0 && st[0][len(st[0])-1].n.kind == kRegular && !st[0][len(st[0])-1].n.dfa.accept[st[0][len(st[0])-1].a] {
		visited += walkValue(v, st[0], cost, &levels, rec)
	} else {
		rec(0, 0)
	}
	e := newEntry(cost, s.Complete(), v.eos)
	e.visited = visited
	return e
}

// walkValue walks the trie for a state of one stack inside a value automaton (a formatted or
// patterned string, a bounded number): it steps only the automaton's state down the trie,
// until the value may end; there the general walk (rec, over levels) takes over. It returns the
// trie nodes it entered itself.
func walkValue(v *Vocab, st []frame, cost costs, levels *[]walkLevel, rec func(node int32, d int)) (visited int) {
	top := st[len(st)-1]
	a := top.n.dfa
	rest := stackCost(st[:len(st)-1])
	var recValue func(node int32, d int, q int32)
	recValue = func(node int32, d int, q int32) {
		visited++
		nd := v.nodes[node]
		for _, e := range v.edges[nd.edge0 : nd.edge0+nd.nedge] {
			t := a.step(q, e.b)
			if t < 0 {
				continue
			}
			ch := v.nodes[e.child]
			cost.allow(v.toks[ch.tok0:ch.tok0+ch.ntok], int32(add(rest, int(a.dist[t]))))
			if !a.accept[t] {
				recValue(e.child, d+1, t)
				continue
			}
			for len(*levels) <= d+1 {
				*levels = append(*levels, walkLevel{})
			}
			nx := &(*levels)[d+1]
			nx.frames = append(append(nx.frames[:0], st[:len(st)-1]...), frame{n: top.n, a: t})
			nx.ends, nx.lexes = append(nx.ends[:0], len(nx.frames)), append(nx.lexes[:0], -1)
			rec(e.child, d+1)
		}
	}
	recValue(0, 0, top.a)
	return visited
}

// costs is a walk's cost per token id: the bytes of the shortest completion after it, or -2.
type costs []int32

// allow records that the tokens ids may come next, with completions of c bytes.
func (cost costs) allow(ids []int32, c int32) {
	for _, id := range ids {
		if cost[id] < 0 || c < cost[id] {
			cost[id] = c
		}
	}
}

// walkLevel holds a walk's stacks after some bytes: frames flat, with each stack's end offset
// and the lexer state of the string it has been inside since the walk's root (or -1).
type walkLevel struct {
	frames []frame
	ends   []int
	lexes  []int8
}

// startWalk puts s's stacks in the walk's first level and allows, from the vocabulary's body
// tables, every token that keeps an in-string stack's string open; it returns the tables (nil
// when no stack is inside a string).
func startWalk(s State, v *Vocab, l0 *walkLevel, cost costs) *bodyTables {
	var body *bodyTables
	// Per in-string situation: the cheapest in-string stack's cost below its string.
	rest := map[inString]int{}
	for _, st := range s.stacks {
		l0.frames = append(l0.frames, st...)
		l0.ends = append(l0.ends, len(l0.frames))
		q := int8(-1)
		if len(st) > 0 && st[len(st)-1].n.kind == kString && st[len(st)-1].pos != pStart {
			top := st[len(st)-1]
			q = int8(lexIndex(lexOf(top)))
			body = v.body()
			room := inf
			if top.n.bounded {
				room = top.n.maxChars - int(top.k)
			}
			in := inString{q: q, room: room, missing: top.charsMissing()}
			if r, ok := rest[in]; !ok || stackCost(st[:len(st)-1]) < r {
				rest[in] = stackCost(st[:len(st)-1])
			}
		}
		l0.lexes = append(l0.lexes, q)
	}
	for in, r := range rest {
		for c, g := range body.stay[in.q] {
			if c > in.room {
				break
			}
			for k, ids := range g {
				cost.allow(ids, int32(add(r, k+max(0, in.missing-c))))
			}
		}
	}
	return body
}

// inString is what an in-string stack's staying tokens depend on: its lexer state, the
// characters it may still read (room) and those it still needs (missing).
type inString struct {
	q             int8
	room, missing int
}

// newEntry sorts the allowed tokens (cost[id] >= 0) by cost, after the end tokens if the state is
// complete: a counting sort over the costs' ranks, not a comparison sort of the vocabulary.
func newEntry(cost []int32, complete bool, eos []int32) *entry {
	// Costs are shortest completions in bytes, far below the vocabulary's size as a rule: ranks
	// come from an array indexed by cost, or a map past that.
	maxCost := int32(-1)
	for _, c := range cost {
		maxCost = max(maxCost, c)
	}
	var rankOf func(c int32) int32
	var distinct []int32
	if int(maxCost) < 4*len(cost) {
		dense := make([]int32, maxCost+1)
		for _, c := range cost {
			if c >= 0 {
				dense[c] = 1
			}
		}
		for c, seen := range dense {
			if seen != 0 {
				dense[c] = int32(len(distinct))
				distinct = append(distinct, int32(c))
			}
		}
		rankOf = func(c int32) int32 { return dense[c] }
	} else {
		ranks := map[int32]int32{}
		for _, c := range cost {
			if c >= 0 {
				ranks[c] = 0
			}
		}
		distinct = slices.Sorted(maps.Keys(ranks))
		for r, c := range distinct {
			ranks[c] = int32(r)
		}
		rankOf = func(c int32) int32 { return ranks[c] }
	}
	count := make([]int32, len(distinct))
	for _, c := range cost {
		if c >= 0 {
			count[rankOf(c)]++
		}
	}
	var e entry
	n := int32(0)
	if complete {
		e.ids = append(e.ids, eos...)
		n = int32(len(eos))
		e.costs, e.ends = append(e.costs, -1), append(e.ends, n)
	}
	at := count // reused: where each cost's run starts
	for r, c := range distinct {
		k := count[r]
		at[r] = n
		n += k
		e.costs, e.ends = append(e.costs, c), append(e.ends, n)
	}
	e.ids = slices.Grow(e.ids, int(n)-len(e.ids))[:n]
	for id, c := range cost {
		if c >= 0 {
			r := rankOf(c)
			e.ids[at[r]] = int32(id)
			at[r]++
		}
	}
	if len(e.ids) >= len(cost)/maskDensity {
		e.mask = make([]uint64, (len(cost)+63)/64)
		for _, id := range e.ids {
			e.mask[id>>6] |= 1 << (id & 63)
		}
	}
	return &e
}

// maskDensity: a state allowing at least one token in maskDensity keeps its set as a bitmask
// too (entry.mask), which costs a bit per token of the vocabulary; a sparser list is as cheap to
// read as it is.
const maskDensity = 64
