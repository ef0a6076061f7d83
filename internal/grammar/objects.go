package grammar

// Objects: declared properties, records, and the oneOf discriminators between object schemas.

import (
	"fmt"
	"slices"
)

func (c *compiler) object(o *object, path string) (*node, error) {
	if pn, ok := o.m["propertyNames"]; ok {
		// Keys are strings anyway: only that is supported.
		if po, ok := pn.(*object); !ok || po.m["type"] != "string" || slices.ContainsFunc(po.keys, func(k string) bool { return k != "type" && !annotations[k] }) {
			return nil, &SchemaError{Keyword: "propertyNames", Path: path, Reason: `only {"type":"string"} is supported`}
		}
	}
	// Extra properties are never generated beside declared ones, which satisfies any
	// additionalProperties; a schema for them is checked, and is a record's values.
	var extra *node
	switch ap := o.m["additionalProperties"].(type) {
	case nil, bool:
	default:
		n, err := c.compile(ap, path+"/additionalProperties")
		if err != nil {
			return nil, err
		}
		extra = n
	}
	props, has := o.m["properties"]
	if !has {
		if _, ok := o.m["required"]; ok {
			return nil, &SchemaError{Keyword: "required", Path: path, Reason: "needs properties"}
		}
		n := c.newNode(kFreeObject)
		n.items = c.anyValue(2)
		if extra != nil {
			n.items = extra
		}
		return n, nil
	}
	po, ok := props.(*object)
	if !ok {
		return nil, &SchemaError{Keyword: "properties", Path: path, Reason: "must be an object"}
	}
	required := map[string]bool{}
	if r, ok := o.m["required"]; ok {
		list, ok := r.([]any)
		if !ok {
			return nil, &SchemaError{Keyword: "required", Path: path, Reason: "must be an array of property names"}
		}
		for _, x := range list {
			s, ok := x.(string)
			if _, declared := po.m[s]; !ok || !declared {
				return nil, &SchemaError{Keyword: "required", Path: path, Reason: fmt.Sprintf("%v is not a declared property", x)}
			}
			required[s] = true
		}
	}
	n := c.newNode(kObject)
	for _, k := range po.keys {
		v, err := c.compile(po.m[k], path+"/properties/"+escapePointer(k))
		if err != nil {
			return nil, err
		}
		key := append(marshal(k), ':')
		c.lits = append(c.lits, key)
		n.props = append(n.props, prop{key: key, val: v, required: required[k]})
	}
	return n, nil
}

// disjoint reports whether no value can match two of the oneOf alternatives: they are objects
// with a discriminator (a property each requires, whose const or enum values differ from the
// others'), or each has one type of its own (integer and number overlap).
func disjoint(alts []any) bool {
	objs := make([]*object, len(alts))
	for i, a := range alts {
		o, ok := a.(*object)
		if !ok {
			return false
		}
		objs[i] = o
	}
	types := map[string]bool{}
	for _, o := range objs {
		t, _ := o.m["type"].(string)
		if t == "" || types[t] || (t == "integer" && types["number"]) || (t == "number" && types["integer"]) {
			types = nil
			break
		}
		types[t] = true
	}
	if types != nil {
		return true
	}
	props, _ := objs[0].m["properties"].(*object)
	if props == nil {
		return false
	}
	for _, key := range props.keys {
		seen := map[string]bool{}
		ok := true
		for _, o := range objs {
			vals := discriminatorValues(o, key)
			if vals == nil {
				ok = false
				break
			}
			for _, v := range vals {
				if seen[string(v)] {
					ok = false
				}
				seen[string(v)] = true
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// discriminatorValues are the values object schema o allows for the required property key, or nil
// when it is not required or not a const or enum.
func discriminatorValues(o *object, key string) [][]byte {
	req, _ := o.m["required"].([]any)
	props, _ := o.m["properties"].(*object)
	if props == nil || !slices.Contains(req, any(key)) {
		return nil
	}
	p, _ := props.m[key].(*object)
	if p == nil {
		return nil
	}
	if v, ok := p.m["const"]; ok {
		return [][]byte{marshal(v)}
	}
	list, _ := p.m["enum"].([]any)
	var out [][]byte
	for _, v := range list {
		out = append(out, marshal(v))
	}
	return out
}
