package source

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/gguf"
	"github.com/kvwarden/kvwarden/internal/tensor"
)

func TestParseDummySpec(t *testing.T) {
	full := "llama,dim=768,layers=12,heads=12,kv_heads=4,ffn=2048,vocab=32000,type=q8_0,seed=1,ctx=2048"
	for _, s := range []string{full, "ref125m", "llama", "", Ref125M.String()} {
		got, err := ParseDummySpec(s)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if got != Ref125M {
			t.Errorf("%q parsed as %+v, want ref125m", s, got)
		}
	}
	got, err := ParseDummySpec("dim=128, heads=4,kv_heads=4,type=F16,tied=true,seed=0x10,pooling=last")
	if err != nil {
		t.Fatal(err)
	}
	want := Ref125M
	want.Dim, want.Heads, want.KVHeads, want.Type, want.Tied, want.Seed, want.Pooling = 128, 4, 4, tensor.F16, true, 16, "last"
	if got != want {
		t.Fatalf("got %+v\nwant %+v", got, want)
	}
	if again, err := ParseDummySpec(got.String()); err != nil || again != got {
		t.Fatalf("String %q does not parse back: %v %+v", got.String(), err, again)
	}
}

func TestParseDummySpecErrors(t *testing.T) {
	for _, c := range []struct{ spec, want string }{
		{"gpt2", `unknown model "gpt2"`},
		{"llama,depth=3", `unknown key "depth"`},
		{"dim=64,dim=64", "dim given twice"},
		{"llama,dim", "not key=value"},
		{"dim=-5", "positive integer"},
		{"dim=abc", "positive integer"},
		{"dim=770", "not divisible by heads=12"},
		{"dim=36,heads=12,type=f32", "head size dim/heads=3 is odd"},
		{"kv_heads=5", "not a multiple of kv_heads=5"},
		{"kv_heads=24", "not a multiple of kv_heads=24"},
		{"vocab=100", "below 259"},
		{"ffn=100", "blocks of 32"},
		{"type=q4_k,ffn=2000", "blocks of 256"},
		{"type=q5_1", "unknown tensor type"},
		{"dim=65536,heads=64,layers=1000", "GiB"},
		{"layers=100000", "out of range"},
		{"seed=x", "seed=x"},
		{"tied=maybe", "tied=maybe"},
		{"pooling=cls", "pooling=cls: want mean or last"},
		{"ref1b,copy=maybe", "copy=maybe"},
		{"ref125m,copy=true", "codes of 256 dimensions or more"},          // dim 768
		{"ref1b,kv_heads=2,copy=true", "codes of 256 dimensions or more"}, // 2 heads of 64
		{"ref1b,heads=16,kv_heads=8,copy=true", "head size of 64, not dim/heads=128"},
		{"ref1b,layers=1,copy=true", "2 layers or more"},
		{"ref1b,tied=true,copy=true", "its own output matrix"},
		{"ref1b,pooling=mean,copy=true", "predicts no next token"},
	} {
		_, err := ParseDummySpec(c.spec)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.spec, err, c.want)
		}
	}
}

func TestParseDummyPresets(t *testing.T) {
	small := Ref1B
	small.Layers, small.Type = 2, tensor.F16
	for _, c := range []struct {
		spec string
		want DummySpec
	}{
		{"ref1b", Ref1B},
		{" ref1b ", Ref1B},
		{"ref1b,layers=2,type=f16", small},
		{Ref1B.String(), Ref1B}, // "llama," then every key
		{"ref125m,dim=2048,layers=16,heads=32,kv_heads=8,ffn=8192,ctx=8192", Ref1B},
	} {
		got, err := ParseDummySpec(c.spec)
		if err != nil {
			t.Fatalf("%q: %v", c.spec, err)
		}
		if got != c.want {
			t.Errorf("%q parsed as %+v, want %+v", c.spec, got, c.want)
		}
	}
	if _, err := ParseDummySpec("ref7b"); err == nil || !strings.Contains(err.Error(), "ref125m or ref1b") {
		t.Errorf("ref7b: %v", err)
	}
}

