package tensor

import (
	"math"
	"sync"
)

// F16ToF32 widens an IEEE 754 binary16 value; every half is exactly representable.
func F16ToF32(h uint16) float32 {
	sign := uint32(h&0x8000) << 16
	exp := uint32(h>>10) & 0x1f
	mant := uint32(h & 0x3ff)
	switch {
	case exp == 0x1f: // inf or NaN: keep the payload
		return math.Float32frombits(sign | 0x7f800000 | mant<<13)
	case exp != 0:
		return math.Float32frombits(sign | (exp+112)<<23 | mant<<13)
	case mant == 0:
		return math.Float32frombits(sign)
	}
	// Subnormal half: mant * 2^-24 is exact in float32.
	f := float32(mant) * (1.0 / (1 << 24))
	if sign != 0 {
		f = -f
	}
	return f
}

// F32ToF16 narrows to binary16, rounding to nearest even (as F16C's VCVTPS2PH with
// imm 0 does): overflow gives ±inf, tiny values give subnormals or ±0, NaN stays a
// quiet NaN.
func F32ToF16(f float32) uint16 {
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	exp := int(b>>23) & 0xff
	mant := b & 0x7fffff
	if exp == 0xff {
		if mant != 0 {
			return sign | 0x7e00 | uint16(mant>>13)
		}
		return sign | 0x7c00
	}
	e := exp - 127 + 15
	if e >= 31 {
		return sign | 0x7c00
	}
	if e <= 0 {
		if e < -10 { // below half the smallest subnormal: rounds to zero
			return sign
		}
		m := mant | 0x800000
		shift := uint(14 - e)
		hm := m >> shift
		rem := m & (1<<shift - 1)
		half := uint32(1) << (shift - 1)
		if rem > half || (rem == half && hm&1 == 1) {
			hm++ // may carry into the smallest normal, which is the right encoding
		}
		return sign | uint16(hm)
	}
	hm := uint32(e)<<10 | mant>>13
	rem := mant & 0x1fff
	if rem > 0x1000 || (rem == 0x1000 && hm&1 == 1) {
		hm++ // a carry into the exponent is correct, up to and including inf
	}
	return sign | uint16(hm)
}

// BF16ToF32 widens a bfloat16 value (the top half of a float32).
func BF16ToF32(h uint16) float32 { return math.Float32frombits(uint32(h) << 16) }

// F32ToBF16 narrows to bfloat16 rounding to nearest even, as ggml does; NaN is forced quiet.
func F32ToBF16(f float32) uint16 {
	b := math.Float32bits(f)
	if b&0x7fffffff > 0x7f800000 {
		return uint16(b>>16) | 0x40
	}
	return uint16((b + 0x7fff + (b>>16)&1) >> 16)
}

// RoundF16 rounds f to the nearest binary16 value and returns it as float32.
func RoundF16(f float32) float32 { return F16ToF32(F32ToF16(f)) }

// RoundBF16 rounds f to the nearest bfloat16 value and returns it as float32.
func RoundBF16(f float32) float32 { return BF16ToF32(F32ToBF16(f)) }

func roundF16sGo(dst, src []float32) {
	dst = dst[:len(src)]
	for i, f := range src {
		dst[i] = RoundF16(f)
	}
}

func roundBF16sGo(dst, src []float32) {
	dst = dst[:len(src)]
	for i, f := range src {
		dst[i] = RoundBF16(f)
	}
}

// F16sToF32 widens src into dst[:len(src)].
func F16sToF32(dst []float32, src []uint16) { activeKernels.Load().f16s(dst, src) }

func f16sToF32Go(dst []float32, src []uint16) {
	dst = dst[:len(src)]
	t := f16Table()
	for i, h := range src {
		dst[i] = t[h]
	}
}

// F32sToF16 narrows src into dst[:len(src)] (the KV cache's stores), as F32ToF16 does.
func F32sToF16(dst []uint16, src []float32) { activeKernels.Load().f32sToF16(dst, src) }

func f32sToF16Go(dst []uint16, src []float32) {
	dst = dst[:len(src)]
	for i, f := range src {
		dst[i] = F32ToF16(f)
	}
}

// BF16sToF32 widens src into dst[:len(src)].
func BF16sToF32(dst []float32, src []uint16) {
	dst = dst[:len(src)]
	for i, h := range src {
		dst[i] = BF16ToF32(h)
	}
}

// F32sToBF16 narrows src into dst[:len(src)].
func F32sToBF16(dst []uint16, src []float32) {
	dst = dst[:len(src)]
	for i, f := range src {
		dst[i] = F32ToBF16(f)
	}
}

// A lookup table makes the pure-Go F16 paths several times faster; it is built on first
// use so programs that never touch F16 do not pay its 256 KiB.
var (
	f16TableOnce sync.Once
	f16TableData *[1 << 16]float32
)

func f16Table() *[1 << 16]float32 {
	f16TableOnce.Do(func() {
		t := new([1 << 16]float32)
		for i := range t {
			t[i] = F16ToF32(uint16(i))
		}
		f16TableData = t
	})
	return f16TableData
}
