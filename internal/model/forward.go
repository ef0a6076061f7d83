package model

import (
	"errors"
	"fmt"
	"math"

	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/tensor"
)

// Seq is one sequence's share of a forward step: a chunk of new tokens at positions
// [Pos, Pos+len(Tokens)), with the page table covering positions [0, Pos+len(Tokens)).
type Seq struct {
	Tokens []int32
	Pos    int
	Pages  []kvtypes.PageRef
	Tenant kvtypes.TenantKey
	Logits bool // compute logits for the last token of the chunk
	// AllLogits computes logits for every token of the chunk, in order (prompt logprobs); each
	// counts against the workspace's logit rows.
	AllLogits bool
	// Hidden, when not nil (Dim floats), receives the final hidden state after the output norm of
	// the chunk's last token, or with HiddenSum the sum over the chunk's tokens added to it:
	// embeddings with last or mean pooling.
	Hidden    []float32
	HiddenSum bool
	// Adapter, when not nil, adds its low-rank updates to this sequence's projections, with the
	// request's scale AdapterScale (see Adapter.Scale; 0 leaves the base model). It must have been
	// loaded against this model. The other sequences of the step are unaffected.
	Adapter      *Adapter
	AdapterScale float32
}

// Workspace holds every buffer a forward step needs, so that steps allocate nothing.
type Workspace struct {
	maxTokens, maxLogits, maxContext int
	x, xn, q, k, v, att, ff1, ff2    []float32
	rows                             []rowInfo
	logitRows                        []int
	hidden                           []float32  // normed hidden states of the logit rows
	pooled                           []float32  // one normed row being summed into a Seq.Hidden
	ropeCos, ropeSin                 []float32  // per row, RopeDim/2 each
	tiles                            []attnTile // one per worker
	attn                             attnJob
	attnTask                         func(int)
	rowJob                           rowJob
	rowTask, adaptTask, deltaTask    func(int)
	blocks                           []rowBlock
	blockRows                        int
	adapted                          bool // some sequence of the step has an adapter
	// beside: the step computes its LoRA deltas beside the base products, into delta
	// (prepareLoRA), as steps of up to besideRows rows do; delta is allocated by the first.
	beside     bool
	besideRows int
	delta      []float32
}

type rowInfo struct {
	seq int
	pos int
}

// NewWorkspace sizes buffers for at most maxTokens tokens per step, maxLogits sequences asking
// for logits, and maxContext positions per sequence.
func (m *Model) NewWorkspace(p *tensor.Pool, maxTokens, maxLogits, maxContext int) *Workspace {
	c := &m.Config
	ws := &Workspace{maxTokens: maxTokens, maxLogits: maxLogits, maxContext: maxContext, besideRows: loraBesideRows}
	ws.x = make([]float32, maxTokens*c.Dim)
	ws.xn = make([]float32, maxTokens*max(c.Dim, c.QDim()))
	ws.q = make([]float32, maxTokens*c.QDim())
	ws.k = make([]float32, maxTokens*c.KVDim())
	ws.v = make([]float32, maxTokens*c.KVDim())
	ws.att = make([]float32, maxTokens*c.QDim())
	ws.ff1 = make([]float32, maxTokens*c.FFN)
	ws.ff2 = make([]float32, maxTokens*c.FFN)
	ws.rows = make([]rowInfo, 0, maxTokens)
	ws.logitRows = make([]int, 0, maxLogits)
	ws.hidden = make([]float32, maxLogits*c.Dim)
	ws.pooled = make([]float32, c.Dim)
	ws.ropeCos = make([]float32, maxTokens*c.RopeDim/2)
	ws.ropeSin = make([]float32, maxTokens*c.RopeDim/2)
	group := c.Heads / c.KVHeads
	ws.blockRows = tileRows(group)
	ws.blocks = make([]rowBlock, 0, maxTokens)
	ws.tiles = make([]attnTile, p.Threads())
	for i := range ws.tiles {
		ws.tiles[i] = newAttnTile(ws.blockRows*group, c.HeadDim)
	}
	ws.attnTask = ws.runAttention
	ws.rowTask, ws.adaptTask, ws.deltaTask = ws.runRow, ws.runAdapt, ws.runDelta
	return ws
}