// TestRef1BSize: about 1.1B parameters, and larger than a 480 MiB L3 cache even at Q4_K.
func TestRef1BSize(t *testing.T) {
	if p := Ref1B.Params(); p < 1.05e9 || p > 1.15e9 {
		t.Errorf("ref1b has %d parameters, want ~1.1B", p)
	}
	if b := Ref1B.approxBytes(); b < 1.1e9 || b > 1.25e9 {
		t.Errorf("ref1b takes %d bytes at Q8_0, want ~1.17 GB", b)
	}
	q4 := Ref1B
	q4.Type = tensor.Q4_K
	if err := q4.Validate(); err != nil {
		t.Fatal(err)
	}
	if b := q4.approxBytes(); b <= 480<<20 {
		t.Errorf("ref1b at Q4_K takes %d bytes, not more than a 480 MiB L3", b)
	}
}

// TestDummyLlamaCppMetadata checks the keys llama.cpp's loader (c392e50) requires of a llama
// model and its SentencePiece vocabulary, with the types it reads them as, and that tensor data
// is aligned as it expects: llama-bench and llama-server must load the same file kvwarden does.
func TestDummyLlamaCppMetadata(t *testing.T) {
	for _, typ := range []string{"f16", "q8_0", "q4_k"} {
		spec := "dim=256,layers=1,heads=4,kv_heads=2,ffn=512,vocab=300,ctx=512,type=" + typ
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
		if f.Version != 3 {
			t.Errorf("%s: GGUF v%d, want 3", typ, f.Version)
		}
		for _, c := range []struct {
			key string
			typ gguf.ValueType
			val any // nil: any value
		}{
			{"general.architecture", gguf.TypeString, "llama"},
			{"general.file_type", gguf.TypeUint32, nil},
			{"llama.context_length", gguf.TypeUint32, uint32(512)},
			{"llama.embedding_length", gguf.TypeUint32, uint32(256)},
			{"llama.block_count", gguf.TypeUint32, uint32(1)},
			{"llama.feed_forward_length", gguf.TypeUint32, uint32(512)},
			{"llama.attention.head_count", gguf.TypeUint32, uint32(4)},
			{"llama.attention.head_count_kv", gguf.TypeUint32, uint32(2)},
			{"llama.rope.dimension_count", gguf.TypeUint32, uint32(64)},
			{"llama.attention.layer_norm_rms_epsilon", gguf.TypeFloat32, nil},
			{"tokenizer.ggml.model", gguf.TypeString, "llama"},
			{"tokenizer.ggml.tokens", gguf.TypeArray, nil},
			{"tokenizer.ggml.scores", gguf.TypeArray, nil},
			{"tokenizer.ggml.token_type", gguf.TypeArray, nil},
			{"tokenizer.ggml.bos_token_id", gguf.TypeUint32, uint32(1)},
			{"tokenizer.ggml.eos_token_id", gguf.TypeUint32, uint32(2)},
			{"tokenizer.ggml.unknown_token_id", gguf.TypeUint32, uint32(0)},
		} {
			v, ok := f.KV[c.key]
			switch {
			case !ok:
				t.Errorf("%s: %s missing", typ, c.key)
			case v.Type != c.typ:
				t.Errorf("%s: %s is %s, want %s", typ, c.key, v.Type, c.typ)
			case c.val != nil && !reflect.DeepEqual(v.V, c.val):
				t.Errorf("%s: %s = %v, want %v", typ, c.key, v.V, c.val)
			}
		}
		// The vocabulary arrays are parallel, of vocab_size entries, with the element types
		// llama.cpp reads (string, f32, i32).
		toks, ok1 := f.Strings("tokenizer.ggml.tokens")
		scores, ok2 := f.Float32s("tokenizer.ggml.scores")
		types, ok3 := f.Int32s("tokenizer.ggml.token_type")
		if !ok1 || !ok2 || !ok3 || len(toks) != 300 || len(scores) != 300 || len(types) != 300 {
			t.Errorf("%s: vocabulary arrays %v %v %v of %d, %d, %d entries, want 300 each", typ, ok1, ok2, ok3, len(toks), len(scores), len(types))
		}
		// llama.cpp takes general.alignment, else 32, and refuses misaligned tensor data.
		align := uint64(32)
		if a, ok := f.Uint("general.alignment"); ok {
			align = a
		}
		for _, ti := range f.Tensors {
			if ti.Offset%align != 0 {
				t.Errorf("%s: tensor %s at offset %d, not a multiple of %d", typ, ti.Name, ti.Offset, align)
			}
		}
	}
}

func TestWriteDummyFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.gguf")
	spec := "dim=64,layers=1,heads=4,kv_heads=2,ffn=96,vocab=300,type=q8_0"
	s, err := WriteDummyFile(spec, path)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o644 {
		t.Errorf("file mode %v, want 0644 like any written file", st.Mode().Perm())
	}
	var want bytes.Buffer
	if _, err := s.WriteTo(&want); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want.Bytes()) {
		t.Fatal("the written file differs from WriteTo's bytes")
	}
	// The cached file of the same spec is the same bytes: llama.cpp and kvwarden read one model.
	r, err := Resolve(context.Background(), "dummy:"+spec, Options{CacheDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if cached, _ := os.ReadFile(r.Path); !bytes.Equal(cached, got) {
		t.Fatal("the cached dummy file differs from the written one")
	}
	for _, c := range []struct{ spec, path, want string }{
		{"dim=7", path, "not divisible"},
		{spec, filepath.Join(t.TempDir(), "no", "such", "dir", "m.gguf"), "no such file"},
	} {
		if _, err := WriteDummyFile(c.spec, c.path); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q to %s: error %v, want %q", c.spec, c.path, err, c.want)
		}
	}
	if entries, _ := os.ReadDir(filepath.Dir(path)); len(entries) != 1 {
		t.Errorf("%d files beside the written model, want none (no temporaries left)", len(entries)-1)
	}
}

func TestRef125MSize(t *testing.T) {
	if p := Ref125M.Params(); p < 120e6 || p > 130e6 {
		t.Errorf("ref125m has %d parameters", p)
	}
	if b := Ref125M.approxBytes(); b < 130e6 || b > 136e6 {
		t.Errorf("ref125m takes %d bytes, want ~133 MB", b)
	}
}

