package grammar

// The compile-time bounds: a compiled schema is checked here, before any request runs it.

import "fmt"

// finish checks the grammar's bounds and computes the shortest lengths, in time linear in the
// number of nodes and edges: every check is a memoised walk, never one per path (a document of
// linear size can have exponentially many).
func (c *compiler) finish(root *node) (*Grammar, error) {
	if len(c.nodes) > maxNodes {
		return nil, &SchemaError{Keyword: "$defs", Path: "#", Reason: fmt.Sprintf("the schema is too large: more than %d subschemas", maxNodes)}
	}
	for _, n := range c.nodes {
		n.minLen = inf
		if len(n.props) > maxAlts {
			return nil, &SchemaError{Keyword: "properties", Path: "#", Reason: fmt.Sprintf("more than %d properties in one object", maxAlts)}
		}
	}
	if err := c.checkAlts(); err != nil {
		return nil, err
	}
	order, err := c.postOrder(root)
	if err != nil {
		return nil, err
	}
	// Children come before parents in order, so one pass settles every node outside a recursion;
	// a recursion settles in a few more, each charged.
	for changed := true; changed; {
		changed = false
		if err := c.charge(len(order)); err != nil {
			return nil, err
		}
		for _, n := range order {
			if l := n.shortest(); l < n.minLen {
				n.minLen, changed = l, true
			}
		}
	}
	if root.minLen >= inf {
		return nil, &SchemaError{Keyword: "$ref", Path: "#", Reason: "the schema has no finite instance"}
	}
	if err := c.checkDepth(root, order); err != nil {
		return nil, err
	}
	live, err := c.checkLiveStacks(root, order)
	if err != nil {
		return nil, err
	}
	return &Grammar{root: root, nodes: c.nodes, lits: c.lits, live: live}, nil
}

// children calls f with the nodes n's values are made of.
func children(n *node, f func(*node)) {
	for _, a := range n.alts {
		f(a)
	}
	if n.items != nil {
		f(n.items)
	}
	for _, p := range n.props {
		f(p.val)
	}
}

// postOrder lists the nodes reachable from root, each after its children (back edges of a
// recursion aside).
func (c *compiler) postOrder(root *node) ([]*node, error) {
	seen := make([]bool, len(c.nodes))
	var order []*node
	var err error
	var visit func(n *node)
	visit = func(n *node) {
		if n.id < 0 || seen[n.id] || err != nil {
			return
		}
		seen[n.id] = true
		if err = c.charge(1); err != nil {
			return
		}
		children(n, visit)
		order = append(order, n)
	}
	visit(root)
	return order, err
}

// checkAlts refuses a cycle of anyOf nodes (expanding it would never end) and an anyOf that
// expands to more than maxAlts alternatives, counting paths as expand walks them. Both are
// computed once per node (colours for the cycle, a memoised capped count), never per path.
func (c *compiler) checkAlts() error {
	const (
		white = iota
		grey
		black
	)
	colour := make([]uint8, len(c.nodes))
	paths := make([]int, len(c.nodes))
	var visit func(n *node) error
	visit = func(n *node) error {
		switch colour[n.id] {
		case grey:
			return &SchemaError{Keyword: "$ref", Path: "#", Reason: "a reference cycle through anyOf or $ref without an object or array"}
		case black:
			return nil
		}
		if err := c.charge(1 + len(n.alts)); err != nil {
			return err
		}
		colour[n.id] = grey
		k := 0
		for _, a := range n.alts {
			if a.kind == kLitSet {
				k = min(k+a.values, maxAlts+1) // each value an alternative, as the bound documents
				continue
			}
			if a.kind != kAnyOf {
				k++
				continue
			}
			if err := visit(a); err != nil {
				return err
			}
			k = min(k+paths[a.id], maxAlts+1)
		}
		colour[n.id], paths[n.id] = black, k
		if k > maxAlts {
			return &SchemaError{Keyword: "anyOf", Path: "#", Reason: fmt.Sprintf("more than %d alternatives (anyOf, enum, type lists) in one place", maxAlts)}
		}
		return nil
	}
	for _, n := range c.nodes {
		if n.kind == kAnyOf {
			if err := visit(n); err != nil {
				return err
			}
		}
	}
	return nil
}