// CheckPages verifies, for one sequence, that its page table covers the chunk and that every page
// it will read or write is stamped for its owner in the page's current lifetime.
func (m *Model) CheckPages(cache *kv.Pool, s *Seq) error {
	pt := cache.Config().PageTokens
	end := s.Pos + len(s.Tokens)
	need := (end + pt - 1) / pt
	if len(s.Pages) < need {
		return fmt.Errorf("page table holds %d pages (%d tokens) but the chunk ends at position %d", len(s.Pages), len(s.Pages)*pt, end)
	}
	for i := 0; i < need; i++ {
		if err := cache.Check(s.Pages[i], s.Tenant); err != nil {
			return err
		}
	}
	return nil
}

// Forward runs one step. It first checks every sequence's pages; if any check fails it computes
// nothing and returns the errors by sequence index (nil entries for sequences that passed), so the
// caller can abort the offenders and run the rest. Otherwise it writes the chunks' keys and values
// into their pages and stores the logits of the sequences that asked, in order, in logits
// (Vocab floats each), and returns nil.
//
// The result for a sequence is bit-identical whatever else is in the batch and however its prompt
// was chunked: every reduction runs in an order fixed by the sequence alone.
func (m *Model) Forward(p *tensor.Pool, cache *kv.Pool, ws *Workspace, seqs []Seq, logits []float32) []error {
	c := &m.Config
	var errs []error
	total, nLogits := 0, 0
	ws.adapted = false
	for i := range seqs {
		s := &seqs[i]
		ws.adapted = ws.adapted || (s.Adapter != nil && s.AdapterScale != 0)
		err := m.CheckPages(cache, s)
		if err == nil {
			err = m.checkSeq(s, ws)
		}
		if err != nil {
			if errs == nil {
				errs = make([]error, len(seqs))
			}
			errs[i] = err
		}
		total += len(s.Tokens)
		switch {
		case s.AllLogits:
			nLogits += len(s.Tokens)
		case s.Logits:
			nLogits++
		}
	}
	if errs != nil {
		return errs
	}
	if total > ws.maxTokens || nLogits > ws.maxLogits || len(logits) < nLogits*c.Vocab {
		errs = make([]error, len(seqs))
		for i := range errs {
			errs[i] = fmt.Errorf("step of %d tokens and %d logit rows exceeds the workspace (%d, %d)", total, nLogits, ws.maxTokens, ws.maxLogits)
		}
		return errs
	}
	if total == 0 {
		return nil
	}

	// Lay out rows and embed the tokens.
	ws.rows = ws.rows[:0]
	ws.logitRows = ws.logitRows[:0]
	embRow, _ := m.Embed.Type.RowBytes(uint64(c.Dim))
	for si := range seqs {
		s := &seqs[si]
		for j, tok := range s.Tokens {
			r := len(ws.rows)
			ws.rows = append(ws.rows, rowInfo{seq: si, pos: s.Pos + j})
			src := m.Embed.Data[uint64(tok)*embRow : (uint64(tok)+1)*embRow]
			tensor.Dequantize(m.Embed.Type, src, ws.x[r*c.Dim:(r+1)*c.Dim])
			if s.AllLogits {
				ws.logitRows = append(ws.logitRows, r)
			}
		}
		if s.Logits && !s.AllLogits && len(s.Tokens) > 0 {
			ws.logitRows = append(ws.logitRows, len(ws.rows)-1)
		}
	}
	ws.blocks = ws.blocks[:0]
	first := 0
	for si := range seqs {
		for off := 0; off < len(seqs[si].Tokens); off += ws.blockRows {
			ws.blocks = append(ws.blocks, rowBlock{first: first + off, count: min(ws.blockRows, len(seqs[si].Tokens)-off)})
		}
		first += len(seqs[si].Tokens)
	}
	m.ropeTables(ws, total)
	m.prepareLoRA(ws, total)

	n := total
	x, xn := ws.x[:n*c.Dim], ws.xn[:n*c.Dim]
	q, k, v := ws.q[:n*c.QDim()], ws.k[:n*c.KVDim()], ws.v[:n*c.KVDim()]
	ws.rowJob = rowJob{m: m, cache: cache, seqs: seqs}
	for li := range m.Blocks {
		ly := &m.Blocks[li]
		// Each LoRA stage's deltas run beside the products they add to (a decode step) or with
		// the row stage after them (a prefill; see loraBesideRows), and are added by that row
		// stage (the previous layer's FFN output's with this layer's attention input): no
		// extra wait for the workers.
		ws.eachRowAdapted(p, stageLoRADown, li-1, stageAttnIn, li, n)
		ws.matMulsAdapted(p, stageLoRAQKV, li, xn, n, tensor.MatOut{W: ly.Wq, Out: q}, tensor.MatOut{W: ly.Wk, Out: k}, tensor.MatOut{W: ly.Wv, Out: v})
		ws.eachRowAdapted(p, stageLoRAQKV, li, stageQKV, li, n)
		m.attention(p, cache, ws, seqs, li, n)
		ws.matMulsAdapted(p, stageLoRAOut, li, ws.att[:n*c.QDim()], n, tensor.MatOut{W: ly.Wo, Out: xn})
		ws.eachRowAdapted(p, stageLoRAOut, li, stageFFNIn, li, n)
		g, u := ws.ff1[:n*c.FFN], ws.ff2[:n*c.FFN]
		ws.matMulsAdapted(p, stageLoRAGateUp, li, xn, n, tensor.MatOut{W: ly.Gate, Out: g}, tensor.MatOut{W: ly.Up, Out: u})
		ws.eachRowAdapted(p, stageLoRAGateUp, li, stageSwiGLU, li, n)
		ws.matMulsAdapted(p, stageLoRADown, li, g, n, tensor.MatOut{W: ly.Down, Out: xn})
	}
	if len(m.Blocks) > 0 {
		ws.eachRowAdapted(p, stageLoRADown, len(m.Blocks)-1, stageNone, 0, n)
		addTo(x, xn) // the last layer's FFN output
	}
	ws.rowJob = rowJob{}
	for i, r := range ws.logitRows {
		tensor.RMSNorm(ws.hidden[i*c.Dim:(i+1)*c.Dim], x[r*c.Dim:(r+1)*c.Dim], m.OutNorm, c.RMSEps)
	}
	if nl := len(ws.logitRows); nl > 0 {
		p.MatMul(m.Output, ws.hidden[:nl*c.Dim], nl, logits[:nl*c.Vocab])
	}
	first = 0
	for si := range seqs {
		if s := &seqs[si]; s.Hidden != nil && len(s.Tokens) > 0 {
			m.poolHidden(ws, s, x, first)
		}
		first += len(seqs[si].Tokens)
	}
	pt := cache.Config().PageTokens
	for r := 0; r < n; r++ {
		ri := ws.rows[r]
		cache.MarkFilled(seqs[ri.seq].Pages[ri.pos/pt].Page, ri.pos%pt+1)
	}
	return nil
}

