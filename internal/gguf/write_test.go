package gguf

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/tensor"
)

func f32bytes(v ...float32) []byte {
	var p []byte
	for _, x := range v {
		p = binary.LittleEndian.AppendUint32(p, math.Float32bits(x))
	}
	return p
}

// TestWriteGolden pins the exact bytes of a small file, written out field by field from the
// GGUF v3 layout.
func TestWriteGolden(t *testing.T) {
	b := NewBuilder()
	b.AddString("a", "xy")
	b.AddUint32("n", 7)
	b.AddTensor("t", tensor.F32, []uint64{2}, f32bytes(1, -2))
	var got bytes.Buffer
	n, err := b.WriteTo(&got)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Join([]string{
		"47475546",                                                       // "GGUF"
		"03000000",                                                       // version 3
		"0100000000000000",                                               // tensor_count
		"0200000000000000",                                               // kv_count
		"0100000000000000", "61", "08000000", "0200000000000000", "7879", // a: string "xy"
		"0100000000000000", "6e", "04000000", "07000000", // n: uint32 7
		"0100000000000000", "74", "01000000", "0200000000000000", "00000000", "0000000000000000", // t: [2] F32 @0
		strings.Repeat("00", 31), // pad the 97 header bytes to 128
		"0000803f", "000000c0",   // 1, -2
		strings.Repeat("00", 24), // pad 8 data bytes to 32
	}, "")
	if h := hex.EncodeToString(got.Bytes()); h != want {
		t.Fatalf("bytes differ\n got %s\nwant %s", h, want)
	}
	if n != int64(got.Len()) || n != 160 {
		t.Fatalf("WriteTo returned %d for %d bytes, want 160", n, got.Len())
	}
}

// TestWriteRoundTrip writes every value kind and several tensor types and reads them back with
// the package's reader.
func TestWriteRoundTrip(t *testing.T) {
	b := NewBuilder()
	b.AddString("general.architecture", "llama")
	b.AddUint32("general.alignment", 64)
	b.AddUint8("u8", 200)
	b.AddInt8("i8", -5)
	b.AddUint16("u16", 60000)
	b.AddInt16("i16", -30000)
	b.AddInt32("i32", -7)
	b.AddUint64("u64", 1<<40)
	b.AddInt64("i64", -1<<40)
	b.AddFloat32("f32", 1e-5)
	b.AddFloat64("f64", math.Pi)
	b.AddBool("yes", true)
	b.AddBool("no", false)
	b.AddStrings("strs", []string{"<unk>", "▁the", ""})
	b.AddFloat32s("f32s", []float32{0, -1.5, 3})
	b.AddInt32s("i32s", []int32{1, -2, 6})
	b.AddUint32s("u32s", []uint32{4, 5})

	norm := f32bytes(1, 1, 1)
	q8 := make([]byte, 2*34)
	for i := range q8 {
		q8[i] = byte(i * 7)
	}
	f16 := make([]byte, 3*2*2)
	for i := range f16 {
		f16[i] = byte(i + 1)
	}
	b.AddTensor("norm", tensor.F32, []uint64{3}, norm)
	b.AddTensor("q8", tensor.Q8_0, []uint64{32, 2}, q8)
	b.AddTensorFunc("f16", tensor.F16, []uint64{3, 2, 1, 1}, func(w io.Writer) error {
		_, err := w.Write(f16[:5])
		if err == nil {
			_, err = w.Write(f16[5:])
		}
		return err
	})

	path := filepath.Join(t.TempDir(), "rt.gguf")
	fh, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	n, err := b.WriteTo(fh)
	if err != nil {
		t.Fatal(err)
	}
	if err := fh.Close(); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(path); st.Size() != n {
		t.Fatalf("WriteTo reported %d bytes, file has %d", n, st.Size())
	}

	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if f.Version != 3 || f.Alignment != 64 {
		t.Errorf("version %d alignment %d, want 3 and 64", f.Version, f.Alignment)
	}
	wantKeys := []string{"general.architecture", "general.alignment", "u8", "i8", "u16", "i16", "i32", "u64", "i64", "f32", "f64", "yes", "no", "strs", "f32s", "i32s", "u32s"}
	if !reflect.DeepEqual(f.Keys, wantKeys) {
		t.Errorf("keys %v\nwant %v", f.Keys, wantKeys)
	}
	wantVals := map[string]any{
		"general.architecture": "llama", "general.alignment": uint32(64), "u8": uint8(200), "i8": int8(-5),
		"u16": uint16(60000), "i16": int16(-30000), "i32": int32(-7), "u64": uint64(1 << 40), "i64": int64(-1 << 40),
		"f32": float32(1e-5), "f64": math.Pi, "yes": true, "no": false,
		"strs": []string{"<unk>", "▁the", ""}, "f32s": []float32{0, -1.5, 3}, "i32s": []int32{1, -2, 6}, "u32s": []uint32{4, 5},
	}
	for k, want := range wantVals {
		if got := f.KV[k].V; !reflect.DeepEqual(got, want) {
			t.Errorf("%s = %#v, want %#v", k, got, want)
		}
	}
	cases := []struct {
		name  string
		typ   tensor.DType
		shape []uint64
		data  []byte
	}{
		{"norm", tensor.F32, []uint64{3}, norm},
		{"q8", tensor.Q8_0, []uint64{32, 2}, q8},
		{"f16", tensor.F16, []uint64{3, 2, 1, 1}, f16},
	}
	for _, c := range cases {
		ti, ok := f.Tensor(c.name)
		if !ok {
			t.Errorf("tensor %s missing", c.name)
			continue
		}
		if ti.Type != c.typ || !reflect.DeepEqual(ti.Shape, c.shape) || !bytes.Equal(ti.Data, c.data) {
			t.Errorf("tensor %s: %s %v %x, want %s %v %x", c.name, ti.Type, ti.Shape, ti.Data, c.typ, c.shape, c.data)
		}
		if ti.Offset%64 != 0 {
			t.Errorf("tensor %s at offset %d, not 64-aligned", c.name, ti.Offset)
		}
	}
}

