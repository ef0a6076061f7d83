package model

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/gguf"
	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/tensor"
)

// synth describes a small random model written as GGUF, for architectures and features the shared
// models do not cover (qwen3's Q/K norms, llama3 rope factors, GQA with a separate head size).
type synth struct {
	arch                        string
	dim, layers, heads, kvHeads int
	headDim, ffn, vocab         int
	ropeFreqs                   bool
	linearScale                 float32
	mutate                      func(b *gguf.Builder, name string, shape []uint64) (skip bool)
}

func (s synth) build(t testing.TB) *gguf.File {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	b := gguf.NewBuilder()
	a := s.arch
	b.AddString("general.architecture", a)
	b.AddString("general.name", "synthetic "+a)
	b.AddUint32(a+".context_length", 256)
	b.AddUint32(a+".embedding_length", uint32(s.dim))
	b.AddUint32(a+".block_count", uint32(s.layers))
	b.AddUint32(a+".feed_forward_length", uint32(s.ffn))
	b.AddUint32(a+".attention.head_count", uint32(s.heads))
	b.AddUint32(a+".attention.head_count_kv", uint32(s.kvHeads))
	if s.headDim != s.dim/s.heads {
		b.AddUint32(a+".attention.key_length", uint32(s.headDim))
		b.AddUint32(a+".attention.value_length", uint32(s.headDim))
	}
	b.AddFloat32(a+".rope.freq_base", 10000)
	b.AddFloat32(a+".attention.layer_norm_rms_epsilon", 1e-6)
	if s.linearScale != 0 {
		b.AddString(a+".rope.scaling.type", "linear")
		b.AddFloat32(a+".rope.scaling.factor", s.linearScale)
	}
	toks := make([]string, s.vocab)
	for i := range toks {
		toks[i] = fmt.Sprintf("t%d", i)
	}
	b.AddStrings("tokenizer.ggml.tokens", toks)
	b.AddString("tokenizer.ggml.model", "gpt2")
	add := func(name string, values []float32, shape ...uint64) {
		if s.mutate != nil && s.mutate(b, name, shape) {
			return
		}
		data := make([]byte, 4*len(values))
		for i, v := range values {
			bits := math.Float32bits(v)
			data[4*i], data[4*i+1], data[4*i+2], data[4*i+3] = byte(bits), byte(bits>>8), byte(bits>>16), byte(bits>>24)
		}
		b.AddTensor(name, tensor.F32, shape, data)
	}
	rnd := func(n int, scale float64) []float32 {
		v := make([]float32, n)
		for i := range v {
			v[i] = float32(rng.NormFloat64() * scale)
		}
		return v
	}
	norm := func(n int) []float32 {
		v := rnd(n, 0.1)
		for i := range v {
			v[i] += 1
		}
		return v
	}
	qd, kvd := s.heads*s.headDim, s.kvHeads*s.headDim
	add("token_embd.weight", rnd(s.dim*s.vocab, 0.5), uint64(s.dim), uint64(s.vocab))
	add("output_norm.weight", norm(s.dim), uint64(s.dim))
	add("output.weight", rnd(s.dim*s.vocab, 0.2), uint64(s.dim), uint64(s.vocab))
	if s.ropeFreqs {
		f := make([]float32, s.headDim/2)
		for i := range f {
			f[i] = 1 + float32(i)*0.5
		}
		add("rope_freqs.weight", f, uint64(len(f)))
	}
	for l := 0; l < s.layers; l++ {
		p := fmt.Sprintf("blk.%d.", l)
		add(p+"attn_norm.weight", norm(s.dim), uint64(s.dim))
		add(p+"attn_q.weight", rnd(s.dim*qd, 0.2), uint64(s.dim), uint64(qd))
		add(p+"attn_k.weight", rnd(s.dim*kvd, 0.2), uint64(s.dim), uint64(kvd))
		add(p+"attn_v.weight", rnd(s.dim*kvd, 0.2), uint64(s.dim), uint64(kvd))
		if s.arch == "qwen2" {
			add(p+"attn_q.bias", rnd(qd, 0.1), uint64(qd))
			add(p+"attn_k.bias", rnd(kvd, 0.1), uint64(kvd))
			add(p+"attn_v.bias", rnd(kvd, 0.1), uint64(kvd))
		}
		if s.arch == "qwen3" {
			add(p+"attn_q_norm.weight", norm(s.headDim), uint64(s.headDim))
			add(p+"attn_k_norm.weight", norm(s.headDim), uint64(s.headDim))
		}
		add(p+"attn_output.weight", rnd(qd*s.dim, 0.2), uint64(qd), uint64(s.dim))
		add(p+"ffn_norm.weight", norm(s.dim), uint64(s.dim))
		add(p+"ffn_gate.weight", rnd(s.dim*s.ffn, 0.2), uint64(s.dim), uint64(s.ffn))
		add(p+"ffn_up.weight", rnd(s.dim*s.ffn, 0.2), uint64(s.dim), uint64(s.ffn))
		add(p+"ffn_down.weight", rnd(s.ffn*s.dim, 0.2), uint64(s.ffn), uint64(s.dim))
	}
	var buf bytes.Buffer
	if _, err := b.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	f, err := gguf.Parse(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestSyntheticArchitectures checks the paged path against the simple reference for features the
// shared models lack.
func TestSyntheticArchitectures(t *testing.T) {
	for _, s := range []synth{
		{arch: "qwen3", dim: 32, layers: 2, heads: 4, kvHeads: 2, headDim: 16, ffn: 48, vocab: 64},
		{arch: "llama", dim: 32, layers: 2, heads: 4, kvHeads: 1, headDim: 8, ffn: 48, vocab: 64, ropeFreqs: true},
		{arch: "llama", dim: 32, layers: 1, heads: 2, kvHeads: 2, headDim: 16, ffn: 40, vocab: 64, linearScale: 4},
		{arch: "qwen2", dim: 32, layers: 2, heads: 4, kvHeads: 2, headDim: 8, ffn: 48, vocab: 64},
	} {
		t.Run(fmt.Sprintf("%s-ropefreqs=%v-scale=%v", s.arch, s.ropeFreqs, s.linearScale), func(t *testing.T) {
			m, err := Load(s.build(t))
			if err != nil {
				t.Fatal(err)
			}
			pool := tensor.NewPool(2)
			defer pool.Close()
			cache, _ := kv.NewPool(kv.Config{Layers: m.Layers, KVHeads: m.KVHeads, HeadDim: m.HeadDim, PageTokens: 4, DType: tensor.F32, Pages: 16})
			ws := m.NewWorkspace(pool, 64, 4, 64)
			tokens := []int32{3, 17, 42, 5, 9, 60, 1, 2, 33, 12}
			want := (&refModel{m: m}).logitsAll(t, tokens)
			var pages []kvtypes.PageRef
			for i := kvtypes.PageID(0); i < 3; i++ {
				cache.Stamp(i, kvtypes.Header{Tenant: kvtypes.TenantKey{1}, Gen: 1, Written: true})
				pages = append(pages, kvtypes.PageRef{Page: i, Gen: 1})
			}
			logits := make([]float32, m.Vocab)
			for pos := 0; pos < len(tokens); pos++ {
				if errs := m.Forward(pool, cache, ws, []Seq{{Tokens: tokens[pos : pos+1], Pos: pos, Pages: pages, Tenant: kvtypes.TenantKey{1}, Logits: true}}, logits); errs != nil {
					t.Fatal(errs)
				}
				if rel := relError(logits, want[pos]); rel > 1e-5 {
					t.Fatalf("position %d: relative error %.3g", pos, rel)
				}
			}
		})
	}
}

// TestLoadRejectsInconsistentFiles checks that shapes and keys that contradict the
// hyper-parameters are refused with the field named.
func TestLoadRejectsInconsistentFiles(t *testing.T) {
	base := synth{arch: "llama", dim: 16, layers: 1, heads: 2, kvHeads: 2, headDim: 8, ffn: 24, vocab: 32}
	cases := []struct {
		name   string
		mutate func(b *gguf.Builder, name string, shape []uint64) bool
		want   string
	}{
		{"missing tensor", func(_ *gguf.Builder, n string, _ []uint64) bool { return n == "blk.0.ffn_up.weight" }, "blk.0.ffn_up.weight: missing"},
		{"wrong shape", func(b *gguf.Builder, n string, s []uint64) bool {
			if n == "blk.0.attn_k.weight" {
				b.AddTensor(n, tensor.F32, []uint64{16, 8}, make([]byte, 16*8*4))
				return true
			}
			return false
		}, "blk.0.attn_k.weight: shape [16 8]"},
		{"1-D where 2-D", func(b *gguf.Builder, n string, s []uint64) bool {
			if n == "output.weight" {
				b.AddTensor(n, tensor.F32, []uint64{16 * 32}, make([]byte, 16*32*4))
				return true
			}
			return false
		}, "output.weight: shape"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := base
			s.mutate = c.mutate
			_, err := Load(s.build(t))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one mentioning %q", err, c.want)
			}
		})
	}
	for _, c := range []struct {
		s    synth
		want string
	}{
		{synth{arch: "llama", dim: 24, layers: 1, heads: 3, kvHeads: 2, headDim: 8, ffn: 24, vocab: 32}, "does not divide head_count"},
		{synth{arch: "falcon", dim: 16, layers: 1, heads: 2, kvHeads: 2, headDim: 8, ffn: 24, vocab: 32}, `"falcon" is not supported`},
		{synth{arch: "llama", dim: 18, layers: 1, heads: 2, kvHeads: 2, headDim: 9, ffn: 24, vocab: 32}, "odd"},
	} {
		if _, err := Load(c.s.build(t)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want one mentioning %q", c.s, err, c.want)
		}
	}
}
