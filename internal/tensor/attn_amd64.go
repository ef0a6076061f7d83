//go:build amd64 && !purego

package tensor

// The score tiles attnScores{F16,F32}T{qr}x{kr}AVX2 set the scores of ng·qr queries (q_i at
// q + i*qStride floats, its scores at s + i*sStride floats), qr at a time, against nk tiles of kr
// positions (k_t at k + t*kStride halves or floats) over hd8*8 elements: attnScoresF32Go, bit for
// bit, the keys widened from F16 as they are loaded.

//go:noescape
func attnScoresF16T3x4AVX2(s *float32, sStride int, q *float32, qStride, ng int, k *uint16, kStride, nk, hd8 int, scale float32)

//go:noescape
func attnScoresF16T2x4AVX2(s *float32, sStride int, q *float32, qStride, ng int, k *uint16, kStride, nk, hd8 int, scale float32)

//go:noescape
func attnScoresF16T1x8AVX2(s *float32, sStride int, q *float32, qStride, ng int, k *uint16, kStride, nk, hd8 int, scale float32)

//go:noescape
func attnScoresF16T3x1AVX2(s *float32, sStride int, q *float32, qStride, ng int, k *uint16, kStride, nk, hd8 int, scale float32)

//go:noescape
func attnScoresF16T2x1AVX2(s *float32, sStride int, q *float32, qStride, ng int, k *uint16, kStride, nk, hd8 int, scale float32)

//go:noescape
func attnScoresF16T1x1AVX2(s *float32, sStride int, q *float32, qStride, ng int, k *uint16, kStride, nk, hd8 int, scale float32)

//go:noescape
func attnScoresF32T3x4AVX2(s *float32, sStride int, q *float32, qStride, ng int, k *float32, kStride, nk, hd8 int, scale float32)

//go:noescape
func attnScoresF32T2x4AVX2(s *float32, sStride int, q *float32, qStride, ng int, k *float32, kStride, nk, hd8 int, scale float32)

//go:noescape
func attnScoresF32T1x8AVX2(s *float32, sStride int, q *float32, qStride, ng int, k *float32, kStride, nk, hd8 int, scale float32)

//go:noescape
func attnScoresF32T3x1AVX2(s *float32, sStride int, q *float32, qStride, ng int, k *float32, kStride, nk, hd8 int, scale float32)

//go:noescape
func attnScoresF32T2x1AVX2(s *float32, sStride int, q *float32, qStride, ng int, k *float32, kStride, nk, hd8 int, scale float32)

//go:noescape
func attnScoresF32T1x1AVX2(s *float32, sStride int, q *float32, qStride, ng int, k *float32, kStride, nk, hd8 int, scale float32)

// scoreTile is the shape of the score tiles over keys of type K.
type scoreTile[K uint16 | float32] func(s *float32, sStride int, q *float32, qStride, ng int, k *K, kStride, nk, hd8 int, scale float32)

// scoreTiles are one key type's score tiles for one, two and three queries: wide over tiles of
// eight, four and four positions, one over single positions.
type scoreTiles[K uint16 | float32] struct{ wide, one [3]scoreTile[K] }

var (
	scoreTilesF16 = scoreTiles[uint16]{
		wide: [3]scoreTile[uint16]{attnScoresF16T1x8AVX2, attnScoresF16T2x4AVX2, attnScoresF16T3x4AVX2},
		one:  [3]scoreTile[uint16]{attnScoresF16T1x1AVX2, attnScoresF16T2x1AVX2, attnScoresF16T3x1AVX2},
	}
	scoreTilesF32 = scoreTiles[float32]{
		wide: [3]scoreTile[float32]{attnScoresF32T1x8AVX2, attnScoresF32T2x4AVX2, attnScoresF32T3x4AVX2},
		one:  [3]scoreTile[float32]{attnScoresF32T1x1AVX2, attnScoresF32T2x1AVX2, attnScoresF32T3x1AVX2},
	}
)

// run is AttnScoresF16 or AttnScoresF32 past their checks, for heads of a multiple of 8: the
// queries three at a time in one call, the one or two left in another.
func (ts *scoreTiles[K]) run(s []float32, sStride int, q []float32, qStride, nq int, k []K, kStride, n, hd int, scale float32) {
	nq3 := nq / 3 * 3
	if nq3 > 0 {
		ts.group(3, nq3/3, s, sStride, q, qStride, k, kStride, n, hd, scale)
	}
	if nq3 < nq {
		ts.group(nq-nq3, 1, s[nq3*sStride:], sStride, q[nq3*qStride:], qStride, k, kStride, n, hd, scale)
	}
}

