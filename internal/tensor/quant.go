package tensor

import (
	"encoding/binary"
	"fmt"
	"math"
)

// Block geometry of the quantised types, as ggml lays them out (all little-endian).
const (
	qk0        = 32  // elements per Q4_0 / Q8_0 block
	q8_0Bytes  = 34  // f16 d, int8 qs[32]
	q4_0Bytes  = 18  // f16 d, uint8 qs[16]: element j in the low nibble of qs[j], j+16 in the high
	qkK        = 256 // elements per K-quant super-block
	q4_KBytes  = 144 // f16 d, f16 dmin, uint8 scales[12], uint8 qs[128]
	q6_KBytes  = 210 // uint8 ql[128], uint8 qh[64], int8 scales[16], f16 d
	q6KQhOff   = 128
	q6KScOff   = 192
	q6KDOff    = 208
	q4KScOff   = 4
	q4KQsOff   = 16
	q8KBsums   = qkK / 16
	maxQ8KSums = q8KBsums
)

func le16(b []byte) uint16 { return binary.LittleEndian.Uint16(b) }

func f16At(b []byte) float32 { return F16ToF32(binary.LittleEndian.Uint16(b)) }

// scaleMinK4 unpacks the j-th (0..7) 6-bit scale and min of a Q4_K block from its 12
// packed bytes: entries 0..3 sit in the low 6 bits of bytes j and j+4; entries 4..7
// take their low 4 bits from byte j+4 (scale low nibble, min high nibble) and their top
// 2 bits from the spare top bits of bytes j-4 (scale) and j (min).
func scaleMinK4(j int, q []byte) (sc, m uint8) {
	if j < 4 {
		return q[j] & 63, q[j+4] & 63
	}
	return q[j+4]&0xf | (q[j-4]>>6)<<4, q[j+4]>>4 | (q[j]>>6)<<4
}

// checkSizes validates that src holds n elements of type t.
func checkSizes(t DType, n int, srcLen int) error {
	if !t.Known() {
		return fmt.Errorf("tensor: unknown type %d", uint32(t))
	}
	need, err := t.RowBytes(uint64(n))
	if err != nil {
		return fmt.Errorf("tensor: %w", err)
	}
	if uint64(srcLen) < need {
		return fmt.Errorf("tensor: %s: %d elements need %d bytes, have %d", t, n, need, srcLen)
	}
	return nil
}

// Dequantize decodes len(dst) elements of type t from src into dst. len(dst) must be a
// whole number of blocks; src may be longer than needed.
func Dequantize(t DType, src []byte, dst []float32) error {
	if err := checkSizes(t, len(dst), len(src)); err != nil {
		return err
	}
	switch t {
	case F32:
		for i := range dst {
			dst[i] = math.Float32frombits(binary.LittleEndian.Uint32(src[4*i:]))
		}
	case F16:
		tab := f16Table()
		for i := range dst {
			dst[i] = tab[le16(src[2*i:])]
		}
	case BF16:
		for i := range dst {
			dst[i] = BF16ToF32(le16(src[2*i:]))
		}
	default: // a quantised type: checkSizes knows it
		tr := traits[t]
		for b := range len(dst) / tr.blockElems {
			tr.dequant(src[b*tr.blockBytes:(b+1)*tr.blockBytes], dst[b*tr.blockElems:(b+1)*tr.blockElems])
		}
	}
	return nil
}

func dequantQ8_0(blk []byte, y []float32) {
	d := f16At(blk)
	q := blk[2:34]
	for j := range 32 {
		y[j] = float32(int8(q[j])) * d
	}
}

func dequantQ4_0(blk []byte, y []float32) {
	d := f16At(blk)
	q := blk[2:18]
	for j := range 16 {
		y[j] = float32(int(q[j]&0xf)-8) * d
		y[j+16] = float32(int(q[j]>>4)-8) * d
	}
}

// dequantQ4_K: y = d*sc*q - dmin*m per 32-element sub-block, with the products rounded
// as ggml's reference computes them (d1 = d*sc and m1 = dmin*m first).
func dequantQ4_K(blk []byte, y []float32) {
	d := f16At(blk)
	dmin := f16At(blk[2:])
	sc := blk[q4KScOff : q4KScOff+12]
	q := blk[q4KQsOff : q4KQsOff+128]
	for j := range 4 {
		s0, m0 := scaleMinK4(2*j, sc)
		s1, m1 := scaleMinK4(2*j+1, sc)
		d0, dm0 := d*float32(s0), float32(dmin*float32(m0))
		d1, dm1 := d*float32(s1), float32(dmin*float32(m1))
		qq := q[32*j : 32*j+32]
		yy := y[64*j : 64*j+64]
		for l := range 32 {
			yy[l] = float32(d0*float32(qq[l]&0xf)) - dm0
			yy[32+l] = float32(d1*float32(qq[l]>>4)) - dm1
		}
	}
}

