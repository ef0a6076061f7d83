// Package grammar constrains generation to JSON: it compiles a JSON schema (the subset OpenAI's
// strict mode accepts) or "any JSON object" to a character-level pushdown automaton, and turns
// the automaton's states into sets of allowed tokens over a model's vocabulary, so that every
// sampled output parses and validates. Structured outputs (response_format) and tool calling use it
// through Matcher and Constraint:
//
//	g, err := grammar.Compile(schema)    // or JSONObject(); a *SchemaError names what is unsupported
//	g = g.Wrap("<tool_call>\n", "\n</tool_call>", isToken) // optional markup around the document
//	v := grammar.VocabOf(tok, vocabSize) // once per model
//	m, err := grammar.NewMatcher(g, v)   // once per schema; share it, it caches the token sets
//	c, err := m.NewConstraint(maxTokens) // once per sequence: engine.Request.Constraint = c
package grammar

// This file is long because it is the schema compiler: which keywords the grammar enforces and
// which it refuses is decided here, one case each, and reads best in one place.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strings"
)

// SchemaError refuses a schema, naming the keyword the grammar cannot enforce.
type SchemaError struct {
	Keyword string // the offending keyword, e.g. "pattern"
	Path    string // JSON pointer of the schema object holding it
	Reason  string
}

func (e *SchemaError) Error() string {
	if e.Keyword == "" {
		return fmt.Sprintf("schema %s: %s", e.Path, e.Reason)
	}
	return fmt.Sprintf("schema %s: keyword %q: %s", e.Path, e.Keyword, e.Reason)
}

type kind uint8

const (
	kLiteral    kind = iota + 1 // a fixed byte string: enum and const values, true, false, null
	kString                     // any JSON string
	kNumber                     // a JSON number without exponent
	kInteger                    // a JSON integer
	kObject                     // an object with the declared properties, in declared order
	kFreeObject                 // any object: string keys, values per node.items
	kArray                      // items per node.items
	kAnyOf                      // one of alts; expanded when pushed, never on a stack
	kSeq                        // alts one after the other (Wrap)
	kLitSet                     // one of the byte strings set (an enum's values): one stack for all
	kRegular                    // a value of a regular language (dfa): bounded integers, formats, patterns, lengths
)

// Bounds that keep the automaton finite and outputs reasonable.
const (
	maxIntDigits  = 15 // digits before the point: exact in a float64
	maxFracDigits = 15
	maxStack      = 48 // nesting of open values (a recursive schema stops here)
	anyDepth      = 6  // nesting of free-form values (json_object, untyped schemas)
	inf           = math.MaxInt32 / 4
	// Schema size: a state's stacks (one per live alternative) are stepped through the whole
	// vocabulary trie, on the step loop, so alternatives and nodes are bounded.
	maxAlts     = 1024 // non-anyOf alternatives one anyOf (or enum) expands to
	maxNodes    = 1 << 14
	maxDocDepth = 64 // nesting of the schema document itself
)

// MaxLiveStacks bounds the alternatives one automaton state can leave undecided, an object's
// candidate keys counted once: the stacks that can stay alive together through strings, numbers
// and nested values, each stepped for every token. Compile refuses a schema whose alternatives
// could exceed it (estimated from above), naming the bound.
const MaxLiveStacks = 64

// MaxStacks bounds all the stacks of one state, each candidate key of an object counted (they
// are decided within the key). Compile refuses a schema that could exceed it, and no state ever
// holds more: Feed refuses the bytes that would make one, and the token walk allows no token
// into one, whatever the compile-time estimate missed.
const MaxStacks = maxAlts

// CompileBudget bounds the work of compiling one schema, in work units (one per schema object
// read, node visited or length computed): compilation is linear in the document, and a document
// whose compilation would cost more is refused rather than compiled. It also bounds the time a
// compilation runs between checks of its context.
const CompileBudget = 1 << 22

// checkEvery is how many work units pass between checks of the compilation's context.
const checkEvery = 1 << 12

type prop struct {
	key      []byte // `"name":`
	val      *node
	required bool
}

