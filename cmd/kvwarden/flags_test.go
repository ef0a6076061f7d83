package main

import (
	"bytes"
	"log/slog"
	"net"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/kvwarden/kvwarden/internal/node"
	"github.com/kvwarden/kvwarden/internal/testenv/selfmade"
)

func TestParseBytes(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int64 // 0: an error
	}{
		{"512MiB", 512 << 20}, {"4GiB", 4 << 30}, {"1.5GB", 1_500_000_000}, {"123264", 123264}, {"1B", 1},
		{"NaN", 0}, {"nan", 0}, {"NaNGiB", 0}, {"Inf", 0}, {"+Inf", 0}, {"-Inf", 0}, {"infinity", 0},
		{"-1", 0}, {"-1GiB", 0}, {"0", 0}, {"0.4", 0}, {"1e400", 0}, {"1e300GiB", 0}, {"2TiB", 2 << 40},
		{"1025TiB", 0}, {"", 0}, {"GiB", 0}, {"12 parsecs", 0},
	} {
		got, err := parseBytes(c.in)
		if c.want == 0 {
			if err == nil {
				t.Errorf("parseBytes(%q) = %d, want an error", c.in, got)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("parseBytes(%q) = %d, %v; want %d", c.in, got, err, c.want)
		}
	}
}

// flagsOf parses args into the model flags as a command line would.
func flagsOf(t *testing.T, args ...string) *modelFlags {
	t.Helper()
	var mf modelFlags
	cmd := &cobra.Command{}
	mf.register(cmd.Flags())
	mf.registerShadow(cmd.Flags())
	mf.registerSpeculative(cmd.Flags())
	if err := cmd.Flags().Parse(args); err != nil {
		t.Fatal(err)
	}
	return &mf
}

func TestEngineConfigRefuses(t *testing.T) {
	tooMany := "100000"
	if 4*runtime.NumCPU() >= 100000 {
		t.Fatal("the test assumes fewer than 25,000 cores")
	}
	for _, c := range []struct {
		args []string
		err  string // "" accepts
	}{
		{nil, ""},
		{[]string{"--threads", "0"}, ""},
		{[]string{"--threads", "1"}, ""},
		{[]string{"--threads", "-5"}, "--threads -5: want 1 to"},
		{[]string{"--threads", tooMany}, "--threads 100000: want 1 to"},
		{[]string{"--kv-mem", "NaN"}, "--kv-mem"},
		{[]string{"--kv-mem", "-1GiB"}, "--kv-mem"},
		{[]string{"--override-model-context"}, "--override-model-context needs"},
		{[]string{"--override-model-context", "--max-context", "512"}, ""},
		{[]string{"--kv-dtype", "f32"}, ""},
		{[]string{"--kv-dtype", "F16"}, ""},
		{[]string{"--kv-dtype", "q8_0"}, ""},
		{[]string{"--kv-dtype", "q4_0"}, `--kv-dtype: kv dtype "q4_0": want f16, f32 or q8_0`},
		{[]string{"--kv-dtype", "bf16"}, `--kv-dtype: kv dtype "bf16": want f16, f32 or q8_0`},
		{[]string{"--pooling", "last"}, ""},
		{[]string{"--pooling", "cls"}, `--pooling "cls": want mean or last`},
		{[]string{"--shadow-fraction", "0.05"}, ""},
		{[]string{"--speculative", "lookup", "--spec-tokens", "4"}, ""},
		{[]string{"--speculative", "ngram"}, `--speculative: speculative "ngram": want lookup, draft or off`},
		{[]string{"--speculative", "draft"}, "--draft-model and --speculative draft go together"},
		{[]string{"--draft-model", "x.gguf"}, "--draft-model and --speculative draft go together"},
		{[]string{"--speculative", "draft", "--draft-model", "x.gguf"}, ""},
		{[]string{"--speculative", "draft", "--draft-model", "x.gguf", "--draft-min-prob", "0"}, ""},
		{[]string{"--speculative", "draft", "--draft-model", "x.gguf", "--draft-min-prob", "1.5"}, "--draft-min-prob 1.5: want 0 to 1"},
		{[]string{"--speculative", "lookup", "--spec-tokens", "0"}, "--spec-tokens 0: want 1 to 64"},
		{[]string{"--speculative", "lookup", "--spec-max-batch", "0"}, "--spec-max-batch 0: want at least 1"},
		{[]string{"--shadow-fraction", "1"}, ""},
		{[]string{"--shadow-fraction", "1.5"}, "--shadow-fraction 1.5: want 0 to 1"},
		{[]string{"--shadow-fraction", "-0.1"}, "--shadow-fraction -0.1: want 0 to 1"},
		{[]string{"--shadow-fraction", "NaN"}, "--shadow-fraction NaN: want 0 to 1"},
	} {
		_, err := flagsOf(t, c.args...).engineConfig()
		if c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("%v: %v, want %q", c.args, err, c.err)
		}
	}
}

