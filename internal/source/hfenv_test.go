package source

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestHFEndpointPrecedence(t *testing.T) {
	kvw, hf := newFakeHub(t, tinyGGUF(t)), newFakeHub(t, tinyGGUF(t))
	for _, c := range []struct {
		name, kvwEnv, hfEnv string
		want                *fakeHub
	}{
		{"HF_ENDPOINT alone", "", hf.srv.URL, hf},
		{"KVWARDEN_HF_ENDPOINT wins", kvw.srv.URL, hf.srv.URL, kvw},
	} {
		t.Setenv("KVWARDEN_HF_ENDPOINT", c.kvwEnv)
		t.Setenv("HF_ENDPOINT", c.hfEnv)
		before := len(c.want.reqs())
		if _, err := Resolve(context.Background(), hfSpec, Options{CacheDir: t.TempDir()}); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if len(c.want.reqs()) != before+1 {
			t.Errorf("%s: the other endpoint was asked", c.name)
		}
	}
	t.Setenv("KVWARDEN_HF_ENDPOINT", "")
	t.Setenv("HF_ENDPOINT", "file:///x")
	if _, err := Resolve(context.Background(), hfSpec, Options{CacheDir: t.TempDir()}); err == nil || !strings.Contains(err.Error(), "(HF_ENDPOINT)") {
		t.Fatalf("bad HF_ENDPOINT: %v", err)
	}
}

func TestHFTokenFile(t *testing.T) {
	hub := newFakeHub(t, tinyGGUF(t))
	home := t.TempDir()
	t.Setenv("HF_HOME", home)
	if err := os.WriteFile(filepath.Join(home, "token"), []byte("filetok\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ env, opt, want string }{
		{"", "", "Bearer filetok"},
		{"envtok", "", "Bearer envtok"},
		{"envtok", "opttok", "Bearer opttok"},
	} {
		t.Setenv("HF_TOKEN", c.env)
		opts := hub.opts(t.TempDir())
		opts.Token = c.opt
		if _, err := Resolve(context.Background(), hfSpec, opts); err != nil {
			t.Fatal(err)
		}
		reqs := hub.reqs()
		if got := reqs[len(reqs)-1].Header.Get("Authorization"); got != c.want {
			t.Errorf("env %q option %q: %q, want %q", c.env, c.opt, got, c.want)
		}
	}
}

// TestHFHubCache checks a file the Hugging Face tools downloaded is used in place, found through
// refs/REVISION or a commit revision, and that a copy that fails --sha256 is left alone.
func TestHFHubCache(t *testing.T) {
	data := tinyGGUF(t)
	hub := newFakeHub(t, data)
	home := t.TempDir()
	t.Setenv("HF_HOME", home)
	const commit = "0123456789abcdef0123456789abcdef01234567"
	repo := filepath.Join(home, "hub", "models--owner--repo")
	snap := filepath.Join(repo, "snapshots", commit, "dir", "model.gguf")
	for path, content := range map[string][]byte{filepath.Join(repo, "refs", "main"): []byte(commit), snap: data} {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		name, spec, sha string
		want            string // "error": the hub was asked and the resolve failed
	}{
		{"through refs/main", hfSpec, "", snap},
		{"commit revision", hfSpec + "@" + commit, "", snap},
		{"branch not in the cache", hfSpec + "@dev", "", "error"}, // asked; the fake hub has only main
		{"sha256 matches", hfSpec, fileHash(t, snap), snap},
		// Downloaded afresh: the hub has the same bytes, so the check fails again.
		{"sha256 differs", hfSpec, strings.Repeat("0", 64), "error"},
	} {
		before := len(hub.reqs())
		opts := hub.opts(t.TempDir())
		opts.SHA256 = c.sha
		r, err := Resolve(context.Background(), c.spec, opts)
		asked := len(hub.reqs()) > before
		switch c.want {
		case "error":
			if err == nil || !asked {
				t.Errorf("%s: %v, asked %v", c.name, err, asked)
			}
		default:
			if err != nil || asked || r.Path != c.want {
				t.Errorf("%s: %+v %v, asked %v", c.name, r, err, asked)
			}
		}
	}
	if _, err := os.Stat(snap); err != nil {
		t.Fatalf("the Hugging Face copy was touched: %v", err)
	}
}

func fileHash(t *testing.T, path string) string {
	h, err := fileSHA256(path)
	if err != nil {
		t.Fatal(err)
	}
	return h
}
