package gguf

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/tensor"
	"github.com/kvwarden/kvwarden/internal/testenv"
)

func TestOpenSharedModels(t *testing.T) {
	cases := []struct {
		file, arch    string
		tensors       int
		vocab         int
		embdType      tensor.DType
		contextLength uint64
	}{
		{"stories260K.gguf", "llama", 48, 512, tensor.F32, 128},
		{"llama-2-tiny-random.gguf", "llama", 12, 32000, tensor.F16, 4096},
		{"qwen2-tiny-random.gguf", "qwen2", 0, 151936, tensor.F16, 4096},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			f, err := Open(testenv.Model(t, c.file))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if a, _ := f.String("general.architecture"); a != c.arch {
				t.Errorf("architecture %q, want %q", a, c.arch)
			}
			if c.tensors > 0 && len(f.Tensors) != c.tensors {
				t.Errorf("%d tensors, want %d", len(f.Tensors), c.tensors)
			}
			toks, ok := f.Strings("tokenizer.ggml.tokens")
			if !ok || len(toks) != c.vocab {
				t.Errorf("vocab %d, want %d", len(toks), c.vocab)
			}
			emb, ok := f.Tensor("token_embd.weight")
			if !ok {
				t.Fatal("no token_embd.weight")
			}
			if emb.Type != c.embdType || emb.Shape[1] != uint64(c.vocab) {
				t.Errorf("token_embd %v %v", emb.Type, emb.Shape)
			}
			if n, _ := f.Uint(c.arch + ".context_length"); n != c.contextLength {
				t.Errorf("context_length %d, want %d", n, c.contextLength)
			}
			for _, ti := range f.Tensors {
				if uint64(len(ti.Data)) != ti.Size {
					t.Errorf("%s: %d bytes, want %d", ti.Name, len(ti.Data), ti.Size)
				}
			}
		})
	}
}

// builder writes small GGUF images for the corruption tests.
type builder struct{ bytes.Buffer }

func (b *builder) u32(v uint32) { binary.Write(&b.Buffer, binary.LittleEndian, v) }
func (b *builder) u64(v uint64) { binary.Write(&b.Buffer, binary.LittleEndian, v) }
func (b *builder) str(s string) { b.u64(uint64(len(s))); b.WriteString(s) }

// tiny returns a valid file with one metadata key and one 4x2 F32 tensor, with hooks to corrupt it.
func tiny(mutate func(field string, v uint64) uint64) []byte {
	if mutate == nil {
		mutate = func(_ string, v uint64) uint64 { return v }
	}
	var b builder
	b.u32(uint32(mutate("magic", magic)))
	b.u32(uint32(mutate("version", 3)))
	b.u64(mutate("tensor_count", 1))
	b.u64(mutate("kv_count", 1))
	b.str("general.architecture")
	b.u32(uint32(mutate("value_type", uint64(TypeString))))
	b.str("llama")
	b.str("w")
	b.u32(2)
	b.u64(mutate("dim0", 4))
	b.u64(mutate("dim1", 2))
	b.u32(uint32(mutate("type", uint64(tensor.F32))))
	b.u64(mutate("offset", 0))
	for b.Len()%32 != 0 {
		b.WriteByte(0)
	}
	for i := 0; i < 8; i++ {
		b.u32(0x3f800000)
	}
	return b.Bytes()
}

func TestParseValid(t *testing.T) {
	f, err := Parse(tiny(nil))
	if err != nil {
		t.Fatal(err)
	}
	w, ok := f.Tensor("w")
	if !ok || w.Elements() != 8 || len(w.Data) != 32 {
		t.Fatalf("tensor w: %+v", w)
	}
}

