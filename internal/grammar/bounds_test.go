package grammar

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/testenv"
	"github.com/kvwarden/kvwarden/internal/testenv/testtok"
	"pgregory.net/rapid"
)

// TestCompileLinear: the exponential $defs chains compile (objects: every path is a real
// document shape, but the checks are memoised) or are refused (anyOf: more than maxAlts
// alternatives in one place) in well under a second, where walking every path took minutes.
func TestCompileLinear(t *testing.T) {
	for _, n := range []int{24, 28} {
		for _, object := range []bool{false, true} {
			t.Run(fmt.Sprintf("N=%d/object=%v", n, object), func(t *testing.T) {
				start := time.Now()
				g, err := Compile([]byte(testenv.DefsChain(n, object)))
				took := time.Since(start)
				var se *SchemaError
				switch {
				case object && err != nil:
					t.Fatalf("refused: %v", err)
				case object:
					if _, ok := mustMatcherOf(t, g).Feed(mustMatcherOf(t, g).Start(), []byte(`{"a":{"a":{"a":{"a":{`)); !ok {
						t.Error("a nested document was refused")
					}
				case !errors.As(err, &se) || se.Keyword != "anyOf":
					t.Fatalf("got %v, want a SchemaError on anyOf", err)
				}
				if took > time.Second {
					t.Errorf("took %v, want well under a second", took)
				}
			})
		}
	}
}

func mustMatcherOf(t testing.TB, g *Grammar) *Matcher {
	t.Helper()
	m, err := NewMatcher(g, byteVocab())
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestLiveStackBound: finding 1's schema is refused at compile time, naming the bound, for K=32
// and 128; at K=8 (64 stacks, the bound) it compiles, and the state inside the inner string
// holds exactly K×K stacks, which the estimate bounds.
func TestLiveStackBound(t *testing.T) {
	for _, k := range []int{9, 32, 128} {
		_, err := Compile([]byte(testenv.NestedAnyOf(k)))
		var se *SchemaError
		if !errors.As(err, &se) || !strings.Contains(se.Error(), fmt.Sprintf("more than %d stacks", MaxLiveStacks)) {
			t.Errorf("K=%d: got %v, want a SchemaError naming the live-stack bound", k, err)
		}
	}
	// What the bounds still accept and refuse: an enum is one stack whatever its values; an
	// object's optional keys are read side by side but decided within the key, so they count
	// against MaxStacks only.
	var values, props []string
	for i := range 1000 {
		values = append(values, fmt.Sprintf(`"v%d"`, i))
	}
	for i := range 200 {
		props = append(props, fmt.Sprintf(`"p%d":{"type":"string"}`, i))
	}
	wide := `{"type":"object","properties":{` + strings.Join(props, ",") + `}}`
	for _, tc := range []struct {
		schema, refusal string
	}{
		{`{"enum":[` + strings.Join(values, ",") + `]}`, ""},
		{wide, ""},
		{`{"anyOf":[` + strings.Repeat(wide+",", 5) + wide + `]}`, "stack bound"},
	} {
		g, err := Compile([]byte(tc.schema))
		switch {
		case tc.refusal == "" && err != nil:
			t.Errorf("%.80s: refused: %v", tc.schema, err)
		case tc.refusal != "" && (err == nil || !strings.Contains(err.Error(), tc.refusal)):
			t.Errorf("%.80s: got %v, want a refusal naming the %s", tc.schema, err, tc.refusal)
		case err == nil && tc.schema[2] == 'e':
			if s, ok := mustMatcherOf(t, g).Feed(mustMatcherOf(t, g).Start(), []byte(`"v1`)); !ok || len(s.stacks) != 1 {
				t.Errorf("the enum after \"v1: ok %v, %d stacks, want 1", ok, len(s.stacks))
			}
		}
	}

	g, err := Compile([]byte(testenv.NestedAnyOf(8)))
	if err != nil {
		t.Fatal(err)
	}
	m := mustMatcherOf(t, g)
	s, ok := m.Feed(m.Start(), []byte(`{"a":{"x":"abc`))
	if !ok || len(s.stacks) != 64 || g.live < 64 || g.live > MaxStacks {
		t.Errorf("inside the inner string: ok %v, %d stacks, estimate %d; want 64 stacks within the estimate", ok, len(s.stacks), g.live)
	}
}

// TestLiveStackCap: a grammar built past the compiler's check (as a missed estimate would be)
// still never holds more than MaxStacks stacks: Feed refuses the state, the token walk
// allows no token into it, and the constraint says why it cannot go on.
func TestLiveStackCap(t *testing.T) {
	c := newCompiler(nil)
	root := c.newNode(kAnyOf)
	for range MaxStacks + 1 {
		s := c.newNode(kString)
		s.minLen = 2
		root.alts = append(root.alts, s)
	}
	root.minLen = 2
	m := mustMatcherOf(t, &Grammar{root: root, nodes: c.nodes, live: MaxStacks})
	if _, err := m.feed(m.Start(), []byte(`"`)); !errors.Is(err, errLiveStacks) {
		t.Errorf("Feed: got %v, want the live-stack error", err)
	}
	con, err := m.NewConstraint(16)
	if err != nil {
		t.Fatal(err)
	}
	if a := con.Allowed(); len(a) != 0 {
		t.Errorf("allowed %d tokens into a state past the bound", len(a))
	}
	if err := con.Err(); !errors.Is(err, errNoToken) {
		t.Errorf("Err: got %v, want the bound's error", err)
	}
}

// TestCompileBudget: a schema that costs more than the budget is refused naming it, and a
// cancelled context stops compilation at its next check.
func TestCompileBudget(t *testing.T) {
	costly := testenv.CostlySchema()
	_, err := Compile([]byte(costly))
	var se *SchemaError
	if !errors.As(err, &se) || !strings.Contains(se.Reason, fmt.Sprintf("compile budget of %d work units", CompileBudget)) {
		t.Errorf("got %v, want a SchemaError naming the compile budget", err)
	}

	ctx := &cancelAfter{Context: context.Background(), checks: 3}
	if _, err := CompileContext(ctx, []byte(costly)); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled compilation: got %v, want context.Canceled", err)
	}
	if n := ctx.calls.Load(); n != 4 {
		t.Errorf("the context was checked %d times, want it to stop at the check after the cancellation (4)", n)
	}
}