// q6Quad unpacks the 6-bit values of elements l, l+32, l+64 and l+96 (l < 32) of one
// 128-element Q6_K half, less the offset 32, from ql[l], ql[l+32] and qh[l].
func q6Quad(lo, lo32, hi byte) (q1, q2, q3, q4 int32) {
	q1 = int32(lo&0xf|(hi&3)<<4) - 32
	q2 = int32(lo32&0xf|(hi>>2&3)<<4) - 32
	q3 = int32(lo>>4|(hi>>4&3)<<4) - 32
	q4 = int32(lo32>>4|(hi>>6&3)<<4) - 32
	return q1, q2, q3, q4
}

// dequantQ6_K: each 128-element half takes 64 ql bytes (low nibbles then high nibbles
// for elements l and l+64, l+32 and l+96), 32 qh bytes (2 bits each for the four
// quarters) and 8 scales (one per 16 elements); value = d*scale*(q-32).
func dequantQ6_K(blk []byte, y []float32) {
	d := f16At(blk[q6KDOff:])
	for h := range 2 {
		ql := blk[64*h : 64*h+64]
		qh := blk[q6KQhOff+32*h : q6KQhOff+32*h+32]
		sc := blk[q6KScOff+8*h : q6KScOff+8*h+8]
		yy := y[128*h : 128*h+128]
		for l := range 32 {
			is := l / 16
			q1, q2, q3, q4 := q6Quad(ql[l], ql[l+32], qh[l])
			yy[l] = float32(d*float32(int8(sc[is]))) * float32(q1)
			yy[l+32] = float32(d*float32(int8(sc[is+2]))) * float32(q2)
			yy[l+64] = float32(d*float32(int8(sc[is+4]))) * float32(q3)
			yy[l+96] = float32(d*float32(int8(sc[is+6]))) * float32(q4)
		}
	}
}

// Quantize encodes src as type t into dst (which must hold t.RowBytes(len(src)) bytes).
// Q8_0 and Q4_0 follow ggml's reference quantisers (quantize_row_q8_0_ref /
// quantize_row_q4_0_ref), which is what model-conversion tools use. Q4_K and Q6_K use a
// simpler scale search than ggml's (the encoding is the same format, the chosen scales
// may differ slightly).
func Quantize(t DType, src []float32, dst []byte) error {
	if err := checkSizes(t, len(src), len(dst)); err != nil {
		return err
	}
	switch t {
	case F32:
		for i, f := range src {
			binary.LittleEndian.PutUint32(dst[4*i:], math.Float32bits(f))
		}
	case F16:
		for i, f := range src {
			binary.LittleEndian.PutUint16(dst[2*i:], F32ToF16(f))
		}
	case BF16:
		for i, f := range src {
			binary.LittleEndian.PutUint16(dst[2*i:], F32ToBF16(f))
		}
	default: // a quantised type: checkSizes knows it
		tr := traits[t]
		for b := range len(src) / tr.blockElems {
			tr.quant(src[b*tr.blockElems:(b+1)*tr.blockElems], dst[b*tr.blockBytes:(b+1)*tr.blockBytes])
		}
	}
	return nil
}

// roundHalfAway is C's roundf.
func roundHalfAway(f float32) float32 { return float32(math.Round(float64(f))) }

func quantQ8_0Ref(x []float32, blk []byte) {
	var amax float32
	for _, v := range x {
		amax = max(amax, abs32(v))
	}
	d := amax / 127
	var id float32
	if d != 0 {
		id = 1 / d
	}
	binary.LittleEndian.PutUint16(blk, F32ToF16(d))
	for j, v := range x {
		blk[2+j] = byte(int8(roundHalfAway(v * id)))
	}
}

func quantQ4_0Ref(x []float32, blk []byte) {
	var amax, mx float32
	for _, v := range x {
		if a := abs32(v); amax < a {
			amax, mx = a, v
		}
	}
	d := mx / -8
	var id float32
	if d != 0 {
		id = 1 / d
	}
	binary.LittleEndian.PutUint16(blk, F32ToF16(d))
	for j := range 16 {
		// C truncates (int8_t)(x*id + 8.5f); the argument is within [0, 16.5].
		q0 := min(15, int(int8(float32(x[j]*id)+8.5)))
		q1 := min(15, int(int8(float32(x[j+16]*id)+8.5)))
		blk[2+j] = byte(q0) | byte(q1)<<4
	}
}

