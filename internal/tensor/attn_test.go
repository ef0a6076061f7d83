package tensor

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
)

// attnCase is one shape of a fused attention call: nq queries of hd elements against n rows of
// a page at stride rowStride, results at stride outStride.
type attnCase struct{ hd, nq, n, rowStride, outStride int }

// attnCases: rows one head's vector apart (a KV head's run of a kv.Pool page) and rows further
// apart than a vector (any other caller's layout).
func attnCases() []attnCase {
	var cs []attnCase
	for _, hd := range []int{8, 16, 40, 48, 64, 72, 80, 96, 128} {
		for _, nq := range []int{1, 2, 3, 4, 5, 8, 9} {
			for _, n := range []int{1, 2, 7, 15, 16} { // partial and whole pages of 16
				for _, stride := range []int{hd, 3*hd + 8} {
					cs = append(cs, attnCase{hd, nq, n, stride, max(n, hd) + 3})
				}
			}
		}
	}
	return cs
}

// halves returns n random F16 values, some of them large, tiny or subnormal.
func halves(rng *rand.Rand, n int) []uint16 {
	h := make([]uint16, n)
	for i := range h {
		h[i] = F32ToF16(float32(rng.NormFloat64() * math.Exp2(float64(rng.IntN(20)-10))))
	}
	return h
}

func floats(rng *rand.Rand, n int, scale float64) []float32 {
	x := make([]float32, n)
	for i := range x {
		x[i] = float32(rng.NormFloat64() * scale)
	}
	return x
}

// TestAttnKernelsBitExact runs the fused attention kernels of every variant this CPU has against
// their Go twins, bit for bit, over head sizes that are and are not multiples of 16, more
// queries than one call of the value kernel takes, and partial pages; guard values around the
// outputs catch stray writes.
func TestAttnKernelsBitExact(t *testing.T) {
	avail, active := Kernels()
	defer SetKernels(active)
	rng := rand.New(rand.NewPCG(12, 1))
	const guard = -12345.5
	for _, c := range attnCases() {
		k := halves(rng, c.n*c.rowStride)
		q := floats(rng, c.nq*c.outStride, 1)
		scale := float32(1 / math.Sqrt(float64(c.hd)))
		p := floats(rng, c.nq*c.outStride, 0.3)
		base := make([]float32, c.nq*c.outStride+5)
		for i := range base {
			base[i] = guard
		}
		for i := range c.nq {
			copy(base[i*c.outStride:i*c.outStride+c.hd], floats(rng, c.hd, 2))
		}
		wantS := slices.Clone(base)
		attnScoresF16Ref(wantS, c.outStride, q, c.outStride, c.nq, k, c.rowStride, c.n, c.hd, scale)
		wantV := slices.Clone(base)
		attnValuesF16Go(wantV, c.outStride, p, c.outStride, c.nq, k, c.rowStride, c.n, c.hd)
		for _, name := range avail {
			if err := SetKernels(name); err != nil {
				t.Fatal(err)
			}
			gotS := slices.Clone(base)
			AttnScoresF16(gotS, c.outStride, q, c.outStride, c.nq, k, c.rowStride, c.n, c.hd, scale)
			gotV := slices.Clone(base)
			AttnValuesF16(gotV, c.outStride, p, c.outStride, c.nq, k, c.rowStride, c.n, c.hd)
			for i := range base {
				if !sameBits(gotS[i], wantS[i]) {
					t.Fatalf("%s %+v: scores element %d = %v, want %v", name, c, i, gotS[i], wantS[i])
				}
				if !sameBits(gotV[i], wantV[i]) {
					t.Fatalf("%s %+v: values element %d = %v, want %v", name, c, i, gotV[i], wantV[i])
				}
			}
		}
	}
}

