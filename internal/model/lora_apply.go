package model

import (
	"sync"

	"github.com/kvwarden/kvwarden/internal/tensor"
)

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

// runAdapt runs the LoRA stage in flight on block b, then the row stage on its rows.
func (ws *Workspace) runAdapt(b int) {
	j := &ws.rowJob
	blk := ws.blocks[b]
	j.m.adaptBlock(ws, &j.seqs[ws.rows[blk.first].seq], j.lora, j.loraLayer, blk)
	if j.stage != stageNone {
		for r := blk.first; r < blk.first+blk.count; r++ {
			ws.runRow(r)
		}
	}
}

// adaptBlock adds, for the rows of blk (all of sequence s), its adapter's updates to the outputs
// of the projections the LoRA stage follows. The base products were computed for the whole
// batch; this adds only the sequence's own delta (S-LoRA's split), as two small products over the
// block's rows (tensor.LowRankAdd) whose every row is reduced in an order fixed by that row
// alone: a row's result does not depend on its block, its neighbours or how its prompt was
// chunked.
func (m *Model) adaptBlock(ws *Workspace, s *Seq, stage rowStage, li int, blk rowBlock) {
	a := s.Adapter
	if a == nil || s.AdapterScale == 0 {
		return
	}
	c := &m.Config
	al := &a.Blocks[li]
	rows := func(buf []float32, width int) []float32 {
		return buf[blk.first*width : (blk.first+blk.count)*width]
	}
	sp := loraScratch.Get().(*[]float32)
	defer loraScratch.Put(sp)
	add := func(out []float32, p *LoRAPair, x []float32) {
		if p == nil {
			return
		}
		if cap(*sp) < blk.count*p.Rank {
			*sp = make([]float32, blk.count*p.Rank)
		}
		ax, scale := (*sp)[:blk.count*p.Rank], a.Scale(s.AdapterScale, p)
		if p.A16 != nil {
			tensor.LowRankAddF16(out, x, blk.count, p.A16, p.B16, p.Rank, scale, ax)
		} else {
			tensor.LowRankAdd(out, x, blk.count, p.A, p.B, p.Rank, scale, ax)
		}
	}
	switch stage {
	case stageLoRAQKV:
		x := rows(ws.xn, c.Dim)
		add(rows(ws.q, c.QDim()), al.Wq, x)
		add(rows(ws.k, c.KVDim()), al.Wk, x)
		add(rows(ws.v, c.KVDim()), al.Wv, x)
	case stageLoRAOut:
		add(rows(ws.xn, c.Dim), al.Wo, rows(ws.att, c.QDim()))
	case stageLoRAGateUp:
		x := rows(ws.xn, c.Dim)
		add(rows(ws.ff1, c.FFN), al.Gate, x)
		add(rows(ws.ff2, c.FFN), al.Up, x)
	case stageLoRADown:
		add(rows(ws.xn, c.Dim), al.Down, rows(ws.ff1, c.FFN))
	}
}

// loraScratch holds the A·x rows of a running adaptBlock call (blocks run in parallel).
var loraScratch = sync.Pool{New: func() any { return new([]float32) }}
