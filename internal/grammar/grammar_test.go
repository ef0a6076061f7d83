package grammar

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/testenv"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"pgregory.net/rapid"
)

// byteVocab is every byte as a token, plus a few multi-byte tokens and EOS (id 0).
func byteVocab(extra ...string) *Vocab {
	pieces := [][]byte{nil}
	for c := range 256 {
		pieces = append(pieces, []byte{byte(c)})
	}
	for _, e := range extra {
		pieces = append(pieces, []byte(e))
	}
	return NewVocab(pieces, []int32{0})
}

func validates(s *jsonschema.Schema, doc []byte) bool {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	return err == nil && s.Validate(v) == nil
}

func accepts(m *Matcher, doc string) (prefix, complete bool) {
	s, ok := m.Feed(m.Start(), []byte(doc))
	return ok, ok && s.Complete()
}

const personSchema = `{"type":"object","properties":{
 "name":{"type":"string"},
 "age":{"type":"integer"},
 "score":{"type":["number","null"]},
 "tags":{"type":"array","items":{"type":"string","enum":["a","ab","b"]}},
 "ok":{"type":"boolean"},
 "pet":{"anyOf":[{"$ref":"#/$defs/cat"},{"type":"string"}]},
 "nick":{"type":"string"}},
 "required":["name","age","score","tags","ok","pet"],
 "additionalProperties":false,
 "$defs":{"cat":{"type":"object","properties":{"lives":{"const":9},"kid":{"$ref":"#/$defs/cat"}},"required":["lives"],"additionalProperties":false}}}`

