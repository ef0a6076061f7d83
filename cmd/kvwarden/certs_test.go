package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func TestCertsCmd(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tls")
	for _, c := range []struct {
		name string
		args []string
		ok   bool
	}{
		{"no --dir", nil, false},
		{"writes", []string{"--dir", dir}, true},
		{"refuses to overwrite", []string{"--dir", dir}, false},
	} {
		cmd := newCertsCmd()
		var out bytes.Buffer
		cmd.SetOut(&out)
		cmd.SetErr(&out)
		cmd.SetArgs(c.args)
		if err := cmd.Execute(); (err == nil) != c.ok {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	st, err := os.Stat(filepath.Join(dir, "node-key.pem"))
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("key: %v %v", st, err)
	}
}
