package grammar

// Literals: enum and const values, compiled to one node that reads them all at once.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/bits"
	"slices"
)

func (c *compiler) enum(o *object, k, path string) (*node, error) {
	var vals []any
	if k == "const" {
		vals = []any{o.m[k]}
	} else if list, ok := o.m[k].([]any); ok {
		vals = list
	}
	var want map[string]bool
	switch t := o.m["type"].(type) {
	case string:
		want = map[string]bool{t: true}
	case []any:
		want = map[string]bool{}
		for _, x := range t {
			s, _ := x.(string)
			want[s] = true
		}
	}
	var set [][]byte
	for _, v := range vals {
		if want != nil && !want[jsonType(v)] && !(jsonType(v) == "integer" && want["number"]) {
			continue // a value of another type can never validate
		}
		set = append(set, marshal(v))
	}
	if len(set) > maxAlts {
		return nil, &SchemaError{Keyword: "anyOf", Path: path, Reason: fmt.Sprintf("more than %d alternatives (anyOf, enum, type lists) in one place", maxAlts)}
	}
	switch slices.SortFunc(set, bytes.Compare); len(set) {
	case 0:
		return nil, &SchemaError{Keyword: k, Path: path, Reason: "no value is allowed"}
	case 1:
		return c.literal(set[0]), nil
	}
	n := c.literalSet(slices.CompactFunc(set, bytes.Equal))
	n.values = len(set)
	return n, nil
}

// literalSet is the node of one of the sorted, distinct byte strings set. A frame of it reads
// them all at once: a is the bytes read, b the range of set (lo<<16 | hi) that still matches,
// 0 for all of it.
func (c *compiler) literalSet(set [][]byte) *node {
	n := c.newNode(kLitSet)
	n.set = set
	c.lits = append(c.lits, set...)
	level := make([]int32, len(set))
	for i, l := range set {
		level[i] = int32(len(l))
	}
	n.setMin = [][]int32{level}
	for w := 1; 2*w <= len(set); w *= 2 {
		prev := n.setMin[len(n.setMin)-1]
		next := make([]int32, len(set)-2*w+1)
		for i := range next {
			next[i] = min(prev[i], prev[i+w])
		}
		n.setMin = append(n.setMin, next)
	}
	return n
}

// shortestIn is the length of the shortest of set[lo:hi], hi > lo.
func (n *node) shortestIn(lo, hi int) int {
	k := bits.Len(uint(hi-lo)) - 1
	return int(min(n.setMin[k][lo], n.setMin[k][hi-(1<<k)]))
}

// setRange is a kLitSet frame's range of n.set.
func (f frame) setRange() (lo, hi int) {
	if f.b == 0 {
		return 0, len(f.n.set)
	}
	return int(f.b >> 16), int(f.b & 0xFFFF)
}

func jsonType(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case json.Number:
		if _, err := x.Int64(); err == nil {
			return "integer"
		}
		return "number"
	case []any:
		return "array"
	}
	return "object"
}
