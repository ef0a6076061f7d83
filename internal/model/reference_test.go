package model

import (
	"math"
	"testing"

	"github.com/kvwarden/kvwarden/internal/gguf"
	"github.com/kvwarden/kvwarden/internal/tensor"
)

// refModel is a deliberately simple forward pass: float64 accumulation, weights dequantised up
// front, a plain slice as the KV cache, one token at a time. It shares nothing with the paged path
// but the weights.
type refModel struct {
	m *Model
	// adapter, when set, is merged into the weights at scale (llama.cpp's export-lora
	// equivalence: W + scale·alpha/rank·B·A).
	adapter *Adapter
	scale   float32
	kcache  [][][]float64 // [layer][pos][kvdim]
	vcache  [][][]float64
	hidden  [][]float64 // per position, the final hidden state after the output norm
}

func dense(t *testing.T, w *tensor.Matrix) [][]float64 {
	out := make([][]float64, w.Rows)
	row := make([]float32, w.Cols)
	rb, _ := w.Type.RowBytes(uint64(w.Cols))
	for r := range out {
		if err := tensor.Dequantize(w.Type, w.Data[uint64(r)*rb:uint64(r+1)*rb], row); err != nil {
			t.Fatal(err)
		}
		out[r] = make([]float64, w.Cols)
		for i, v := range row {
			out[r][i] = float64(v)
		}
	}
	return out
}

func matvec(w [][]float64, x []float64) []float64 {
	out := make([]float64, len(w))
	for r, row := range w {
		var s float64
		for i, v := range row {
			s += v * x[i]
		}
		out[r] = s
	}
	return out
}

func rmsnorm(x []float64, w []float32, eps float32) []float64 {
	var ss float64
	for _, v := range x {
		ss += v * v
	}
	scale := 1 / math.Sqrt(ss/float64(len(x))+float64(eps))
	out := make([]float64, len(x))
	for i, v := range x {
		out[i] = v * scale * float64(w[i])
	}
	return out
}

func (r *refModel) ropeRef(x []float64, pos, heads int) {
	c := &r.m.Config
	pairs := c.RopeDim / 2
	for h := 0; h < heads; h++ {
		v := x[h*c.HeadDim:]
		for i := 0; i < pairs; i++ {
			freq := math.Pow(float64(c.RopeBase), -2*float64(i)/float64(c.RopeDim)) * float64(c.RopeScale)
			if r.m.RopeFreqs != nil {
				freq /= float64(r.m.RopeFreqs[i])
			}
			th := float64(pos) * freq
			a, b := 2*i, 2*i+1
			if c.RopeStyle == RopeNeox {
				a, b = i, i+pairs
			}
			x0, x1 := v[a], v[b]
			v[a] = x0*math.Cos(th) - x1*math.Sin(th)
			v[b] = x0*math.Sin(th) + x1*math.Cos(th)
		}
	}
}

// merge adds the adapter's pair p (nil: none) to the dense matrix w, in float64.
func (r *refModel) merge(w [][]float64, p *LoRAPair) {
	if p == nil {
		return
	}
	scale := float64(r.scale) * float64(r.adapter.Alpha) / float64(p.Rank)
	a, b := p.A, p.B
	if p.A16 != nil {
		a, b = widened(p.A16), widened(p.B16)
	}
	for o := range w {
		for i := range w[o] {
			var d float64
			for k := 0; k < p.Rank; k++ {
				d += float64(b[tensor.LowRankPanelIndex(k, o, p.Rank, p.Out)]) * float64(a[k*p.In+i])
			}
			w[o][i] += scale * d
		}
	}
}

func toF64(x []float32) []float64 {
	out := make([]float64, len(x))
	for i, v := range x {
		out[i] = float64(v)
	}
	return out
}

