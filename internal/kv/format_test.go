package kv

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/tensor"
)

// formatSamples are values a format rounds (1/3), keeps (powers of two, zero, a negative zero), and
// that overflow or underflow a half (1e6, 1e-9).
var formatSamples = []float32{1, -2, 0.5, float32(1) / 3, 0, float32(math.Copysign(0, -1)), 1e6, 1e-9,
	3.14159, -1024.25, 65504, 7, 0.1, -0.001, 42, 1e-5, 2.5, -3.75}

// formatHeadDim is a head size every block size of a format divides (a llama.cpp quantised block
// holds 32 elements).
const formatHeadDim = 64

// formatVector is a head's vector of the samples, i from the sample at offset on.
func formatVector(offset int, scale float32) []float32 {
	v := make([]float32, formatHeadDim)
	for i := range v {
		v[i] = formatSamples[(offset+i)%len(formatSamples)] * scale
	}
	return v
}

// TestFormatRoundTrip: a stored vector decodes to the format's rounding of the floats (exact for
// F32, F32ToF16's for F16, llama.cpp's q8_0 blocks for Q8_0), and storing what it decodes gives
// the same bytes, so a page that is read, moved and written again holds what it held.
func TestFormatRoundTrip(t *testing.T) {
	each := func(r func(float32) float32) func([]float32) []float32 {
		return func(x []float32) []float32 {
			y := make([]float32, len(x))
			for i, v := range x {
				y[i] = r(v)
			}
			return y
		}
	}
	round := map[tensor.DType]func([]float32) []float32{
		tensor.F32:  each(func(x float32) float32 { return x }),
		tensor.F16:  each(func(x float32) float32 { return tensor.F16ToF32(tensor.F32ToF16(x)) }),
		tensor.Q8_0: q8_0Rounding,
	}
	for _, f := range formats {
		t.Run(f.DType().String(), func(t *testing.T) {
			rnd, ok := round[f.DType()]
			if !ok {
				t.Fatalf("no rounding rule for %s: add it here with the format", f.DType())
			}
			vb, err := vecBytes(f, formatHeadDim)
			if err != nil {
				t.Fatal(err)
			}
			stored, got := make([]byte, vb), make([]float32, formatHeadDim)
			for _, in := range [][]float32{formatVector(0, 1), rampVector()} {
				f.Store(stored, in)
				f.Load(got, stored)
				want := rnd(in)
				for i, x := range in {
					if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
						t.Errorf("element %d: %v stored and loaded is %v, want %v", i, x, got[i], want[i])
					}
				}
				again := make([]byte, vb)
				f.Store(again, got)
				if !slices.Equal(again, stored) {
					t.Errorf("storing the loaded vector gives %x, first stored %x", again, stored)
				}
			}

			f.poison(stored)
			f.Load(got, stored)
			for i, x := range got {
				if !math.IsNaN(float64(x)) {
					t.Errorf("poisoned element %d loads as %v, not NaN", i, x)
				}
			}
		})
	}
}

// rampVector is a head's vector of moderate values, none of them dominating a block, so that a
// quantised format's rounding shows in every element.
func rampVector() []float32 {
	v := make([]float32, formatHeadDim)
	for i := range v {
		v[i] = float32(i-29) / 7
	}
	return v
}

// q8_0Rounding is what llama.cpp's q8_0 cache holds for x, block by block of 32: the scale
// d = f16(amax/127) times x·(127/amax) rounded half to even.
func q8_0Rounding(x []float32) []float32 {
	y := make([]float32, len(x))
	for b := 0; b < len(x); b += 32 {
		var amax float32
		for _, v := range x[b : b+32] {
			amax = max(amax, float32(math.Abs(float64(v))))
		}
		d := tensor.F16ToF32(tensor.F32ToF16(amax / 127))
		for j, v := range x[b : b+32] {
			if amax != 0 {
				y[b+j] = float32(int8(math.RoundToEven(float64(v*(127/amax))))) * d // int8: no negative zero
			}
		}
	}
	return y
}

// TestFormatKernelsReadWhatLoadDecodes: a format's Scores and Values over stored vectors give the
// bits the float32 kernels give over the decoded vectors, so the attention a format feeds is the
// attention of its Load.
func TestFormatKernelsReadWhatLoadDecodes(t *testing.T) {
	const hd, n, nq = formatHeadDim, 5, 3
	q, p := make([]float32, nq*hd), make([]float32, nq*n)
	for i := range q {
		q[i] = float32(i%7) - 2.5
	}
	for i := range p {
		p[i] = 1 / float32(i+2)
	}
	for _, f := range formats {
		t.Run(f.DType().String(), func(t *testing.T) {
			vb, err := vecBytes(f, hd)
			if err != nil {
				t.Fatal(err)
			}
			run, decoded := make([]byte, n*vb), make([]float32, n*hd)
			for v := range n {
				vec := formatVector(v, 1.0/1024)
				if v%2 == 1 {
					vec = rampVector() // no value dominating a block: every q8_0 element non-zero
				}
				f.Store(run[v*vb:(v+1)*vb], vec)
				f.Load(decoded[v*hd:(v+1)*hd], run[v*vb:(v+1)*vb])
			}
			got, want := make([]float32, nq*n), make([]float32, nq*n)
			f.Scores(got, n, q, hd, nq, run, n, hd, 0.25)
			tensor.AttnScoresF32(want, n, q, hd, nq, decoded, hd, n, hd, 0.25)
			if !slices.Equal(got, want) {
				t.Errorf("scores %v, want %v", got, want)
			}
			gotV, wantV := make([]float32, nq*hd), make([]float32, nq*hd)
			f.Values(gotV, hd, p, n, nq, run, n, hd)
			tensor.AttnValuesF32(wantV, hd, p, n, nq, decoded, hd, n, hd)
			if !slices.Equal(gotV, wantV) {
				t.Errorf("values %v, want %v", gotV, wantV)
			}
		})
	}
}

