// Package gguf reads GGUF model files (versions 2 and 3) over a read-only memory map.
//
// This file is long because it is the format's parser and the accessors of what it parsed: one
// file, so that every check on untrusted input reads in one place.
//
// Everything in the header is validated before use: lengths and counts against the file size,
// tensor offsets and sizes against the data section, integer overflow, known tensor types. A bad
// file is refused with an error naming the field; no input makes the reader panic.
package gguf

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"sort"

	"github.com/kvwarden/kvwarden/internal/tensor"
)

// ValueType is the type tag of a metadata value.
type ValueType uint32

// The tags as the GGUF specification numbers them, one a line on purpose.
const (
	TypeUint8   ValueType = 0
	TypeInt8    ValueType = 1
	TypeUint16  ValueType = 2
	TypeInt16   ValueType = 3
	TypeUint32  ValueType = 4
	TypeInt32   ValueType = 5
	TypeFloat32 ValueType = 6
	TypeBool    ValueType = 7
	TypeString  ValueType = 8
	TypeArray   ValueType = 9
	TypeUint64  ValueType = 10
	TypeInt64   ValueType = 11
	TypeFloat64 ValueType = 12
)

var valueTypeNames = [...]string{"uint8", "int8", "uint16", "int16", "uint32", "int32", "float32", "bool", "string", "array", "uint64", "int64", "float64"}

func (t ValueType) String() string {
	if int(t) < len(valueTypeNames) {
		return valueTypeNames[t]
	}
	return fmt.Sprintf("valuetype(%d)", uint32(t))
}

// fixedSize is the encoded size of a scalar type, 0 for strings and arrays.
func (t ValueType) fixedSize() int {
	switch t {
	case TypeUint8, TypeInt8, TypeBool:
		return 1
	case TypeUint16, TypeInt16:
		return 2
	case TypeUint32, TypeInt32, TypeFloat32:
		return 4
	case TypeUint64, TypeInt64, TypeFloat64:
		return 8
	}
	return 0
}

// Value is one metadata value. Scalars are held as Go values (uint8 … float64, bool, string);
// an array holds its element type and a slice of the matching Go type ([]string, []float32,
// []int32, []uint32, ... ) or, for arrays of arrays, []Value.
type Value struct {
	Type     ValueType
	ElemType ValueType // for arrays
	V        any
}

// TensorInfo describes one tensor. Shape is in ggml order: Shape[0] is the contiguous dimension.
type TensorInfo struct {
	Name   string
	Shape  []uint64
	Type   tensor.DType
	Offset uint64 // from the start of the data section
	Size   uint64 // bytes
	Data   []byte // the tensor's bytes inside the mapping; valid until Close
}

// Elements is the product of the shape.
func (t *TensorInfo) Elements() uint64 {
	n := uint64(1)
	for _, d := range t.Shape {
		n *= d
	}
	return n
}

// File is an open GGUF file.
type File struct {
	Version    uint32
	Alignment  uint64
	KV         map[string]Value
	Keys       []string // in file order
	Tensors    []TensorInfo
	byName     map[string]int
	data       []byte // whole mapping
	dataOffset uint64
	unmap      func() error
}

const (
	magic           = 0x46554747 // "GGUF" little-endian
	defaultAlign    = 32
	maxKeyLen       = 1 << 16
	maxStringLen    = 1 << 30
	maxDims         = 4
	maxArrayNesting = 2
)

// Open maps the file read-only and parses its header.
func Open(path string) (*File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, fmt.Errorf("%s: is a directory, not a GGUF file", path)
	}
	data, unmap, err := mapFile(f, st.Size())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	gf, err := Parse(data)
	if err != nil {
		unmap()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	gf.unmap = unmap
	return gf, nil
}

// Close releases the mapping; tensor Data slices are invalid afterwards.
func (f *File) Close() error {
	if f.unmap == nil {
		return nil
	}
	err := f.unmap()
	f.unmap = nil
	f.data = nil
	for i := range f.Tensors {
		f.Tensors[i].Data = nil
	}
	return err
}

// ErrNotGGUF is returned when the magic number is wrong.
var ErrNotGGUF = errors.New("not a GGUF file (bad magic)")

type reader struct {
	b   []byte
	off uint64
	err error
}

func (r *reader) fail(format string, a ...any) {
	if r.err == nil {
		r.err = fmt.Errorf(format, a...)
	}
}

