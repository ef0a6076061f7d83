package e2e

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/kvwarden/kvwarden/internal/invariants"
	"github.com/kvwarden/kvwarden/internal/testenv"
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
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	var tags []string
	if invariants.Enabled {
		// Tests built with -tags invariants drive a server that checks its core after every step.
		tags = []string{"invariants"}
	}
	return testenv.RunWithBinary("e2e", root, tags, func(b string) int {
		binary = b
		// The self-made models are written beside the binary, and go with it.
		selfMade.dir = filepath.Dir(b)
		return m.Run()
	})
}
