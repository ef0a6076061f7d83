package codehealth

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// clockDirs are the packages whose time must all come from their clock.Clock (Config.Clock,
// SenderConfig.Clock, ReceiverConfig.Clock): a deadline taken from the clock's Now and timed by the
// wall's timers expires at the wrong time under any other clock.
var clockDirs = []string{"internal/engine/", "internal/transfer/"}

// wallClock is what reads or waits on the wall's time directly: by package path, the functions
// that clock.Real alone may call.
var wallClock = map[string][]string{
	"time":    {"Now", "Since", "Until", "After", "AfterFunc", "NewTimer", "NewTicker", "Tick", "Sleep"},
	"context": {"WithTimeout", "WithDeadline", "WithTimeoutCause", "WithDeadlineCause"},
}

// wallClockCalls lists, as "file:line pkg.Name", every use of a wallClock function in f, under
// whatever name the file imports its package.
func wallClockCalls(fset *token.FileSet, f *ast.File, rel string) []string {
	local := map[string]string{} // the file's name for an import → its path
	for _, im := range f.Imports {
		path, _ := strconv.Unquote(im.Path.Value)
		if _, ok := wallClock[path]; !ok {
			continue
		}
		name := filepath.Base(path)
		if im.Name != nil {
			name = im.Name.Name
		}
		local[name] = path
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		id, ok := sel.X.(*ast.Ident)
		if !ok {
			return true
		}
		if path, ok := local[id.Name]; ok && slices.Contains(wallClock[path], sel.Sel.Name) {
			out = append(out, fmt.Sprintf("%s:%d %s.%s", rel, fset.Position(sel.Pos()).Line, path, sel.Sel.Name))
		}
		return true
	})
	return out
}

// TestOneClock: the engine and the transfer read and wait on time through their clock only,
// whatever the build tags.
func TestOneClock(t *testing.T) {
	root := repoRoot(t)
	fset := token.NewFileSet()
	checked := 0
	for _, rel := range sourceFiles(t, root, false) {
		if !slices.ContainsFunc(clockDirs, func(d string) bool { return strings.HasPrefix(rel, d) }) {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(root, rel), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		for _, use := range wallClockCalls(fset, f, rel) {
			t.Errorf("%s: the wall's time, not the clock's: use the package's clock.Clock", use)
		}
	}
	if checked < 20 {
		t.Fatalf("checked %d files of %v: the walk missed them", checked, clockDirs)
	}
}

// TestOneClockChecker checks the check on made-up sources: calls and function values count,
// under the import's own name or another, and durations or a local variable named time do not.
func TestOneClockChecker(t *testing.T) {
	for _, c := range []struct {
		name string
		src  string
		want []string
	}{
		{"call", "package p\nimport \"time\"\nvar t = time.Now()", []string{"f.go:3 time.Now"}},
		{"value", "package p\nimport \"time\"\nvar f = time.Since", []string{"f.go:3 time.Since"}},
		{"renamed", "package p\nimport wall \"time\"\nfunc f() { wall.Sleep(1) }", []string{"f.go:3 time.Sleep"}},
		{"context", "package p\nimport \"context\"\nvar c, _ = context.WithTimeout(nil, 1)", []string{"f.go:3 context.WithTimeout"}},
		{"durations and types", "package p\nimport \"time\"\nvar d time.Duration = time.Second\nvar t time.Time", nil},
		{"not imported", "package p\nfunc f(time struct{ Now int }) int { return time.Now }", nil},
	} {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "f.go", c.src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := wallClockCalls(fset, f, "f.go"); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
