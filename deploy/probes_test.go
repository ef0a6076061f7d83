package deploy_test

import (
	"context"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestProbePathsAnswer runs the binary as the manifests' probes meet it and asks each probe's path
// on its listener: a single process (its API and metrics listeners are the router's too: the
// same internal/server) and a prefill node (a node's operator listener). Every path a manifest
// probes must answer 200 there.
func TestProbePathsAnswer(t *testing.T) {
	tls := t.TempDir()
	if out, err := execCombined(binary, "certs", "--dir", tls); err != nil {
		t.Fatalf("certs: %v\n%s", err, out)
	}
	for _, c := range []struct {
		name, role string // role: whose probes (probesWanted)
		args       []string
	}{
		{"single", "single", []string{"serve", "--dev", "--addr", "127.0.0.1:0"}},
		{"prefill", "prefill", []string{"serve", "--role", "prefill", "--tls-dir", tls, "--node-addr", "127.0.0.1:0"}},
		// A node serving the OpenAI API, as in the llm-d overlay: probed as a single process is.
		{"prefill with the API", "single", []string{"serve", "--role", "prefill", "--tls-dir", tls, "--node-addr", "127.0.0.1:0", "--dev",
			"--addr", "127.0.0.1:0", "--api-addr-file", filepath.Join(t.TempDir(), "api")}},
	} {
		t.Run(c.name, func(t *testing.T) {
			addrs := start(t, c.args)
			paths := map[[2]string]bool{} // port name, path
			for _, p := range probesWanted[c.role] {
				paths[p] = true
			}
			for p := range paths {
				port, path := p[0], p[1]
				url := "http://" + addrs[port] + path
				resp, err := http.Get(url)
				if err != nil {
					t.Errorf("GET %s (the %s port): %v", url, port, err)
					continue
				}
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					t.Errorf("GET %s (the %s port): %s", url, port, resp.Status)
				}
			}
		})
	}
}

// start runs kvwarden with its listeners on free loopback ports and returns their addresses by
// the manifests' port names once the process serves ("api" or "node", and "metrics").
func start(t *testing.T, args []string) map[string]string {
	t.Helper()
	dir := t.TempDir()
	main, metrics := filepath.Join(dir, "addr"), filepath.Join(dir, "metrics")
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, binary, append(args, "--addr-file", main,
		"--metrics-addr", "127.0.0.1:0", "--metrics-addr-file", metrics)...)
	out, err := os.Create(filepath.Join(dir, "log"))
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cancel()
		cmd.Wait()
		if t.Failed() {
			b, _ := os.ReadFile(out.Name())
			t.Logf("kvwarden %v:\n%s", args, b)
		}
	})
	// The address file is written last, once the process serves.
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		a, errA := os.ReadFile(main)
		m, errM := os.ReadFile(metrics)
		api, errAPI := apiAddr(args)
		if errA == nil && errM == nil && errAPI == nil && len(a) > 0 && len(m) > 0 {
			name := "api"
			if args[1] == "--role" {
				name = "node"
			}
			addrs := map[string]string{name: string(a), "metrics": string(m)}
			if api != "" {
				addrs["api"] = api
			}
			return addrs
		}
		if time.Now().After(deadline) {
			t.Fatalf("kvwarden %v did not start within 60s", args)
		}
	}
}

// apiAddr reads a node's --api-addr-file, if args name one ("" if not).
func apiAddr(args []string) (string, error) {
	i := slices.Index(args, "--api-addr-file")
	if i < 0 {
		return "", nil
	}
	b, err := os.ReadFile(args[i+1])
	if err == nil && len(b) == 0 {
		err = os.ErrNotExist
	}
	return string(b), err
}
