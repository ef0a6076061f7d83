package source

import (
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/kvwarden/kvwarden/internal/gguf"
	"github.com/kvwarden/kvwarden/internal/tensor"
)

// generatorVersion names the cache folder of generated models. Bump it whenever the bytes a spec
// produces change, so stale cached files are not reused.
const generatorVersion = "v1"

// DummySpec describes a llama model with random weights, for benchmarks and tests.
type DummySpec struct {
	Arch    string       // model architecture; only "llama"
	Dim     int          // embedding width
	Layers  int          // transformer blocks
	Heads   int          // attention heads
	KVHeads int          // key/value heads (grouped-query attention when < Heads)
	FFN     int          // feed-forward width
	Vocab   int          // vocabulary size
	Ctx     int          // context length
	Type    tensor.DType // type of the weight matrices (norms are always F32)
	Seed    uint64       // PRNG seed of the weights
	Tied    bool         // no output.weight: the output reuses token_embd
	// Pooling makes an embedding model: "mean" or "last" is written as llama.pooling_type; ""
	// (the default) is a generative model, without the key.
	Pooling string
	// Copy plants a copy circuit (see dummycopy.go) in the random weights: the model continues a
	// span of its prompt that it has seen before, as a trained model does when quoting.
	Copy bool
}

// Ref125M is the reference benchmark model, dummy:ref125m: about 125M parameters, ~133 MB at Q8_0.
var Ref125M = DummySpec{Arch: "llama", Dim: 768, Layers: 12, Heads: 12, KVHeads: 4, FFN: 2048, Vocab: 32000, Ctx: 2048, Type: tensor.Q8_0, Seed: 1}

// Ref1B is dummy:ref1b, about 1.1B parameters (~1.2 GB at Q8_0): larger than a 480 MiB L3 cache, so
// decode measures the machine's read bandwidth rather than its cache's. Its context holds a
// 4,096-token prompt and the generated tokens after it.
var Ref1B = DummySpec{Arch: "llama", Dim: 2048, Layers: 16, Heads: 32, KVHeads: 8, FFN: 8192, Vocab: 32000, Ctx: 8192, Type: tensor.Q8_0, Seed: 1}

// dummyPresets are the names a spec may start with; its keys default to the preset's values.
var dummyPresets = map[string]DummySpec{"llama": Ref125M, "ref125m": Ref125M, "ref1b": Ref1B}

// demoSpec is the built-in demo model: tiny and F32 so it is written in milliseconds.
var demoSpec = DummySpec{Arch: "llama", Dim: 64, Layers: 2, Heads: 4, KVHeads: 2, FFN: 172, Vocab: 512, Ctx: 2048, Type: tensor.F32, Seed: 20240601}

// dummyTypes are the weight types the generator can encode.
var dummyTypes = []tensor.DType{tensor.F32, tensor.F16, tensor.BF16, tensor.Q8_0, tensor.Q4_0, tensor.Q4_K, tensor.Q6_K}

var dummyKeys = []string{"dim", "layers", "heads", "kv_heads", "ffn", "vocab", "ctx", "type", "seed", "tied", "pooling", "copy"}

