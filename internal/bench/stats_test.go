package bench

import (
	"encoding/json"
	"math"
	"slices"
	"testing"
)

func TestPercentile(t *testing.T) {
	for _, c := range []struct {
		name string
		xs   []float64
		p    float64
		want float64
	}{
		{"single", []float64{7}, 50, 7},
		{"single p99", []float64{7}, 99, 7},
		{"odd median", []float64{3, 1, 2}, 50, 2},
		{"even median is the mean of the middle two", []float64{4, 1, 3, 2}, 50, 2.5},
		{"p0 is the minimum", []float64{5, 9, 1}, 0, 1},
		{"p100 is the maximum", []float64{5, 9, 1}, 100, 9},
		{"interpolates between ranks", []float64{10, 20, 30, 40, 50}, 90, 46},
		{"p99 of 1..100", seq(100), 99, 99.01},
		{"p50 of 1..100", seq(100), 50, 50.5},
		{"below 0 clamps", []float64{1, 2}, -5, 1},
		{"above 100 clamps", []float64{1, 2}, 150, 2},
		{"ties", []float64{2, 2, 2, 9}, 50, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := slices.Clone(c.xs)
			if got := Percentile(c.xs, c.p); math.Abs(got-c.want) > 1e-9 {
				t.Errorf("Percentile(%v, %v) = %v, want %v", c.xs, c.p, got, c.want)
			}
			if !slices.Equal(in, c.xs) {
				t.Errorf("input modified: %v, was %v", c.xs, in)
			}
		})
	}
	if !math.IsNaN(Percentile(nil, 50)) || !math.IsNaN(Median(nil)) || !math.IsNaN(Mean(nil)) {
		t.Error("no values should give NaN")
	}
}

func seq(n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[n-1-i] = float64(i + 1) // descending: Percentile must sort
	}
	return out
}

func TestMedianMean(t *testing.T) {
	for _, c := range []struct {
		xs           []float64
		median, mean float64
	}{
		{[]float64{1}, 1, 1},
		{[]float64{1, 100}, 50.5, 50.5},
		{[]float64{5, 1, 3}, 3, 3},
		{[]float64{1, 2, 3, 100}, 2.5, 26.5},
	} {
		if got := Median(c.xs); got != c.median {
			t.Errorf("Median(%v) = %v, want %v", c.xs, got, c.median)
		}
		if got := Mean(c.xs); got != c.mean {
			t.Errorf("Mean(%v) = %v, want %v", c.xs, got, c.mean)
		}
	}
}

func TestSummarize(t *testing.T) {
	if d := Summarize(nil); d != (Dist{}) {
		t.Errorf("Summarize(nil) = %+v, want zeros", d)
	}
	d := Summarize([]float64{4, 1, 3, 2})
	want := Dist{N: 4, Mean: 2.5, P50: 2.5, P90: 3.7, P99: 3.97, Max: 4}
	if d.N != want.N || math.Abs(d.Mean-want.Mean)+math.Abs(d.P50-want.P50)+math.Abs(d.P90-want.P90)+math.Abs(d.P99-want.P99)+math.Abs(d.Max-want.Max) > 1e-9 {
		t.Errorf("Summarize = %+v, want %+v", d, want)
	}
	if _, err := json.Marshal(Summarize(nil)); err != nil {
		t.Errorf("an empty summary must encode: %v", err)
	}
}
