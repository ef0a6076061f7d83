package codehealth

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const (
	// MaxFuncLines is the most lines a non-test function may span, from its func line to its closing brace.
	MaxFuncLines = 80
	// MaxFileLines is the most lines a non-test file may have without a stated reason.
	MaxFileLines = 500
	// longFileReason must open a comment within the first reasonWindow lines of a file over MaxFileLines.
	longFileReason = "// This file is long because "
	reasonWindow   = 30
)

// longFuncs are the functions allowed over MaxFuncLines, keyed "path:Name" (methods as
// "path:Recv.Name"), each with the reason it stays long. Parsers and the forward pass read as one
// sequence of cases or one layer; split, their steps would only be read together again.
var longFuncs = map[string]string{
	"internal/gguf/gguf.go:Parse":             "the format's parser: every header check in file order",
	"internal/grammar/automaton.go:feed":      "the automaton's transition function: one case per frame kind",
	"internal/model/forward.go:Model.Forward": "the forward pass: one layer's steps in order",
	"internal/tensor/_asm/q8.go:gen.q8x4":     "a kernel generator: one instruction stream, emitted in order",
	"internal/testenv/badinput.go:BadInputs":  "a table of malformed requests, one case a line: data, not steps",
}

// longFiles are the non-test files allowed over MaxFileLines without a reason at their top, each
// with why.
var longFiles = map[string]string{}

// repoRoot is two levels above this package.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("no go.mod at %s: %v", root, err)
	}
	return root
}

// sourceFiles lists the repository's non-test Go files (with tests, its _test.go files instead),
// relative to root, outside vendor/ and testdata/.
func sourceFiles(t *testing.T, root string, tests bool) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (name == "vendor" || name == "testdata" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(name, ".go") && strings.HasSuffix(name, "_test.go") == tests {
			rel, err := filepath.Rel(root, path)
			if err != nil {
				return err
			}
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// span is one function or file and its length in lines.
type span struct {
	key   string
	lines int
}

// funcName names a declaration as longFuncs keys it: "Name" or "Recv.Name".
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	typ := fd.Recv.List[0].Type
	for {
		switch x := typ.(type) {
		case *ast.StarExpr:
			typ = x.X
			continue
		case *ast.IndexExpr:
			typ = x.X
			continue
		case *ast.IndexListExpr:
			typ = x.X
			continue
		case *ast.Ident:
			return x.Name + "." + fd.Name.Name
		}
		return fd.Name.Name
	}
}

// longFuncsIn lists the top-level functions in f over max lines, and the function literals over
// max lines (a command's closure is as long as a function); a literal inside a long function is
// reported with it, not again.
func longFuncsIn(fset *token.FileSet, f *ast.File, rel string, max int) []span {
	lines := func(n ast.Node) int { return fset.Position(n.End()).Line - fset.Position(n.Pos()).Line + 1 }
	var out []span
	for _, decl := range f.Decls {
		if fd, ok := decl.(*ast.FuncDecl); ok && lines(fd) > max {
			out = append(out, span{rel + ":" + funcName(fd), lines(fd)})
			continue
		}
		ast.Inspect(decl, func(n ast.Node) bool {
			fl, ok := n.(*ast.FuncLit)
			if !ok || lines(fl) <= max {
				return true
			}
			pos := fset.Position(fl.Pos())
			out = append(out, span{fmt.Sprintf("%s:func@%d", rel, pos.Line), lines(fl)})
			return false
		})
	}
	return out
}

// statesReason reports whether a long file explains itself near its top.
func statesReason(src []byte) bool {
	head := strings.SplitN(string(src), "\n", reasonWindow+1)
	return slices.ContainsFunc(head[:min(len(head), reasonWindow)], func(l string) bool {
		return strings.HasPrefix(strings.TrimSpace(l), longFileReason)
	})
}

func TestNoLongFunctions(t *testing.T) {
	root := repoRoot(t)
	fset := token.NewFileSet()
	seen := map[string]bool{}
	for _, rel := range sourceFiles(t, root, false) {
		f, err := parser.ParseFile(fset, filepath.Join(root, rel), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range longFuncsIn(fset, f, rel, MaxFuncLines) {
			seen[s.key] = true
			if _, ok := longFuncs[s.key]; !ok {
				t.Errorf("%s is %d lines (over %d): split it into named steps, or add it to longFuncs with a reason",
					s.key, s.lines, MaxFuncLines)
			}
		}
	}
	for key := range longFuncs {
		if !seen[key] {
			t.Errorf("longFuncs allows %s, which is gone or no longer over %d lines: remove it", key, MaxFuncLines)
		}
	}
}

func TestLongFilesSayWhy(t *testing.T) {
	root := repoRoot(t)
	seen := map[string]bool{}
	for _, rel := range sourceFiles(t, root, false) {
		src, err := os.ReadFile(filepath.Join(root, rel))
		if err != nil {
			t.Fatal(err)
		}
		n := strings.Count(string(src), "\n")
		if n <= MaxFileLines || statesReason(src) {
			continue
		}
		seen[rel] = true
		if _, ok := longFiles[rel]; !ok {
			t.Errorf("%s is %d lines (over %d) with no %q comment in its first %d lines: split it by feature, or say why",
				rel, n, MaxFileLines, longFileReason+"...", reasonWindow)
		}
	}
	for rel := range longFiles {
		if !seen[rel] {
			t.Errorf("longFiles allows %s, which is gone, no longer over %d lines or says why itself: remove it", rel, MaxFileLines)
		}
	}
}

// TestChecker checks the checks on made-up sources: the limits are inclusive, methods and
// function literals are named, and a long file's reason counts only near its top.
func TestChecker(t *testing.T) {
	body := func(lines int) string { return strings.Repeat("\t_ = 0\n", lines-2) } // plus the func line and the brace
	for _, c := range []struct {
		name string
		src  string
		want []string
	}{
		{"at the limit", "package p\nfunc F() {\n" + body(MaxFuncLines) + "}\n", nil},
		{"over", "package p\nfunc F() {\n" + body(MaxFuncLines+1) + "}\n", []string{"f.go:F"}},
		{"method", "package p\ntype T[X any] struct{}\nfunc (t *T[X]) M() {\n" + body(MaxFuncLines+1) + "}\n", []string{"f.go:T.M"}},
		{"literal", "package p\nvar v = func() {\n" + body(MaxFuncLines+1) + "}\n", []string{"f.go:func@2"}},
		{"literal in a long func", "package p\nfunc F() {\n_ = func() {\n" + body(MaxFuncLines+1) + "}\n}\n", []string{"f.go:F"}},
	} {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "f.go", c.src, 0)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var got []string
		for _, s := range longFuncsIn(fset, f, "f.go", MaxFuncLines) {
			got = append(got, s.key)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	reason := longFileReason + "it is a parser.\n"
	for _, c := range []struct {
		name string
		src  string
		want bool
	}{
		{"at the top", "package p\n\n" + reason, true},
		{"indented", "package p\n\t" + reason, true},
		{"too far down", "package p\n" + strings.Repeat("\n", reasonWindow) + reason, false},
		{"none", "package p\n// This file is long.\n", false},
	} {
		if got := statesReason([]byte(c.src)); got != c.want {
			t.Errorf("%s: statesReason = %v, want %v", c.name, got, c.want)
		}
	}
}