func (m *Model) checkSeq(s *Seq, ws *Workspace) error {
	if s.Pos < 0 || s.Pos+len(s.Tokens) > ws.maxContext {
		return fmt.Errorf("positions [%d, %d) exceed the context of %d", s.Pos, s.Pos+len(s.Tokens), ws.maxContext)
	}
	if s.Hidden != nil && len(s.Hidden) != m.Dim {
		return fmt.Errorf("hidden destination of %d floats, want %d", len(s.Hidden), m.Dim)
	}
	if s.Adapter != nil && !s.Adapter.LoadedFor(m) {
		return errors.New("the adapter was loaded against another model")
	}
	if f := float64(s.AdapterScale); math.IsNaN(f) || math.IsInf(f, 0) {
		return fmt.Errorf("adapter scale %v is not finite", s.AdapterScale)
	}
	for _, t := range s.Tokens {
		if t < 0 || int(t) >= m.Vocab {
			return fmt.Errorf("token id %d is outside the vocabulary of %d", t, m.Vocab)
		}
	}
	return nil
}

// addTo sets dst += src with the vector axpy: 1·src is src exactly, so the sums are the scalar
// loop's bits, and the residual adds over every row of a batch stop being scalar Go.
func addTo(dst, src []float32) { tensor.Axpy(dst, 1, src) }