// group runs ng groups of qr queries on the tiles over the leading whole tiles of positions
// (eight for one query, four for more), then on those one position wide over the rest.
func (ts *scoreTiles[K]) group(qr, ng int, s []float32, sStride int, q []float32, qStride int, k []K, kStride, n, hd int, scale float32) {
	kr := 4
	if qr == 1 {
		kr = 8
	}
	nw := n / kr * kr
	if nw > 0 {
		ts.wide[qr-1](&s[0], sStride, &q[0], qStride, ng, &k[0], kStride, nw/kr, hd/8, scale)
	}
	if nw < n {
		ts.one[qr-1](&s[nw], sStride, &q[0], qStride, ng, &k[nw*kStride], kStride, n-nw, hd/8, scale)
	}
}

// attnScoresF16AVX2 and attnScoresF32AVX2 run the score tiles; heads that are not a multiple of
// 8 (rare) take the Go twin.
func attnScoresF16AVX2(s []float32, sStride int, q []float32, qStride, nq int, k []uint16, kStride, n, hd int, scale float32) {
	if hd&7 != 0 {
		rowChunks(n, hd, func(dst []float32, t0, t1 int) { widenRows(f16sToF32Vec, dst, k, kStride, hd, t0, t1) },
			func(kf []float32, t0, t1 int) {
				attnScoresF32Go(s[t0:], sStride, q, qStride, nq, kf, hd, t1-t0, hd, scale)
			})
		return
	}
	scoreTilesF16.run(s, sStride, q, qStride, nq, k, kStride, n, hd, scale)
}

func attnScoresF32AVX2(s []float32, sStride int, q []float32, qStride, nq int, k []float32, kStride, n, hd int, scale float32) {
	if hd&7 != 0 {
		attnScoresF32Go(s, sStride, q, qStride, nq, k, kStride, n, hd, scale)
		return
	}
	scoreTilesF32.run(s, sStride, q, qStride, nq, k, kStride, n, hd, scale)
}

// The value tiles attnValues{F16,F32}Q{qr}AVX2 add p_i[t] * v_t to out_i for t < n in order,
// by fused multiply-adds, for ng·qr queries, qr at a time (out_i at out + i*oStride floats,
// p_i[t] at p + i*pStride + t floats), over hd16*16 elements, v_t at v + t*vStride halves or
// floats: attnValuesF16Go, bit for bit.

//go:noescape
func attnValuesF16Q1AVX2(out *float32, oStride int, p *float32, pStride, ng int, v *uint16, vStride, n, hd16 int)

//go:noescape
func attnValuesF16Q2AVX2(out *float32, oStride int, p *float32, pStride, ng int, v *uint16, vStride, n, hd16 int)

//go:noescape
func attnValuesF16Q3AVX2(out *float32, oStride int, p *float32, pStride, ng int, v *uint16, vStride, n, hd16 int)

//go:noescape
func attnValuesF16Q4AVX2(out *float32, oStride int, p *float32, pStride, ng int, v *uint16, vStride, n, hd16 int)

//go:noescape
func attnValuesF16Q5AVX2(out *float32, oStride int, p *float32, pStride, ng int, v *uint16, vStride, n, hd16 int)

//go:noescape
func attnValuesF16Q6AVX2(out *float32, oStride int, p *float32, pStride, ng int, v *uint16, vStride, n, hd16 int)

//go:noescape
func attnValuesF32Q1AVX2(out *float32, oStride int, p *float32, pStride, ng int, v *float32, vStride, n, hd16 int)

//go:noescape
func attnValuesF32Q2AVX2(out *float32, oStride int, p *float32, pStride, ng int, v *float32, vStride, n, hd16 int)

//go:noescape
func attnValuesF32Q3AVX2(out *float32, oStride int, p *float32, pStride, ng int, v *float32, vStride, n, hd16 int)

//go:noescape
func attnValuesF32Q4AVX2(out *float32, oStride int, p *float32, pStride, ng int, v *float32, vStride, n, hd16 int)

