package bench

import (
	"math"
	"strings"
	"testing"
)

// The int8 loop runs at a positive, finite rate wherever the CPU has one, and a quantised
// model's prompt rate is set beside it while an F32 one's is not.
func TestInt8Peak(t *testing.T) {
	loop, ops, name := int8Peak()
	if loop == nil {
		t.Skip("no int8 product loop for this CPU and build")
	}
	if r := loopRate(loop, ops, 1); !(r > 0) || math.IsInf(r, 0) || name == "" {
		t.Errorf("int8 peak %v GOP/s (%q)", r, name)
	}
}

func TestRooflineInt8Share(t *testing.T) {
	l := &Limits{ReadGBps: 20, DotGFLOPs: 30, FMAGFLOPs: 80, Int8GOPs: 200}
	for _, tc := range []struct {
		dt    string
		int8s bool
	}{{"Q8_0", true}, {"Q4_K", true}, {"Q6_K", true}, {"Q4_0", true}, {"F32", false}, {"F16", false}, {"BF16", false}} {
		mi := ModelInfo{WeightType: tc.dt, Layers: 2, QDim: 64, BlockParams: 1e6, OutputParams: 1e5, StreamedBytes: 1e6}
		br := BatchResult{Batch: 1, Prefill: Rate{TokensPerSec: 100}, Generate: Rate{TokensPerSec: 10}}
		br.roofline(mi, l, 16, 8)
		if want := br.PrefillGFLOPs / l.Int8GOPs; tc.int8s && br.PrefillInt8Fraction != want || !tc.int8s && br.PrefillInt8Fraction != 0 {
			t.Errorf("%s: int8 share %v (prefill %v GFLOP/s)", tc.dt, br.PrefillInt8Fraction, br.PrefillGFLOPs)
		}
		var text strings.Builder
		WriteOffline(&text, &OfflineResult{Model: mi, Limits: l, PromptTokens: 16, GenTokens: 8, Runs: []BatchResult{br}})
		if got := strings.Contains(text.String(), "of int8 peak"); got != tc.int8s || !strings.Contains(text.String(), "int8 peak") {
			t.Errorf("%s report, int8 share shown %v:\n%s", tc.dt, got, text.String())
		}
	}
}
