package tenants

import (
	"bytes"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestOpenTenants(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.json")
	if err := (&File{Version: FileVersion}).Save(empty); err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(dir, "good.json")
	if err := Update(good, func(f *File) error { _, err := f.Add("acme", Limits{}); return err }); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "none.json")
	for _, c := range []struct {
		name, file string
		dev        bool
		key        string
		addr, err  string
	}{
		{"file", good, false, "", "0.0.0.0:8080", ""},
		{"dev on loopback", "", true, "", "127.0.0.1:8080", ""},
		{"zero tenants", empty, false, "", "127.0.0.1:8080", "has no tenants, so every request would be refused; add one with 'kvwarden tenant add --file " + empty},
		{"missing file", missing, false, "", "127.0.0.1:8080", "does not exist; create it with 'kvwarden tenant add --file " + missing},
		{"neither", "", false, "", "127.0.0.1:8080", "pass --tenants FILE"},
		{"both", good, true, "", "127.0.0.1:8080", "exclude each other"},
		{"dev off loopback", "", true, "", "0.0.0.0:8080", "loopback"},
		{"key on any address", "", false, singleKey, "0.0.0.0:8080", ""},
		{"key and file", good, false, singleKey, "127.0.0.1:8080", "--api-key excludes --tenants and --dev"},
		{"key and dev", "", true, singleKey, "127.0.0.1:8080", "--api-key excludes --tenants and --dev"},
		{"short key", "", false, "secret", "127.0.0.1:8080", "at least 16 characters"},
		{"key with a space", "", false, "0123456789 abcdef", "127.0.0.1:8080", "without spaces"},
	} {
		t.Run(c.name, func(t *testing.T) {
			from := ""
			if c.key != "" {
				from = "--api-key"
			}
			st, err := Open(slog.New(slog.DiscardHandler), Choice{File: c.file, Dev: c.dev, Key: c.key, KeyFrom: from, Addr: c.addr, Loopback: isLoopback(c.addr)})
			if c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
				t.Fatalf("%v, want %q", err, c.err)
			}
			if c.key == "" || err != nil {
				return
			}
			// The key is the one tenant "default", without limits; nothing else gets in.
			if tn, ok := st.Lookup(c.key); !ok || tn.ID != "default" || tn.Limits != (Limits{}) || tn.UID == "" {
				t.Fatalf("key: %+v %v", tn, ok)
			}
			if _, ok := st.Lookup(c.key + "x"); ok || st.Dev() {
				t.Fatal("another key is let in")
			}
		})
	}
}

const singleKey = "kvw-0123456789abcdef"

func TestAPIKeySource(t *testing.T) {
	env := func(v string) func(string) string {
		return func(name string) string {
			if name == APIKeyEnv {
				return v
			}
			return ""
		}
	}
	for _, c := range []struct {
		flag, env, key, from string
	}{
		{"", "", "", ""},
		{"flagkey", "", "flagkey", "--api-key"},
		{"", "envkey", "envkey", APIKeyEnv},
		{"flagkey", "envkey", "flagkey", "--api-key"},
	} {
		key, from := APIKey(c.flag, env(c.env))
		if key != c.key || from != c.from {
			t.Errorf("flag %q env %q: %q from %q", c.flag, c.env, key, from)
		}
	}
}

func TestWarnWritableTenantsFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "json")
	if err := Update(file, func(f *File) error { _, err := f.Add("acme", Limits{}); return err }); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		mode os.FileMode
		warn bool
	}{{0o600, false}, {0o640, false}, {0o660, true}, {0o666, true}} {
		if err := os.Chmod(file, c.mode); err != nil {
			t.Fatal(err)
		}
		var logs bytes.Buffer
		if _, err := Open(slog.New(slog.NewTextHandler(&logs, nil)), Choice{File: file, Addr: "127.0.0.1:0", Loopback: true}); err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(logs.String(), "WRITABLE BY OTHERS"); got != c.warn {
			t.Errorf("mode %v: warned %v, want %v:\n%s", c.mode, got, c.warn, logs.String())
		}
	}
}

// isLoopback is the server's rule, for the table's addresses.
func isLoopback(addr string) bool {
	host, _, _ := net.SplitHostPort(addr)
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
