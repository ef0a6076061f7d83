package kv

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// vecOffset is where KV head head's K (kOrV=0) or V (1) vector of a token slot in one layer
// starts, in bytes from the start of the page data. Within a layer's K (or V) the page is
// head-major: attention reads one KV head's vectors of a page as one contiguous run, which the
// hardware prefetchers follow, rather than HeadDim elements of every KV row. A long context is
// read from memory at every step (docs/performance-log.md: 4,096 tokens on 2 Zen 4 cores decode
// 1.2-1.4× faster head-major).
func (p *Pool) vecOffset(layer, kOrV, head, slot int) int {
	return (((layer*2+kOrV)*p.cfg.KVHeads+head)*p.cfg.PageTokens + slot) * p.vecBytes
}

// Data is a page's data after its header: every layer's K and V, as the format stores them.
func (p *Pool) Data(id kvtypes.PageID) []byte { return p.page(id)[HeaderBytes:] }

// VecBytes is the size of one stored vector of HeadDim elements.
func (p *Pool) VecBytes() int { return p.vecBytes }

// KRun and VRun are KV head head's K and V vectors of one layer of a page: PageTokens stored
// vectors in slot order, VecBytes apart, the run the format's Scores and Values read.
func (p *Pool) KRun(id kvtypes.PageID, layer, head int) []byte { return p.run(id, layer, 0, head) }
func (p *Pool) VRun(id kvtypes.PageID, layer, head int) []byte { return p.run(id, layer, 1, head) }

func (p *Pool) run(id kvtypes.PageID, layer, kOrV, head int) []byte {
	o := p.vecOffset(layer, kOrV, head, 0)
	n := p.cfg.PageTokens * p.vecBytes
	return p.Data(id)[o : o+n : o+n]
}

// Store writes one token's key and value rows of one layer (KVHeads × HeadDim floats each) into
// a page's slot, converted to the pool's format. Writes to distinct slots may run in parallel.
func (p *Pool) Store(id kvtypes.PageID, layer, slot int, k, v []float32) {
	d, hd, vb := p.Data(id), p.cfg.HeadDim, p.vecBytes
	for h := range p.cfg.KVHeads {
		ko, vo := p.vecOffset(layer, 0, h, slot), p.vecOffset(layer, 1, h, slot)
		p.format.Store(d[ko:ko+vb], k[h*hd:(h+1)*hd])
		p.format.Store(d[vo:vo+vb], v[h*hd:(h+1)*hd])
	}
}

// TokenBytes is the KV of one token over all layers, K and V: the size of a token in the wire form.
func (p *Pool) TokenBytes() int {
	return 2 * p.cfg.Layers * p.cfg.KVHeads * p.vecBytes
}

// ReadTokens copies token slots [0, tokens) of a page into dst in the wire form, the order the
// pool stores them in: for each layer, its K then its V; within each, KV head by KV head, the
// head's stored vectors of the tokens slots (as the format stores them). dst must hold exactly
// tokens × TokenBytes. The slots beyond tokens are not read: they may hold a previous owner's KV.
func (p *Pool) ReadTokens(id kvtypes.PageID, tokens int, dst []byte) error {
	if err := p.checkTokens(id, tokens, len(dst)); err != nil {
		return err
	}
	p.eachRun(id, tokens, func(seg int, run []byte) { copy(dst[seg*len(run):], run) })
	return nil
}

// WriteTokens copies src, in ReadTokens' wire form, into token slots [0, tokens) of a page and
// raises its written-token mark to tokens; the other slots are left as they are. Data that the
// pool's format never stores is refused (ErrPageData) before any byte is written.
func (p *Pool) WriteTokens(id kvtypes.PageID, tokens int, src []byte) error {
	if err := p.checkTokens(id, tokens, len(src)); err != nil {
		return err
	}
	if err := p.format.check(src); err != nil {
		return fmt.Errorf("page %d: %w", id, err)
	}
	p.eachRun(id, tokens, func(seg int, run []byte) { copy(run, src[seg*len(run):]) })
	p.MarkFilled(id, tokens)
	return nil
}

func (p *Pool) checkTokens(id kvtypes.PageID, tokens, n int) error {
	if id < 0 || int(id) >= p.cfg.Pages {
		return fmt.Errorf("page %d outside the pool of %d", id, p.cfg.Pages)
	}
	if tokens < 0 || tokens > p.cfg.PageTokens || n != tokens*p.TokenBytes() {
		return fmt.Errorf("page %d: %d tokens in %d bytes", id, tokens, n)
	}
	return nil
}

// eachRun calls f with the vectors of token slots [0, tokens) of each layer's K heads, then its V
// heads, one KV head's run at a time: segment seg = (2 × layer + (0 for K, 1 for V)) × KVHeads +
// head, the order of the wire form and of Checksum.
func (p *Pool) eachRun(id kvtypes.PageID, tokens int, f func(seg int, run []byte)) {
	d := p.Data(id)
	n := tokens * p.vecBytes
	for seg := range 2 * p.cfg.Layers * p.cfg.KVHeads {
		o := seg * p.cfg.PageTokens * p.vecBytes
		f(seg, d[o:o+n])
	}
}

// Checksum is a CRC-32C over the page's data for the token slots [0, tokens), keyed by the logical
// position of the page in its sequence, so that a page moved to the wrong place fails to verify
// even when its contents are intact.
func (p *Pool) Checksum(id kvtypes.PageID, logicalPage int, tokens int) uint32 {
	var key [8]byte
	binary.LittleEndian.PutUint32(key[:], uint32(logicalPage))
	binary.LittleEndian.PutUint32(key[4:], uint32(tokens))
	c := crc32.Update(0, castagnoli, key[:])
	p.eachRun(id, tokens, func(_ int, run []byte) { c = crc32.Update(c, castagnoli, run) })
	return c
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)