// cancelAfter is a context that reports cancellation from its checks+1'th Err on.
type cancelAfter struct {
	context.Context
	checks int64
	calls  atomic.Int64
}

func (c *cancelAfter) Err() error {
	if c.calls.Add(1) > c.checks {
		return context.Canceled
	}
	return nil
}

// genAmbiguous draws a schema of the supported subset built to leave alternatives undecided:
// anyOfs of objects that share keys, of strings and arrays, with shared $defs referenced from
// several places and recursion through objects.
func genAmbiguous(t *rapid.T) string {
	keys := []string{"a", "b", "ab"}
	var defs []string
	nd := rapid.IntRange(1, 4).Draw(t, "defs")
	var gen func(depth int) string
	gen = func(depth int) string {
		switch k := rapid.IntRange(0, 5).Draw(t, "kind"); {
		case depth >= 3 || k == 0:
			return rapid.SampledFrom([]string{`{"type":"string"}`, `{"type":"integer"}`, `{"enum":["a","ab",1]}`, `{}`,
				`{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991}`, `{"type":"number","exclusiveMinimum":0,"maximum":10}`, `{"type":"integer","minimum":1,"multipleOf":3}`,
				`{"type":"string","format":"date-time"}`, `{"type":"string","format":"email"}`, `{"type":"string","minLength":1,"maxLength":4}`, `{"type":"string","pattern":"^a[b-d]*$"}`, `{"type":"string","pattern":"ab"}`,
				`{"type":"string","minLength":2}`, `{"type":"string","maxLength":0}`, `{"type":"string","minLength":3,"maxLength":3}`,
				`{"type":"array","items":{"type":"string"},"minItems":1,"maxItems":3}`, `{"type":"array","prefixItems":[{"type":"integer"},{"enum":["a","ab"]}],"items":false}`,
				`{"type":"object","additionalProperties":{"type":"integer","minimum":0}}`}).Draw(t, "leaf")
		case k == 1:
			return fmt.Sprintf(`{"$ref":"#/$defs/d%d"}`, rapid.IntRange(0, nd-1).Draw(t, "ref"))
		case k == 2:
			return `{"type":"array","items":` + gen(depth+1) + `}`
		case k == 3:
			var alts []string
			for range rapid.IntRange(1, 6).Draw(t, "alts") {
				alts = append(alts, gen(depth+1))
			}
			return `{"anyOf":[` + strings.Join(alts, ",") + `]}`
		default:
			var props, req []string
			for _, key := range rapid.SliceOfNDistinct(rapid.SampledFrom(keys), 1, 3, rapid.ID[string]).Draw(t, "keys") {
				props = append(props, fmt.Sprintf("%q:%s", key, gen(depth+1)))
				if rapid.Bool().Draw(t, "req") {
					req = append(req, fmt.Sprintf("%q", key))
				}
			}
			return `{"type":"object","properties":{` + strings.Join(props, ",") + `},"required":[` + strings.Join(req, ",") + `]}`
		}
	}
	root := gen(0)
	for i := range nd {
		// A definition is an object or an anyOf of objects, so that references recurse through
		// containers (an anyOf-only cycle is refused, which is tested elsewhere).
		var alts []string
		for range rapid.IntRange(1, 4).Draw(t, "defAlts") {
			alts = append(alts, fmt.Sprintf(`{"type":"object","properties":{%q:%s}}`, rapid.SampledFrom(keys).Draw(t, "defKey"), gen(1)))
		}
		defs = append(defs, fmt.Sprintf(`"d%d":{"anyOf":[%s]}`, i, strings.Join(alts, ",")))
	}
	var doc map[string]json.RawMessage
	if json.Unmarshal([]byte(root), &doc) != nil {
		return root // a boolean or non-object schema: cannot carry $defs
	}
	return `{"$defs":{` + strings.Join(defs, ",") + `},"anyOf":[` + root + `]}`
}

