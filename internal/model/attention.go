package model

import (
	"math"

	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/tensor"
)

// attention computes softmax(q·K/sqrt(d))·V per row and head, causally over the sequence's pages,
// tiled: work is split over (tile of consecutive rows of one sequence, KV head) items, and each
// item walks the keys in blocks of tensor.AttnKeyBlock positions with an online softmax, so no
// score row is ever longer than a block. A block's keys and values are read (and decoded by the
// cache format's fused kernels) once for every query of the tile, while the tile's queries,
// value sums and scores stay in L1; a long prompt's attention no longer spills a full row of
// scores per query out of the caches.
//
// Every (row, head) output takes the same steps whatever the tile, the chunking or the batch:
// blocks start at multiples of AttnKeyBlock from position 0, a row reads no position after its
// own, each score and each value product is the kernels' per-(query, position) arithmetic, and
// the softmax steps in block order. A decode row is a tile of one row taking the same steps.
func (m *Model) attention(p *tensor.Pool, cache *kv.Pool, ws *Workspace, seqs []Seq, li, n int) {
	ws.attn = attnJob{m: m, cache: cache, seqs: seqs, layer: li, items: len(ws.blocks) * m.KVHeads}
	p.Run(len(ws.tiles), ws.attnTask)
	ws.attn = attnJob{}
}

// attnJob is the attention step in flight; the task function reading it is bound once per
// workspace so that a step allocates no closure.
type attnJob struct {
	m     *Model
	cache *kv.Pool
	seqs  []Seq
	layer int
	items int
}

// rowBlock is a run of consecutive rows (positions) of one sequence: a tile of queries.
type rowBlock struct{ first, count int }

// attnTile is one worker's scratch for a tile's queries against one KV head, query i being
// row i/group's head i%group of the KV head's group: the queries packed hd apart, their value
// sums likewise, the scores of one key block AttnKeyBlock apart, and their softmaxes.
// run holds a page run's keys or values decoded to float32 when the tile decodes them once for
// all its queries (decodedRuns).
type attnTile struct {
	q, out, s, run []float32
	soft           []tensor.OnlineSoftmax
}

func newAttnTile(queries, hd int) attnTile {
	return attnTile{
		q:    make([]float32, queries*hd),
		out:  make([]float32, queries*hd),
		s:    make([]float32, queries*tensor.AttnKeyBlock),
		run:  make([]float32, tensor.AttnKeyBlock*hd),
		soft: make([]tensor.OnlineSoftmax, queries),
	}
}

// decodedRuns says whether a tile of queries decodes each q8_0 run to float32 once and runs the
// F32 kernels over it (the same bits: the q8_0 kernels compute the F32 attention over d·q):
// with many queries the decode is shared, while the q8_0 value kernels dequantise again for every
// four. A decode row keeps the q8_0 kernels, which read the run once anyway. (An F16 tile
// decoding its runs measured slower than the F16 tiles, which widen each chunk as they load it.)
func decodedRuns(f kv.Format, queries int) bool { return f.DType() == tensor.Q8_0 && queries >= 8 }

// tileRows is the number of rows a tile takes: about 48 queries, so that a key block's keys and
// values serve many queries while the tile's scratch stays a few tens of KB.
func tileRows(group int) int { return max(1, min(16, 48/group)) }

func (ws *Workspace) runAttention(w int) {
	j := &ws.attn
	workers := len(ws.tiles)
	// Head-major: the workers take neighbouring tiles of the same KV head at the same time, so
	// that a long context's keys and values, read by every tile, come from the shared cache to
	// the second worker rather than from memory again.
	nb := len(ws.blocks)
	for it := w; it < j.items; it += workers {
		j.m.attendTile(j.cache, ws, j.seqs, j.layer, ws.blocks[it%nb], it/nb, &ws.tiles[w])
	}
}

// runWalk is one tile's walk over the keys of a KV head, page run by page run: [t0, t1) of
// one page, inside one key block starting at b0. Rows see the run up to their own position.
type runWalk struct {
	cache    *kv.Pool
	tl       *attnTile
	layer, g int
	firstPos int // the tile's first row's position
	rows     int
	group    int
	hd, pt   int
	scale    float32
	decoded  bool // decodedRuns
}

// split says which of the tile's rows see the run [t0, t1): rows from full see all of it, rows
// part..full-1 the positions up to their own.
func (w *runWalk) split(t0, t1 int) (part, full int) {
	return min(w.rows, max(0, t0-w.firstPos)), min(w.rows, max(0, t1-1-w.firstPos))
}

// scores sets the tile's scores of the run at its offset in the key block, for the queries
// that see it: one kernel call for the rows that see all of the run, one for each other row.
func (w *runWalk) scores(page kvtypes.PageID, b0, t0, t1 int) {
	const kb = tensor.AttnKeyBlock
	f, tl, hd, gr := w.cache.Format(), w.tl, w.hd, w.group
	keys := w.cache.KRun(page, w.layer, w.g)[(t0%w.pt)*w.cache.VecBytes():]
	w.prefetch(w.cache.VRun(page, w.layer, w.g), t0, t1)
	part, full := w.split(t0, t1)
	score := func(s, q []float32, nq, n int) { f.Scores(s, kb, q, hd, nq, keys, n, hd, w.scale) }
	if w.decoded {
		kf := w.decode(keys, t1-t0)
		score = func(s, q []float32, nq, n int) { tensor.AttnScoresF32(s, kb, q, hd, nq, kf, hd, n, hd, w.scale) }
	}
	if full < w.rows {
		score(tl.s[full*gr*kb+t0-b0:], tl.q[full*gr*hd:], (w.rows-full)*gr, t1-t0)
	}
	for b := part; b < full; b++ {
		score(tl.s[b*gr*kb+t0-b0:], tl.q[b*gr*hd:], gr, w.firstPos+b+1-t0)
	}
}

