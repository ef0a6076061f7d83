package transfer

import (
	"fmt"
	"unsafe"

	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/tensor"
)

// PageSource reads the pages of one outgoing transfer.
type PageSource interface {
	// ReadPage copies token slots [0, tokens) of page-table entry i into dst (tokens × the
	// fingerprint's TokenBytes), after checking that the page still belongs to the transfer.
	ReadPage(i, tokens int, dst []byte) error
}

// PageSink writes the pages reserved for incoming transfers. The Receiver calls it only while a
// transfer is live, one page at a time, after checking the page's header against the reservation.
type PageSink interface {
	Header(id kvtypes.PageID) (kvtypes.Header, bool)
	// WritePage copies src (tokens × TokenBytes, packed as ReadPage produces it) into token slots
	// [0, tokens) of the page.
	WritePage(id kvtypes.PageID, tokens int, src []byte) error
	MarkWritten(id kvtypes.PageID) error
}

// PoolSource sends pages of a kv.Pool: the pages of core.SendPages, read only while their headers
// name Tenant at the generation in the page table.
type PoolSource struct {
	Pool   *kv.Pool
	Tenant kvtypes.TenantKey
	Pages  []kvtypes.PageRef
}

// ReadPage implements PageSource. Only the token slots in use travel: the rest of a page may hold
// a previous owner's KV (pages are not scrubbed by default), which must never leave the node.
func (s PoolSource) ReadPage(i, tokens int, dst []byte) error {
	if i < 0 || i >= len(s.Pages) {
		return fmt.Errorf("page-table entry %d of %d", i, len(s.Pages))
	}
	ref := s.Pages[i]
	if err := s.Pool.Check(ref, s.Tenant); err != nil {
		return err
	}
	return walk(s.Pool, ref.Page, tokens, dst, func(page, wire []byte) { copy(wire, page) })
}

// PoolSink is the PageSink of a kv.Pool.
type PoolSink struct{ Pool *kv.Pool }

func (s PoolSink) Header(id kvtypes.PageID) (kvtypes.Header, bool) { return s.Pool.Header(id) }

func (s PoolSink) WritePage(id kvtypes.PageID, tokens int, src []byte) error {
	if err := walk(s.Pool, id, tokens, src, func(page, wire []byte) { copy(page, wire) }); err != nil {
		return err
	}
	s.Pool.MarkFilled(id, tokens)
	return nil
}

func (s PoolSink) MarkWritten(id kvtypes.PageID) error { return s.Pool.MarkWritten(id) }

// walk pairs each layer's K and V rows [0, tokens) of a page with their place in the packed wire
// form: segment s (layer s/2, K or V) holds tokens × row bytes.
func walk(p *kv.Pool, id kvtypes.PageID, tokens int, wire []byte, f func(page, wire []byte)) error {
	cfg := p.Config()
	if id < 0 || int(id) >= cfg.Pages {
		return fmt.Errorf("page %d outside the pool of %d", id, cfg.Pages)
	}
	data := pageBytes(p, id)
	seg := len(data) / (2 * cfg.Layers) // one layer's K (or V) rows
	row := seg / cfg.PageTokens
	if tokens < 0 || tokens > cfg.PageTokens || len(wire) != 2*cfg.Layers*tokens*row {
		return fmt.Errorf("page %d: %d tokens in %d bytes", id, tokens, len(wire))
	}
	n := tokens * row
	for s := range 2 * cfg.Layers {
		f(data[s*seg:s*seg+n], wire[s*n:(s+1)*n])
	}
	return nil
}

// pageBytes views a page's data (after its header) as bytes.
func pageBytes(p *kv.Pool, id kvtypes.PageID) []byte {
	if p.Config().DType == tensor.F16 {
		d := p.F16(id)
		return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(d))), 2*len(d))
	}
	d := p.F32(id)
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(d))), 4*len(d))
}