// checkLlama reads a generated model back and compares it with its spec.
func checkLlama(t *testing.T, f *gguf.File, s DummySpec) {
	t.Helper()
	d, ff, v, kv := uint64(s.Dim), uint64(s.FFN), uint64(s.Vocab), uint64(s.Dim/s.Heads*s.KVHeads)
	type want struct {
		shape []uint64
		typ   tensor.DType
	}
	wants := map[string]want{
		"token_embd.weight":  {[]uint64{d, v}, s.Type},
		"output_norm.weight": {[]uint64{d}, tensor.F32},
	}
	if !s.Tied {
		wants["output.weight"] = want{[]uint64{d, v}, s.Type}
	}
	for l := range s.Layers {
		p := fmt.Sprintf("blk.%d.", l)
		wants[p+"attn_norm.weight"] = want{[]uint64{d}, tensor.F32}
		wants[p+"ffn_norm.weight"] = want{[]uint64{d}, tensor.F32}
		wants[p+"attn_q.weight"] = want{[]uint64{d, d}, s.Type}
		wants[p+"attn_k.weight"] = want{[]uint64{d, kv}, s.Type}
		wants[p+"attn_v.weight"] = want{[]uint64{d, kv}, s.Type}
		wants[p+"attn_output.weight"] = want{[]uint64{d, d}, s.Type}
		wants[p+"ffn_gate.weight"] = want{[]uint64{d, ff}, s.Type}
		wants[p+"ffn_up.weight"] = want{[]uint64{d, ff}, s.Type}
		wants[p+"ffn_down.weight"] = want{[]uint64{ff, d}, s.Type}
	}
	if len(f.Tensors) != len(wants) {
		t.Errorf("%d tensors, want %d", len(f.Tensors), len(wants))
	}
	for name, w := range wants {
		ti, ok := f.Tensor(name)
		if !ok {
			t.Errorf("tensor %s missing", name)
			continue
		}
		if ti.Type != w.typ || !reflect.DeepEqual(ti.Shape, w.shape) {
			t.Errorf("tensor %s: %s %v, want %s %v", name, ti.Type, ti.Shape, w.typ, w.shape)
		}
	}
	if norm, ok := f.Tensor("blk.0.attn_norm.weight"); ok {
		vals := make([]float32, d)
		tensor.Dequantize(tensor.F32, norm.Data, vals)
		for _, x := range vals {
			if x != 1 {
				t.Fatalf("norm weight %v, want 1", x)
			}
		}
	}
	if q, ok := f.Tensor("blk.0.attn_q.weight"); ok {
		vals := make([]float32, q.Elements())
		if err := tensor.Dequantize(q.Type, q.Data, vals); err != nil {
			t.Fatal(err)
		}
		var sum, sq float64
		for _, x := range vals {
			sum += float64(x)
			sq += float64(x) * float64(x)
		}
		n := float64(len(vals))
		mean, std := sum/n, math.Sqrt(sq/n-(sum/n)*(sum/n))
		if math.Abs(mean) > 0.002 || math.Abs(std-weightStd) > 0.003 {
			t.Errorf("attn_q mean %.4f std %.4f, want about 0 and %v", mean, std, weightStd)
		}
	}

	u := func(key string) uint64 {
		x, ok := f.Uint(key)
		if !ok {
			t.Errorf("metadata %s missing", key)
		}
		return x
	}
	if a, _ := f.String("general.architecture"); a != "llama" {
		t.Errorf("architecture %q", a)
	}
	for key, w := range map[string]int{
		"llama.context_length": s.Ctx, "llama.embedding_length": s.Dim, "llama.block_count": s.Layers,
		"llama.feed_forward_length": s.FFN, "llama.attention.head_count": s.Heads,
		"llama.attention.head_count_kv": s.KVHeads, "llama.rope.dimension_count": s.Dim / s.Heads,
		"tokenizer.ggml.bos_token_id": 1, "tokenizer.ggml.eos_token_id": 2, "tokenizer.ggml.unknown_token_id": 0,
		"general.file_type": int(fileType(s.Type)),
	} {
		if got := u(key); got != uint64(w) {
			t.Errorf("%s = %d, want %d", key, got, w)
		}
	}
	if x, _ := f.Float("llama.rope.freq_base"); x != 10000 {
		t.Errorf("rope.freq_base %v", x)
	}
	if x, _ := f.Float("llama.attention.layer_norm_rms_epsilon"); float32(x) != 1e-5 {
		t.Errorf("rms epsilon %v", x)
	}
	if m, _ := f.String("tokenizer.ggml.model"); m != "llama" {
		t.Errorf("tokenizer model %q", m)
	}
	toks, _ := f.Strings("tokenizer.ggml.tokens")
	scores, _ := f.Float32s("tokenizer.ggml.scores")
	types, _ := f.Int32s("tokenizer.ggml.token_type")
	if len(toks) != s.Vocab || len(scores) != s.Vocab || len(types) != s.Vocab {
		t.Fatalf("vocab: %d tokens, %d scores, %d types, want %d", len(toks), len(scores), len(types), s.Vocab)
	}
	if toks[0] != "<unk>" || types[0] != tokUnknown || toks[1] != "<s>" || types[1] != tokControl || toks[2] != "</s>" || types[2] != tokControl {
		t.Errorf("special tokens %q %v", toks[:3], types[:3])
	}
	seen := map[string]bool{}
	for i, tok := range toks {
		if seen[tok] {
			t.Fatalf("token %q repeated", tok)
		}
		seen[tok] = true
		switch {
		case i >= 3 && i < 259:
			if tok != fmt.Sprintf("<0x%02X>", i-3) || types[i] != tokByte {
				t.Fatalf("token %d = %q type %d, want byte token", i, tok, types[i])
			}
		case i >= 259:
			if types[i] != tokNormal || (i > 259 && scores[i] >= scores[i-1]) {
				t.Fatalf("token %d %q: type %d score %v (previous %v)", i, tok, types[i], scores[i], scores[i-1])
			}
		}
	}
}

