//go:build incidentreplay

package main

import (
	"slices"
	"testing"

	"github.com/kvwarden/kvwarden/internal/replay"
)

func TestReplayModes(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []replay.Mode
	}{
		{"both", []replay.Mode{replay.Single, replay.Disaggregated}},
		{"single", []replay.Mode{replay.Single}},
		{"disaggregated", []replay.Mode{replay.Disaggregated}},
		{"split", nil},
		{"", nil},
	} {
		got, err := replayModes(tc.in)
		if !slices.Equal(got, tc.want) || (err != nil) != (tc.want == nil) {
			t.Errorf("replayModes(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

func TestReplayChains(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []replay.Chain
	}{
		{"both", []replay.Chain{replay.IncidentChain, replay.LateWriteChain}},
		{"incident", []replay.Chain{replay.IncidentChain}},
		{"late-write", []replay.Chain{replay.LateWriteChain}},
		{"latewrite", nil},
		{"", nil},
	} {
		got, err := replayChains(tc.in)
		if !slices.Equal(got, tc.want) || (err != nil) != (tc.want == nil) {
			t.Errorf("replayChains(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}
