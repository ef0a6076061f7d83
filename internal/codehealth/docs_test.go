package codehealth

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// TestDocsReferencesExist: every relative link of README.md and docs/*.md names a file of the tree
// (and, with #anchor, a heading of that file), and every test a document cites (TestX, TestX/sub,
// TestX* as a prefix, FuzzX, BenchmarkX) is a test function of some _test.go file, its subtest a name
// that file's package passes to t.Run. A document that points at nothing sends its reader nowhere.
func TestDocsReferencesExist(t *testing.T) {
	root := repoRoot(t)
	docs := docFiles(t, root)
	tests := collectTests(t, root)
	for _, doc := range docs {
		b, err := os.ReadFile(filepath.Join(root, doc))
		if err != nil {
			t.Fatal(err)
		}
		for _, problem := range checkDoc(root, doc, string(b), tests) {
			t.Errorf("%s: %s", doc, problem)
		}
	}
}

// TestDocsCheckerCatches: the checker reports a missing file, a missing heading, a missing test and
// a missing subtest, and accepts what exists, so TestDocsReferencesExist cannot pass by finding nothing.
func TestDocsCheckerCatches(t *testing.T) {
	root := repoRoot(t)
	tests := map[string][]*testFunc{"TestReal": {{literals: map[string]bool{"a_case": true}}}}
	for _, c := range []struct {
		name, text string
		problems   int
	}{
		{"existing file and heading", "# Top\n\n## A `b` c: d\n\nSee [x](README.md), [y](#a-b-c-d), [z](docs/api.md#endpoints).", 0},
		{"missing file", "[x](docs/no-such-file.md)", 1},
		{"missing heading", "## Here\n\n[x](#not-here)", 1},
		{"missing heading elsewhere", "[x](docs/api.md#no-such-section)", 1},
		{"external links are not checked", "[x](https://example.com/nothing) [y](mailto:a@b)", 0},
		{"existing test, subtest and prefix", "`TestReal`, `TestReal/a_case`, `TestRe*`", 0},
		{"missing test", "`TestImaginary`", 1},
		{"missing subtest", "`TestReal/another_case`", 1},
		{"headings in code blocks are not headings", "```sh\n# not a heading\n```\n[x](#not-a-heading)", 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := checkDoc(root, "README.md", c.text, tests); len(got) != c.problems {
				t.Errorf("%d problems, want %d: %q", len(got), c.problems, got)
			}
		})
	}
}

// docFiles are README.md and docs/*.md, relative to root.
func docFiles(t *testing.T, root string) []string {
	t.Helper()
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	out := []string{"README.md"}
	for _, d := range docs {
		out = append(out, filepath.ToSlash(must(filepath.Rel(root, d))))
	}
	return out
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

var (
	linkRe = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	// A test cited by name: TestX, FuzzX or BenchmarkX, an optional * (any test of that prefix) and
	// subtest path.
	testRe = regexp.MustCompile(`\b((?:Test|Fuzz|Benchmark)[A-Z0-9_]\w*)(\*?)((?:/[\w.-]+)*)`)
)

// checkDoc returns what the document text (at doc, relative to root) cites that does not exist.
func checkDoc(root, doc, text string, tests map[string][]*testFunc) []string {
	var problems []string
	for _, m := range linkRe.FindAllStringSubmatch(text, -1) {
		if p := checkLink(root, doc, text, m[1]); p != "" {
			problems = append(problems, p)
		}
	}
	for _, m := range testRe.FindAllStringSubmatch(text, -1) {
		if p := checkTest(m[1], m[2] == "*", strings.TrimPrefix(m[3], "/"), tests); p != "" {
			problems = append(problems, p)
		}
	}
	return problems
}

func checkLink(root, doc, text, link string) string {
	if strings.Contains(link, "://") || strings.HasPrefix(link, "mailto:") {
		return ""
	}
	target, anchor, _ := strings.Cut(link, "#")
	targetText := text
	if target != "" {
		rel := path.Join(path.Dir(doc), target)
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		switch {
		case err != nil && !isDir(filepath.Join(root, filepath.FromSlash(rel))):
			return "link " + link + ": no file " + rel
		case err != nil || anchor == "":
			return ""
		}
		targetText = string(b)
	}
	if anchor != "" && !slices.Contains(headingAnchors(targetText), anchor) {
		return "link " + link + ": no heading with that anchor"
	}
	return ""
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// headingAnchors are the anchors GitHub gives a Markdown text's headings: lower case, characters
// other than letters, digits, '-', '_' and spaces dropped, spaces turned into '-', a repeated
// anchor numbered -1, -2, ... Lines inside fenced code blocks are not headings.
func headingAnchors(text string) []string {
	var anchors []string
	seen := map[string]int{}
	fenced := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
			continue
		}
		if fenced || !strings.HasPrefix(line, "#") {
			continue
		}
		title := strings.TrimSpace(strings.TrimLeft(line, "#"))
		var b strings.Builder
		for _, r := range strings.ToLower(title) {
			switch {
			case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
				b.WriteRune(r)
			case r == ' ':
				b.WriteByte('-')
			}
		}
		a := b.String()
		if n := seen[a]; n > 0 {
			anchors = append(anchors, a+"-"+strconv.Itoa(n))
		} else {
			anchors = append(anchors, a)
		}
		seen[a]++
	}
	return anchors
}

