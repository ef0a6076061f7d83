package gguf

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"unicode/utf8"

	"github.com/kvwarden/kvwarden/internal/tensor"
)

// maxTensorName is the GGUF limit on tensor names; ggml's fixed name buffer depends on it.
const maxTensorName = 64

// Builder collects metadata and tensors and writes them as one GGUF v3 file. Metadata keys and
// tensors are written in the order they were added.
//
// The Add methods do not return errors: the first mistake (a duplicate key, a bad shape, data of
// the wrong size) is kept and reported by WriteTo, so building reads as a flat list of calls.
type Builder struct {
	kvs     []builderKV
	keys    map[string]bool
	tensors []builderTensor
	names   map[string]bool
	align   uint64
	err     error
}

type builderKV struct {
	key     string
	payload []byte // value type tag followed by the encoded value
}

type builderTensor struct {
	name  string
	typ   tensor.DType
	shape []uint64
	size  uint64
	data  []byte
	fill  func(w io.Writer) error
}

// NewBuilder returns an empty builder.
func NewBuilder() *Builder {
	return &Builder{keys: map[string]bool{}, names: map[string]bool{}, align: defaultAlign}
}

// Err returns the first error recorded by an Add call.
func (b *Builder) Err() error { return b.err }

func (b *Builder) fail(format string, a ...any) {
	if b.err == nil {
		b.err = fmt.Errorf("gguf write: "+format, a...)
	}
}

func (b *Builder) addKV(key string, vt ValueType, enc func(p []byte) []byte) {
	if b.err != nil {
		return
	}
	if b.keys == nil {
		b.keys, b.names, b.align = map[string]bool{}, map[string]bool{}, defaultAlign
	}
	switch {
	case key == "":
		b.fail("empty metadata key")
		return
	case len(key) >= maxKeyLen || !utf8.ValidString(key):
		b.fail("metadata key %.40q…: too long or not UTF-8", key)
		return
	case b.keys[key]:
		b.fail("metadata %q: duplicate key", key)
		return
	}
	b.keys[key] = true
	p := binary.LittleEndian.AppendUint32(nil, uint32(vt))
	b.kvs = append(b.kvs, builderKV{key: key, payload: enc(p)})
}

func appendGGUFString(p []byte, s string) []byte {
	p = binary.LittleEndian.AppendUint64(p, uint64(len(s)))
	return append(p, s...)
}

// AddUint8 adds a uint8 value.
func (b *Builder) AddUint8(key string, v uint8) {
	b.addKV(key, TypeUint8, func(p []byte) []byte { return append(p, v) })
}

// AddInt8 adds an int8 value.
func (b *Builder) AddInt8(key string, v int8) {
	b.addKV(key, TypeInt8, func(p []byte) []byte { return append(p, byte(v)) })
}

// AddUint16 adds a uint16 value.
func (b *Builder) AddUint16(key string, v uint16) {
	b.addKV(key, TypeUint16, func(p []byte) []byte { return binary.LittleEndian.AppendUint16(p, v) })
}

// AddInt16 adds an int16 value.
func (b *Builder) AddInt16(key string, v int16) {
	b.addKV(key, TypeInt16, func(p []byte) []byte { return binary.LittleEndian.AppendUint16(p, uint16(v)) })
}

// AddUint32 adds a uint32 value. A "general.alignment" key set this way also sets the alignment
// the tensor data is written with.
func (b *Builder) AddUint32(key string, v uint32) {
	if key == "general.alignment" && b.err == nil {
		if v == 0 || v&(v-1) != 0 || v > 1<<20 {
			b.fail("general.alignment %d is not a power of two up to 1 MiB", v)
			return
		}
		b.addKV(key, TypeUint32, func(p []byte) []byte { return binary.LittleEndian.AppendUint32(p, v) })
		if b.err == nil {
			b.align = uint64(v)
		}
		return
	}
	b.addKV(key, TypeUint32, func(p []byte) []byte { return binary.LittleEndian.AppendUint32(p, v) })
}

// AddInt32 adds an int32 value.
func (b *Builder) AddInt32(key string, v int32) {
	b.addKV(key, TypeInt32, func(p []byte) []byte { return binary.LittleEndian.AppendUint32(p, uint32(v)) })
}

// AddUint64 adds a uint64 value.
func (b *Builder) AddUint64(key string, v uint64) {
	b.addKV(key, TypeUint64, func(p []byte) []byte { return binary.LittleEndian.AppendUint64(p, v) })
}

