package codehealth

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
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
	// MaxFileLines is the most code lines (not blank, not only comment) a non-test file may have
	// without a stated reason. Comments do not count, so no one meets it by deleting one.
	MaxFileLines = 500
	// HardFileLines is the most lines, comments included, any hand-written Go file may have, tests
	// too, whatever its reason: past it a file holds more than one concept.
	HardFileLines = 650
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
		n := codeLines(src)
		if n <= MaxFileLines || statesReason(src) {
			continue
		}
		seen[rel] = true
		if _, ok := longFiles[rel]; !ok {
			t.Errorf("%s has %d code lines (over %d) with no %q comment in its first %d lines: split it by feature, or say why",
				rel, n, MaxFileLines, longFileReason+"...", reasonWindow)
		}
	}
	for rel := range longFiles {
		if !seen[rel] {
			t.Errorf("longFiles allows %s, which is gone, no longer over %d lines or says why itself: remove it", rel, MaxFileLines)
		}
	}
}

// TestNoHugeFiles holds every hand-written Go file, tests included, to HardFileLines.
func TestNoHugeFiles(t *testing.T) {
	root := repoRoot(t)
	for _, tests := range []bool{false, true} {
		for _, rel := range sourceFiles(t, root, tests) {
			src, err := os.ReadFile(filepath.Join(root, rel))
			if err != nil {
				t.Fatal(err)
			}
			if n := strings.Count(string(src), "\n"); n > HardFileLines && !generated(src) {
				t.Errorf("%s is %d lines (over %d): cut it along its concepts into files of their own", rel, n, HardFileLines)
			}
		}
	}
}

// generated reports whether src carries Go's "Code generated ... DO NOT EDIT." header line.
func generated(src []byte) bool {
	for _, l := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(l, "// Code generated ") && strings.HasSuffix(strings.TrimSpace(l), "DO NOT EDIT.") {
			return true
		}
		if strings.HasPrefix(l, "package ") {
			return false
		}
	}
	return false
}

// codeLines counts the lines of src that hold a token other than a comment: a string literal
// spanning several lines counts each of them.
func codeLines(src []byte) int {
	fset := token.NewFileSet()
	file := fset.AddFile("", fset.Base(), len(src))
	var s scanner.Scanner
	s.Init(file, src, nil, 0) // mode 0 skips comments
	lines := map[int]bool{}
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		if tok == token.SEMICOLON && lit == "\n" {
			continue // an inserted semicolon stands where a comment may end the line
		}
		first := file.Line(pos)
		last := first + strings.Count(lit, "\n")
		for l := first; l <= last; l++ {
			lines[l] = true
		}
	}
	return len(lines)
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
	for _, c := range []struct {
		name string
		src  string
		want int
	}{
		{"code", "package p\n\nvar x = 1\n", 2},
		{"comments do not count", "// Package p.\npackage p\n\n/*\nmany\nlines\n*/\n// one\nvar x = 1 // trailing\n", 2},
		{"a raw string's lines count", "package p\n\nvar s = `a\nb\n// not a comment\n`\n", 5},
	} {
		if got := codeLines([]byte(c.src)); got != c.want {
			t.Errorf("%s: codeLines = %d, want %d", c.name, got, c.want)
		}
	}
	for _, c := range []struct {
		src  string
		want bool
	}{
		{"// Code generated by avo. DO NOT EDIT.\n\npackage p\n", true},
		{"//go:build amd64\n\n// Code generated by x. DO NOT EDIT.\npackage p\n", true},
		{"package p\n\n// Code generated by x. DO NOT EDIT.\n", false},
		{"// Code generated by hand.\npackage p\n", false},
	} {
		if got := generated([]byte(c.src)); got != c.want {
			t.Errorf("generated(%q) = %v, want %v", c.src, got, c.want)
		}
	}
}
