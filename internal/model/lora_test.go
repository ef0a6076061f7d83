package model

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/gguf"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/tensor"
	"github.com/kvwarden/kvwarden/internal/testenv"
)

// adapterFile is a LoRA adapter being written for a test with the project's GGUF writer: its
// keys in order and its tensors, which a test may corrupt before writing; F32, or F16 once
// inHalves was called.
type adapterFile struct {
	keys    []adapterKey
	tensors []adapterTensor
	half    bool
}

type adapterKey struct {
	name  string
	value any // string, float32 or uint32
}

type adapterTensor struct {
	name  string
	shape []uint64
	data  []float32
}

// newAdapterFile draws an adapter for m with the given rank on the given projections of every
// block (all seven when none are named), its values N(0, sigma²) from seed.
func newAdapterFile(m *Model, rank int, alpha float32, seed uint64, sigma float64, projections ...string) *adapterFile {
	if len(projections) == 0 {
		projections = adapterProjections[:]
	}
	rng := rand.New(rand.NewPCG(seed, 36))
	draw := func(n int) []float32 {
		v := make([]float32, n)
		for i := range v {
			v[i] = float32(rng.NormFloat64() * sigma)
		}
		return v
	}
	a := &adapterFile{keys: []adapterKey{
		{"general.architecture", m.Arch}, {"general.type", "adapter"}, {"adapter.type", "lora"}, {"adapter.lora.alpha", alpha},
	}}
	for l := range m.Blocks {
		for i, p := range adapterProjections {
			if !slices.Contains(projections, p) {
				continue
			}
			w, name := m.Blocks[l].projection(i), fmt.Sprintf("blk.%d.%s.weight", l, p)
			a.tensors = append(a.tensors,
				adapterTensor{name + ".lora_a", []uint64{uint64(w.Cols), uint64(rank)}, draw(w.Cols * rank)},
				adapterTensor{name + ".lora_b", []uint64{uint64(rank), uint64(w.Rows)}, draw(rank * w.Rows)})
		}
	}
	return a
}

// inHalves rounds every value to a half and makes the file's tensors F16 (what llama.cpp's
// convert_lora_to_gguf.py writes by default).
func (a *adapterFile) inHalves() *adapterFile {
	a.half = true
	for _, tn := range a.tensors {
		for i, v := range tn.data {
			tn.data[i] = tensor.RoundF16(v)
		}
	}
	return a
}

// set replaces a key's value, appends the key when absent, or removes it when value is nil.
func (a *adapterFile) set(name string, value any) {
	i := slices.IndexFunc(a.keys, func(k adapterKey) bool { return k.name == name })
	switch {
	case value == nil && i >= 0:
		a.keys = slices.Delete(a.keys, i, i+1)
	case i >= 0:
		a.keys[i].value = value
	case value != nil:
		a.keys = append(a.keys, adapterKey{name, value})
	}
}

// tensor returns the named tensor; it must exist.
func (a *adapterFile) tensor(name string) *adapterTensor {
	i := slices.IndexFunc(a.tensors, func(t adapterTensor) bool { return t.name == name })
	return &a.tensors[i]
}

// remove drops the named tensor.
func (a *adapterFile) remove(name string) {
	a.tensors = slices.DeleteFunc(a.tensors, func(t adapterTensor) bool { return t.name == name })
}

