package transfer

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/kvwarden/kvwarden/internal/gguf"
	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/tensor"
	"github.com/kvwarden/kvwarden/internal/testenv/selfmade"
)

func sampleFrames() [][]byte {
	m := Manifest{Transfer: 9, Request: 3, Tenant: kvtypes.TenantKey{1, 2}, Ticket: Ticket{4}, Tokens: 10, First: -1,
		Model:   Fingerprint{Arch: "llama", KVDType: "F16", Weights: [32]byte{5}, PageTokens: 4, TokenBytes: 64},
		Adapter: Adapter{Fingerprint: [32]byte{6}, ScaleBits: 0x3f800000}, Checksums: []uint32{1, 2, 3}}
	page, _ := AppendPage(nil, PageHeader{Transfer: 9, Request: 3, Tenant: m.Tenant, Index: 2, Tokens: 2}, bytes.Repeat([]byte{7}, 128))
	return [][]byte{
		AppendManifest(nil, &m),
		page,
		AppendEnd(nil, 9, 3, 10),
		AppendControl(nil, KindAccept, 9),
		AppendControl(nil, KindCommit, 9),
		AppendAbort(nil, 9, ReasonChecksum, "page 2"),
	}
}

// TestFrameRoundTrip: every frame decodes to what was encoded, and re-encodes to the same bytes.
func TestFrameRoundTrip(t *testing.T) {
	for _, b := range sampleFrames() {
		var f Frame
		if err := DecodeFrame(b, &f); err != nil {
			t.Fatalf("kind %d: %v", b[3], err)
		}
		if got := reencode(&f); !bytes.Equal(got, b) {
			t.Errorf("kind %d: re-encoded %x, want %x", f.Kind, got, b)
		}
	}
}

func reencode(f *Frame) []byte {
	switch f.Kind {
	case KindManifest:
		return AppendManifest(nil, &f.Manifest)
	case KindPage:
		b, _ := AppendPage(nil, f.Page, f.Data)
		return b
	case KindEnd:
		return AppendEnd(nil, f.Transfer, f.Pages, f.Tokens)
	case KindAbort:
		return AppendAbort(nil, f.Transfer, f.Reason, f.Detail)
	}
	return AppendControl(nil, f.Kind, f.Transfer)
}

func TestDecodeFrameRefuses(t *testing.T) {
	good := sampleFrames()[0]
	edit := func(f func(b []byte) []byte) []byte { return f(append([]byte(nil), good...)) }
	for _, c := range []struct {
		name string
		b    []byte
	}{
		{"empty", nil},
		{"bad magic", edit(func(b []byte) []byte { b[0] ^= 1; return b })},
		{"bad version", edit(func(b []byte) []byte { b[2] = 9; return b })},
		{"unknown kind", edit(func(b []byte) []byte { b[3] = 77; return b })},
		{"length over the body", edit(func(b []byte) []byte { b[4]++; return b })},
		{"truncated", good[:len(good)-1]},
		{"trailing bytes", append(append([]byte(nil), good...), 0)},
		{"page count over the body", edit(func(b []byte) []byte { b[len(b)-16]++; return b })},
		{"huge page count", edit(func(b []byte) []byte { b[len(b)-13] = 0xff; return b })},
	} {
		var f Frame
		if err := DecodeFrame(c.b, &f); err == nil {
			t.Errorf("%s: decoded", c.name)
		}
	}
}

// FuzzDecodeFrame: decoding never panics, never keeps more than its input's worth of memory (the
// declared sizes are checked against the input before anything is allocated), and what decodes
// re-encodes to the same bytes.
func FuzzDecodeFrame(f *testing.F) {
	for _, b := range sampleFrames() {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var fr Frame
		if err := DecodeFrame(b, &fr); err != nil {
			return
		}
		if 4*cap(fr.Manifest.Checksums) > len(b) || len(fr.Manifest.Model.Arch)+len(fr.Detail) > len(b) {
			t.Fatalf("decoding %d bytes kept %d checksums", len(b), cap(fr.Manifest.Checksums))
		}
		if got := reencode(&fr); !bytes.Equal(got, b) {
			t.Fatalf("re-encoded %x, want %x", got, b)
		}
	})
}

// TestDecodeAllocs: a page frame decodes without allocating (its data aliases the input), and a
// manifest decoded into a reused Frame reuses its checksum slice.
func TestDecodeAllocs(t *testing.T) {
	fr := sampleFrames()
	var f Frame
	for _, c := range []struct {
		name string
		b    []byte
		max  float64
	}{{"page", fr[1], 0}, {"end", fr[2], 0}} {
		if n := testing.AllocsPerRun(100, func() { _ = DecodeFrame(c.b, &f) }); n > c.max {
			t.Errorf("%s: %v allocations", c.name, n)
		}
	}
}

// TestFingerprint: the fingerprint of a model file is stable, and changes with the model, the
// page size and the KV dtype.
func TestFingerprint(t *testing.T) {
	open := func(m selfmade.Model) *gguf.File {
		f, err := gguf.Open(m.Path(t))
		if err != nil {
			t.Fatalf("test model: %v", err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	llama, other := open(selfmade.LongLlama), open(selfmade.Llama)
	cfg := kv.Config{Layers: 2, KVHeads: 2, HeadDim: 8, PageTokens: 16, DType: tensor.F16, Pages: 1}
	fp := func(f *gguf.File, c kv.Config) Fingerprint {
		arch, _ := f.String("general.architecture")
		p, err := NewFingerprint(arch, f.WeightsHash(), c)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	a := fp(llama, cfg)
	if a.Arch != "llama" || a.KVDType != "F16" || a.PageTokens != 16 || a.TokenBytes != 2*2*2*8*2 {
		t.Errorf("fingerprint %+v", a)
	}
	if b := fp(llama, cfg); !reflect.DeepEqual(a, b) {
		t.Error("not stable")
	}
	pages := cfg
	pages.PageTokens = 32
	f32 := cfg
	f32.DType = tensor.F32
	for name, b := range map[string]Fingerprint{"model": fp(other, cfg), "page size": fp(llama, pages), "dtype": fp(llama, f32)} {
		if a == b {
			t.Errorf("another %s, same fingerprint", name)
		}
	}
	huge := cfg
	huge.PageTokens = 1 << 24
	if _, err := NewFingerprint("llama", llama.WeightsHash(), huge); err == nil {
		t.Error("a page over the frame cap is accepted")
	}
}

// TestFingerprintFromFormat: a fingerprint's element type and token size are the pool's KV format's,
// so two nodes agree on the wire exactly when their pools store pages alike, and a type with no
// format has no fingerprint.
func TestFingerprintFromFormat(t *testing.T) {
	for _, dt := range []tensor.DType{tensor.F16, tensor.F32, tensor.Q8_0} {
		cfg := kv.Config{Layers: 3, KVHeads: 2, HeadDim: 64, PageTokens: 16, DType: dt, Pages: 1}
		fp, err := NewFingerprint("llama", [32]byte{1}, cfg)
		f, noFormat := kv.FormatOf(dt)
		if noFormat != nil {
			if err == nil {
				t.Errorf("%s: fingerprint %+v for a type with no KV format", dt, fp)
			}
			continue
		}
		p := newPool(t, cfg)
		if err != nil || fp.KVDType != f.DType().String() || fp.TokenBytes != uint32(p.TokenBytes()) {
			t.Errorf("%s: fingerprint %+v (%v), want type %s and tokens of %d bytes", dt, fp, err, f.DType(), p.TokenBytes())
		}
	}
}
