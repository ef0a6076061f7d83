package tokenizer

// trie holds the texts of special tokens for the leftmost-longest scan of Encode. A byte trie
// keeps the scan linear in the text however many special tokens there are (Gemma has thousands).
type trie struct {
	next  map[uint64]int32 // (node << 8 | byte) -> child node
	nodes []trieNode
}

type trieNode struct {
	any   int32 // token ending here, matched when special tokens are parsed; -1 if none
	plain int32 // token ending here, matched even when they are not (user-defined); -1 if none
}

func newTrie() *trie {
	return &trie{next: make(map[uint64]int32), nodes: []trieNode{{-1, -1}}}
}

// add records s for id. plain marks a token matched even without parseSpecial. For texts shared
// by several tokens the lowest id wins.
func (tr *trie) add(s string, id int32, plain bool) {
	node := int32(0)
	for i := 0; i < len(s); i++ {
		k := uint64(node)<<8 | uint64(s[i])
		child, ok := tr.next[k]
		if !ok {
			child = int32(len(tr.nodes))
			tr.nodes = append(tr.nodes, trieNode{-1, -1})
			tr.next[k] = child
		}
		node = child
	}
	n := &tr.nodes[node]
	if n.any < 0 {
		n.any = id
	}
	if plain && n.plain < 0 {
		n.plain = id
	}
}

// longest returns the longest special token that starts s, or (-1, 0). Control and unknown
// tokens match only when they end within the first parseLimit bytes of s (0: never), so a caller
// can confine them to the text it allows them in.
func (tr *trie) longest(s string, parseLimit int) (id int32, size int) {
	id = -1
	node := int32(0)
	for i := 0; i < len(s); i++ {
		child, ok := tr.next[uint64(node)<<8|uint64(s[i])]
		if !ok {
			break
		}
		node = child
		n := tr.nodes[node]
		if n.any >= 0 && i < parseLimit {
			id, size = n.any, i+1
		} else if n.plain >= 0 {
			id, size = n.plain, i+1
		}
	}
	return id, size
}

// span is a byte range [start, end) of a text.
type span struct{ start, end int }

// split calls text for each run of ordinary text and token for each special token, in order.
// Matching is leftmost-longest, as Hugging Face's added-token splitter does. Control and unknown
// tokens are matched only wholly inside one of parse (sorted, disjoint); user-defined tokens
// anywhere.
func (tr *trie) split(s string, parse []span, text func(string), token func(int32)) {
	if len(tr.nodes) == 1 {
		if s != "" {
			text(s)
		}
		return
	}
	start := 0
	for i := 0; i < len(s); {
		if _, ok := tr.next[uint64(s[i])]; !ok { // fast path: no token starts with this byte
			i++
			continue
		}
		for len(parse) > 0 && parse[0].end <= i {
			parse = parse[1:]
		}
		limit := 0
		if len(parse) > 0 && parse[0].start <= i {
			limit = parse[0].end - i
		}
		id, size := tr.longest(s[i:], limit)
		if id < 0 {
			i++
			continue
		}
		if start < i {
			text(s[start:i])
		}
		token(id)
		i += size
		start = i
	}
	if start < len(s) {
		text(s[start:])
	}
}