func (a *adapterFile) bytes(t testing.TB) []byte {
	t.Helper()
	b := gguf.NewBuilder()
	for _, k := range a.keys {
		switch v := k.value.(type) {
		case string:
			b.AddString(k.name, v)
		case float32:
			b.AddFloat32(k.name, v)
		case uint32:
			b.AddUint32(k.name, v)
		}
	}
	for _, tn := range a.tensors {
		data := make([]byte, 0, 4*len(tn.data))
		for _, v := range tn.data {
			if a.half {
				h := tensor.F32ToF16(v)
				data = append(data, byte(h), byte(h>>8))
				continue
			}
			data = append(data, byte(math.Float32bits(v)), byte(math.Float32bits(v)>>8), byte(math.Float32bits(v)>>16), byte(math.Float32bits(v)>>24))
		}
		b.AddTensor(tn.name, map[bool]tensor.DType{false: tensor.F32, true: tensor.F16}[a.half], tn.shape, data)
	}
	var buf bytes.Buffer
	if _, err := b.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// adapterBaseSpec is the generated base model of the adapter tests: llama, grouped-query
// attention, q8_0 weights (dim 64, 2 layers, q 64 wide, kv 16, ffn 96).
const adapterBaseSpec = "dummy:llama,dim=64,layers=2,heads=4,kv_heads=1,ffn=96,vocab=512,ctx=512,type=q8_0,seed=7"

// TestParseAdapterRefusesBadFiles corrupts a valid adapter in one way per case: each is refused
// with an error naming the key or tensor at fault and the reason, never a panic.
func TestParseAdapterRefusesBadFiles(t *testing.T) {
	m := load(t, generated(t, adapterBaseSpec, t.TempDir()))
	const qa, qb = "blk.0.attn_q.weight.lora_a", "blk.0.attn_q.weight.lora_b"
	cases := []struct {
		name    string
		corrupt func(a *adapterFile)
		want    string
	}{
		{"a model, not an adapter", func(a *adapterFile) { a.set("general.type", "model") }, `general.type: "model", want "adapter"`},
		{"no general.type", func(a *adapterFile) { a.set("general.type", nil) }, "general.type: missing"},
		{"not LoRA", func(a *adapterFile) { a.set("adapter.type", "ia3") }, `adapter.type: "ia3", want "lora"`},
		{"another architecture", func(a *adapterFile) { a.set("general.architecture", "qwen2") }, `general.architecture: "qwen2", want "llama"`},
		{"alpha NaN", func(a *adapterFile) { a.set("adapter.lora.alpha", float32(math.NaN())) }, "adapter.lora.alpha: not a finite float32"},
		{"alpha infinite", func(a *adapterFile) { a.set("adapter.lora.alpha", float32(math.Inf(-1))) }, "adapter.lora.alpha: not a finite float32"},
		{"alpha a string", func(a *adapterFile) { a.set("adapter.lora.alpha", "16") }, "adapter.lora.alpha: not a finite float32"},
		{"no tensors", func(a *adapterFile) { a.tensors = nil }, "holds no LoRA tensors"},
		{"a base tensor", func(a *adapterFile) { a.tensor(qa).name = "blk.0.attn_q.weight" }, "tensor blk.0.attn_q.weight: not a LoRA tensor"},
		{"a norm targeted", func(a *adapterFile) {
			a.tensor(qa).name, a.tensor(qb).name = "blk.0.attn_norm.weight.lora_a", "blk.0.attn_norm.weight.lora_b"
		}, "blk.0.attn_norm.weight is not a projection"},
		{"a layer beyond the model", func(a *adapterFile) {
			a.tensor(qa).name, a.tensor(qb).name = "blk.2.attn_q.weight.lora_a", "blk.2.attn_q.weight.lora_b"
		}, "blk.2.attn_q.weight is not a projection of this 2-layer base model"},
		{"a layer spelt 01", func(a *adapterFile) {
			a.tensor(qa).name, a.tensor(qb).name = "blk.01.attn_q.weight.lora_a", "blk.01.attn_q.weight.lora_b"
		}, "blk.01.attn_q.weight is not a projection"},
		{"lora_b missing", func(a *adapterFile) { a.remove("blk.1.ffn_down.weight.lora_b") }, "tensor blk.1.ffn_down.weight.lora_b: missing"},
		{"lora_a missing", func(a *adapterFile) { a.remove("blk.1.attn_v.weight.lora_a") }, "tensor blk.1.attn_v.weight.lora_a: missing"},
		{"A with the wrong inputs", func(a *adapterFile) {
			*a.tensor(qa) = adapterTensor{qa, []uint64{32, 4}, make([]float32, 32*4)}
		}, "tensor blk.0.attn_q.weight.lora_a: shape [32 4], the base matrix has 64 inputs"},
		{"B with the wrong outputs", func(a *adapterFile) {
			b := a.tensor("blk.0.attn_k.weight.lora_b")
			*b = adapterTensor{b.name, []uint64{4, 64}, make([]float32, 4*64)}
		}, "tensor blk.0.attn_k.weight.lora_b: shape [4 64], the base matrix has 16 outputs"},
		{"ranks that disagree", func(a *adapterFile) {
			*a.tensor(qb) = adapterTensor{qb, []uint64{5, 64}, make([]float32, 5*64)}
		}, "tensor blk.0.attn_q.weight.lora_b: rank 5 differs from blk.0.attn_q.weight.lora_a's rank 4"},
		{"A of one dimension", func(a *adapterFile) {
			*a.tensor(qa) = adapterTensor{qa, []uint64{256}, make([]float32, 256)}
		}, "tensor blk.0.attn_q.weight.lora_a: 1 dimensions, want 2"},
		{"B of three dimensions", func(a *adapterFile) {
			*a.tensor(qb) = adapterTensor{qb, []uint64{4, 64, 1}, make([]float32, 256)}
		}, "tensor blk.0.attn_q.weight.lora_b: 3 dimensions, want 2"},
		{"rank beyond the maximum", func(a *adapterFile) {
			r := MaxAdapterRank + 1
			*a.tensor(qa) = adapterTensor{qa, []uint64{64, uint64(r)}, make([]float32, 64*r)}
			*a.tensor(qb) = adapterTensor{qb, []uint64{uint64(r), 64}, make([]float32, 64*r)}
		}, "tensor blk.0.attn_q.weight.lora_a: rank 513 exceeds the maximum 512"},
		{"NaN in B", func(a *adapterFile) { a.tensor("blk.1.ffn_up.weight.lora_b").data[3] = float32(math.NaN()) }, "tensor blk.1.ffn_up.weight.lora_b: element 3 is NaN"},
		{"infinity in A", func(a *adapterFile) { a.tensor("blk.1.attn_output.weight.lora_a").data[70] = float32(math.Inf(1)) }, "tensor blk.1.attn_output.weight.lora_a: element 70 is +Inf"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			af := newAdapterFile(m, 4, 8, 1, 0.1)
			c.corrupt(af)
			a, err := ParseAdapter(af.bytes(t), m)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got adapter %v, error %v; want an error containing %q", a != nil, err, c.want)
			}
		})
	}
	// The file's own damage: the GGUF reader's errors come through.
	good := newAdapterFile(m, 4, 8, 1, 0.1).bytes(t)
	for _, b := range [][]byte{good[:len(good)/2], good[:40], append([]byte("GGML"), good[4:]...)} {
		if _, err := ParseAdapter(b, m); err == nil {
			t.Errorf("a damaged file of %d bytes was accepted", len(b))
		}
	}
}

