//go:build !incidentreplay

package faults_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/faults"
)

// TestNormalBuildCannotEnableFaults proves the normal build has no way to turn a fault on: the
// switches are constants (Available is false), and a program that assigns one does not compile.
// The program is added to the module through a build overlay, so the tree is not touched.
func TestNormalBuildCannotEnableFaults(t *testing.T) {
	if faults.Available || faults.GateOff || faults.AdmissionRewrite || faults.StateSideTable ||
		faults.NoReconcile || faults.HeadersOff || faults.ChecksumsOff || faults.ReleaseAtOnce || faults.LateWrite {
		t.Fatal("a fault switch is on in the normal build")
	}
	if testing.Short() {
		t.Skip("compiles a program: not in -short")
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	src := filepath.Join(tmp, "main.go")
	prog := "package main\n\nimport \"github.com/kvwarden/kvwarden/internal/faults\"\n\nfunc main() { faults.HeadersOff = true }\n"
	if err := os.WriteFile(src, []byte(prog), 0o600); err != nil {
		t.Fatal(err)
	}
	overlay, _ := json.Marshal(map[string]any{"Replace": map[string]string{filepath.Join(wd, "enable", "main.go"): src}})
	ov := filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(ov, overlay, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tags := range []string{"", "incidentreplay"} {
		cmd := exec.Command("go", "build", "-overlay", ov, "-tags", tags, "-o", os.DevNull, "./enable")
		out, err := cmd.CombinedOutput()
		if tags == "" {
			if err == nil || !strings.Contains(string(out), "cannot assign") {
				t.Fatalf("normal build: assigning a fault switch compiled (or failed otherwise): %v\n%s", err, out)
			}
		} else if err != nil {
			// The same program compiles in the replay build: the test reaches the switches.
			t.Fatalf("incidentreplay build: %v\n%s", err, out)
		}
	}
}
