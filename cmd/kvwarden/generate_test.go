package main

import (
	"strings"
	"testing"
	"time"
)

func TestSpan(t *testing.T) {
	cases := []struct {
		n    int
		d    time.Duration
		want string
	}{
		{39, 0, "39 tokens in 0s"},
		{39, 53800 * time.Nanosecond, "39 tokens in 53.8µs"},
		{39, 412345 * time.Nanosecond, "39 tokens in 412µs"},
		{39, 9999 * time.Microsecond, "39 tokens in 10ms"}, // rounds up, but measured below 10ms: no rate
		{1, 10 * time.Millisecond, "1 tokens in 10ms (100.0 tokens/s)"},
		{64, 1234567890 * time.Nanosecond, "64 tokens in 1.23s (51.8 tokens/s)"},
		{7, 999 * time.Nanosecond, "7 tokens in 999ns"},
		{100, 2*time.Minute + 345*time.Millisecond, "100 tokens in 2m0s (0.8 tokens/s)"},
	}
	for _, c := range cases {
		if got := span(c.n, c.d); got != c.want {
			t.Errorf("span(%d, %v) = %q, want %q", c.n, c.d, got, c.want)
		}
	}
}

// TestReportTinyRun: a run whose tokens all arrive at once reports no impossible rates.
func TestReportTinyRun(t *testing.T) {
	var sb strings.Builder
	start := time.Unix(0, 0)
	report(&sb, 5, 40, start, start.Add(30*time.Millisecond), start.Add(30*time.Millisecond+54*time.Microsecond), "length")
	want := "prefill: 5 tokens in 30ms (166.7 tokens/s)\ndecode:  39 tokens in 54µs\nfinish:  length\n"
	if sb.String() != want {
		t.Errorf("report:\n%s\nwant:\n%s", sb.String(), want)
	}
}
