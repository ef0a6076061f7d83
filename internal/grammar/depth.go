package grammar

import "fmt"

// Nesting. Each open value is a frame on an automaton stack, and a stack holds at most maxStack
// frames. A schema whose values can nest deeper than MaxDepth is refused at compile time, so
// that no request runs into the bound while it generates. A recursive schema nests without end
// by nature: it is cut where it recurses, a value being opened only when its shortest values
// still fit on the stack (node.need), so that every state the automaton keeps can still close.

// MaxDepth bounds the nesting of a schema's values: a scalar is one level, an array or object
// one more than its deepest value, a reference or anyOf what it stands for. Compile refuses a
// schema whose values, recursion aside, can nest deeper, naming the bound.
const MaxDepth = 48

// maxStack is the frames one stack holds: a document's MaxDepth levels and the markup around it
// (Wrap).
const maxStack = MaxDepth + 1

// checkDepth computes every node's need and refuses a schema whose values can nest deeper than
// MaxDepth. Both are memoised walks, linear in the nodes and edges; a recursion's back edge is
// not followed (the run-time cut bounds it).
func (c *compiler) checkDepth(root *node, order []*node) error {
	// From one frame each (newNode's need), up: children come first in order, so a pass settles
	// all but the parts a recursion reaches back to, and a few more passes those (capped: past
	// maxStack a value never opens).
	for changed := true; changed; {
		changed = false
		if err := c.charge(len(order)); err != nil {
			return err
		}
		for _, n := range order {
			if v := min(shortestNeed(n), maxStack+1); v > n.need {
				n.need, changed = v, true
			}
		}
	}
	if err := c.charge(len(order)); err != nil {
		return err
	}
	for _, n := range order {
		children(n, func(ch *node) { n.childNeed = max(n.childNeed, ch.need) })
	}
	deepest := max(root.need, c.deepest(root))
	if deepest > MaxDepth {
		return &SchemaError{Keyword: "", Path: "#", Reason: fmt.Sprintf("its values nest %d levels deep, more than the nesting bound of %d (arrays, objects and references inside one another)", deepest, MaxDepth)}
	}
	return nil
}

// frames is the stack frames node n itself takes: an anyOf is expanded to its alternatives,
// never a frame of its own.
func frames(n *node) int {
	if n.kind == kAnyOf {
		return 0
	}
	return 1
}

// shortestNeed is the frames n's shortest values take (the deepest of them where several are
// shortest: the values Cost counts on), given its parts' current need.
func shortestNeed(n *node) int {
	need := 0
	part := func(p *node) { need = max(need, p.need) }
	switch n.kind {
	case kArray:
		for j := 0; j < n.minItems && j < len(n.alts); j++ {
			part(n.alts[j])
		}
		if n.minItems > len(n.alts) {
			part(n.items)
		}
	case kObject:
		for _, p := range n.props {
			if p.required {
				part(p.val)
			}
		}
	case kAnyOf:
		for _, a := range n.alts {
			if a.minLen == n.minLen {
				part(a)
			}
		}
	case kSeq:
		for _, a := range n.alts {
			part(a)
		}
	}
	return frames(n) + need
}

// deepest is the most frames a value of root can stack, a recursion's back edges aside.
func (c *compiler) deepest(root *node) int {
	const (
		white = iota
		grey
		black
	)
	colour := make([]uint8, len(c.nodes))
	depth := make([]int, len(c.nodes))
	var visit func(n *node) int
	visit = func(n *node) int {
		switch colour[n.id] {
		case grey:
			return 0 // a recursion: cut at run time
		case black:
			return depth[n.id]
		}
		colour[n.id] = grey
		d := 0
		children(n, func(ch *node) { d = max(d, visit(ch)) })
		colour[n.id], depth[n.id] = black, frames(n)+d
		return depth[n.id]
	}
	return visit(root)
}

// costNear is cost for a frame whose values may not all fit in the room left on its stack: the
// shortest completion over the values that fit, inf where one that does not is needed. near is
// false for the positions whose cost needs no value beyond those its need counted (the required
// ones), where cost's tables hold.
func (f frame) costNear(room int) (c int, near bool) {
	n := f.n
	switch {
	case n.kind == kObject && f.pos != pStart:
		return f.objectCostNear(room), true
	case n.kind == kArray && f.pos == pArrComma:
		if n.itemAt(int(f.a)).need > room {
			return inf, true
		}
	case n.kind == kFreeObject && (f.pos == pComma || f.pos == pColon):
		if n.items.need > room {
			return inf, true
		}
	}
	return 0, false
}

// objectCostNear is an object frame's cost over the properties whose values fit in room,
// computed as node.shortest computes its tables over all of them.
func (f frame) objectCostNear(room int) int {
	n := f.n
	p, from := len(n.props), int(f.a)
	fits := func(j int) bool { return n.props[j].val.need <= room }
	must, after := make([]int, p+1), make([]int, p)
	must[p] = inf
	for i := p - 1; i >= from; i-- {
		after[i] = 1
		if n.nextReq[i+1] < p {
			after[i] = add(1, must[i+1])
		}
		must[i] = inf
		for j := i; j < p && j <= n.nextReq[i]; j++ {
			if fits(j) {
				must[i] = min(must[i], add(len(n.props[j].key), add(n.props[j].val.minLen, after[j])))
			}
		}
	}
	switch f.pos {
	case pOpen:
		if n.nextReq[from] == p {
			return 1
		}
		return must[from]
	case pComma:
		return must[from]
	case pKey:
		if !fits(from) {
			return inf
		}
		return add(len(n.props[from].key)-int(f.b), add(n.props[from].val.minLen, after[from]))
	}
	return after[from] // pValue
}