// TestParseAdapterReadsWhatWasWritten: a generated adapter comes back with its alpha, ranks and
// values, and one without alpha scales by the request's scale alone.
func TestParseAdapterReadsWhatWasWritten(t *testing.T) {
	m := load(t, generated(t, adapterBaseSpec, t.TempDir()))
	af := newAdapterFile(m, 8, 12, 2, 0.1, "attn_q", "attn_v")
	b := af.bytes(t)
	a, err := ParseAdapter(b, m)
	if err != nil {
		t.Fatal(err)
	}
	if a.Alpha != 12 || a.Pairs() != 4 || a.Blocks[1].Wk != nil || a.Fingerprint != sha256.Sum256(b) {
		t.Fatalf("alpha %v, %d pairs, blk.1 attn_k %v, fingerprint %x", a.Alpha, a.Pairs(), a.Blocks[1].Wk, a.Fingerprint)
	}
	v := a.Blocks[1].Wv
	written := af.tensor("blk.1.attn_v.weight.lora_b").data // Out rows of Rank; B is held transposed
	transposed := make([]float32, len(written))
	for o := range 16 {
		for k := range 8 {
			transposed[k*16+o] = written[o*8+k]
		}
	}
	if v.Rank != 8 || v.In != 64 || v.Out != 16 || !slices.Equal(v.B, tensor.PanelLowRankB(transposed, 8)) {
		t.Fatalf("blk.1 attn_v: rank %d, %d→%d, B not as written", v.Rank, v.In, v.Out)
	}
	if got := a.Scale(0.5, v); got != 0.75 {
		t.Errorf("scale 0.5 × alpha 12 / rank 8 = %v, want 0.75", got)
	}
	af.set("adapter.lora.alpha", nil)
	if a, err = ParseAdapter(af.bytes(t), m); err != nil {
		t.Fatal(err)
	}
	if got := a.Scale(0.5, a.Blocks[0].Wq); a.Alpha != 0 || got != 0.5 {
		t.Errorf("without alpha: alpha %v, scale %v; want 0 and the request's 0.5", a.Alpha, got)
	}
}

// sharedAdapters are the adapters of ../shared/models/lora with what the README says of them.
var sharedAdapters = []struct {
	file, base  string
	rank, pairs int
	alpha       float32
	sha256      string
}{
	{"stories260K-lora-a.gguf", "stories260K.gguf", 4, 35, 8, "bebf883e8ed259321529d27b2965e2bf3f671b3979179e7efc69d60840a8a420"},
	{"stories260K-lora-b.gguf", "stories260K.gguf", 8, 10, 12, "9e897550c039492908f878b655f1d0f33fe2d6c6d1edbc6985b118eb400d2928"},
	{"qwen2-tiny-random-lora-a.gguf", "qwen2-tiny-random.gguf", 8, 14, 16, "d5732524a5324906a06fc5d11f9a44e24ffa82428059a4ece41b4a71ef449fb4"},
	{"qwen2-tiny-random-lora-b.gguf", "qwen2-tiny-random.gguf", 4, 8, 6, "8b3d048f93c5ff19f3b39f95631db76f9ad3d2c300314a6bf797da94f9ed4213"},
}

