package chat

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/ardanlabs/jinja"
)

// JSON is a client's JSON value (a tool definition, a tool call's arguments) decoded in document
// order: templates print it with tojson, which must keep the client's key order, as Python's
// json.dumps does for the dicts Hugging Face passes. Every string in it, keys included, is
// client text.
type JSON struct{ v jinja.Value }

// maxJSONDepth bounds nesting, so a deeply nested tool schema cannot exhaust the stack.
const maxJSONDepth = 64

// ParseJSON decodes one JSON value.
func ParseJSON(b []byte) (JSON, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	v, err := decodeValue(dec, 0)
	if err != nil {
		return JSON{}, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return JSON{}, errors.New("unexpected data after the JSON value")
	}
	return JSON{v}, nil
}

// IsObject reports whether the value is a JSON object.
func (j JSON) IsObject() bool { return j.v.IsDict() }

func decodeValue(dec *json.Decoder, depth int) (jinja.Value, error) {
	if depth > maxJSONDepth {
		return jinja.Value{}, fmt.Errorf("JSON nested deeper than %d levels", maxJSONDepth)
	}
	tok, err := dec.Token()
	if err != nil {
		return jinja.Value{}, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			d := jinja.NewDict()
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return jinja.Value{}, err
				}
				v, err := decodeValue(dec, depth+1)
				if err != nil {
					return jinja.Value{}, err
				}
				d.AsDict().Set(k.(string), v)
			}
			_, err := dec.Token() // '}'
			return d, err
		case '[':
			var items []jinja.Value
			for dec.More() {
				v, err := decodeValue(dec, depth+1)
				if err != nil {
					return jinja.Value{}, err
				}
				items = append(items, v)
			}
			_, err := dec.Token() // ']'
			return jinja.NewList(items), err
		}
		return jinja.Value{}, fmt.Errorf("unexpected %v", t)
	default:
		return jinja.FromGoValue(t), nil // nil, bool, json.Number or string
	}
}

// mapStrings copies v with every string, keys included, passed through sub.
func mapStrings(v jinja.Value, sub func(string) string) jinja.Value {
	switch {
	case v.IsString():
		return jinja.NewString(sub(v.AsString()))
	case v.IsList():
		items := v.AsList().Items
		out := make([]jinja.Value, len(items))
		for i, it := range items {
			out[i] = mapStrings(it, sub)
		}
		return jinja.NewList(out)
	case v.IsDict():
		d := v.AsDict()
		out := jinja.NewDict()
		for _, k := range d.Keys {
			nk := sub(k)
			out.AsDict().Set(nk, mapStrings(d.Data[k], sub))
		}
		return out
	}
	return v
}
