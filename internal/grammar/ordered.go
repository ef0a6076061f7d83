package grammar

// Schemas are read with their object keys in order (a strict-mode object's properties are
// generated in the order the schema lists them), and written back canonically.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// object is a decoded JSON object that keeps its keys' order: properties are generated in the
// order the schema declares them.
type object struct {
	keys []string
	m    map[string]any
}

func (o *object) hasAny(set map[string]bool) bool {
	for _, k := range o.keys {
		if set[k] {
			return true
		}
	}
	return false
}

func decodeOrdered(b []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	v, err := decodeValue(d, 0)
	if err != nil {
		return nil, err
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, fmt.Errorf("data after the schema")
	}
	return v, nil
}

func decodeValue(d *json.Decoder, depth int) (any, error) {
	if depth > maxDocDepth {
		return nil, fmt.Errorf("nested more than %d levels", maxDocDepth)
	}
	t, err := d.Token()
	if err != nil {
		return nil, err
	}
	switch t {
	case json.Delim('{'):
		o := &object{m: map[string]any{}}
		for d.More() {
			kt, err := d.Token()
			if err != nil {
				return nil, err
			}
			k := kt.(string)
			v, err := decodeValue(d, depth+1)
			if err != nil {
				return nil, err
			}
			if _, dup := o.m[k]; !dup {
				o.keys = append(o.keys, k)
			}
			o.m[k] = v
		}
		_, err := d.Token()
		return o, err
	case json.Delim('['):
		a := []any{}
		for d.More() {
			v, err := decodeValue(d, depth+1)
			if err != nil {
				return nil, err
			}
			a = append(a, v)
		}
		_, err := d.Token()
		return a, err
	}
	return t, nil
}

// marshal writes v as compact JSON, objects in their decoded order.
func marshal(v any) []byte {
	var b bytes.Buffer
	writeJSON(&b, v)
	return b.Bytes()
}

func writeJSON(b *bytes.Buffer, v any) {
	switch x := v.(type) {
	case *object:
		b.WriteByte('{')
		for i, k := range x.keys {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSON(b, k)
			b.WriteByte(':')
			writeJSON(b, x.m[k])
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSON(b, e)
		}
		b.WriteByte(']')
	default:
		e := json.NewEncoder(b)
		e.SetEscapeHTML(false)
		e.Encode(x)             // strings, numbers, booleans and null cannot fail
		b.Truncate(b.Len() - 1) // Encode's newline
	}
}

func escapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

func unescapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
}

// UsesRef reports whether the schema document has a "$ref" key anywhere, read as decoded JSON
// (the escaped key "\u0024ref" is one), or is not valid JSON.
func UsesRef(schema []byte) bool {
	doc, err := decodeOrdered(schema)
	return err != nil || hasKey(doc, "$ref")
}

func hasKey(v any, key string) bool {
	switch x := v.(type) {
	case *object:
		if _, ok := x.m[key]; ok {
			return true
		}
		for _, k := range x.keys {
			if hasKey(x.m[k], key) {
				return true
			}
		}
	case []any:
		for _, e := range x {
			if hasKey(e, key) {
				return true
			}
		}
	}
	return false
}

// Def is a schema to place at #/$defs/Name of another document.
type Def struct {
	Name   string
	Schema []byte
}

// Rebase readies schema (a tool's parameters) to sit at #/$defs/name of a document that embeds
// it: its references ("#", "#/$defs/x", "#/definitions/x") point at name and name.x there, and
// its own definitions come back as defs name.x, to sit beside it. Values (const, enum, default,
// examples) are left as they are.
func Rebase(schema []byte, name string) (root []byte, defs []Def, err error) {
	doc, err := decodeOrdered(schema)
	if err != nil {
		return nil, nil, err
	}
	ref := func(s string) string {
		switch {
		case s == "#":
			return "#/$defs/" + escapePointer(name)
		case strings.HasPrefix(s, "#/$defs/") || strings.HasPrefix(s, "#/definitions/"):
			_, def, _ := strings.Cut(s[2:], "/")
			return "#/$defs/" + escapePointer(name+"."+unescapePointer(def))
		}
		return s
	}
	var rewrite func(v any) any
	rewrite = func(v any) any {
		switch x := v.(type) {
		case *object:
			out := &object{m: map[string]any{}}
			for _, k := range x.keys {
				val := x.m[k]
				switch k {
				case "$ref":
					if s, ok := val.(string); ok {
						val = ref(s)
					}
				case "const", "enum", "default", "examples":
				default:
					val = rewrite(val)
				}
				out.keys, out.m[k] = append(out.keys, k), val
			}
			return out
		case []any:
			out := make([]any, len(x))
			for i, e := range x {
				out[i] = rewrite(e)
			}
			return out
		}
		return v
	}
	top, ok := doc.(*object)
	if !ok {
		return marshal(doc), nil, nil
	}
	kept := &object{m: map[string]any{}}
	for _, k := range top.keys {
		if sec, ok := top.m[k].(*object); ok && (k == "$defs" || k == "definitions") {
			for _, d := range sec.keys {
				defs = append(defs, Def{Name: name + "." + d, Schema: marshal(rewrite(sec.m[d]))})
			}
			continue
		}
		kept.keys, kept.m[k] = append(kept.keys, k), top.m[k]
	}
	return marshal(rewrite(kept)), defs, nil
}
