package grammar

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/testenv"
)

// TestDepthBound: schemas whose values nest deeper than MaxDepth (finding 1 of issue 34: one
// about 3 KB, accepted, failed every request that used it once generation reached the stack's
// bound) are refused at compile time naming the nesting bound, whichever way they nest; one
// level less compiles, and its constraint writes a whole, valid document, as deep as it goes.
func TestDepthBound(t *testing.T) {
	for name, schema := range testenv.DeepSchemas(MaxDepth) {
		t.Run(name, func(t *testing.T) {
			_, err := Compile([]byte(schema))
			var se *SchemaError
			if !errors.As(err, &se) || !strings.Contains(err.Error(), fmt.Sprintf("nesting bound of %d", MaxDepth)) {
				t.Fatalf("%d levels around a value: got %v, want the nesting bound", MaxDepth, err)
			}
		})
	}
	for name, schema := range testenv.DeepSchemas(MaxDepth - 1) {
		t.Run(name+" within the bound", func(t *testing.T) {
			m, val := propMatcher(t, schema)
			out := generate(t, m, strings.Repeat("[", 2*MaxDepth), m.Start().Cost()+40)
			if !validates(val, out) {
				t.Fatalf("invalid output %q", out)
			}
		})
	}
}

// TestRecursionCut: a recursive schema nests without end; the automaton stops opening its
// recursion where the value's shortest instance no longer fits on the stack. A client steering
// every token into the recursion (as a prompt can) still gets a whole, valid document, never a
// constraint that cannot go on.
func TestRecursionCut(t *testing.T) {
	deep := `{"type":"integer"}`
	for range 30 {
		deep = `{"type":"array","items":` + deep + `,"minItems":1,"maxItems":1}`
	}
	for _, tc := range []struct{ name, schema, steer string }{
		{"optional recursion beside a deep required value", `{"$defs":{"r":{"type":"object","properties":{"next":{"$ref":"#/$defs/r"},"deep":` + deep + `},"required":["deep"],"additionalProperties":false}},"$ref":"#/$defs/r"}`, `{"next":`},
		{"recursion through arrays", `{"$defs":{"r":{"type":"array","items":{"anyOf":[{"$ref":"#/$defs/r"},{"type":"object","properties":{"x":` + deep + `},"required":["x"]}]}}},"$ref":"#/$defs/r"}`, `[`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, val := propMatcher(t, tc.schema)
			out := generate(t, m, strings.Repeat(tc.steer, 2*maxStack), 4000)
			if !validates(val, out) {
				t.Fatalf("invalid output %q", out)
			}
		})
	}
}

// generate runs a constraint of m (byteVocab's tokens) to its end: it writes the bytes of script
// while they are allowed, then always the cheapest allowed token. It fails the test if the
// constraint stops without a whole document.
func generate(t *testing.T, m *Matcher, script string, maxTokens int) []byte {
	t.Helper()
	c, err := m.NewConstraint(maxTokens)
	if err != nil {
		t.Fatal(err)
	}
	var out []byte
	for range maxTokens {
		allowed := c.Allowed()
		if len(allowed) == 0 {
			t.Fatalf("no token allowed after %q: %v", out, c.Err())
		}
		id := allowed[0]
		if script != "" {
			want := int32(script[0]) + 1 // byteVocab: byte b is token b+1, EOS is 0
			if allowedHas(allowed, want) {
				id, script = want, script[1:]
			} else {
				script = ""
			}
		}
		c.Advance(id)
		if id == 0 {
			return out
		}
		out = append(out, m.v.pieces[id]...)
	}
	t.Fatalf("no end within %d tokens: %q", maxTokens, out)
	return nil
}

func allowedHas(allowed []int32, id int32) bool {
	for _, a := range allowed {
		if a == id {
			return true
		}
	}
	return false
}
