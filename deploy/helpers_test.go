package deploy_test

import (
	"fmt"
	"net"
	"os/exec"
	"strconv"
	"strings"
)

func execCombined(name string, args ...string) ([]byte, error) {
	return exec.Command(name, args...).CombinedOutput()
}

// splitHostPort splits a listening address whose port must be a fixed number (a manifest cannot
// publish port 0).
func splitHostPort(addr string) (string, int, error) {
	host, p, err := net.SplitHostPort(addr)
	if err != nil {
		return "", 0, err
	}
	port, err := strconv.Atoi(p)
	if err != nil || port < 1 || port > 65535 {
		return "", 0, fmt.Errorf("port %q: want 1 to 65535", p)
	}
	return host, port, nil
}

// quantity reads a Kubernetes memory quantity in the binary units the manifests use (Ki, Mi, Gi).
func quantity(s string) (int64, error) {
	for i, unit := range []string{"Ki", "Mi", "Gi", "Ti"} {
		if n, ok := strings.CutSuffix(s, unit); ok {
			v, err := strconv.ParseInt(n, 10, 64)
			if err != nil || v <= 0 {
				return 0, fmt.Errorf("quantity %q", s)
			}
			return v << (10 * (i + 1)), nil
		}
	}
	return 0, fmt.Errorf("quantity %q: want a whole number of Ki, Mi, Gi or Ti", s)
}
