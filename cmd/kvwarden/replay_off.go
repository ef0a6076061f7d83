//go:build !incidentreplay

package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// newReplayCmd is a stub in the normal build: the incident's faults are not compiled in.
func newReplayCmd() *cobra.Command {
	return &cobra.Command{
		Use:    "replay-incident",
		Short:  "Replay the October 2026 leak (only in a build with -tags incidentreplay)",
		Hidden: true,
		// Flags are not parsed: whatever they say, this build cannot replay.
		DisableFlagParsing: true,
		RunE: func(*cobra.Command, []string) error {
			return errReplayNotBuilt
		},
	}
}

var errReplayNotBuilt = errors.New("replay-incident needs a build with -tags incidentreplay (go build -tags incidentreplay ./cmd/kvwarden); this binary has no fault switches")