// TestReadSharedAdapters loads llama.cpp's adapters against their base and refuses each against
// the other base.
func TestReadSharedAdapters(t *testing.T) {
	bases := map[string]*Model{}
	for _, name := range []string{"stories260K.gguf", "qwen2-tiny-random.gguf"} {
		bases[name] = load(t, shared(t, name))
	}
	for _, sa := range sharedAdapters {
		t.Run(sa.file, func(t *testing.T) {
			a, err := ReadAdapter(testenv.Model(t, "lora/"+sa.file), bases[sa.base])
			if err != nil {
				t.Fatal(err)
			}
			if a.Alpha != sa.alpha || a.Pairs() != sa.pairs || a.Blocks[0].Wq.Rank != sa.rank || hex.EncodeToString(a.Fingerprint[:]) != sa.sha256 {
				t.Errorf("alpha %v, %d pairs, rank %d, fingerprint %x", a.Alpha, a.Pairs(), a.Blocks[0].Wq.Rank, a.Fingerprint)
			}
			for name, other := range bases {
				if name != sa.base {
					if _, err := ReadAdapter(testenv.Model(t, "lora/"+sa.file), other); err == nil || !strings.Contains(err.Error(), "general.architecture") {
						t.Errorf("against %s: %v, want the architecture refused", name, err)
					}
				}
			}
		})
	}
}

// FuzzParseAdapter feeds the adapter parser arbitrary bytes against both shared bases, seeded with
// llama.cpp's adapters, their truncations and a generated one: it never panics, and what it
// accepts fits the base model.
func FuzzParseAdapter(f *testing.F) {
	var bases []*Model
	for _, name := range []string{"stories260K.gguf", "qwen2-tiny-random.gguf"} {
		bases = append(bases, load(f, shared(f, name)))
	}
	for _, sa := range sharedAdapters {
		b, err := os.ReadFile(testenv.Model(f, "lora/"+sa.file))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
		for _, cut := range []int{4, 24, 100, 500, len(b) / 3, len(b) / 2, len(b) - 4096, len(b) - 1} {
			f.Add(b[:cut])
		}
	}
	f.Add(newAdapterFile(bases[1], 2, 0, 3, 0.1, "ffn_down").bytes(f))
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, m := range bases {
			a, err := ParseAdapter(b, m)
			if err != nil {
				continue
			}
			checkAdapterFits(t, a, m)
		}
	})
}

// checkAdapterFits fails t unless every pair of a has the base matrix's shape and finite values.
func checkAdapterFits(t *testing.T, a *Adapter, m *Model) {
	if len(a.Blocks) != m.Layers || a.Pairs() == 0 || math.IsNaN(float64(a.Alpha)) {
		t.Fatalf("accepted: %d blocks for %d layers, %d pairs, alpha %v", len(a.Blocks), m.Layers, a.Pairs(), a.Alpha)
	}
	for l := range a.Blocks {
		for i, slot := range a.Blocks[l].pairs() {
			p, w := *slot, m.Blocks[l].projection(i)
			if p == nil {
				continue
			}
			a, b := p.A, p.B
			if p.A16 != nil {
				a, b = widened(p.A16), widened(p.B16)
			}
			if p.In != w.Cols || p.Out != w.Rows || p.Rank < 1 || p.Rank > MaxAdapterRank || len(a) != p.Rank*p.In || len(b) != p.Out*p.Rank {
				t.Fatalf("blk.%d %s: rank %d, %d→%d with %d and %d values, base %d→%d", l, adapterProjections[i], p.Rank, p.In, p.Out, len(a), len(b), w.Cols, w.Rows)
			}
			for _, v := range append(a, b...) {
				if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
					t.Fatalf("blk.%d %s: value %v accepted", l, adapterProjections[i], v)
				}
			}
		}
	}
}