func TestDummyResolve(t *testing.T) {
	cache := t.TempDir()
	spec := "llama,dim=64,layers=2,heads=4,kv_heads=2,ffn=96,vocab=300,ctx=256,type=q8_0,seed=7"
	r, err := Resolve(context.Background(), "dummy:"+spec, Options{CacheDir: cache})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Dummy || r.Demo || r.Notice == "" || !strings.HasPrefix(r.Path, cache) || !strings.Contains(r.Description, spec) {
		t.Fatalf("got %+v", r)
	}
	f, err := gguf.Open(r.Path)
	if err != nil {
		t.Fatal(err)
	}
	checkLlama(t, f, tinySpec)
	f.Close()

	// Same model in other words: same cached file, not rewritten.
	st1, _ := os.Stat(r.Path)
	r2, err := Resolve(context.Background(), "dummy:seed=7,ctx=256,vocab=300,ffn=96,kv_heads=2,heads=4,layers=2,dim=64", Options{CacheDir: cache})
	if err != nil || r2.Path != r.Path {
		t.Fatalf("equivalent spec: %v, %s vs %s", err, r2.Path, r.Path)
	}
	if st2, _ := os.Stat(r.Path); !st2.ModTime().Equal(st1.ModTime()) {
		t.Fatal("cached dummy model was rewritten")
	}
	entries, _ := os.ReadDir(cache + "/dummy/" + generatorVersion)
	if len(entries) != 1 {
		t.Fatalf("cache holds %d files, want 1 (no temporaries left)", len(entries))
	}

	// --sha256 applies to generated files too.
	data, _ := os.ReadFile(r.Path)
	if _, err := Resolve(context.Background(), "dummy:"+spec, Options{CacheDir: cache, SHA256: sha(data)}); err != nil {
		t.Fatal(err)
	}
}

func TestDummyDeterministic(t *testing.T) {
	write := func(s DummySpec) []byte {
		var buf bytes.Buffer
		if _, err := s.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	a, b := write(tinySpec), write(tinySpec)
	if !bytes.Equal(a, b) {
		t.Fatal("same spec wrote different bytes")
	}
	other := tinySpec
	other.Seed++
	c := write(other)
	if len(c) != len(a) || bytes.Equal(a, c) {
		t.Fatal("another seed should change the weights and nothing else about the size")
	}
	// A tensor's values depend only on the seed and its name, not on the tensors before it.
	fa, _ := gguf.Parse(a)
	more := tinySpec
	more.Layers = 3
	fm, err := gguf.Parse(write(more))
	if err != nil {
		t.Fatal(err)
	}
	x, _ := fa.Tensor("blk.1.ffn_up.weight")
	y, _ := fm.Tensor("blk.1.ffn_up.weight")
	if !bytes.Equal(x.Data, y.Data) {
		t.Fatal("blk.1.ffn_up differs between a 2- and a 3-layer model of the same seed")
	}
}

func TestDummyTypesAndTied(t *testing.T) {
	for _, typ := range dummyTypes {
		s := tinySpec
		s.Type, s.Tied = typ, true
		if b := typ.BlockElems(); b > 32 {
			s.Dim, s.FFN = 256, 256
		}
		var buf bytes.Buffer
		if _, err := s.WriteTo(&buf); err != nil {
			t.Fatalf("%s: %v", typ, err)
		}
		f, err := gguf.Parse(buf.Bytes())
		if err != nil {
			t.Fatalf("%s: %v", typ, err)
		}
		checkLlama(t, f, s)
	}
}

// TestRef125M generates the full reference model once: its size and speed matter to benchmarks.
func TestRef125M(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("writes 133 MB; slow under -race and -short")
	}
	start := time.Now()
	var progress bytes.Buffer
	r, err := Resolve(context.Background(), "dummy:ref125m", Options{CacheDir: t.TempDir(), Progress: &progress})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(progress.String(), "writing dummy model llama,dim=768") {
		t.Errorf("progress %q", progress.String())
	}
	st, _ := os.Stat(r.Path)
	t.Logf("ref125m: %d bytes in %v", st.Size(), time.Since(start))
	if st.Size() < 130e6 || st.Size() > 136e6 {
		t.Errorf("ref125m file is %d bytes, want ~133 MB", st.Size())
	}
	f, err := gguf.Open(r.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	checkLlama(t, f, Ref125M)
}