func TestParseRejects(t *testing.T) {
	set := func(field string, val uint64) func(string, uint64) uint64 {
		return func(f string, v uint64) uint64 {
			if f == field {
				return val
			}
			return v
		}
	}
	cases := []struct {
		name   string
		data   []byte
		substr string
	}{
		{"empty", nil, "bad magic"},
		{"wrong magic", tiny(set("magic", 0x12345678)), "bad magic"},
		{"version 1", tiny(set("version", 1)), "version"},
		{"version 99", tiny(set("version", 99)), "version"},
		{"absurd tensor count", tiny(set("tensor_count", 1<<60)), "tensor_count"},
		{"absurd kv count", tiny(set("kv_count", 1<<60)), "metadata_kv_count"},
		{"unknown value type", tiny(set("value_type", 77)), "unknown value type"},
		{"unknown tensor type", tiny(set("type", 99)), "type 99 is not supported"},
		{"absurd dimension", tiny(set("dim0", 1<<50)), "dimension 0"},
		{"zero dimension", tiny(set("dim1", 0)), "dimension 1"},
		{"lying offset", tiny(set("offset", 1<<20)), "outside"},
		{"misaligned offset", tiny(set("offset", 3)), "not aligned"},
		{"truncated header", tiny(nil)[:40], "needs"},
		{"truncated data", tiny(nil)[:len(tiny(nil))-4], "outside"},
		{"q8 row not whole blocks", tiny(set("type", uint64(tensor.Q8_0))), "block size"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse(c.data)
			if err == nil {
				t.Fatal("accepted a bad file")
			}
			if !strings.Contains(err.Error(), c.substr) {
				t.Fatalf("error %q does not mention %q", err, c.substr)
			}
		})
	}
}

func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := Open(dir); err == nil {
		t.Error("opened a directory")
	}
	empty := dir + "/empty.gguf"
	os.WriteFile(empty, nil, 0o644)
	if _, err := Open(empty); !errors.Is(err, ErrNotGGUF) {
		t.Errorf("empty file: %v", err)
	}
	if _, err := Open(dir + "/missing.gguf"); err == nil {
		t.Error("opened a missing file")
	}
}

func FuzzParse(f *testing.F) {
	f.Add(tiny(nil))
	f.Add(tiny(nil)[:50])
	if data, err := os.ReadFile("../../../shared/models/stories260K.gguf"); err == nil {
		f.Add(data[:4096])
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Parse(data)
		if err != nil {
			return
		}
		for _, ti := range file.Tensors {
			if uint64(len(ti.Data)) != ti.Size {
				t.Fatalf("%s: data length %d != size %d", ti.Name, len(ti.Data), ti.Size)
			}
		}
	})
}

// TestParseRejectsValues: each value kind cut short, and a bool byte that is neither 0 nor 1.
func TestParseRejectsValues(t *testing.T) {
	for _, c := range []struct {
		name   string
		vt     ValueType
		value  []byte // what follows the type tag; the file ends there
		substr string
	}{
		{"uint8", TypeUint8, nil, "needs 1 bytes"},
		{"int8", TypeInt8, nil, "needs 1 bytes"},
		{"bool", TypeBool, nil, "needs 1 bytes"},
		{"bool 2", TypeBool, []byte{2}, "bool byte is 2"},
		{"uint16", TypeUint16, []byte{1}, "needs 2 bytes"},
		{"int16", TypeInt16, []byte{1}, "needs 2 bytes"},
		{"int32", TypeInt32, []byte{1, 2}, "needs 4 bytes"},
		{"float64", TypeFloat64, []byte{1, 2, 3}, "needs 8 bytes"},
		{"string", TypeString, []byte{5, 0, 0, 0, 0, 0, 0, 0, 'a'}, "needs 5 bytes"},
		{"int32 array", TypeArray, []byte{byte(TypeInt32), 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0}, "cannot fit"},
		{"uint32 array", TypeArray, []byte{byte(TypeUint32), 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0}, "cannot fit"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b builder
			b.u32(magic)
			b.u32(3)
			b.u64(0) // tensors
			b.u64(1) // metadata
			b.str("k")
			b.u32(uint32(c.vt))
			b.Write(c.value)
			_, err := Parse(b.Bytes())
			if err == nil || !strings.Contains(err.Error(), c.substr) || !strings.Contains(err.Error(), `"k"`) {
				t.Fatalf("error %v, want one about %q mentioning the key", err, c.substr)
			}
		})
	}
}
