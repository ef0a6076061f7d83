package tensor

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestF16Known(t *testing.T) {
	cases := []struct {
		h uint16
		f float32
	}{
		{0x0000, 0},
		{0x3c00, 1},
		{0xc000, -2},
		{0x3555, 0.333251953125},
		{0x7bff, 65504},
		{0x0400, 6.103515625e-05},         // smallest normal
		{0x0001, 5.9604644775390625e-08},  // smallest subnormal
		{0x03ff, 6.0975551605224609e-05},  // largest subnormal
		{0x8001, -5.9604644775390625e-08}, // negative subnormal
		{0x7c00, float32(math.Inf(1))},
		{0xfc00, float32(math.Inf(-1))},
	}
	for _, c := range cases {
		if got := F16ToF32(c.h); got != c.f {
			t.Errorf("F16ToF32(%#04x) = %g, want %g", c.h, got, c.f)
		}
		if got := F32ToF16(c.f); got != c.h {
			t.Errorf("F32ToF16(%g) = %#04x, want %#04x", c.f, got, c.h)
		}
	}
	if math.Signbit(float64(F16ToF32(0x8000))) != true || F16ToF32(0x8000) != 0 {
		t.Error("negative zero")
	}
	if f := F16ToF32(0x7e01); f == f {
		t.Error("NaN half widened to a number")
	}
	if h := F32ToF16(float32(math.NaN())); h&0x7c00 != 0x7c00 || h&0x3ff == 0 {
		t.Errorf("NaN narrowed to %#04x", h)
	}
	// Rounding: 1 + 2^-11 is a tie between 1 and 1+2^-10, to even (1); 1 + 3*2^-11 rounds up
	// to 1+2^-9 (even); 65520 is the tie between 65504 and 65536, which overflows.
	for _, c := range []struct {
		f float32
		h uint16
	}{
		{1 + 1.0/2048, 0x3c00}, {1 + 3.0/2048, 0x3c02}, {1 + 1.0/2048 + 1.0/(1<<20), 0x3c01},
		{65519, 0x7bff}, {65520, 0x7c00}, {1e10, 0x7c00},
		{2.9802322387695312e-08, 0x0000}, // 2^-25: tie between 0 and 2^-24, to even
		{2.9802326e-08, 0x0001},          // just above 2^-25
		{8.940697e-08, 0x0002},           // 1.5*2^-24: tie, to even (2)
		{6.1e-05, 0x03ff},                // rounds within the subnormals
		{6.10351e-05, 0x0400},            // rounds up into the normals
	} {
		if got := F32ToF16(c.f); got != c.h {
			t.Errorf("F32ToF16(%g) = %#04x, want %#04x", c.f, got, c.h)
		}
	}
}

// Every non-NaN half survives the round trip.
func TestF16RoundTripAll(t *testing.T) {
	for i := range 1 << 16 {
		h := uint16(i)
		if h&0x7c00 == 0x7c00 && h&0x3ff != 0 {
			continue
		}
		if got := F32ToF16(F16ToF32(h)); got != h {
			t.Fatalf("round trip %#04x -> %g -> %#04x", h, F16ToF32(h), got)
		}
	}
}

// nearestBy picks the nearest of the two candidates that bracket f (exact in float64),
// ties to the even encoding: an independent definition of round-to-nearest-even.
func nearestBy(f float32, lo, hi uint16, widen func(uint16) float32) uint16 {
	vh := float64(widen(hi))
	if math.IsInf(vh, 0) { // for rounding, inf sits where the next binade would start
		vh = math.Ldexp(1, 128)
	}
	dl := math.Abs(float64(f) - float64(widen(lo)))
	dh := math.Abs(vh - float64(f))
	switch {
	case dl < dh:
		return lo
	case dh < dl:
		return hi
	case lo&1 == 0:
		return lo
	}
	return hi
}

func TestF32ToF16Random(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		f := math.Float32frombits(r.Uint32())
		if f != f || math.Abs(float64(f)) >= 65520 {
			continue
		}
		// Bracket with a binary search over positive halves.
		a := float32(math.Abs(float64(f)))
		lo, hi := uint16(0), uint16(0x7bff)
		for lo < hi {
			mid := (lo + hi + 1) / 2
			if F16ToF32(mid) <= a {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		want := lo
		if F16ToF32(lo) != a {
			want = nearestBy(a, lo, lo+1, F16ToF32)
		}
		if f < 0 {
			want |= 0x8000
		}
		if got := F32ToF16(f); got != want {
			t.Fatalf("F32ToF16(%g [%#08x]) = %#04x, want %#04x", f, math.Float32bits(f), got, want)
		}
	}
}

func TestBF16(t *testing.T) {
	if BF16ToF32(0x3f80) != 1 || BF16ToF32(0xc040) != -3 {
		t.Fatal("BF16ToF32")
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 200000 {
		b := r.Uint32()
		f := math.Float32frombits(b)
		got := F32ToBF16(f)
		if f != f {
			if g := BF16ToF32(got); g == g {
				t.Fatalf("NaN %#08x -> %#04x", b, got)
			}
			continue
		}
		lo := uint16(b >> 16)
		want := lo
		if b&0xffff != 0 {
			// Same sign, so the magnitudes bracket: compare magnitudes.
			want = nearestBy(abs32(f), lo&0x7fff, lo&0x7fff+1, BF16ToF32) | lo&0x8000
		}
		if got != want {
			t.Fatalf("F32ToBF16(%g [%#08x]) = %#04x, want %#04x", f, b, got, want)
		}
	}
	// Subnormals are kept, not flushed.
	if got := F32ToBF16(math.Float32frombits(0x00012345)); got != 0x0001 {
		t.Fatalf("subnormal: %#04x", got)
	}
}

func TestHalfSlices(t *testing.T) {
	src := []float32{1, -2.5, 65504, 1e-7}
	h := make([]uint16, 4)
	F32sToF16(h, src)
	back := make([]float32, 4)
	F16sToF32(back, h)
	for i := range src {
		if back[i] != RoundF16(src[i]) {
			t.Fatalf("%d: %g", i, back[i])
		}
	}
	F32sToBF16(h, src)
	BF16sToF32(back, h)
	for i := range src {
		if back[i] != RoundBF16(src[i]) {
			t.Fatalf("bf16 %d: %g", i, back[i])
		}
	}
}
