package tokenizer

import (
	"golang.org/x/text/unicode/norm"
)

// Byte-level BPE spells every byte as a printable character so that vocabulary strings are
// text: bytes that are printable Latin-1 (other than space and soft hyphen) stand for
// themselves, and the rest, in byte order, take the characters from U+0100 upward.
var (
	byteChars [256]string // byte -> its character, UTF-8 encoded
	charBytes [324]int16  // character -> byte, -1 if not a byte character
)

func init() {
	for i := range charBytes {
		charBytes[i] = -1
	}
	next := rune(256)
	for b := range 256 {
		r := rune(b)
		if !('!' <= b && b <= '~' || 0xA1 <= b && b <= 0xAC || 0xAE <= b && b <= 0xFF) {
			r = next
			next++
		}
		byteChars[b] = string(r)
		charBytes[r] = int16(b)
	}
}

func charByte(r rune) (byte, bool) {
	if r < 0 || int(r) >= len(charBytes) || charBytes[r] < 0 {
		return 0, false
	}
	return byte(charBytes[r]), true
}

// bpeSymbol is a token during merging, linked to its neighbours; id -1 is a byte whose
// character is not in the vocabulary.
type bpeSymbol struct {
	id         int32
	prev, next int32
	dead       bool
}

type bpePair struct {
	rank        int32
	left, right int32 // symbol indices
	lid, rid    int32 // their ids when queued, to notice pairs that changed since
}

func (t *Tokenizer) encodeBPE(text string, out []int32) []int32 {
	if t.nfc {
		text = norm.NFC.String(text)
	}
	var scratch []byte
	t.pre(text, func(w string) {
		out, scratch = t.encodeBPEWord(w, out, scratch)
	})
	return out
}

func (t *Tokenizer) encodeBPEWord(w string, out []int32, scratch []byte) ([]int32, []byte) {
	if t.ignoreMerges || len(w) == 1 {
		scratch = scratch[:0]
		for i := 0; i < len(w); i++ {
			scratch = append(scratch, byteChars[w[i]]...)
		}
		if id, ok := t.pieceID[string(scratch)]; ok {
			return append(out, id), scratch
		}
	}
	syms := make([]bpeSymbol, len(w))
	for i := range syms {
		syms[i] = bpeSymbol{id: t.byteID[w[i]], prev: int32(i - 1), next: int32(i + 1)}
	}
	syms[len(syms)-1].next = -1

	q := heap[bpePair]{less: func(a, b bpePair) bool {
		return a.rank < b.rank || a.rank == b.rank && a.left < b.left
	}}
	try := func(l, r int32) {
		if l < 0 || r < 0 {
			return
		}
		a, b := syms[l].id, syms[r].id
		if a < 0 || b < 0 {
			return
		}
		if m, ok := t.merges[pairKey(a, b)]; ok {
			q.push(bpePair{rank: m.rank, left: l, right: r, lid: a, rid: b})
		}
	}
	for i := 1; i < len(syms); i++ {
		try(int32(i-1), int32(i))
	}
	for q.len() > 0 {
		p := q.pop()
		l, r := &syms[p.left], &syms[p.right]
		if l.dead || r.dead || l.next != p.right || l.id != p.lid || r.id != p.rid {
			continue // stale: one side has merged since
		}
		l.id = t.merges[pairKey(p.lid, p.rid)].id
		r.dead = true
		l.next = r.next
		if r.next >= 0 {
			syms[r.next].prev = p.left
		}
		try(l.prev, p.left)
		try(p.left, l.next)
	}
	for i := int32(0); i >= 0; i = syms[i].next {
		switch {
		case syms[i].id >= 0:
			out = append(out, syms[i].id)
		case t.unk >= 0: // a byte whose character is missing from the vocabulary
			out = append(out, t.unk)
		}
	}
	return out, scratch
}

// heap is a binary min-heap ordered by less.
type heap[T any] struct {
	items []T
	less  func(a, b T) bool
}

func (h *heap[T]) len() int { return len(h.items) }

func (h *heap[T]) push(x T) {
	h.items = append(h.items, x)
	for i := len(h.items) - 1; i > 0; {
		p := (i - 1) / 2
		if !h.less(h.items[i], h.items[p]) {
			break
		}
		h.items[i], h.items[p] = h.items[p], h.items[i]
		i = p
	}
}

func (h *heap[T]) pop() T {
	top := h.items[0]
	last := len(h.items) - 1
	h.items[0] = h.items[last]
	h.items = h.items[:last]
	for i := 0; ; {
		c := 2*i + 1
		if c >= last {
			break
		}
		if c+1 < last && h.less(h.items[c+1], h.items[c]) {
			c++
		}
		if !h.less(h.items[c], h.items[i]) {
			break
		}
		h.items[i], h.items[c] = h.items[c], h.items[i]
		i = c
	}
	return top
}
