//go:build incidentreplay

package faults

import (
	"slices"
	"testing"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

func TestParseAndSetDefences(t *testing.T) {
	defer SetDefences(kvtypes.Defences[:])
	for _, tc := range []struct {
		in   string
		want []kvtypes.Defence
		bad  bool
	}{
		{"all", kvtypes.Defences[:], false},
		{"none", nil, false},
		{"header, gate", []kvtypes.Defence{kvtypes.DefenceHeader, kvtypes.DefenceGate}, false},
		{"header,gates", nil, true},
	} {
		got, err := ParseDefences(tc.in)
		if (err != nil) != tc.bad || !slices.Equal(got, tc.want) {
			t.Errorf("ParseDefences(%q) = %v, %v", tc.in, got, err)
			continue
		}
		if tc.bad {
			continue
		}
		SetDefences(got)
		for d, s := range switchOf {
			if *s == slices.Contains(got, d) {
				t.Errorf("%q: defence %s on=%v but its fault is %v", tc.in, d, slices.Contains(got, d), *s)
			}
		}
	}
}
