package probe

import (
	"math"
	"slices"
	"time"
)

// mannWhitneyLess is the one-sided Mann-Whitney U test of "x tends to be smaller than y": the
// probability, if both came from one distribution, of a U statistic at least as extreme as the
// one seen. It makes no assumption about the shape of the distributions, which suits latencies
// (skewed, heavy-tailed). Without ties and for small samples the p-value is exact (the
// distribution of U by dynamic programming); otherwise the normal approximation with tie
// correction and continuity correction.
func mannWhitneyLess(x, y []float64) float64 {
	n, m := len(x), len(y)
	if n == 0 || m == 0 {
		return 1
	}
	type obs struct {
		v   float64
		inX bool
	}
	all := make([]obs, 0, n+m)
	for _, v := range x {
		all = append(all, obs{v, true})
	}
	for _, v := range y {
		all = append(all, obs{v, false})
	}
	slices.SortFunc(all, func(a, b obs) int {
		switch {
		case a.v < b.v:
			return -1
		case a.v > b.v:
			return 1
		}
		return 0
	})
	// Mid-ranks; tieTerm accumulates Σ(t³-t) over groups of ties.
	rankX, tieTerm := 0.0, 0.0
	for i := 0; i < len(all); {
		j := i
		for j < len(all) && all[j].v == all[i].v {
			j++
		}
		r := float64(i+j+1) / 2 // mean of ranks i+1..j
		for k := i; k < j; k++ {
			if all[k].inX {
				rankX += r
			}
		}
		t := float64(j - i)
		tieTerm += t*t*t - t
		i = j
	}
	// U counts the pairs (xi, yj) with xi > yj (ties a half): small U means x is smaller.
	u := rankX - float64(n*(n+1))/2
	if tieTerm == 0 && n*m <= 2500 {
		return exactULessEq(n, m, int(math.Round(u)))
	}
	N := float64(n + m)
	mean := float64(n*m) / 2
	sd := math.Sqrt(float64(n*m) / 12 * (N + 1 - tieTerm/(N*(N-1))))
	if sd == 0 {
		return 1
	}
	z := (u + 0.5 - mean) / sd
	return 0.5 * math.Erfc(-z/math.Sqrt2)
}

// exactULessEq is P(U ≤ u) for samples of n and m with no ties: the number of arrangements of n
// x's among n+m ranks with U ≤ u over all C(n+m, n) arrangements.
func exactULessEq(n, m, u int) float64 {
	// f[i][j][k] counts arrangements of i x's and j y's with U = k; rolled over i.
	maxU := n * m
	prev := make([][]float64, m+1) // row i-1
	cur := make([][]float64, m+1)
	for j := range prev {
		prev[j] = make([]float64, maxU+1)
		cur[j] = make([]float64, maxU+1)
		prev[j][0] = 1 // no x's: U = 0
	}
	for i := 1; i <= n; i++ {
		for j := 0; j <= m; j++ {
			clear(cur[j])
			for k := 0; k <= maxU; k++ {
				// The largest element is an x (it beats all j y's) or a y.
				v := 0.0
				if k >= j {
					v += prev[j][k-j]
				}
				if j > 0 {
					v += cur[j-1][k]
				}
				cur[j][k] = v
			}
		}
		prev, cur = cur, prev
	}
	total, le := 0.0, 0.0
	for k, c := range prev[m] {
		total += c
		if k <= u {
			le += c
		}
	}
	return le / total
}

func median(d []float64) float64 {
	if len(d) == 0 {
		return math.NaN()
	}
	s := slices.Clone(d)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