// ropeFrequencies returns, per rotated pair, the angle per position, computed as ggml does: the
// base frequency raised step by step in float32, divided by the optional llama3 factors and
// multiplied by the linear scale.
func ropeFrequencies(c *Config, factors []float32) []float32 {
	pairs := c.RopeDim / 2
	out := make([]float32, pairs)
	thetaScale := float32(math.Pow(float64(c.RopeBase), -2.0/float64(c.RopeDim)))
	f := float32(1)
	for i := 0; i < pairs; i++ {
		v := f
		if factors != nil {
			v /= factors[i]
		}
		out[i] = v * c.RopeScale
		f *= thetaScale
	}
	return out
}

func (m *Model) ropeTables(ws *Workspace, n int) {
	pairs := m.RopeDim / 2
	for r := 0; r < n; r++ {
		pos := float32(ws.rows[r].pos)
		for i := 0; i < pairs; i++ {
			theta := float64(pos * m.ropeInvFrq[i])
			ws.ropeCos[r*pairs+i] = float32(math.Cos(theta))
			ws.ropeSin[r*pairs+i] = float32(math.Sin(theta))
		}
	}
}

// rope rotates each head of row r in place.
func (m *Model) rope(ws *Workspace, r int, x []float32, heads int) {
	pairs := m.RopeDim / 2
	cos := ws.ropeCos[r*pairs : (r+1)*pairs]
	sin := ws.ropeSin[r*pairs : (r+1)*pairs]
	// Each product is rounded on its own (float32()), so no compiler fuses it into an FMA:
	// the same bits on every architecture.
	for h := 0; h < heads; h++ {
		hv := x[h*m.HeadDim : (h+1)*m.HeadDim]
		if m.RopeStyle == RopeNeox {
			for i := 0; i < pairs; i++ {
				x0, x1 := hv[i], hv[i+pairs]
				hv[i] = float32(x0*cos[i]) - float32(x1*sin[i])
				hv[i+pairs] = float32(x0*sin[i]) + float32(x1*cos[i])
			}
		} else {
			for i := 0; i < pairs; i++ {
				x0, x1 := hv[2*i], hv[2*i+1]
				hv[2*i] = float32(x0*cos[i]) - float32(x1*sin[i])
				hv[2*i+1] = float32(x0*sin[i]) + float32(x1*cos[i])
			}
		}
	}
}

// rowStage is the work on each row between two matmuls of a layer. Rows are independent, so
// a batch spreads them over the pool's workers; each row's result is the same bits either way.
type rowStage uint8