//go:noescape
func attnValuesF32Q5AVX2(out *float32, oStride int, p *float32, pStride, ng int, v *float32, vStride, n, hd16 int)

//go:noescape
func attnValuesF32Q6AVX2(out *float32, oStride int, p *float32, pStride, ng int, v *float32, vStride, n, hd16 int)

// valueTile is the shape of the value tiles over values of type K.
type valueTile[K uint16 | float32] func(out *float32, oStride int, p *float32, pStride, ng int, v *K, vStride, n, hd16 int)

var (
	valueTilesF16 = [6]valueTile[uint16]{attnValuesF16Q1AVX2, attnValuesF16Q2AVX2, attnValuesF16Q3AVX2,
		attnValuesF16Q4AVX2, attnValuesF16Q5AVX2, attnValuesF16Q6AVX2}
	valueTilesF32 = [6]valueTile[float32]{attnValuesF32Q1AVX2, attnValuesF32Q2AVX2, attnValuesF32Q3AVX2,
		attnValuesF32Q4AVX2, attnValuesF32Q5AVX2, attnValuesF32Q6AVX2}
)

// runValues is AttnValuesF16 or AttnValuesF32 past their checks on the value tiles: the queries
// six at a time in one call, the one to five left in another; heads that are not a multiple of
// 16 (rare) take twin.
func runValues[K uint16 | float32](tiles *[6]valueTile[K], twin func(out []float32, oStride int, p []float32, pStride, nq int, v []K, vStride, n, hd int),
	out []float32, oStride int, p []float32, pStride, nq int, v []K, vStride, n, hd int) {
	if hd&15 != 0 {
		twin(out, oStride, p, pStride, nq, v, vStride, n, hd)
		return
	}
	n6 := nq / 6 * 6
	if n6 > 0 {
		tiles[5](&out[0], oStride, &p[0], pStride, n6/6, &v[0], vStride, n, hd/16)
	}
	if n6 < nq {
		tiles[nq-n6-1](&out[n6*oStride], oStride, &p[n6*pStride], pStride, 1, &v[0], vStride, n, hd/16)
	}
}

func attnValuesF32AVX2(out []float32, oStride int, p []float32, pStride, nq int, v []float32, vStride, n, hd int) {
	runValues(&valueTilesF32, attnValuesF32Go, out, oStride, p, pStride, nq, v, vStride, n, hd)
}

func attnValuesF16AVX2(out []float32, oStride int, p []float32, pStride, nq int, v []uint16, vStride, n, hd int) {
	runValues(&valueTilesF16, attnValuesF16Go, out, oStride, p, pStride, nq, v, vStride, n, hd)
}

// prefetchRows issues PREFETCHT0 for every 64-byte line of rows t < n of rowBytes bytes at
// p + t*stride bytes.
//
//go:noescape
func prefetchRows(p *byte, stride, n, rowBytes int)

// maxF32AVX2 is the largest of x[0 : 8*n8] (n8 ≥ 1), by VMAXPS.
//
//go:noescape
func maxF32AVX2(x *float32, n8 int) float32

// sumF64AVX2 is sumF64Go's 16-lane sum of x[0 : 16*n16], folded.
//
//go:noescape
func sumF64AVX2(x *float32, n16 int) float64

func maxF32Vec(x []float32) float32 {
	n := len(x) &^ 7
	if n == 0 {
		return maxF32Go(x)
	}
	m := maxF32AVX2(&x[0], n/8)
	for _, v := range x[n:] {
		m = max(m, v)
	}
	return m
}

func sumF64Vec(x []float32) float64 {
	n := len(x) &^ 15
	if n == 0 {
		return sumF64Go(x)
	}
	s := sumF64AVX2(&x[0], n/16)
	for _, v := range x[n:] {
		s += float64(v)
	}
	return s
}

// f32sToF16F16C narrows src[0 : 8*n8] into dst by VCVTPS2PH, rounding to nearest even as
// F32ToF16 does (NaNs quieted the same way).
//
//go:noescape
func f32sToF16F16C(dst *uint16, src *float32, n8 int)

func f32sToF16Vec(dst []uint16, src []float32) {
	dst = dst[:len(src)]
	n := len(src) &^ 7
	if n > 0 {
		f32sToF16F16C(&dst[0], &src[0], n/8)
	}
	f32sToF16Go(dst[n:], src[n:])
}
