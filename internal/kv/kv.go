// Package kv holds the memory of the paged KV cache: fixed-size pages of keys and values for every
// layer, each carrying its owner in a header stored in the page's own memory. It has no policy:
// which request gets which page is the isolation core's decision; this package stamps, checks,
// invalidates and scrubs headers when told to, and refuses reads that do not match them.
package kv

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
	"unsafe"

	"github.com/kvwarden/kvwarden/internal/faults"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/tensor"
)

// Scrub says what freeing does to a page's contents. The header is invalidated in every mode.
type Scrub int

const (
	ScrubNone   Scrub = iota // contents left as they were (as production engines do)
	ScrubZero                // contents zeroed
	ScrubPoison              // contents set to a NaN pattern that makes any stray read visible
)

// ParseScrub reads --kv-scrub values.
func ParseScrub(s string) (Scrub, error) {
	switch s {
	case "none", "":
		return ScrubNone, nil
	case "zero":
		return ScrubZero, nil
	case "poison":
		return ScrubPoison, nil
	}
	return 0, fmt.Errorf("kv scrub %q: want none, zero or poison", s)
}

// Config sizes a pool.
type Config struct {
	Layers     int
	KVHeads    int
	HeadDim    int
	PageTokens int          // tokens per page; no default: the engine passes its capacity plan's
	DType      tensor.DType // F32 or F16
	Pages      int
	Scrub      Scrub
}

// HeaderBytes is the size of a page's owner header; it keeps page data 64-byte aligned.
const HeaderBytes = 64

const headerMagic = 0x6b767061 // "kvpa": a stamped, valid header

// Header layout (little-endian) at the start of each page:
//
//	0  magic   uint32 (0 when invalid)
//	4  gen     uint32 page generation
//	8  tenant  [16]byte
//	24 request uint64
//	32 written uint8
//	36 filled  uint32 tokens written since the stamp
const (
	hMagic   = 0
	hGen     = 4
	hTenant  = 8
	hRequest = 24
	hWritten = 32
	hFilled  = 36
)

// Pool is the page memory. It is not safe for concurrent mutation of the same page; the engine
// serialises stamps and frees, and writes to distinct token slots may run in parallel.
type Pool struct {
	cfg       Config
	elemBytes int
	pageBytes int
	arena     []byte
	release   func() error
}

// ErrIsolation marks every refusal caused by a header that does not match the reader.
var ErrIsolation = errors.New("kv isolation violation")

// BytesPerToken is the KV memory one token takes across all layers (K and V).
func BytesPerToken(layers, kvHeads, headDim int, dt tensor.DType) (int, error) {
	var eb int
	switch dt {
	case tensor.F32:
		eb = 4
	case tensor.F16:
		eb = 2
	default:
		return 0, fmt.Errorf("kv dtype %s: want F32 or F16", dt)
	}
	return 2 * layers * kvHeads * headDim * eb, nil
}

// PageBytes is the memory of one page including its header.
func PageBytes(cfg Config) (int, error) {
	bpt, err := BytesPerToken(cfg.Layers, cfg.KVHeads, cfg.HeadDim, cfg.DType)
	if err != nil {
		return 0, err
	}
	return HeaderBytes + bpt*cfg.PageTokens, nil
}

// NewPool allocates the pool. Pages start invalid.
func NewPool(cfg Config) (*Pool, error) {
	if cfg.Layers <= 0 || cfg.KVHeads <= 0 || cfg.HeadDim <= 0 || cfg.PageTokens <= 0 || cfg.Pages <= 0 {
		return nil, fmt.Errorf("kv pool: layers %d, kv heads %d, head dim %d, page tokens %d, pages %d must all be positive",
			cfg.Layers, cfg.KVHeads, cfg.HeadDim, cfg.PageTokens, cfg.Pages)
	}
	pb, err := PageBytes(cfg)
	if err != nil {
		return nil, err
	}
	if uint64(pb)*uint64(cfg.Pages) > math.MaxInt/2 {
		return nil, fmt.Errorf("kv pool: %d pages of %d bytes overflow", cfg.Pages, pb)
	}
	p := &Pool{cfg: cfg, elemBytes: 4, pageBytes: pb}
	if cfg.DType == tensor.F16 {
		p.elemBytes = 2
	}
	arena, release, err := allocArena(pb * cfg.Pages)
	if err != nil {
		return nil, fmt.Errorf("kv pool: %d pages of %d bytes: %w", cfg.Pages, pb, err)
	}
	p.arena, p.release = arena, release
	return p, nil
}

