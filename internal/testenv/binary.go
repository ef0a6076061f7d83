package testenv

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// RunWithBinary builds kvwarden from the module at root (with tags, if any) into a temporary
// folder, runs tests with the binary's path, and removes the folder. A TestMain calls it so that
// every test of the package drives one build of the current tree. A failure to build is printed,
// prefixed with who, and returns 1.
func RunWithBinary(who, root string, tags []string, tests func(binary string) int) int {
	dir, err := os.MkdirTemp("", "kvwarden-"+who+"-")
	if err != nil {
		fmt.Fprintln(os.Stderr, who+":", err)
		return 1
	}
	defer os.RemoveAll(dir)
	binary := filepath.Join(dir, "kvwarden")
	// "go test" puts its own GOROOT/bin first on PATH, so this is the toolchain running the tests.
	args := []string{"build", "-o", binary}
	if len(tags) > 0 {
		args = append(args, "-tags", strings.Join(tags, ","))
	}
	cmd := exec.Command("go", append(args, "./cmd/kvwarden")...)
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "%s: building kvwarden: %v\n%s", who, err, out)
		return 1
	}
	return tests(binary)
}
