package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/source"
)

func TestModelWrite(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "m.gguf")
	spec := "dim=64,layers=1,heads=4,kv_heads=2,ffn=96,vocab=300,type=f16"
	for _, c := range []struct {
		args []string
		want string // in the output, or in the error when fail
		fail bool
	}{
		{[]string{"model", "write", "dummy:" + spec, out}, "wrote dummy:llama,dim=64,", false},
		{[]string{"model", "write", spec, out}, "want dummy:SPEC", true},
		{[]string{"model", "write", "dummy:ref7b", out}, "unknown model", true},
		{[]string{"model", "write", "dummy:ref125m"}, "accepts 2 arg(s)", true},
	} {
		root := newRootCmd()
		var stdout bytes.Buffer
		root.SetOut(&stdout)
		root.SetErr(&bytes.Buffer{})
		root.SetArgs(c.args)
		err := root.Execute()
		if c.fail {
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%v: error %v, want %q", c.args, err, c.want)
			}
			continue
		}
		if err != nil || !strings.Contains(stdout.String(), c.want) {
			t.Errorf("%v: %v, output %q, want %q", c.args, err, stdout.String(), c.want)
		}
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := source.ParseDummySpec(spec)
	var want bytes.Buffer
	s.WriteTo(&want)
	if !bytes.Equal(got, want.Bytes()) {
		t.Error("the written file is not the spec's model")
	}
}