// logitsAll feeds the tokens one by one and returns the logits after each.
func (r *refModel) logitsAll(t *testing.T, tokens []int32) [][]float64 {
	c := &r.m.Config
	emb := dense(t, r.m.Embed)
	out := dense(t, r.m.Output)
	type lw struct{ q, k, v, o, g, u, d [][]float64 }
	ws := make([]lw, c.Layers)
	for i, ly := range r.m.Blocks {
		ws[i] = lw{dense(t, ly.Wq), dense(t, ly.Wk), dense(t, ly.Wv), dense(t, ly.Wo), dense(t, ly.Gate), dense(t, ly.Up), dense(t, ly.Down)}
		if r.adapter != nil {
			w := &ws[i]
			for j, d := range [7][][]float64{w.q, w.k, w.v, w.o, w.g, w.u, w.d} {
				r.merge(d, *r.adapter.Blocks[i].pairs()[j])
			}
		}
	}
	r.kcache = make([][][]float64, c.Layers)
	r.vcache = make([][][]float64, c.Layers)
	var all [][]float64
	for pos, tok := range tokens {
		x := append([]float64(nil), emb[tok]...)
		for li, ly := range r.m.Blocks {
			w := ws[li]
			xn := rmsnorm(x, ly.AttnNorm, c.RMSEps)
			q, k, v := matvec(w.q, xn), matvec(w.k, xn), matvec(w.v, xn)
			if ly.Bq != nil {
				for i := range q {
					q[i] += float64(ly.Bq[i])
				}
				for i := range k {
					k[i] += float64(ly.Bk[i])
					v[i] += float64(ly.Bv[i])
				}
			}
			if ly.QNorm != nil {
				for h := 0; h < c.Heads; h++ {
					copy(q[h*c.HeadDim:], rmsnorm(q[h*c.HeadDim:(h+1)*c.HeadDim], ly.QNorm, c.RMSEps))
				}
				for h := 0; h < c.KVHeads; h++ {
					copy(k[h*c.HeadDim:], rmsnorm(k[h*c.HeadDim:(h+1)*c.HeadDim], ly.KNorm, c.RMSEps))
				}
			}
			r.ropeRef(q, pos, c.Heads)
			r.ropeRef(k, pos, c.KVHeads)
			r.kcache[li] = append(r.kcache[li], k)
			r.vcache[li] = append(r.vcache[li], v)
			att := make([]float64, c.QDim())
			for h := 0; h < c.Heads; h++ {
				g := h / (c.Heads / c.KVHeads)
				sc := make([]float64, pos+1)
				mx := math.Inf(-1)
				for tp := 0; tp <= pos; tp++ {
					var d float64
					for i := 0; i < c.HeadDim; i++ {
						d += q[h*c.HeadDim+i] * r.kcache[li][tp][g*c.HeadDim+i]
					}
					sc[tp] = d / math.Sqrt(float64(c.HeadDim))
					mx = math.Max(mx, sc[tp])
				}
				var sum float64
				for tp := range sc {
					sc[tp] = math.Exp(sc[tp] - mx)
					sum += sc[tp]
				}
				for tp := range sc {
					for i := 0; i < c.HeadDim; i++ {
						att[h*c.HeadDim+i] += sc[tp] / sum * r.vcache[li][tp][g*c.HeadDim+i]
					}
				}
			}
			o := matvec(w.o, att)
			for i := range x {
				x[i] += o[i]
			}
			xn = rmsnorm(x, ly.FFNNorm, c.RMSEps)
			g, u := matvec(w.g, xn), matvec(w.u, xn)
			for i := range g {
				g[i] = g[i] / (1 + math.Exp(-g[i])) * u[i]
			}
			d := matvec(w.d, g)
			for i := range x {
				x[i] += d[i]
			}
		}
		h := rmsnorm(x, r.m.OutNorm, c.RMSEps)
		r.hidden = append(r.hidden, h)
		all = append(all, matvec(out, h))
	}
	return all
}

// TestMatchesSimpleReference compares the paged, batched F32 path with the simple forward pass at
// every position of a prompt fed in chunks, on a real model and on the generated ones, without an
// adapter and with two generated ones (the reference merges them into its weights).
func TestMatchesSimpleReference(t *testing.T) {
	models := append([]struct {
		name string
		open func(t testing.TB) *gguf.File
	}{{"stories260K", func(t testing.TB) *gguf.File { return shared(t, "stories260K.gguf") }}}, testModels...)
	for _, tm := range models {
		t.Run(tm.name, func(t *testing.T) {
			h := newHarness(t, tm.open(t), tensor.F32, 2)
			tokens := []int32{1, 403, 407, 261, 378, 39, 120, 55, 99, 12, 300, 301, 302, 17, 18, 19, 20, 21, 22, 23, 24, 25}
			x, y := testAdapters(t, h.m)
			// F16 and quantised weights round or quantise the activations as llama.cpp does; the
			// reference does not.
			tol := map[tensor.DType]float64{tensor.F32: 1e-5, tensor.F16: 1e-3}[h.m.Output.Type]
			if tol == 0 {
				tol = 3e-2
			}
			for _, ad := range []*Adapter{nil, x, y} {
				want := (&refModel{m: h.m, adapter: ad, scale: 0.75}).logitsAll(t, tokens)
				s := h.newSeq(1)
				s.adapter, s.scale = ad, 0.75
				for pos := 0; pos < len(tokens); {
					n := min(1+pos%4, len(tokens)-pos)
					got := h.step([]*seqState{s}, [][]int32{tokens[pos : pos+n]})[0]
					pos += n
					if rel := relError(got, want[pos-1]); rel > tol {
						t.Errorf("adapter %v, position %d: max relative error %.3g > %g", ad != nil, pos-1, rel, tol)
					}
				}
			}
		})
	}
}

// relError is the largest difference of got from want relative to want's largest magnitude.
func relError(got []float32, want []float64) float64 {
	var maxAbs, maxDiff float64
	for i, r := range want {
		maxAbs = math.Max(maxAbs, math.Abs(r))
		maxDiff = math.Max(maxDiff, math.Abs(float64(got[i])-r))
	}
	return maxDiff / maxAbs
}

// TestLlama2TinyMatchesReference covers F16 weights and the SPM model without optional keys (no
// rope.freq_base: the default base applies). Its F16 products round activations to F16 as
// llama.cpp's CPU backend does, so it agrees with the float64 reference to F16 precision.
func TestLlama2TinyMatchesReference(t *testing.T) {
	h := newHarness(t, shared(t, "llama-2-tiny-random.gguf"), tensor.F32, 2)
	if h.m.RopeBase != 10000 {
		t.Fatalf("rope base %v, want the default 10000", h.m.RopeBase)
	}
	tokens := []int32{1, 15043, 3186, 29892, 920, 526, 366, 29973, 450, 4996}
	want := (&refModel{m: h.m}).logitsAll(t, tokens)
	s := h.newSeq(1)
	for pos := range tokens {
		got := h.step([]*seqState{s}, [][]int32{tokens[pos : pos+1]})[0]
		if rel := relError(got, want[pos]); rel > 5e-3 {
			t.Errorf("position %d: relative error %.3g", pos, rel)
		}
	}
}