// testFunc is a test function and the string literals of its package's test files, among which
// t.Run's subtest names are.
type testFunc struct{ literals map[string]bool }

func checkTest(name string, prefix bool, sub string, tests map[string][]*testFunc) string {
	var found []*testFunc
	for n, fs := range tests {
		if n == name || prefix && strings.HasPrefix(n, name) {
			found = append(found, fs...)
		}
	}
	if len(found) == 0 {
		return "test " + name + ": no such test function"
	}
	if sub == "" {
		return ""
	}
	// t.Run writes a subtest's spaces as underscores; nested subtests are checked level by level.
	for _, part := range strings.Split(sub, "/") {
		if !slices.ContainsFunc(found, func(f *testFunc) bool { return f.literals[part] }) {
			return "test " + name + "/" + sub + ": no subtest " + part
		}
	}
	return ""
}

// collectTests parses every _test.go file of the tree (outside vendor/ and testdata/) for its Test,
// Fuzz and Benchmark functions. A function's subtest names are among the string literals of its
// package's test files and of the project packages they import (a table row may be named by
// another package's String method, as the transfer faults are), keyed as t.Run writes them.
func collectTests(t *testing.T, root string) map[string][]*testFunc {
	t.Helper()
	const module = "github.com/kvwarden/kvwarden/"
	literals := map[string]map[string]bool{} // package directory → its test files' literals and imports'
	imports := map[string][]string{}
	tests := map[string][]*testFunc{}
	for _, rel := range sourceFiles(t, root, true) {
		dir := path.Dir(rel)
		f := parseGo(t, root, rel)
		if literals[dir] == nil {
			literals[dir] = map[string]bool{}
		}
		addLiterals(literals[dir], f)
		for _, im := range f.Imports {
			if p, err := strconv.Unquote(im.Path.Value); err == nil && strings.HasPrefix(p, module) {
				imports[dir] = append(imports[dir], strings.TrimPrefix(p, module))
			}
		}
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && testRe.MatchString(fn.Name.Name) {
				tests[fn.Name.Name] = append(tests[fn.Name.Name], &testFunc{literals: literals[dir]})
			}
		}
	}
	for _, rel := range sourceFiles(t, root, false) {
		f := parseGo(t, root, rel)
		for dir, ims := range imports {
			if slices.Contains(ims, path.Dir(rel)) {
				addLiterals(literals[dir], f)
			}
		}
	}
	return tests
}

func parseGo(t *testing.T, root, rel string) *ast.File {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(root, rel), nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func addLiterals(into map[string]bool, f *ast.File) {
	ast.Inspect(f, func(n ast.Node) bool {
		if l, ok := n.(*ast.BasicLit); ok && l.Kind == token.STRING {
			if s, err := strconv.Unquote(l.Value); err == nil {
				into[strings.ReplaceAll(s, " ", "_")] = true
			}
		}
		return true
	})
}