type node struct {
	id     int
	kind   kind
	lit    []byte
	props  []prop
	items  *node // kArray items, kFreeObject values
	alts   []*node
	leaves []*node // kAnyOf: the distinct non-anyOf nodes it expands to, once compiled
	set    [][]byte
	setMin [][]int32 // kLitSet: setMin[k][i] is the shortest of set[i:i+2^k]
	values int       // kLitSet: the values the schema lists, repeats included (alternatives)
	dfa    *dfa      // kRegular
	// kArray: alts are prefixItems, items the rest (nil: none); an array has minItems to
	// maxItems (-1: any) items, and frames count them up to countCap.
	minItems, maxItems, countCap int
	minLen                       int // bytes of the shortest value

	// kString: at least minChars characters and, when bounded, at most maxChars; frames count
	// them up to charCap.
	minChars, maxChars int
	bounded            bool

	// kObject, per property index i: nextReq[i] the first required property at or after i (or
	// len(props)); after[i] the bytes from after property i's value to '}'; must[i] the bytes
	// from "a key must follow, next candidate i" to '}'.
	nextReq, after, must []int

	// litCost, for Wrap's markup, is the tokens needed from each position of lit on; nil: a
	// byte is a token.
	litCost []int
}

// Grammar is a compiled schema. It is immutable and safe for concurrent use.
type Grammar struct {
	root  *node
	nodes []*node
	lits  [][]byte // keys and literals, whose bytes the shortest completions may need
	live  int      // the compile-time bound on any state's stacks, at most MaxStacks
}

// JSONObject is the grammar of response_format {"type": "json_object"}: any JSON object, nested
// at most a few levels.
func JSONObject() *Grammar {
	c := newCompiler(nil)
	root := c.newNode(kFreeObject)
	root.items = c.anyValue(1)
	g, err := c.finish(root)
	if err != nil {
		panic(err) // a fixed grammar: cannot fail
	}
	return g
}

// Wrap returns the grammar of prefix, then a document of g, then suffix: a tool call wraps its
// JSON in the model's markup, e.g. Wrap("<tool_call>\n", "\n</tool_call>", isToken). The
// markup's length is counted in tokens, the fewest whose texts spell it (isToken reports whether
// a string is one token's text; nil counts a byte as a token), so that max_tokens is checked
// against what the model writes, not against the markup's bytes.
func (g *Grammar) Wrap(prefix, suffix string, isToken func([]byte) bool) *Grammar {
	c := &compiler{nodes: slices.Clone(g.nodes), lits: slices.Clone(g.lits)}
	seq := c.newNode(kSeq)
	if prefix != "" {
		seq.alts = append(seq.alts, c.literal([]byte(prefix)))
	}
	seq.alts = append(seq.alts, g.root)
	if suffix != "" {
		seq.alts = append(seq.alts, c.literal([]byte(suffix)))
	}
	for _, p := range seq.alts {
		if p.kind == kLiteral {
			p.litCost = markupCost(p.lit, isToken)
			p.minLen = p.litCost[0]
		}
		seq.minLen = add(seq.minLen, p.minLen)
	}
	return &Grammar{root: seq, nodes: c.nodes, lits: c.lits, live: g.live}
}

// markupCost is, for each position i of lit, the fewest tokens that spell lit[i:]: a byte is
// always one (NewMatcher checks the vocabulary has every literal byte as a token).
func markupCost(lit []byte, isToken func([]byte) bool) []int {
	cost := make([]int, len(lit)+1)
	for i := len(lit) - 1; i >= 0; i-- {
		cost[i] = 1 + cost[i+1]
		if isToken == nil {
			continue
		}
		for j := i + 2; j <= len(lit); j++ {
			if cost[j]+1 < cost[i] && isToken(lit[i:j]) {
				cost[i] = cost[j] + 1
			}
		}
	}
	return cost
}

// Compile compiles a JSON schema. Supported: type (one or a list of object, array, string, number,
// integer, boolean, null), properties, required, additionalProperties (false, or true which is
// never used), items, enum, const, anyOf, $ref to "#", "#/$defs/..." or "#/definitions/...",
// and the annotations (description, title, default, examples, $schema, $id, $comment). Any
// other keyword is refused with a *SchemaError naming it.
func Compile(schema []byte) (*Grammar, error) {
	return CompileContext(context.Background(), schema)
}

