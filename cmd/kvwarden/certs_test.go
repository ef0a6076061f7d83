package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCertsCmd(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tls")
	for _, c := range []struct {
		name string
		args []string
		ok   bool
		// says is what the output or error must say; never is what it must not.
		says, never string
	}{
		{"no --dir", nil, false, "--dir is required", ""},
		{"writes", []string{"--dir", dir}, true, "wrote ca.pem, node.pem, node-key.pem, secret and ticket-key in " + dir, ""},
		{"refuses to overwrite", []string{"--dir", dir}, false, "ca.pem already exists; refusing to overwrite", "<nil>"},
	} {
		cmd := newCertsCmd()
		var out bytes.Buffer
		cmd.SetOut(&out)
		cmd.SetErr(&out)
		cmd.SetArgs(c.args)
		err := cmd.Execute()
		if (err == nil) != c.ok {
			t.Errorf("%s: %v", c.name, err)
		}
		said := out.String()
		if err != nil {
			said += err.Error()
		}
		if !strings.Contains(said, c.says) || (c.never != "" && strings.Contains(said, c.never)) {
			t.Errorf("%s: said %q, want %q without %q", c.name, said, c.says, c.never)
		}
	}
	for name, perm := range map[string]os.FileMode{"ca.pem": 0o644, "node.pem": 0o644, "node-key.pem": 0o600, "secret": 0o600} {
		st, err := os.Stat(filepath.Join(dir, name))
		if err != nil || st.Mode().Perm() != perm {
			t.Errorf("%s: %v %v, want mode %v", name, st, err, perm)
		}
	}
}
