package model

import (
	"sync"

	"github.com/kvwarden/kvwarden/internal/tensor"
)

// eachAdapted runs a LoRA stage over rows 0..n-1 when some sequence of the step has an adapter:
// a step of base-model sequences skips the stage entirely.
func (ws *Workspace) eachAdapted(p *tensor.Pool, stage rowStage, li, n int) {
	if ws.adapted {
		ws.eachRow(p, stage, li, n)
	}
}

// adaptRow adds, for row r of sequence s, its adapter's updates to the outputs of the projections
// the LoRA stage follows. The base products were computed for the whole batch; this adds only
// the row's own delta, so a row's result does not depend on its neighbours (S-LoRA's split).
func (m *Model) adaptRow(ws *Workspace, s *Seq, stage rowStage, li, r int) {
	a := s.Adapter
	if a == nil || s.AdapterScale == 0 {
		return
	}
	c := &m.Config
	al := &a.Blocks[li]
	row := func(buf []float32, width int) []float32 { return buf[r*width : (r+1)*width] }
	add := func(out []float32, p *LoRAPair, x []float32) {
		if p != nil {
			addLoRA(out, p, x, a.Scale(s.AdapterScale, p))
		}
	}
	switch stage {
	case stageLoRAQKV:
		x := row(ws.xn, c.Dim)
		add(row(ws.q, c.QDim()), al.Wq, x)
		add(row(ws.k, c.KVDim()), al.Wk, x)
		add(row(ws.v, c.KVDim()), al.Wv, x)
	case stageLoRAOut:
		add(row(ws.xn, c.Dim), al.Wo, row(ws.att, c.QDim()))
	case stageLoRAGateUp:
		x := row(ws.xn, c.Dim)
		add(row(ws.ff1, c.FFN), al.Gate, x)
		add(row(ws.ff2, c.FFN), al.Up, x)
	case stageLoRADown:
		add(row(ws.xn, c.Dim), al.Down, row(ws.ff1, c.FFN))
	}
}

// addLoRA sets out += scale·B·(A·x): A·x as Rank dot products (tensor.DotF32's fixed order),
// B times that as Rank row updates (B is held transposed) of a scratch row in order k = 0..Rank-1 (tensor.Axpy, each
// product rounded on its own), so every output is the left-to-right sum over k; then the scale,
// then the sum. Both kernels give the same bits on every kernel set and whatever the batch.
func addLoRA(out []float32, p *LoRAPair, x []float32, scale float32) {
	var buf [MaxAdapterRank]float32
	ax := buf[:p.Rank]
	x = x[:p.In]
	for k := range ax {
		ax[k] = tensor.DotF32(p.A[k*p.In:(k+1)*p.In], x)
	}
	sp := loraScratch.Get().(*[]float32)
	defer loraScratch.Put(sp)
	if cap(*sp) < p.Out {
		*sp = make([]float32, p.Out)
	}
	bx := (*sp)[:p.Out]
	clear(bx)
	for k, a := range ax {
		tensor.Axpy(bx, a, p.B[k*p.Out:(k+1)*p.Out])
	}
	out = out[:p.Out]
	for o, v := range bx {
		out[o] += float32(v * scale)
	}
}

// loraScratch holds the rows addLoRA sums B·(A·x) in, one a running call (rows run in parallel).
var loraScratch = sync.Pool{New: func() any { return new([]float32) }}