const (
	stageAttnIn rowStage = iota // add the previous layer's FFN output (from layer 1 on), attention norm
	stageQKV                    // biases, QK norms and RoPE, then K and V into the row's page slot
	stageFFNIn                  // add the attention output, FFN norm
	stageSwiGLU                 // ff1 = SiLU(ff1)·ff2
	// The adapted sequences' low-rank updates, each added to the base matmul's output before
	// anything else reads it (so qwen2's biases come after, as in llama.cpp).
	stageLoRAQKV    // q, k, v from xn
	stageLoRAOut    // the attention output projection (in xn) from att
	stageLoRAGateUp // ff1, ff2 from xn
	stageLoRADown   // the FFN output (in xn) from ff1
	stageNone       // nothing: a LoRA stage with no row stage after it
)

// rowJob is the row stage in flight; the task function reading it is bound once per workspace
// so that a step allocates no closure.
type rowJob struct {
	m     *Model
	cache *kv.Pool
	seqs  []Seq
	stage rowStage
	layer int
	// The LoRA stage run first on each block of rows, for layer loraLayer (eachRowAdapted).
	lora      rowStage
	loraLayer int
}

// eachRow runs stage for layer li on rows 0..n-1.
func (ws *Workspace) eachRow(p *tensor.Pool, stage rowStage, li, n int) {
	ws.rowJob.stage, ws.rowJob.layer = stage, li
	p.Run(n, ws.rowTask)
}

func (ws *Workspace) runRow(r int) {
	j := &ws.rowJob
	m := j.m
	c := &m.Config
	ly := &m.Blocks[j.layer]
	x, xn := ws.x[r*c.Dim:(r+1)*c.Dim], ws.xn[r*c.Dim:(r+1)*c.Dim]
	switch j.stage {
	case stageAttnIn:
		if j.layer > 0 {
			addTo(x, xn)
		}
		tensor.RMSNorm(xn, x, ly.AttnNorm, c.RMSEps)
	case stageQKV:
		m.positionQK(ws, ly, r)
		m.storeKV(j.cache, ws, j.seqs, j.layer, r)
	case stageFFNIn:
		addTo(x, xn)
		tensor.RMSNorm(xn, x, ly.FFNNorm, c.RMSEps)
	case stageSwiGLU:
		g := ws.ff1[r*c.FFN : (r+1)*c.FFN]
		tensor.SwiGLU(g, g, ws.ff2[r*c.FFN:(r+1)*c.FFN])
	}
}

// positionQK adds row r's Q, K and V biases, normalises its Q and K heads where the model
// does, and rotates them to the row's position.
func (m *Model) positionQK(ws *Workspace, ly *Layer, r int) {
	c := &m.Config
	qr := ws.q[r*c.QDim() : (r+1)*c.QDim()]
	kr := ws.k[r*c.KVDim() : (r+1)*c.KVDim()]
	if ly.Bq != nil {
		addTo(qr, ly.Bq)
		addTo(kr, ly.Bk)
		addTo(ws.v[r*c.KVDim():(r+1)*c.KVDim()], ly.Bv)
	}
	if ly.QNorm != nil {
		for h := 0; h < c.Heads; h++ {
			hv := qr[h*c.HeadDim : (h+1)*c.HeadDim]
			tensor.RMSNorm(hv, hv, ly.QNorm, c.RMSEps)
		}
		for h := 0; h < c.KVHeads; h++ {
			hv := kr[h*c.HeadDim : (h+1)*c.HeadDim]
			tensor.RMSNorm(hv, hv, ly.KNorm, c.RMSEps)
		}
	}
	m.rope(ws, r, qr, c.Heads)
	m.rope(ws, r, kr, c.KVHeads)
}

// storeKV writes row r's key and value into its page slot for layer li, in the cache's format.
func (m *Model) storeKV(cache *kv.Pool, ws *Workspace, seqs []Seq, li, r int) {
	kvd := m.KVDim()
	pt := cache.Config().PageTokens
	ri := ws.rows[r]
	cache.Store(seqs[ri.seq].Pages[ri.pos/pt].Page, li, ri.pos%pt, ws.k[r*kvd:(r+1)*kvd], ws.v[r*kvd:(r+1)*kvd])
}