// TestAttnF32KernelsBitExact runs AttnScoresF32 and AttnValuesF32 of every variant this CPU has
// (the tile kernels over keys and values a prefill tile decoded once) against their Go twins,
// attnScoresF32Go and attnValuesF32Go, bit for bit, over floats that F16 does not hold, a tile's 48 queries among the shapes (whole tiles of positions and the
// ones left over); guard values catch stray writes.
func TestAttnF32KernelsBitExact(t *testing.T) {
	avail, active := Kernels()
	defer SetKernels(active)
	rng := rand.New(rand.NewPCG(12, 4))
	const guard = -12345.5
	cases := attnCases()
	for _, n := range []int{1, 2, 15, 16, 33, 64} {
		cases = append(cases, attnCase{64, 48, n, 64, 64}, attnCase{128, 50, n, 136, 131})
	}
	for _, c := range cases {
		k := floats(rng, c.n*c.rowStride, 1)
		q := floats(rng, c.nq*c.outStride, 1)
		p := floats(rng, c.nq*c.outStride, 0.3)
		base := make([]float32, c.nq*c.outStride+5)
		for i := range base {
			base[i] = guard
		}
		for i := range c.nq {
			copy(base[i*c.outStride:i*c.outStride+c.hd], floats(rng, c.hd, 2))
		}
		wantS := slices.Clone(base)
		attnScoresF32Go(wantS, c.outStride, q, c.outStride, c.nq, k, c.rowStride, c.n, c.hd, 0.125)
		wantV := slices.Clone(base)
		attnValuesF32Go(wantV, c.outStride, p, c.outStride, c.nq, k, c.rowStride, c.n, c.hd)
		for _, name := range avail {
			if err := SetKernels(name); err != nil {
				t.Fatal(err)
			}
			gotS := slices.Clone(base)
			AttnScoresF32(gotS, c.outStride, q, c.outStride, c.nq, k, c.rowStride, c.n, c.hd, 0.125)
			gotV := slices.Clone(base)
			AttnValuesF32(gotV, c.outStride, p, c.outStride, c.nq, k, c.rowStride, c.n, c.hd)
			for i := range base {
				if !sameBits(gotS[i], wantS[i]) {
					t.Fatalf("%s %+v: scores element %d = %v, want %v", name, c, i, gotS[i], wantS[i])
				}
				if !sameBits(gotV[i], wantV[i]) {
					t.Fatalf("%s %+v: values element %d = %v, want %v", name, c, i, gotV[i], wantV[i])
				}
			}
		}
	}
}

// attnScoresF16Ref is the F16 scores' reference: the keys widened (exactly), then attnScoresF32Go.
func attnScoresF16Ref(s []float32, sStride int, q []float32, qStride, nq int, k []uint16, kStride, n, hd int, scale float32) {
	kf := make([]float32, len(k))
	f16sToF32Go(kf, k)
	attnScoresF32Go(s, sStride, q, qStride, nq, kf, kStride, n, hd, scale)
}

// attnScoreExact is a score before the scale as the top of attn.go defines it, computed apart
// from the twin: each multiply-add exact in big.Float, then rounded once to float32 (ties to
// even, subnormals included), eight chains over d mod 8, summed in pairs.
func attnScoreExact(k, q []float32) float32 {
	var c [8]float32
	for d := range k {
		x := new(big.Float).SetPrec(2000).SetFloat64(float64(q[d]))
		x.Mul(x, new(big.Float).SetFloat64(float64(k[d])))
		x.Add(x, new(big.Float).SetFloat64(float64(c[d&7])))
		c[d&7], _ = x.Float32()
	}
	return ((c[0] + c[1]) + (c[2] + c[3])) + ((c[4] + c[5]) + (c[6] + c[7]))
}

// TestAttnTwinsMatchDefinition pins the twins to the arithmetic the top of attn.go states,
// computed apart from them (attnScoreExact for the scores, fmaExact of each widened value for the
// values), and the F32 entry points to the F16 ones on values that F16 represents exactly.
func TestAttnTwinsMatchDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 2))
	for _, c := range attnCases() {
		k := halves(rng, c.n*c.rowStride)
		kf := make([]float32, len(k))
		f16sToF32Go(kf, k)
		q := floats(rng, c.nq*c.outStride, 1)
		p := floats(rng, c.nq*c.outStride, 0.3)
		scale := float32(0.125)
		s := make([]float32, c.nq*c.outStride)
		attnScoresF16Ref(s, c.outStride, q, c.outStride, c.nq, k, c.rowStride, c.n, c.hd, scale)
		sf := make([]float32, len(s))
		AttnScoresF32(sf, c.outStride, q, c.outStride, c.nq, kf, c.rowStride, c.n, c.hd, scale)
		o := floats(rng, c.nq*c.outStride, 1)
		of := slices.Clone(o)
		ref := slices.Clone(o)
		attnValuesF16Go(o, c.outStride, p, c.outStride, c.nq, k, c.rowStride, c.n, c.hd)
		AttnValuesF32(of, c.outStride, p, c.outStride, c.nq, kf, c.rowStride, c.n, c.hd)
		for i := range c.nq {
			for pos := range c.n {
				kt := kf[pos*c.rowStride : pos*c.rowStride+c.hd]
				want := attnScoreExact(kt, q[i*c.outStride:i*c.outStride+c.hd]) * scale
				if got := s[i*c.outStride+pos]; !sameBits(got, want) || !sameBits(sf[i*c.outStride+pos], want) {
					t.Fatalf("%+v: score (%d, %d) = %v (F32 entry %v), want %v", c, i, pos, got, sf[i*c.outStride+pos], want)
				}
				o := ref[i*c.outStride : i*c.outStride+c.hd]
				for d := range o {
					o[d] = fmaExact(p[i*c.outStride+pos], kt[d], o[d])
				}
			}
		}
		for i := range o {
			if !sameBits(o[i], ref[i]) || !sameBits(of[i], ref[i]) {
				t.Fatalf("%+v: value element %d = %v (F32 entry %v), want %v", c, i, o[i], of[i], ref[i])
			}
		}
	}
}