// ParseDummySpec reads the part after "dummy:": an optional leading name (llama, or a preset:
// ref125m, ref1b) then comma-separated key=value pairs. Missing keys take the preset's values
// (ref125m's after llama or no name).
func ParseDummySpec(s string) (DummySpec, error) {
	spec := Ref125M
	items := strings.Split(s, ",")
	if s == "" {
		items = nil
	}
	if len(items) > 0 && !strings.Contains(items[0], "=") {
		name := strings.TrimSpace(items[0])
		p, ok := dummyPresets[name]
		if !ok {
			return DummySpec{}, fmt.Errorf("dummy:%s: unknown model %q (want llama, ref125m or ref1b, then key=value pairs)", s, name)
		}
		spec = p
		items = items[1:]
	}
	// The integer keys all take a positive number, into these fields.
	ints := map[string]*int{"dim": &spec.Dim, "layers": &spec.Layers, "heads": &spec.Heads, "kv_heads": &spec.KVHeads,
		"ffn": &spec.FFN, "vocab": &spec.Vocab, "ctx": &spec.Ctx}
	seen := map[string]bool{}
	for _, it := range items {
		k, v, ok := strings.Cut(it, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" || v == "" {
			return DummySpec{}, fmt.Errorf("dummy:%s: %q is not key=value", s, it)
		}
		if seen[k] {
			return DummySpec{}, fmt.Errorf("dummy:%s: %s given twice", s, k)
		}
		seen[k] = true
		var err error
		switch p, isInt := ints[k]; {
		case isInt:
			*p, err = positive(v)
		case k == "seed":
			spec.Seed, err = strconv.ParseUint(v, 0, 64)
		case k == "tied":
			spec.Tied, err = strconv.ParseBool(v)
		case k == "copy":
			spec.Copy, err = strconv.ParseBool(v)
		case k == "pooling":
			spec.Pooling = v
			if _, ok := poolingTypes[v]; !ok {
				err = fmt.Errorf("want mean or last")
			}
		case k == "type":
			spec.Type, err = tensor.ParseDType(v)
			if err == nil && !slices.Contains(dummyTypes, spec.Type) {
				err = fmt.Errorf("%s weights cannot be generated (supported: f32, f16, bf16, q8_0, q4_0, q4_k, q6_k)", spec.Type)
			}
		default:
			return DummySpec{}, fmt.Errorf("dummy:%s: unknown key %q (known: %s)", s, k, strings.Join(dummyKeys, ", "))
		}
		if err != nil {
			return DummySpec{}, fmt.Errorf("dummy:%s: %s=%s: %v", s, k, v, err)
		}
	}
	if err := spec.Validate(); err != nil {
		return DummySpec{}, fmt.Errorf("dummy:%s: %w", s, err)
	}
	return spec, nil
}

func positive(v string) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("want a positive integer")
	}
	return n, nil
}

// poolingTypes are the values of llama.pooling_type (llama.cpp's enum) the generator writes.
var poolingTypes = map[string]uint32{"mean": 1, "last": 3}

// maxDummyBytes caps generated files; a typo such as dim=76800 should not fill the disk.
const maxDummyBytes = 64 << 30

// Validate checks that the spec describes a model the generator and a llama loader accept.
func (s DummySpec) Validate() error {
	check := func(name string, v, hi int) error {
		if v < 1 || v > hi {
			return fmt.Errorf("%s=%d is out of range 1..%d", name, v, hi)
		}
		return nil
	}
	if s.Arch != "llama" {
		return fmt.Errorf("architecture %q: only llama is supported", s.Arch)
	}
	for _, c := range []struct {
		name   string
		v, max int
	}{{"dim", s.Dim, 1 << 16}, {"layers", s.Layers, 1024}, {"heads", s.Heads, 1024}, {"kv_heads", s.KVHeads, 1024},
		{"ffn", s.FFN, 1 << 18}, {"vocab", s.Vocab, 1 << 21}, {"ctx", s.Ctx, 1 << 24}} {
		if err := check(c.name, c.v, c.max); err != nil {
			return err
		}
	}
	switch {
	case s.Dim%s.Heads != 0:
		return fmt.Errorf("dim=%d is not divisible by heads=%d", s.Dim, s.Heads)
	case (s.Dim/s.Heads)%2 != 0:
		return fmt.Errorf("head size dim/heads=%d is odd; rotary embeddings need it even", s.Dim/s.Heads)
	case s.KVHeads > s.Heads || s.Heads%s.KVHeads != 0:
		return fmt.Errorf("heads=%d is not a multiple of kv_heads=%d", s.Heads, s.KVHeads)
	case s.Vocab < minVocab:
		return fmt.Errorf("vocab=%d is below %d, the 3 special and 256 byte tokens", s.Vocab, minVocab)
	case s.Pooling != "" && poolingTypes[s.Pooling] == 0:
		return fmt.Errorf("pooling=%s: want mean or last", s.Pooling)
	case !slices.Contains(dummyTypes, s.Type):
		return fmt.Errorf("%s weights cannot be generated (supported: f32, f16, bf16, q8_0, q4_0, q4_k, q6_k)", s.Type)
	}
	if b := s.Type.BlockElems(); s.Dim%b != 0 || s.FFN%b != 0 {
		return fmt.Errorf("%s stores rows in blocks of %d: dim=%d and ffn=%d must both be multiples of it", s.Type, b, s.Dim, s.FFN)
	}
	if s.Copy {
		if _, err := s.copyLayout(); err != nil {
			return fmt.Errorf("copy=true: %w", err)
		}
	}
	if n := s.approxBytes(); n > maxDummyBytes {
		return fmt.Errorf("the model would take %.1f GiB (limit %d GiB)", float64(n)/(1<<30), maxDummyBytes>>30)
	}
	return nil
}

