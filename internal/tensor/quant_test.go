package tensor

import (
	"math"
	"math/rand/v2"
	"testing"
)

// The expected values below are worked out by hand from the format description, not by
// the code under test.

func TestDequantizeQ8_0Block(t *testing.T) {
	blk := make([]byte, 34)
	blk[0], blk[1] = 0x00, 0x38 // d = 0.5
	qs := []int8{-128, -1, 0, 1, 127, 50, -50, 3}
	for i, q := range qs {
		blk[2+i] = byte(q)
	}
	want := make([]float32, 32)
	copy(want, []float32{-64, -0.5, 0, 0.5, 63.5, 25, -25, 1.5})
	wantDequantized(t, Q8_0, blk, want)
}

func TestDequantizeQ4_0Block(t *testing.T) {
	blk := make([]byte, 18)
	blk[0], blk[1] = 0x00, 0x40 // d = 2
	blk[2] = 0x1f               // element 0: 15 -> (15-8)*2 = 14; element 16: 1 -> -14
	blk[3] = 0x88               // elements 1 and 17: 0
	blk[17] = 0xf0              // element 15: 0 -> -16; element 31: 15 -> 14
	want := make([]float32, 32)
	for i := range want {
		want[i] = -16 // nibble 0 everywhere else
	}
	want[0], want[16] = 14, -14
	want[1], want[17] = 0, 0
	want[15], want[31] = -16, 14
	wantDequantized(t, Q4_0, blk, want)
}

func TestDequantizeQ4_KBlock(t *testing.T) {
	blk := make([]byte, 144)
	blk[0], blk[1] = 0x00, 0x3c // d = 1
	blk[2], blk[3] = 0x00, 0x38 // dmin = 0.5
	copy(blk[4:16], []byte{0x41, 0x02, 0x03, 0x04, 0x85, 0x06, 0x07, 0x08, 0x21, 0x43, 0x65, 0x87})
	// Scales/mins of the 8 sub-blocks, by hand:
	//   0..3: low 6 bits of bytes 0..3 and 4..7: (1,5) (2,6) (3,7) (4,8)
	//   4: scale = 0x21&15 | (0x41>>6)<<4 = 1|16 = 17, min = 0x21>>4 | (0x85>>6)<<4 = 2|32 = 34
	//   5: (3, 4)   6: (5, 6)   7: (7, 8)   (bytes 1..3 and 5..7 have no top bits set)
	mins := []float32{5, 6, 7, 8, 34, 4, 6, 8}
	want := make([]float32, 256)
	for i := range want {
		want[i] = -0.5 * mins[i/32] // q = 0
	}
	qs := blk[16:]
	qs[0] = 0xa3 // element 0 (scale 1): 1*3 - 2.5 = 0.5; element 32 (scale 2): 2*10 - 3 = 17
	want[0], want[32] = 0.5, 17
	qs[64] = 0xf0 // element 128 (scale 17, min 34): -17; element 160 (scale 3): 45 - 2 = 43
	want[128], want[160] = -17, 43
	qs[96+5] = 0x5c // element 197 (scale 5): 60 - 3 = 57; element 229 (scale 7): 35 - 4 = 31
	want[197], want[229] = 57, 31
	wantDequantized(t, Q4_K, blk, want)
}

func TestDequantizeQ6_KBlock(t *testing.T) {
	blk := make([]byte, 210)
	sc := []int8{1, -2, 3, -4, 5, -6, 7, -8, 9, -10, 11, -12, 13, -14, 15, -16}
	for i, s := range sc {
		blk[192+i] = byte(s)
	}
	blk[208], blk[209] = 0x00, 0x34 // d = 0.25
	want := make([]float32, 256)
	for i := range want {
		want[i] = 0.25 * float32(sc[i/16]) * -32 // ql = qh = 0: q = -32
	}
	// First half, l = 0: ql[0] = 0x3a, ql[32] = 0x7f, qh[0] = 0b11_10_01_00.
	blk[0], blk[32], blk[128] = 0x3a, 0x7f, 0xe4
	want[0] = 0.25 * 1 * (0xa - 32)         // -5.5
	want[32] = 0.25 * 3 * (0xf | 1<<4 - 32) // -0.75
	want[64] = 0.25 * 5 * (0x3 | 2<<4 - 32) // 3.75
	want[96] = 0.25 * 7 * (0x7 | 3<<4 - 32) // 40.25
	// Second half, l = 17: ql[64+17] = 0x21, qh[32+17] = 0x01.
	blk[64+17], blk[128+32+17] = 0x21, 0x01
	want[145] = 0.25 * -10 * (1 | 1<<4 - 32) // 37.5
	want[209] = 0.25 * -14 * (2 - 32)        // 105
	wantDequantized(t, Q6_K, blk, want)
	if want[0] != -5.5 || want[96] != 40.25 || want[145] != 37.5 || want[209] != 105 {
		t.Fatal("hand arithmetic slipped")
	}
}

func TestDequantizeFloats(t *testing.T) {
	got := make([]float32, 2)
	if err := Dequantize(F32, []byte{0, 0, 0x80, 0x3f, 0, 0, 0, 0xc0}, got); err != nil {
		t.Fatal(err)
	}
	equalSlices(t, got, []float32{1, -2})
	if err := Dequantize(F16, []byte{0x00, 0x3c, 0x00, 0xc1}, got); err != nil {
		t.Fatal(err)
	}
	equalSlices(t, got, []float32{1, -2.5})
	if err := Dequantize(BF16, []byte{0x80, 0x3f, 0x20, 0xc0}, got); err != nil {
		t.Fatal(err)
	}
	equalSlices(t, got, []float32{1, -2.5})
}