// TestSizesComeFromTheFormat: the bytes capacity plans count (BytesPerToken, PageBytes), the
// pool's vectors, a token on the wire (TokenBytes, ReadTokens) and a page in memory are all the
// format's encoding of the head size.
func TestSizesComeFromTheFormat(t *testing.T) {
	for _, f := range formats {
		t.Run(f.DType().String(), func(t *testing.T) {
			cfg := Config{Layers: 3, KVHeads: 2, HeadDim: 64, PageTokens: 8, DType: f.DType(), Pages: 2}
			row, err := f.DType().RowBytes(uint64(cfg.HeadDim))
			if err != nil {
				t.Fatal(err)
			}
			token := 2 * cfg.Layers * cfg.KVHeads * int(row)
			bpt, err := BytesPerToken(cfg.Layers, cfg.KVHeads, cfg.HeadDim, cfg.DType)
			if err != nil || bpt != token {
				t.Fatalf("BytesPerToken %d (%v), want %d", bpt, err, token)
			}
			if pb, err := PageBytes(cfg); err != nil || pb != HeaderBytes+cfg.PageTokens*token {
				t.Fatalf("PageBytes %d (%v), want %d", pb, err, HeaderBytes+cfg.PageTokens*token)
			}
			p, err := NewPool(cfg)
			if err != nil {
				t.Fatal(err)
			}
			defer p.Close()
			if p.Format() != f || p.VecBytes() != int(row) || p.TokenBytes() != token || len(p.Data(1)) != cfg.PageTokens*token {
				t.Fatalf("pool of %s: vectors of %d bytes, tokens of %d, page data of %d; want %d, %d, %d",
					p.Format().DType(), p.VecBytes(), p.TokenBytes(), len(p.Data(1)), row, token, cfg.PageTokens*token)
			}
			if err := p.ReadTokens(1, 3, make([]byte, 3*token)); err != nil {
				t.Fatalf("3 tokens of %d bytes on the wire: %v", token, err)
			}
		})
	}
}

func TestFormatNames(t *testing.T) {
	if got := FormatNames(); got != "f16, f32 or q8_0" {
		t.Errorf("FormatNames() = %q", got)
	}
	for _, c := range []struct {
		name string
		want tensor.DType
		ok   bool
	}{{"f16", tensor.F16, true}, {"F32", tensor.F32, true}, {"q8_0", tensor.Q8_0, true}, {"Q8_0", tensor.Q8_0, true}, {"q4_0", 0, false}, {"bf16", 0, false}, {"", 0, false}} {
		f, err := ParseFormat(c.name)
		if (err == nil) != c.ok || (c.ok && f.DType() != c.want) {
			t.Errorf("ParseFormat(%q) = %v, %v", c.name, f, err)
		}
		if c.ok {
			if g, err := FormatOf(c.want); err != nil || g != f {
				t.Errorf("FormatOf(%s) = %v, %v; ParseFormat gave %v", c.want, g, err, f)
			}
		}
	}
	if _, err := FormatOf(tensor.Q4_0); err == nil {
		t.Error("FormatOf(Q4_0) has no format and no error")
	}
}

// TestQ8_0RefusesPartialBlocks: a head dim that is not a multiple of 32 (stories260K's 8,
// qwen2-tiny-random's 16, a 40) is refused with an error that names it, as llama.cpp refuses it,
// rather than a block padded or spanning two heads; the block multiples are taken.
func TestQ8_0RefusesPartialBlocks(t *testing.T) {
	for _, hd := range []int{8, 16, 40, 100} {
		_, err := BytesPerToken(2, 2, hd, tensor.Q8_0)
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("head dim %d is not a multiple of 32", hd)) {
			t.Errorf("head dim %d: %v", hd, err)
		}
		if _, err := NewPool(Config{Layers: 1, KVHeads: 1, HeadDim: hd, PageTokens: 4, DType: tensor.Q8_0, Pages: 1}); err == nil {
			t.Errorf("head dim %d: a q8_0 pool was made", hd)
		}
	}
	for _, hd := range []int{32, 64, 128} {
		if bpt, err := BytesPerToken(2, 2, hd, tensor.Q8_0); err != nil || bpt != 2*2*2*hd/32*34 {
			t.Errorf("head dim %d: %d bytes a token (%v), want %d", hd, bpt, err, 2*2*2*hd/32*34)
		}
	}
}