// TestForwardRefusesBadAdapterUse: a sequence whose adapter was loaded against another model, or
// whose scale is not finite, is refused by name in the step's errors, and nothing is computed.
func TestForwardRefusesBadAdapterUse(t *testing.T) {
	h := newHarness(t, generated(t, adapterBaseSpec, t.TempDir()), tensor.F32, 1)
	other := load(t, generated(t, adapterBaseSpec, t.TempDir())) // the same file, loaded again
	foreign, err := ParseAdapter(newAdapterFile(other, 4, 8, 1, 0.1).bytes(t), other)
	if err != nil {
		t.Fatal(err)
	}
	own, _ := testAdapters(t, h.m)
	for _, c := range []struct {
		name    string
		adapter *Adapter
		scale   float32
		want    string
	}{
		{"another model's adapter", foreign, 1, "loaded against another model"},
		{"a NaN scale", own, float32(math.NaN()), "adapter scale NaN is not finite"},
		{"an infinite scale", own, float32(math.Inf(-1)), "adapter scale -Inf is not finite"},
	} {
		good, bad := h.newSeq(1), h.newSeq(2)
		h.grow(good, 2)
		h.grow(bad, 2)
		batch := []Seq{{Tokens: []int32{1, 5}, Pages: good.pages, Tenant: good.tenant, Logits: true},
			{Tokens: []int32{1, 5}, Pages: bad.pages, Tenant: bad.tenant, Logits: true, Adapter: c.adapter, AdapterScale: c.scale}}
		errs := h.m.Forward(h.pool, h.cache, h.ws, batch, make([]float32, 2*h.m.Vocab))
		if len(errs) != 2 || errs[0] != nil || errs[1] == nil || !strings.Contains(errs[1].Error(), c.want) {
			t.Errorf("%s: errors %v, want only the second sequence's, containing %q", c.name, errs, c.want)
		}
		h.next = 0
	}
}

// widened is halves as float32.
func widened(h []uint16) []float32 {
	f := make([]float32, len(h))
	for i, v := range h {
		f[i] = tensor.F16ToF32(v)
	}
	return f
}

// TestHalfAdapterGivesFloatBits: an F16 adapter file is held in halves, in half the bytes, and
// gives, over a prompt and decode steps, the logits of the same values held in float32 bit for
// bit; an F32 file whose values are not all halves stays float32. The base is F32: Q8_0 weights
// quantise the activations, which would hide a last-bit difference in the delta.
func TestHalfAdapterGivesFloatBits(t *testing.T) {
	spec := strings.Replace(adapterBaseSpec, "type=q8_0", "type=f32", 1)
	h := newHarness(t, generated(t, spec, t.TempDir()), tensor.F32, 2)
	half, err := ParseAdapter(newAdapterFile(h.m, 8, 16, 5, 0.1).inHalves().bytes(t), h.m)
	if err != nil {
		t.Fatal(err)
	}
	float := *half
	float.Blocks = slices.Clone(half.Blocks)
	var halfBytes, floatBytes int64
	for l := range float.Blocks {
		for _, slot := range float.Blocks[l].pairs() {
			p := **slot
			if p.A16 == nil {
				t.Fatalf("blk.%d: an F16 pair held in float32", l)
			}
			halfBytes += p.Bytes()
			p.A, p.B, p.A16, p.B16 = widened(p.A16), widened(p.B16), nil, nil
			floatBytes += p.Bytes()
			*slot = &p
		}
	}
	if 2*halfBytes != floatBytes {
		t.Errorf("held in %d bytes, %d in float32; want half", halfBytes, floatBytes)
	}
	var logits [2][]float32
	for i, a := range []*Adapter{half, &float} {
		s := h.newSeq(kvtypes.RequestID(i + 1))
		s.adapter, s.scale = a, 0.5
		out := h.step([]*seqState{s}, [][]int32{{1, 403, 407, 261, 378, 39, 120}})[0]
		for range 3 {
			out = append(out, h.step([]*seqState{s}, [][]int32{{int32(argmax(out[len(out)-h.m.Vocab:]))}})[0]...)
		}
		logits[i] = out
	}
	for i := range logits[0] {
		if math.Float32bits(logits[0][i]) != math.Float32bits(logits[1][i]) {
			t.Fatalf("logit %d: %v held in halves, %v in float32", i, logits[0][i], logits[1][i])
		}
	}
	f32, err := ParseAdapter(newAdapterFile(h.m, 8, 16, 5, 0.1).bytes(t), h.m)
	if err != nil {
		t.Fatal(err)
	}
	if p := f32.Blocks[0].Wq; p.A == nil || p.A16 != nil {
		t.Error("an F32 pair that is not all halves is held in halves")
	}
}