// TestBoundsProperty: every random schema from the supported subset either compiles within the
// compile budget into a grammar whose states never hold more stacks than its compile-time
// estimate, itself within MaxStacks (so each state's token walk is bounded), every state
// allowing some token; or it is refused at compile time with a SchemaError.
func TestBoundsProperty(t *testing.T) {
	v := byteVocab(`{"`, `":`, `"}`, "ab", `":"`, `"],"`)
	rapid.Check(t, func(t *rapid.T) {
		schema := genAmbiguous(t)
		g, err := Compile([]byte(schema)) // within CompileBudget work units, or refused
		if err != nil {
			var se *SchemaError
			if !errors.As(err, &se) {
				t.Fatalf("%s: refused without a SchemaError: %v", schema, err)
			}
			return
		}
		if g.live > MaxStacks {
			t.Fatalf("estimate %d past the bound", g.live)
		}
		m, err := NewMatcher(g, v)
		if err != nil {
			t.Fatal(err)
		}
		for range 3 {
			doc := genValue(t, g.root, 0)
			s := m.Start()
			for k := range len(doc) {
				var ok bool
				if s, ok = m.Feed(s, []byte{doc[k]}); !ok {
					t.Fatalf("%s: %s refused at byte %d", schema, doc, k)
				}
				// The walk steps each stack: the estimate bounds its work per trie node.
				if len(s.stacks) > g.live {
					t.Fatalf("%s: after %q, %d stacks, above the estimate %d", schema, doc[:k+1], len(s.stacks), g.live)
				}
				if len(m.entry(s).ids) == 0 {
					t.Fatalf("%s: no token allowed after %q", schema, doc[:k+1])
				}
			}
		}
	})
}

// trickyVocab has, beside every byte, tokens that open, continue and close strings in every
// way: escapes cut anywhere, partial UTF-8, quotes inside and at the ends, structure after them.
func trickyVocab() *Vocab {
	return byteVocab(`"`, `a"`, `"}`, `\"`, `\\`, `\u00`, `u0061`, "\xc3", "\xa9", "\xc3\xa9", "\xe2\x82", "\xac\"",
		`ab"c`, `",`, `":"`, `x\"y"`, "a\nb", `"]`, `"],"`, `{"`, `":`, `"a":"`, `\`, `"a`, `é"}`, `1"`, `"":`)
}

// countedSchemas are length-bounded plain strings (counted outside the lexer state), alone and
// where their close meets structure or another counted string's stacks.
var countedSchemas = []string{
	`{"type":"string","maxLength":0}`,
	`{"type":"string","maxLength":1}`,
	`{"type":"string","minLength":1}`,
	`{"type":"string","minLength":5,"maxLength":5}`,
	`{"type":"string","minLength":1,"maxLength":200}`,
	`{"type":"string","minLength":200}`,
	`{"type":"object","properties":{"a":{"type":"string","maxLength":2},"b":{"type":"string","minLength":1,"maxLength":5}},"required":["b"]}`,
	`{"type":"array","items":{"type":"string","minLength":1,"maxLength":3},"maxItems":3}`,
	`{"anyOf":[{"type":"string","maxLength":1},{"type":"string","minLength":3,"maxLength":4},{"type":"string"}]}`,
}

