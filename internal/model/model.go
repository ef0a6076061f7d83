package model

import (
	"fmt"

	"github.com/kvwarden/kvwarden/internal/gguf"
	"github.com/kvwarden/kvwarden/internal/tensor"
)

// Layer is one transformer block; tensor names are those of llama.cpp's GGUF files.
type Layer struct {
	AttnNorm   []float32      // blk.N.attn_norm.weight
	Wq, Wk, Wv *tensor.Matrix // blk.N.attn_{q,k,v}.weight
	Bq, Bk, Bv []float32      // blk.N.attn_{q,k,v}.bias (qwen2)
	QNorm      []float32      // blk.N.attn_q_norm.weight (qwen3)
	KNorm      []float32      // blk.N.attn_k_norm.weight (qwen3)
	Wo         *tensor.Matrix // blk.N.attn_output.weight
	FFNNorm    []float32      // blk.N.ffn_norm.weight
	Gate, Up   *tensor.Matrix // blk.N.ffn_{gate,up}.weight
	Down       *tensor.Matrix // blk.N.ffn_down.weight
}

// Model is a loaded transformer. Weights point into the GGUF mapping, which must stay open.
type Model struct {
	Config
	Embed      *tensor.Matrix // token_embd.weight, rows are tokens
	Blocks     []Layer
	OutNorm    []float32      // output_norm.weight
	Output     *tensor.Matrix // output.weight, or token_embd.weight when tied
	RopeFreqs  []float32      // rope_freqs.weight (llama3 long-context factors), nil when absent
	ropeInvFrq []float32      // per pair: the angle per position
}

// Load builds a model over the file's tensors, checking every shape against the config.
func Load(f *gguf.File) (*Model, error) {
	cfg, err := ReadConfig(f)
	if err != nil {
		return nil, err
	}
	m := &Model{Config: cfg}
	l := loader{f: f}
	m.Embed = l.matrix("token_embd.weight", cfg.Dim, cfg.Vocab)
	m.OutNorm = l.vector("output_norm.weight", cfg.Dim, true)
	if _, ok := f.Tensor("output.weight"); ok {
		m.Output = l.matrix("output.weight", cfg.Dim, cfg.Vocab)
	} else {
		m.Output, m.TiedOutput = m.Embed, true
	}
	if _, ok := f.Tensor("rope_freqs.weight"); ok {
		m.RopeFreqs = l.vector("rope_freqs.weight", cfg.RopeDim/2, true)
	}
	m.Blocks = make([]Layer, cfg.Layers)
	for i := range m.Blocks {
		b := fmt.Sprintf("blk.%d.", i)
		ly := &m.Blocks[i]
		ly.AttnNorm = l.vector(b+"attn_norm.weight", cfg.Dim, true)
		ly.Wq = l.matrix(b+"attn_q.weight", cfg.Dim, cfg.QDim())
		ly.Wk = l.matrix(b+"attn_k.weight", cfg.Dim, cfg.KVDim())
		ly.Wv = l.matrix(b+"attn_v.weight", cfg.Dim, cfg.KVDim())
		ly.Wo = l.matrix(b+"attn_output.weight", cfg.QDim(), cfg.Dim)
		ly.Bq = l.vector(b+"attn_q.bias", cfg.QDim(), cfg.QKVBias)
		ly.Bk = l.vector(b+"attn_k.bias", cfg.KVDim(), cfg.QKVBias)
		ly.Bv = l.vector(b+"attn_v.bias", cfg.KVDim(), cfg.QKVBias)
		ly.QNorm = l.vector(b+"attn_q_norm.weight", cfg.HeadDim, cfg.QKNorm)
		ly.KNorm = l.vector(b+"attn_k_norm.weight", cfg.HeadDim, cfg.QKNorm)
		ly.FFNNorm = l.vector(b+"ffn_norm.weight", cfg.Dim, true)
		ly.Gate = l.matrix(b+"ffn_gate.weight", cfg.Dim, cfg.FFN)
		ly.Up = l.matrix(b+"ffn_up.weight", cfg.Dim, cfg.FFN)
		ly.Down = l.matrix(b+"ffn_down.weight", cfg.FFN, cfg.Dim)
	}
	if l.err != nil {
		return nil, l.err
	}
	// The matrices the forward pass multiplies by, laid out for the kernels now rather
	// than during the first request (the embedding is only read by rows).
	m.Output.Prepare()
	for i := range m.Blocks {
		ly := &m.Blocks[i]
		for _, w := range []*tensor.Matrix{ly.Wq, ly.Wk, ly.Wv, ly.Wo, ly.Gate, ly.Up, ly.Down} {
			w.Prepare()
		}
	}
	m.ropeInvFrq = ropeFrequencies(&m.Config, m.RopeFreqs)
	return m, nil
}

type loader struct {
	f   *gguf.File
	err error
}

// matrix maps a 2-D weight of shape [cols, rows] (ggml order).
func (l *loader) matrix(name string, cols, rows int) *tensor.Matrix {
	if l.err != nil {
		return nil
	}
	t, ok := l.f.Tensor(name)
	if !ok {
		l.err = fmt.Errorf("tensor %s: missing", name)
		return nil
	}
	if len(t.Shape) != 2 || t.Shape[0] != uint64(cols) || t.Shape[1] != uint64(rows) {
		l.err = fmt.Errorf("tensor %s: shape %v, the hyper-parameters want [%d %d]", name, t.Shape, cols, rows)
		return nil
	}
	return &tensor.Matrix{Type: t.Type, Rows: rows, Cols: cols, Data: t.Data}
}

// vector reads a 1-D tensor (a norm weight or a bias) into float32.
func (l *loader) vector(name string, n int, required bool) []float32 {
	if l.err != nil {
		return nil
	}
	t, ok := l.f.Tensor(name)
	if !ok {
		if required {
			l.err = fmt.Errorf("tensor %s: missing", name)
		}
		return nil
	}
	if len(t.Shape) != 1 || t.Shape[0] != uint64(n) {
		l.err = fmt.Errorf("tensor %s: shape %v, the hyper-parameters want [%d]", name, t.Shape, n)
		return nil
	}
	out := make([]float32, n)
	if err := tensor.Dequantize(t.Type, t.Data, out); err != nil {
		l.err = fmt.Errorf("tensor %s: %v", name, err)
		return nil
	}
	return out
}