func (r *reader) take(n uint64, what string) []byte {
	if r.err != nil {
		return nil
	}
	if n > uint64(len(r.b))-r.off {
		r.fail("%s: needs %d bytes at offset %d but the file has %d", what, n, r.off, len(r.b))
		return nil
	}
	s := r.b[r.off : r.off+n]
	r.off += n
	return s
}

func (r *reader) u8(what string) uint8 {
	if b := r.take(1, what); b != nil {
		return b[0]
	}
	return 0
}

func (r *reader) u16(what string) uint16 {
	if b := r.take(2, what); b != nil {
		return binary.LittleEndian.Uint16(b)
	}
	return 0
}

func (r *reader) u32(what string) uint32 {
	if b := r.take(4, what); b != nil {
		return binary.LittleEndian.Uint32(b)
	}
	return 0
}

func (r *reader) u64(what string) uint64 {
	if b := r.take(8, what); b != nil {
		return binary.LittleEndian.Uint64(b)
	}
	return 0
}

func (r *reader) str(what string, limit uint64) string {
	n := r.u64(what + " length")
	if r.err != nil {
		return ""
	}
	if n > limit {
		r.fail("%s: length %d exceeds the limit %d", what, n, limit)
		return ""
	}
	return string(r.take(n, what))
}

// Parse reads a GGUF image held in memory. Tensor Data slices point into b.
func Parse(b []byte) (*File, error) {
	r := &reader{b: b}
	if m := r.u32("magic"); r.err != nil || m != magic {
		if r.err != nil {
			return nil, fmt.Errorf("%w: %v", ErrNotGGUF, r.err)
		}
		return nil, ErrNotGGUF
	}
	f := &File{Version: r.u32("version"), KV: map[string]Value{}, byName: map[string]int{}}
	if r.err != nil {
		return nil, r.err
	}
	if f.Version != 2 && f.Version != 3 {
		return nil, fmt.Errorf("version: %d is not supported (GGUF v2 and v3 are)", f.Version)
	}
	nTensors := r.u64("tensor_count")
	nKV := r.u64("metadata_kv_count")
	if r.err != nil {
		return nil, r.err
	}
	// Each KV needs at least 12 bytes and each tensor info at least 24: counts beyond what
	// the file could hold are lies, refused before anything is allocated for them.
	if nKV > uint64(len(b))/12 {
		return nil, fmt.Errorf("metadata_kv_count: %d entries cannot fit in a %d-byte file", nKV, len(b))
	}
	if nTensors > uint64(len(b))/24 {
		return nil, fmt.Errorf("tensor_count: %d tensors cannot fit in a %d-byte file", nTensors, len(b))
	}
	for i := uint64(0); i < nKV; i++ {
		key := r.str(fmt.Sprintf("metadata key #%d", i), maxKeyLen)
		if r.err != nil {
			return nil, r.err
		}
		vt := ValueType(r.u32(fmt.Sprintf("metadata %q type", key)))
		v := r.value(key, vt, 0)
		if r.err != nil {
			return nil, r.err
		}
		if _, dup := f.KV[key]; dup {
			return nil, fmt.Errorf("metadata %q: duplicate key", key)
		}
		f.KV[key] = v
		f.Keys = append(f.Keys, key)
	}
	f.Alignment = defaultAlign
	if v, ok := f.KV["general.alignment"]; ok {
		a, ok := v.uint()
		if !ok || a == 0 || a&(a-1) != 0 || a > 1<<20 {
			return nil, fmt.Errorf("general.alignment: %v is not a power of two up to 1 MiB", v.V)
		}
		f.Alignment = a
	}
	f.Tensors = make([]TensorInfo, 0, nTensors)
	for i := uint64(0); i < nTensors; i++ {
		var t TensorInfo
		t.Name = r.str(fmt.Sprintf("tensor #%d name", i), maxKeyLen)
		nd := r.u32(fmt.Sprintf("tensor %q n_dims", t.Name))
		if r.err != nil {
			return nil, r.err
		}
		if nd == 0 || nd > maxDims {
			return nil, fmt.Errorf("tensor %q: n_dims %d (must be 1..%d)", t.Name, nd, maxDims)
		}
		elems := uint64(1)
		for d := uint32(0); d < nd; d++ {
			dim := r.u64(fmt.Sprintf("tensor %q dim %d", t.Name, d))
			if r.err != nil {
				return nil, r.err
			}
			if dim == 0 || dim > 1<<40 {
				return nil, fmt.Errorf("tensor %q: dimension %d is %d", t.Name, d, dim)
			}
			if elems > (1<<62)/dim {
				return nil, fmt.Errorf("tensor %q: element count overflows", t.Name)
			}
			elems *= dim
			t.Shape = append(t.Shape, dim)
		}
		t.Type = tensor.DType(r.u32(fmt.Sprintf("tensor %q type", t.Name)))
		t.Offset = r.u64(fmt.Sprintf("tensor %q offset", t.Name))
		if r.err != nil {
			return nil, r.err
		}
		if !t.Type.Known() {
			return nil, fmt.Errorf("tensor %q: type %d is not supported (supported: F32, F16, BF16, Q8_0, Q4_0, Q4_K, Q6_K)", t.Name, uint32(t.Type))
		}
		if t.Shape[0]%uint64(t.Type.BlockElems()) != 0 {
			return nil, fmt.Errorf("tensor %q: row length %d is not a multiple of the %s block size %d", t.Name, t.Shape[0], t.Type, t.Type.BlockElems())
		}
		size, err := t.Type.RowBytes(elems)
		if err != nil {
			return nil, fmt.Errorf("tensor %q: %v", t.Name, err)
		}
		t.Size = size
		if t.Offset%f.Alignment != 0 {
			return nil, fmt.Errorf("tensor %q: offset %d is not aligned to %d", t.Name, t.Offset, f.Alignment)
		}
		if _, dup := f.byName[t.Name]; dup {
			return nil, fmt.Errorf("tensor %q: duplicate name", t.Name)
		}
		f.byName[t.Name] = len(f.Tensors)
		f.Tensors = append(f.Tensors, t)
	}
	f.dataOffset = (r.off + f.Alignment - 1) / f.Alignment * f.Alignment
	dataLen := uint64(0)
	if f.dataOffset <= uint64(len(b)) {
		dataLen = uint64(len(b)) - f.dataOffset
	}
	for i := range f.Tensors {
		t := &f.Tensors[i]
		if t.Offset > dataLen || t.Size > dataLen-t.Offset {
			return nil, fmt.Errorf("tensor %q: data [%d, +%d) lies outside the %d-byte data section (file truncated or offset wrong)", t.Name, t.Offset, t.Size, dataLen)
		}
		start := f.dataOffset + t.Offset
		t.Data = b[start : start+t.Size : start+t.Size]
	}
	if err := f.checkOverlap(); err != nil {
		return nil, err
	}
	f.data = b
	return f, nil
}

