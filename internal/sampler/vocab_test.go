package sampler

import (
	"math"
	"math/big"
	"testing"

	"github.com/kvwarden/kvwarden/internal/tensor"
	"pgregory.net/rapid"
)

// TestWalkDownLandsWhereTheWeightsSay: for weights over several blocks (whole blocks of zeros,
// lone weights, weights far apart in size) and any u in [0, z), walkDown picks a token with a
// weight whose exact interval of the cumulative sum holds u, up to the float64 rounding of the
// sums; u at the top of the range keeps the last token with a weight.
func TestWalkDownLandsWhereTheWeightsSay(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.OneOf(rapid.IntRange(1, drawBlock), rapid.IntRange(drawBlock+1, 4*drawBlock)).Draw(t, "n")
		wts := make([]float32, n)
		for lo := 0; lo < n; lo += drawBlock {
			kind := rapid.IntRange(0, 3).Draw(t, "block kind")
			for i := lo; i < min(lo+drawBlock, n); i++ {
				switch kind {
				case 1: // all zero
				case 2: // sparse
					if rapid.IntRange(0, 200).Draw(t, "sparse") == 0 {
						wts[i] = 1
					}
				default:
					if rapid.IntRange(0, 3).Draw(t, "zero") != 0 {
						wts[i] = float32(math.Exp(-rapid.Float64Range(0, 40).Draw(t, "e")))
					}
				}
			}
		}
		best := int32(rapid.IntRange(0, n-1).Draw(t, "best"))
		wts[best] = 1
		var sums []float64
		z := 0.0
		for lo := 0; lo < n; lo += drawBlock {
			sums = append(sums, tensor.SumF64(wts[lo:min(lo+drawBlock, n)]))
			z += sums[len(sums)-1]
		}
		// rng.Float64 is below 1.
		u := min(rapid.Float64Range(0, 1).Draw(t, "u"), math.Nextafter(1, 0)) * z
		got := walkDown(wts, sums, u, best)
		if wts[got] == 0 {
			t.Fatalf("landed on token %d, which has no weight", got)
		}
		// Exact prefix sums of the float32 weights.
		below := new(big.Float).SetPrec(1024)
		for _, w := range wts[:got] {
			below.Add(below, new(big.Float).SetFloat64(float64(w)))
		}
		lo, _ := below.Float64()
		hi := lo + float64(wts[got])
		slack := 1e-12 * z
		last := int32(n - 1)
		for wts[last] == 0 {
			last--
		}
		if u < lo-slack || (u >= hi+slack && got != last) {
			t.Fatalf("u = %v landed on token %d, whose interval is [%v, %v)", u, got, lo, hi)
		}
	})
}

// TestDrawAllFollowsTheWeights draws many times from weights spread over several blocks and
// checks each token's share against its probability.
func TestDrawAllFollowsTheWeights(t *testing.T) {
	n := 3*drawBlock + 7
	s := New(Params{Temperature: 1, Seed: 5, TopLogprobs: -1}, nil)
	s.wts = make([]float32, n)
	heavy := map[int]float32{3: 1, drawBlock - 1: 0.5, drawBlock: 0.25, 2*drawBlock + 500: 2, n - 1: 0.25}
	z := 0.0
	for _, w := range heavy {
		z += float64(w)
	}
	const draws = 200000
	counts := map[int32]int{}
	for range draws {
		for id := range s.wts {
			s.wts[id] = 0
		}
		for id, w := range heavy {
			s.wts[id] = w
		}
		counts[s.drawAll(3)]++
	}
	for id, w := range heavy {
		p := float64(w) / z
		want := p * draws
		sd := math.Sqrt(draws * p * (1 - p))
		if got := float64(counts[int32(id)]); math.Abs(got-want) > 5*sd {
			t.Errorf("token %d: drawn %v times, want %.0f ± %.0f", id, got, want, 5*sd)
		}
	}
	if len(counts) != len(heavy) {
		t.Errorf("drew %d distinct tokens, want %d: %v", len(counts), len(heavy), counts)
	}
}
