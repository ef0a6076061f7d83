package tensor

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// onlineAttention runs one query's attention over n positions of the values v (hd each) with
// scores s, block by block of AttnKeyBlock, as the model's tiles do: the value sum divided by
// the softmax's sum.
func onlineAttention(s, v []float32, n, hd int) []float32 {
	out := make([]float32, hd)
	var st OnlineSoftmax
	block := make([]float32, AttnKeyBlock)
	for b0 := 0; b0 < n; b0 += AttnKeyBlock {
		m := min(AttnKeyBlock, n-b0)
		copy(block, s[b0:b0+m])
		st.Step(block[:m], out)
		AttnValuesF32(out, hd, block, AttnKeyBlock, 1, v[b0*hd:], hd, m, hd)
	}
	st.Finish(out)
	return out
}

// TestOnlineSoftmaxBitExact: the blocked softmax gives the pure-Go set's bits on every kernel
// set, with scores whose maximum rises, falls and repeats across blocks (every rescale path),
// and stays within float32 rounding of the softmax over the whole row.
func TestOnlineSoftmaxBitExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 3))
	const hd = 24
	for _, n := range []int{1, 7, AttnKeyBlock, AttnKeyBlock + 1, 3*AttnKeyBlock + 17} {
		for _, trend := range []float64{-0.2, 0, 0.2} { // scores falling, flat or rising with position
			s, v := make([]float32, n), floats(rng, n*hd, 1)
			for i := range s {
				s[i] = float32(rng.NormFloat64()*3 + trend*float64(i))
			}
			useKernels(t, goKernels)
			want := onlineAttention(s, v, n, hd)
			exact := make([]float64, hd)
			m := float64(slices.Max(s))
			var sum float64
			for i, x := range s {
				w := math.Exp(float64(x) - m)
				sum += w
				for c := range exact {
					exact[c] += w * float64(v[i*hd+c])
				}
			}
			for c := range exact {
				if d := math.Abs(float64(want[c]) - exact[c]/sum); d > 1e-5*(1+math.Abs(exact[c]/sum)) {
					t.Fatalf("n %d trend %v: element %d = %v, exact %v", n, trend, c, want[c], exact[c]/sum)
				}
			}
			forEachKernel(t, func(t *testing.T, _ *kernels) {
				got := onlineAttention(s, v, n, hd)
				for c := range got {
					if !sameBits(got[c], want[c]) {
						t.Fatalf("n %d trend %v: element %d = %v, the go set's %v", n, trend, c, got[c], want[c])
					}
				}
			})
		}
	}
}

// TestOnlineSoftmaxEmpty: no key leaves the value sum as it is, and an empty block changes nothing.
func TestOnlineSoftmaxEmpty(t *testing.T) {
	var st OnlineSoftmax
	out := []float32{1, 2}
	st.Step(nil, out)
	st.Finish(out)
	if out[0] != 1 || out[1] != 2 || st != (OnlineSoftmax{}) {
		t.Errorf("empty softmax: out %v, state %+v", out, st)
	}
}

// TestStepRowsBitExact steps several queries' blocks at once (StepRows, the fused exp-and-sum
// of the sets that have one) on every kernel set against a Step per query on the same set (which
// TestOnlineSoftmaxBitExact holds to the Go set's bits), bit for bit: running sums, maxima and rescaled value sums, at block lengths around 16 lanes and a key
// block's, rows further apart than their length, with a NaN, infinities, signed zeros,
// exponentials far apart (so that the float64 sums round and their order shows) and scores far
// enough below the maximum to underflow.
func TestStepRowsBitExact(t *testing.T) {
	avail, active := Kernels()
	defer SetKernels(active)
	rng := rand.New(rand.NewPCG(38, 7))
	const rows, stride, hd = 5, AttnKeyBlock + 3, 8
	for _, n := range []int{1, 8, 15, 16, 17, 31, 32, 33, AttnKeyBlock - 1, AttnKeyBlock} {
		for special := range 5 {
			s := make([][]float32, 2) // two blocks: the second rescales
			for blk := range s {
				s[blk] = floats(rng, rows*stride, 4)
				switch special {
				case 1:
					s[blk][rng.IntN(rows*stride)] = float32(math.NaN())
				case 2:
					s[blk][rng.IntN(n)] = float32(math.Inf(-1))
					s[blk][stride+rng.IntN(n)] = float32(math.Copysign(0, -1))
				case 3: // exponentials up to 2^±58 apart: float64 sums round
					for i := range s[blk] {
						s[blk][i] = float32(rng.Float64()*80 - 40)
					}
				case 4: // far below the maximum: exponentials that underflow
					for i := range s[blk] {
						s[blk][i] = float32(rng.NormFloat64() * 100)
					}
				}
			}
			run := func(rowsAtOnce bool) ([]OnlineSoftmax, []float32, [][]float32) {
				st, out := make([]OnlineSoftmax, rows), floats(rand.New(rand.NewPCG(1, 1)), rows*hd, 1)
				var exps [][]float32
				for _, blk := range s {
					b := slices.Clone(blk)
					if rowsAtOnce {
						StepRows(st, b, stride, n, out, hd)
					} else {
						for i := range st {
							st[i].Step(b[i*stride:i*stride+n], out[i*hd:(i+1)*hd])
						}
					}
					exps = append(exps, b)
				}
				return st, out, exps
			}
			for _, name := range avail {
				if err := SetKernels(name); err != nil {
					t.Fatal(err)
				}
				wantSt, wantOut, wantExps := run(false)
				st, out, exps := run(true)
				for i := range st {
					if math.Float64bits(st[i].Sum) != math.Float64bits(wantSt[i].Sum) && !(st[i].Sum != st[i].Sum && wantSt[i].Sum != wantSt[i].Sum) ||
						!sameBits(st[i].Max, wantSt[i].Max) {
						t.Fatalf("%s n=%d case %d row %d: softmax %+v, want %+v", name, n, special, i, st[i], wantSt[i])
					}
				}
				for i := range out {
					if !sameBits(out[i], wantOut[i]) {
						t.Fatalf("%s n=%d case %d: value sum element %d = %v, want %v", name, n, special, i, out[i], wantOut[i])
					}
				}
				for b := range exps {
					for i := range exps[b] {
						if !sameBits(exps[b][i], wantExps[b][i]) {
							t.Fatalf("%s n=%d case %d block %d: element %d = %v, want %v", name, n, special, b, i, exps[b][i], wantExps[b][i])
						}
					}
				}
			}
		}
	}
}