// run executes a command with args and returns its stdout, stderr and error.
func run(cmd *cobra.Command, args ...string) (string, string, error) {
	var out, errOut bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&errOut)
	cmd.SetArgs(args)
	cmd.SilenceUsage, cmd.SilenceErrors = true, true
	err := cmd.Execute()
	return out.String(), errOut.String(), err
}

// TestCapacityOverrideModelContext: a model whose metadata says 128 tokens (as stories260K's
// does, a converter default; it was trained at 512). 512 is refused without the flag that allows
// it, and allowed with it, loudly.
func TestCapacityOverrideModelContext(t *testing.T) {
	model := selfmade.Llama.Path(t)
	base := []string{"--model", model, "--kv-mem", "8MiB", "--max-context", "512"}
	_, _, err := run(newCapacityCmd(), base...)
	if err == nil || !strings.Contains(err.Error(), "exceeds the model's context 128") || !strings.Contains(err.Error(), "--override-model-context") {
		t.Fatalf("512 over a 128-token model without the override: %v", err)
	}
	out, errOut, err := run(newCapacityCmd(), append(base, "--override-model-context")...)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "advertised context   512 (OVERRIDES the model's 128") || !strings.Contains(errOut, "WARNING") {
		t.Fatalf("stdout:\n%s\nstderr:\n%s", out, errOut)
	}
	// The pool still bounds an overridden context.
	if _, _, err := run(newCapacityCmd(), "--model", model, "--kv-mem", "64KiB", "--max-context", "512", "--override-model-context"); err == nil ||
		!strings.Contains(err.Error(), "exceeds the KV pool") {
		t.Fatalf("override past the pool: %v", err)
	}
}

// TestCapacityQ8_0: the plan counts a q8_0 page's real bytes (34 per 32 elements, and the page
// header), so the same --kv-mem holds at least 1.85 times F16's tokens; a head dim that is not a
// multiple of 32 (8, stories260K's) is refused with an error naming it.
func TestCapacityQ8_0(t *testing.T) {
	model := selfmade.HD64.Path(t)
	tokens := map[string]int{}
	for _, dt := range []string{"f16", "q8_0"} {
		out, _, err := run(newCapacityCmd(), "--model", model, "--kv-mem", "64MiB", "--kv-dtype", dt)
		if err != nil {
			t.Fatalf("%s: %v", dt, err)
		}
		for _, line := range strings.Split(out, "\n") {
			if v, ok := strings.CutPrefix(line, "pool tokens"); ok {
				tokens[dt], err = strconv.Atoi(strings.ReplaceAll(strings.TrimSpace(v), ",", ""))
				if err != nil {
					t.Fatalf("%s: %q: %v", dt, line, err)
				}
			}
		}
		if want := map[string]string{"f16": "KV bytes per token   1,024", "q8_0": "KV bytes per token   544"}[dt]; !strings.Contains(out, want) {
			t.Errorf("%s plan without %q:\n%s", dt, want, out)
		}
	}
	if r := float64(tokens["q8_0"]) / float64(tokens["f16"]); r < 1.85 {
		t.Errorf("q8_0 holds %d tokens, F16 %d: %.3f×, want at least 1.85×", tokens["q8_0"], tokens["f16"], r)
	}
	_, _, err := run(newCapacityCmd(), "--model", selfmade.Llama.Path(t), "--kv-dtype", "q8_0")
	if err == nil || !strings.Contains(err.Error(), "head dim 8 is not a multiple of 32") {
		t.Errorf("a head dim of 8 with a q8_0 cache: %v", err)
	}
}

func TestCheckMetricsAddr(t *testing.T) {
	// A table test's header, alike in every package by convention.
	for _, c := range []struct {
		addr   string
		remote bool
		on     bool
		err    string
	}{
		{"127.0.0.1:9090", false, true, ""},
		{"[::1]:0", false, true, ""},
		{"", false, false, ""},
		{"off", false, false, ""},
		{"0.0.0.0:9090", false, false, "not a loopback address"},
		{":9090", false, false, "not a loopback address"},
		{"0.0.0.0:9090", true, true, ""},
		{"9090", false, false, "--metrics-addr"},
	} {
		on, err := checkMetricsAddr(c.addr, c.remote)
		if on != c.on || c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("checkMetricsAddr(%q, %v) = %v, %v; want %v, %q", c.addr, c.remote, on, err, c.on, c.err)
		}
	}
}

// TestOperatorHostsChecked: --operator-hosts takes names or addresses only, so that a wildcard or
// a URL is refused at start-up rather than silently never matching.
func TestOperatorHostsChecked(t *testing.T) {
	for _, c := range []struct {
		hosts []string
		err   string
	}{
		{[]string{"ops.example.com", "10.0.0.7"}, ""},
		{[]string{"*"}, "--operator-hosts"},
		{[]string{"https://ops.example.com"}, "--operator-hosts"},
	} {
		f := serveFlags{metricsAddr: "127.0.0.1:9090", operatorHosts: c.hosts}
		_, err := f.checkOperator()
		if c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("--operator-hosts %q: %v, want %q", c.hosts, err, c.err)
		}
	}
}

