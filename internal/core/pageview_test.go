package core

import (
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// viewLedger returns a ledger of n pages with two tenants' keys published.
func viewLedger(n int) *ledger {
	l := newLedger(n, 4, true)
	l.view.addTenant(kvtypes.TenantKey{1})
	l.view.addTenant(kvtypes.TenantKey{2})
	return &l
}

// TestPageViewGroup: the map shows each page's state and owner as the ledger has them (a cached
// page a request holds as owned, an idle one as cached), a cell per page or per group, with the
// group's worst state and main owner.
func TestPageViewGroup(t *testing.T) {
	l := viewLedger(10)
	for range 3 {
		l.alloc(0, 1) // pages 0-2: tenant 0
	}
	l.alloc(1, 2) // page 3: tenant 1, cached and still in its writer's page table: in use
	l.register(3, cacheKey{8}, &[32]byte{}, kvtypes.PageRef{}, false, []int32{5, 6, 7, 8})
	l.alloc(1, 2) // page 4: cached, then let go by its writer: kept for reuse
	l.register(4, cacheKey{9}, &[32]byte{}, kvtypes.PageRef{}, false, []int32{1, 2, 3, 4})
	l.unref(4)
	l.alloc(0, 1) // page 5
	l.set(5, pageQuarantined)
	l.alloc(0, 1) // page 6, then freed
	l.release(6)

	for _, tc := range []struct {
		cells               int
		per                 int
		states              string
		owners, used, pages []int32
	}{
		{cells: 100, per: 1, states: "oooocqffff", owners: []int32{0, 0, 0, 1, 1, 0, -1, -1, -1, -1}, used: []int32{1, 1, 1, 1, 1, 1, 0, 0, 0, 0}},
		{cells: 4, per: 3, states: "oqff", owners: []int32{0, 1, -1, -1}, used: []int32{3, 3, 0, 0}},
		{cells: 1, per: 10, states: "q", owners: []int32{0}, used: []int32{6}},
	} {
		var m PageMap
		l.view.Group(tc.cells, &m)
		if m.PagesPerCell != tc.per || string(m.States) != tc.states || len(m.Owners) != len(tc.owners) {
			t.Fatalf("%d cells: %d a cell, states %q owners %v; want %d, %q, %v", tc.cells, m.PagesPerCell, m.States, m.Owners, tc.per, tc.states, tc.owners)
		}
		for i := range tc.owners {
			if m.Owners[i] != tc.owners[i] || m.Used[i] != tc.used[i] {
				t.Fatalf("%d cells: owners %v used %v, want %v %v", tc.cells, m.Owners, m.Used, tc.owners, tc.used)
			}
		}
		if len(m.TenantPages) != 2 || m.TenantPages[0] != 4 || m.TenantPages[1] != 2 {
			t.Fatalf("pages per tenant %v, want [4 2]", m.TenantPages)
		}
	}
}

// TestPageViewMillionPages: a pool of a million pages is drawn in at most MaxCells-sized maps.
func TestPageViewMillionPages(t *testing.T) {
	l := viewLedger(1 << 20)
	for range 300_000 {
		l.alloc(1, 7)
	}
	var m PageMap
	l.view.Group(4096, &m)
	used := 0
	for _, u := range m.Used {
		used += int(u)
	}
	if len(m.States) > 4096 || m.PagesPerCell*len(m.States) < 1<<20 || used != 300_000 || m.TenantPages[1] != 300_000 {
		t.Fatalf("%d cells of %d pages, %d used (tenant 1: %d)", len(m.States), m.PagesPerCell, used, m.TenantPages[1])
	}
}

// BenchmarkPageViewGroup is the lock-free part of a console snapshot on a pool of a million
// pages: the walk of the page view into 4096 cells.
func BenchmarkPageViewGroup(b *testing.B) {
	l := viewLedger(1 << 20)
	for i := range 1 << 19 {
		l.alloc(int32(i%2), kvtypes.RequestID(i))
	}
	var m PageMap
	for b.Loop() {
		l.view.Group(4096, &m)
	}
}

// TestQuarantinesCounted: a page quarantined for the step in flight is counted for good, though
// the gauge is back to 0 once the step is over, so that a console sampling the pool between
// steps still sees it happen.
func TestQuarantinesCounted(t *testing.T) {
	c, res, _ := oneRequestInStep(t)
	if err := c.Abort(time.Unix(0, 0), res.ID, kvtypes.AbortCancelled); err != nil {
		t.Fatal(err)
	}
	if st := c.Stats(); st.PagesQuarantined != 1 || st.Quarantines != 1 {
		t.Fatalf("mid-step: %d quarantined, %d quarantines; want 1 and 1", st.PagesQuarantined, st.Quarantines)
	}
	if err := c.Advance(StepResult{Seqs: make([]SeqResult, 1)}); err != nil {
		t.Fatal(err)
	}
	if st := c.Stats(); st.PagesQuarantined != 0 || st.Quarantines != 1 {
		t.Fatalf("after the step: %d quarantined, %d quarantines; want 0 and 1", st.PagesQuarantined, st.Quarantines)
	}
}

// oneRequestInStep returns a core of one page whose one request's first step is in flight (Ready
// handed out, Advance not yet called), at time 0.
func oneRequestInStep(t *testing.T) (*Core, Reservation, Ready) {
	t.Helper()
	c, err := New(Config{Pages: 1, PageTokens: 16, MaxContext: 16, Secret: make([]byte, 16)})
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.Submit(time.Unix(0, 0), RequestSpec{Tenant: "a", Prompt: []int32{1, 2}, MaxTokens: 4})
	if err != nil {
		t.Fatal(err)
	}
	rd := c.Ready()
	if len(rd.Batch) != 1 {
		t.Fatalf("batch %+v", rd.Batch)
	}
	return c, res, rd
}