func mustMatcher(t testing.TB, schema string) *Matcher {
	t.Helper()
	var g *Grammar
	if schema == "" {
		g = JSONObject()
	} else {
		var err error
		if g, err = Compile([]byte(schema)); err != nil {
			t.Fatal(err)
		}
	}
	m, err := NewMatcher(g, byteVocab(`{"`, `":`, `"}`, `é`, "ab"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestAutomatonDocuments(t *testing.T) {
	m := mustMatcher(t, personSchema)
	tests := []struct {
		doc              string
		prefix, complete bool
	}{
		{`{"name":"x","age":3,"score":null,"tags":[],"ok":true,"pet":"rex"}`, true, true},
		{`{"name":"x\"\u00e9é","age":-0,"score":1.5,"tags":["ab","a"],"ok":false,"pet":{"lives":9,"kid":{"lives":9}},"nick":""}`, true, true},
		{`{"name":"x","age":3`, true, false},
		{`{"age":3}`, false, false},                                                               // required name missing
		{`{"name":"x","age":3.5`, false, false},                                                   // integer
		{`{"name":"x","age":01`, false, false},                                                    // leading zero
		{`{"name": "x"`, false, false},                                                            // whitespace
		{`{"name":"x","age":3,"score":null,"tags":["c"]`, false, false},                           // enum
		{`{"name":"x","age":3,"score":null,"tags":[],"ok":true,"pet":{"lives":8}}`, false, false}, // const
		{`{"name":"x","age":3,"score":null,"tags":[],"ok":true,"pet":"r","extra":1}`, false, false},
		{`{"name":"x","age":3,"score":null,"tags":[],"ok":true,"pet":"r"} `, false, false},
		{"{\"name\":\"\x01", false, false},                   // raw control character
		{"{\"name\":\"\xc3\x28", false, false},               // broken UTF-8
		{"{\"name\":\"\xed\xa0\x80", false, false},           // surrogate
		{`{"name":"\ud83d\ude00"`, false, false},             // a surrogate pair's escapes
		{`{"name":"\uDfff"`, false, false},                   // a lone surrogate's escape
		{`{"name":"\ud7ff\uE000\u00e9"`, true, false},        // around the surrogates
		{`{"name":"x","age":1234567890123456`, false, false}, // too many digits
	}
	for _, tc := range tests {
		p, c := accepts(m, tc.doc)
		if p != tc.prefix || c != tc.complete {
			t.Errorf("%s: prefix %v complete %v, want %v %v", tc.doc, p, c, tc.prefix, tc.complete)
		}
	}
	obj := mustMatcher(t, "")
	for doc, want := range map[string]bool{`{}`: true, `{"a":[1,{"b":null}],"a":"x"}`: true, `[]`: false, `"x"`: false, `{"a":}`: false} {
		if _, c := accepts(obj, doc); c != want {
			t.Errorf("json_object %s: complete %v, want %v", doc, c, want)
		}
	}
}

// TestCountedStrings: a string with length bounds alone counts JSON characters (an unescaped
// character, an escape, a UTF-8 sequence: each one), closes only from minLength on, reads
// nothing past maxLength, and is generated at most maxCountedLength long.
func TestCountedStrings(t *testing.T) {
	long := strings.Repeat("a", maxCountedLength)
	tests := []struct {
		schema, doc      string
		prefix, complete bool
	}{
		{`{"type":"string","maxLength":0}`, `""`, true, true},
		{`{"type":"string","maxLength":0}`, `"a`, false, false},
		{`{"type":"string","maxLength":3}`, `"abc"`, true, true},
		{`{"type":"string","maxLength":3}`, `"abcd`, false, false},
		{`{"type":"string","maxLength":3}`, `"é\n\u0041"`, true, true},
		{`{"type":"string","maxLength":3}`, `"é\n\u0041\`, false, false},
		{`{"type":"string","maxLength":3}`, "\"ab\xe2\x82\xac\"", true, true},
		{`{"type":"string","maxLength":3}`, "\"abc\xe2", false, false},
		{`{"type":"string","minLength":2}`, `"a`, true, false},
		{`{"type":"string","minLength":2}`, `"a"`, false, false},
		{`{"type":"string","minLength":2}`, `"\"\\"`, true, true},
		{`{"type":"string","minLength":2,"maxLength":2}`, `"aé"`, true, true},
		{`{"type":"string","minLength":2,"maxLength":2}`, `"aéb`, false, false},
		{`{"type":"string","minLength":1,"maxLength":5000}`, `"` + long + `"`, true, true},
		{`{"type":"string","minLength":1,"maxLength":5000}`, `"` + long + `a`, false, false},
		{`{"type":"object","properties":{"a":{"type":"string","minLength":1}},"required":["a"]}`, `{"a":""}`, false, false},
		{`{"type":"object","properties":{"a":{"type":"string","minLength":1}},"required":["a"]}`, `{"a":"x"}`, true, true},
	}
	for _, tc := range tests {
		p, c := accepts(mustMatcher(t, tc.schema), tc.doc)
		if p != tc.prefix || c != tc.complete {
			t.Errorf("%s: %s: prefix %v complete %v, want %v %v", tc.schema, tc.doc, p, c, tc.prefix, tc.complete)
		}
	}
	// The shortest completion counts the characters minLength still asks for.
	m := mustMatcher(t, `{"type":"object","properties":{"a":{"type":"string","minLength":4}},"required":["a"]}`)
	for doc, want := range map[string]int{`{"a":`: 7, `{"a":"`: 6, `{"a":"ab`: 4, `{"a":"ab\`: 4, `{"a":"abcd`: 2, `{"a":"abcde`: 2} {
		if s, ok := m.Feed(m.Start(), []byte(doc)); !ok || s.Cost() != want {
			t.Errorf("after %s: cost %d (ok %v), want %d", doc, s.Cost(), ok, want)
		}
	}
}

func TestCompileRefusesUnsupported(t *testing.T) {
	tests := []struct{ schema, keyword string }{
		{`{"type":"string","pattern":"(?!a)b"}`, "pattern"},
		{`{"type":"string","pattern":"(a)\\1"}`, "pattern"},
		{`{"type":"string","pattern":"a^b"}`, "pattern"},
		{`{"type":"string","pattern":"\\p{L}"}`, "pattern"},
		{`{"type":"string","pattern":"a{3}{1000}{1000}"}`, "pattern"},
		{`{"type":"object","properties":{"a":{"type":"string","format":"regex"}}}`, "format"},
		{`{"type":"string","minLength":2000}`, "minLength"},
		{`{"allOf":[{"type":"string"}]}`, "allOf"},
		{`{"oneOf":[{"type":"string"},{"type":"string","minLength":2}]}`, "oneOf"},
		{`{"oneOf":[{"type":"object","properties":{"k":{"const":1}},"required":["k"]},{"type":"object","properties":{"k":{"enum":[2,1]}},"required":["k"]}]}`, "oneOf"},
		{`{"type":"array","items":{"type":"string"},"minItems":3,"maxItems":2}`, "maxItems"},
		{`{"type":"array","prefixItems":[{"type":"string"}],"items":false,"minItems":2}`, "maxItems"},
		{`{"type":"object","additionalProperties":{"type":"string","format":"regex"}}`, "format"},
		{`{"type":"array","prefixItems":[{"type":"string"}],"items":[{"type":"string"}]}`, "prefixItems"},
		{`{"type":"array","items":{"type":"string"},"additionalItems":false}`, "additionalItems"},
		{`{"type":"array","prefixItems":[{"type":"string"}],"additionalItems":false}`, "additionalItems"},
		{`{"type":"array","items":[{"type":"string"}],"additionalItems":[{"type":"string"}]}`, "additionalItems"},
		{`{"enum":[["a"]],"additionalItems":false}`, "additionalItems"},
		{`{"type":"object","propertyNames":{"pattern":"^a"}}`, "propertyNames"},
		{`{"type":"object","minProperties":1}`, "minProperties"},
		{`{"type":"integer","enum":[1,50],"minimum":10}`, "minimum"},
		{`{"$ref":"http://example.com/s.json"}`, "$ref"},
		{`{"$ref":"#"}`, "$ref"},
		{`{"type":"object","properties":{"a":{"$ref":"#"}},"required":["a"]}`, "$ref"},
		{`{"type":"object","properties":{},"required":["a"]}`, "required"},
		{`{"type":"str"}`, "type"},
		{`{"anyOf":[{"type":"string"}],"type":"string"}`, "anyOf"},
		{`false`, "false"},
		{`{"enum":[` + strings.Repeat(`1,`, 1024) + `2]}`, "anyOf"},
		{`{"$defs":{"a":{"anyOf":[{"$ref":"#/$defs/b"},{"$ref":"#/$defs/b"}]},"b":{"anyOf":[{"$ref":"#/$defs/c"},{"$ref":"#/$defs/c"}]},"c":{"anyOf":[{"$ref":"#/$defs/d"},{"$ref":"#/$defs/d"}]},"d":{"enum":[` + strings.Repeat(`1,`, 200) + `2]}},"$ref":"#/$defs/a"}`, "anyOf"},
		{strings.Repeat(`{"items":`, 100) + `{}` + strings.Repeat(`}`, 100), ""},
	}
	for _, tc := range tests {
		_, err := Compile([]byte(tc.schema))
		var se *SchemaError
		if !errors.As(err, &se) || se.Keyword != tc.keyword {
			t.Errorf("%s: got %v, want a SchemaError on %q", tc.schema, err, tc.keyword)
		}
	}
}

// genValue draws a value valid under the schema node n (compact, declared order).
func genValue(t *rapid.T, n *node, depth int) string {
	switch n.kind {
	case kAnyOf:
		var ok []*node
		for _, a := range n.alts {
			if a.minLen < inf && (depth < 4 || a.kind != kObject || a.minLen < 40) {
				ok = append(ok, a)
			}
		}
		return genValue(t, rapid.SampledFrom(ok).Draw(t, "alt"), depth)
	case kLiteral:
		return string(n.lit)
	case kLitSet:
		return string(rapid.SampledFrom(n.set).Draw(t, "value"))
	case kRegular:
		return genRegular(t, n.dfa)
	case kString:
		s := rapid.String().Draw(t, "s")
		if n.bounded || n.minChars > 0 {
			hi := n.minChars + 8
			if n.bounded {
				hi = min(hi, n.maxChars)
			}
			s = rapid.StringN(n.minChars, hi, -1).Draw(t, "counted")
		}
		b, _ := json.Marshal(s)
		if !bytes.ContainsRune(b, '\\') && rapid.Bool().Draw(t, "esc") {
			b = []byte(strings.ReplaceAll(string(b), "a", `\u0061`))
		}
		return string(b)
	case kInteger:
		return fmt.Sprint(rapid.Int64Range(-1e14, 1e14).Draw(t, "i"))
	case kNumber:
		return fmt.Sprintf("%d.%d", rapid.Int64Range(-1e9, 1e9).Draw(t, "n"), rapid.IntRange(0, 999).Draw(t, "f"))
	case kArray:
		hi := n.minItems + max(0, 3-depth)
		if n.maxItems >= 0 {
			hi = min(hi, n.maxItems)
		}
		k := rapid.IntRange(n.minItems, hi).Draw(t, "len")
		var parts []string
		for j := range k {
			parts = append(parts, genValue(t, n.itemAt(j), depth+1))
		}
		return "[" + strings.Join(parts, ",") + "]"
	case kFreeObject:
		k := rapid.IntRange(0, max(0, 3-depth)).Draw(t, "len")
		var parts []string
		for range k {
			key, _ := json.Marshal(rapid.String().Draw(t, "k"))
			parts = append(parts, string(key)+":"+genValue(t, n.items, depth+1))
		}
		return "{" + strings.Join(parts, ",") + "}"
	case kObject:
		var parts []string
		for _, p := range n.props {
			if p.required || (depth < 4 && rapid.Bool().Draw(t, "opt")) {
				parts = append(parts, string(p.key)+genValue(t, p.val, depth+1))
			}
		}
		return "{" + strings.Join(parts, ",") + "}"
	}
	panic("kind")
}

// genRegular walks d from its start to an accepting state on random bytes, heading for the
// nearest accepting state once the value is long.
func genRegular(t *rapid.T, d *dfa) string {
	var out []byte
	for s := int32(0); ; {
		var next []byte
		for b := range 256 {
			if u := d.step(s, byte(b)); u >= 0 && (len(out) < 24 || d.dist[u] < d.dist[s]) {
				next = append(next, byte(b))
			}
		}
		if d.accept[s] && (len(next) == 0 || rapid.IntRange(0, 3).Draw(t, "stop") == 0) {
			return string(out)
		}
		b := rapid.SampledFrom(next).Draw(t, "byte")
		out, s = append(out, b), d.step(s, b)
	}
}

var propSchemas = []string{personSchema, "",
	`{"type":"string","minLength":2,"maxLength":6,"pattern":"^[a-zé\"\\\\]+$"}`,
	`{"type":"array","prefixItems":[{"type":"string","format":"date"},{"type":"number","minimum":-1.5,"exclusiveMaximum":2}],"items":{"type":"string","maxLength":2},"maxItems":4}`,
	`{"type":"object","properties":{"i":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991},"n":{"type":"number","exclusiveMinimum":-2.5,"maximum":1000},"m":{"type":"integer","minimum":5,"exclusiveMaximum":500,"multipleOf":7}},"required":["i","n","m"]}`,
	`{"type":"array","items":{"anyOf":[{"type":"integer"},{"type":"object","properties":{"x":{"type":"number"},"y":{"type":"boolean"}},"required":["y"]}]}}`,
	`{"type":"object","properties":{"a":{"type":"string"},"ab":{"type":"string"},"abc":{"type":"integer"}},"additionalProperties":false}`,
	`{"enum":["x",1,null,{"k":[true]}]}`,
}

// propMatcher is mustMatcher with the validator of the same schema ("" is JSON mode: any object).
func propMatcher(t *testing.T, schema string) (*Matcher, *jsonschema.Schema) {
	t.Helper()
	vs := `{"type":"object"}`
	if schema != "" {
		vs = schema
	}
	return mustMatcher(t, schema), testenv.CompileSchema(t, vs)
}

// Every schema-valid value, serialised compactly in declared order, is accepted; every strict
// prefix is an incomplete prefix; and whatever the automaton accepts after a random mutation
// validates (it never accepts an invalid document).
func TestAutomatonProperty(t *testing.T) {
	for i, schema := range propSchemas {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			m, val := propMatcher(t, schema)
			rapid.Check(t, func(t *rapid.T) {
				doc := genValue(t, m.g.root, 0)
				if !validates(val, []byte(doc)) {
					t.Fatalf("generator made an invalid document %s", doc)
				}
				s := m.Start()
				for k := 0; k < len(doc); k++ {
					var ok bool
					if s, ok = m.Feed(s, []byte{doc[k]}); !ok {
						t.Fatalf("%s refused at byte %d", doc, k)
					}
					if k < len(doc)-1 && s.Complete() && doc[0] != '-' && (doc[0] < '0' || doc[0] > '9') {
						t.Fatalf("%s: prefix %q is complete", doc, doc[:k+1])
					}
				}
				if !s.Complete() {
					t.Fatalf("%s not complete", doc)
				}
				mut := []byte(doc)
				switch rapid.IntRange(0, 2).Draw(t, "op") {
				case 0:
					mut[rapid.IntRange(0, len(mut)-1).Draw(t, "at")] = rapid.Byte().Draw(t, "b")
				case 1:
					at := rapid.IntRange(0, len(mut)).Draw(t, "at")
					mut = append(mut[:at:at], append([]byte{rapid.Byte().Draw(t, "b")}, mut[at:]...)...)
				case 2:
					at := rapid.IntRange(0, len(mut)-1).Draw(t, "at")
					mut = append(mut[:at:at], mut[at+1:]...)
				}
				if _, c := accepts(m, string(mut)); c && !validates(val, mut) {
					t.Fatalf("accepted invalid %q (from %s)", mut, doc)
				}
			})
		})
	}
}

// A "model" drawing uniformly among the allowed tokens always ends with EOS within max_tokens,
// and its output validates: the constraint reserves the budget to close the document.
func TestConstraintAlwaysCloses(t *testing.T) {
	for i, schema := range propSchemas {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			m, val := propMatcher(t, schema)
			need := m.Start().Cost() + 1
			rapid.Check(t, func(t *rapid.T) {
				maxTokens := rapid.IntRange(need, need+60).Draw(t, "max")
				c, err := m.NewConstraint(maxTokens)
				if err != nil {
					t.Fatal(err)
				}
				var out []byte
				for n := 0; ; n++ {
					if n == maxTokens {
						t.Fatalf("no EOS within %d tokens: %q", maxTokens, out)
					}
					allowed := c.Allowed()
					if len(allowed) == 0 {
						t.Fatalf("nothing allowed after %q", out)
					}
					id := allowed[rapid.IntRange(0, len(allowed)-1).Draw(t, "tok")]
					c.Advance(id)
					if id == 0 {
						break
					}
					out = append(out, m.v.pieces[id]...)
				}
				if !validates(val, out) {
					t.Fatalf("invalid output %q", out)
				}
			})
			if _, err := m.NewConstraint(need - 1); err == nil {
				t.Errorf("max_tokens %d below the shortest document was accepted", need-1)
			}
		})
	}
}

// genSchema draws a schema of the supported subset; property names share prefixes so that keys
// are told apart only late.
func genSchema(t *rapid.T, depth int) string {
	scalars := []string{`{"type":"string"}`, `{"type":"integer"}`, `{"type":"number"}`, `{"type":"boolean"}`,
		`{"type":"null"}`, `{"type":["string","null"]}`, `{"enum":["a","ab",1,null]}`, `{"const":"x"}`,
		`{"type":"string","enum":["é","e"]}`, `{}`}
	kind := rapid.IntRange(0, 3).Draw(t, "kind")
	if depth >= 3 || kind == 0 {
		return rapid.SampledFrom(scalars).Draw(t, "scalar")
	}
	switch kind {
	case 1:
		return `{"type":"array","items":` + genSchema(t, depth+1) + `}`
	case 2:
		names := rapid.SliceOfNDistinct(rapid.SampledFrom([]string{"a", "ab", "abc", "b", "é", "a\"b"}), 0, 4, rapid.ID[string]).Draw(t, "props")
		var props, req []string
		for _, n := range names {
			k, _ := json.Marshal(n)
			props = append(props, string(k)+":"+genSchema(t, depth+1))
			if rapid.Bool().Draw(t, "req") {
				req = append(req, string(k))
			}
		}
		return `{"type":"object","properties":{` + strings.Join(props, ",") + `},"required":[` + strings.Join(req, ",") + `],"additionalProperties":false}`
	}
	alts := []string{genSchema(t, depth+1), genSchema(t, depth+1)}
	return `{"anyOf":[` + strings.Join(alts, ",") + `]}`
}

// TestAutomatonRandomSchemas: for random schemas, every value the compiled grammar describes
// validates (the compiler reads schemas right), is accepted, and mutations the automaton
// accepts validate too.
func TestAutomatonRandomSchemas(t *testing.T) {
	v := byteVocab(`{"`, `":`, `"}`, "ab")
	rapid.Check(t, func(t *rapid.T) {
		schema := genSchema(t, 0)
		g, err := Compile([]byte(schema))
		if err != nil {
			t.Fatalf("%s: %v", schema, err)
		}
		m, err := NewMatcher(g, v)
		if err != nil {
			t.Fatal(err)
		}
		val := testenv.CompileSchema(t, schema)
		for range 5 {
			doc := genValue(t, g.root, 0)
			if !validates(val, []byte(doc)) {
				t.Fatalf("schema %s: the grammar describes an invalid document %s", schema, doc)
			}
			if _, c := accepts(m, doc); !c {
				t.Fatalf("schema %s: %s refused", schema, doc)
			}
			mut := []byte(doc)
			at := rapid.IntRange(0, len(mut)-1).Draw(t, "at")
			mut[at] = rapid.SampledFrom([]byte(`{}[],:"0a-.\ é`)).Draw(t, "b")
			if _, c := accepts(m, string(mut)); c && !validates(val, mut) {
				t.Fatalf("schema %s: accepted invalid %q", schema, mut)
			}
		}
	})
}

// TestWrap: a wrapped grammar (a tool call's markup around its JSON) accepts exactly prefix,
// document, suffix; its markup counts as the fewest tokens that spell it, not as its bytes; and
// its constraints close it with the suffix within max_tokens, from the shortest max_tokens on.
func TestWrap(t *testing.T) {
	markup := []string{"<tool_call>", "</tool_call>", "\n<"}
	isToken := func(b []byte) bool { return slices.Contains(markup, string(b)) }
	for _, schema := range []string{`{"type":"object","properties":{"name":{"const":"get"},"arguments":{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}},"required":["name","arguments"]}`, `{"type":"integer"}`} {
		g, err := Compile([]byte(schema))
		if err != nil {
			t.Fatal(err)
		}
		w := g.Wrap("<tool_call>\n", "\n</tool_call>", isToken)
		m, err := NewMatcher(w, byteVocab(markup...))
		if err != nil {
			t.Fatal(err)
		}
		byBytes, err := NewMatcher(g.Wrap("<tool_call>\n", "\n</tool_call>", nil), byteVocab(markup...))
		if err != nil {
			t.Fatal(err)
		}
		// "<tool_call>" "\n" and "\n" "</tool_call>": 4 tokens where the bytes are 25.
		if got, want := m.Start().Cost(), byBytes.Start().Cost()-25+4; got != want {
			t.Errorf("%s: shortest call %d tokens, want %d", schema, got, want)
		}
		doc := `{"name":"get","arguments":{"n":12}}`
		if schema == `{"type":"integer"}` {
			doc = "-12"
		}
		for _, tc := range []struct {
			doc      string
			complete bool
		}{
			{"<tool_call>\n" + doc + "\n</tool_call>", true},
			{"<tool_call>\n" + doc, false},
			{doc + "\n</tool_call>", false},
			{"<tool_call>\n" + doc + "\n</tool_call>\n", false},
		} {
			if _, c := accepts(m, tc.doc); c != tc.complete {
				t.Errorf("%q: complete %v", tc.doc, c)
			}
		}
		val := testenv.CompileSchema(t, schema)
		rapid.Check(t, func(t *rapid.T) {
			need := m.Start().Cost() + 1
			c, err := m.NewConstraint(rapid.IntRange(need, need+30).Draw(t, "max"))
			if err != nil {
				t.Fatal(err)
			}
			var out []byte
			for {
				allowed := c.Allowed()
				id := allowed[rapid.IntRange(0, len(allowed)-1).Draw(t, "tok")]
				c.Advance(id)
				if id == 0 {
					break
				}
				out = append(out, m.v.pieces[id]...)
			}
			body, ok := strings.CutPrefix(string(out), "<tool_call>\n")
			body, ok2 := strings.CutSuffix(body, "\n</tool_call>")
			if !ok || !ok2 || !validates(val, []byte(body)) {
				t.Fatalf("%q", out)
			}
		})
	}
}
