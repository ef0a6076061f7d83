package bench

import (
	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/tensor"
)

// ModelInfo is what the roofline needs to know of a model.
type ModelInfo struct {
	Name       string `json:"name"`
	Arch       string `json:"arch"`
	Layers     int    `json:"layers"`
	Dim        int    `json:"dim"`
	Heads      int    `json:"heads"`
	KVHeads    int    `json:"kv_heads"`
	FFN        int    `json:"ffn"`
	Vocab      int    `json:"vocab"`
	WeightType string `json:"weight_type"` // of the block matrices (the first attn_q)
	// WeightBytes is every tensor the model holds: the GGUF tensor data it uses.
	WeightBytes int64 `json:"weight_bytes"`
	// StreamedBytes is what each forward step reads in full: the block matrices and norms and the
	// output matrix. The embedding table is only gathered a row per token (unless tied to the
	// output), so it is left out.
	StreamedBytes int64 `json:"streamed_bytes_per_step"`
	Params        int64 `json:"params"`
	BlockParams   int64 `json:"block_matrix_params"` // multiplied by every token
	OutputParams  int64 `json:"output_params"`       // multiplied once per sequence that asks for logits
	QDim          int   `json:"q_dim"`
	// KVBytesPerToken is the KV cache per token of context at the bench's KV type.
	KVBytesPerToken int64 `json:"kv_bytes_per_token"`
}

func matrixBytes(m *tensor.Matrix) int64  { return int64(m.Rows) * int64(m.RowBytes()) }
func matrixParams(m *tensor.Matrix) int64 { return int64(m.Rows) * int64(m.Cols) }

// DescribeModel accounts for a loaded model's weights; kvType is the KV cache element type.
func DescribeModel(m *model.Model, kvType tensor.DType) ModelInfo {
	mi := ModelInfo{Name: m.Name, Arch: m.Arch, Layers: m.Layers, Dim: m.Dim, Heads: m.Heads, KVHeads: m.KVHeads,
		FFN: m.FFN, Vocab: m.Vocab, QDim: m.QDim()}
	if bpt, err := kv.BytesPerToken(m.Layers, m.KVHeads, m.HeadDim, kvType); err == nil {
		mi.KVBytesPerToken = int64(bpt)
	}
	vec := func(v []float32) {
		mi.WeightBytes += 4 * int64(len(v))
		mi.StreamedBytes += 4 * int64(len(v))
		mi.Params += int64(len(v))
	}
	for i := range m.Blocks {
		b := &m.Blocks[i]
		if i == 0 && b.Wq != nil {
			mi.WeightType = b.Wq.Type.String()
		}
		for _, w := range []*tensor.Matrix{b.Wq, b.Wk, b.Wv, b.Wo, b.Gate, b.Up, b.Down} {
			if w == nil {
				continue
			}
			mi.WeightBytes += matrixBytes(w)
			mi.StreamedBytes += matrixBytes(w)
			mi.Params += matrixParams(w)
			mi.BlockParams += matrixParams(w)
		}
		for _, v := range [][]float32{b.AttnNorm, b.Bq, b.Bk, b.Bv, b.QNorm, b.KNorm, b.FFNNorm} {
			vec(v)
		}
	}
	vec(m.OutNorm)
	if m.Embed != nil {
		mi.WeightBytes += matrixBytes(m.Embed)
		mi.Params += matrixParams(m.Embed)
	}
	if m.Output != nil {
		if m.Output != m.Embed {
			mi.WeightBytes += matrixBytes(m.Output)
			mi.Params += matrixParams(m.Output)
		}
		mi.StreamedBytes += matrixBytes(m.Output)
		mi.OutputParams = matrixParams(m.Output)
	}
	return mi
}

// PrefillFLOPs is the arithmetic of processing batch prompts of p tokens: 2 FLOPs per block
// weight per token, the causal attention (q·k and the weighted sum of v: 4·QDim per layer per
// earlier position), and one output row per sequence. Element-wise work (norms, RoPE, SiLU) is
// left out: it is a small fraction and not multiply-add shaped.
func (mi ModelInfo) PrefillFLOPs(batch, p int) float64 {
	P := float64(p)
	perSeq := P*2*float64(mi.BlockParams) + 4*float64(mi.QDim)*float64(mi.Layers)*P*(P+1)/2 + 2*float64(mi.OutputParams)
	return float64(batch) * perSeq
}

// DecodeBytesPerStep is what one generation step of batch sequences reads, on average over gen
// steps that start from a 1-token prompt: every streamed weight once, plus each sequence's KV
// cache so far ((gen+1)/2 tokens on average).
func (mi ModelInfo) DecodeBytesPerStep(batch, gen int) float64 {
	return mi.DecodeBytesPerStepAt(batch, 0, gen)
}

// DecodeBytesPerStepAt is DecodeBytesPerStep after a prompt of depth tokens: each sequence's KV
// cache holds depth more tokens at every step.
func (mi ModelInfo) DecodeBytesPerStepAt(batch, depth, gen int) float64 {
	return float64(mi.StreamedBytes) + float64(batch)*float64(mi.KVBytesPerToken)*(float64(depth)+float64(gen+1)/2)
}
