package bench

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"math/rand/v2"

	"github.com/kvwarden/kvwarden/internal/gguf"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/tensor"
)

// RandomAdapters makes n LoRA adapters of rank rank on all seven projections of every block of m,
// in llama.cpp's GGUF adapter format and loaded as serve --lora loads a file, with N(0, 0.02²)
// values drawn from seed: "bench serve --adapters" measures serving several adapters at once
// without files. Their names are bench-lora-1, bench-lora-2, ...; n of 0 makes none.
func RandomAdapters(m *model.Model, n, rank int, seed uint64) (map[string]*model.Adapter, error) {
	if n == 0 {
		return nil, nil
	}
	if n < 0 || rank < 1 || rank > model.MaxAdapterRank {
		return nil, fmt.Errorf("adapters %d of rank %d: want rank 1 to %d", n, rank, model.MaxAdapterRank)
	}
	out := make(map[string]*model.Adapter, n)
	for i := range n {
		a, err := randomAdapter(m, rank, seed+uint64(i))
		if err != nil {
			return nil, err
		}
		out[AdapterName(i)] = a
	}
	return out, nil
}

// AdapterName is the name of RandomAdapters' i-th adapter (from 0).
func AdapterName(i int) string { return fmt.Sprintf("bench-lora-%d", i+1) }

func randomAdapter(m *model.Model, rank int, seed uint64) (*model.Adapter, error) {
	rng := rand.New(rand.NewPCG(seed, 0x10ba))
	b := gguf.NewBuilder()
	b.AddString("general.architecture", m.Arch)
	b.AddString("general.type", "adapter")
	b.AddString("adapter.type", "lora")
	b.AddFloat32("adapter.lora.alpha", float32(rank))
	values := func(n int) []byte {
		out := make([]byte, 0, 4*n)
		for range n {
			out = binaryAppendF32(out, float32(rng.NormFloat64()*0.02))
		}
		return out
	}
	for l := range m.Blocks {
		ly := &m.Blocks[l]
		for _, p := range []struct {
			name string
			w    *tensor.Matrix
		}{{"attn_q", ly.Wq}, {"attn_k", ly.Wk}, {"attn_v", ly.Wv}, {"attn_output", ly.Wo}, {"ffn_gate", ly.Gate}, {"ffn_up", ly.Up}, {"ffn_down", ly.Down}} {
			if p.w == nil { // an architecture without the projection (no gate)
				continue
			}
			name := fmt.Sprintf("blk.%d.%s.weight", l, p.name)
			b.AddTensor(name+".lora_a", tensor.F32, []uint64{uint64(p.w.Cols), uint64(rank)}, values(p.w.Cols*rank))
			b.AddTensor(name+".lora_b", tensor.F32, []uint64{uint64(rank), uint64(p.w.Rows)}, values(rank*p.w.Rows))
		}
	}
	var buf bytes.Buffer
	if _, err := b.WriteTo(&buf); err != nil {
		return nil, err
	}
	return model.ParseAdapter(buf.Bytes(), m)
}

func binaryAppendF32(b []byte, f float32) []byte {
	u := math.Float32bits(f)
	return append(b, byte(u), byte(u>>8), byte(u>>16), byte(u>>24))
}

// AdapterResult is one adapter's share of a serve run spread over adapters.
type AdapterResult struct {
	Adapter         string  `json:"adapter"`
	Completed       int     `json:"completed"`
	Failed          int     `json:"failed"`
	GeneratedTokens int     `json:"generated_tokens"`
	E2EP50          float64 `json:"e2e_p50_ms"`
	TPOTP50         float64 `json:"tpot_p50_ms"`
}

// perAdapter sums results by the adapter each request named.
func perAdapter(results []reqResult, names []string) []AdapterResult {
	out := make([]AdapterResult, len(names))
	e2e, tpot := make([][]float64, len(names)), make([][]float64, len(names))
	for i := range out {
		out[i].Adapter = names[i]
	}
	for _, r := range results {
		a := &out[r.adapter]
		if r.err != nil {
			a.Failed++
			continue
		}
		a.Completed++
		a.GeneratedTokens += r.tokens
		e2e[r.adapter] = append(e2e[r.adapter], float64(r.e2e)/1e6)
		if r.tokens > 1 {
			tpot[r.adapter] = append(tpot[r.adapter], float64(r.e2e-r.ttft)/1e6/float64(r.tokens-1))
		}
	}
	for i := range out {
		if len(e2e[i]) > 0 {
			out[i].E2EP50 = Median(e2e[i])
		}
		if len(tpot[i]) > 0 {
			out[i].TPOTP50 = Median(tpot[i])
		}
	}
	return out
}

// writePerAdapter prints the per-adapter table of a run spread over adapters.
func writePerAdapter(w io.Writer, r *ServeResult) {
	if len(r.PerAdapter) == 0 {
		return
	}
	width := len("adapter")
	for _, a := range r.PerAdapter {
		width = max(width, len(a.Adapter))
	}
	fmt.Fprintf(w, "\n%-*s %9s %7s %8s %11s %12s\n", width, "adapter", "completed", "failed", "tokens", "E2E p50 ms", "TPOT p50 ms")
	for _, a := range r.PerAdapter {
		fmt.Fprintf(w, "%-*s %9d %7d %8d %11.1f %12.2f\n", width, a.Adapter, a.Completed, a.Failed, a.GeneratedTokens, a.E2EP50, a.TPOTP50)
	}
}
