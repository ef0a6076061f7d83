package source

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/gguf"
	"github.com/kvwarden/kvwarden/internal/tensor"
)

// TestDummyBytesUnchanged pins the bytes of specs without copy=true, every weight type, a tied
// output and pooling among them: the copy circuit's generator shares their code, and a change
// here would hand stale cached files to everyone (bump generatorVersion if it is meant).
func TestDummyBytesUnchanged(t *testing.T) {
	for _, c := range []struct{ spec, sha string }{
		{"llama,dim=64,layers=2,heads=4,kv_heads=1,ffn=96,vocab=512,ctx=512,type=q8_0,seed=7", "2edeb3be7a94f91731357ab8f2cc9e45fb01b60e4500c723602d4e37b9657bee"},
		{"llama,dim=64,layers=1,heads=2,kv_heads=2,ffn=64,vocab=512,ctx=512,type=f16,tied=true,seed=8", "0e9a0dbaa07fabf5e9719c5c83434f04f55d3410c13ca6d4321f7b537267a9f4"},
		{"llama,dim=256,layers=1,heads=4,kv_heads=2,ffn=256,vocab=512,ctx=512,type=q4_k,seed=9", "9bb01f4adf610a29e65717383d0edc48037ca5025f81cbcb623fe9cc99ddbe84"},
		{"ref125m,layers=1,vocab=1000,type=q6_k,pooling=mean", "1d881941a05c5d08ffb1b2ee48a6e3f9f4bc21137581ac1a32b1ef81441f1c6d"},
		{"ref125m,layers=1,vocab=1000,type=bf16,seed=3", "63bde3235ced28f9ad18eff9c2bfc1efa455551b86f1429369e7ed8b0c964d59"},
		{"ref125m,layers=1,vocab=1000,type=q4_0,copy=false", "b3ede0d4edc0204377bb85813db04690307e21d955dd96a73f08d02a1b7f89b6"},
	} {
		s, err := ParseDummySpec(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		h := sha256.New()
		if _, err := s.WriteTo(h); err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprintf("%x", h.Sum(nil)); got != c.sha {
			t.Errorf("%s: sha256 %s, want %s", c.spec, got, c.sha)
		}
	}
	h := sha256.New()
	if _, err := demoSpec.builder(demoVocab(demoSpec.Vocab), "kvwarden built-in demo").WriteTo(h); err != nil {
		t.Fatal(err)
	}
	if got, want := fmt.Sprintf("%x", h.Sum(nil)), "0aa1a327007796ff43a956e0e20ebfbfa4519598e86e5fcbe8a4d4cd52454a6f"; got != want {
		t.Errorf("demo model: sha256 %s, want %s", got, want)
	}
}

func TestParseDummyCopy(t *testing.T) {
	got, err := ParseDummySpec("ref1b,copy=true,type=q4_k")
	if err != nil {
		t.Fatal(err)
	}
	want := Ref1B
	want.Copy, want.Type = true, tensor.Q4_K
	if got != want {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	if !strings.HasSuffix(got.String(), ",copy=true") {
		t.Errorf("String %q does not say copy=true", got.String())
	}
	if again, err := ParseDummySpec(got.String()); err != nil || again != got {
		t.Errorf("String %q does not parse back: %v %+v", got.String(), err, again)
	}
	if off, err := ParseDummySpec("ref1b,copy=false"); err != nil || off != Ref1B || off.String() != Ref1B.String() {
		t.Errorf("copy=false: %+v %v, want ref1b itself", off, err)
	}
}

// TestCopyModelShapes checks that a copy model is its spec's model in all but values: the same
// tensors, shapes, types and sizes (so the same decode cost), with the RoPE base the circuit needs.
func TestCopyModelShapes(t *testing.T) {
	parse := func(spec string) *gguf.File {
		s, err := ParseDummySpec(spec)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if _, err := s.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		f, err := gguf.Parse(buf.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	const spec = "llama,dim=1024,layers=3,heads=16,kv_heads=4,ffn=1024,vocab=600,ctx=512,type=q4_k"
	plain, copying := parse(spec), parse(spec+",copy=true")
	if len(plain.Tensors) != len(copying.Tensors) {
		t.Fatalf("%d tensors with copy=true, %d without", len(copying.Tensors), len(plain.Tensors))
	}
	for i, p := range plain.Tensors {
		c := copying.Tensors[i]
		if c.Name != p.Name || !slices.Equal(c.Shape, p.Shape) || c.Type != p.Type || c.Size != p.Size {
			t.Errorf("tensor %d: %s %v %s %d bytes with copy=true, %s %v %s %d without", i, c.Name, c.Shape, c.Type, c.Size, p.Name, p.Shape, p.Type, p.Size)
		}
	}
	for f, want := range map[*gguf.File]float64{plain: 10000, copying: float64(float32(copyRopeBase))} {
		if got, _ := f.Float("llama.rope.freq_base"); got != want {
			t.Errorf("llama.rope.freq_base %g, want %g", got, want)
		}
	}
	// The later layers keep their random inputs; layers 0 and 1 are the circuit's.
	for _, c := range []struct {
		name string
		same bool
	}{{"blk.2.attn_q.weight", true}, {"blk.2.ffn_up.weight", true}, {"blk.0.attn_q.weight", false}, {"blk.1.attn_v.weight", false},
		{"blk.2.attn_output.weight", false}, {"token_embd.weight", false}, {"output.weight", false}} {
		p, _ := plain.Tensor(c.name)
		cp, _ := copying.Tensor(c.name)
		if bytes.Equal(p.Data, cp.Data) != c.same {
			t.Errorf("%s: the same bytes with and without copy=true: %v, want %v", c.name, !c.same, c.same)
		}
	}
}