// Close releases the pool's memory. The pool must not be used afterwards.
func (p *Pool) Close() error {
	if p.release == nil {
		return nil
	}
	err := p.release()
	p.release, p.arena = nil, nil
	return err
}

// Config returns the pool's configuration.
func (p *Pool) Config() Config { return p.cfg }

// Pages is the number of pages.
func (p *Pool) Pages() int { return p.cfg.Pages }

func (p *Pool) page(id kvtypes.PageID) []byte {
	o := int(id) * p.pageBytes
	return p.arena[o : o+p.pageBytes : o+p.pageBytes]
}

func (p *Pool) valid(id kvtypes.PageID) error {
	if id < 0 || int(id) >= p.cfg.Pages {
		return fmt.Errorf("%w: page %d outside the pool of %d", ErrIsolation, id, p.cfg.Pages)
	}
	return nil
}

// Stamp writes a header; the page's writer calls it when the page is handed to a request,
// before any token is written.
func (p *Pool) Stamp(id kvtypes.PageID, h kvtypes.Header) error {
	if err := p.valid(id); err != nil {
		return err
	}
	b := p.page(id)
	binary.LittleEndian.PutUint32(b[hGen:], h.Gen)
	copy(b[hTenant:hTenant+16], h.Tenant[:])
	binary.LittleEndian.PutUint64(b[hRequest:], uint64(h.Request))
	b[hWritten] = 0
	if h.Written {
		b[hWritten] = 1
	}
	binary.LittleEndian.PutUint32(b[hFilled:], 0)
	binary.LittleEndian.PutUint32(b[hMagic:], headerMagic)
	return nil
}

// MarkWritten records that an incoming transfer has filled the page.
func (p *Pool) MarkWritten(id kvtypes.PageID) error {
	if err := p.valid(id); err != nil {
		return err
	}
	p.page(id)[hWritten] = 1
	return nil
}

// Invalidate clears the header (so the page can never pass a check again until restamped) and
// scrubs the contents as configured.
func (p *Pool) Invalidate(id kvtypes.PageID) error {
	if err := p.valid(id); err != nil {
		return err
	}
	pg := p.page(id)
	clear(pg[:HeaderBytes])
	switch p.cfg.Scrub {
	case ScrubZero:
		clear(pg[HeaderBytes:])
	case ScrubPoison:
		poison(pg[HeaderBytes:], p.elemBytes)
	}
	return nil
}

// poison fills data with quiet NaNs, which propagate through any attention that reads them.
func poison(b []byte, elemBytes int) {
	if elemBytes == 4 {
		for i := 0; i+4 <= len(b); i += 4 {
			binary.LittleEndian.PutUint32(b[i:], 0x7fc0dead)
		}
		return
	}
	for i := 0; i+2 <= len(b); i += 2 {
		binary.LittleEndian.PutUint16(b[i:], 0x7e5a)
	}
}

// Check verifies that a reader of tenant t holding ref may read the page.
func (p *Pool) Check(ref kvtypes.PageRef, t kvtypes.TenantKey) error {
	if !IsolationChecks || faults.HeadersOff {
		return p.valid(ref.Page)
	}
	h, ok := p.Header(ref.Page)
	switch {
	case !ok:
		if err := p.valid(ref.Page); err != nil {
			return err
		}
		return fmt.Errorf("%w: page %d has no valid owner (freed or never stamped)", ErrIsolation, ref.Page)
	case h.Gen != ref.Gen:
		return fmt.Errorf("%w: page %d is in generation %d, the reader holds generation %d", ErrIsolation, ref.Page, h.Gen, ref.Gen)
	case h.Tenant != t:
		// The message names the page only: another tenant's identity is never printed.
		return fmt.Errorf("%w: page %d belongs to another tenant", ErrIsolation, ref.Page)
	case !h.Written:
		return fmt.Errorf("%w: page %d was reserved but never written", ErrIsolation, ref.Page)
	}
	return nil
}

