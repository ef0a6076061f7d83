package tokenizer

import (
	"strings"
	"unicode/utf8"
)

// spmSpace is how SentencePiece writes a space inside pieces (U+2581).
const spmSpace = "\u2581"

type spmSymbol struct {
	start, n   int // bytes of the text
	prev, next int
}

type spmPair struct {
	score       float32
	left, right int
	size        int // bytes of both, to notice pairs that changed since they were queued
}

// encodeSPM follows llama.cpp's SentencePiece BPE: start from single characters, repeatedly
// join the adjacent pair whose concatenation is the highest-scoring piece (leftmost on ties),
// then spell each leftover that is not a piece as byte tokens.
//
// Unlike llama.cpp, only normal and user-defined pieces take part, as in SentencePiece itself, so
// that text such as "<s>" never becomes a control token (which would also decode to nothing).
func (t *Tokenizer) encodeSPM(text string, prefix bool, out []int32) []int32 {
	var sb strings.Builder
	sb.Grow(len(text) + 3*strings.Count(text, " ") + 3)
	if prefix {
		sb.WriteString(spmSpace)
	}
	for {
		k := strings.IndexByte(text, ' ')
		if k < 0 {
			sb.WriteString(text)
			break
		}
		sb.WriteString(text[:k])
		sb.WriteString(spmSpace)
		text = text[k+1:]
	}
	s := sb.String()
	if s == "" {
		return out
	}

	// One symbol per character, and one per byte of invalid UTF-8. (llama.cpp sizes a character
	// by its lead byte alone, which lets a stray lead byte swallow part of the next character.)
	var syms []spmSymbol
	for i := 0; i < len(s); {
		_, n := utf8.DecodeRuneInString(s[i:])
		syms = append(syms, spmSymbol{start: i, n: n, prev: len(syms) - 1, next: len(syms) + 1})
		i += n
	}
	syms[len(syms)-1].next = -1

	q := heap[spmPair]{less: func(a, b spmPair) bool {
		return a.score > b.score || a.score == b.score && a.left < b.left
	}}
	try := func(l, r int) {
		if l < 0 || r < 0 {
			return
		}
		a, b := syms[l], syms[r]
		id, ok := t.pieceID[s[a.start:b.start+b.n]]
		if !ok {
			return
		}
		q.push(spmPair{score: t.scores[id], left: l, right: r, size: a.n + b.n})
	}
	for i := 1; i < len(syms); i++ {
		try(i-1, i)
	}
	for q.len() > 0 {
		p := q.pop()
		l, r := &syms[p.left], &syms[p.right]
		if l.n == 0 || r.n == 0 || l.next != p.right || l.n+r.n != p.size {
			continue
		}
		l.n += r.n
		r.n = 0
		l.next = r.next
		if r.next >= 0 {
			syms[r.next].prev = p.left
		}
		try(l.prev, p.left)
		try(p.left, l.next)
	}

	for i := 0; i >= 0; i = syms[i].next {
		piece := s[syms[i].start : syms[i].start+syms[i].n]
		if id, ok := t.pieceID[piece]; ok {
			out = append(out, id)
			continue
		}
		if t.hasBytes(piece) {
			for k := 0; k < len(piece); k++ {
				out = append(out, t.byteID[piece[k]])
			}
		} else if t.unk >= 0 { // no byte fallback: one unknown token per character
			out = append(out, t.unk)
		}
	}
	return out
}

func (t *Tokenizer) hasBytes(s string) bool {
	for k := 0; k < len(s); k++ {
		if t.byteID[s[k]] < 0 {
			return false
		}
	}
	return true
}