// AddInt64 adds an int64 value.
func (b *Builder) AddInt64(key string, v int64) {
	b.addKV(key, TypeInt64, func(p []byte) []byte { return binary.LittleEndian.AppendUint64(p, uint64(v)) })
}

// AddFloat32 adds a float32 value.
func (b *Builder) AddFloat32(key string, v float32) {
	b.addKV(key, TypeFloat32, func(p []byte) []byte { return binary.LittleEndian.AppendUint32(p, math.Float32bits(v)) })
}

// AddFloat64 adds a float64 value.
func (b *Builder) AddFloat64(key string, v float64) {
	b.addKV(key, TypeFloat64, func(p []byte) []byte { return binary.LittleEndian.AppendUint64(p, math.Float64bits(v)) })
}

// AddBool adds a bool value.
func (b *Builder) AddBool(key string, v bool) {
	b.addKV(key, TypeBool, func(p []byte) []byte {
		if v {
			return append(p, 1)
		}
		return append(p, 0)
	})
}

// AddString adds a string value.
func (b *Builder) AddString(key, v string) {
	b.addKV(key, TypeString, func(p []byte) []byte { return appendGGUFString(p, v) })
}

func appendArrayHeader(p []byte, et ValueType, n int) []byte {
	p = binary.LittleEndian.AppendUint32(p, uint32(et))
	return binary.LittleEndian.AppendUint64(p, uint64(n))
}

// AddStrings adds an array of strings.
func (b *Builder) AddStrings(key string, v []string) {
	b.addKV(key, TypeArray, func(p []byte) []byte {
		p = appendArrayHeader(p, TypeString, len(v))
		for _, s := range v {
			p = appendGGUFString(p, s)
		}
		return p
	})
}

// AddFloat32s adds an array of float32.
func (b *Builder) AddFloat32s(key string, v []float32) {
	b.addKV(key, TypeArray, func(p []byte) []byte {
		p = appendArrayHeader(p, TypeFloat32, len(v))
		for _, x := range v {
			p = binary.LittleEndian.AppendUint32(p, math.Float32bits(x))
		}
		return p
	})
}

// AddInt32s adds an array of int32.
func (b *Builder) AddInt32s(key string, v []int32) {
	b.addKV(key, TypeArray, func(p []byte) []byte {
		p = appendArrayHeader(p, TypeInt32, len(v))
		for _, x := range v {
			p = binary.LittleEndian.AppendUint32(p, uint32(x))
		}
		return p
	})
}

// AddUint32s adds an array of uint32.
func (b *Builder) AddUint32s(key string, v []uint32) {
	b.addKV(key, TypeArray, func(p []byte) []byte {
		p = appendArrayHeader(p, TypeUint32, len(v))
		for _, x := range v {
			p = binary.LittleEndian.AppendUint32(p, x)
		}
		return p
	})
}

// TensorBytes is the encoded size of a tensor of type t and the given shape (ggml order,
// shape[0] contiguous), checking that rows are whole blocks.
func TensorBytes(t tensor.DType, shape []uint64) (uint64, error) {
	if !t.Known() {
		return 0, fmt.Errorf("unknown tensor type %d", uint32(t))
	}
	if len(shape) == 0 || len(shape) > maxDims {
		return 0, fmt.Errorf("%d dimensions (must be 1..%d)", len(shape), maxDims)
	}
	if shape[0]%uint64(t.BlockElems()) != 0 {
		return 0, fmt.Errorf("row length %d is not a multiple of the %s block size %d", shape[0], t, t.BlockElems())
	}
	n := uint64(1)
	for i, d := range shape {
		if d == 0 {
			return 0, fmt.Errorf("dimension %d is zero", i)
		}
		if n > (1<<62)/d {
			return 0, errors.New("element count overflows")
		}
		n *= d
	}
	return t.RowBytes(n)
}

func (b *Builder) addTensor(name string, t tensor.DType, shape []uint64, data []byte, fill func(io.Writer) error) {
	if b.err != nil {
		return
	}
	if b.names == nil {
		b.keys, b.names, b.align = map[string]bool{}, map[string]bool{}, defaultAlign
	}
	if name == "" || len(name) > maxTensorName || !utf8.ValidString(name) {
		b.fail("tensor name %q: must be 1..%d bytes of UTF-8", name, maxTensorName)
		return
	}
	if b.names[name] {
		b.fail("tensor %q: duplicate name", name)
		return
	}
	size, err := TensorBytes(t, shape)
	if err != nil {
		b.fail("tensor %q: %v", name, err)
		return
	}
	if fill == nil && uint64(len(data)) != size {
		b.fail("tensor %q: %d bytes of data, want %d for %s %v", name, len(data), size, t, shape)
		return
	}
	b.names[name] = true
	b.tensors = append(b.tensors, builderTensor{name: name, typ: t, shape: append([]uint64(nil), shape...), size: size, data: data, fill: fill})
}

