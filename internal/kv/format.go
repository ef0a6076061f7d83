package kv

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"unsafe"

	"github.com/kvwarden/kvwarden/internal/tensor"
)

// Format is the element format of a pool's keys and values: how one KV head's vector of HeadDim
// floats is stored in a page, and the attention kernels that read vectors so stored. Outside this
// package page data is bytes: the model stores rows and reads a head's run through the Pool and
// its Format, the transfer moves the bytes as they are, and capacity counts them (BytesPerToken).
// A new KV element type is one Format here, listed in formats, plus its kernels in internal/tensor.
type Format interface {
	// DType is the element type: the name --kv-dtype takes and the transfer's fingerprint carries.
	// A stored vector of n elements takes DType().RowBytes(n) bytes.
	DType() tensor.DType
	// Store encodes src, one vector, into dst, its bytes in a page.
	Store(dst []byte, src []float32)
	// Load decodes one stored vector, src, into dst[:len of the vector].
	Load(dst []float32, src []byte)
	// Scores is tensor.AttnScoresF16's arithmetic over n stored vectors of hd elements packed one
	// after the other in k, as a KV head's run of a page holds them.
	Scores(s []float32, sStride int, q []float32, qStride, nq int, k []byte, n, hd int, scale float32)
	// Values is tensor.AttnValuesF16's arithmetic over n stored vectors packed in v.
	Values(out []float32, oStride int, p []float32, pStride, nq int, v []byte, n, hd int)
	// poison fills freed page data with a pattern that any attention reading it turns into NaNs.
	poison(b []byte)
	// check refuses stored vectors (whole ones, packed) that Store never writes: a page from a
	// node of another KV type, relabelled, rather than this format's data.
	check(b []byte) error
}

// ErrPageData marks page data that is not the pool's format: WriteTokens refuses it.
var ErrPageData = errors.New("kv: page data is not of the pool's KV type")

// formats are the element formats a pool can hold, --kv-dtype's default first.
var formats = [...]Format{f16Format{}, f32Format{}, q8_0Format{}}

// FormatOf is the format of element type dt.
func FormatOf(dt tensor.DType) (Format, error) {
	for _, f := range formats {
		if f.DType() == dt {
			return f, nil
		}
	}
	return nil, fmt.Errorf("kv dtype %s: want %s", dt, FormatNames())
}

// ParseFormat reads a --kv-dtype value ("f16", "F32", "q8_0": the element type's name in either case).
func ParseFormat(s string) (Format, error) {
	for _, f := range formats {
		if strings.EqualFold(f.DType().String(), s) {
			return f, nil
		}
	}
	return nil, fmt.Errorf("kv dtype %q: want %s", s, FormatNames())
}