// TestServeBindsBeforeLoading: a port in use is reported before the model is even looked at (the
// model path here does not exist, so reaching the load would give a different error).
func TestServeBindsBeforeLoading(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	noModel := filepath.Join(t.TempDir(), "absent.gguf")
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"api port", []string{"--addr", busy.Addr().String(), "--metrics-addr", "off"}, "--addr"},
		{"metrics port", []string{"--addr", "127.0.0.1:0", "--metrics-addr", busy.Addr().String()}, "--metrics-addr"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := run(newServeCmd(), append([]string{"--dev", "--model", noModel}, c.args...)...)
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "address already in use") {
				t.Fatalf("got %v, want a %s bind error", err, c.want)
			}
		})
	}
}

func TestServedNames(t *testing.T) {
	for _, c := range []struct {
		name        string
		flag        []string
		wantName    string
		wantAliases []string
	}{
		{"default: the file's name", nil, "model", nil},
		{"flag", []string{"gpt-x", "alias"}, "gpt-x", []string{"alias"}},
	} {
		name, aliases := servedNames(c.flag, "/models/model.gguf")
		if name != c.wantName || !slices.Equal(aliases, c.wantAliases) {
			t.Errorf("%s: %q %q", c.name, name, aliases)
		}
	}
	for _, bad := range [][]string{{""}, {"a", " "}} {
		if checkServedNames(bad) == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if checkServedNames([]string{"a", "b"}) != nil {
		t.Error("good names refused")
	}
}

// TestToolCallParserFlag: the flag reaches the server's configuration, and an unknown parser is
// refused before the model loads.
func TestToolCallParserFlag(t *testing.T) {
	f := serveFlags{toolParser: "mistral", dev: true, addr: "127.0.0.1:0"}
	if cfg := f.serverConfig(slog.New(slog.DiscardHandler), "/m/model.gguf"); cfg.ToolCallParser != "mistral" {
		t.Fatalf("ToolCallParser %q", cfg.ToolCallParser)
	}
	f.toolParser = "xml"
	if _, err := f.openStore(slog.New(slog.DiscardHandler)); err == nil || !strings.Contains(err.Error(), "--tool-call-parser") {
		t.Fatalf("unknown parser: %v", err)
	}
}

// TestShadowFractionRoles: shadow verification runs where answers are computed whole, a single
// process or a decode node; the router and a prefill node refuse it.
func TestShadowFractionRoles(t *testing.T) {
	for _, c := range []struct {
		role string
		err  string
	}{
		{"decode", ""},
		{"prefill", "--shadow-fraction with --role prefill: shadow verification runs on the decode nodes"},
		{"router", "--shadow-fraction with --role router"},
	} {
		r := roleFlags{role: c.role}
		err := r.checkShadow(0.05)
		if c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("%s: %v, want %q", c.role, err, c.err)
		}
		if err := r.checkShadow(0); err != nil {
			t.Errorf("%s without shadow verification: %v", c.role, err)
		}
	}
}

// TestRoleFlagsHandoff: a prefill node's hold must end before the hand-off's deadline, and an
// advertised node address must be HOST:PORT.
func TestRoleFlagsHandoff(t *testing.T) {
	for _, c := range []struct {
		hold      time.Duration
		advertise string
		err       string
	}{
		{node.DefaultHold, "", ""},
		{time.Second, "10.0.0.5:7001", ""},
		{0, "", "--kv-hold 0s"},
		{-time.Second, "", "--kv-hold -1s"},
		{time.Minute, "", "less than 1m0s"},
		{time.Second, "10.0.0.5", "--node-advertise"},
	} {
		r := roleFlags{role: "prefill", nodeAddr: "127.0.0.1:0", tlsDir: "tls", hold: c.hold, advertise: c.advertise}
		err := r.check()
		if c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("hold %v, advertise %q: %v, want %q", c.hold, c.advertise, err, c.err)
		}
	}
}

// TestSpeculativeRoles: speculative decoding runs where tokens are decoded, a single process or a
// decode node; the router and a prefill node refuse it.
func TestSpeculativeRoles(t *testing.T) {
	for _, c := range []struct {
		role string
		err  string
	}{
		{"decode", ""},
		{"prefill", "--speculative lookup with --role prefill: speculative decoding runs on the decode nodes"},
		{"router", "--speculative lookup with --role router"},
	} {
		r := roleFlags{role: c.role}
		err := r.checkSpeculative("lookup")
		if c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("%s: %v, want %q", c.role, err, c.err)
		}
		if err := r.checkSpeculative("off"); err != nil {
			t.Errorf("%s without speculation: %v", c.role, err)
		}
		if err := r.checkSpeculative("draft"); err == nil || !strings.Contains(err.Error(), "a draft model runs on a single process only") {
			t.Errorf("%s with a draft model: %v", c.role, err)
		}
	}
}