// AddTensor adds a tensor whose encoded bytes are in data. Shape is in ggml order (shape[0] is
// the contiguous dimension). data is retained, not copied, until WriteTo.
func (b *Builder) AddTensor(name string, t tensor.DType, shape []uint64, data []byte) {
	b.addTensor(name, t, shape, data, nil)
}

// AddTensorFunc adds a tensor whose bytes are produced by fill during WriteTo, so large files
// can be written without holding every tensor in memory. fill must write exactly
// TensorBytes(t, shape) bytes.
func (b *Builder) AddTensorFunc(name string, t tensor.DType, shape []uint64, fill func(w io.Writer) error) {
	if fill == nil {
		b.fail("tensor %q: nil fill function", name)
		return
	}
	b.addTensor(name, t, shape, nil, fill)
}

// writeCounter counts bytes and keeps the first write error.
type writeCounter struct {
	w   io.Writer
	n   int64
	err error
}

func (c *writeCounter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	c.n += int64(n)
	c.err = err
	return n, err
}

// fillLimiter lets a fill function write at most its tensor's size, so a faulty one cannot
// shift every later tensor.
type fillLimiter struct {
	w    io.Writer
	left uint64
	name string
}

func (l *fillLimiter) Write(p []byte) (int, error) {
	if uint64(len(p)) > l.left {
		return 0, fmt.Errorf("gguf write: tensor %q: fill wrote more than the tensor's size", l.name)
	}
	n, err := l.w.Write(p)
	l.left -= uint64(n)
	return n, err
}

var padZeros [4096]byte

func writePadding(w io.Writer, n uint64) error {
	for n > 0 {
		k := min(n, uint64(len(padZeros)))
		if _, err := w.Write(padZeros[:k]); err != nil {
			return err
		}
		n -= k
	}
	return nil
}

func roundUpTo(n, a uint64) uint64 { return (n + a - 1) / a * a }

// WriteTo writes the file: header, metadata, tensor infos, padding, then each tensor's data at
// an offset aligned to general.alignment (32 unless set). It returns the bytes written.
func (b *Builder) WriteTo(w io.Writer) (int64, error) {
	if b.err != nil {
		return 0, b.err
	}
	align := b.align
	if align == 0 {
		align = defaultAlign
	}
	cw := &writeCounter{w: w}
	bw := bufio.NewWriterSize(cw, 1<<20)

	var h []byte
	h = binary.LittleEndian.AppendUint32(h, magic)
	h = binary.LittleEndian.AppendUint32(h, 3)
	h = binary.LittleEndian.AppendUint64(h, uint64(len(b.tensors)))
	h = binary.LittleEndian.AppendUint64(h, uint64(len(b.kvs)))
	for _, kv := range b.kvs {
		h = appendGGUFString(h, kv.key)
		h = append(h, kv.payload...)
	}
	off := uint64(0)
	for _, t := range b.tensors {
		h = appendGGUFString(h, t.name)
		h = binary.LittleEndian.AppendUint32(h, uint32(len(t.shape)))
		for _, d := range t.shape {
			h = binary.LittleEndian.AppendUint64(h, d)
		}
		h = binary.LittleEndian.AppendUint32(h, uint32(t.typ))
		h = binary.LittleEndian.AppendUint64(h, off)
		off = roundUpTo(off+t.size, align)
	}
	bw.Write(h)
	writePadding(bw, roundUpTo(uint64(len(h)), align)-uint64(len(h)))

	for _, t := range b.tensors {
		if t.fill == nil {
			bw.Write(t.data)
		} else {
			lw := &fillLimiter{w: bw, left: t.size, name: t.name}
			if err := t.fill(lw); err != nil {
				bw.Flush()
				return cw.n, fmt.Errorf("gguf write: tensor %q: %w", t.name, err)
			}
			if lw.left != 0 {
				bw.Flush()
				return cw.n, fmt.Errorf("gguf write: tensor %q: fill wrote %d bytes, want %d", t.name, t.size-lw.left, t.size)
			}
		}
		writePadding(bw, roundUpTo(t.size, align)-t.size)
	}
	// Write errors stick in bufio.Writer and writeCounter, so one check at the end sees them.
	err := bw.Flush()
	if cw.err != nil {
		err = cw.err
	}
	return cw.n, err
}
