//go:build incidentreplay

package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kvwarden/kvwarden/internal/faults"
	"github.com/kvwarden/kvwarden/internal/replay"
)

func newReplayCmd() *cobra.Command {
	var (
		cfg      replay.Config
		defences string
		mode     string
		chain    string
	)
	cmd := command("replay-incident [--mode single|disaggregated|both] [--chain incident|late-write|both] [--defences all|none|gate,admission,state,reconcile,checksum,header,release[,shadow]]",
		"Replay the October 2026 cross-tenant leak in one process and across a prefill/decode hand-off, with the chosen defences on",
		`Start an in-process server on a small model and a tiny KV pool, with victims whose prompts
carry canary secrets and an attacker who sends one request longer than the pool; every defence
not listed has its fault switched on. Print what the operator saw (statuses, latencies, token
counts), which tenants' pages the attacker's request attended over, the probe's canary matcher
on the answers, and the defences that fired. Then run the black-box probe (as kvwarden probe,
240 requests with three of the tenants' keys) against the same server and print its findings
per check beside what the engine saw its requests read. Exit status 1 when data leaked.

--mode disaggregated runs the chain across the hand-off, as the incident did: a router, a prefill
node (the small pool) and a decode node (a larger one) in process over loopback mTLS gRPC; the
report shows each node's stale reads and the defences and transfer failures counted on the node
where they fired. --mode both (the default) runs single, then disaggregated.

--chain late-write replays the late writer delayed release is for, which the incident's chain
has none of: the attacker streams a completion and hangs up after its first token, and its last
in-flight write (its last step's KV) lands once its freed pages are a victim's. The report shows
each late write landed or refused (and by which defence), what the victim read, and its answer
against the same prompt answered on clean pages; the probe does not run in this chain. --chain
both runs the incident's chain, then the late writer's.

shadow in --defences (shadow alone, all,shadow, or a list with it) adds shadow verification:
every answer re-run alone once the chain has run (on the decode node when disaggregated) and
compared bit for bit. It detects rather than prevents: the report shows each answer whose re-run
differs, with both runs' token ids and the pages each read.`,
		cobra.NoArgs, func(cmd *cobra.Command, _ []string) error {
			prevent, shadow := splitShadow(defences)
			on, err := faults.ParseDefences(prevent)
			if err != nil {
				return err
			}
			cfg.Shadow = shadow
			modes, err := oneOrBoth("--mode", mode, replay.Single, replay.Disaggregated)
			if err != nil {
				return err
			}
			chains, err := oneOrBoth("--chain", chain, replay.IncidentChain, replay.LateWriteChain)
			if err != nil {
				return err
			}
			cfg.Defences = on
			ctx, stop := signalContext()
			defer stop()
			leaked, runs := false, 0
			for _, c := range chains {
				for _, m := range modes {
					cfg.Mode, cfg.Chain = m, c
					res, err := replay.Run(ctx, cfg)
					if err != nil {
						return fmt.Errorf("replay-incident (%s, %s): %w", c, m, err)
					}
					if runs++; runs > 1 {
						fmt.Fprintln(cmd.OutOrStdout())
					}
					replay.Write(cmd.OutOrStdout(), res)
					leaked = leaked || res.LeakedData
				}
			}
			if leaked {
				os.Exit(1)
			}
			return nil
		})
	fs := cmd.Flags()
	fs.StringVar(&mode, "mode", "both", "where the chain runs: single (one process), disaggregated (router + prefill + decode nodes) or both")
	fs.StringVar(&chain, "chain", "incident", "which chain: incident (the over-long request's), late-write (an aborted request's write landing in a victim's pages: what release stops) or both")
	fs.StringVar(&defences, "defences", "none", "defences on: all, none, or a comma-separated list of gate, admission, state, reconcile, checksum, header, release; add shadow for shadow verification, which detects rather than prevents")
	fs.StringVar(&cfg.Model, "model", "", "model spec: empty for the built-in demo model, or dummy:...")
	fs.IntVar(&cfg.Pages, "pages", 12, "KV pool pages of 16 tokens (the prefill node's when disaggregated)")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "seed of canaries and the attacker's prompt")
	return cmd
}

// oneOrBoth parses a flag that takes a or b, or "both" for a then b.
func oneOrBoth[T ~string](flag, s string, a, b T) ([]T, error) {
	switch T(s) {
	case "both":
		return []T{a, b}, nil
	case a, b:
		return []T{T(s)}, nil
	}
	return nil, fmt.Errorf("%s %q: want %s, %s or both", flag, s, a, b)
}

// splitShadow takes "shadow" out of a --defences value: it is a detector, not one of the
// defences whose faults the replay switches. What is left is "none" when only shadow was given.
func splitShadow(s string) (prevent string, shadow bool) {
	var rest []string
	for _, f := range strings.Split(s, ",") {
		if strings.TrimSpace(f) == "shadow" {
			shadow = true
			continue
		}
		rest = append(rest, f)
	}
	if len(rest) == 0 {
		return "none", shadow
	}
	return strings.Join(rest, ","), shadow
}