// FormatNames lists the formats as --kv-dtype takes them: "f16, f32 or q8_0".
func FormatNames() string {
	names := make([]string, len(formats))
	for i, f := range formats {
		names[i] = strings.ToLower(f.DType().String())
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// vecBytes is the size of one stored vector of n elements.
func vecBytes(f Format, n int) (int, error) {
	if n <= 0 {
		return 0, fmt.Errorf("kv: vectors of %d elements", n)
	}
	if be := f.DType().BlockElems(); n%be != 0 {
		return 0, fmt.Errorf("kv dtype %s stores blocks of %d elements and does not split a head or span two: "+
			"the model's head dim %d is not a multiple of %d (llama.cpp refuses such a cache too); use --kv-dtype f16 or f32",
			strings.ToLower(f.DType().String()), be, n, be)
	}
	b, err := f.DType().RowBytes(uint64(n))
	if err != nil {
		return 0, fmt.Errorf("kv: head size %d: %w", n, err)
	}
	return int(b), nil
}

// f32Format stores the floats as they are.
type f32Format struct{}

func (f32Format) DType() tensor.DType             { return tensor.F32 }
func (f32Format) Store(dst []byte, src []float32) { copy(floats(dst), src) }
func (f32Format) Load(dst []float32, src []byte)  { copy(dst, floats(src)) }

func (f32Format) Scores(s []float32, sStride int, q []float32, qStride, nq int, k []byte, n, hd int, scale float32) {
	tensor.AttnScoresF32(s, sStride, q, qStride, nq, floats(k), hd, n, hd, scale)
}

func (f32Format) Values(out []float32, oStride int, p []float32, pStride, nq int, v []byte, n, hd int) {
	tensor.AttnValuesF32(out, oStride, p, pStride, nq, floats(v), hd, n, hd)
}

// check: every bit pattern is a float32 a node may hold.
func (f32Format) check([]byte) error { return nil }

func (f32Format) poison(b []byte) {
	for i := 0; i+4 <= len(b); i += 4 {
		binary.LittleEndian.PutUint32(b[i:], 0x7fc0dead) // a quiet NaN
	}
}

// f16Format stores IEEE half floats, rounded to nearest even; the kernels widen them exactly.
type f16Format struct{}

func (f16Format) DType() tensor.DType             { return tensor.F16 }
func (f16Format) Store(dst []byte, src []float32) { tensor.F32sToF16(halves(dst), src) }
func (f16Format) Load(dst []float32, src []byte)  { tensor.F16sToF32(dst, halves(src)) }

func (f16Format) Scores(s []float32, sStride int, q []float32, qStride, nq int, k []byte, n, hd int, scale float32) {
	tensor.AttnScoresF16(s, sStride, q, qStride, nq, halves(k), hd, n, hd, scale)
}

func (f16Format) Values(out []float32, oStride int, p []float32, pStride, nq int, v []byte, n, hd int) {
	tensor.AttnValuesF16(out, oStride, p, pStride, nq, halves(v), hd, n, hd)
}

// check: every bit pattern is a half a node may hold.
func (f16Format) check([]byte) error { return nil }

func (f16Format) poison(b []byte) {
	for i := 0; i+2 <= len(b); i += 2 {
		binary.LittleEndian.PutUint16(b[i:], 0x7e5a) // a quiet NaN
	}
}

// q8_0Format stores each vector as llama.cpp's q8_0 KV cache does: blocks of 32 int8 values
// with an F16 scale, 34 bytes for 32 elements (F16 takes 64), quantised by its x86 rule
// (tensor.QuantizeQ8_0Row). A block never crosses a head: the head dim must be a multiple of 32.
// The kernels read d·q exactly, so the attention is the F32 attention over what Load decodes.
type q8_0Format struct{}

func (q8_0Format) DType() tensor.DType             { return tensor.Q8_0 }
func (q8_0Format) Store(dst []byte, src []float32) { tensor.QuantizeQ8_0Row(dst, src) }
func (q8_0Format) Load(dst []float32, src []byte)  { tensor.DequantizeQ8_0Row(dst, src) }

func (q8_0Format) Scores(s []float32, sStride int, q []float32, qStride, nq int, k []byte, n, hd int, scale float32) {
	tensor.AttnScoresQ8_0(s, sStride, q, qStride, nq, k, tensor.Q8_0RowBytes(hd), n, hd, scale)
}

func (q8_0Format) Values(out []float32, oStride int, p []float32, pStride, nq int, v []byte, n, hd int) {
	tensor.AttnValuesQ8_0(out, oStride, p, pStride, nq, v, tensor.Q8_0RowBytes(hd), n, hd)
}

// poison sets every block's scale to a quiet NaN: d·q is NaN for every q, zero included.
func (q8_0Format) poison(b []byte) {
	bb := tensor.Q8_0.BlockBytes()
	for i := 0; i+bb <= len(b); i += bb {
		binary.LittleEndian.PutUint16(b[i:], 0x7e5a)
	}
}

// check refuses a block scale that Store never writes: f16(amax/127) is never negative and never
// NaN. Other types' data relabelled as q8_0 (an F16 page's halves, say) fails it in about half its
// blocks, as their sign bits are.
func (q8_0Format) check(b []byte) error {
	bb := tensor.Q8_0.BlockBytes()
	for i := 0; i+bb <= len(b); i += bb {
		if d := binary.LittleEndian.Uint16(b[i:]); d > 0x7c00 {
			return fmt.Errorf("%w: q8_0 block %d has scale %#04x, negative or NaN", ErrPageData, i/bb, d)
		}
	}
	return nil
}

// floats and halves view page bytes as the elements they hold, in place: the kernels read them
// without a copy. Page data is 64-byte aligned (HeaderBytes) and every vector is a whole number of
// elements, so the views are aligned.
func floats(b []byte) []float32 {
	return unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(b))), len(b)/4)
}

func halves(b []byte) []uint16 {
	return unsafe.Slice((*uint16)(unsafe.Pointer(unsafe.SliceData(b))), len(b)/2)
}