func TestDequantizeErrors(t *testing.T) {
	dst := make([]float32, 32)
	if err := Dequantize(Q8_0, make([]byte, 33), dst); err == nil {
		t.Error("short source accepted")
	}
	if err := Dequantize(Q8_0, make([]byte, 68), dst[:31]); err == nil {
		t.Error("partial block accepted")
	}
	if err := Dequantize(DType(99), make([]byte, 68), dst); err == nil {
		t.Error("unknown type accepted")
	}
	if err := Quantize(Q4_K, dst, make([]byte, 1000)); err == nil {
		t.Error("partial super-block accepted")
	}
}

func TestQuantizeQ8_0Ref(t *testing.T) {
	// amax = 254 -> d = 2, id = 0.5: x = 3 -> 1.5 -> roundf = 2 (half away from zero),
	// x = -5 -> -2.5 -> -3, x = 254 -> 127, x = 1 -> 0.5 -> 1.
	x := make([]float32, 32)
	x[0], x[1], x[2], x[3] = 3, -5, 254, 1
	blk := make([]byte, 34)
	if err := Quantize(Q8_0, x, blk); err != nil {
		t.Fatal(err)
	}
	if blk[0] != 0x00 || blk[1] != 0x40 {
		t.Fatalf("d = %#02x%02x", blk[1], blk[0])
	}
	if int8(blk[2]) != 2 || int8(blk[3]) != -3 || int8(blk[4]) != 127 || int8(blk[5]) != 1 {
		t.Fatalf("qs = %v", blk[2:6])
	}
}

func TestQuantizeQ4_0Ref(t *testing.T) {
	// max by magnitude is -16 -> d = 2, id = 0.5; q = min(15, trunc(x*id + 8.5)).
	x := make([]float32, 32)
	x[0], x[16], x[1], x[17] = -16, 14, 1, 16
	// element 0: -8+8.5 -> 0; 16: 7+8.5 -> 15; 1: 0.5+8.5 -> 9; 17: 8+8.5 -> 16 -> 15;
	// zeros: 8.5 -> 8.
	blk := make([]byte, 18)
	if err := Quantize(Q4_0, x, blk); err != nil {
		t.Fatal(err)
	}
	if blk[0] != 0x00 || blk[1] != 0x40 {
		t.Fatalf("d = %#02x%02x", blk[1], blk[0])
	}
	if blk[2] != 0xf0 || blk[3] != 0xf9 || blk[4] != 0x88 {
		t.Fatalf("qs = %#v", blk[2:5])
	}
}

func TestQuantizeRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	x := make([]float32, 1024)
	for i := range x {
		x[i] = float32(r.NormFloat64())
	}
	x[5] = 0
	// Largest error relative to the block's max magnitude.
	tol := map[DType]float64{F32: 0, F16: 1e-3, BF16: 8e-3, Q8_0: 1.0/254 + 1e-3 /* d is stored as f16 */, Q4_0: 1.0/8 + 1e-3 /* +max clamps at 7/8 */, Q6_K: 1.0 / 50, Q4_K: 1.0 / 12}
	for _, dt := range []DType{F32, F16, BF16, Q8_0, Q4_0, Q4_K, Q6_K} {
		nb, _ := dt.RowBytes(uint64(len(x)))
		buf := make([]byte, nb)
		if err := Quantize(dt, x, buf); err != nil {
			t.Fatal(err)
		}
		y := make([]float32, len(x))
		if err := Dequantize(dt, buf, y); err != nil {
			t.Fatal(err)
		}
		be := dt.BlockElems()
		if be == 1 {
			be = 32
		}
		worst := 0.0
		for b := 0; b < len(x); b += be {
			var amax float64
			for _, v := range x[b : b+be] {
				amax = math.Max(amax, math.Abs(float64(v)))
			}
			for i := b; i < b+be; i++ {
				worst = math.Max(worst, math.Abs(float64(x[i]-y[i]))/amax)
			}
		}
		if worst > tol[dt] {
			t.Errorf("%s: worst relative error %g > %g", dt, worst, tol[dt])
		}
		// Quantising what we dequantised must reproduce the same encoding for the
		// reference quantisers (the values are representable).
		if dt == Q8_0 || dt == F16 || dt == BF16 || dt == F32 {
			buf2 := make([]byte, nb)
			_ = Quantize(dt, y, buf2)
			if string(buf2) != string(buf) {
				t.Errorf("%s: re-quantising changed the encoding", dt)
			}
		}
	}
}

// wantDequantized checks that blk decodes as type dt to exactly want.
func wantDequantized(t *testing.T, dt DType, blk []byte, want []float32) {
	t.Helper()
	got := make([]float32, len(want))
	if err := Dequantize(dt, blk, got); err != nil {
		t.Fatal(err)
	}
	equalSlices(t, got, want)
}

func equalSlices(t *testing.T, got, want []float32) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("len %d, want %d", len(got), len(want))
	}
	for i := range got {
		if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
			t.Fatalf("[%d] = %g, want %g", i, got[i], want[i])
		}
	}
}

func TestParseDType(t *testing.T) {
	for _, c := range []struct {
		in   string
		want DType
		ok   bool
	}{
		{"q8_0", Q8_0, true}, {"Q4_K", Q4_K, true}, {"bf16", BF16, true}, {"F32", F32, true},
		{"q5_0", 0, false}, {"", 0, false}, {"q8_0 ", 0, false},
	} {
		got, err := ParseDType(c.in)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("ParseDType(%q) = %v, %v", c.in, got, err)
		}
	}
}
