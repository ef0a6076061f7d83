package codehealth

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The files of ../shared, and the names the tests reach them by: a test that uses one skips on a
// checkout without that folder.
var (
	sharedFiles = []string{"stories260K.gguf", "stories260K.bin", "tok512.bin", "qwen2-tiny-random.gguf",
		"llama-2-tiny-random.gguf", "llama-hd64-tiny-random.gguf", "stories260K.json", "qwen2-tiny-random.json",
		"lora.json", "kv-q8_0.json"}
	sharedCalls = []string{"testenv.Shared", "testenv.Model", "testenv.Reference", "testenv.Cases", "testenv.ReadReference", "testtok.Load",
		"testenv.PDSidecar", "testenv.PDSidecarSource"}
	sharedIdents = []string{"storiesModel", "qwenModel", "qwen3Template", "storiesGreedy", "loadRef", "startLLMD"}
)

// TestSharedDataTestsListed: every test function that uses ../shared directly (a shared file's
// name, a testenv or testtok call that reads the folder, or an end-to-end helper over the shared
// models) is named in README.md's list of the tests that skip without it, so the list a user reads
// is the whole of what a checkout alone does not run.
func TestSharedDataTestsListed(t *testing.T) {
	root := repoRoot(t)
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var users []string
	for _, rel := range sourceFiles(t, root, true) {
		if strings.HasPrefix(rel, "internal/codehealth/") {
			continue
		}
		for _, d := range parseGo(t, root, rel).Decls {
			// Benchmarks are left out: go test does not run them.
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && strings.HasPrefix(fn.Name.Name, "Test") && usesShared(fn) {
				users = append(users, fn.Name.Name)
			}
		}
	}
	slices.Sort(users)
	users = slices.Compact(users)
	for _, name := range users {
		if !strings.Contains(string(readme), "`"+name+"`") && !strings.Contains(string(readme), "`"+name+"/") {
			t.Errorf("%s uses ../shared but README.md does not list it among the tests that skip without it", name)
		}
	}
	t.Logf("%d test functions use ../shared: %s", len(users), strings.Join(users, " "))
}

// usesShared reports whether fn's body names a shared file, calls a reader of the folder or uses
// a helper over the shared models.
func usesShared(fn *ast.FuncDecl) bool {
	found := false
	ast.Inspect(fn, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.BasicLit:
			if s, err := strconv.Unquote(x.Value); err == nil && x.Kind == token.STRING && slices.Contains(sharedFiles, s) {
				found = true
			}
		case *ast.SelectorExpr:
			if pkg, ok := x.X.(*ast.Ident); ok && slices.Contains(sharedCalls, pkg.Name+"."+x.Sel.Name) {
				found = true
			}
		case *ast.Ident:
			if slices.Contains(sharedIdents, x.Name) {
				found = true
			}
		}
		return !found
	})
	return found
}

// TestUsesSharedCatches: the detector finds each kind of use, and not a self-made model's.
func TestUsesSharedCatches(t *testing.T) {
	for _, c := range []struct {
		src  string
		want bool
	}{
		{`open(t, "qwen2-tiny-random.gguf")`, true},
		{`testenv.Model(t, name)`, true},
		{`testtok.Load(t, m)`, true},
		{`startServer(t, serverOpts{model: storiesModel})`, true},
		{`startServer(t, serverOpts{model: llamaModel})`, false},
		{`testtok.ChatML(t)`, false},
	} {
		f, err := parser.ParseFile(token.NewFileSet(), "x_test.go", "package p\nfunc TestX(t *testing.T) { "+c.src+" }\n", 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := usesShared(f.Decls[0].(*ast.FuncDecl)); got != c.want {
			t.Errorf("%s: uses ../shared %v, want %v", c.src, got, c.want)
		}
	}
}