// TestWalkMatchesFeed: the token sets the walk computes (body tables and pruned subtrees
// included) are exactly the tokens Feed accepts from the state, each with the cost of the state
// it leads to, on random states of random schemas.
func TestWalkMatchesFeed(t *testing.T) {
	v := trickyVocab()
	rapid.Check(t, func(t *rapid.T) {
		schemas := append(append([]string{genAmbiguous(t)}, propSchemas...), countedSchemas...)
		schema := rapid.SampledFrom(schemas).Draw(t, "schema")
		var g *Grammar
		var err error
		if schema == "" {
			g = JSONObject()
		} else if g, err = Compile([]byte(schema)); err != nil {
			return // refused: nothing to walk
		}
		m, err := NewMatcher(g, v)
		if err != nil {
			t.Fatal(err)
		}
		doc := genValue(t, g.root, 0)
		s, ok := m.Feed(m.Start(), []byte(doc[:rapid.IntRange(0, len(doc)).Draw(t, "cut")]))
		if !ok {
			t.Fatalf("%s: prefix of %s refused", schema, doc)
		}
		if err := walkMatchesFeed(m, s); err != nil {
			t.Fatalf("%s after a prefix of %q: %v", schema, doc, err)
		}
	})
}

// TestWalkMatchesFeedQwen: the same on Qwen's vocabulary, from states inside counted strings:
// at, below and past their bounds, inside escapes and UTF-8 sequences, and where the closing
// quote meets the structure after it.
func TestWalkMatchesFeedQwen(t *testing.T) {
	tok, _ := testtok.Load(t, "qwen2-tiny-random.gguf")
	v := VocabOf(tok, 151936)
	a199 := `"` + strings.Repeat("a", 199)
	cases := []struct{ schema, prefix string }{
		{`{"type":"string","maxLength":0}`, `"`},
		{`{"type":"string","maxLength":1}`, `"\`},
		{`{"type":"string","maxLength":5}`, `"ab\u00`},
		{`{"type":"string","maxLength":5}`, "\"abc\xe2\x82"},
		{`{"type":"string","minLength":5,"maxLength":5}`, `"é\"`},
		{`{"type":"string","minLength":1,"maxLength":200}`, `"`},
		{`{"type":"string","minLength":1,"maxLength":200}`, a199},
		{`{"type":"string","minLength":200}`, a199},
		{`{"type":"object","properties":{"a":{"type":"string","maxLength":2},"b":{"type":"string","minLength":1,"maxLength":5}},"required":["b"]}`, `{"a":"x`},
		{`{"anyOf":[{"type":"string","maxLength":1},{"type":"string","minLength":3,"maxLength":4},{"type":"string"}]}`, `"ab`},
	}
	for _, c := range cases {
		g, err := Compile([]byte(c.schema))
		if err != nil {
			t.Fatal(err)
		}
		m, err := NewMatcher(g, v)
		if err != nil {
			t.Fatal(err)
		}
		s, ok := m.Feed(m.Start(), []byte(c.prefix))
		if !ok {
			t.Fatalf("%s: %q refused", c.schema, c.prefix)
		}
		if err := walkMatchesFeed(m, s); err != nil {
			t.Errorf("%s after %q: %v", c.schema, c.prefix, err)
		}
	}
}

// walkMatchesFeed compares s's walk with Feed, token by token.
func walkMatchesFeed(m *Matcher, s State) error {
	v := m.v
	e := m.walk(s)
	got := map[int32]int32{}
	for k, end := range e.ends {
		from := int32(0)
		if k > 0 {
			from = e.ends[k-1]
		}
		for _, id := range e.ids[from:end] {
			got[id] = e.costs[k]
		}
	}
	for id, p := range v.pieces {
		want := int32(-2)
		if slices.Contains(v.eos, int32(id)) {
			if s.Complete() {
				want = -1
			}
		} else if len(p) > 0 {
			if next, err := m.feed(s, p); err == nil && next.Cost() < inf {
				want = int32(next.Cost())
			}
		}
		c, ok := got[int32(id)]
		if !ok {
			c = -2
		}
		if c != want {
			return fmt.Errorf("token %q: walk cost %d, Feed %d", p, c, want)
		}
	}
	return nil
}

// TestCountedStringWalkWork: a state inside a length-bounded string walks only the trie paths to
// a closing quote, as a plain string does, not the whole trie once per character position.
func TestCountedStringWalkWork(t *testing.T) {
	tok, _ := testtok.Load(t, "qwen2-tiny-random.gguf")
	v := VocabOf(tok, 151936)
	plain := walkWork(t, v, `{"type":"string"}`, `"hello`)
	for _, c := range []struct{ schema, prefix string }{
		{`{"type":"string","maxLength":200}`, `"`},
		{`{"type":"string","maxLength":200}`, `"hello`},
		{`{"type":"string","minLength":1,"maxLength":200}`, `"hello wor`},
		{`{"type":"string","minLength":5,"maxLength":5}`, `"ab`},
		{`{"type":"object","properties":{"name":{"type":"string","minLength":1,"maxLength":200}},"required":["name"]}`, `{"name":"Ada`},
	} {
		// Within twice the plain string's walk (a count can only prune it), and far below the
		// trie, which a walk per position visits nearly whole.
		n := walkWork(t, v, c.schema, c.prefix)
		t.Logf("%s after %q: %d trie nodes entered (plain string: %d, trie: %d)", c.schema, c.prefix, n, plain, len(v.nodes))
		if n > 2*plain || n > len(v.nodes)/20 {
			t.Errorf("%s after %q: the walk entered %d trie nodes (plain string: %d, trie: %d)", c.schema, c.prefix, n, plain, len(v.nodes))
		}
	}
}

// walkWork is the trie nodes the walk of schema's state after prefix enters.
func walkWork(t *testing.T, v *Vocab, schema, prefix string) int {
	t.Helper()
	g, err := Compile([]byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewMatcher(g, v)
	if err != nil {
		t.Fatal(err)
	}
	s, ok := m.Feed(m.Start(), []byte(prefix))
	if !ok {
		t.Fatalf("%s: %q refused", schema, prefix)
	}
	return m.walk(s).visited
}

// TestCountedStringStatesShareMasks: the counts of a length-bounded string past its minimum and
// with room for more characters than the longest token share one cache key, and their walks
// are the same; nearer the bounds each count has its own.
func TestCountedStringStatesShareMasks(t *testing.T) {
	v := trickyVocab()
	g, err := Compile([]byte(`{"type":"object","properties":{"s":{"type":"string","minLength":2,"maxLength":20}},"required":["s"]}`))
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewMatcher(g, v)
	if err != nil {
		t.Fatal(err)
	}
	shared := ""
	seen := map[string]int{}
	for k := 0; k <= 20; k++ {
		s, ok := m.Feed(m.Start(), []byte(`{"s":"`+strings.Repeat("a", k)))
		if !ok {
			t.Fatalf("%d characters refused", k)
		}
		walk := m.walk(s)
		sharing := k >= 2 && 20-k > v.longest
		if sharing && shared == "" {
			shared = s.key
		}
		if sharing != (s.key == shared) {
			t.Errorf("after %d characters (longest token %d): key shared %v, want %v", k, v.longest, s.key == shared, sharing)
		}
		if j, dup := seen[s.key]; dup {
			first, _ := m.Feed(m.Start(), []byte(`{"s":"`+strings.Repeat("a", j)))
			if w := m.walk(first); !slices.Equal(w.ids, walk.ids) || !slices.Equal(w.costs, walk.costs) || !slices.Equal(w.ends, walk.ends) {
				t.Errorf("%d and %d characters share a key but not their token sets", j, k)
			}
		} else {
			seen[s.key] = k
		}
	}
	if shared == "" || len(seen) != 21-(20-v.longest-2)+1 {
		t.Errorf("%d keys for 21 counts (longest token %d)", len(seen), v.longest)
	}
}

// TestFeedDedupUnderHashCollisions: with every stack key hashing alike, feeding gives the same
// states, stack for stack, as with the real hash: a collision never merges two stacks.
func TestFeedDedupUnderHashCollisions(t *testing.T) {
	v := trickyVocab()
	schemas := append(append([]string{testenv.NestedAnyOf(4)}, propSchemas...), countedSchemas...)
	real := stackHash
	t.Cleanup(func() { stackHash = real })
	rapid.Check(t, func(t *rapid.T) {
		g, err := Compile([]byte(rapid.SampledFrom(schemas).Draw(t, "schema")))
		if err != nil {
			return
		}
		m, err := NewMatcher(g, v)
		if err != nil {
			t.Fatal(err)
		}
		doc := genValue(t, g.root, 0)
		prefix := []byte(doc[:rapid.IntRange(0, len(doc)).Draw(t, "cut")])
		stackHash = real
		want, errWant := m.feed(m.Start(), prefix)
		stackHash = func([]byte) uint64 { return 7 }
		got, errGot := m.feed(m.Start(), prefix)
		stackHash = real
		if !errors.Is(errGot, errWant) || got.key != want.key || !slices.EqualFunc(got.stacks, want.stacks, slices.Equal) {
			t.Fatalf("%q: colliding hashes gave %d stacks (%v), the real one %d (%v)", prefix, len(got.stacks), errGot, len(want.stacks), errWant)
		}
	})
}
