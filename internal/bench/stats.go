package bench

import (
	"math"
	"slices"
)

// Percentile returns the p-th percentile (0 ≤ p ≤ 100) of xs, interpolating linearly between the
// two nearest ranks (NumPy's default), so p50 of an even count is the mean of the middle two. It
// returns NaN for no values; xs is not modified.
func Percentile(xs []float64, p float64) float64 {
	if len(xs) == 0 || math.IsNaN(p) {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	p = min(max(p, 0), 100)
	rank := p / 100 * float64(len(s)-1)
	lo := int(math.Floor(rank))
	hi := min(lo+1, len(s)-1)
	frac := rank - float64(lo)
	return s[lo] + (s[hi]-s[lo])*frac
}

// Median is Percentile(xs, 50).
func Median(xs []float64) float64 { return Percentile(xs, 50) }

// Mean returns the arithmetic mean of xs, NaN for none.
func Mean(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	var s float64
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// Dist summarises latencies in milliseconds.
type Dist struct {
	N    int     `json:"n"`
	Mean float64 `json:"mean_ms"`
	P50  float64 `json:"p50_ms"`
	P90  float64 `json:"p90_ms"`
	P99  float64 `json:"p99_ms"`
	Max  float64 `json:"max_ms"`
}

// Summarize returns the distribution of ms; every field is 0 for no values, so that JSON output
// never holds NaN (which encoding/json refuses).
func Summarize(ms []float64) Dist {
	if len(ms) == 0 {
		return Dist{}
	}
	return Dist{N: len(ms), Mean: Mean(ms), P50: Percentile(ms, 50), P90: Percentile(ms, 90),
		P99: Percentile(ms, 99), Max: slices.Max(ms)}
}
