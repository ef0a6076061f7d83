package transfer

import (
	"fmt"

	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
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
	return s.Pool.ReadTokens(ref.Page, tokens, dst)
}

// PoolSink is the PageSink of a kv.Pool.
type PoolSink struct{ Pool *kv.Pool }

func (s PoolSink) Header(id kvtypes.PageID) (kvtypes.Header, bool) { return s.Pool.Header(id) }

func (s PoolSink) WritePage(id kvtypes.PageID, tokens int, src []byte) error {
	return s.Pool.WriteTokens(id, tokens, src)
}

func (s PoolSink) MarkWritten(id kvtypes.PageID) error { return s.Pool.MarkWritten(id) }
