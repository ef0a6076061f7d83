// Package testmodel opens a model for the tests of the packages above model (engine, node). It is
// apart from testenv because model's and the GGUF reader's own tests use testenv.
package testmodel

import (
	"context"
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/gguf"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/source"
	"github.com/kvwarden/kvwarden/internal/testenv"
	"github.com/kvwarden/kvwarden/internal/testenv/selfmade"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
)

// Demo names the project's built-in demo model (what --model "" gives).
const Demo = "demo"

// Open loads Demo, a dummy:SPEC model or a model of package selfmade, generated into a temporary
// folder so the test needs no shared data and leaves nothing behind, or else a file of the shared
// models folder (testenv.Model skips, or fails under CI, without it). The file stays open until
// the test ends: the model's weights map it.
func Open(t testing.TB, name string) (*model.Model, *tokenizer.Tokenizer, *gguf.File) {
	t.Helper()
	var path string
	if m, ok := selfmade.Lookup(name); ok {
		path = m.Path(t)
	} else if name == Demo || strings.HasPrefix(name, "dummy:") {
		spec := name
		if name == Demo {
			spec = ""
		}
		res, err := source.Resolve(context.Background(), spec, source.Options{CacheDir: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		path = res.Path
	} else {
		path = testenv.Model(t, name)
	}
	f, err := gguf.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	m, err := model.Load(f)
	if err != nil {
		t.Fatal(err)
	}
	tok, err := tokenizer.FromGGUF(f)
	if err != nil {
		t.Fatal(err)
	}
	return m, tok, f
}
