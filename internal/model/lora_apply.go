package model

import (
	"sync"

	"github.com/kvwarden/kvwarden/internal/tensor"
)

// loraBesideRows is the most rows of a step whose LoRA deltas are computed beside the base
// products (tensor.Pool.MatMulsBeside) into Workspace.delta: a decode step, whose deltas stream
// an adapter per sequence from memory while the products' arithmetic runs. A larger step (a
// prefill) computes each block's delta after the products, into scratch, and so needs no buffer
// the size of the step's outputs. Both give the same bits.
const loraBesideRows = 64

// prepareLoRA decides how this step of n rows computes its LoRA deltas (Workspace.besideRows)
// and sizes the delta buffer for it; it allocates once per workspace.
func (m *Model) prepareLoRA(ws *Workspace, n int) {
	ws.beside = ws.adapted && n <= ws.besideRows
	if !ws.beside {
		return
	}
	c := &m.Config
	width := max(c.QDim()+2*c.KVDim(), 2*c.FFN, c.Dim) // the widest stage's outputs
	if len(ws.delta) < n*width {
		ws.delta = make([]float32, min(ws.besideRows, ws.maxTokens)*width)
	}
}

// matMulsAdapted is p.MatMuls, with the LoRA deltas of stage lora for layer li computed beside
// the products when the step computes them there (Workspace.beside). The deltas read only the
// products' input, and are added to their outputs by the row stage after (eachRowAdapted).
func (ws *Workspace) matMulsAdapted(p *tensor.Pool, lora rowStage, li int, x []float32, n int, ms ...tensor.MatOut) {
	if !ws.beside {
		p.MatMuls(x, n, ms...)
		return
	}
	j := &ws.rowJob
	j.lora, j.loraLayer = lora, li
	p.MatMulsBeside(ws.deltaTask, len(ws.blocks), x, n, ms...)
}

// runDelta computes the LoRA deltas in flight for block b into Workspace.delta.
func (ws *Workspace) runDelta(b int) {
	j := &ws.rowJob
	blk := ws.blocks[b]
	j.m.adaptBlock(ws, &j.seqs[ws.rows[blk.first].seq], j.lora, j.loraLayer, blk, true, false)
}

// eachRowAdapted runs row stage (stageNone: none) for layer li on rows 0..n-1, after the LoRA
// stage lora of layer loraLayer when some sequence of the step has an adapter (layer -1: none).
// Then both run per block of rows (consecutive rows of one sequence), the block's LoRA update
// first; a step of base-model sequences runs the row stage alone.
func (ws *Workspace) eachRowAdapted(p *tensor.Pool, lora rowStage, loraLayer int, stage rowStage, li, n int) {
	if !ws.adapted || loraLayer < 0 {
		if stage != stageNone {
			ws.eachRow(p, stage, li, n)
		}
		return
	}
	j := &ws.rowJob
	j.lora, j.loraLayer, j.stage, j.layer = lora, loraLayer, stage, li
	p.Run(len(ws.blocks), ws.adaptTask)
}

// runAdapt adds the LoRA stage in flight to block b (its deltas computed here, or beside the
// products), then runs the row stage on its rows.
func (ws *Workspace) runAdapt(b int) {
	j := &ws.rowJob
	blk := ws.blocks[b]
	j.m.adaptBlock(ws, &j.seqs[ws.rows[blk.first].seq], j.lora, j.loraLayer, blk, !ws.beside, true)
	if j.stage != stageNone {
		for r := blk.first; r < blk.first+blk.count; r++ {
			ws.runRow(r)
		}
	}
}

// loraTarget is one projection of a LoRA stage: the adapter's pair (nil: untouched) and the
// step's input and output rows, in and width floats each.
type loraTarget struct {
	pair      *LoRAPair
	x, out    []float32
	in, width int
}

// loraTargets lists the n projections that stage updates, from the adapter's layer al.
func (m *Model) loraTargets(ws *Workspace, al *AdapterLayer, stage rowStage) (ts [3]loraTarget, n int) {
	c := &m.Config
	switch stage {
	case stageLoRAQKV:
		ts[0] = loraTarget{al.Wq, ws.xn, ws.q, c.Dim, c.QDim()}
		ts[1] = loraTarget{al.Wk, ws.xn, ws.k, c.Dim, c.KVDim()}
		ts[2] = loraTarget{al.Wv, ws.xn, ws.v, c.Dim, c.KVDim()}
		return ts, 3
	case stageLoRAOut:
		ts[0] = loraTarget{al.Wo, ws.att, ws.xn, c.QDim(), c.Dim}
		return ts, 1
	case stageLoRAGateUp:
		ts[0] = loraTarget{al.Gate, ws.xn, ws.ff1, c.Dim, c.FFN}
		ts[1] = loraTarget{al.Up, ws.xn, ws.ff2, c.Dim, c.FFN}
		return ts, 2
	case stageLoRADown:
		ts[0] = loraTarget{al.Down, ws.ff1, ws.xn, c.FFN, c.Dim}
		return ts, 1
	}
	return ts, 0
}

// adaptBlock, for the rows of blk (all of sequence s), computes its adapter's deltas of stage's
// projections (compute) and adds them, scaled, to the base products' outputs (apply). The base
// products were computed for the whole batch; this adds only the sequence's own delta (S-LoRA's
// split), as two small products over the block's rows (tensor.LowRankDelta) whose every row is
// reduced in an order fixed by that row alone, then out + float32(scale·delta) (tensor.Axpy): a
// row's result does not depend on its block, its neighbours, how its prompt was chunked or
// whether the delta was computed beside the products. With Workspace.beside the deltas are held
// in Workspace.delta between the two (each projection's rows in an area of their own);
// otherwise in scratch, computed and applied in one call.
func (m *Model) adaptBlock(ws *Workspace, s *Seq, stage rowStage, li int, blk rowBlock, compute, apply bool) {
	a := s.Adapter
	if a == nil || s.AdapterScale == 0 {
		return
	}
	sp := loraScratch.Get().(*loraBuffers)
	defer loraScratch.Put(sp)
	ts, nt := m.loraTargets(ws, &a.Blocks[li], stage)
	area, n := 0, len(ws.rows)
	for _, t := range ts[:nt] {
		first, rows := blk.first*t.width, blk.count*t.width
		start := area + first
		area += n * t.width
		p := t.pair
		if p == nil {
			continue
		}
		var d []float32
		if ws.beside {
			d = ws.delta[start : start+rows]
		} else {
			d = sp.d.grow(rows)
		}
		if compute {
			x := t.x[blk.first*t.in : (blk.first+blk.count)*t.in]
			ax := sp.ax.grow(blk.count * p.Rank)
			if p.A16 != nil {
				tensor.LowRankDeltaF16(d, x, blk.count, p.A16, p.B16, p.Rank, ax)
			} else {
				tensor.LowRankDelta(d, x, blk.count, p.A, p.B, p.Rank, ax)
			}
		}
		if apply {
			tensor.Axpy(t.out[first:first+rows], a.Scale(s.AdapterScale, p), d)
		}
	}
}

// floats is a scratch buffer that grows to the largest request.
type floats []float32

func (f *floats) grow(n int) []float32 {
	if cap(*f) < n {
		*f = make([]float32, n)
	}
	return (*f)[:n]
}

// loraBuffers are the scratch of a running adaptBlock call (blocks run in parallel): the A·x
// rows, and the delta when it is applied where it is computed.
type loraBuffers struct{ ax, d floats }

var loraScratch = sync.Pool{New: func() any { return new(loraBuffers) }}