// Params is the number of weights.
func (s DummySpec) Params() uint64 {
	d, f, v, kv := uint64(s.Dim), uint64(s.FFN), uint64(s.Vocab), uint64(s.Dim/s.Heads*s.KVHeads)
	perLayer := 2*d + 2*d*d + 2*d*kv + 3*d*f
	n := d*v + uint64(s.Layers)*perLayer + d
	if !s.Tied {
		n += d * v
	}
	return n
}

func (s DummySpec) approxBytes() uint64 {
	return s.Params() / uint64(s.Type.BlockElems()) * uint64(s.Type.BlockBytes())
}

// String is the normalised spec: every key, in a fixed order, so equal models print equally.
func (s DummySpec) String() string {
	str := fmt.Sprintf("%s,dim=%d,layers=%d,heads=%d,kv_heads=%d,ffn=%d,vocab=%d,ctx=%d,type=%s,seed=%d",
		s.Arch, s.Dim, s.Layers, s.Heads, s.KVHeads, s.FFN, s.Vocab, s.Ctx, strings.ToLower(s.Type.String()), s.Seed)
	if s.Tied {
		str += ",tied=true"
	}
	if s.Pooling != "" {
		str += ",pooling=" + s.Pooling
	}
	if s.Copy {
		str += ",copy=true"
	}
	return str
}

// WriteTo writes the model as GGUF. The bytes depend only on the spec.
func (s DummySpec) WriteTo(w io.Writer) (int64, error) {
	if err := s.Validate(); err != nil {
		return 0, err
	}
	return s.builder(syntheticVocab(s.Vocab), "kvwarden dummy "+s.String()).WriteTo(w)
}

// fileType is general.file_type, llama.cpp's name for the dominant weight type.
func fileType(t tensor.DType) uint32 {
	switch t {
	case tensor.F16:
		return 1
	case tensor.Q4_0:
		return 2
	case tensor.Q8_0:
		return 7
	case tensor.Q4_K:
		return 14 // "mostly Q4_K" (Q4_K_S)
	case tensor.Q6_K:
		return 18
	case tensor.BF16:
		return 32
	}
	return 0
}