// CompileContext is Compile that stops, returning ctx's error, once ctx is done; a schema whose
// compilation would cost more than CompileBudget is refused with a *SchemaError naming it.
func CompileContext(ctx context.Context, schema []byte) (*Grammar, error) {
	return CompileBudgeted(ctx, schema, &Budget{})
}

// Budget is compile work shared by several compilations, such as a request's tools and the
// grammar of their calls: together they may spend CompileBudget work units.
type Budget struct{ used int }

// CompileBudgeted is CompileContext charging b.
func CompileBudgeted(ctx context.Context, schema []byte, b *Budget) (*Grammar, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	doc, err := decodeOrdered(schema)
	if err != nil {
		return nil, &SchemaError{Keyword: "", Path: "#", Reason: "not valid JSON: " + err.Error()}
	}
	c := newCompiler(doc)
	c.ctx, c.budget = ctx, b
	root, err := c.compile(doc, "#")
	if err != nil {
		return nil, err
	}
	return c.finish(root)
}

type compiler struct {
	ctx    context.Context // nil: never cancelled (the fixed grammars)
	budget *Budget
	doc    any
	nodes  []*node
	refs   map[string]*node
	anys   map[int]*node
	lits   [][]byte
}

func newCompiler(doc any) *compiler {
	return &compiler{budget: &Budget{}, doc: doc, refs: map[string]*node{}, anys: map[int]*node{}}
}

// charge spends units of the compile budget, and checks the context now and then.
func (c *compiler) charge(units int) error {
	before := c.budget.used
	c.budget.used += units
	if c.budget.used > CompileBudget {
		return &SchemaError{Keyword: "", Path: "#", Reason: fmt.Sprintf("compiling the schema would take more than the compile budget of %d work units", CompileBudget)}
	}
	if c.ctx != nil && before/checkEvery != c.budget.used/checkEvery {
		return c.ctx.Err()
	}
	return nil
}

func (c *compiler) newNode(k kind) *node {
	n := &node{id: len(c.nodes), kind: k, maxItems: -1}
	c.nodes = append(c.nodes, n)
	return n
}

func (c *compiler) literal(b []byte) *node {
	n := c.newNode(kLiteral)
	n.lit = b
	c.lits = append(c.lits, b)
	return n
}

// anyValue is any JSON value at nesting depth d; containers stop at anyDepth.
func (c *compiler) anyValue(d int) *node {
	if n, ok := c.anys[d]; ok {
		return n
	}
	n := c.newNode(kAnyOf)
	c.anys[d] = n
	n.alts = []*node{c.newNode(kString), c.newNode(kNumber), c.literal([]byte("true")), c.literal([]byte("false")), c.literal([]byte("null"))}
	if d < anyDepth {
		o := c.newNode(kFreeObject)
		o.items = c.anyValue(d + 1)
		a := c.newNode(kArray)
		a.items = c.anyValue(d + 1)
		n.alts = append(n.alts, o, a)
	}
	return n
}

var annotations = map[string]bool{"description": true, "title": true, "default": true, "examples": true,
	"$schema": true, "$id": true, "$comment": true, "$defs": true, "definitions": true}

// objectKeywords go with type "object" (or no type), and must not sit beside enum, anyOf or $ref.
var typeKeywords = map[string]bool{"type": true, "properties": true, "required": true, "additionalProperties": true, "items": true,
	"minimum": true, "maximum": true, "exclusiveMinimum": true, "exclusiveMaximum": true, "multipleOf": true,
	"minLength": true, "maxLength": true, "format": true, "pattern": true,
	"minItems": true, "maxItems": true, "prefixItems": true, "propertyNames": true}

// numberOnly are the keywords that constrain numbers alone.
var numberOnly = map[string]bool{"minimum": true, "maximum": true, "exclusiveMinimum": true, "exclusiveMaximum": true, "multipleOf": true}

