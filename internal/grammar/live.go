package grammar

import "fmt"

// The live-stack estimates: upper bounds, computed at compile time, on the stacks one state can
// hold, so that a schema which could make a state too costly to step is refused before it runs.
//
// live(n) bounds the stacks one frame entering node n can become at once. A container holds one
// frame, at one position: an object is reading one of its candidate keys (one stack each) or one
// property's value; an array one item. An enum is one frame whatever its values. Only an anyOf
// adds stacks, one per alternative its prefix has not ruled out: all of them before the first
// byte, then those that can start with it, then, among objects, those that can start with the
// key read. live of an anyOf is the largest of these sums. Recursion makes the equations
// circular: they are solved by iterating from 1 until nothing grows, each pass charged to the
// compile budget, and a schema whose estimate passes the bound (a recursion that keeps
// multiplying alternatives does) is refused.
//
// It is computed twice: counting every candidate key of an object (against MaxStacks, the hard
// cap), and counting an object's candidate keys as one (against MaxLiveStacks: the alternatives
// that can stay undecided past a key, through strings and nested values).

// checkLiveStacks returns the estimate of all the root's stacks, or refuses the schema.
func (c *compiler) checkLiveStacks(root *node, order []*node) (int, error) {
	flat := map[*node][]*node{} // each anyOf's expansion, deduplicated as states deduplicate stacks
	leafCount := 0
	for _, n := range order {
		if n.kind != kAnyOf {
			continue
		}
		seen := map[*node]bool{}
		var leaves []*node
		paths := 0
		expand(n, func(l *node) {
			paths++
			if !seen[l] {
				seen[l] = true
				leaves = append(leaves, l)
			}
		})
		if err := c.charge(paths); err != nil {
			return 0, err
		}
		flat[n] = leaves
		n.leaves = leaves
		leafCount += len(leaves)
	}
	bounds := []struct {
		keysAsOne bool
		bound     int
		keyword   string
		reason    string
	}{
		{true, MaxLiveStacks, "anyOf", "its alternatives can leave more than %d stacks undecided in one state (the live-stack bound): alternatives that start alike (objects with the same first key, strings, arrays) multiply through nested anyOf and $ref"},
		{false, MaxStacks, "properties", "its alternatives and objects' candidate keys can make more than %d stacks in one state (the stack bound): optional properties read side by side multiply with the alternatives around them"},
	}
	live := 0
	for _, b := range bounds {
		v, err := c.estimate(root, order, flat, leafCount, b.keysAsOne, b.bound)
		if err != nil {
			return 0, err
		}
		if v > b.bound {
			return 0, &SchemaError{Keyword: b.keyword, Path: "#", Reason: fmt.Sprintf(b.reason, b.bound)}
		}
		live = v
	}
	return live, nil
}

// estimate solves the live equations; keysAsOne counts an object's candidate keys as one stack.
// Values stop growing past bound.
func (c *compiler) estimate(root *node, order []*node, flat map[*node][]*node, leafCount int, keysAsOne bool, bound int) (int, error) {
	live := make([]int, len(c.nodes))
	for _, n := range order {
		live[n.id] = 1
	}
	for changed := true; changed; {
		changed = false
		if err := c.charge(len(order) + leafCount); err != nil {
			return 0, err
		}
		for _, n := range order {
			v := min(liveOf(n, live, flat[n], keysAsOne), bound+1)
			if v > live[n.id] {
				live[n.id], changed = v, true
			}
		}
		if live[root.id] > bound {
			break
		}
	}
	return live[root.id], nil
}

// liveOf is live(n) given its children's current estimates; leaves is n's expansion if an anyOf.
func liveOf(n *node, live []int, leaves []*node, keysAsOne bool) int {
	switch n.kind {
	case kObject:
		return max(keyCandidates(n, 0, keysAsOne), valuesLive(n, live))
	case kArray:
		v := 1
		children(n, func(c *node) { v = max(v, live[c.id]) })
		return v
	case kFreeObject:
		return live[n.items.id]
	case kAnyOf:
		return liveOfAlts(leaves, live, keysAsOne)
	}
	return 1
}

func liveOfAlts(leaves []*node, live []int, keysAsOne bool) int {
	var byFirst [256]int
	keyPhase, free := 0, 0
	byKey := map[string]int{}
	for _, l := range leaves {
		switch l.kind {
		case kObject:
			byFirst['{']++ // "{" alone: one frame each
			// Past its first key an object is one frame again: its value, or a later key.
			after := max(keyCandidates(l, 1, keysAsOne), valuesLive(l, live))
			keyPhase += keyCandidates(l, 0, keysAsOne)
			for j := 0; j < len(l.props) && j <= l.nextReq[0]; j++ {
				byKey[string(l.props[j].key)] += after
			}
		case kFreeObject:
			byFirst['{']++
			free += live[l.id] // any key: alive beside every object
		case kLiteral:
			byFirst[l.lit[0]] += live[l.id]
		case kLitSet:
			for j, v := range l.set {
				if j == 0 || v[0] != l.set[j-1][0] {
					byFirst[v[0]]++ // one stack whatever the values: narrowed, not split
				}
			}
		case kString:
			byFirst['"'] += live[l.id]
		case kRegular:
			for b := range 256 {
				if l.dfa.step(0, byte(b)) >= 0 {
					byFirst[b]++
				}
			}
		case kArray:
			byFirst['['] += live[l.id]
		case kNumber, kInteger:
			byFirst['-'] += live[l.id]
			for b := byte('0'); b <= '9'; b++ {
				byFirst[b] += live[l.id]
			}
		}
	}
	v := max(len(leaves), keyPhase+free)
	for _, k := range byFirst {
		v = max(v, k)
	}
	for _, k := range byKey {
		v = max(v, k+free)
	}
	return v
}

// keyCandidates is the most keys an object frame reads side by side at a key position from
// property index from on (those up to the next required one), or 1 with keysAsOne.
func keyCandidates(n *node, from int, keysAsOne bool) int {
	v := 1
	for i := from; i < len(n.props) && !keysAsOne; i++ {
		v = max(v, min(n.nextReq[i], len(n.props)-1)-i+1)
	}
	return v
}

// valuesLive is the most stacks one property value of object n can become.
func valuesLive(n *node, live []int) int {
	v := 1
	for _, p := range n.props {
		v = max(v, live[p.val.id])
	}
	return v
}
