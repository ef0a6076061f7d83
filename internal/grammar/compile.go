package grammar

// The compile entry: a schema document to the nodes of its grammar.

import (
	"context"
	"fmt"
)

// Compile compiles a JSON schema: the keywords of keywords.go (docs/api.md lists them with what
// each enforces) and the annotations (description, title, default, examples, $schema, $id,
// $comment). Any other keyword, and a schema past a bound (bounds.go, depth.go, live.go), is
// refused with a *SchemaError naming it.
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
	n := &node{id: len(c.nodes), kind: k, maxItems: -1, need: 1}
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