func (c *compiler) compile(s any, path string) (*node, error) {
	if err := c.charge(1); err != nil {
		return nil, err
	}
	switch v := s.(type) {
	case bool:
		if v {
			return c.anyValue(1), nil
		}
		return nil, &SchemaError{Keyword: "false", Path: path, Reason: "a false schema has no instance"}
	case *object:
		return c.compileObject(v, path)
	}
	return nil, &SchemaError{Path: path, Reason: "a schema must be an object or a boolean"}
}

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
			if numberOnly[k] || stringOnly[k] || k == "minItems" || k == "maxItems" || k == "prefixItems" {
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
		} else if o.hasAny(map[string]bool{"items": true, "prefixItems": true, "minItems": true, "maxItems": true}) {
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

func (c *compiler) enum(o *object, k, path string) (*node, error) {
	var vals []any
	if k == "const" {
		vals = []any{o.m[k]}
	} else if list, ok := o.m[k].([]any); ok {
		vals = list
	}
	var want map[string]bool
	switch t := o.m["type"].(type) {
	case string:
		want = map[string]bool{t: true}
	case []any:
		want = map[string]bool{}
		for _, x := range t {
			s, _ := x.(string)
			want[s] = true
		}
	}
	var set [][]byte
	for _, v := range vals {
		if want != nil && !want[jsonType(v)] && !(jsonType(v) == "integer" && want["number"]) {
			continue // a value of another type can never validate
		}
		set = append(set, marshal(v))
	}
	if len(set) > maxAlts {
		return nil, &SchemaError{Keyword: "anyOf", Path: path, Reason: fmt.Sprintf("more than %d alternatives (anyOf, enum, type lists) in one place", maxAlts)}
	}
	switch slices.SortFunc(set, bytes.Compare); len(set) {
	case 0:
		return nil, &SchemaError{Keyword: k, Path: path, Reason: "no value is allowed"}
	case 1:
		return c.literal(set[0]), nil
	}
	n := c.literalSet(slices.CompactFunc(set, bytes.Equal))
	n.values = len(set)
	return n, nil
}

// literalSet is the node of one of the sorted, distinct byte strings set. A frame of it reads
// them all at once: a is the bytes read, b the range of set (lo<<16 | hi) that still matches,
// 0 for all of it.
func (c *compiler) literalSet(set [][]byte) *node {
	n := c.newNode(kLitSet)
	n.set = set
	c.lits = append(c.lits, set...)
	level := make([]int32, len(set))
	for i, l := range set {
		level[i] = int32(len(l))
	}
	n.setMin = [][]int32{level}
	for w := 1; 2*w <= len(set); w *= 2 {
		prev := n.setMin[len(n.setMin)-1]
		next := make([]int32, len(set)-2*w+1)
		for i := range next {
			next[i] = min(prev[i], prev[i+w])
		}
		n.setMin = append(n.setMin, next)
	}
	return n
}

// shortestIn is the length of the shortest of set[lo:hi], hi > lo.
func (n *node) shortestIn(lo, hi int) int {
	k := bits.Len(uint(hi-lo)) - 1
	return int(min(n.setMin[k][lo], n.setMin[k][hi-(1<<k)]))
}

// setRange is a kLitSet frame's range of n.set.
func (f frame) setRange() (lo, hi int) {
	if f.b == 0 {
		return 0, len(f.n.set)
	}
	return int(f.b >> 16), int(f.b & 0xFFFF)
}

func (c *compiler) ref(r any, path string) (*node, error) {
	s, _ := r.(string)
	if n, ok := c.refs[s]; ok {
		return n, nil
	}
	var target any
	switch {
	case s == "#":
		target = c.doc
	case strings.HasPrefix(s, "#/$defs/") || strings.HasPrefix(s, "#/definitions/"):
		sec, name, _ := strings.Cut(s[2:], "/")
		if d, ok := c.doc.(*object); ok {
			if defs, ok := d.m[sec].(*object); ok {
				target = defs.m[unescapePointer(name)]
			}
		}
	}
	if target == nil {
		return nil, &SchemaError{Keyword: "$ref", Path: path, Reason: fmt.Sprintf("%q: only #, #/$defs/name and #/definitions/name of this schema are supported", s)}
	}
	// A placeholder first, so that a recursive reference finds it; it becomes the target's node.
	ph := c.newNode(kAnyOf)
	c.refs[s] = ph
	n, err := c.compile(target, s)
	if err != nil {
		return nil, err
	}
	ph.alts = []*node{n}
	return ph, nil
}

// finish checks the grammar's bounds and computes the shortest lengths, in time linear in the
// number of nodes and edges: every check is a memoised walk, never one per path (a document of
// linear size can have exponentially many).
func (c *compiler) finish(root *node) (*Grammar, error) {
	if len(c.nodes) > maxNodes {
		return nil, &SchemaError{Keyword: "$defs", Path: "#", Reason: fmt.Sprintf("the schema is too large: more than %d subschemas", maxNodes)}
	}
	for _, n := range c.nodes {
		n.minLen = inf
		if len(n.props) > maxAlts {
			return nil, &SchemaError{Keyword: "properties", Path: "#", Reason: fmt.Sprintf("more than %d properties in one object", maxAlts)}
		}
	}
	if err := c.checkAlts(); err != nil {
		return nil, err
	}
	order, err := c.postOrder(root)
	if err != nil {
		return nil, err
	}
	// Children come before parents in order, so one pass settles every node outside a recursion;
	// a recursion settles in a few more, each charged.
	for changed := true; changed; {
		changed = false
		if err := c.charge(len(order)); err != nil {
			return nil, err
		}
		for _, n := range order {
			if l := n.shortest(); l < n.minLen {
				n.minLen, changed = l, true
			}
		}
	}
	if root.minLen >= inf {
		return nil, &SchemaError{Keyword: "$ref", Path: "#", Reason: "the schema has no finite instance"}
	}
	live, err := c.checkLiveStacks(root, order)
	if err != nil {
		return nil, err
	}
	return &Grammar{root: root, nodes: c.nodes, lits: c.lits, live: live}, nil
}

// children calls f with the nodes n's values are made of.
func children(n *node, f func(*node)) {
	for _, a := range n.alts {
		f(a)
	}
	if n.items != nil {
		f(n.items)
	}
	for _, p := range n.props {
		f(p.val)
	}
}

// postOrder lists the nodes reachable from root, each after its children (back edges of a
// recursion aside).
func (c *compiler) postOrder(root *node) ([]*node, error) {
	seen := make([]bool, len(c.nodes))
	var order []*node
	var err error
	var visit func(n *node)
	visit = func(n *node) {
		if n.id < 0 || seen[n.id] || err != nil {
			return
		}
		seen[n.id] = true
		if err = c.charge(1); err != nil {
			return
		}
		children(n, visit)
		order = append(order, n)
	}
	visit(root)
	return order, err
}

// checkAlts refuses a cycle of anyOf nodes (expanding it would never end) and an anyOf that
// expands to more than maxAlts alternatives, counting paths as expand walks them. Both are
// computed once per node (colours for the cycle, a memoised capped count), never per path.
func (c *compiler) checkAlts() error {
	const (
		white = iota
		grey
		black
	)
	colour := make([]uint8, len(c.nodes))
	paths := make([]int, len(c.nodes))
	var visit func(n *node) error
	visit = func(n *node) error {
		switch colour[n.id] {
		case grey:
			return &SchemaError{Keyword: "$ref", Path: "#", Reason: "a reference cycle through anyOf or $ref without an object or array"}
		case black:
			return nil
		}
		if err := c.charge(1 + len(n.alts)); err != nil {
			return err
		}
		colour[n.id] = grey
		k := 0
		for _, a := range n.alts {
			if a.kind == kLitSet {
				k = min(k+a.values, maxAlts+1) // each value an alternative, as the bound documents
				continue
			}
			if a.kind != kAnyOf {
				k++
				continue
			}
			if err := visit(a); err != nil {
				return err
			}
			k = min(k+paths[a.id], maxAlts+1)
		}
		colour[n.id], paths[n.id] = black, k
		if k > maxAlts {
			return &SchemaError{Keyword: "anyOf", Path: "#", Reason: fmt.Sprintf("more than %d alternatives (anyOf, enum, type lists) in one place", maxAlts)}
		}
		return nil
	}
	for _, n := range c.nodes {
		if n.kind == kAnyOf {
			if err := visit(n); err != nil {
				return err
			}
		}
	}
	return nil
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

func jsonType(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case json.Number:
		if _, err := x.Int64(); err == nil {
			return "integer"
		}
		return "number"
	case []any:
		return "array"
	}
	return "object"
}