func (s DummySpec) builder(v *vocab, name string) *gguf.Builder {
	b := gguf.NewBuilder()
	b.AddString("general.architecture", "llama")
	b.AddString("general.name", name)
	b.AddUint32("general.file_type", fileType(s.Type))
	b.AddUint32("llama.vocab_size", uint32(len(v.tokens)))
	b.AddUint32("llama.context_length", uint32(s.Ctx))
	b.AddUint32("llama.embedding_length", uint32(s.Dim))
	b.AddUint32("llama.block_count", uint32(s.Layers))
	b.AddUint32("llama.feed_forward_length", uint32(s.FFN))
	b.AddUint32("llama.attention.head_count", uint32(s.Heads))
	b.AddUint32("llama.attention.head_count_kv", uint32(s.KVHeads))
	b.AddUint32("llama.rope.dimension_count", uint32(s.Dim/s.Heads))
	b.AddFloat32("llama.rope.freq_base", s.ropeBase())
	b.AddFloat32("llama.attention.layer_norm_rms_epsilon", 1e-5)
	if p, ok := poolingTypes[s.Pooling]; ok {
		b.AddUint32("llama.pooling_type", p)
	}
	b.AddString("tokenizer.ggml.model", "llama")
	b.AddStrings("tokenizer.ggml.tokens", v.tokens)
	b.AddFloat32s("tokenizer.ggml.scores", v.scores)
	b.AddInt32s("tokenizer.ggml.token_type", v.types)
	b.AddUint32("tokenizer.ggml.bos_token_id", 1)
	b.AddUint32("tokenizer.ggml.eos_token_id", 2)
	b.AddUint32("tokenizer.ggml.unknown_token_id", 0)
	b.AddBool("tokenizer.ggml.add_bos_token", true)
	b.AddBool("tokenizer.ggml.add_eos_token", false)

	d, f, vocabN := uint64(s.Dim), uint64(s.FFN), uint64(s.Vocab)
	kv := uint64(s.Dim / s.Heads * s.KVHeads)
	mat := func(name string, shape ...uint64) {
		b.AddTensorFunc(name, s.Type, shape, s.fill(name, shape))
	}
	norm := func(name string) {
		b.AddTensorFunc(name, tensor.F32, []uint64{d}, onesFill(s.Dim))
	}
	mat("token_embd.weight", d, vocabN)
	for l := range s.Layers {
		p := fmt.Sprintf("blk.%d.", l)
		norm(p + "attn_norm.weight")
		mat(p+"attn_q.weight", d, d)
		mat(p+"attn_k.weight", d, kv)
		mat(p+"attn_v.weight", d, kv)
		mat(p+"attn_output.weight", d, d)
		norm(p + "ffn_norm.weight")
		mat(p+"ffn_gate.weight", d, f)
		mat(p+"ffn_up.weight", d, f)
		mat(p+"ffn_down.weight", f, d)
	}
	norm("output_norm.weight")
	if !s.Tied {
		mat("output.weight", d, vocabN)
	}
	return b
}

// weightStd is the spread of the random weights, the usual initialisation scale.
const weightStd = 0.02

// fill streams tensor name's values: random ones, or the copy circuit's where Copy is set.
func (s DummySpec) fill(name string, shape []uint64) func(io.Writer) error {
	if s.Copy {
		return s.copyFill(name, shape)
	}
	return s.randomFill(name, shape, weightStd)
}

// randomFill streams a matrix of N(0, std) values. Each tensor has its own generator, seeded from
// the spec's seed and the tensor's name, so a tensor's values do not depend on which tensors
// precede it.
func (s DummySpec) randomFill(name string, shape []uint64, std float64) func(io.Writer) error {
	return func(w io.Writer) error {
		h := fnv.New64a()
		h.Write([]byte(name))
		rng := rand.New(rand.NewPCG(s.Seed, h.Sum64()))
		return s.rowsFill(shape, func(_ int, row []float32) {
			for i := range row {
				row[i] = float32(rng.NormFloat64() * std)
			}
		})(w)
	}
}

// rowsFill streams a matrix whose rows, in order, fillRow writes (into zeros), encoded a batch of
// rows at a time.
func (s DummySpec) rowsFill(shape []uint64, fillRow func(r int, row []float32)) func(io.Writer) error {
	return func(w io.Writer) error {
		rowLen, rows := int(shape[0]), int(shape[1])
		batch := max(1, (1<<16)/rowLen)
		src := make([]float32, batch*rowLen)
		rowBytes, err := s.Type.RowBytes(uint64(rowLen))
		if err != nil {
			return err
		}
		dst := make([]byte, batch*int(rowBytes))
		for r := 0; r < rows; r += batch {
			n := min(batch, rows-r)
			clear(src)
			for i := range n {
				fillRow(r+i, src[i*rowLen:(i+1)*rowLen])
			}
			m := n * int(rowBytes)
			if err := tensor.Quantize(s.Type, src[:n*rowLen], dst[:m]); err != nil {
				return err
			}
			if _, err := w.Write(dst[:m]); err != nil {
				return err
			}
		}
		return nil
	}
}