// Header returns the page's header and whether it is valid.
func (p *Pool) Header(id kvtypes.PageID) (kvtypes.Header, bool) {
	if p.valid(id) != nil {
		return kvtypes.Header{}, false
	}
	b := p.page(id)
	var h kvtypes.Header
	h.Gen = binary.LittleEndian.Uint32(b[hGen:])
	copy(h.Tenant[:], b[hTenant:hTenant+16])
	h.Request = kvtypes.RequestID(binary.LittleEndian.Uint64(b[hRequest:]))
	h.Written = b[hWritten] == 1
	return h, binary.LittleEndian.Uint32(b[hMagic:]) == headerMagic
}

// Filled is the number of token slots written since the page was stamped (the high-water mark).
func (p *Pool) Filled(id kvtypes.PageID) int {
	if p.valid(id) != nil {
		return 0
	}
	return int(binary.LittleEndian.Uint32(p.page(id)[hFilled:]))
}

// MarkFilled raises the page's written-token mark to n; the engine calls it after writing slots.
func (p *Pool) MarkFilled(id kvtypes.PageID, n int) {
	h := p.page(id)
	if uint32(n) > binary.LittleEndian.Uint32(h[hFilled:]) {
		binary.LittleEndian.PutUint32(h[hFilled:], uint32(n))
	}
}

// vecOffset is where KV head head's K (kOrV=0) or V (1) vector of a token slot in one layer
// starts, in elements from the start of the page data. Within a layer's K (or V) the page is
// head-major: attention reads one KV head's vectors of a page as one contiguous run, which the
// hardware prefetchers follow, rather than HeadDim elements of every KV row. A long context is
// read from memory at every step (docs/performance-log.md: 4,096 tokens on 2 Zen 4 cores decode
// 1.2-1.4× faster head-major).
func (p *Pool) vecOffset(layer, kOrV, head, slot int) int {
	return (((layer*2+kOrV)*p.cfg.KVHeads+head)*p.cfg.PageTokens + slot) * p.cfg.HeadDim
}

// F32 returns the page data as float32 (pools of dtype F32).
func (p *Pool) F32(id kvtypes.PageID) []float32 {
	d := p.page(id)[HeaderBytes:]
	return unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(d))), len(d)/4)
}

// F16 returns the page data as raw half floats (pools of dtype F16).
func (p *Pool) F16(id kvtypes.PageID) []uint16 {
	d := p.page(id)[HeaderBytes:]
	return unsafe.Slice((*uint16)(unsafe.Pointer(unsafe.SliceData(d))), len(d)/2)
}

// KOffset and VOffset locate KV head head's K and V vectors (HeadDim elements) of a token slot
// of one layer in the page's F32/F16 view. A head's vectors of successive slots are HeadDim apart.
func (p *Pool) KOffset(layer, head, slot int) int { return p.vecOffset(layer, 0, head, slot) }
func (p *Pool) VOffset(layer, head, slot int) int { return p.vecOffset(layer, 1, head, slot) }

// TokenBytes is the KV of one token over all layers, K and V: the size of a token in the wire form.
func (p *Pool) TokenBytes() int {
	return 2 * p.cfg.Layers * p.cfg.KVHeads * p.cfg.HeadDim * p.elemBytes
}

// ReadTokens copies token slots [0, tokens) of a page into dst in the wire form, the order the
// pool stores them in: for each layer, its K then its V; within each, KV head by KV head, the
// head's vectors of the tokens slots (HeadDim elements each, little-endian). dst must hold exactly
// tokens × TokenBytes. The slots beyond tokens are not read: they may hold a previous owner's KV.
func (p *Pool) ReadTokens(id kvtypes.PageID, tokens int, dst []byte) error {
	if err := p.checkTokens(id, tokens, len(dst)); err != nil {
		return err
	}
	p.eachRun(id, tokens, func(seg int, run []byte) { copy(dst[seg*len(run):], run) })
	return nil
}

// WriteTokens copies src, in ReadTokens' wire form, into token slots [0, tokens) of a page and
// raises its written-token mark to tokens; the other slots are left as they are.
func (p *Pool) WriteTokens(id kvtypes.PageID, tokens int, src []byte) error {
	if err := p.checkTokens(id, tokens, len(src)); err != nil {
		return err
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
	d := p.page(id)[HeaderBytes:]
	n := tokens * p.cfg.HeadDim * p.elemBytes
	for seg := range 2 * p.cfg.Layers * p.cfg.KVHeads {
		o := seg * p.cfg.PageTokens * p.cfg.HeadDim * p.elemBytes
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
