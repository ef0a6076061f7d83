package kvtypes

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestLeaf keeps the package at the bottom of the dependency graph: every layer imports it, so one
// project import here would be a cycle, or a layer's policy leaking into the shared vocabulary.
func TestLeaf(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no sources: %v", err)
	}
	for _, f := range files {
		af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, im := range af.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			if strings.HasPrefix(p, "github.com/kvwarden/kvwarden/") {
				t.Errorf("%s imports %s: kvtypes must import nothing of the project", f, p)
			}
		}
	}
}

func TestStrings(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{Header{}.String(), "invalid"},
		{Header{Tenant: TenantKey{0xab, 0xcd, 0xef, 0x01, 0x99}, Request: 7, Gen: 3, Written: true}.String(), "tabcdef01/r7/g3/written"},
		{Header{Tenant: TenantKey{1}, Request: 1, Gen: 1}.String(), "t01000000/r1/g1/unwritten"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	for _, r := range []AbortReason{AbortCancelled, AbortDeadline, AbortInternal, AbortIsolation, AbortShutdown, AbortTransfer, AbortConstraint} {
		if !r.Known() {
			t.Errorf("%q not known", r)
		}
	}
	if AbortReason("stop").Known() || AbortReason("").Known() {
		t.Error("an unknown abort reason passes")
	}
}
