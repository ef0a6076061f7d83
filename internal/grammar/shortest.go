package grammar

// How short a document can still be: the lengths Constraint uses to keep enough tokens to close.

func add(a, b int) int { return min(a+b, inf) }

// shortest is the length of the node's shortest value given its children's current minLen.
func (n *node) shortest() int {
	switch n.kind {
	case kLiteral:
		if n.litCost != nil {
			return n.litCost[0]
		}
		return len(n.lit)
	case kLitSet:
		return n.shortestIn(0, len(n.set))
	case kRegular:
		return int(n.dfa.dist[0])
	case kArray:
		if n.minItems == 0 {
			return 2
		}
		return n.closeAfter(0) // "[" and the items, the first without its ','
	case kString:
		return 2 + n.minChars
	case kFreeObject:
		return 2
	case kNumber, kInteger:
		return 1
	case kAnyOf:
		m := inf
		for _, a := range n.alts {
			m = min(m, a.minLen)
		}
		return m
	case kSeq:
		m := 0
		for _, a := range n.alts {
			m = add(m, a.minLen)
		}
		return m
	case kObject:
		p := len(n.props)
		n.nextReq = make([]int, p+1)
		n.after = make([]int, p)
		n.must = make([]int, p+1)
		n.nextReq[p], n.must[p] = p, inf
		for i := p - 1; i >= 0; i-- {
			n.nextReq[i] = n.nextReq[i+1]
			if n.props[i].required {
				n.nextReq[i] = i
			}
		}
		for i := p - 1; i >= 0; i-- {
			if n.nextReq[i+1] == p {
				n.after[i] = 1
			} else {
				n.after[i] = add(1, n.must[i+1])
			}
			n.must[i] = inf
			for j := i; j < p && j <= n.nextReq[i]; j++ {
				n.must[i] = min(n.must[i], add(len(n.props[j].key), add(n.props[j].val.minLen, n.after[j])))
			}
		}
		return add(1, n.closeFrom(0))
	}
	return inf
}

// closeFrom is the bytes from "after '{' or a value, next candidate property i" to '}'.
func (n *node) closeFrom(i int) int {
	if n.nextReq[i] == len(n.props) {
		return 1
	}
	return n.must[i]
}