// decode is the tile's run buffer holding the n vectors of run decoded to float32.
func (w *runWalk) decode(run []byte, n int) []float32 {
	dst := w.tl.run[:n*w.hd]
	w.cache.Format().Load(dst, run[:n*w.cache.VecBytes()])
	return dst
}

// values adds the run's values, weighted by the tile's exponentiated scores, to the value sums
// of the queries that see it, split as scores does.
func (w *runWalk) values(page kvtypes.PageID, b0, t0, t1 int) {
	const kb = tensor.AttnKeyBlock
	f, tl, hd, gr := w.cache.Format(), w.tl, w.hd, w.group
	vals := w.cache.VRun(page, w.layer, w.g)[(t0%w.pt)*w.cache.VecBytes():]
	part, full := w.split(t0, t1)
	value := func(out, p []float32, nq, n int) { f.Values(out, hd, p, kb, nq, vals, n, hd) }
	if w.decoded {
		vf := w.decode(vals, t1-t0)
		value = func(out, p []float32, nq, n int) { tensor.AttnValuesF32(out, hd, p, kb, nq, vf, hd, n, hd) }
	}
	if full < w.rows {
		value(tl.out[full*gr*hd:], tl.s[full*gr*kb+t0-b0:], (w.rows-full)*gr, t1-t0)
	}
	for b := part; b < full; b++ {
		value(tl.out[b*gr*hd:], tl.s[b*gr*kb+t0-b0:], gr, w.firstPos+b+1-t0)
	}
}

// prefetch asks for the vectors of positions [t0, t1) of a KV head's run of a page (t0 and t1-1
// on that page) while the kernels work on others: a run is a few KB, too short for the hardware
// prefetchers to get ahead of, and a long context is read from memory at every step.
func (w *runWalk) prefetch(run []byte, t0, t1 int) {
	vb := w.cache.VecBytes()
	n := (t1 - t0) * vb
	tensor.PrefetchRows(run[(t0%w.pt)*vb:], n, 1, n) // one row of the whole run: the stride is not read
}

func (m *Model) attendTile(cache *kv.Pool, ws *Workspace, seqs []Seq, li int, blk rowBlock, g int, tl *attnTile) {
	c := &m.Config
	hd, group := c.HeadDim, c.Heads/c.KVHeads
	first := ws.rows[blk.first]
	pages := seqs[first.seq].Pages
	nq := blk.count * group
	// The group's query heads of row b start at head(b) in ws.q and ws.att, hd apart.
	head := func(b int) int { return (blk.first+b)*c.QDim() + g*group*hd }
	for b := range blk.count {
		copy(tl.q[b*group*hd:(b+1)*group*hd], ws.q[head(b):])
	}
	clear(tl.out[:nq*hd])
	clear(tl.soft[:nq])
	w := runWalk{cache: cache, tl: tl, layer: li, g: g, firstPos: first.pos, rows: blk.count, group: group, hd: hd,
		pt: cache.Config().PageTokens, scale: float32(1 / math.Sqrt(float64(hd))), decoded: decodedRuns(cache.Format(), nq)}
	const kb = tensor.AttnKeyBlock
	lastPos := first.pos + blk.count - 1
	for b0 := 0; b0 <= lastPos; b0 += kb {
		b1 := min(b0+kb, lastPos+1)
		for t0 := b0; t0 < b1; t0 = min(b1, (t0/w.pt+1)*w.pt) {
			w.scores(pages[t0/w.pt].Page, b0, t0, min(b1, (t0/w.pt+1)*w.pt))
		}
		// Rows on the diagonal see part of the block, one softmax step per query; the rows past
		// it see all of it, their queries stepped in one call.
		seesAll := max(0, b0-first.pos, min(blk.count, b1-1-first.pos))
		for b := max(0, b0-first.pos); b < seesAll; b++ {
			n := first.pos + b + 1 - b0
			for i := b * group; i < (b+1)*group; i++ {
				tl.soft[i].Step(tl.s[i*kb:i*kb+n], tl.out[i*hd:(i+1)*hd])
			}
		}
		if seesAll < blk.count {
			tensor.StepRows(tl.soft[seesAll*group:nq], tl.s[seesAll*group*kb:], kb, b1-b0, tl.out[seesAll*group*hd:], hd)
		}
		for t0 := b0; t0 < b1; t0 = min(b1, (t0/w.pt+1)*w.pt) {
			t1 := min(b1, (t0/w.pt+1)*w.pt)
			if next := t0 + kb; next <= lastPos { // the next block's keys of this run
				w.prefetch(cache.KRun(pages[next/w.pt].Page, li, g), next, min(t1+kb, lastPos+1, (next/w.pt+1)*w.pt))
			}
			w.values(pages[t0/w.pt].Page, b0, t0, t1)
		}
	}
	for b := range blk.count {
		for j := range group {
			i := b*group + j
			tl.soft[i].Finish(tl.out[i*hd : (i+1)*hd])
			copy(ws.att[head(b)+j*hd:head(b)+(j+1)*hd], tl.out[i*hd:(i+1)*hd])
		}
	}
}
