package main

import (
	"strconv"
	"testing"

	"github.com/spf13/cobra"

	"github.com/kvwarden/kvwarden/internal/bench"
	"github.com/kvwarden/kvwarden/internal/core"
	"github.com/kvwarden/kvwarden/internal/engine"
)

// TestFlagDefaults: a flag left out means what the library's zero value means, and --help shows
// that value, because both come from the one constant.
func TestFlagDefaults(t *testing.T) {
	for _, c := range []struct {
		cmd  *cobra.Command
		flag string
		want int
	}{
		{newServeCmd(), "page-tokens", core.DefaultPageTokens},
		{newServeCmd(), "step-tokens", core.DefaultStepTokens},
		{newServeCmd(), "max-running", engine.DefaultMaxRunning},
		{newGenerateCmd(), "page-tokens", core.DefaultPageTokens},
		{newCapacityCmd(), "page-tokens", core.DefaultPageTokens},
		{newBenchOfflineCmd(), "step-tokens", core.DefaultStepTokens},
		{newBenchOfflineCmd(), "max-running", engine.DefaultMaxRunning},
		{newBenchOfflineCmd(), "prompt-tokens", bench.DefaultOfflinePromptTokens},
		{newBenchOfflineCmd(), "gen-tokens", bench.DefaultOfflineGenTokens},
		{newBenchOfflineCmd(), "reps", bench.DefaultOfflineReps},
		{newBenchServeCmd(), "clients", bench.DefaultServeClients},
		{newBenchServeCmd(), "requests", bench.DefaultServeRequests},
		{newBenchServeCmd(), "prompt-tokens", bench.DefaultServePromptTokens},
		{newBenchServeCmd(), "gen-tokens", bench.DefaultServeGenTokens},
	} {
		f := c.cmd.Flags().Lookup(c.flag)
		if f == nil {
			t.Errorf("%s: no --%s", c.cmd.Name(), c.flag)
			continue
		}
		if f.DefValue != strconv.Itoa(c.want) {
			t.Errorf("%s --%s: default %s, want %d", c.cmd.Name(), c.flag, f.DefValue, c.want)
		}
	}
	if f := newBenchOfflineCmd().Flags().Lookup("batch"); f == nil || f.DefValue != "[1,8]" {
		t.Errorf("bench offline --batch default %v, want [1,8] (bench.DefaultOfflineBatches)", f)
	}
}

// TestEngineDefaultsPerLayer pins the one documented difference: the engine runs fewer sequences
// by default than the core would, since it allocates per running sequence, and both fit the
// default step budget.
func TestEngineDefaultsPerLayer(t *testing.T) {
	if engine.DefaultMaxRunning > core.DefaultMaxRunning || engine.DefaultMaxRunning > core.DefaultStepTokens {
		t.Fatalf("engine default of %d running sequences above the core's %d or the step budget of %d",
			engine.DefaultMaxRunning, core.DefaultMaxRunning, core.DefaultStepTokens)
	}
}

// TestBenchCommandsAlike: the measuring bench commands (built by benchCommand) all take the
// model flags and --json, and no arguments.
func TestBenchCommandsAlike(t *testing.T) {
	cmds := []*cobra.Command{newBenchOfflineCmd(), newBenchServeCmd(), newBenchFairnessCmd()}
	if devBenchCommands != nil {
		cmds = append(cmds, devBenchCommands()...)
	}
	for _, cmd := range cmds {
		for _, flag := range []string{"json", "model", "kv-mem"} {
			if cmd.Flags().Lookup(flag) == nil {
				t.Errorf("bench %s: no --%s", cmd.Name(), flag)
			}
		}
		if f := cmd.Flags().Lookup("json"); f != nil && (f.Value.Type() != "bool" || f.DefValue != "false") {
			t.Errorf("bench %s --json: %s defaulting to %s, want an off bool", cmd.Name(), f.Value.Type(), f.DefValue)
		}
		if err := cmd.Args(cmd, []string{"x"}); err == nil {
			t.Errorf("bench %s takes an argument", cmd.Name())
		}
	}
}
