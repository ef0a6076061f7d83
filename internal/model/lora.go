package model

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/kvwarden/kvwarden/internal/gguf"
	"github.com/kvwarden/kvwarden/internal/tensor"
)

// MaxAdapterRank bounds a LoRA pair's rank, so that the forward pass keeps a row's A·x on the
// stack (vLLM's --max-lora-rank tops out at 512 as well).
const MaxAdapterRank = 512

// maxAdapterBytes bounds an adapter file, which is read whole into memory (a rank-16 F32 adapter
// on every projection of a 70B model is about 0.8 GB).
const maxAdapterBytes = 1 << 30

// Adapter is a LoRA adapter (llama.cpp's GGUF adapter format) checked against one base model.
// Its weights are copied out of the file, so it outlives the file's bytes. It is read-only once
// loaded and may be shared by any number of sequences and steps.
type Adapter struct {
	Alpha float32 // adapter.lora.alpha; 0 means the request's scale is used as it is
	// Fingerprint is the SHA-256 of the adapter file's bytes: its identity wherever state made
	// under it is shared or moved (the prefix cache's namespace, a transfer manifest's).
	Fingerprint [32]byte
	Blocks      []AdapterLayer // one per base layer
	base        *Model         // the model it was checked against
}

// AdapterLayer holds a block's pairs; a projection the adapter does not touch is nil.
type AdapterLayer struct {
	Wq, Wk, Wv, Wo, Gate, Up, Down *LoRAPair
}

// LoRAPair is the low-rank update W + scale·B·A of one base matrix W (Out rows, In columns).
type LoRAPair struct {
	Rank, In, Out int
	A             []float32 // Rank rows of In: .lora_a, ggml ne [In, Rank]
	// B is .lora_b (ggml ne [Rank, Out], Out rows of Rank in the file) held transposed, Rank rows
	// of Out, in panels (tensor.PanelLowRankB): the delta sums B·(A·x) as Rank row updates.
	B []float32
	// A16 and B16 hold A and B as halves instead (A and B are nil) when every value of the pair
	// is exactly a half, as in an F16 adapter file: the same values in half the bytes, which a
	// decode step streams once per sequence. tensor.LowRankDeltaF16 widens each one and gives the
	// bits of the float32 product, so how a pair is held never changes a result.
	A16, B16 []uint16
}

// Bytes is the memory the pair's weights hold.
func (p *LoRAPair) Bytes() int64 { return 4*int64(len(p.A)+len(p.B)) + 2*int64(len(p.A16)+len(p.B16)) }

// Scale is the factor applied to B·A·x for a request scale s, computed as llama.cpp does in
// float32: s·alpha/rank, or s alone when alpha is 0.
func (a *Adapter) Scale(s float32, p *LoRAPair) float32 {
	if a.Alpha == 0 {
		return s
	}
	return s * a.Alpha / float32(p.Rank)
}

// RemoteAdapter is an adapter known only by its fingerprint, as a router holds the adapters its
// nodes loaded: it has no weights, LoadedFor is false for every model, so no engine runs it; a
// node runs the request with its own adapter of that fingerprint.
func RemoteAdapter(fingerprint [32]byte) *Adapter { return &Adapter{Fingerprint: fingerprint} }

// LoadedFor reports whether the adapter was checked against m (Seq.Adapter requires it).
func (a *Adapter) LoadedFor(m *Model) bool { return a.base == m }

// Pairs counts the adapter's LoRA pairs.
func (a *Adapter) Pairs() int {
	n := 0
	for i := range a.Blocks {
		for _, p := range a.Blocks[i].pairs() {
			if *p != nil {
				n++
			}
		}
	}
	return n
}

// pairs lists the layer's slots in the order of adapterProjections.
func (l *AdapterLayer) pairs() [7]**LoRAPair {
	return [7]**LoRAPair{&l.Wq, &l.Wk, &l.Wv, &l.Wo, &l.Gate, &l.Up, &l.Down}
}

