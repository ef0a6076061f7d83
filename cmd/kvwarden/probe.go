package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/kvwarden/kvwarden/internal/probe"
)

func newProbeCmd() *cobra.Command {
	var (
		cfg probe.Config
		out probeOutputs
	)
	cmd := command("probe --endpoint URL --key KEY_A --key KEY_B [--key ...]",
		"Audit any OpenAI-compatible endpoint, from the outside, for cross-tenant leaks",
		`Probe an OpenAI-compatible endpoint as several tenants at once (one per --key) and report
every sign of one tenant's data, cache or load reaching another:

  invariance    greedy answers on the idle endpoint must equal those given while the other
                tenants send long prompts, share prefixes, cancel streams and fill the KV pool
  canary        random secrets in each tenant's prompts must never appear, wholly or in part,
                in another tenant's answers
  boundary      a handful of long prompts, from the advertised context down, find the context
                the endpoint really serves; each served one must carry the right usage, a
                plausible time to first token and none of the canary another tenant planted
                just before it
  abort         streams cut at random points must not change the next tenant's answers
  side_channel  another tenant's prefix must not make a prompt measurably faster

Every finding has a verdict: leak, side-channel or capacity (isolation failures) or
nondeterminism (answers differ without another tenant's content: a warning, not a failure).
The run plans its checks within --budget, --max-prompt-tokens and --max-output-tokens and never
exceeds them; --dry-run prints that plan and sends no generation request.

Exit status: 0 no isolation finding and every check complete (nondeterminism findings are
warnings); 1 isolation findings; 2 inconclusive: a check did not run or did not complete (the
budgets, the deadline, an endpoint that stopped answering, redirected or sent more than
max_tokens), or the run could not start (a usage or connection error, an endpoint that gave
discovery no answer). The report is written on every exit, to stdout and every file asked for.
Redirects are never followed; whatever the endpoint sends is escaped before it is printed.
Keys are never printed.`,
		cobra.NoArgs, func(cmd *cobra.Command, _ []string) error {
			ctx, stop := signalContext()
			defer stop()
			if code := runProbe(ctx, cfg, out, cmd.OutOrStdout(), cmd.ErrOrStderr()); code != 0 {
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
	fs.IntVar(&cfg.Trials, "trials", 12, "side-channel timing trials (4 requests each), and the adapter check's (6 each)")
	fs.StringArrayVar(&cfg.Adapters, "adapter", nil, `a LoRA adapter ("model" name) the --key of the same position may use; given for two keys or more, the adapter check looks for prefix-cache hits (cached_tokens) and timing differences across adapters`)
	fs.Int64Var(&cfg.MaxPromptTokens, "max-prompt-tokens", 0, "prompt tokens the run may send, at most (default: 16 advertised contexts, at least 4,194,304)")
	fs.Int64Var(&cfg.MaxOutputTokens, "max-output-tokens", 0, "tokens the run may ask to generate (max_tokens), at most (default: 262,144)")
	fs.DurationVar(&cfg.RequestTimeout, "request-timeout", probe.DefaultRequestTimeout, "longest wait for one answer, stream included")
	fs.DurationVar(&cfg.Deadline, "deadline", time.Hour, "longest run; when it passes the report is written and the run is inconclusive (0: none)")
	fs.BoolVar(&cfg.DryRun, "dry-run", false, "print the plan (every check's requests, prompt and output tokens) and exit without sending a generation request")
	fs.StringVar(&out.json, "json", "", "also write the report as JSON to this file")
	fs.StringVar(&out.junit, "junit", "", "also write the report as JUnit XML (a testcase per check) to this file")
	fs.StringVar(&out.html, "html", "", "also write the report as a self-contained HTML page to this file")
	// A usage error is exit status 2 here, as the help promises, not the 1 of other commands.
	cmd.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		fmt.Fprintf(c.ErrOrStderr(), "kvwarden probe: %v\n", err)
		os.Exit(2)
		return err
	})
	return cmd
}

// probeOutputs are the report files besides the text on stdout.
type probeOutputs struct{ json, junit, html string }

// runProbe runs the probe, writes its report on every exit (stdout and every file asked for,
// an inconclusive one when the probe could not start) and returns the exit status: the report's
// (0 clean, 1 isolation findings, 2 inconclusive), or 2 when a report file could not be written.
func runProbe(ctx context.Context, cfg probe.Config, out probeOutputs, stdout, stderr io.Writer) int {
	cfg.Progress = stderr
	rep, err := probe.Run(ctx, cfg)
	if err != nil {
		// The endpoint may have chosen the error's words (a refusal's body): no control
		// character of theirs reaches the terminal.
		fmt.Fprintln(stderr, "kvwarden probe:", probe.Printable(err.Error()))
	}
	probe.WriteText(stdout, rep)
	for _, f := range []struct {
		path  string
		write func(io.Writer, *probe.Report) error
	}{{out.json, probe.WriteJSON}, {out.junit, probe.WriteJUnit}, {out.html, probe.WriteHTML}} {
		if f.path == "" {
			continue
		}
		if err := writeReport(f.path, rep, f.write); err != nil {
			fmt.Fprintln(stderr, "kvwarden probe:", probe.Printable(err.Error()))
			return 2
		}
	}
	return rep.ExitCode
}

func writeReport(path string, rep *probe.Report, write func(io.Writer, *probe.Report) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f, rep); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