func onesFill(n int) func(io.Writer) error {
	return func(w io.Writer) error {
		ones := make([]float32, n)
		for i := range ones {
			ones[i] = 1
		}
		buf := make([]byte, 4*n)
		if err := tensor.Quantize(tensor.F32, ones, buf); err != nil {
			return err
		}
		_, err := w.Write(buf)
		return err
	}
}

// WriteDummyFile writes the model of a dummy spec (the part after "dummy:") to path, replacing
// it only once the whole file is written, and returns the normalised spec.
func WriteDummyFile(spec, path string) (DummySpec, error) {
	s, err := ParseDummySpec(spec)
	if err != nil {
		return DummySpec{}, err
	}
	err = writeAtomic(path, func(w io.Writer) error {
		_, err := s.WriteTo(w)
		return err
	})
	return s, err
}

func resolveDummy(s string, opts Options) (Resolved, error) {
	spec, err := ParseDummySpec(s)
	if err != nil {
		return Resolved{}, err
	}
	norm := spec.String()
	rel := filepath.Join("dummy", generatorVersion, strings.ReplaceAll(norm, ",", "_")+".gguf")
	path, err := generate(opts, rel, func(w io.Writer) error {
		if opts.Progress != nil {
			// The reference model takes a few seconds; say why nothing else is happening.
			fmt.Fprintf(opts.Progress, "writing dummy model %s (%.0f MB)\n", norm, float64(spec.approxBytes())/1e6)
		}
		_, err := spec.WriteTo(w)
		return err
	})
	if err != nil {
		return Resolved{}, fmt.Errorf("dummy:%s: %w", s, err)
	}
	return Resolved{
		Path:        path,
		Dummy:       true,
		Description: fmt.Sprintf("dummy model %s (%.1fM random weights) at %s", norm, float64(spec.Params())/1e6, path),
		Notice:      "dummy model: random weights, its text is meaningless",
	}, nil
}

func resolveDemo(opts Options) (Resolved, error) {
	rel := filepath.Join("demo", generatorVersion, "demo.gguf")
	path, err := generate(opts, rel, func(w io.Writer) error {
		_, err := demoSpec.builder(demoVocab(demoSpec.Vocab), "kvwarden built-in demo").WriteTo(w)
		return err
	})
	if err != nil {
		return Resolved{}, fmt.Errorf("built-in demo model: %w", err)
	}
	return Resolved{Path: path, Demo: true, Description: "built-in demo model at " + path, Notice: DemoNotice}, nil
}

// generate returns cache/rel, writing it first when absent. The file appears only by rename
// once complete, so a present file is a whole one; with no usable cache folder it goes to the
// temporary folder instead.
func generate(opts Options, rel string, write func(io.Writer) error) (string, error) {
	dir, err := cacheDir(opts)
	if err == nil {
		var path string
		if path, err = generateIn(filepath.Join(dir, rel), write, opts.SHA256); err == nil {
			return path, nil
		}
		if _, ok := err.(*SHA256Error); ok {
			return "", err
		}
	}
	path, err2 := generateIn(filepath.Join(os.TempDir(), "kvwarden", rel), write, opts.SHA256)
	if err2 != nil {
		return "", fmt.Errorf("%v (and in the cache: %v)", err2, err)
	}
	return path, nil
}

func generateIn(path string, write func(io.Writer) error, sha string) (string, error) {
	if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return "", err
		}
		if err := writeAtomic(path, write); err != nil {
			return "", err
		}
	}
	if sha != "" {
		if err := checkSHA256(path, sha); err != nil {
			os.Remove(path)
			return "", err
		}
	}
	return path, nil
}

// writeAtomic writes path through a temporary file in its folder, renamed into place once
// complete, so that the path never holds a partial file.
func writeAtomic(path string, write func(io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	// CreateTemp makes the file private (0600); a model file is as readable as any other, so
	// that another user's or tool's process can load it too.
	err = tmp.Chmod(0o644)
	if err == nil {
		err = write(tmp)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}
