package deploy_test

import (
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/testenv"
)

// binary is the kvwarden executable built from this tree by TestMain, so that the manifests are
// checked against the flags and endpoints of the code they deploy.
var binary string

func TestMain(m *testing.M) {
	os.Exit(testenv.RunWithBinary("deploy", "..", nil, func(b string) int {
		binary = b
		return m.Run()
	}))
}

// helpFlag matches one flag line of pflag's usage: "  -h, --help", "      --addr string   ...".
// The type word follows the name after one space; the description after two or more.
var helpFlag = regexp.MustCompile(`^\s+(?:-\w, )?--([a-z0-9-]+)(?: (\w+))?(?:\s{2,}|$)`)

// serveFlags reads "kvwarden serve --help": each flag and whether it takes a value (every type
// but bool shows a type word).
func serveFlags(t *testing.T) map[string]bool {
	t.Helper()
	out, err := exec.Command(binary, "serve", "--help").CombinedOutput()
	if err != nil {
		t.Fatalf("serve --help: %v\n%s", err, out)
	}
	flags := map[string]bool{}
	for _, line := range strings.Split(string(out), "\n") {
		if m := helpFlag.FindStringSubmatch(line); m != nil {
			flags[m[1]] = m[2] != ""
		}
	}
	if !flags["addr"] || flags["metrics-allow-remote"] {
		t.Fatalf("serve --help was not read as expected (--addr takes a value, --metrics-allow-remote does not): %v", flags)
	}
	return flags
}

// parseArgs splits a container's args after "serve" into flag → value ("" for a bool), refusing
// an unknown flag, a repeated one (but a repeatable one), a positional word or a missing value.
func parseArgs(known map[string]bool, args []string) (map[string]string, error) {
	if len(args) == 0 || args[0] != "serve" {
		return nil, fmt.Errorf("args %q: want the serve subcommand first", args)
	}
	got := map[string]string{}
	for i := 1; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "--") {
			return nil, fmt.Errorf("%q is not a flag (serve takes no arguments)", a)
		}
		name, val, hasVal := strings.Cut(a[2:], "=")
		takesValue, ok := known[name]
		switch {
		case !ok:
			return nil, fmt.Errorf("--%s: serve has no such flag", name)
		case (got[name] != "" || hasKey(got, name)) && !repeatable[name]:
			return nil, fmt.Errorf("--%s given twice", name)
		case takesValue && !hasVal:
			if i+1 >= len(args) || strings.HasPrefix(args[i+1], "--") {
				return nil, fmt.Errorf("--%s needs a value", name)
			}
			i++
			val = args[i]
		}
		if hasKey(got, name) {
			val = got[name] + "\n" + val
		}
		got[name] = val
	}
	return got, nil
}

// repeatable are serve's flags given once per value; parseArgs joins their values with newlines.
var repeatable = map[string]bool{"lora": true}

func hasKey(m map[string]string, k string) bool {
	_, ok := m[k]
	return ok
}