// TestAttnShapeChecks: a slice too short for the shapes panics before any kernel touches memory.
func TestAttnShapeChecks(t *testing.T) {
	k := make([]uint16, 16*64)
	q := make([]float32, 3*64)
	s := make([]float32, 3*16)
	for _, tc := range []struct {
		name string
		f    func()
	}{
		{"keys", func() { AttnScoresF16(s, 16, q, 64, 3, k[:15*64], 64, 16, 64, 1) }},
		{"queries", func() { AttnScoresF16(s, 16, q[:2*64+63], 64, 3, k, 64, 16, 64, 1) }},
		{"scores", func() { AttnScoresF16(s[:47], 16, q, 64, 3, k, 64, 16, 64, 1) }},
		{"score stride", func() { AttnScoresF16(s, 15, q, 64, 3, k, 64, 16, 64, 1) }},
		{"values", func() { AttnValuesF16(q, 64, s, 16, 3, k[:15*64+63], 64, 16, 64) }},
		{"outputs", func() { AttnValuesF16(q[:2*64+63], 64, s, 16, 3, k, 64, 16, 64) }},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", tc.name)
				}
			}()
			tc.f()
		}()
	}
}

// BenchmarkAttnPage measures the fused kernels of every variant on one KV head's run of a page (16
// positions, held in L1, a head's vectors contiguous as kv.Pool lays them out), for the GQA group
// of the reference model (3 query heads of 64 per KV head) as a decode row calls them, and for a
// prefill tile of 16 rows (48 queries): their compute cost, without the memory traffic of a long
// context; and the F32 entry points over the same keys widened, as a tile runs them. GFLOP/s
// counts 2·hd per (query, position).
func BenchmarkAttnPage(b *testing.B) {
	const pt, hd, stride = 16, 64, 64
	avail, active := Kernels()
	defer SetKernels(active)
	for _, nq := range []int{3, 48} {
		rng := rand.New(rand.NewPCG(1, 2))
		k := halves(rng, pt*stride)
		q := floats(rng, nq*hd, 1)
		kf := make([]float32, len(k))
		F16sToF32(kf, k)
		s := make([]float32, nq*pt)
		out := make([]float32, nq*hd)
		flops := func(b *testing.B) {
			b.ReportMetric(float64(2*hd*nq*pt*b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
		}
		for _, name := range avail {
			if err := SetKernels(name); err != nil {
				b.Fatal(err)
			}
			for _, r := range []struct {
				kind string
				run  func()
			}{
				{"scores", func() { AttnScoresF16(s, pt, q, hd, nq, k, stride, pt, hd, 0.125) }},
				{"values", func() { AttnValuesF16(out, hd, s, pt, nq, k, stride, pt, hd) }},
				{"scoresF32", func() { AttnScoresF32(s, pt, q, hd, nq, kf, stride, pt, hd, 0.125) }},
				{"valuesF32", func() { AttnValuesF32(out, hd, s, pt, nq, kf, stride, pt, hd) }},
			} {
				b.Run(fmt.Sprintf("%s/q%d/%s", name, nq, r.kind), func(b *testing.B) {
					for b.Loop() {
						r.run()
					}
					flops(b)
				})
			}
		}
	}
}

// TestSoftmaxVariantsBitExact runs Softmax, and its max and float64 sum, under every kernel set
// against the Go twins bit for bit, at lengths around the vector widths and a long context's,
// including rows with a NaN, infinities, zeros of both signs and exponents far apart.
func TestSoftmaxVariantsBitExact(t *testing.T) {
	avail, active := Kernels()
	defer SetKernels(active)
	rng := rand.New(rand.NewPCG(12, 3))
	lengths := []int{1, 2, 7, 8, 9, 15, 16, 17, 31, 32, 33, 70, 661, 4097}
	for _, n := range lengths {
		for special := range 5 {
			x := floats(rng, n, 4)
			switch special {
			case 4: // exponents far apart, so that float64 sums round and their order shows
				for i := range x {
					x[i] = float32(rng.NormFloat64() * math.Exp2(float64(rng.IntN(100)-50)))
				}
			case 1:
				x[rng.IntN(n)] = float32(math.NaN())
			case 2:
				x[rng.IntN(n)] = float32(math.Inf(-1))
				x[rng.IntN(n)] = float32(math.Copysign(0, -1))
			case 3:
				for i := range x {
					x[i] = float32(math.Copysign(0, float64(rng.IntN(2)*2-1)))
				}
			}
			want := slices.Clone(x)
			expsSubGo(want, maxF32Go(want))
			scaleGo(want, float32(1/sumF64Go(want)))
			for _, name := range avail {
				if err := SetKernels(name); err != nil {
					t.Fatal(err)
				}
				k := activeKernels.Load()
				if got, w := k.sumF64(x), sumF64Go(x); math.Float64bits(got) != math.Float64bits(w) && !(got != got && w != w) {
					t.Fatalf("%s n=%d case %d: sum %v, want %v", name, n, special, got, w)
				}
				if got, w := k.maxF32(x), maxF32Go(x); (special == 0 || special == 2) && !sameBits(got, w) {
					t.Fatalf("%s n=%d case %d: max %v, want %v", name, n, special, got, w)
				}
				got := slices.Clone(x)
				Softmax(got)
				for i := range got {
					if !sameBits(got[i], want[i]) {
						t.Fatalf("%s n=%d case %d: element %d = %v, want %v", name, n, special, i, got[i], want[i])
					}
				}
			}
		}
	}
}

// TestF32sToF16VariantsBitExact narrows, under every kernel set, values of every exponent
// (normal, subnormal and overflowing halves, ties, infinities, NaNs) at lengths around the vector
// width, against F32ToF16, with a guard after the end.
func TestF32sToF16VariantsBitExact(t *testing.T) {
	avail, active := Kernels()
	defer SetKernels(active)
	rng := rand.New(rand.NewPCG(12, 4))
	var src []float32
	for e := range 256 {
		for _, m := range []uint32{0, 1, 0x1000, 0x1fff, 0x2000, 0x3000, 0x7fffff, rng.Uint32() & 0x7fffff} {
			for _, sign := range []uint32{0, 1 << 31} {
				src = append(src, math.Float32frombits(sign|uint32(e)<<23|m))
			}
		}
	}
	for range 1 << 14 {
		src = append(src, math.Float32frombits(rng.Uint32()))
	}
	for _, name := range avail {
		if err := SetKernels(name); err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{0, 1, 7, 8, 9, 17, len(src)} {
			got := make([]uint16, n+1)
			got[n] = 0xbeef
			F32sToF16(got[:n], src[:n])
			for i := range n {
				if want := F32ToF16(src[i]); got[i] != want {
					t.Fatalf("%s: %#08x narrowed to %#04x, want %#04x", name, math.Float32bits(src[i]), got[i], want)
				}
			}
			if got[n] != 0xbeef {
				t.Fatalf("%s n=%d: wrote past the end", name, n)
			}
		}
	}
}

// TestPrefetchRowsShapes: the hint accepts any shape, including rows shorter than asked for.
func TestPrefetchRowsShapes(t *testing.T) {
	b := make([]byte, 100)
	for _, c := range []struct{ len, stride, n, size int }{
		{0, 4, 3, 4}, {3, 4, 3, 4}, {100, 10, 20, 10}, {100, 0, 5, 64}, {100, 33, 4, 40}, {100, -1, 2, 4}, {100, 4, 0, 4},
	} {
		PrefetchRows(b[:c.len], c.stride, c.n, c.size)
	}
}