func (f *File) checkOverlap() error {
	idx := make([]int, len(f.Tensors))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return f.Tensors[idx[a]].Offset < f.Tensors[idx[b]].Offset })
	for k := 1; k < len(idx); k++ {
		p, q := &f.Tensors[idx[k-1]], &f.Tensors[idx[k]]
		if p.Offset+p.Size > q.Offset {
			return fmt.Errorf("tensor %q: data overlaps tensor %q", q.Name, p.Name)
		}
	}
	return nil
}

// numbers decodes the fixed-size types but bool, one type a line: its bytes and its conversion.
var numbers = [...]func(r *reader, what string) any{
	TypeUint8:   func(r *reader, what string) any { return r.u8(what) },
	TypeInt8:    func(r *reader, what string) any { return int8(r.u8(what)) },
	TypeUint16:  func(r *reader, what string) any { return r.u16(what) },
	TypeInt16:   func(r *reader, what string) any { return int16(r.u16(what)) },
	TypeUint32:  func(r *reader, what string) any { return r.u32(what) },
	TypeInt32:   func(r *reader, what string) any { return int32(r.u32(what)) },
	TypeFloat32: func(r *reader, what string) any { return math.Float32frombits(r.u32(what)) },
	TypeUint64:  func(r *reader, what string) any { return r.u64(what) },
	TypeInt64:   func(r *reader, what string) any { return int64(r.u64(what)) },
	TypeFloat64: func(r *reader, what string) any { return math.Float64frombits(r.u64(what)) },
}

