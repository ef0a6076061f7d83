package grammar

import (
	"fmt"
	"testing"

	"github.com/kvwarden/kvwarden/internal/testenv"
)

// TestDraft07Tuples: the draft-07 tuple, items as a list (what the Vercel AI SDK writes for
// zod's z.tuple, with additionalItems false), means what prefixItems does: the same documents are
// accepted, whole or as prefixes, with additionalItems as items (false: none after the tuple; a
// schema: the rest's; absent or true: any, none generated beyond the tuple unless minItems asks).
// A constraint of each writes documents the draft-07 schema validates.
func TestDraft07Tuples(t *testing.T) {
	const draft07 = `"$schema":"http://json-schema.org/draft-07/schema#",`
	pairs := []struct{ draft07, prefix string }{
		{`{` + draft07 + `"type":"array","items":[{"type":"number"},{"type":"number"},{"type":"string"}],"additionalItems":false,"minItems":3,"maxItems":3}`,
			`{"type":"array","prefixItems":[{"type":"number"},{"type":"number"},{"type":"string"}],"items":false,"minItems":3,"maxItems":3}`},
		{`{` + draft07 + `"type":"array","items":[{"type":"string"}],"additionalItems":{"type":"integer"},"minItems":1}`,
			`{"type":"array","prefixItems":[{"type":"string"}],"items":{"type":"integer"},"minItems":1}`},
		{`{` + draft07 + `"items":[{"type":"boolean"}],"additionalItems":true,"minItems":2}`,
			`{"prefixItems":[{"type":"boolean"}],"items":true,"minItems":2}`},
		{`{` + draft07 + `"type":"array","items":[{"type":"boolean"},{"enum":["a","b"]}]}`,
			`{"type":"array","prefixItems":[{"type":"boolean"},{"enum":["a","b"]}]}`},
	}
	docs := []string{`[]`, `[1`, `[1,2,"x"]`, `[1,2,"x",3]`, `[1,"x"]`, `["s"]`, `["s",1,2]`, `["s",1,"t"]`, `[true]`, `[true,"a"]`,
		`[true,false]`, `[true,{"k":1}]`, `[true,"b",1]`, `[false,"c"]`}
	for i, p := range pairs {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			old, val := mustMatcher(t, p.draft07), testenv.CompileSchema(t, p.draft07)
			cur := mustMatcher(t, p.prefix)
			for _, doc := range docs {
				op, oc := accepts(old, doc)
				np, nc := accepts(cur, doc)
				if op != np || oc != nc {
					t.Errorf("%s: draft-07 form prefix %v complete %v, prefixItems form %v %v", doc, op, oc, np, nc)
				}
				if oc && !validates(val, []byte(doc)) {
					t.Errorf("%s accepted whole, but the draft-07 schema refuses it", doc)
				}
			}
			out := generate(t, old, "", old.Start().Cost()+20)
			if !validates(val, out) {
				t.Errorf("generated %q, which the draft-07 schema refuses", out)
			}
		})
	}
}