// adapterProjections are the base tensors an adapter may target, in AdapterLayer.pairs order.
var adapterProjections = [7]string{"attn_q", "attn_k", "attn_v", "attn_output", "ffn_gate", "ffn_up", "ffn_down"}

// projection returns the layer's matrix for the projection at index i of adapterProjections.
func (ly *Layer) projection(i int) *tensor.Matrix {
	return [7]*tensor.Matrix{ly.Wq, ly.Wk, ly.Wv, ly.Wo, ly.Gate, ly.Up, ly.Down}[i]
}

// ReadAdapter loads the adapter file at path against the base model m.
func ReadAdapter(path string, m *Model) (*Adapter, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if st.Size() > maxAdapterBytes {
		return nil, fmt.Errorf("%s: %d bytes exceeds the %d-byte limit for an adapter", path, st.Size(), maxAdapterBytes)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	a, err := ParseAdapter(b, m)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return a, nil
}

// ParseAdapter checks a GGUF LoRA adapter held in b against the base model m and copies its
// weights out. Every error names the key or tensor at fault.
func ParseAdapter(b []byte, m *Model) (*Adapter, error) {
	f, err := gguf.Parse(b)
	if err != nil {
		return nil, err
	}
	a, err := adapterHeader(f, m)
	if err != nil {
		return nil, err
	}
	a.Fingerprint = sha256.Sum256(b)
	// Pairs in the order of their first tensor in the file, so that the first fault reported
	// does not depend on map order.
	var order []string
	halves := map[string]*[2]*gguf.TensorInfo{} // base tensor name: its lora_a and lora_b
	for i := range f.Tensors {
		t := &f.Tensors[i]
		baseName, half, ok := splitLoRAName(t.Name)
		if !ok {
			return nil, fmt.Errorf("tensor %s: not a LoRA tensor (names end in .lora_a or .lora_b)", t.Name)
		}
		if halves[baseName] == nil {
			halves[baseName] = new([2]*gguf.TensorInfo)
			order = append(order, baseName)
		}
		halves[baseName][half] = t
	}
	if len(order) == 0 {
		return nil, errors.New("the adapter holds no LoRA tensors")
	}
	for _, baseName := range order {
		h := halves[baseName]
		layer, proj, err := m.adapterTarget(baseName)
		if err != nil {
			return nil, err
		}
		if h[0] == nil {
			return nil, fmt.Errorf("tensor %s.lora_a: missing, its pair %s is present", baseName, h[1].Name)
		}
		if h[1] == nil {
			return nil, fmt.Errorf("tensor %s.lora_b: missing, its pair %s is present", baseName, h[0].Name)
		}
		p, err := readPair(h[0], h[1], m.Blocks[layer].projection(proj))
		if err != nil {
			return nil, err
		}
		*a.Blocks[layer].pairs()[proj] = p
	}
	return a, nil
}

// adapterHeader checks the adapter's metadata against the base model.
func adapterHeader(f *gguf.File, m *Model) (*Adapter, error) {
	for _, want := range [][2]string{{"general.type", "adapter"}, {"adapter.type", "lora"}, {"general.architecture", m.Arch}} {
		got, ok := f.String(want[0])
		if !ok {
			return nil, fmt.Errorf("%s: missing (want %q)", want[0], want[1])
		}
		if got != want[1] {
			return nil, fmt.Errorf("%s: %q, want %q (the base model's)", want[0], got, want[1])
		}
	}
	a := &Adapter{Blocks: make([]AdapterLayer, m.Layers), base: m}
	if f.Has("adapter.lora.alpha") {
		alpha, ok := f.Float("adapter.lora.alpha")
		if !ok || math.IsNaN(alpha) || math.IsInf(alpha, 0) || math.Abs(alpha) > math.MaxFloat32 {
			return nil, fmt.Errorf("adapter.lora.alpha: not a finite float32")
		}
		a.Alpha = float32(alpha)
	}
	return a, nil
}

// splitLoRAName splits "blk.N.attn_q.weight.lora_a" into its base tensor name and half (0 for
// lora_a, 1 for lora_b).
func splitLoRAName(name string) (base string, half int, ok bool) {
	if base, ok = strings.CutSuffix(name, ".lora_a"); ok {
		return base, 0, true
	}
	base, ok = strings.CutSuffix(name, ".lora_b")
	return base, 1, ok
}

// adapterTarget resolves a base tensor name to a layer and an index of adapterProjections.
func (m *Model) adapterTarget(baseName string) (layer, proj int, err error) {
	rest, ok := strings.CutPrefix(baseName, "blk.")
	if ok {
		var num, tail string
		if num, tail, ok = strings.Cut(rest, "."); ok {
			layer, err = strconv.Atoi(num)
			ok = err == nil && layer >= 0 && layer < m.Layers && num == strconv.Itoa(layer)
			for i, p := range adapterProjections {
				if ok && tail == p+".weight" {
					return layer, i, nil
				}
			}
		}
	}
	return 0, 0, fmt.Errorf("tensor %s.lora_*: %s is not a projection of this %d-layer base model (adapted: %s)",
		baseName, baseName, m.Layers, strings.Join(adapterProjections[:], ", "))
}

// readPair checks a pair's shapes against the base matrix w and copies it, refusing non-finite
// values.
func readPair(ta, tb *gguf.TensorInfo, w *tensor.Matrix) (*LoRAPair, error) {
	if len(ta.Shape) != 2 {
		return nil, fmt.Errorf("tensor %s: %d dimensions, want 2", ta.Name, len(ta.Shape))
	}
	if len(tb.Shape) != 2 {
		return nil, fmt.Errorf("tensor %s: %d dimensions, want 2", tb.Name, len(tb.Shape))
	}
	rank := ta.Shape[1]
	if ta.Shape[0] != uint64(w.Cols) {
		return nil, fmt.Errorf("tensor %s: shape %v, the base matrix has %d inputs (want [%d rank])", ta.Name, ta.Shape, w.Cols, w.Cols)
	}
	if tb.Shape[1] != uint64(w.Rows) {
		return nil, fmt.Errorf("tensor %s: shape %v, the base matrix has %d outputs (want [rank %d])", tb.Name, tb.Shape, w.Rows, w.Rows)
	}
	if tb.Shape[0] != rank {
		return nil, fmt.Errorf("tensor %s: rank %d differs from %s's rank %d", tb.Name, tb.Shape[0], ta.Name, rank)
	}
	if rank > MaxAdapterRank {
		return nil, fmt.Errorf("tensor %s: rank %d exceeds the maximum %d", ta.Name, rank, MaxAdapterRank)
	}
	p := &LoRAPair{Rank: int(rank), In: w.Cols, Out: w.Rows}
	var err error
	if p.A, err = finiteFloats(ta); err != nil {
		return nil, err
	}
	b, err := finiteFloats(tb)
	if err != nil {
		return nil, err
	}
	p.B = make([]float32, len(b))
	for o := range p.Out {
		for k := range p.Rank {
			p.B[tensor.LowRankPanelIndex(k, o, p.Rank, p.Out)] = b[o*p.Rank+k]
		}
	}
	if h, changed, err := p.halved(); err == nil && !changed {
		return h, nil // every value is exactly a half: the same values in half the bytes
	}
	return p, nil
}

// finiteFloats decodes a tensor to float32, refusing NaN and infinities.
func finiteFloats(t *gguf.TensorInfo) ([]float32, error) {
	out := make([]float32, t.Elements())
	if err := tensor.Dequantize(t.Type, t.Data, out); err != nil {
		return nil, fmt.Errorf("tensor %s: %v", t.Name, err)
	}
	for i, v := range out {
		if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
			return nil, fmt.Errorf("tensor %s: element %d is %v; an adapter's values must be finite", t.Name, i, v)
		}
	}
	return out, nil
}
