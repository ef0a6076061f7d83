package e2e

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/kvwarden/kvwarden/internal/invariants"
)

var longFlag = flag.Bool("e2e.long", false, "also run the long load test (or set KVWARDEN_E2E_LONG=1)")

// binary is the kvwarden executable built by TestMain for this run.
var binary string

func longRun() bool { return *longFlag || os.Getenv("KVWARDEN_E2E_LONG") == "1" }

func TestMain(m *testing.M) {
	flag.Parse()
	os.Exit(runTests(m))
}

// runTests builds the binary once, so every test drives the same build of the current tree.
func runTests(m *testing.M) int {
	dir, err := os.MkdirTemp("", "kvwarden-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	binary = filepath.Join(dir, "kvwarden")
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	// "go test" puts its own GOROOT/bin first on PATH, so this is the toolchain running the tests.
	args := []string{"build", "-o", binary}
	if invariants.Enabled {
		// Tests built with -tags invariants drive a server that checks its core after every step.
		args = append(args, "-tags", "invariants")
	}
	cmd := exec.Command("go", append(args, "./cmd/kvwarden")...)
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "e2e: building kvwarden: %v\n%s", err, out)
		return 1
	}
	return m.Run()
}