func TestWriteEmpty(t *testing.T) {
	var buf bytes.Buffer
	if _, err := NewBuilder().WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	f, err := Parse(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Tensors) != 0 || len(f.KV) != 0 {
		t.Fatalf("empty builder read back %d tensors, %d keys", len(f.Tensors), len(f.KV))
	}
}

func TestWriteZeroValueBuilder(t *testing.T) {
	var b Builder
	b.AddTensor("x", tensor.F32, []uint64{1}, f32bytes(2))
	b.AddString("k", "v")
	var buf bytes.Buffer
	if _, err := b.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	f, err := Parse(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if f.Alignment != 32 || len(f.Tensors) != 1 {
		t.Fatalf("alignment %d, %d tensors", f.Alignment, len(f.Tensors))
	}
}

func TestWriteErrors(t *testing.T) {
	cases := []struct {
		name  string
		build func(b *Builder)
		want  string
	}{
		{"duplicate key", func(b *Builder) { b.AddString("k", "a"); b.AddUint32("k", 1) }, "duplicate key"},
		{"empty key", func(b *Builder) { b.AddBool("", true) }, "empty metadata key"},
		{"bad alignment", func(b *Builder) { b.AddUint32("general.alignment", 24) }, "power of two"},
		{"duplicate tensor", func(b *Builder) {
			b.AddTensor("x", tensor.F32, []uint64{1}, f32bytes(1))
			b.AddTensor("x", tensor.F32, []uint64{1}, f32bytes(1))
		}, "duplicate name"},
		{"long name", func(b *Builder) { b.AddTensor(strings.Repeat("n", 65), tensor.F32, []uint64{1}, f32bytes(1)) }, "tensor name"},
		{"no dims", func(b *Builder) { b.AddTensor("x", tensor.F32, nil, nil) }, "0 dimensions"},
		{"five dims", func(b *Builder) { b.AddTensor("x", tensor.F32, []uint64{1, 1, 1, 1, 1}, f32bytes(1)) }, "5 dimensions"},
		{"zero dim", func(b *Builder) { b.AddTensor("x", tensor.F32, []uint64{1, 0}, nil) }, "dimension 1 is zero"},
		{"partial block", func(b *Builder) { b.AddTensor("x", tensor.Q8_0, []uint64{16}, make([]byte, 17)) }, "block size"},
		{"unknown type", func(b *Builder) { b.AddTensor("x", tensor.DType(99), []uint64{1}, nil) }, "unknown tensor type"},
		{"wrong size", func(b *Builder) { b.AddTensor("x", tensor.F32, []uint64{2}, f32bytes(1)) }, "4 bytes of data, want 8"},
		{"short fill", func(b *Builder) {
			b.AddTensorFunc("x", tensor.F32, []uint64{2}, func(w io.Writer) error { _, err := w.Write(f32bytes(1)); return err })
		}, "fill wrote 4 bytes, want 8"},
		{"long fill", func(b *Builder) {
			b.AddTensorFunc("x", tensor.F32, []uint64{1}, func(w io.Writer) error { _, err := w.Write(f32bytes(1, 2)); return err })
		}, "more than the tensor's size"},
		{"fill error", func(b *Builder) {
			b.AddTensorFunc("x", tensor.F32, []uint64{1}, func(w io.Writer) error { return errors.New("boom") })
		}, "boom"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := NewBuilder()
			c.build(b)
			_, err := b.WriteTo(io.Discard)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one containing %q", err, c.want)
			}
		})
	}
}

type failWriter struct{ after int }

func (f *failWriter) Write(p []byte) (int, error) {
	if len(p) > f.after {
		n := f.after
		f.after = 0
		return n, errors.New("disk full")
	}
	f.after -= len(p)
	return len(p), nil
}

func TestWriteReportsWriterError(t *testing.T) {
	b := NewBuilder()
	b.AddTensor("x", tensor.F32, []uint64{1 << 19}, make([]byte, 4<<19))
	n, err := b.WriteTo(&failWriter{after: 1000})
	if err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("error %v, want disk full", err)
	}
	if n != 1000 {
		t.Fatalf("reported %d bytes written, want 1000", n)
	}
}
