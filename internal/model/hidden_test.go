package model

import (
	"math"
	"testing"

	"github.com/kvwarden/kvwarden/internal/gguf"
	"github.com/kvwarden/kvwarden/internal/tensor"
)

// TestHiddenMatchesReference checks Seq.Hidden against the float64 reference forward's final
// hidden state (after the output norm): the last position's (last pooling) and the sum over every
// position (mean pooling, before dividing), with the prompt fed in chunks and batched beside
// another sequence; the result is bit-identical to the prompt fed alone in one chunk.
func TestHiddenMatchesReference(t *testing.T) {
	models := append(testModels[:len(testModels):len(testModels)], struct {
		name string
		open func(t testing.TB) *gguf.File
	}{"qwen3", func(t testing.TB) *gguf.File {
		return synth{arch: "qwen3", dim: 32, layers: 2, heads: 4, kvHeads: 2, headDim: 16, ffn: 48, vocab: 512}.build(t)
	}})
	tokens := []int32{1, 403, 407, 261, 378, 39, 120, 55, 99, 12, 300, 301, 302, 17, 18, 19, 20}
	for _, tm := range models {
		t.Run(tm.name, func(t *testing.T) {
			h := newHarness(t, tm.open(t), tensor.F32, 2)
			ref := &refModel{m: h.m}
			ref.logitsAll(t, tokens)
			wantLast := ref.hidden[len(tokens)-1]
			wantSum := make([]float64, h.m.Dim)
			for _, hv := range ref.hidden {
				for i, v := range hv {
					wantSum[i] += v
				}
			}
			tol := map[tensor.DType]float64{tensor.F32: 1e-5, tensor.F16: 1e-3}[h.m.Output.Type]
			if tol == 0 {
				tol = 3e-2
			}
			for _, sum := range []bool{false, true} {
				alone := h.hidden(tokens, len(tokens), sum, false)
				chunked := h.hidden(tokens, 5, sum, true)
				want := wantLast
				if sum {
					want = wantSum
				}
				if rel := relError(alone, want); rel > tol {
					t.Errorf("sum %t: relative error %.3g > %g", sum, rel, tol)
				}
				for i := range alone {
					if math.Float32bits(alone[i]) != math.Float32bits(chunked[i]) {
						t.Fatalf("sum %t: element %d differs chunked and batched: %v vs %v", sum, i, chunked[i], alone[i])
					}
				}
				if rel := relError(chunked, want); rel > tol {
					t.Errorf("sum %t chunked: relative error %.3g > %g", sum, rel, tol)
				}
			}
		})
	}
}

// hidden feeds tokens in chunks of chunk, beside another sequence when batched, and returns the
// pooled hidden state.
func (h *harness) hidden(tokens []int32, chunk int, sum, batched bool) []float32 {
	h.t.Helper()
	out := make([]float32, h.m.Dim)
	s, o := h.newSeq(1), h.newSeq(2)
	other := []int32{5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23}
	for pos := 0; pos < len(tokens); pos += chunk {
		part := tokens[pos:min(pos+chunk, len(tokens))]
		h.grow(s, len(part))
		batch := []Seq{{Tokens: part, Pos: s.pos, Pages: s.pages, Tenant: s.tenant, Hidden: out, HiddenSum: sum}}
		if batched {
			op := other[o.pos : o.pos+1]
			h.grow(o, 1)
			batch = append([]Seq{{Tokens: op, Pos: o.pos, Pages: o.pages, Tenant: o.tenant, Logits: true}}, batch...)
		}
		logits := make([]float32, len(batch)*h.m.Vocab)
		if errs := h.m.Forward(h.pool, h.cache, h.ws, batch, logits); errs != nil {
			h.t.Fatalf("forward: %v", errs)
		}
		s.pos += len(part)
		if batched {
			o.pos++
		}
	}
	return out
}

// TestPoolingType reads ARCH.pooling_type: absent means a generative model.
func TestPoolingType(t *testing.T) {
	for _, c := range []struct {
		spec string
		want Pooling
	}{
		{"dummy:llama,dim=64,layers=1,heads=2,kv_heads=2,ffn=64,vocab=512,ctx=64,type=f32", PoolNone},
		{"dummy:llama,dim=64,layers=1,heads=2,kv_heads=2,ffn=64,vocab=512,ctx=64,type=f32,pooling=last", PoolLast},
		{"dummy:llama,dim=64,layers=1,heads=2,kv_heads=2,ffn=64,vocab=512,ctx=64,type=f32,pooling=mean", PoolMean},
	} {
		if got := load(t, generated(t, c.spec, t.TempDir())).Pooling; got != c.want {
			t.Errorf("%s: pooling %s, want %s", c.spec, got, c.want)
		}
	}
}
