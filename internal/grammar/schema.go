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

import (
	"fmt"
	"math"
	"slices"
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
	anyDepth      = 6 // nesting of free-form values (json_object, untyped schemas)
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
	need                         int // frames the shortest values take on a stack (depth.go)
	childNeed                    int // the largest need of the values it holds

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
		seq.need = max(seq.need, 1+p.need)
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
