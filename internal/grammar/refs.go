package grammar

// References: $ref to the document or its definitions, recursion included.

import (
	"fmt"
	"strings"
)

func (c *compiler) ref(r any, path string) (*node, error) {
	s, _ := r.(string)
	if n, ok := c.refs[s]; ok {
		return n, nil
	}
	var target any
	switch {
	case s == "#":
		target = c.doc
	case strings.HasPrefix(s, "#/$defs/") || strings.HasPrefix(s, "#/definitions/"):
		sec, name, _ := strings.Cut(s[2:], "/")
		if d, ok := c.doc.(*object); ok {
			if defs, ok := d.m[sec].(*object); ok {
				target = defs.m[unescapePointer(name)]
			}
		}
	}
	if target == nil {
		return nil, &SchemaError{Keyword: "$ref", Path: path, Reason: fmt.Sprintf("%q: only #, #/$defs/name and #/definitions/name of this schema are supported", s)}
	}
	// A placeholder first, so that a recursive reference finds it; it becomes the target's node.
	ph := c.newNode(kAnyOf)
	c.refs[s] = ph
	n, err := c.compile(target, s)
	if err != nil {
		return nil, err
	}
	ph.alts = []*node{n}
	return ph, nil
}
