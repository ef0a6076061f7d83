package testenv

import (
	"fmt"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Fataler is a *testing.T or a *rapid.T.
type Fataler interface {
	Helper()
	Fatal(...any)
}

// CompileSchema compiles a JSON schema with an independent validator, for checking that what the
// grammar let through validates. t is a *testing.T or a *rapid.T.
func CompileSchema(t Fataler, schema string) *jsonschema.Schema {
	t.Helper()
	return compileSchema(t, schema, false)
}

// CompileSchemaFormats is CompileSchema with "format" asserted (an annotation by default).
func CompileSchemaFormats(t Fataler, schema string) *jsonschema.Schema {
	t.Helper()
	return compileSchema(t, schema, true)
}

func compileSchema(t Fataler, schema string, formats bool) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(schema))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if formats {
		c.AssertFormat()
	}
	if err := c.AddResource("schema.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("schema.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// DefsChain is a schema of linear size with 2^n paths: $defs d0..dn, each d_i two references to
// d_{i+1} (as the alternatives of an anyOf, or as two properties of an object), d_n a string.
// Compiling it walked every path once (finding 2 of issue 19).
func DefsChain(n int, object bool) string {
	var defs []string
	for i := range n {
		next := fmt.Sprintf(`{"$ref":"#/$defs/d%d"}`, i+1)
		if object {
			defs = append(defs, fmt.Sprintf(`"d%d":{"type":"object","properties":{"a":%s,"b":%s},"required":["a"]}`, i, next, next))
		} else {
			defs = append(defs, fmt.Sprintf(`"d%d":{"anyOf":[%s,%s]}`, i, next, next))
		}
	}
	defs = append(defs, fmt.Sprintf(`"d%d":{"type":"string"}`, n))
	return `{"$defs":{` + strings.Join(defs, ",") + `},"$ref":"#/$defs/d0"}`
}

// NestedAnyOf is an anyOf of k objects whose first property refers to a shared anyOf of k
// objects: inside the inner object's first string k×k alternatives are undecided, which froze
// mask computation for every tenant (finding 1 of issue 19).
func NestedAnyOf(k int) string {
	var outer, inner []string
	for i := range k {
		outer = append(outer, fmt.Sprintf(`{"type":"object","properties":{"a":{"$ref":"#/$defs/s"},"o%d":{"type":"string"}},"required":["a","o%d"],"additionalProperties":false}`, i, i))
		inner = append(inner, fmt.Sprintf(`{"type":"object","properties":{"x":{"type":"string"},"i%d":{"type":"string"}},"required":["x","i%d"],"additionalProperties":false}`, i, i))
	}
	return `{"$defs":{"s":{"anyOf":[` + strings.Join(inner, ",") + `]}},"anyOf":[` + strings.Join(outer, ",") + `]}`
}

// CostlySchema is linear to read but expensive to compile: 4500 places that each expand to the
// same 1000 alternatives, past the grammar's compile budget.
func CostlySchema() string {
	var alts, groups []string
	for i := range 1000 {
		alts = append(alts, fmt.Sprintf(`{"type":"object","properties":{"k%d":{"type":"string"}}}`, i))
	}
	for g := range 5 {
		var props []string
		for i := range 900 {
			props = append(props, fmt.Sprintf(`"p%d":{"anyOf":[{"$ref":"#/$defs/e"}]}`, i))
		}
		groups = append(groups, fmt.Sprintf(`"g%d":{"type":"object","properties":{%s}}`, g, strings.Join(props, ",")))
	}
	return `{"$defs":{"e":{"anyOf":[` + strings.Join(alts, ",") + `]}},"type":"object","properties":{` + strings.Join(groups, ",") + `}}`
}

// DeepSchemas are schemas whose values nest levels deep, each a different way: one-item arrays
// written inside one another (about 3 KB at 48 levels, finding 1 of issue 34), and $defs chains
// of required objects, of optional arrays behind an anyOf, and of one-item tuples. Each level is
// one container around the next; the innermost value is an integer, one level more.
func DeepSchemas(levels int) map[string]string {
	nested := `{"type":"integer"}`
	for range levels {
		nested = `{"type":"array","items":` + nested + `,"minItems":1,"maxItems":1}`
	}
	chain := func(level string) string {
		var defs []string
		for i := range levels {
			defs = append(defs, fmt.Sprintf(`"d%d":`+level, i, fmt.Sprintf(`{"$ref":"#/$defs/d%d"}`, i+1)))
		}
		defs = append(defs, fmt.Sprintf(`"d%d":{"type":"integer"}`, levels))
		return `{"$defs":{` + strings.Join(defs, ",") + `},"$ref":"#/$defs/d0"}`
	}
	return map[string]string{
		"nested arrays":      nested,
		"$ref objects":       chain(`{"type":"object","properties":{"a":%s},"required":["a"],"additionalProperties":false}`),
		"anyOf arrays":       chain(`{"anyOf":[{"type":"null"},{"type":"array","items":%s}]}`),
		"prefixItems tuples": chain(`{"type":"array","prefixItems":[%s],"items":false}`),
	}
}
