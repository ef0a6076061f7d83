package grammar

// Which keywords a schema object may hold, and the node each combination compiles to.

import "fmt"

var annotations = map[string]bool{"description": true, "title": true, "default": true, "examples": true,
	"$schema": true, "$id": true, "$comment": true, "$defs": true, "definitions": true}

// typeKeywords go with a type (or none), and must not sit beside anyOf or $ref.
var typeKeywords = map[string]bool{"type": true, "properties": true, "required": true, "additionalProperties": true, "items": true,
	"minimum": true, "maximum": true, "exclusiveMinimum": true, "exclusiveMaximum": true, "multipleOf": true,
	"minLength": true, "maxLength": true, "format": true, "pattern": true,
	"minItems": true, "maxItems": true, "prefixItems": true, "additionalItems": true, "propertyNames": true}

// numberOnly are the keywords that constrain numbers alone.
var numberOnly = map[string]bool{"minimum": true, "maximum": true, "exclusiveMinimum": true, "exclusiveMaximum": true, "multipleOf": true}

func (c *compiler) compileObject(o *object, path string) (*node, error) {
	var special []string // enum, const, anyOf, $ref: each stands alone
	for _, k := range o.keys {
		switch {
		case annotations[k] || typeKeywords[k]:
		case k == "enum" || k == "const" || k == "anyOf" || k == "oneOf" || k == "$ref":
			special = append(special, k)
		default:
			return nil, &SchemaError{Keyword: k, Path: path, Reason: "not supported by structured outputs"}
		}
	}
	if len(special) > 1 || (len(special) == 1 && special[0] != "enum" && special[0] != "const" && o.hasAny(typeKeywords)) {
		return nil, &SchemaError{Keyword: special[0], Path: path, Reason: "must not be combined with other validation keywords"}
	}
	if len(special) == 1 && (special[0] == "enum" || special[0] == "const") {
		// The listed values are generated as they are: a bound beside them is not checked.
		for _, k := range o.keys {
			if numberOnly[k] || stringOnly[k] || k == "minItems" || k == "maxItems" || k == "prefixItems" || k == "additionalItems" {
				return nil, &SchemaError{Keyword: k, Path: path, Reason: "must not be combined with " + special[0]}
			}
		}
	}
	if len(special) == 1 {
		switch k := special[0]; k {
		case "$ref":
			return c.ref(o.m[k], path)
		case "anyOf", "oneOf":
			return c.alternatives(o, k, path)
		default:
			return c.enum(o, k, path)
		}
	}
	var types []string
	switch t := o.m["type"].(type) {
	case nil:
		if _, ok := o.m["properties"]; ok {
			types = []string{"object"}
		} else if o.hasAny(map[string]bool{"items": true, "prefixItems": true, "additionalItems": true, "minItems": true, "maxItems": true}) {
			types = []string{"array"}
		} else if o.hasAny(stringOnly) {
			types = []string{"string"}
		} else if o.hasAny(numberOnly) {
			types = []string{"number"} // other types pass the bounds, but numbers are what they are for
		} else {
			return c.anyValue(1), nil
		}
	case string:
		types = []string{t}
	case []any:
		for _, x := range t {
			s, ok := x.(string)
			if !ok {
				return nil, &SchemaError{Keyword: "type", Path: path, Reason: "must be a string or an array of strings"}
			}
			types = append(types, s)
		}
	default:
		return nil, &SchemaError{Keyword: "type", Path: path, Reason: "must be a string or an array of strings"}
	}
	if len(types) == 0 {
		return nil, &SchemaError{Keyword: "type", Path: path, Reason: "must name at least one type"}
	}
	var alts []*node
	for _, t := range types {
		n, err := c.typed(o, t, path)
		if err != nil {
			return nil, err
		}
		alts = append(alts, n)
	}
	if len(alts) == 1 {
		return alts[0], nil
	}
	n := c.newNode(kAnyOf)
	n.alts = alts
	return n, nil
}

// alternatives is the node of an anyOf, or of a oneOf whose alternatives exclude each other.
func (c *compiler) alternatives(o *object, k, path string) (*node, error) {
	alts, ok := o.m[k].([]any)
	if !ok || len(alts) == 0 {
		return nil, &SchemaError{Keyword: k, Path: path, Reason: "must be a non-empty array of schemas"}
	}
	if k == "oneOf" && !disjoint(alts) {
		return nil, &SchemaError{Keyword: k, Path: path, Reason: "only alternatives that exclude each other are supported (objects with a required const or enum property of distinct values, or distinct types): a value matching two would fail oneOf; use anyOf"}
	}
	n := c.newNode(kAnyOf)
	for i, a := range alts {
		an, err := c.compile(a, fmt.Sprintf("%s/%s/%d", path, k, i))
		if err != nil {
			return nil, err
		}
		n.alts = append(n.alts, an)
	}
	return n, nil
}

func (c *compiler) typed(o *object, t, path string) (*node, error) {
	switch t {
	case "string":
		return c.str(o, path)
	case "number":
		return c.numeric(o, false, path)
	case "integer":
		return c.numeric(o, true, path)
	case "null":
		return c.literal([]byte("null")), nil
	case "boolean":
		n := c.newNode(kAnyOf)
		n.alts = []*node{c.literal([]byte("true")), c.literal([]byte("false"))}
		return n, nil
	case "array":
		return c.array(o, path)
	case "object":
		return c.object(o, path)
	}
	return nil, &SchemaError{Keyword: "type", Path: path, Reason: fmt.Sprintf("unknown type %q", t)}
}