func (r *reader) value(key string, vt ValueType, depth int) Value {
	what := fmt.Sprintf("metadata %q", key)
	if int(vt) < len(numbers) && numbers[vt] != nil {
		return Value{Type: vt, V: numbers[vt](r, what)}
	}
	switch vt {
	case TypeBool:
		b := r.u8(what)
		if b > 1 {
			r.fail("%s: bool byte is %d", what, b)
		}
		return Value{Type: vt, V: b == 1}
	case TypeString:
		return Value{Type: vt, V: r.str(what, maxStringLen)}
	case TypeArray:
		if depth >= maxArrayNesting {
			r.fail("%s: arrays nested deeper than %d", what, maxArrayNesting)
			return Value{}
		}
		et := ValueType(r.u32(what + " element type"))
		n := r.u64(what + " element count")
		if r.err != nil {
			return Value{}
		}
		if int(et) >= len(valueTypeNames) {
			r.fail("%s: unknown array element type %d", what, uint32(et))
			return Value{}
		}
		minSize := uint64(et.fixedSize())
		if minSize == 0 {
			minSize = 8 // a string or nested array needs at least its length
		}
		if n > (uint64(len(r.b))-r.off)/minSize {
			r.fail("%s: array of %d %s cannot fit in the rest of the file", what, n, et)
			return Value{}
		}
		return Value{Type: vt, ElemType: et, V: r.array(key, et, n, depth)}
	}
	r.fail("%s: unknown value type %d", what, uint32(vt))
	return Value{}
}

func (r *reader) array(key string, et ValueType, n uint64, depth int) any {
	what := fmt.Sprintf("metadata %q", key)
	switch et {
	case TypeString:
		out := make([]string, 0, n)
		for i := uint64(0); i < n && r.err == nil; i++ {
			out = append(out, r.str(what, maxStringLen))
		}
		return out
	case TypeFloat32:
		return words32(r, n, what, math.Float32frombits)
	case TypeInt32:
		return words32(r, n, what, func(u uint32) int32 { return int32(u) })
	case TypeUint32:
		return words32(r, n, what, func(u uint32) uint32 { return u })
	default:
		out := make([]Value, 0, n)
		for i := uint64(0); i < n && r.err == nil; i++ {
			out = append(out, r.value(key, et, depth+1))
		}
		return out
	}
}

// words32 reads an array of n 32-bit little-endian elements, each converted by conv.
func words32[T float32 | int32 | uint32](r *reader, n uint64, what string, conv func(uint32) T) []T {
	b := r.take(4*n, what)
	out := make([]T, n)
	if b != nil {
		for i := range out {
			out[i] = conv(binary.LittleEndian.Uint32(b[4*i:]))
		}
	}
	return out
}

// uint converts any non-negative integer value.
func (v Value) uint() (uint64, bool) {
	switch x := v.V.(type) {
	case uint8:
		return uint64(x), true
	case uint16:
		return uint64(x), true
	case uint32:
		return uint64(x), true
	case uint64:
		return x, true
	case int8:
		return uint64(x), x >= 0
	case int16:
		return uint64(x), x >= 0
	case int32:
		return uint64(x), x >= 0
	case int64:
		return uint64(x), x >= 0
	}
	return 0, false
}

// Tensor returns the named tensor.
func (f *File) Tensor(name string) (*TensorInfo, bool) {
	i, ok := f.byName[name]
	if !ok {
		return nil, false
	}
	return &f.Tensors[i], true
}

// Has reports whether the metadata key is present.
func (f *File) Has(key string) bool { _, ok := f.KV[key]; return ok }

// String returns a string value.
func (f *File) String(key string) (string, bool) {
	s, ok := f.KV[key].V.(string)
	return s, ok
}

// Uint returns a non-negative integer value of any integer type.
func (f *File) Uint(key string) (uint64, bool) {
	v, ok := f.KV[key]
	if !ok {
		return 0, false
	}
	return v.uint()
}

// Float returns a float value (float32 or float64).
func (f *File) Float(key string) (float64, bool) {
	switch x := f.KV[key].V.(type) {
	case float32:
		return float64(x), true
	case float64:
		return x, true
	}
	return 0, false
}

// Bool returns a bool value.
func (f *File) Bool(key string) (bool, bool) {
	b, ok := f.KV[key].V.(bool)
	return b, ok
}

// Strings returns an array of strings.
func (f *File) Strings(key string) ([]string, bool) {
	s, ok := f.KV[key].V.([]string)
	return s, ok
}

// Float32s returns an array of float32.
func (f *File) Float32s(key string) ([]float32, bool) {
	s, ok := f.KV[key].V.([]float32)
	return s, ok
}

// Int32s returns an array of int32 (an array of uint32 is converted when every value fits).
func (f *File) Int32s(key string) ([]int32, bool) {
	switch x := f.KV[key].V.(type) {
	case []int32:
		return x, true
	case []uint32:
		out := make([]int32, len(x))
		for i, u := range x {
			if u > math.MaxInt32 {
				return nil, false
			}
			out[i] = int32(u)
		}
		return out, true
	}
	return nil, false
}
