package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/kvwarden/kvwarden/internal/probe"
)

func newProbeCmd() *cobra.Command {
	var (
		cfg      probe.Config
		jsonFile string
	)
	cmd := command("probe --endpoint URL --key KEY_A --key KEY_B [--key ...]",
		"Audit any OpenAI-compatible endpoint, from the outside, for cross-tenant leaks",
		`Probe an OpenAI-compatible endpoint as several tenants at once (one per --key) and report
every sign of one tenant's data, cache or load reaching another:

  invariance    greedy answers on the idle endpoint must equal those given while the other
                tenants send long prompts, share prefixes, cancel streams and fill the KV pool
  canary        random secrets in each tenant's prompts must never appear, wholly or in part,
                in another tenant's answers
  boundary      prompts at the advertised context -1, exactly, +1 and far above are answered
                with the right usage and a plausible time to first token, or refused with a 4xx
  abort         streams cut at random points must not change the next tenant's answers
  side_channel  another tenant's prefix must not make a prompt measurably faster

Exit status: 0 clean, 1 findings, 2 usage or connection error, or interrupted. Keys are never
printed.`,
		cobra.NoArgs, func(cmd *cobra.Command, _ []string) error {
			ctx, stop := signalContext()
			defer stop()
			if code := runProbe(ctx, cfg, jsonFile, cmd.OutOrStdout(), cmd.ErrOrStderr()); code != 0 {
				os.Exit(code)
			}
			return nil
		})
	fs := cmd.Flags()
	fs.StringVar(&cfg.Endpoint, "endpoint", "", "base URL of the API (http://host:port, with or without /v1)")
	fs.StringArrayVar(&cfg.Keys, "key", nil, "API key of one tenant; give two or more")
	fs.StringVar(&cfg.Model, "model", "", "model ID (default: the first /v1/models lists)")
	fs.IntVar(&cfg.Context, "context", 0, "advertised context in tokens (default: max_model_len or context_length from /v1/models)")
	fs.IntVar(&cfg.Budget, "budget", 1000, "requests in all, every check and retry included")
	fs.Float64Var(&cfg.Rate, "rate", 10, "requests started per second, at most")
	fs.IntVar(&cfg.Concurrency, "concurrency", 4, "requests in flight, at most")
	fs.Uint64Var(&cfg.Seed, "seed", 0, "seed of prompts and canaries; a report names its seed (default: random)")
	fs.Float64Var(&cfg.Tolerance, "tolerance", 0, "logprob bound of tolerance mode (default: learnt from idle repeats, at least 0.02)")
	fs.BoolVar(&cfg.Exact, "exact", false, "the endpoint promises bit-identical greedy answers (kvwarden does): idle repeats that differ are findings, and answers are compared exactly")
	fs.IntVar(&cfg.Trials, "trials", 12, "side-channel timing trials (4 requests each)")
	fs.StringVar(&jsonFile, "json", "", "also write the report as JSON to this file")
	// A usage error is exit status 2 here, as the help promises, not the 1 of other commands.
	cmd.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		fmt.Fprintf(c.ErrOrStderr(), "kvwarden probe: %v\n", err)
		os.Exit(2)
		return err
	})
	return cmd
}

// runProbe runs the probe and returns the exit status: 0 clean, 1 findings, 2 when the probe
// could not run.
func runProbe(ctx context.Context, cfg probe.Config, jsonFile string, stdout, stderr io.Writer) int {
	cfg.Progress = stderr
	rep, err := probe.Run(ctx, cfg)
	if err != nil {
		fmt.Fprintln(stderr, "kvwarden probe:", err)
		return 2
	}
	probe.WriteText(stdout, rep)
	if jsonFile != "" {
		if err := writeProbeJSON(jsonFile, rep); err != nil {
			fmt.Fprintln(stderr, "kvwarden probe:", err)
			return 2
		}
	}
	// An interrupted audit is not a clean one.
	if ctx.Err() != nil && len(rep.Findings) == 0 {
		return 2
	}
	if len(rep.Findings) > 0 {
		return 1
	}
	return 0
}

func writeProbeJSON(path string, rep *probe.Report) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := probe.WriteJSON(f, rep); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