// quantQ6_K: per 16-element group the scale is amax/31 (sign chosen so the extreme
// maps to -32 where possible), the 16 group scales are quantised to int8 against a
// super-block d, and the values are re-quantised against the quantised scales.
func quantQ6_K(x []float32, blk []byte) {
	var scales [16]float32
	var maxScale, maxAbsScale float32
	for g := range 16 {
		var amax, mx float32
		for _, v := range x[16*g : 16*g+16] {
			if a := abs32(v); a > amax {
				amax, mx = a, v
			}
		}
		s := mx / -32
		scales[g] = s
		if a := abs32(s); a > maxAbsScale {
			maxAbsScale, maxScale = a, s
		}
	}
	for i := range blk[:q6_KBytes] {
		blk[i] = 0
	}
	if maxAbsScale == 0 {
		return
	}
	iscale := -128 / maxScale
	d := F16ToF32(F32ToF16(1 / iscale))
	binary.LittleEndian.PutUint16(blk[q6KDOff:], F32ToF16(1/iscale))
	var q [256]uint8
	for g := range 16 {
		ls := min(127, int(roundEven32(iscale*scales[g])))
		ls = max(-128, ls)
		blk[q6KScOff+g] = byte(int8(ls))
		dg := d * float32(ls)
		for l := range 16 {
			var v int
			if dg != 0 {
				v = int(roundEven32(x[16*g+l] / dg))
			}
			q[16*g+l] = uint8(max(-32, min(31, v)) + 32)
		}
	}
	for h := range 2 {
		ql := blk[64*h : 64*h+64]
		qh := blk[q6KQhOff+32*h : q6KQhOff+32*h+32]
		qq := q[128*h : 128*h+128]
		for l := range 32 {
			ql[l] = qq[l]&0xf | (qq[l+64]&0xf)<<4
			ql[l+32] = qq[l+32]&0xf | (qq[l+96]&0xf)<<4
			qh[l] = qq[l]>>4 | (qq[l+32]>>4)<<2 | (qq[l+64]>>4)<<4 | (qq[l+96]>>4)<<6
		}
	}
}

// quantQ4_K: per 32-element sub-block scale = (max-min)/15 and min = -min (clamped at
// zero, as the format stores a non-negative min to subtract); both sets of eight are
// quantised to 6 bits against d and dmin.
func quantQ4_K(x []float32, blk []byte) {
	var scales, mins [8]float32
	var maxScale, maxMin float32
	for j := range 8 {
		lo, hi := x[32*j], x[32*j]
		for _, v := range x[32*j : 32*j+32] {
			lo, hi = min(lo, v), max(hi, v)
		}
		lo = min(lo, 0)
		scales[j] = (hi - lo) / 15
		mins[j] = -lo
		maxScale = max(maxScale, scales[j])
		maxMin = max(maxMin, mins[j])
	}
	for i := range blk[:q4_KBytes] {
		blk[i] = 0
	}
	var ls, lm [8]uint8
	var invS, invM float32
	if maxScale > 0 {
		invS = 63 / maxScale
	}
	if maxMin > 0 {
		invM = 63 / maxMin
	}
	for j := range 8 {
		ls[j] = uint8(min(63, roundEven32(invS*scales[j])))
		lm[j] = uint8(min(63, roundEven32(invM*mins[j])))
	}
	var dv, dmv float32
	if invS != 0 {
		dv = maxScale / 63
	}
	if invM != 0 {
		dmv = maxMin / 63
	}
	binary.LittleEndian.PutUint16(blk, F32ToF16(dv))
	binary.LittleEndian.PutUint16(blk[2:], F32ToF16(dmv))
	d, dmin := F16ToF32(F32ToF16(dv)), F16ToF32(F32ToF16(dmv))
	sc := blk[q4KScOff : q4KScOff+12]
	for j := range 4 {
		sc[j] = ls[j] | (ls[j+4]>>4)<<6
		sc[j+4] = lm[j] | (lm[j+4]>>4)<<6
		sc[j+8] = ls[j+4]&0xf | (lm[j+4]&0xf)<<4
	}
	qs := blk[q4KQsOff : q4KQsOff+128]
	for j := range 8 {
		dj := d * float32(ls[j])
		mj := float32(dmin * float32(lm[j]))
		for l := range 32 {
			var v int
			if dj != 0 {
				v = int(roundEven32((x[32*j+l] + mj) / dj))
			}
			v = max(0, min(15, v))
			if j%2 == 0 {
				qs[32*(j/2)+l] |= uint8(v)
			} else {
				qs[32*(j/2)+l] |= uint8(v) << 4
			}
		}
	}
}

func abs32(f float32) float32 { return math.Float32frombits(math.Float32bits(f) &^ (1 << 31)) }

// roundEven32 rounds half to even, as SSE's default rounding and ggml's nearest_int do.
func roundEven32(f float32) float32 { return float32(math.RoundToEven(float64(f))) }
