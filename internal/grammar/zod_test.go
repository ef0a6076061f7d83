package grammar

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/kvwarden/kvwarden/internal/testenv"
	"github.com/kvwarden/kvwarden/internal/testenv/testtok"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// zodRefused are the fixtures the grammar refuses, and the keyword it names: z.hostname()'s
// pattern opens with a lookahead of up to 253 characters, whose intersection with the
// hostname language passes MaxRegularStates.
var zodRefused = map[string]string{"url": "pattern"}

// TestZodFixtures: the JSON Schema zod 4 emits for everyday field types (testdata/zod, made by
// gen.mjs) compiles, and documents generated under the constraint, with random allowed tokens
// of Qwen's real vocabulary until the document closes, validate against the schema with its
// formats asserted; the refused ones name the keyword.
func TestZodFixtures(t *testing.T) {
	raw, err := os.ReadFile("testdata/zod/zod.json")
	if err != nil {
		t.Fatal(err)
	}
	var fixtures map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fixtures); err != nil {
		t.Fatal(err)
	}
	tok, _ := testtok.Load(t, "qwen2-tiny-random.gguf")
	v := VocabOf(tok, 151936)
	rng := rand.New(rand.NewPCG(21, 2))
	names := slices.Sorted(func(yield func(string) bool) {
		for k := range fixtures {
			if !yield(k) {
				return
			}
		}
	})
	for _, name := range names {
		schema := fixtures[name]
		g, err := Compile(schema)
		if want, refused := zodRefused[name]; refused {
			var se *SchemaError
			if !errors.As(err, &se) || se.Keyword != want {
				t.Errorf("%s: got %v, want a SchemaError naming %q", name, err, want)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		validator := testenv.CompileSchemaFormats(t, string(schema))
		m, err := NewMatcher(g, v)
		if err != nil {
			t.Fatal(err)
		}
		c, err := m.NewConstraint(200)
		if err != nil {
			t.Fatal(err)
		}
		var out []byte
		for range 200 {
			allowed := c.Allowed()
			if len(allowed) == 0 {
				t.Fatalf("%s: no token allowed after %q: %v", name, out, c.Err())
			}
			id := allowed[rng.IntN(len(allowed))]
			if slices.Contains(v.eos, id) {
				break
			}
			c.Advance(id)
			out = append(out, v.pieces[id]...)
		}
		if !c.Complete() {
			t.Errorf("%s: %q did not close", name, out)
			continue
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(out))
		if err != nil {
			t.Errorf("%s: %q: %v", name, out, err)
			continue
		}
		if err := validator.Validate(doc); err != nil {
			t.Errorf("%s: %q does not validate: %v", name, out, err)
		}
	}
}
