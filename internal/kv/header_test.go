package kv

import (
	"errors"
	"testing"

	"pgregory.net/rapid"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/tensor"
)

// TestHeaderRoundTrip: the header the core plans is the header the page holds, field for field, so
// the engine passes the core's kvtypes.Header to Stamp unconverted; and a reader passes the check
// exactly when it holds the written page's tenant and generation.
func TestHeaderRoundTrip(t *testing.T) {
	p := newTestPool(t, tensor.F32, ScrubNone)
	defer p.Close()
	rapid.Check(t, func(t *rapid.T) {
		var h kvtypes.Header
		copy(h.Tenant[:], rapid.SliceOfN(rapid.Byte(), 16, 16).Draw(t, "tenant"))
		h.Request = kvtypes.RequestID(rapid.Uint64().Draw(t, "request"))
		h.Gen = rapid.Uint32().Draw(t, "gen")
		h.Written = rapid.Bool().Draw(t, "written")
		id := kvtypes.PageID(rapid.IntRange(0, p.Pages()-1).Draw(t, "page"))
		if err := p.Stamp(id, h); err != nil {
			t.Fatal(err)
		}
		got, ok := p.Header(id)
		if !ok || got != h {
			t.Fatalf("stamped %v, read back %v (valid %v)", h, got, ok)
		}
		if !IsolationChecks {
			return
		}
		err := p.Check(kvtypes.PageRef{Page: id, Gen: h.Gen}, h.Tenant)
		if (err == nil) != h.Written || (err != nil && !errors.Is(err, ErrIsolation)) {
			t.Fatalf("owner's check of %v: %v", h, err)
		}
		other := h.Tenant
		other[rapid.IntRange(0, 15).Draw(t, "byte")] ^= 1
		if err := p.Check(kvtypes.PageRef{Page: id, Gen: h.Gen}, other); !errors.Is(err, ErrIsolation) {
			t.Fatalf("another tenant's check of %v: %v", h, err)
		}
		if err := p.Check(kvtypes.PageRef{Page: id, Gen: h.Gen + 1}, h.Tenant); !errors.Is(err, ErrIsolation) {
			t.Fatalf("a stale generation's check of %v: %v", h, err)
		}
	})
}
