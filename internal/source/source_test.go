package source

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/gguf"
)

// TestMain keeps every test off the real hub and out of the user's cache, whatever a test
// forgets to set.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "kvwarden-source-test")
	if err != nil {
		panic(err)
	}
	os.Setenv("KVWARDEN_CACHE", filepath.Join(dir, "cache"))
	os.Setenv("KVWARDEN_HF_ENDPOINT", "http://127.0.0.1:9")
	os.Unsetenv("HF_TOKEN")
	// The Hugging Face tools' settings of this machine (a token file, a hub cache, a mirror) stay
	// out of the tests; the tests of those settings set their own.
	os.Setenv("HF_HOME", filepath.Join(dir, "hf-home"))
	os.Unsetenv("HF_HUB_CACHE")
	os.Unsetenv("HF_ENDPOINT")
	retryPause = 0
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

var tinySpec = DummySpec{Arch: "llama", Dim: 64, Layers: 2, Heads: 4, KVHeads: 2, FFN: 96, Vocab: 300, Ctx: 256, Type: 8, Seed: 7}

func tinyGGUF(t *testing.T) []byte {
	t.Helper()
	var buf bytes.Buffer
	if _, err := tinySpec.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func sha(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

func TestResolveLocal(t *testing.T) {
	dir := t.TempDir()
	data := tinyGGUF(t)
	path := filepath.Join(dir, "m.gguf")
	os.WriteFile(path, data, 0o644)
	notGGUF := filepath.Join(dir, "m.bin")
	os.WriteFile(notGGUF, []byte("PK\x03\x04 zip"), 0o644)
	ctx := context.Background()

	r, err := Resolve(ctx, path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Path != path || r.Demo || r.Dummy || r.Notice != "" {
		t.Fatalf("got %+v", r)
	}
	if _, err := Resolve(ctx, path, Options{SHA256: strings.ToUpper(sha(data))}); err != nil {
		t.Fatalf("matching sha256: %v", err)
	}

	for _, c := range []struct {
		spec string
		opts Options
		want string
	}{
		{filepath.Join(dir, "missing.gguf"), Options{}, "does not exist"},
		{dir, Options{}, "is a directory"},
		{notGGUF, Options{}, "not a GGUF file"},
		{path, Options{SHA256: "abc"}, "want 64 hex digits"},
		{path, Options{SHA256: sha([]byte("other"))}, "sha256 is " + sha(data)},
	} {
		_, err := Resolve(ctx, c.spec, c.opts)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Resolve(%q): error %v, want %q", c.spec, err, c.want)
		}
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("a user's file must survive a sha256 mismatch: %v", err)
	}
}

func TestResolveDemo(t *testing.T) {
	cache := t.TempDir()
	r, err := Resolve(context.Background(), "", Options{CacheDir: cache})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Demo || r.Notice != DemoNotice || !strings.HasPrefix(r.Path, cache) {
		t.Fatalf("got %+v", r)
	}
	if !strings.Contains(DemoNotice, "random weights") || !strings.Contains(DemoNotice, "--model PATH") {
		t.Fatalf("notice %q", DemoNotice)
	}
	st1, _ := os.Stat(r.Path)
	f, err := gguf.Open(r.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	checkLlama(t, f, demoSpec)
	toks, _ := f.Strings("tokenizer.ggml.tokens")
	for _, want := range []string{"▁the", "▁once", "▁upon", "▁The", "ing", "▁", "e"} {
		found := false
		for _, tok := range toks {
			found = found || tok == want
		}
		if !found {
			t.Errorf("demo vocabulary lacks %q", want)
		}
	}

	// A second call reuses the file.
	r2, err := Resolve(context.Background(), "", Options{CacheDir: cache})
	if err != nil || r2.Path != r.Path {
		t.Fatalf("second resolve: %v %+v", err, r2)
	}
	if st2, _ := os.Stat(r.Path); !st2.ModTime().Equal(st1.ModTime()) || !os.SameFile(st1, st2) {
		t.Fatal("demo model was rewritten")
	}
}

func TestCacheDirFromEnv(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("KVWARDEN_CACHE", dir)
	r, err := Resolve(context.Background(), "", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(r.Path, dir+string(filepath.Separator)) {
		t.Fatalf("path %s not under KVWARDEN_CACHE %s", r.Path, dir)
	}
}

func TestUnusableCacheFallsBackToTemp(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	blocker := filepath.Join(t.TempDir(), "file")
	os.WriteFile(blocker, nil, 0o644)
	// A cache "directory" below a regular file cannot be created.
	r, err := Resolve(context.Background(), "", Options{CacheDir: filepath.Join(blocker, "cache")})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(r.Path, tmp) {
		t.Fatalf("path %s not in the temporary folder", r.Path)
	}
}

func TestDemoVocabHoldsAllWords(t *testing.T) {
	v := demoVocab(demoSpec.Vocab)
	if len(v.tokens) != demoSpec.Vocab {
		t.Fatalf("%d tokens", len(v.tokens))
	}
	for _, w := range demoWords {
		if !v.seen[spmSpace+w] {
			t.Errorf("demo vocabulary lacks %q", spmSpace+w)
		}
	}
	for _, w := range []string{"▁The", "▁Once", "ing"} {
		if !v.seen[w] {
			t.Errorf("demo vocabulary lacks %q", w)
		}
	}
}
