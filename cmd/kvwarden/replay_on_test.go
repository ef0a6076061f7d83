//go:build incidentreplay

package main

import (
	"slices"
	"testing"

	"github.com/kvwarden/kvwarden/internal/replay"
)

// TestOneOrBoth: --mode and --chain take one of their two values or "both" (both, in order), and
// nothing else, naming the flag and its values when refused.
func TestOneOrBoth(t *testing.T) {
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
		got, err := oneOrBoth("--chain", tc.in, replay.IncidentChain, replay.LateWriteChain)
		if !slices.Equal(got, tc.want) || (err != nil) != (tc.want == nil) {
			t.Errorf("--chain %q = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
	if got, err := oneOrBoth("--mode", "both", replay.Single, replay.Disaggregated); !slices.Equal(got, []replay.Mode{replay.Single, replay.Disaggregated}) || err != nil {
		t.Errorf("--mode both = %v, %v", got, err)
	}
	const want = `--mode "split": want single, disaggregated or both`
	if _, err := oneOrBoth("--mode", "split", replay.Single, replay.Disaggregated); err == nil || err.Error() != want {
		t.Errorf("--mode split: %v, want %s", err, want)
	}
}

// TestSplitShadow: "shadow" in --defences turns the detector on and leaves the rest to the
// defences' parser.
func TestSplitShadow(t *testing.T) {
	for _, tc := range []struct {
		in, prevent string
		shadow      bool
	}{
		{"shadow", "none", true},
		{"all,shadow", "all", true},
		{"gate, shadow ,header", "gate,header", true},
		{"none", "none", false},
		{"header", "header", false},
	} {
		if prevent, shadow := splitShadow(tc.in); prevent != tc.prevent || shadow != tc.shadow {
			t.Errorf("splitShadow(%q) = %q, %v; want %q, %v", tc.in, prevent, shadow, tc.prevent, tc.shadow)
		}
	}
}