// TestExpsSubSumsTails holds each set's exp-and-sum step of StepRows (expsSubSums, or the Go loop
// on its expsSub and sumF64) to the Go twin (expsSubSumsGo on expsSubGo and sumF64Go) bit for bit,
// at every length up to three times the 32 floats the kernels' exp loop takes at a time: every
// remainder it leaves (16 floats where n is an odd number of 16, and the lengths not a whole
// number of 16, which go row by row), with special values among the scores (a NaN, infinities,
// underflows), running sums to add to, and rows further apart than their length. The maxima are
// given, not taken: a NaN score's maximum is not the kernels' to decide.
func TestExpsSubSumsTails(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 11))
	const rows = 3
	for n := 1; n <= 96; n++ {
		stride := n + 5
		s := make([]float32, rows*stride)
		for i := range s {
			s[i] = specialOr(rng, float32(rng.NormFloat64()*30))
		}
		st := make([]OnlineSoftmax, rows)
		for i := range st {
			st[i] = OnlineSoftmax{Max: float32(rng.NormFloat64() * 10), Sum: rng.Float64() * 100, begun: true}
		}
		run := func(k *kernels) ([]OnlineSoftmax, []float32) {
			st, b := slices.Clone(st), slices.Clone(s)
			if k.expsSubSums != nil {
				k.expsSubSums(st, b, stride, n)
			} else {
				expsSubSumsGo(st, b, stride, n, k.expsSub, k.sumF64)
			}
			return st, b
		}
		wantSt, want := run(goKernels)
		forEachKernel(t, func(t *testing.T, k *kernels) {
			st, got := run(k)
			for i := range st {
				if math.Float64bits(st[i].Sum) != math.Float64bits(wantSt[i].Sum) && !(math.IsNaN(st[i].Sum) && math.IsNaN(wantSt[i].Sum)) {
					t.Fatalf("n=%d row %d: sum %v, want %v", n, i, st[i].Sum, wantSt[i].Sum)
				}
			}
			for i := range got {
				if !sameBits(got[i], want[i]) {
					t.Fatalf("n=%d element %d: %v, want %v", n, i, got[i], want[i])
				}
			}
		})
	}
}

// BenchmarkStepRows steps a prefill tile's 64 queries through one key block of 64 scores: the
// online softmax's exp-and-sum (expsSubSums on the sets that have it) with its max and rescale
// ("tile", the scores restored from a copy each time), the exp-and-sum alone ("expsums": with
// every maximum at 1, exp(x - 1) keeps scores in (0, 1] as they are exponentiated again), and
// the exp alone row by row ("exps", as Step calls it for the rows on the diagonal).
func BenchmarkStepRows(b *testing.B) {
	const rows, n, hd = 64, AttnKeyBlock, 64
	scores := floats(rand.New(rand.NewPCG(38, 9)), rows*n, 3)
	s, out := make([]float32, rows*n), make([]float32, rows*hd)
	st := make([]OnlineSoftmax, rows)
	b.Run("tile", func(b *testing.B) {
		b.SetBytes(rows * n * 4)
		for b.Loop() {
			copy(s, scores)
			StepRows(st, s, n, n, out, hd)
		}
	})
	b.Run("expsums", func(b *testing.B) {
		k := activeKernels.Load()
		for i := range st {
			st[i] = OnlineSoftmax{Max: 1, begun: true}
		}
		copy(s, scores)
		b.SetBytes(rows * n * 4)
		for b.Loop() {
			if k.expsSubSums != nil {
				k.expsSubSums(st, s, n, n)
			} else {
				expsSubSumsGo(st, s, n, n, k.expsSub, k.sumF64)
			}
		}
	})
	b.Run("exps", func(b *testing.B) {
		k := activeKernels.Load()
		copy(s, scores)
		b.SetBytes(rows * n * 4)
		for b.Loop() {
			for i := range rows {
				k.expsSub(s[i*n:(i+1)*n], 1)
			}
		}
	})
}
