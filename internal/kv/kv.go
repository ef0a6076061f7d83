// Package kv holds the memory of the paged KV cache: fixed-size pages of keys and values for every
// layer, each carrying its owner in a header stored in the page's own memory. It has no policy:
// which request gets which page is the isolation core's decision; this package stamps, checks,
// invalidates and scrubs headers when told to, and refuses reads that do not match them.
//
// It also owns the pages' element format (Format, format.go): the bytes a token takes, the page
// layout (page.go), the conversion of K and V rows in and out, and so what the checksums cover,
// what capacity plans count and what the transfer's wire carries.
package kv

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

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
	DType      tensor.DType // the element type of K and V: one with a Format (FormatOf)
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
	format    Format
	vecBytes  int // one stored vector of HeadDim elements
	pageBytes int
	arena     []byte
	release   func() error
}

// ErrIsolation marks every refusal caused by a header that does not match the reader.
var ErrIsolation = errors.New("kv isolation violation")

// BytesPerToken is the KV memory one token takes across all layers (K and V) in the format of
// element type dt: what capacity plans count and what a token takes on the transfer's wire.
func BytesPerToken(layers, kvHeads, headDim int, dt tensor.DType) (int, error) {
	f, err := FormatOf(dt)
	if err != nil {
		return 0, err
	}
	vb, err := vecBytes(f, headDim)
	if err != nil {
		return 0, err
	}
	return 2 * layers * kvHeads * vb, nil
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
	f, _ := FormatOf(cfg.DType) // PageBytes has checked it
	vb, _ := vecBytes(f, cfg.HeadDim)
	p := &Pool{cfg: cfg, format: f, vecBytes: vb, pageBytes: pb}
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

// Format is the element format of the pool's keys and values.
func (p *Pool) Format() Format { return p.format }

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
		p.format.poison(pg[HeaderBytes:])
	}
	return nil
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
