package core

import (
	"sync/atomic"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// PageView is the ledger's page states (as shownState shows them) and owners as the operator
// console reads them: the core stores each page's state and owner with one atomic write as it
// changes, so a reader on another goroutine walks the pool without the engine's lock and never
// holds up a step. A walk is not a snapshot of one instant (a page may change under it); the
// counts in Stats are, and the console shows those as its totals.
type PageView struct {
	pages []atomic.Uint32 // state<<30 | owner tenant index+1 (0: none)
	keys  atomic.Pointer[[]kvtypes.TenantKey]
}

const (
	viewStateShift = 30
	viewOwnerMask  = 1<<viewStateShift - 1
)

func newPageView(n int) *PageView {
	v := &PageView{pages: make([]atomic.Uint32, n)} // zero: free, no owner
	v.keys.Store(&[]kvtypes.TenantKey{})
	return v
}

// shownState is the state the view shows for p. A running request's full pages enter the prefix
// cache as it writes them, and stay in its page table: a cached page that a page table (or a
// fence) holds is in use, shown as owned. Only an unreferenced cached page, kept for reuse and
// evictable, is shown as cached.
func shownState(p *page) pageState {
	if p.state == pageCached && p.refs > 0 {
		return pageOwned
	}
	return p.state
}

// viewWord is p's entry in the view: its shown state and its owner tenant's index+1.
func viewWord(p *page) uint32 {
	owner := uint32(0)
	if p.state != pageFree && p.tenant >= 0 {
		owner = uint32(p.tenant+1) & viewOwnerMask
	}
	return uint32(shownState(p))<<viewStateShift | owner
}

func (v *PageView) publish(id int32, p *page) { v.pages[id].Store(viewWord(p)) }

// addTenant publishes the key of the tenant with the next index. Keys are only appended, so a
// reader's older slice stays valid as it is.
func (v *PageView) addTenant(key kvtypes.TenantKey) {
	ks := append(*v.keys.Load(), key)
	v.keys.Store(&ks)
}

// PageView returns the view of the pool the core keeps up to date; it is safe to read from any
// goroutine while the core runs.
func (c *Core) PageView() *PageView { return c.l.view }

// Cell states of a PageMap, in the order a cell's state is chosen: a cell shows quarantined when
// any of its pages is, else owned (in use: owned, or cached and held) or cached (idle, kept for
// reuse) by whichever it holds more of, else free.
const (
	CellFree        byte = 'f'
	CellOwned       byte = 'o'
	CellCached      byte = 'c'
	CellQuarantined byte = 'q'
)

// PageMap is the pool grouped into cells of PagesPerCell consecutive pages (the last one may hold
// fewer), for drawing.
type PageMap struct {
	PagesPerCell int
	States       []byte  // a Cell* state per cell
	Owners       []int32 // per cell: index in Keys of the tenant holding the most of its pages, or -1
	Used         []int32 // per cell: pages not free
	Keys         []kvtypes.TenantKey
	TenantPages  []int // pages held (owned, cached or quarantined) per index in Keys
}

// Group fills m with the pool in at most maxCells cells (at least one page a cell), reusing
// m's slices.
func (v *PageView) Group(maxCells int, m *PageMap) {
	n := len(v.pages)
	per := max(1, (n+max(1, maxCells)-1)/max(1, maxCells))
	cells := (n + per - 1) / per
	keys := *v.keys.Load()
	m.PagesPerCell = per
	m.Keys = append(m.Keys[:0], keys...)
	m.States = append(m.States[:0], make([]byte, cells)...)
	m.Owners = append(m.Owners[:0], make([]int32, cells)...)
	m.Used = append(m.Used[:0], make([]int32, cells)...)
	m.TenantPages = append(m.TenantPages[:0], make([]int, len(keys))...)
	for c := range cells {
		var count [numPageStates]int32
		// Boyer–Moore majority vote: the owner of most of the cell's pages when one holds more
		// than half, else one of the largest; constant space whatever the cell's size.
		cand, votes := uint32(0), 0
		for i := c * per; i < min(n, (c+1)*per); i++ {
			w := v.pages[i].Load()
			s, owner := pageState(w>>viewStateShift), w&viewOwnerMask
			count[s]++
			if owner == 0 {
				continue
			}
			if int(owner) <= len(keys) { // a tenant added after keys was read has no key here yet
				m.TenantPages[owner-1]++
			}
			switch {
			case votes == 0:
				cand, votes = owner, 1
			case owner == cand:
				votes++
			default:
				votes--
			}
		}
		m.Owners[c] = -1
		if cand != 0 && int(cand) <= len(keys) {
			m.Owners[c] = int32(cand - 1)
		}
		m.Used[c] = count[pageOwned] + count[pageCached] + count[pageQuarantined]
		switch {
		case count[pageQuarantined] > 0:
			m.States[c] = CellQuarantined
		case count[pageOwned] > 0 && count[pageOwned] >= count[pageCached]:
			m.States[c] = CellOwned
		case count[pageCached] > 0:
			m.States[c] = CellCached
		default:
			m.States[c] = CellFree
		}
	}
}

// TenantLoad is one tenant's requests in the core now.
type TenantLoad struct {
	Tenant                         string // the server-side tenant id (the server's UID)
	Key                            kvtypes.TenantKey
	Waiting, Running, Transferring int
}

// TenantLoads appends every tenant the core has seen, with its live requests by state, to dst.
// It is O(tenants + live requests); the engine's loop calls it, off the step.
func (c *Core) TenantLoads(dst []TenantLoad) []TenantLoad {
	base := len(dst)
	for _, t := range c.tlist {
		dst = append(dst, TenantLoad{Tenant: t.name, Key: t.key})
	}
	for _, r := range c.live {
		tl := &dst[base+int(r.t.idx)]
		switch r.state {
		case Waiting:
			tl.Waiting++
		case Transferring:
			tl.Transferring++
		case Admitted, Prefilling, Decoding:
			tl.Running++
		}
	}
	return dst
}
